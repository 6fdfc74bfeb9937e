"""Remote MCP servers in the pure core: the org file, admitting listed tools, classification
from annotations, the pool tools built from them, and the storage form."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from cardamom.core.orgdef import ConnectorDef, OrgDefinition, cross_reference_problems
from cardamom.core.pool_builder import mcp_upstreams, remote_classification
from cardamom.core.remote_tools import MAX_DESCRIPTION_CHARS, MAX_TOOLS_PER_UPSTREAM, RemoteTool, admit_listing
from cardamom.core.snapshot import build_snapshot
from cardamom.core.snapshot_codec import decode_snapshot, encode_snapshot

# ---- the org file ------------------------------------------------------------------------------


def test_an_mcp_connector_takes_an_endpoint_and_declares_no_tools() -> None:
    connector = ConnectorDef(id="notes", label="Notes", kind="mcp", base_url="https://mcp.example.com/mcp/")
    assert (connector.kind, connector.base_url, connector.tools) == ("mcp", "https://mcp.example.com/mcp", [])
    assert ConnectorDef(id="api", label="API", base_url="https://api.example.com").kind == "http"


def test_an_mcp_connector_with_tools_is_refused() -> None:
    with pytest.raises(ValidationError, match="an mcp connector declares no tools"):
        ConnectorDef.model_validate(
            {
                "id": "n",
                "label": "N",
                "kind": "mcp",
                "base_url": "https://m.example",
                "tools": [{"name": "t", "path": "/t"}],
            }
        )


def test_an_mcp_connector_cannot_merge_accounts() -> None:
    with pytest.raises(ValidationError, match="merge_accounts does not apply"):
        ConnectorDef(id="n", label="N", kind="mcp", base_url="https://m.example", merge_accounts=True)


def test_an_unknown_kind_is_refused() -> None:
    with pytest.raises(ValidationError):
        ConnectorDef.model_validate({"id": "n", "label": "N", "kind": "grpc", "base_url": "https://m.example"})


def org(frozen: dict[str, Any] | None = None, status: str = "active") -> OrgDefinition:
    return OrgDefinition.model_validate(
        {
            "org": "acme",
            "connectors": [
                {
                    "id": "notes",
                    "label": "Notes",
                    "kind": "mcp",
                    "base_url": "https://mcp.example.com/mcp",
                    "auth": {"type": "bearer"},
                },
                {
                    "id": "api",
                    "label": "API",
                    "base_url": "https://api.example.com",
                    "tools": [{"name": "list_things", "path": "/things"}],
                },
            ],
            "connections": [
                {
                    "account": "notes-a",
                    "connector": "notes",
                    "status": status,
                    "frozen": frozen or {},
                    "credentials": {"token_env": "NOTES_A"},
                },
                {"account": "notes-b", "connector": "notes", "credentials": {"token_env": "NOTES_B"}},
                {"account": "api", "connector": "api"},
            ],
        }
    )


def test_frozen_keys_of_an_mcp_connection_are_not_checked_against_tools_nobody_has_listed_yet() -> None:
    assert cross_reference_problems(org(frozen={"topic": "roadmap"})) == []


def test_the_servers_to_list_are_the_active_connections_of_mcp_connectors() -> None:
    upstreams = mcp_upstreams(org(status="pending"))
    assert [(u.account.account, u.connector.base_url, u.connector.auth.type) for u in upstreams] == [
        ("notes-b", "https://mcp.example.com/mcp", "bearer")
    ]
    assert [u.account.account for u in mcp_upstreams(org())] == ["notes-a", "notes-b"]


# ---- admitting a listing -----------------------------------------------------------------------


def entry(name: str, **fields: Any) -> dict[str, Any]:
    return {"name": name, "inputSchema": {"type": "object", "properties": {}}, **fields}


def test_names_are_made_safe_and_the_upstream_name_is_kept() -> None:
    tools, skipped = admit_listing([entry("files.read"), entry("ünïcode tool/x")])
    assert {t.upstream_name: t.name for t in tools} == {"files.read": "files_read", "ünïcode tool/x": "_n_code_tool_x"}
    assert skipped == []


@pytest.mark.parametrize("order", [0, 1])
def test_a_name_already_safe_keeps_it_and_the_made_safe_collider_gets_a_digest(order: int) -> None:
    entries = [entry("a.b"), entry("a_b")]
    tools, _ = admit_listing(entries if order == 0 else entries[::-1])
    by_upstream = {t.upstream_name: t.name for t in tools}
    assert by_upstream["a_b"] == "a_b"
    assert by_upstream["a.b"].startswith("a_b-") and len(by_upstream["a.b"]) == len("a_b-") + 8


def test_two_made_safe_names_colliding_are_told_apart_whatever_the_order() -> None:
    first, _ = admit_listing([entry("x.y"), entry("x/y")])
    second, _ = admit_listing([entry("x/y"), entry("x.y")])
    assert {t.upstream_name: t.name for t in first} == {t.upstream_name: t.name for t in second}
    assert len({t.name for t in first}) == 2


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        (None, {"type": "object", "properties": {}}),
        ({"properties": {"q": {"type": "string"}}}, {"type": "object", "properties": {"q": {"type": "string"}}}),
        ({"type": "object"}, {"type": "object", "properties": {}}),
    ],
)
def test_an_incomplete_schema_is_repaired(schema: Any, expected: dict[str, Any]) -> None:
    raw = {"name": "t"} if schema is None else {"name": "t", "inputSchema": schema}
    tools, skipped = admit_listing([raw])
    assert skipped == [] and tools[0].input_schema == expected


@pytest.mark.parametrize(
    ("schema", "reason"),
    [
        ("a string", "inputSchema is not an object"),
        ({"type": "array"}, "must describe an object"),
        ({"type": "object", "properties": []}, "properties is not a mapping"),
        ({"type": "object", "required": "q"}, "required is not a list"),
        ({"type": "object", "properties": {"q": {"type": 12}}}, "not a valid JSON Schema"),
        ({"type": "object", "properties": {"q": {"minLength": -1}}}, "not a valid JSON Schema"),
    ],
)
def test_a_schema_that_cannot_be_repaired_skips_the_tool_with_the_reason(schema: Any, reason: str) -> None:
    tools, skipped = admit_listing([{"name": "t", "inputSchema": schema}, entry("ok")])
    assert [t.name for t in tools] == ["ok"]
    assert len(skipped) == 1 and skipped[0].name == "t" and reason in skipped[0].reason


@pytest.mark.parametrize("raw", ["not an object", {"description": "no name"}, {"name": ""}, {"name": 7}])
def test_an_entry_without_a_usable_name_is_skipped(raw: Any) -> None:
    tools, skipped = admit_listing([raw])
    assert tools == [] and len(skipped) == 1


def test_a_name_listed_twice_keeps_the_first() -> None:
    tools, skipped = admit_listing([entry("t", description="first"), entry("t", description="second")])
    assert [t.description for t in tools] == ["first"]
    assert "twice" in skipped[0].reason


def test_the_description_falls_back_to_the_title_and_is_capped() -> None:
    tools, _ = admit_listing(
        [
            entry("titled", title="Update a widget"),
            entry("annotated", annotations={"title": "Annotated title"}),
            entry("long", description="x" * (MAX_DESCRIPTION_CHARS + 10)),
            entry("bare"),
        ]
    )
    by_name = {t.name: t.description for t in tools}
    assert by_name["titled"] == "Update a widget"
    assert by_name["annotated"] == "Annotated title"
    assert len(by_name["long"]) == MAX_DESCRIPTION_CHARS
    assert by_name["bare"] == ""


def test_only_boolean_hints_are_kept() -> None:
    tools, _ = admit_listing(
        [entry("t", annotations={"readOnlyHint": "yes", "destructiveHint": False, "openWorldHint": True, "x": 1})]
    )
    assert tools[0].hints == {"destructiveHint": False, "openWorldHint": True}


def test_a_listing_over_the_limit_is_cut() -> None:
    tools, skipped = admit_listing([entry(f"t{i:04d}") for i in range(MAX_TOOLS_PER_UPSTREAM + 3)])
    assert len(tools) == MAX_TOOLS_PER_UPSTREAM and len(skipped) == 3


# ---- classification and the pool ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("hints", "classification"),
    [
        ({"readOnlyHint": True}, "read"),
        ({"readOnlyHint": True, "destructiveHint": True}, "read"),  # destructiveHint applies only to writers
        ({"destructiveHint": True}, "destructive"),
        ({"destructiveHint": False}, "write"),
        ({"readOnlyHint": False, "destructiveHint": False}, "write"),
        ({"readOnlyHint": False}, "destructive"),
        ({"idempotentHint": True, "openWorldHint": False}, "destructive"),
        ({}, "destructive"),  # no hints: the spec's default, destructiveHint true
    ],
)
def test_classification_from_annotations(hints: dict[str, bool], classification: str) -> None:
    assert remote_classification(hints) == classification


def remote(name: str, hints: dict[str, bool] | None = None, properties: dict[str, Any] | None = None) -> RemoteTool:
    schema: dict[str, Any] = {"type": "object", "properties": properties or {}}
    if properties:
        schema["required"] = list(properties)
    return RemoteTool(name, name.replace("_", "."), f"Does {name}.", schema, hints or {})


DISCOVERED = {
    "notes-a": [remote("read_notes", {"readOnlyHint": True}, {"topic": {"type": "string"}})],
    "notes-b": [remote("delete_note", {"destructiveHint": True}, {"note_id": {"type": "string"}})],
}


def test_discovered_tools_join_the_pool_per_account() -> None:
    snapshot = build_snapshot(org(), 3, DISCOVERED)
    tools = {t.name: t for t in snapshot.tools}
    assert set(tools) == {"notes-a__read_notes", "notes-b__delete_note", "api__list_things"}
    read = tools["notes-a__read_notes"]
    assert (read.account, read.connector, read.tool, read.upstream_name) == (
        "notes-a",
        "notes",
        "read_notes",
        "read.notes",
    )
    assert (read.classification, read.target, read.remote) == ("read", None, True)
    assert tools["notes-b__delete_note"].classification == "destructive"
    assert tools["api__list_things"].remote is False


def test_without_discovery_an_mcp_connection_contributes_nothing_and_the_rest_is_intact() -> None:
    snapshot = build_snapshot(org(), 3)
    assert [t.name for t in snapshot.tools] == ["api__list_things"]


def test_an_inactive_mcp_connection_contributes_nothing_even_if_listed() -> None:
    snapshot = build_snapshot(org(status="needs_reauth"), 3, DISCOVERED)
    assert "notes-a__read_notes" not in {t.name for t in snapshot.tools}


def test_frozen_values_apply_to_discovered_tools_that_take_them() -> None:
    snapshot = build_snapshot(org(frozen={"topic": "roadmap"}), 3, DISCOVERED)
    read = snapshot.tool("notes-a__read_notes")
    assert read is not None and read.frozen == {"topic": "roadmap"}
    assert "topic" not in read.input_schema["properties"] and "required" not in read.input_schema
    assert read.description.endswith("topic=roadmap.")


def test_discovered_tools_are_searchable_and_survive_the_storage_form() -> None:
    snapshot = build_snapshot(org(), 3, DISCOVERED)
    decoded = decode_snapshot(encode_snapshot(snapshot))
    assert decoded.tools == snapshot.tools
    tool = decoded.tool("notes-b__delete_note")
    assert tool is not None and tool.upstream_name == "delete.note"
