"""Search for the caller: their pool ranked, and the matching tools withheld from them reported;
and the connected tools ``tools/list`` shows them, where the org's collapse threshold lists any.

The ranking itself is ``core.search.rank``: lexical, with the relevance floor, over the
caller's own pool (IDF computed there). Tools the gate withholds from the caller are ranked
on their own (same floor, their own IDF), so they can neither match nor shift anything in
the caller's pool; the first few are reported by name with the rule that withheld them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from cardamom.core.collapse import lists_connected_tools
from cardamom.core.pool import PoolTool
from cardamom.core.search import EmptyReason, Hit, Ranking, rank
from cardamom.core.search.app_scope import named_in
from cardamom.core.snapshot import Snapshot
from cardamom.errors import InvalidArguments, ToolError
from cardamom.ports import SearchTelemetry
from cardamom.service.authorization import Caller, PoolCache, execute_refusal
from cardamom.service.identity import caller_snapshot
from cardamom.service.snapshots import SnapshotService

DEFAULT_SEARCH_LIMIT = 10
MAX_SEARCH_LIMIT = 50
MAX_QUERY_CHARS = 500
RESTRICTED_NAMES_SHOWN = 5

# The seeds' fixed order of checks when a tool seems to be missing.
MISSING_TOOL_CHECKS: tuple[str, ...] = (
    "Does the connection exist? (cardamom__connections__list)",
    "Is its status active? If not, reconnect it.",
    "Is the tool in the connection's tool list? If not, check whether a restriction covers the connector "
    "(cardamom__restrictions__list).",
    "Is mcp:tools on the OAuth grant?",
    "Connected tools are never in the tool list, so call search_tools for the name.",
)


@dataclass(frozen=True, slots=True)
class SearchReport:
    """One search: the caller's ranking, and the withheld tools that would have matched."""

    query: str
    snapshot: Snapshot
    ranking: Ranking  # over the caller's pool: its hits are the results
    restricted: tuple[Hit, ...]  # the first withheld matches, best first
    restricted_count: int  # every withheld tool above the floor
    refusals: Mapping[int, ToolError]  # why each withheld position is withheld (the gate's own refusal)

    @property
    def empty(self) -> bool:
        return not self.ranking.hits

    def tool(self, hit: Hit) -> PoolTool:
        return self.snapshot.tools[hit.doc]

    def connector_label(self, tool: PoolTool) -> str:
        return self.snapshot.connectors[tool.connector].label

    @property
    def reason(self) -> EmptyReason | None:
        """Why nothing came back, as data (None when there are results): the ranker's reason,
        refined with what only the snapshot knows: an app the org has a connector for but no
        active connection (pending, needs_reauth) holds no tools, so the ranker cannot name it;
        and matches that are all withheld from the caller say so."""
        if not self.empty:
            return None
        ranking = self.ranking
        reason = ranking.reason or EmptyReason("words_uncovered", ranking.scope, ranking.uncovered, ranking.values)
        if reason.kind in ("app_not_connected", "words_uncovered"):
            indexed = set(self.snapshot.index.app_targets)
            labels = [c.label for c in self.snapshot.connectors.values() if c.label not in indexed]
            idle = named_in(self.query, labels)
            if idle:
                return EmptyReason("app_without_usable_tools", tuple(idle), reason.uncovered, reason.values)
        if self.restricted_count and reason.kind == "words_uncovered":
            return EmptyReason("restricted_only", reason.apps, reason.uncovered, reason.values)
        return reason


class EmptySearchObserver(Protocol):
    """Told of every search that found nothing (``service/unmet_searches.py``); must not block."""

    def observe(self, caller: Caller, report: SearchReport) -> None: ...


class SearchService:
    def __init__(
        self,
        snapshots: SnapshotService,
        pools: PoolCache,
        telemetry: SearchTelemetry,
        *,
        unmet: EmptySearchObserver | None = None,
    ) -> None:
        self._snapshots = snapshots
        self._pools = pools
        self._telemetry = telemetry
        self._unmet = unmet

    def search(
        self, caller: Caller, query: str, limit: int | None = None, *, record_unmet: bool = True
    ) -> SearchReport:
        """``record_unmet``: an empty result is recorded for insights (not for an admin's ``cardamom search``)."""
        denied = execute_refusal(caller)
        if denied is not None:
            raise denied
        limit = DEFAULT_SEARCH_LIMIT if limit is None else max(1, min(limit, MAX_SEARCH_LIMIT))
        snapshot = caller_snapshot(self._snapshots, caller)
        pool = self._pools.pool(caller, snapshot)
        # The query is tokenized by ranking; everything after reads the ranking's tokens.
        ranking = rank(snapshot.index, query, pool=pool.visible, limit=limit)
        if not ranking.query_tokens:
            raise InvalidArguments("query has no words to search for (letters or digits)")
        restricted: tuple[Hit, ...] = ()
        restricted_count = 0
        if pool.withheld:
            withheld = rank(snapshot.index, query, pool=pool.withheld.positions, limit=RESTRICTED_NAMES_SHOWN)
            restricted, restricted_count = withheld.hits, withheld.above_floor
        self._telemetry.searched(
            org=caller.org, pool_size=len(pool.visible), results=len(ranking.hits), restricted=restricted_count
        )
        report = SearchReport(query, snapshot, ranking, restricted, restricted_count, pool.withheld)
        if record_unmet and self._unmet is not None and report.empty:
            self._unmet.observe(caller, report)  # queued: the answer never waits for the write
        return report

    def listed_tools(self, caller: Caller, operations: int) -> list[PoolTool]:
        """The connected tools ``tools/list`` shows this caller, in name order: none unless the org's
        collapse threshold admits a pool of the caller's ``operations`` plus the tools they may use."""
        if execute_refusal(caller) is not None:
            return []
        snapshot = caller_snapshot(self._snapshots, caller)
        if snapshot.collapse_threshold is None:
            return []
        pool = self._pools.pool(caller, snapshot)
        if not lists_connected_tools(snapshot.collapse_threshold, operations + len(pool.visible)):
            return []
        return [snapshot.tools[position] for position in sorted(pool.visible)]
