"""What a request says about the thing it acts on, besides naming it: the thing's own name or
id written after it ("archive notion page *abc*", ``thing_names``), and the fields a thing to
be created is made with ("create a droplet *with ubuntu*", ``created_fields``). Both are
argument values inside a named app."""

from __future__ import annotations

from cardamom.core.search.head_nouns import acts_on, forms
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.query import QueryAnalysis
from cardamom.core.search.synonyms import CREATING, is_action_word
from cardamom.core.search.tokens import inflection_key, looks_like_adverb
from cardamom.core.search.verb_readings import literal_names, said_in, verb_names
from cardamom.core.search.word_forms import LOOKING_VERBS

# the verbs of a list asked for, read or searched for by its fields
_FILTERED = LOOKING_VERBS


def created_fields(
    index: SearchIndex, analysis: QueryAnalysis, kept: tuple[str, ...], scoped: frozenset[int]
) -> frozenset[str]:
    """The words of a request to create a thing that say what it is made with ("create a
    droplet *with ubuntu*", "an asana task *with a due date* of friday"), where a tool of the
    app creates that thing: its fields and their values, whatever names carry them
    (``monitoring_get_droplet_memory_*`` for "with 2gb of memory")."""
    if not analysis.with_fields or analysis.head is None or not kept:
        return frozenset()
    # a list asked for by its fields' values filters as a thing created is made: "list github
    # issues *with label bug*", a field and its value (a single word may be a thing of its own:
    # "list droplets with their backups")
    filtering = index.options.listed_filters and kept[0] in _FILTERED and len(analysis.with_fields) >= 2
    if inflection_key(kept[0]) not in CREATING and not filtering:
        return frozenset()
    head = analysis.head.head
    heads = forms(head, False)
    makers = verb_names(index, kept[0]) & scoped
    if not any(acts_on(index.documents[d].name, heads) for d in makers):
        return frozenset()
    return frozenset(w for w in analysis.with_fields if w in kept and w != head and w != kept[0])


def thing_names(
    index: SearchIndex, analysis: QueryAnalysis, kept: tuple[str, ...], scoped: frozenset[int]
) -> frozenset[str]:
    """The words naming a thing, written right after it ("archive notion page *abc*", "post a
    message in the slack channel *ops*"), that no tool of the app says anywhere, even
    through a synonym, and none of the org's tools says at all: the thing's name or id, a
    value. A word another app's tools say is a thing of its own ("the database *entry*", "the
    meeting *poll*"), which the app may lack. The thing is a word of the request a name of the
    app carries as written, not its verb, and the word no action nor adverb ("delete folder
    *recursively*": ``qualifiers``)."""
    verb = kept[0] if kept else ""
    return frozenset(
        word
        for thing, word in analysis.after_words
        if word in kept
        and thing in kept
        and thing != verb
        and not is_action_word(thing)
        and not is_action_word(word)
        and not looks_like_adverb(word)
        and bool(literal_names(index, thing) & scoped)
        and not said_in(index, word, scoped)
        and not index.postings(word).every
    )
