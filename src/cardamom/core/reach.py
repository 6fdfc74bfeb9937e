"""Which tool a fully substituted request reaches: the resolver's input at the final outbound check.

A value substituted into a path template can make a request that looks like another tool's:
``retrieve_user`` with ``user_id: "me"`` sends ``GET /v1/users/me``, which is
``retrieve_bot_user``. The request's method and path (under the connector's base path) are
matched against every tool template of its connector, the way OpenAPI matches paths: segment
by segment, a literal segment before a templated one (``/users/me`` before ``/users/{id}``).
The most specific matches are what the request reaches; when several templates tie, the
request reaches each of them (the gate refuses it if it refuses any).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from cardamom.core.pool import PoolTool
from cardamom.core.snapshot import Snapshot
from cardamom.errors import OutboundRefused

_PARAM = re.compile(r"\{[^{}]+\}")

# How specific a template segment is: lower sorts first (wins).
_LITERAL, _PARTLY_LITERAL, _PARAMETER = 0, 1, 2


@dataclass(frozen=True, slots=True)
class _Segment:
    rank: int
    literal: str | None  # the decoded text of a literal segment
    pattern: re.Pattern[str] | None  # a segment with a parameter in it

    def matches(self, decoded: str) -> bool:
        if self.literal is not None:
            return decoded == self.literal
        assert self.pattern is not None
        return self.pattern.fullmatch(decoded) is not None


def _segment(text: str) -> _Segment:
    params = _PARAM.findall(text)
    if not params:
        return _Segment(_LITERAL, unquote(text), None)
    if _PARAM.fullmatch(text):
        return _Segment(_PARAMETER, None, re.compile(".+", re.DOTALL))
    literal_parts = _PARAM.split(text)
    regex = "(.+)".join(re.escape(unquote(part)) for part in literal_parts)
    return _Segment(_PARTLY_LITERAL, None, re.compile(regex, re.DOTALL))


@dataclass(frozen=True, slots=True)
class Route:
    tool: str  # the connector's own tool name
    method: str
    segments: tuple[_Segment, ...]

    @classmethod
    def of(cls, tool: str, method: str, path: str) -> Route:
        return cls(tool, method.upper(), tuple(_segment(part) for part in path.split("/")))


@dataclass(frozen=True, slots=True)
class RouteTable:
    """One connector's tool templates."""

    routes: tuple[Route, ...]

    def reached(self, method: str, url: str, base_url: str) -> tuple[str, ...]:
        """The connector tool names the request reaches, most specific first; () if none matches."""
        path = urlsplit(url).path
        base_path = urlsplit(base_url).path.rstrip("/")
        if not path.startswith(base_path):
            return ()
        decoded = [unquote(part) for part in path[len(base_path) :].split("/")]
        method = method.upper()
        best: tuple[int, ...] | None = None
        found: list[str] = []
        for route in self.routes:
            if route.method != method or len(route.segments) != len(decoded):
                continue
            if not all(s.matches(part) for s, part in zip(route.segments, decoded, strict=True)):
                continue
            rank = tuple(s.rank for s in route.segments)
            if best is None or rank < best:
                best, found = rank, [route.tool]
            elif rank == best and route.tool not in found:
                found.append(route.tool)
        return tuple(found)


def route_table(tools: Iterable[PoolTool]) -> RouteTable:
    return RouteTable(tuple(Route.of(t.tool, t.method, t.path) for t in tools if not t.remote))


class RouteTables:
    """Route tables per snapshot version and connector, built from the snapshot's tools on first use.

    Keyed by version, not by snapshot object: a re-listing stores another snapshot at the same
    version, but it changes only remote tools, which have no routes (``route_table``), and a
    table holds tool names, not positions (unlike the caller pools of service/authorization).
    """

    def __init__(self, capacity: int = 256) -> None:
        self._tables: OrderedDict[tuple[str, int, str], RouteTable] = OrderedDict()
        self._capacity = capacity

    def table(self, snapshot: Snapshot, connector: str) -> RouteTable:
        key = (snapshot.org, snapshot.version, connector)
        table = self._tables.get(key)
        if table is not None:
            self._tables.move_to_end(key)
            return table
        columns = snapshot.columns
        seen: set[str] = set()
        tools: list[PoolTool] = []
        for position, (owner, name) in enumerate(zip(columns.connectors, columns.tools, strict=True)):
            if owner == connector and name not in seen:  # every account of a connector shares its templates
                seen.add(name)
                tools.append(snapshot.tools[position])
        table = self._tables[key] = route_table(tools)
        if len(self._tables) > self._capacity:
            self._tables.popitem(last=False)
        return table


def reached_tools(
    tables: RouteTables, snapshot: Snapshot, tool: PoolTool, account: str, method: str, url: str
) -> Sequence[PoolTool]:
    """The snapshot's tools (of ``account``) that a request of ``tool``'s connector reaches.

    A request that matches no template reaches only ``tool`` itself, the tool it was built for.
    """
    if tool.remote:
        return (tool,)
    base_url = snapshot.connectors[tool.connector].base_url
    names = tables.table(snapshot, tool.connector).reached(method, url, base_url)
    reached: list[PoolTool] = []
    for name in names:
        if name == tool.tool:
            reached.append(tool)
            continue
        position = snapshot.by_identity.get((tool.connector, name, account))
        if position is None:  # every tool of an active connection is in the snapshot: fail closed
            raise OutboundRefused(f"the request would reach {name}, which this connection does not offer")
        reached.append(snapshot.tools[position])
    return reached or (tool,)
