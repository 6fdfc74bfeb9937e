"""``cardamom insights --org ORG [--since T] [--top N] [--json]``: what members searched for and did
not find (the same summary as ``cardamom__insights__get``)."""

from __future__ import annotations

import argparse
import json
from datetime import UTC, datetime
from typing import Any, TextIO

from cardamom.bootstrap import build_container
from cardamom.config import Settings
from cardamom.core.insights import DEFAULT_TOP, InsightItem, Insights
from cardamom.errors import ConfigError, InvalidArguments
from cardamom.service.controlplane.insights import DEFAULT_DAYS, since_time


def _insights(args: argparse.Namespace, out: TextIO) -> int:
    container = build_container(Settings.from_env())
    if container.unmet_searches is None:
        raise ConfigError("unmet searches are not recorded here (CARDAMOM_INSIGHTS_TABLE is unset)")
    try:
        since = since_time(args.since, now=datetime.now(UTC))
    except InvalidArguments as exc:
        raise ConfigError(str(exc)) from None
    insights = container.unmet_searches.insights(args.org, since=since, top=args.top)
    if args.json:
        out.write(json.dumps(insights.as_dict(), indent=2, ensure_ascii=False) + "\n")
    else:
        out.write(describe(insights))
    return 0


def _items(title: str, items: tuple[InsightItem, ...]) -> list[str]:
    if not items:
        return []
    lines = [f"\n{title}:"]
    for item in items:
        name = item.name if item.role is None else f"{item.name} (for {item.role})"
        lines.append(f"  {name:<48} {item.count:>5} searches {item.members:>4} members   last {item.last_at[:16]}")
    return lines


def describe(insights: Insights) -> str:
    lines = [
        f"unmet searches in {insights.org} since {(insights.since or '')[:16]}: "
        f"{insights.searches} searches by {insights.members} members"
    ]
    if insights.reasons:
        lines.append("  why: " + ", ".join(f"{reason} {count}" for reason, count in insights.reasons.items()))
    lines += _items("apps asked for, not connected", insights.unconnected_apps)
    lines += _items("connected apps they could not use", insights.unusable_apps)
    lines += _items("words no usable tool covers", insights.uncovered_words)
    lines += _items("restricted tools asked for", insights.restricted_tools)
    if insights.per_day:
        lines.append("\nper day:")
        lines += [f"  {d.day}  {d.searches:>5} searches {d.members:>4} members" for d in insights.per_day]
    if insights.truncated:
        lines.append("\n(only the oldest records were read: narrow --since for the rest)")
    return "\n".join(lines) + "\n"


def add_insights_parser(commands: Any) -> None:
    insights = commands.add_parser("insights", help="what members searched for and did not find")
    insights.add_argument("--org", required=True, help="the org's id (as in its definition's org:)")
    insights.add_argument("--since", help=f"ISO 8601 date or time (default: the last {DEFAULT_DAYS} days)")
    insights.add_argument("--top", type=int, default=DEFAULT_TOP, help="items per list")
    insights.add_argument("--json", action="store_true", help="print the summary as JSON")
    insights.set_defaults(run=_insights)
