"""A request whose verb is the noun of what it adds (``noun_verbs``).

English makes verbs of nouns: "*comment* on github issue 12", "*fork* the repository",
"*attach* a file to task 42", "*label* issue 5 as bug". The app's names say the noun, never
the verb (``issues_create_comment``, ``repos_create_fork``, ``create_attachment_for_object``),
so the verb alone cannot tell the tool adding the thing from the tools reading or deleting it,
or acting on something the thing belongs to (``issues_get_comment``,
``actions_set_fork_pr_contributor_approval_permissions_repository``). The request adds the
thing its verb names: the tool doing so comes first."""

from __future__ import annotations

from collections.abc import Callable

from cardamom.core.search.coverage import Covering, Weighed
from cardamom.core.search.head_nouns import first_name_word, name_head
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.order import order_results, placed_first
from cardamom.core.search.postings import own_name_words, union_of
from cardamom.core.search.query import QueryAnalysis
from cardamom.core.search.synonyms import is_action_word, synonyms_of
from cardamom.core.search.tokens import WH_WORDS, inflection_key
from cardamom.core.search.verb_readings import literal_names, verb_names

# The name verbs that do not add a thing: they read it or take it away.
_NOT_ADDING = ("get", "list", "delete", "remove")


# The name verbs attaching a thing to another ("issues_add_labels", "attach_tag_to_contact").
_ATTACHING = frozenset({"add", "attach", "apply"})


def _attaches(words: list[str], objects: set[str]) -> bool:
    """A name (its ``words``) attaches its thing to the request's object: an attaching verb
    and every object word."""
    return not _ATTACHING.isdisjoint(words) and objects <= {inflection_key(w) for w in words}


def noun_verb(word: str) -> bool:
    """``word``, opening a request, may be a noun used as its verb: a word, no question's."""
    return bool(word) and word.isalpha() and word not in WH_WORDS


def _names(head: str, key: str) -> bool:
    """A name's head noun names the thing a verb's word (by its inflection ``key``) does: the
    same word, or a longer one beginning with a word of five letters or more ("attach":
    ``attachment``; "add" is no ``address``)."""
    return head == key or (len(key) >= 5 and head.startswith(key))


def _names_any(head: str, keys: tuple[str, ...]) -> bool:
    """``_names`` for any of ``keys``: the word or a word of its group of things."""
    return any(_names(head, key) for key in keys)


def _thing_synonyms(word: str) -> tuple[str, ...]:
    """The inflection keys of the words naming the thing ``word`` names, no action's."""
    return tuple(inflection_key(w) for w in synonyms_of(word) if not is_action_word(w))


def adding_first(
    index: SearchIndex,
    word: str,
    passing: list[Covering],
    top: list[tuple[int, int, float]],
    carries_object: Callable[[int], bool],
    object_words: tuple[str, ...] = (),
) -> list[tuple[int, int, float]]:
    """``top`` with the best tool of ``passing`` adding the thing ``word`` names placed first:
    the head noun of its name is the word, or begins with it ("attach": ``attachment``), and its
    name creates or adds ("link" is no ``update_remote_issue_link``), never reads or deletes.
    ``carries_object``: whether a tool carries the request's object, where it has one ("lock
    the box *file* 77" is no ``post_folder_locks``). ``top`` as it is where no tool adds the
    thing, or the first one does, or the first one, neither reading nor deleting, names its verb,
    the thing, then every word of the object (``object_words``): "tag intercom contact 55" is
    ``attach_tag_to_contact``, no ``create_tag``."""
    documents = index.documents
    key = inflection_key(word)
    # "*tag* github issue 5 as bug": what names call a label (the word's group of things)
    named = (key, *_thing_synonyms(word)) if index.options.synonym_nouns else (key,)
    heads = [c for c in passing if _names_any(name_head(documents[c[0]].name).head, named)]
    if not heads or not top:
        return top  # most requests: no name's head is the word, nothing more to read
    if any(first_name_word(documents[c[0]].name) == word for c in passing):
        return top  # a verb of the app's names: "*link* jira issue" is ``link_issues``
    if is_action_word(word):
        said = literal_names(index, word)
        if any(c[0] in said for c in passing):
            return top  # an action the names say as written ("create", "add"), not only as a noun ("attach")
    others = union_of(verb_names(index, verb) for verb in _NOT_ADDING)
    if object_words and top[0][0] not in others:
        keys = [inflection_key(w) for w in own_name_words(documents[top[0][0]].name)]
        if keys[1:2] == [key] and all(inflection_key(w) in keys[2:] for w in object_words):
            return top  # its verb, the thing, then what it goes to: ``attach_tag_to_contact``
    adds = verb_names(index, "create")  # its synonyms too: add, post, insert
    adding = [c for c in heads if c[0] in adds and c[0] not in others and carries_object(c[0])]
    if not adding:
        return top
    if object_words:
        # a thing added to one the request names is attached to it, not made anew beside it:
        # "label issue 9 as wontfix" is ``issues_add_labels``, not ``issues_create_label``
        objects = {inflection_key(w) for w in object_words}
        attaching = [c for c in adding if _attaches(own_name_words(documents[c[0]].name), objects)]
        adding = attaching or adding
    return placed_first(top, order_results(index, adding, 1)[0])


def opening_noun_first(
    index: SearchIndex,
    analysis: QueryAnalysis,
    weighed: Weighed,
    passing: list[Covering],
    top: list[tuple[int, int, float]],
    values: frozenset[str],
) -> list[tuple[int, int, float]]:
    """``noun_verbs.adding_first`` for a request opening with a noun as its verb
    (``QueryAnalysis.opening``), the tool carrying, in any field, every word of the request's
    object that weighs and is no value (Box's ``post_comments`` "adds a comment ... to a
    *file*"; "return the stripe shipping *rate* object" is no ``..._shipping_return``)."""
    tokens = weighed.tokens
    opening = analysis.opening
    if not tokens or tokens[0] != opening or not noun_verb(opening):
        return top
    thing = [
        i
        for i, t in enumerate(tokens)
        if t in analysis.opening_object and i > 0 and weighed.weights[i] > 0 and t not in values
    ]
    objects = tuple(tokens[i] for i in thing)
    return adding_first(index, opening, passing, top, lambda d: all(d in weighed.matched[i] for i in thing), objects)
