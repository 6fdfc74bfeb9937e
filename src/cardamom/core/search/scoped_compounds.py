"""Two words joined only as the named apps' names join them (``scoped_compounds``): "which twilio
*add-ons* are installed", "what *add-ons* can I install in twilio".

Two words of a request that a tool's name writes as one are read as that one word
(``synonyms.join_vocabulary_compounds``: "work log" where Jira's names say ``worklog``). The
names are every connected app's, so one app's joined word took another app's request: another
app's ``addons`` made the Twilio requests ask for a word no Twilio tool says, where its names say
``add_on``, and they found nothing. Where a request names connected apps and joined two words none
of their names says as one, but one says them apart in their order, it is read again joining only
as their names do. Where none says them either, the joined word stays, a value there ("find box
*user groups*" keeps Slack's ``usergroups``, "the *work log* of asana task 12" Jira's ``worklog``):
read apart, their words found other things (Asana's audit log).
"""

from __future__ import annotations

import itertools
from collections.abc import Container, Mapping

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.postings import EMPTY
from cardamom.core.search.query import QueryAnalysis
from cardamom.core.search.tokens import tokenize
from cardamom.core.search.verb_readings import said_in_order


class NamedWords(Container[str]):
    """The words the names of some tools say (a joined word is one where a name of ``tools`` says it)."""

    def __init__(self, names: Mapping[str, frozenset[int]], tools: frozenset[int]) -> None:
        self._names = names
        self._tools = tools

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and not self._names.get(word, EMPTY).isdisjoint(self._tools)


def named_compounds(index: SearchIndex, analysis: QueryAnalysis, request: str) -> NamedWords | None:
    """The words of the names of the connected apps ``analysis`` finds named, where ``request``'s
    reading joined two words as one no name of theirs says, and one of their names says the two
    words in order (Twilio's ``list_available_add_on``); ``None`` otherwise ("the *work log* of
    asana task 12" keeps Jira's ``worklog``, a value there, rather than Asana's audit log)."""
    apps = [mention.name for mention in analysis.mentions if mention.connected]
    if not apps:
        return None
    written = tokenize(request)
    joined = frozenset(analysis.tokens) - frozenset(written)
    if not any(word in index.name_postings for word in joined):
        return None  # (most requests: no two words joined; a lookup a word, not a pass over the names)
    tools = index.tools_of(apps)
    named = NamedWords(index.name_postings, tools)
    apart = (
        (first, second)
        for first, second in itertools.pairwise(written)
        if first + second in joined and first + second in index.name_postings and first + second not in named
    )
    return named if any(_said_apart(index, first, second, tools) for first, second in apart) else None


def _said_apart(index: SearchIndex, first: str, second: str, tools: frozenset[int]) -> bool:
    """A name of ``tools`` says ``first`` then ``second``, each inflected or not, the second in
    the plural too ("add-*ons*": ``add_on``, where "ons" is no inflection of "on")."""
    singular = second.removesuffix("es") if second.endswith("es") else second.removesuffix("s")
    return bool(said_in_order(index, first, second, tools) or said_in_order(index, first, singular, tools))
