"""A number's label no tool says ("create a digitalocean firewall allowing *port* 443", "a jira
issue for the crash in *build* 142"): inside a named app, the word right before a number, which
no name of the app carries (a description may: Jira's say "build"), names the number's kind, a
part of the value, where the request has said the thing it acts on before it and a preposition
or a participle sets the number apart from it (``labelled_numbers``). Said first, the word
stays: "stripe create *sprint* 5" asks for a thing the app lacks, and finds nothing.
"""

from __future__ import annotations

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.query import QueryAnalysis
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.verb_readings import named_in

# the words placing a labelled number apart from the thing acted on: "in *build* 142", "for
# *order* 5512", "allowing *port* 443" (a participle)
_LINKS = frozenset({"in", "on", "for", "at", "from", "to", "with", "via", "using", "under", "over", "through", "by"})


def number_labels(
    index: SearchIndex, analysis: QueryAnalysis, kept: tuple[str, ...], scoped: frozenset[int]
) -> frozenset[str]:
    """The words of ``kept`` labelling a number (``analysis.after_words``) that no name of
    ``scoped`` carries, after a word of the thing acted on that a name of ``scoped`` carries."""
    labels: set[str] = set()
    before_word = {word: before for before, word in analysis.after_words}
    for label, number in analysis.after_words:
        if not number.isdigit() or number not in analysis.values or label not in kept or label in analysis.values:
            continue
        linked = before_word.get(label, "")
        participle = linked.endswith("ing") and not named_in(index, linked, scoped)  # not "billing"
        if linked not in _LINKS and not participle:
            continue  # "contact *group* 79", "temp *password* 21": the thing's own noun
        before = kept[: kept.index(label)]
        thing = any(not is_action_word(w) and w not in analysis.values and named_in(index, w, scoped) for w in before)
        if thing and not named_in(index, label, scoped):
            labels.add(label)
    return frozenset(labels)
