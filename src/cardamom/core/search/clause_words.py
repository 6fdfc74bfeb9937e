"""The words inside a request's clauses: the fields a thing is made with ("create a droplet
*with ubuntu*", ``created_fields``) and what a thing is for or about ("a page *for the meeting
notes*", ``create_topics``), each from the word opening its clause to the one ending it."""

from __future__ import annotations

from collections.abc import Collection

from cardamom.core.search.tokens import QUERY_FILLER_WORDS

# Words opening the fields a thing is made with ("create a droplet *with* ubuntu"), and the
# words ending them ("... *in* nyc3"); "of" and "and" go on ("with 2gb *of* memory", "with the
# email bob@x.io *and* name Bob": a second action has left the sequence, ``second_actions``).
_WITH = frozenset({"with", "having", "including", "containing"})
_CLAUSE_ENDS = frozenset({"in", "on", "to", "for", "from", "into", "under", "at", "as"})


def with_fields(sequence: tuple[str, ...], apps: Collection[str], values: Collection[str]) -> tuple[str, ...]:
    """The words of ``sequence`` after "with" (``_WITH``) up to the clause's end: the fields and
    values of a thing a request makes, filler and app names out. A word of a value ends nothing
    ('with summary "Disk full *on* db-3" and priority High')."""
    inside = _clause_words(sequence, _WITH, _CLAUSE_ENDS.difference(values))
    return tuple(w for w in inside if w not in QUERY_FILLER_WORDS and w not in apps)


# Words opening what a thing is for or about ("a page *for* the meeting notes"), and those
# opening where it goes or what it is with ("add album X *to* my library"), which end it
_PURPOSES = frozenset({"for", "about", "regarding", "concerning"})
_PLACES = frozenset({"to", "into", "in", "on", "from", "with", "by", "like", "matching", "where", "whose"})


def purposes(sequence: tuple[str, ...], topics: frozenset[str]) -> frozenset[str]:
    """The topic words of ``sequence`` that say what a thing is for or about (``create_topics``)."""
    return frozenset(w for w in _clause_words(sequence, _PURPOSES, _PLACES) if w in topics)


def _clause_words(sequence: tuple[str, ...], opens: frozenset[str], ends: frozenset[str]) -> list[str]:
    """The words of ``sequence`` inside the clauses a word of ``opens`` opens and a word of
    ``ends`` ends, those words themselves out."""
    found: list[str] = []
    inside = False
    for word in sequence:
        if word in opens or word in ends:
            inside = word in opens
        elif inside:
            found.append(word)
    return found
