"""Rendering use-case results as ``CallToolResult``s.

Structured content carries the data; a text block carries the same JSON, for clients
that hand only text to the model (as the MCP specification recommends).
"""

from __future__ import annotations

import json
from typing import Any

from mcp_types import CallToolResult, TextContent

from cardamom.core.search import EmptyReason, is_name_shaped
from cardamom.core.snapshot import PoolTool
from cardamom.core.tokens import tokenize
from cardamom.core.truncation import TRUNCATED_FLAG
from cardamom.service.gateway import MISSING_TOOL_CHECKS, ExecutionResult, SearchReport


def structured(payload: dict[str, Any], *, is_error: bool = False) -> CallToolResult:
    return CallToolResult(
        content=[TextContent(text=json.dumps(payload, ensure_ascii=False, separators=(",", ":")))],
        structured_content=payload,
        is_error=is_error,
    )


def _accounts_for(tool: PoolTool, query_tokens: tuple[str, ...]) -> dict[str, Any]:
    """A merged tool's accounts, those the query names first, and the account to suggest."""
    wanted = set(query_tokens)
    named = {label: len(wanted.intersection(tokenize(label))) for label in tool.accounts}
    ordered = sorted(tool.accounts, key=lambda label: (-named[label], label))
    extra: dict[str, Any] = {"accounts": ordered}
    best = [label for label in ordered if named[label] == named[ordered[0]]]
    if named[ordered[0]] > 0 and len(best) == 1 and tool.account_argument:
        extra["suggested_arguments"] = {tool.account_argument: ordered[0]}
    return extra


def search_payload(report: SearchReport) -> dict[str, Any]:
    ranking = report.ranking
    results = []
    for r in report.results:
        entry: dict[str, Any] = {
            "name": r.tool.name,
            "description": r.tool.description,
            "connector": r.connector_label,
            "account": r.tool.account,
            "classification": r.tool.classification,
            "score": r.hit.score,
            "coverage": round(r.hit.coverage, 4),
            "matched": [
                {"token": m.token, "field": m.field, "weight": m.weight, "matched": m.matched, "relation": m.relation}
                for m in r.hit.matches
            ],
            "inputSchema": r.tool.input_schema,
        }
        if r.tool.merged:
            entry.update(_accounts_for(r.tool, ranking.query_tokens))
        results.append(entry)
    payload: dict[str, Any] = {
        "query": report.query,
        "tokens": list(ranking.query_tokens),
        "pool_size": ranking.pool_size,
        "results": results,
        "restricted": {
            "count": report.restricted_count,
            "tools": [{"name": m.name, "restricted": True, "reason": m.reason} for m in report.restricted],
        },
        "uncovered_tokens": list(ranking.uncovered),
        "dropped_words": list(ranking.dropped),
    }
    if ranking.scope:
        payload["scope"] = list(ranking.scope)
    if ranking.values:
        payload["argument_values"] = list(ranking.values)
    if report.empty:
        reason = report.reason or EmptyReason("words_uncovered", ranking.scope, ranking.uncovered, ranking.values)
        payload["reason"] = {
            "kind": reason.kind,
            "apps": list(reason.apps),
            "uncovered": list(reason.uncovered),
            "values": list(reason.values),
        }
        message = _empty_message(reason, report.restricted_count)
        if (
            reason.kind == "words_uncovered"
            and not reason.apps
            and len(reason.uncovered) > 1
            and len(ranking.query_tokens) > 3
            and not is_name_shaped(report.query)
        ):
            # A long request whose specifics no tool names: the app and the action may still match.
            message += "; if you meant an app that is connected, search again with just its name and the action"
        payload["message"] = message + "."
        payload["checks"] = list(MISSING_TOOL_CHECKS)
    else:
        payload["message"] = (
            f"{len(results)} of {ranking.above_floor} matching tool(s) shown; run one with execute_tool "
            "{name, arguments}."
        )
    return payload


def _names(apps: tuple[str, ...]) -> str:
    return " and ".join(apps) if len(apps) < 3 else f"{', '.join(apps[:-1])} and {apps[-1]}"


def _empty_message(reason: EmptyReason, restricted: int) -> str:
    """The real reason nothing came back, in one sentence."""
    if reason.kind == "app_not_connected":
        return f"{_names(reason.apps)} {'is' if len(reason.apps) == 1 else 'are'} not connected"
    if reason.kind == "app_without_usable_tools":
        verb = "is" if len(reason.apps) == 1 else "are"
        return (
            f"{_names(reason.apps)} {verb} connected but none of its tools are available to you "
            "(a restriction, a missing scope, or a connection that is not active)"
        )
    if reason.kind == "restricted_only":
        return f"No tool you can use matches this query; {restricted} matching tool(s) are restricted for you"
    where = f" in {_names(reason.apps)}" if reason.apps else ""
    if reason.uncovered:
        message = (
            f"No connected tool you can use{where} matches this query; no tool covers: {', '.join(reason.uncovered)}"
        )
    else:
        message = f"No connected tool you can use{where} matches this query"
    if restricted:
        message += f"; {restricted} matching tool(s) are restricted for you"
    return message


def execution_result(result: ExecutionResult) -> CallToolResult:
    payload: dict[str, Any] = {
        "tool": result.tool.name,
        "account": result.account,
        "status": result.status,
        "data": result.data,
        TRUNCATED_FLAG: result.truncated,
    }
    if result.error is not None:
        payload["error"] = {"code": result.error.code, "detail": result.error.detail, "message": str(result.error)}
    return structured(payload, is_error=result.error is not None)
