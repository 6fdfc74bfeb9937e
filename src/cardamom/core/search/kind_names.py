"""A thing's name written before its kind ("the *acme* github org", "the *Q1 Launch* project",
"the *old-project* slack channel", "the *marketing* team"): the words between an article or an
owner's word and the kind's word are the thing's name, a topic as a name after its kind is
(``argument_values``): a value where no tool of the app says it (``names_before_kinds``)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from cardamom.core.search.tokens import ARTICLES, GRAMMAR_WORDS, QUERY_FILLER_WORDS

_OPENERS = ARTICLES | {"my", "our", "your", "this", "their"}
_ORGS = frozenset({"org", "organization", "organisation"})
_LONGEST_NAME = 3  # "the *Q4 Board Review* folder"


def named_before_kinds(words: Sequence[str], kinds: Collection[str]) -> frozenset[int]:
    """The positions in ``words`` (as written) of a name between an opener (``_OPENERS``) and
    a word of ``kinds`` or an organisation's, singular, at most three words; none of them
    filler, grammar, an opener or a kind ("the Box *project* domains project" names none). The
    app's name may stand among them ("the acme *github* org"): a topic a name of the app
    carries is no value."""
    lowered = [w.casefold().strip(".,:;!?'\"") for w in words]
    found: set[int] = set()
    for i, word in enumerate(lowered):
        if word not in kinds and word not in _ORGS:
            continue
        j = i - 1
        while j >= 0 and i - j <= _LONGEST_NAME and _name_word(lowered[j]) and lowered[j] not in kinds:
            j -= 1
        if j >= 0 and j < i - 1 and lowered[j] in _OPENERS and words[i - 1][-1:] not in {",", ".", ";", ":"}:
            found.update(range(j + 1, i))
    return frozenset(found)


def _name_word(word: str) -> bool:
    return (
        bool(word)
        and word not in _OPENERS
        and word not in QUERY_FILLER_WORDS
        and word not in GRAMMAR_WORDS
        and any(c.isalnum() for c in word)
    )
