"""Adjectives framing what a request asks for ("what transitions are *available*"): where a
copula puts one after it and no name carrying the thing asked for says it, it weighs nothing
(``frame_adjectives``; read by ``coverage.weigh_tokens``)."""

from __future__ import annotations

from collections.abc import Container

from cardamom.core.search.dated_words import is_participle
from cardamom.core.search.synonyms import is_action_word

# Adjectives framing what a request asks for ("what transitions are *available* for ENG-12",
# "which regions are *supported*"): they weigh nothing where no name carrying the thing asked for says
# them (``frame_adjectives``); Twilio's ``list_available_phone_number_local`` keeps "available"
# for "what numbers are available" ("existing" is a filler word already)
FRAME_ADJECTIVES = frozenset({"available", "free", "possible", "supported", "allowed", "permitted", "valid"})


def framing_adjectives(
    tokens: tuple[str, ...],
    named: list[frozenset[int]],
    values: Container[str],
    predicates: frozenset[str],
    *,
    participles: bool = False,
) -> frozenset[str]:
    """The frame adjectives of ``tokens`` a copula puts after it (``predicates``: "what sizes
    *are available*"; "a list of the *available* anime" names the list) that leave the mass:
    those no name carrying the thing asked for (the request's first word, not an action or a
    value, that a name carries: "what *sizes* are available for droplets") carries. With
    ``participles`` (``framing_participles``), so do past participles ("which refunds have been
    *made* on stripe charge ch_1"): a state of the things asked for, where no name of them says it
    (Xero's ``..._attachment_by_file_name`` keeps "attached" for "what files are attached to ...")."""
    subject = next(
        (
            n
            for t, n in zip(tokens, named, strict=True)
            if n and t not in FRAME_ADJECTIVES and t not in values and not is_action_word(t)
        ),
        None,
    )
    if subject is None:
        return frozenset()
    return frozenset(
        t
        for t, n in zip(tokens, named, strict=True)
        if (t in FRAME_ADJECTIVES or (participles and is_participle(t))) and t in predicates and not n & subject
    )
