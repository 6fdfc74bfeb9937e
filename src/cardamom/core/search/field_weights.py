"""The seeds' field weights: per query token, only the best field a tool matches it in counts.

An exact name token scores 5, a name-token prefix in either direction 3, a connector-label
token 2, a description token 1; a tool's score is the sum over the query's tokens.
"""

from __future__ import annotations

from typing import Literal

NAME_WEIGHT = 5
NAME_PREFIX_WEIGHT = 3
LABEL_WEIGHT = 2
DESCRIPTION_WEIGHT = 1

Field = Literal["name", "name_prefix", "label", "description"]

FIELD_WEIGHTS: dict[Field, int] = {
    "name": NAME_WEIGHT,
    "name_prefix": NAME_PREFIX_WEIGHT,
    "label": LABEL_WEIGHT,
    "description": DESCRIPTION_WEIGHT,
}


def field_weight(field: Field) -> int:
    """What a match in ``field`` adds to a tool's score."""
    return FIELD_WEIGHTS[field]
