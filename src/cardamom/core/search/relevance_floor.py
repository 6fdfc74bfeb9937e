"""The relevance floor (seeds): a tool is returned only if the query tokens it covers carry at
least half of the query's IDF-weighted mass, with IDF computed per query over the caller's own
pool (what the caller could run), never over the whole catalog.
"""

from __future__ import annotations

import math

RELEVANCE_FLOOR = 0.5
# Float sums of equal IDFs can land a hair under exactly half; "at least half" must hold.
_FLOOR_EPSILON = 1e-9


def inverse_document_frequency(pool_size: int, document_frequency: int) -> float:
    """BM25's smoothed IDF over the caller's pool: always positive, near zero for a token every
    tool carries, largest for a token no tool carries."""
    return math.log(1.0 + (pool_size - document_frequency + 0.5) / (document_frequency + 0.5))


def mass_needed(total_mass: float, floor: float = RELEVANCE_FLOOR) -> float:
    """The covered mass a tool needs: ``floor`` (half) of the query's mass."""
    return (floor - _FLOOR_EPSILON) * total_mass


def clears_floor(covered_mass: float, needed: float) -> bool:
    """At least the needed share ("exactly half is enough"), and something covered at all."""
    return covered_mass >= needed and covered_mass > 0


def same_weight(a: float, b: float) -> bool:
    """Two IDFs equal up to float noise (ties of the rarest word count alike)."""
    return abs(a - b) <= _FLOOR_EPSILON
