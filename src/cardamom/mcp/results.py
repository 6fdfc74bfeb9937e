"""Rendering use-case results as ``tools/call`` results, straight to their wire form.

Structured content carries the data; a text block carries the same JSON, for clients
that hand only text to the model (as the MCP specification recommends). The shapes on the
way out: a ranking's ``Hit``s, the service's ``SearchReport``, the payload (also what
``cardamom search --json`` prints), and the result object on the wire.
"""

from __future__ import annotations

import json
from typing import Any

from cardamom.core.pool import PoolTool
from cardamom.core.search import EmptyReason, is_name_shaped
from cardamom.core.search.tokens import tokenize
from cardamom.core.truncation import TRUNCATED_FLAG
from cardamom.service.execution import ExecutionResult
from cardamom.service.search import MISSING_TOOL_CHECKS, SearchReport

# A CallToolResult as the wire carries it (``content``, ``structuredContent``, ``isError``).
ToolResult = dict[str, Any]


def structured(payload: dict[str, Any], *, is_error: bool = False, compact: bool = True) -> ToolResult:
    """``payload`` must hold JSON values only (lists, not tuples): it goes on the wire as is."""
    separators = (",", ":") if compact else None
    text = json.dumps(payload, ensure_ascii=False, separators=separators)
    return {"content": [{"type": "text", "text": text}], "structuredContent": payload, "isError": is_error}


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
    for hit in ranking.hits:
        tool = report.tool(hit)
        entry: dict[str, Any] = {
            "name": tool.name,
            "description": tool.description,
            "connector": report.connector_label(tool),
            "account": tool.account,
            "classification": tool.classification,
            "score": hit.score,
            "coverage": round(hit.coverage, 4),
            "matched": [
                {"token": m.token, "field": m.field, "weight": m.weight, "matched": m.matched, "relation": m.relation}
                for m in hit.matches
            ],
            "inputSchema": tool.input_schema,
        }
        if hit.similarity is not None:
            entry["similarity"] = round(hit.similarity, 4)
        if hit.acts_on is not None:
            entry["acts_on"] = hit.acts_on  # placed before higher scores that act on another thing
        if hit.title is not None:
            entry["title_said"] = hit.title  # placed first: the request says its title
        if tool.merged:
            entry.update(_accounts_for(tool, ranking.query_tokens))
        results.append(entry)
    payload: dict[str, Any] = {
        "query": report.query,
        "tokens": list(ranking.query_tokens),
        "pool_size": ranking.pool_size,
        "results": results,
        "restricted": {
            "count": report.restricted_count,
            "tools": [
                {"name": hit.name, "restricted": True, "reason": str(report.refusals[hit.doc])}
                for hit in report.restricted
            ],
        },
        "uncovered_tokens": list(ranking.uncovered),
        "dropped_words": list(ranking.dropped),
    }
    if ranking.scope:
        payload["scope"] = list(ranking.scope)
    if ranking.implied:
        payload["scope_implied"] = True  # the request named no app: its words say which one
    if ranking.read_as:
        # "close" read as "update", "find" as "get": no tool name of the app says the request's verb;
        # "set the due date of ..." as "update": the thing's update sets its fields
        payload["read_as"] = dict(ranking.read_as)
    if ranking.values:
        payload["argument_values"] = list(ranking.values)
    if report.empty:
        reason = report.reason or EmptyReason("words_uncovered", ranking.scope, ranking.uncovered, ranking.values)
        payload["reason"] = {
            "kind": reason.kind,
            "apps": list(reason.apps),
            "uncovered": list(reason.uncovered),
            "values": list(reason.values),
            "closest_lacks": reason.closest_lacks,
            "described_only": list(reason.described_only),
        }
        if reason.other_action is not None:
            payload["reason"]["other_action"] = reason.other_action
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
        unsaid = [t for t in ranking.uncovered if t in reason.values]
        if reason.kind == "words_uncovered" and not reason.apps and not reason.uncovered and unsaid:
            # every word some tool says but the values, which weigh only where no app is named
            message += (
                f"; its values ({', '.join(unsaid)}) are words no tool says, and weigh as words when no app is "
                "named: search again naming the app, inside which values weigh nothing"
            )
        payload["message"] = message + "."
        payload["checks"] = list(MISSING_TOOL_CHECKS)
    elif ranking.fallback:
        # No tool covers half of the request's words; these share some of them and its meaning.
        payload["semantic_fallback"] = True
        payload["message"] = (
            f"{len(results)} tool(s) found by meaning: none covers half of the request's words, these share "
            "some of them and are the closest in meaning; check the description before you run one with "
            "execute_tool {name, arguments}."
        )
    else:
        payload["message"] = (
            f"{len(results)} of {ranking.above_floor} matching tool(s) shown; run one with execute_tool "
            "{name, arguments}."
        )
        if ranking.implied:
            payload["message"] = (
                f"No app was named; the request's words are {_names(ranking.scope)}'s only, so it was searched "
                f"there. {payload['message']}"
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
    if reason.other_action is not None:
        message = (
            f"No connected tool you can use{where} matches this query; the tools its words match do not "
            f"{reason.other_action}"
        )
    elif reason.closest_lacks and reason.uncovered:
        lacks = [w for w in reason.uncovered if w not in reason.described_only]
        parts = [f"lacks: {', '.join(lacks)}"] if lacks else []
        if reason.described_only:
            # inside a named app a word only a description says covers half its weight
            parts.append(f"says only in its description: {', '.join(reason.described_only)}")
        message = (
            f"No connected tool you can use{where} matches this query; no tool covers enough of it, the closest "
            + " and ".join(parts)
        )
    elif reason.uncovered:
        message = (
            f"No connected tool you can use{where} matches this query; no tool covers: {', '.join(reason.uncovered)}"
        )
    else:
        message = f"No connected tool you can use{where} matches this query"
    if restricted:
        message += f"; {restricted} matching tool(s) are restricted for you"
    return message


def execution_result(result: ExecutionResult) -> ToolResult:
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
