"""``cardamom__insights__get``: the org's unmet searches, summarised (owners and admins only)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from cardamom.core.insights import DEFAULT_TOP
from cardamom.errors import InvalidArguments, RecordNotFound
from cardamom.service.authorization import Caller
from cardamom.service.controlplane.operation import Operation, PlaneContext
from cardamom.service.controlplane.schema import object_schema

DEFAULT_DAYS = 7


def since_time(text: str | None, *, now: datetime, days: int = DEFAULT_DAYS) -> str:
    """An ISO 8601 date or time (UTC unless it says otherwise), as records store times;
    by default the last ``days`` days."""
    if text is None:
        return (now - timedelta(days=days)).isoformat()
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        raise InvalidArguments(f"since must be an ISO 8601 date or time, not {text!r}") from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed.astimezone(UTC).isoformat()


def get_insights(ctx: PlaneContext, caller: Caller, args: Mapping[str, Any]) -> dict[str, Any]:
    if ctx.insights is None:
        raise RecordNotFound("unmet searches are not recorded on this deployment (CARDAMOM_INSIGHTS_TABLE is unset)")
    since = since_time(args.get("since"), now=datetime.now(UTC))
    return ctx.insights.insights(caller.org, since=since, top=args.get("top", DEFAULT_TOP)).as_dict()


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "insights",
        "get",
        "read",
        "What members searched for and did not find (never the queries themselves): apps asked for but not "
        "connected, connected apps they cannot use, words no tool covers, restricted tools asked for by role, "
        "and counts per day, each with how many distinct members asked.",
        object_schema(
            {
                "since": {"type": "string", "description": "ISO 8601 date or time (default: the last 7 days)"},
                "top": {"type": "integer", "minimum": 1, "maximum": 100, "description": "items per list"},
            }
        ),
        get_insights,
    ),
)
