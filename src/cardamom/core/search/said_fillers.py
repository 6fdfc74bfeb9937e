"""Words a request says on the way to what it asks, which name nothing a tool does.

- ``said_fillers``: a suggestion's opening ("*let's* close the stale PRs", "*let us* list the
  repos"; "let bob know" tells, ``telling``) and a pointer to what follows ("post *the following*
  update in #releases: ...").
- ``owned_clauses``: a clause saying the caller holds the things ("the phone numbers *I own*",
  "the repos *we have*") asks for the caller's own, as "my" does (``first_person``): it is read
  as "mine", never as an owner's word a name may carry (Twilio's ``..._listing_owner``).
"""

from __future__ import annotations

from cardamom.core.search.synonyms import is_action_word

# "let's" (its tail cut by ``contraction_free``), "let us" and "let me" open a suggestion, not a
# permission; "let bob know" tells
_SUGGESTING = frozenset({"us", "me"})
# what the following words point at follows them
_POINTING = frozenset({"the", "these"})
_POINTERS = frozenset({"following", "below", "attached"})
# the caller holding the things: "numbers *I own*", "repos *we have*", "servers *we run*"
_HOLDERS = frozenset({"i", "we"})
_HOLDING = frozenset({"own", "have", "use", "run", "manage", "maintain", "administer", "hold"})
# a question's or a condition's words before its subject: "what do *I have* due", "if *we own* it"
_NOT_HELD = frozenset({"do", "did", "does", "if", "when", "where", "how", "why", "and", "or", "but", "unless"})


def without_said_fillers(sequence: tuple[str, ...]) -> tuple[str, ...]:
    """``sequence`` without a suggestion's opening, a limit before the request's verb ("*only*
    list the stripe charges over $100") and a pointer to what follows."""
    if sequence[:1] == ("let",) and len(sequence) > 2 and "know" not in sequence[1:4]:
        sequence = sequence[2:] if sequence[1] in _SUGGESTING else sequence[1:]
    if sequence[:1] == ("only",) and len(sequence) > 2 and is_action_word(sequence[1]):
        sequence = sequence[1:]
    if _POINTERS.isdisjoint(sequence):
        return sequence
    return tuple(w for i, w in enumerate(sequence) if not (w in _POINTERS and i and sequence[i - 1] in _POINTING))


def owned_as_mine(sequence: tuple[str, ...], *, asked: bool = False) -> tuple[str, ...]:
    """``sequence`` with a clause saying the caller holds the things before it read as "mine"
    ("phone numbers *I own*"); not at the request's start ("I have a question", "we use ...").
    ``asked`` (``held_questions``): so is a question's, after the things it asks which of, read as
    their list ("what *permissions do I have* in jira": "list my permissions in jira"; "what do I
    have due" names no things)."""
    for i in range(1, len(sequence) - 1):
        if sequence[i] in _HOLDERS and sequence[i + 1] in _HOLDING and sequence[i - 1] not in _NOT_HELD:
            return (*sequence[:i], "mine", *sequence[i + 2 :])
        if asked and sequence[i] in _HOLDERS and sequence[i + 1] in _ASKED_HOLDING and sequence[i - 1] in _AUXILIARIES:
            # "what (github app) things do I have": the things, one to three words after the question's word
            which = next((j for j in range(i - 3, max(-1, i - 6), -1) if sequence[j] in _WHICH), None)
            things = sequence[which + 1 : i - 1] if which is not None else ()
            rest = i + 3 if sequence[i + 1] == "belong" and sequence[i + 2 : i + 3] in (("to",), ("in",)) else i + 2
            if things and _NOT_HELD.isdisjoint(things):
                return (*sequence[:which], "list", "my", *things, *sequence[rest:])  # "list my permissions"
    return sequence


_AUXILIARIES = frozenset({"do", "did", "can"})
_ASKED_HOLDING = _HOLDING | {"access", "belong"}  # "which github app installations *can I access*"
_WHICH = frozenset({"what", "which"})  # the question's word, the things after it
