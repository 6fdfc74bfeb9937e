"""What a request says about the thing it acts on, besides naming it: the thing's own name or
id written after it ("archive notion page *abc*", ``thing_names``), a person's or a holder's name
after its kind ("github user *octocat*", "slack channel *general*", ``names_after_kinds``), and
the fields a thing to be created is made with ("create a droplet *with ubuntu*",
``created_fields``). All are argument values inside a named app."""

from __future__ import annotations

import itertools

from cardamom.core.search.head_nouns import acts_on, forms
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.query import QueryAnalysis
from cardamom.core.search.synonyms import CREATING, is_action_word
from cardamom.core.search.tokens import GRAMMAR_WORDS, QUERY_FILLER_WORDS, inflection_key, is_plural, looks_like_adverb
from cardamom.core.search.value_words import NAMED_KINDS, TENANCIES
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
    ) | (tenancy_names(index, analysis, kept) if index.options.tenancy_names else frozenset())


def tenancy_names(index: SearchIndex, analysis: QueryAnalysis, kept: tuple[str, ...]) -> frozenset[str]:
    """The word right after a tenancy ("which repos in github *org acme* are allowed to run
    actions", "remove the issue type from our github organization *acme*") that none of the org's
    tools says anywhere, ending the request or followed by a grammar word: the tenancy's name, a
    value. Never one a noun or an id follows, a thing of the tenancy ("box account *balance*
    authentication", "account *tier* 2879688"), a field of it ("org *name*"), an action, an adverb
    or filler (``tenancy_names``). ``after_words`` leaves a tenancy out, so the words are read side
    by side in ``kept``."""
    following = dict(analysis.after_words)
    return frozenset(
        word
        for tenancy, word in itertools.pairwise(kept)
        if tenancy in TENANCIES
        and (word not in following or following[word] in GRAMMAR_WORDS or following[word] in QUERY_FILLER_WORDS)
        and word.isalpha()
        and word not in QUERY_FILLER_WORDS
        and word not in _FIELDS
        and not is_action_word(word)
        and not looks_like_adverb(word)
        and not index.postings(word).every
    )


# the kinds of person a person's name follows ("github user *octocat*", "add member *kim*"), and
# of thing holding others a thing's name follows ("slack channel *general*", "github branch *fix*")
PERSON_KINDS = frozenset(
    {"user", "username", "member", "collaborator", "assignee", "reviewer", "follower", "teammate", "login"}
)
_NAME_KINDS = PERSON_KINDS | NAMED_KINDS
# a thing's fields: after its kind, a field asked for, no name ("what is my user *name*")
_FIELDS = frozenset(
    {"name", "id", "email", "title", "status", "type", "url", "link", "address", "phone", "number", "role"}
    | {"profile", "settings", "info", "details", "data", "description", "topic", "purpose", "count", "size"}
    | {"history", "activity", "access", "password", "token", "key", "avatar", "photo", "timezone", "language"}
    | {"location", "metadata", "content", "preferences", "presence", "owner", "visibility", "permission"}
    | {"preference", "setting", "property"}
    | {"username", "login", "handle", "nickname", "alias"}
)


def names_after_kinds(
    index: SearchIndex, analysis: QueryAnalysis, kept: tuple[str, ...], scoped: frozenset[int]
) -> frozenset[str]:
    """The word right after a kind of person or of holder ("follow github user *octocat*",
    "archive slack channel *general*") that no name of the app says beside the kind, either
    even through a synonym: the person's or the thing's name, a value even where some tool says
    it (GitHub's mascot, ``meta_get_octocat``; Slack's descriptions, "general"), where reading a
    topic keeps such a word. Not a plural, an action, filler or an adverb ("channel *members*"),
    nor a word a name says with the kind ("user *presence*": ``users_get_presence``; "channel
    *topic*": ``conversations_set_topic``), a thing's field ("what is my user *name*"), nor a
    holder's word only other apps' names say: a thing of its own ("notion page *milestone*")."""

    def carriers(word: str) -> frozenset[int]:
        entry = index.postings(word)
        return entry.name | entry.inflected | index.synonym_postings(word).name

    def named(kind: str, word: str) -> bool:
        joined = index.postings(kind + word)
        if (joined.name | joined.inflected) & scoped:
            return False  # one word in the names: "user *group*", Slack's ``usergroups``
        said = carriers(word)
        if kind not in PERSON_KINDS and said and said.isdisjoint(scoped):
            return False  # a thing of its own, which the app lacks ("notion page *milestone*": GitHub's)
        return said.isdisjoint(carriers(kind) & scoped)

    return frozenset(
        word
        for kind, word in analysis.after_words
        if kind in _NAME_KINDS
        and kind in kept
        and word in kept
        and word.isalpha()
        and word not in QUERY_FILLER_WORDS
        and word not in _FIELDS
        and (not is_plural(word) or (kind in PERSON_KINDS and not carriers(word)))  # "user *torvalds*"
        and not is_action_word(word)
        and not looks_like_adverb(word)
        and named(kind, word)
    )
