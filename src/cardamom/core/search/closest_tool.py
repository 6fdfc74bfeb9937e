"""The tool closest to clearing the floor, for an empty result's reason: which of the request's
words it lacks, and which of them only its description says ("no tool covers: ticket")."""

from __future__ import annotations

from collections.abc import Iterable

from cardamom.core.search.coverage import Weighed


def closest_lacks(weighed: Weighed, candidates: Iterable[int], share: float) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The query tokens the closest tool (the most covered mass) lacks, rarest first, and those
    of them only its description says (a description covers ``share`` of a word's weight: half
    inside a named app, so "jira create sprint" is not met by a tool whose description alone
    says both); when no tool could come near the floor, the rarest tokens that carry half the
    mass."""
    best: tuple[float, int] | None = None
    for doc_id in candidates:
        mass = 0.0
        for i, weight in enumerate(weighed.weights):
            if _in_name(weighed, i, doc_id):
                mass += weight
            elif doc_id in weighed.scoring[i][3]:  # its description
                mass += weight * share
        if best is None or mass > best[0]:
            best = (mass, doc_id)
    order = sorted(range(len(weighed.tokens)), key=lambda i: -weighed.weights[i])
    if best is not None:
        doc = best[1]
        described = tuple(
            weighed.tokens[i]
            for i in order
            if share < 1.0 and weighed.weights[i] > 0 and doc in weighed.matched[i] and not _in_name(weighed, i, doc)
        )
        lacking = tuple(
            weighed.tokens[i] for i in order if doc not in weighed.matched[i] or weighed.tokens[i] in described
        )
        return lacking, described
    half = sum(weighed.weights) / 2
    rarest: list[str] = []
    for i in order:
        if half <= 0:
            break
        rarest.append(weighed.tokens[i])
        half -= weighed.weights[i]
    return tuple(rarest), ()


def _in_name(weighed: Weighed, token: int, doc_id: int) -> bool:
    """Whether the tool's name or label carries the query's token."""
    exact, near, label, _, _, _ = weighed.scoring[token]
    return doc_id in exact or doc_id in near or doc_id in label
