"""The value a list's filter gives a field, written as a plain word: "github issues *with label
bug*", "jira bugs *with priority high*", "slack users *in timezone PST*", "github issues *assigned
to octocat*". Read as written, the value ("bug", "high", "PST", "octocat") and its field weighed
as words of the request: in no name of the app, the request found nothing; in one ("label"),
the tools acting on labels came before the list of issues. Quoted, the value is one, and its
field is read as a quoted value's field is (``filtering_things``, ``field_phrases``): the request
is read so where it lists things it names in the plural and writes nothing (``filter_clauses``).
A field some name lists the things by ("asana tasks with *tag* urgent": ``get_tasks_for_tag``)
is read as written."""

from __future__ import annotations

import re
from collections.abc import Collection

from cardamom.core.search.dated_words import DATE_WORDS, PERIODS, RELATIVE
from cardamom.core.search.destructive_actions import writes
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.shortened_names import whole_name
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import GRAMMAR_WORDS, QUERY_FILLER_WORDS, inflection_key, is_plural, tokenize
from cardamom.core.search.verb_readings import literal_names

# "with label bug", "whose status is done", "in timezone PST" (a field after "in" only where no
# name of the app says it: "in project OPS" places the request)
_FILTER = re.compile(
    r"\b(?P<lead>with|having|where|whose|in)\s+(?:the\s+|a\s+)?(?P<field>[A-Za-z]+)\s+(?:(?:is|=|of)\s+)?"
    r"(?P<value>[A-Za-z][\w.@+-]*)(?=$|[\s,;!?]|\.(?:\s|$))",
    re.IGNORECASE,
)
# "assigned to octocat", "created by bob": a person after the participle
_BY_PERSON = re.compile(
    r"\b(?P<lead>assigned\s+to|created\s+by|reported\s+by|opened\s+by|authored\s+by|owned\s+by)\s+"
    r"(?P<value>[A-Za-z][\w.-]*)(?=$|[\s,;!?]|\.(?:\s|$))",
    re.IGNORECASE,
)
_LONGEST = 400  # characters: a list asked for is short
_LISTING = frozenset({"for", "by", "with"})  # a name listing things by a field: ``get_tasks_for_tag``


def quoted_filters(index: SearchIndex, request: str, tools: frozenset[int], app_words: Collection[str]) -> str:
    """``request`` with the plain-word values of its list's filters quoted ("github issues with
    label 'bug' in acme/web"); ``request`` as written where it writes, names no plural thing
    some name of ``tools`` says before its filter, or no filter of a plain word."""
    if not tools or len(request) > _LONGEST:
        return request
    found = [*_FILTER.finditer(request), *_BY_PERSON.finditer(request)]
    quoted = sorted((m for m in found if _filters(index, request, m, tools, app_words)), key=lambda m: m.start("value"))
    # (one value quoted once, whichever filter reads it)
    quoted = [m for i, m in enumerate(quoted) if i == 0 or m.start("value") >= quoted[i - 1].end("value")]
    for match in reversed(quoted):
        start, end = match.span("value")
        request = f"{request[:start]}'{request[start:end]}'{request[end:]}"
    return request


def _filters(
    index: SearchIndex, request: str, match: re.Match[str], tools: frozenset[int], app_words: Collection[str]
) -> bool:
    """``match`` is a filter on a list: after a plural thing some name of ``tools`` says, in a
    request writing nothing, its value a plain word no name says and its field no thing the app
    lists the things by."""
    before = [w for w in tokenize(request[: match.start()]) if w not in app_words]
    if any(writes(w) for w in before if not w.endswith("ed")):  # ("*closed* issues" says which)
        return False
    things = [w for w in before if is_plural(w) and w.isalpha() and not is_action_word(w)]
    if not things:
        return False
    value = match.group("value").casefold()
    if value in GRAMMAR_WORDS or value in QUERY_FILLER_WORDS or value in app_words:
        return False  # "assigned to *me*"
    if value in DATE_WORDS or value in PERIODS or _kind_before_id(request, match):
        return False  # a time ("in the past *week*"), a kind before its id ("assigned to *admin* 991")
    if "field" not in match.groupdict():
        return True  # a person, whatever names say ("assigned to *octocat*": GitHub's ``meta_get_octocat``)
    if literal_names(index, value) & tools:
        return False  # a word a name says is a thing of the request ("with *comments*")
    field = match.group("field").casefold()
    if field in GRAMMAR_WORDS or field in QUERY_FILLER_WORDS or field in app_words or is_plural(field):
        return False
    if field in RELATIVE or field in DATE_WORDS:
        return False  # "in the *last* week", "in *may* 2024"
    if match.group("lead").casefold() == "in" and literal_names(index, field) & tools:
        return False  # "in *project* OPS" places the request
    return not _listed_by(index, things[-1], field, tools)


def _kind_before_id(request: str, match: re.Match[str]) -> bool:
    """The value is followed by an id, whose kind it is ("assigned to admin *991*")."""
    after = request[match.end() :].split(maxsplit=1)
    return bool(after) and any(c.isdigit() for c in after[0])


def _listed_by(index: SearchIndex, thing: str, field: str, tools: frozenset[int]) -> bool:
    """Some name of ``tools`` lists ``thing`` by ``field`` ("tasks *for* tag": ``get_tasks_for_tag``)."""
    keys = inflection_key(thing), inflection_key(field)
    documents = index.documents
    for doc in literal_names(index, field) & tools:
        words = [inflection_key(w) for w in whole_name(documents[doc].name).split("__")[-1].split("_")]
        # (the thing itself before the word, not another: ``issues_list_labels_for_milestone``)
        triples = zip(words, words[1:], words[2:], strict=False)
        if any(a == keys[0] and b in _LISTING and c == keys[1] for a, b, c in triples):
            return True
    return False
