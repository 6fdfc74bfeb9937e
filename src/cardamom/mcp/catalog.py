"""The tools ``tools/list`` advertises: two meta-tools, the control-plane operations, and,
only where the org's collapse threshold admits them (``cardamom.core.collapse``), the
caller's connected tools.

By default connected tools are never listed, however few: a model finds them with
``search_tools`` and runs them with ``execute_tool``.
"""

from __future__ import annotations

from typing import Any

from mcp_types import Tool, ToolAnnotations

from cardamom.core.pool import PoolTool
from cardamom.service.controlplane.operation import Operation
from cardamom.service.search import DEFAULT_SEARCH_LIMIT, MAX_QUERY_CHARS, MAX_SEARCH_LIMIT

SEARCH_TOOLS = "search_tools"
EXECUTE_TOOL = "execute_tool"

SERVER_INSTRUCTIONS = (
    "Cardamom serves this organisation's connected third-party tools. Unless the tool list shows them, "
    "call search_tools with a few words (or a guessed tool name) to find one, then run it with execute_tool "
    "{name, arguments}. An empty search result means no connected tool fits; it names the words nothing "
    "matched and the checks to run. Tools named cardamom__* manage connections, members and restrictions."
)

_MATCH_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "token": {"type": "string"},
        "field": {"type": "string", "enum": ["name", "name_prefix", "label", "description"]},
        "weight": {"type": "integer"},
        "matched": {"type": "string"},
        "relation": {"type": "string", "enum": ["exact", "prefix", "inflection", "synonym"]},
    },
    "required": ["token", "field", "weight", "matched", "relation"],
}

SEARCH_OUTPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "query": {"type": "string"},
        "tokens": {"type": "array", "items": {"type": "string"}},
        "pool_size": {"type": "integer"},
        "results": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "description": {"type": "string"},
                    "connector": {"type": "string"},
                    "account": {"type": "string"},
                    "classification": {"type": "string"},
                    "score": {"type": "integer"},
                    "coverage": {"type": "number"},
                    "matched": {"type": "array", "items": _MATCH_SCHEMA},
                    "inputSchema": {"type": "object"},
                    "accounts": {"type": "array", "items": {"type": "string"}},
                    "suggested_arguments": {"type": "object"},
                    "similarity": {
                        "type": "number",
                        "description": "found by meaning (semantic_fallback): its cosine to the request",
                    },
                    "acts_on": {
                        "type": "string",
                        "description": (
                            "the request's thing this tool acts on: placed before tools scoring more that act on"
                            " another thing"
                        ),
                    },
                    "title_said": {
                        "type": "string",
                        "description": (
                            "the tool's title (its description's short first sentence), which the request says word"
                            " for word: placed first"
                        ),
                    },
                },
                "required": [
                    "name",
                    "description",
                    "connector",
                    "account",
                    "classification",
                    "score",
                    "coverage",
                    "matched",
                    "inputSchema",
                ],
            },
        },
        "restricted": {
            "type": "object",
            "properties": {
                "count": {"type": "integer"},
                "tools": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "name": {"type": "string"},
                            "restricted": {"type": "boolean"},
                            "reason": {"type": "string"},
                        },
                        "required": ["name", "restricted", "reason"],
                    },
                },
            },
            "required": ["count", "tools"],
        },
        "uncovered_tokens": {"type": "array", "items": {"type": "string"}},
        "dropped_words": {
            "type": "array",
            "items": {"type": "string"},
            "description": "query words left out before weighting (filler, or scaffolding nothing carries)",
        },
        "scope": {
            "type": "array",
            "items": {"type": "string"},
            "description": "the connected apps the query named: ranking stayed inside them",
        },
        "scope_implied": {
            "type": "boolean",
            "description": "no app was named: the request's words are only that app's, so it was searched there",
        },
        "read_as": {
            "type": "object",
            "additionalProperties": {"type": "string"},
            "description": (
                "request words read as others: a state change no tool of the app names is an update,"
                " a search in an app without one is a get, setting a thing's field is its update"
            ),
        },
        "argument_values": {
            "type": "array",
            "items": {"type": "string"},
            "description": "query words that looked like argument values (ids, quoted text, dates)",
        },
        "reason": {
            "type": "object",
            "description": "why nothing came back (empty results only)",
            "properties": {
                "kind": {
                    "type": "string",
                    "enum": ["app_not_connected", "app_without_usable_tools", "restricted_only", "words_uncovered"],
                },
                "apps": {"type": "array", "items": {"type": "string"}},
                "uncovered": {"type": "array", "items": {"type": "string"}},
                "values": {"type": "array", "items": {"type": "string"}},
                "closest_lacks": {
                    "type": "boolean",
                    "description": "uncovered: words some tool covers, but the closest tool lacks",
                },
                "described_only": {
                    "type": "array",
                    "items": {"type": "string"},
                    "description": "of uncovered, the words only the closest tool's description says",
                },
                "other_action": {
                    "type": "string",
                    "description": "tools cover the words but none does this, the request's action",
                },
            },
            "required": ["kind", "apps", "uncovered", "values"],
        },
        "message": {"type": "string"},
        "checks": {"type": "array", "items": {"type": "string"}},
        "semantic_fallback": {
            "type": "boolean",
            "description": "no tool covers half of the request's words: the results were found by meaning",
        },
    },
    "required": ["query", "tokens", "pool_size", "results", "restricted", "uncovered_tokens", "message"],
}

