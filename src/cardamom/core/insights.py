"""Unmet searches: a record of each search that found no usable tool, and what admins see of them.

A record holds who searched (org, member, role), when, why nothing came back, the apps the
query named (as the ranker recognised them), the query's words no usable tool covers and the
restricted tools it matched. Never the query itself, and never a word that looks like an
argument value: ``recordable_words`` is the last guard before anything is stored.

``summarize`` turns records into the insights ``cardamom insights`` and
``cardamom__insights__get`` show: the apps asked for but not connected, the apps connected but
unusable, the uncovered words, the restricted tools asked for (by role), counts per day, and
for every item how many distinct members asked.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from cardamom.core.search.ranking import EmptyKind

# The four reasons a search comes back empty (the ranker's and the gateway's ``EmptyReason``):
# the query names an app the org has not connected; names a connected app none of whose tools
# the member may use; matches only tools restricted for the member; or no usable tool covers
# enough of its words.
UnmetReason = EmptyKind  # the ranker's own reasons for an empty result
UNMET_REASONS: tuple[UnmetReason, ...] = (
    "app_not_connected",
    "app_without_usable_tools",
    "restricted_only",
    "words_uncovered",
)
MAX_ITEMS = 8  # per list in one record: a query is short, and a record stays small
MAX_WORD_LENGTH = 32
DEFAULT_TOP = 10

# A word that can be kept: letters (any script), at least two, optionally joined by - or _
# (``follow-up``). Digits, @, dots, slashes and anything longer than a word are never kept:
# numbers, ids, e-mails, URLs and paths are argument values, not vocabulary.
_WORD = re.compile(rf"[^\W\d_](?:[^\W\d]|-){{0,{MAX_WORD_LENGTH - 2}}}[^\W\d_]")


def recordable_words(words: Iterable[str], values: Iterable[str] = ()) -> tuple[str, ...]:
    """The words that may be stored: word-shaped, not among the query's argument values, unique."""
    excluded = {v.casefold() for v in values}
    kept: list[str] = []
    for word in words:
        folded = word.casefold()
        if folded in excluded or folded in kept or not _WORD.fullmatch(folded):
            continue
        kept.append(folded)
    return tuple(kept[:MAX_ITEMS])


@dataclass(frozen=True, slots=True)
class UnmetSearch:
    org: str
    id: str
    at: str  # ISO 8601, UTC
    member: str
    role: str
    reason: UnmetReason
    apps: tuple[str, ...] = ()
    words: tuple[str, ...] = ()
    restricted_tools: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class InsightItem:
    name: str
    count: int  # searches
    members: int  # distinct members who asked
    last_at: str
    role: str | None = None  # for restricted tools: the role they are restricted for

    def as_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {"name": self.name, "searches": self.count, "members": self.members}
        if self.role is not None:
            found["role"] = self.role
        found["last_at"] = self.last_at
        return found


@dataclass(frozen=True, slots=True)
class DayCount:
    day: str
    searches: int
    members: int


@dataclass(frozen=True, slots=True)
class Insights:
    org: str
    since: str | None
    searches: int
    members: int
    reasons: dict[str, int]
    per_day: tuple[DayCount, ...]
    unconnected_apps: tuple[InsightItem, ...]
    unusable_apps: tuple[InsightItem, ...]
    uncovered_words: tuple[InsightItem, ...]
    restricted_tools: tuple[InsightItem, ...]
    truncated: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {
            "org": self.org,
            "since": self.since,
            "unmet_searches": self.searches,
            "members": self.members,
            "reasons": self.reasons,
            "unconnected_apps": [i.as_dict() for i in self.unconnected_apps],
            "unusable_apps": [i.as_dict() for i in self.unusable_apps],
            "uncovered_words": [i.as_dict() for i in self.uncovered_words],
            "restricted_tools": [i.as_dict() for i in self.restricted_tools],
            "per_day": [{"day": d.day, "searches": d.searches, "members": d.members} for d in self.per_day],
            "truncated": self.truncated,
        }


@dataclass(slots=True)
class _Tally:
    count: Counter[tuple[str, str | None]] = field(default_factory=Counter)
    members: defaultdict[tuple[str, str | None], set[str]] = field(default_factory=lambda: defaultdict(set))
    last: dict[tuple[str, str | None], str] = field(default_factory=dict)

    def add(self, key: tuple[str, str | None], record: UnmetSearch) -> None:
        self.count[key] += 1
        self.members[key].add(record.member)
        self.last[key] = max(self.last.get(key, ""), record.at)

    def top(self, limit: int) -> tuple[InsightItem, ...]:
        # Most members first (breadth of need), then most searches, then name: stable output.
        ranked = sorted(self.count, key=lambda k: (-len(self.members[k]), -self.count[k], k[0], k[1] or ""))
        return tuple(
            InsightItem(name, self.count[(name, role)], len(self.members[(name, role)]), self.last[(name, role)], role)
            for name, role in ranked[:limit]
        )


def summarize(
    org: str,
    records: Iterable[UnmetSearch],
    *,
    since: str | None = None,
    top: int = DEFAULT_TOP,
    truncated: bool = False,
) -> Insights:
    unconnected, unusable, words, restricted = _Tally(), _Tally(), _Tally(), _Tally()
    days: defaultdict[str, list[str]] = defaultdict(list)
    reasons: Counter[str] = Counter()
    members: set[str] = set()
    total = 0
    for record in records:
        if record.org != org or (since is not None and record.at < since):
            continue
        total += 1
        members.add(record.member)
        reasons[record.reason] += 1
        days[record.at[:10]].append(record.member)
        apps = unconnected if record.reason == "app_not_connected" else unusable
        if record.reason in ("app_not_connected", "app_without_usable_tools"):
            for app in set(record.apps):
                apps.add((app, None), record)
        for word in set(record.words):
            words.add((word, None), record)
        for tool in set(record.restricted_tools):
            restricted.add((tool, record.role), record)
    return Insights(
        org=org,
        since=since,
        searches=total,
        members=len(members),
        reasons={reason: reasons[reason] for reason in UNMET_REASONS if reasons[reason]},
        per_day=tuple(DayCount(day, len(who), len(set(who))) for day, who in sorted(days.items())),
        unconnected_apps=unconnected.top(top),
        unusable_apps=unusable.top(top),
        uncovered_words=words.top(top),
        restricted_tools=restricted.top(top),
        truncated=truncated,
    )
