"""A request's first word read as the action it is there: "*open a* PR" makes one, "*open*
stripe invoices" says which, "*open* jira issue OPS-1" reads one (``leading_verb`` reads it,
``request_verb`` says which reading, as the switches do)."""

from __future__ import annotations

from collections.abc import Container, Iterable, Sequence

from cardamom.core.search.options import SearchOptions
from cardamom.core.search.synonyms import LEADING_VERBS
from cardamom.core.search.tokens import is_plural

# the words after a leading verb that make the thing it names: "open *a* ticket", "open *new* PR"
MADE = (("a",), ("an",), ("new",))
# verbs that make a thing only in a request naming the app it is made in ("*write* a notion page";
# "write me an essay about ..." asks for writing, a writing tool's word)
_WRITING = frozenset({"write", "draft"})


def request_verb(
    tokens: tuple[str, ...],
    sequence: tuple[str, ...],
    skip: Container[str],
    values: Container[str],
    options: SearchOptions,
) -> tuple[str, ...]:
    """``tokens`` with their leading verb read: after an article it makes a thing ("*open a*
    PR", ``opened_things``), not before things in the plural (``unsaid_filters``); "open" before
    a thing named, by "the" or by its number ("open *the* jira issue", "open jira issue
    *OPS-1*"), reads it (``opened_reads``): it opens something there already. ``sequence``:
    the request's words, articles and all; ``skip``: the app's words; ``values``: its argument
    values."""
    if next((t for t in tokens if t not in skip), "") in _WRITING and not any(w in skip for w in sequence):
        return tokens
    unnamed = tuple(w for w in sequence if w not in skip)  # "intercom *open* internal article 789": past the app
    made = options.opened_things and unnamed[1:2] in MADE
    named = names_a_thing(unnamed[1:], (t for t in tokens if t in values))
    reads = options.opened_reads and not made and unnamed[:1] == ("open",) and named
    return leading_verb(tokens, skip=skip, plurals=options.unsaid_filters and not made, reads=reads)


def names_a_thing(after: Sequence[str], values: Iterable[str]) -> bool:
    """The words ``after`` "open" name a thing there already: "the" and a thing in the singular
    ("open *the* jira issue"; "the pull requests" are listed), or the request has a value with a
    digit, its number ("open PR *17*", whose "pulls" looks plural)."""
    the = list(after[:1]) == ["the"] and not any(map(is_plural, after[1:3]))
    return the or any(any(c.isdigit() for c in value) for value in values)


def leading_verb(
    tokens: tuple[str, ...], skip: Container[str] = (), *, plurals: bool = False, reads: bool = False
) -> tuple[str, ...]:
    """``tokens`` with a first word (``skip``, the app's name, aside) of ``LEADING_VERBS`` read
    as the action it is there, when an object follows it; with ``plurals`` (``unsaid_filters``),
    not before things in the plural, which it says which of ("*open* stripe invoices"); with
    ``reads``, "open" reads the thing ("*open* jira issue OPS-1")."""
    for i, token in enumerate(tokens):
        if token in skip:
            continue
        opened = reads and token == "open"  # "open PR 17": read, whatever its number ("pulls")
        if (
            plurals
            and not opened
            and token in LEADING_VERBS
            and is_plural(next((t for t in tokens[i + 1 :] if t not in skip), ""))
        ):
            break
        if token in LEADING_VERBS and i + 1 < len(tokens):
            verb = _OPENED_READ if opened else LEADING_VERBS[token]
            return tuple(dict.fromkeys((*tokens[:i], verb, *tokens[i + 1 :])))
        break
    return tokens


_OPENED_READ = "get"  # "open jira issue OPS-1": a thing there already, read
