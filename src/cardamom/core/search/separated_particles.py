"""A phrasal verb with its object between the verb and its particle (``separated_particles``):
"*look* bob *up* in intercom", "*back* droplet 5512 *up*", "*check* asana task 12 *off*".

English puts a short object inside the verb it belongs to as often as after it; the pair is
one action only when it stands together ("look up", ``synonyms.COMPOUNDS``), so read as
written the verb alone ("look", "back", "check") was another action or none, and the particle
a stray word. Moved next to its verb, the particle joins it as "look up bob in intercom" does.
Only where the particle ends its phrase (the request's end, or a preposition opening the next
one: "fill invoice INV-9 *in* with the new amount"); "check bob in slack" keeps its "in".
"""

from __future__ import annotations

from collections.abc import Collection

# the particles a verb's object may stand before
_PARTICLES = frozenset({"up", "down", "off", "out", "over", "in", "on", "back", "away"})
# the words opening the phrase after a particle that ends its own
_NEXT = frozenset({"in", "on", "for", "to", "from", "with", "at", "via", "using", "until", "by", "into"})
_NEXT |= {"called", "named", "titled", "and", "so", "please", "now", "today", "tomorrow"}
# the words an object never holds: a clause's or another phrase's opening
_NO_OBJECT = _NEXT | _PARTICLES | {"then", "that", "which", "if", "when", "of", "about", "as"}
_LONGEST_OBJECT = 6


def particle_joined(tokens: tuple[str, ...], at: int, pairs: Collection[tuple[str, str]]) -> tuple[str, ...]:
    """``tokens`` with the particle of the verb at ``at`` moved next to it, where the verb and
    that particle make one of ``pairs`` and an object of one to six words stands between them
    ("look bob up in intercom": "look up bob in intercom"); ``tokens`` as they are otherwise."""
    if at >= len(tokens) - 2:
        return tokens
    verb = tokens[at]
    for end in range(at + 2, min(len(tokens), at + 2 + _LONGEST_OBJECT)):
        word = tokens[end]
        if word in _PARTICLES and (verb, word) in pairs:
            following = tokens[end + 1] if end + 1 < len(tokens) else None
            if (word, following) == ("out", "of"):  # "kick user mallory *out of* the org": the place it leaves
                return (*tokens[: at + 1], word, *tokens[at + 1 : end], "from", *tokens[end + 2 :])
            if following is not None and following not in _NEXT:
                return tokens
            return (*tokens[: at + 1], word, *tokens[at + 1 : end], *tokens[end + 1 :])
        if word in _NO_OBJECT:
            return tokens
    return tokens