SEARCH_TOOL = Tool(
    name=SEARCH_TOOLS,
    title="Search connected tools",
    description=(
        "Find the organisation's connected third-party tools (never listed individually). Pass the app's name "
        "and the action in a few words, or a guessed tool name, e.g. 'notion list users' or "
        "'list_all_cal_com_schedules'; words no tool contains (places, dates, whole sentences) weigh against a "
        "match. Returns at most `limit` tools that cover at least half of the query's weight, best first, each "
        "with its input schema; run one with execute_tool. An empty result says why in `message`: an app that "
        "is not connected, or none of whose tools you may use, is a real answer; for words no tool covers, "
        "search again with the app and the action alone."
    ),
    input_schema={
        "type": "object",
        "properties": {
            "query": {
                "type": "string",
                "minLength": 1,
                "maxLength": MAX_QUERY_CHARS,
                "description": "words or a tool name",
            },
            "limit": {"type": "integer", "minimum": 1, "maximum": MAX_SEARCH_LIMIT, "default": DEFAULT_SEARCH_LIMIT},
        },
        "required": ["query"],
        "additionalProperties": False,
    },
    output_schema=SEARCH_OUTPUT_SCHEMA,
    annotations=ToolAnnotations(title="Search connected tools", read_only_hint=True, open_world_hint=False),
)

EXECUTE_TOOL_DEF = Tool(
    name=EXECUTE_TOOL,
    title="Run a connected tool",
    description=(
        "Run a connected tool found with search_tools: {name, arguments}. The same gates apply as to a direct "
        "tools/call of that name; the result is the tool's own, capped to fit the context window "
        "(cardamom_truncated is true when anything was cut)."
    ),
    input_schema={
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 1, "description": "the tool name search_tools returned"},
            "arguments": {"type": "object", "description": "arguments matching that tool's inputSchema"},
        },
        "required": ["name"],
        "additionalProperties": False,
    },
    annotations=ToolAnnotations(
        title="Run a connected tool", read_only_hint=False, destructive_hint=True, open_world_hint=True
    ),
)


def _annotations(classification: str, *, open_world: bool) -> ToolAnnotations:
    """A tool's hints from its classification (destructiveness is meaningless for a read)."""
    read_only = classification == "read"
    return ToolAnnotations(
        read_only_hint=read_only,
        destructive_hint=None if read_only else classification == "destructive",
        open_world_hint=open_world,
    )


def operation_tool(op: Operation) -> Tool:
    return Tool(
        name=op.name,
        description=op.description,
        input_schema=dict(op.input_schema),
        annotations=_annotations(op.classification, open_world=False),
    )


# 2026-07-28 lets a tool mirror an argument into an Mcp-Param-* header; this server designates
# none (it does not check such headers), so a connected tool's own designations are not passed on.
_HEADER_DESIGNATION = "x-mcp-header"


# Keywords whose value maps names (not keywords) to subschemas.
_SCHEMA_MAPS = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"})


def _without_header_designations(schema: Any) -> Any:
    if isinstance(schema, list):
        return [_without_header_designations(v) for v in schema]
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == _HEADER_DESIGNATION:
            continue
        if key in _SCHEMA_MAPS and isinstance(value, dict):
            out[key] = {name: _without_header_designations(sub) for name, sub in value.items()}
        else:
            out[key] = _without_header_designations(value)
    return out


def connected_tool(tool: PoolTool) -> Tool:
    """A connected tool as tools/list shows it: its advertised name and its schema, frozen keys removed."""
    return Tool(
        name=tool.name,
        description=tool.description,
        input_schema=_without_header_designations(tool.input_schema),
        annotations=_annotations(tool.classification, open_world=True),
    )
