"""Advertised names, and the precomputed tool pool with its storage form."""

from __future__ import annotations

import zlib
from typing import Any

import pytest

from cardamom.core.naming import MAX_NAME_LENGTH, advertised_name, control_plane_name, is_valid_tool_name
from cardamom.core.orgdef import OrgDefinition
from cardamom.core.search import rank
from cardamom.core.snapshot import Snapshot, build_snapshot
from cardamom.core.snapshot_codec import CorruptSnapshot, decode_snapshot, encode_snapshot

# ---- naming -------------------------------------------------------------------------------------------


def test_advertised_name_joins_account_and_tool_with_a_double_underscore() -> None:
    assert advertised_name("notion-legal", "list_all_users") == "notion-legal__list_all_users"


def test_a_name_of_exactly_64_characters_is_kept_whole() -> None:
    account = "a" * 30
    tool = "t" * (64 - 30 - 2)
    name = advertised_name(account, tool)
    assert name == f"{account}__{tool}"
    assert len(name) == 64


def test_a_long_name_is_cut_to_64_with_a_digest_suffix() -> None:
    account = "notion-legal-department-archive"
    tool = "retrieve_the_children_of_a_block_in_a_very_long_and_descriptive_manner"
    full = f"{account}__{tool}"
    name = advertised_name(account, tool)
    assert len(full) > MAX_NAME_LENGTH
    assert len(name) == MAX_NAME_LENGTH
    assert name.startswith(full[:40])
    head, digest = name.rsplit("-", 1)
    assert full.startswith(head)
    assert len(digest) == 8
    assert all(c in "0123456789abcdef" for c in digest)
    assert is_valid_tool_name(name)


def test_a_long_name_is_stable() -> None:
    account, tool = "acct", "x" * 80
    assert advertised_name(account, tool) == advertised_name(account, tool)


def test_distinct_long_names_sharing_a_prefix_stay_distinct() -> None:
    account = "notion-legal"
    tools = [f"{'very_long_tool_name_' * 3}{suffix}" for suffix in ("alpha", "beta", "gamma", "delta")]
    names = [advertised_name(account, t) for t in tools]
    assert all(len(n) <= MAX_NAME_LENGTH for n in names)
    assert len(set(names)) == len(names)


def test_the_digest_tells_apart_account_and_tool_boundaries() -> None:
    long_tool = "t" * 70
    assert advertised_name("ab", "c" + long_tool) != advertised_name("abc", long_tool)


@pytest.mark.parametrize(
    ("name", "valid"),
    [
        ("notion-legal__list_all_users", True),
        ("a", True),
        ("a" * 64, True),
        ("a" * 65, False),
        ("", False),
        ("has space", False),
        ("dotted.name", False),
        ("ünïcode", False),
    ],
)
def test_is_valid_tool_name(name: str, valid: bool) -> None:
    assert is_valid_tool_name(name) is valid


def test_control_plane_names() -> None:
    assert control_plane_name("connections", "list") == "cardamom__connections__list"


# ---- building a snapshot ------------------------------------------------------------------------------


def org_definition(**overrides: Any) -> OrgDefinition:
    data: dict[str, Any] = {
        "org": "acme",
        "connectors": [
            {
                "id": "notion",
                "label": "Notion",
                "base_url": "https://api.notion.com",
                "auth": {"type": "bearer"},
                "tools": [
                    {
                        "name": "list_all_users",
                        "description": "List all users in the workspace.",
                        "method": "GET",
                        "path": "/v1/users",
                    },
                    {
                        "name": "retrieve_page",
                        "description": "Retrieve a page by its id.",
                        "method": "GET",
                        "path": "/v1/pages/{page_id}",
                        "target": "page_id",
                        "input_schema": {
                            "type": "object",
                            "properties": {"page_id": {"type": "string"}},
                            "required": ["page_id"],
                        },
                    },
                    {
                        "name": "create_page",
                        "description": "Create a page in a database.",
                        "method": "POST",
                        "path": "/v1/databases/{database_id}/pages",
                        "input_schema": {
                            "type": "object",
                            "properties": {
                                "title": {"type": "string"},
                                "workspace": {"type": "string"},
                                "database_id": {"type": "string", "description": "The database."},
                            },
                            "required": ["title", "workspace"],
                        },
                    },
                    {
                        "name": "delete_block",
                        "description": "Delete a block.",
                        "method": "DELETE",
                        "path": "/v1/blocks/{block_id}",
                        "target": "block_id",
                    },
                    {
                        "name": "search",
                        "description": "Search by title.",
                        "method": "POST",
                        "path": "/v1/search",
                        "classification": "read",
                        "arguments_in": {"query": "query"},
                        "input_schema": {"type": "object", "properties": {"query": {"type": "string"}}},
                    },
                ],
            },
            {
                "id": "calcom",
                "label": "Cal.com",
                "base_url": "https://api.cal.com",
                "auth": {"type": "api_key", "query_param": "apiKey"},
                "tools": [
                    {
                        "name": "list_all_schedules",
                        "description": "List all schedules.",
                        "method": "GET",
                        "path": "/v2/schedules",
                    }
                ],
            },
        ],
        "connections": [
            {"account": "notion-legal", "connector": "notion", "credentials": {"token_env": "LEGAL"}},
            {
                "account": "notion-marketing",
                "connector": "notion",
                "credentials": {"token_env": "MARKETING"},
                "frozen": {"workspace": "marketing", "database_id": "db-42"},
            },
            {
                "account": "calcom",
                "connector": "calcom",
                "status": "pending",
                "credentials": {"api_key_env": "CAL"},
            },
        ],
        "members": [{"id": "alice", "role": "member"}],
        "restrictions": [
            {"id": "r1", "target": {"role": "member"}, "effect": "block", "connector": "notion", "tools": ["delete_*"]}
        ],
    }
    data.update(overrides)
    return OrgDefinition.model_validate(data)


@pytest.fixture
def snapshot() -> Snapshot:
    return build_snapshot(org_definition(), version=7)


def tool_names(snapshot: Snapshot) -> list[str]:
    return [t.name for t in snapshot.tools]


def test_snapshot_holds_every_tool_of_every_active_connection(snapshot: Snapshot) -> None:
    assert (snapshot.org, snapshot.version) == ("acme", 7)
    assert set(tool_names(snapshot)) == {
        f"{account}__{tool}"
        for account in ("notion-legal", "notion-marketing")
        for tool in ("list_all_users", "retrieve_page", "create_page", "delete_block", "search")
    }
    for name in tool_names(snapshot):
        found = snapshot.tool(name)
        assert found is not None
        assert found.name == name
    assert snapshot.tool("nope__nothing") is None


@pytest.mark.parametrize("status", ["pending", "needs_reauth"])
def test_inactive_connections_contribute_nothing(status: str) -> None:
    org = org_definition()
    connections = [c.model_dump() for c in org.connections]
    connections[0]["status"] = status  # notion-legal
    snap = build_snapshot(org_definition(connections=connections), version=1)
    assert not any(t.account == "notion-legal" for t in snap.tools)
    assert "notion-legal" not in snap.accounts
    assert snap.tool("notion-legal__list_all_users") is None
    assert not any(t.account == "calcom" for t in snap.tools)  # pending in the base org
    assert "calcom" not in snap.accounts
    assert rank(snap.index, "list all schedules cal com").empty
    # The connectors themselves stay known; only the account is absent.
    assert "calcom" in snap.connectors


def test_a_pending_connection_becoming_active_adds_its_tools() -> None:
    org = org_definition()
    connections = [c.model_dump() for c in org.connections]
    connections[2]["status"] = "active"
    snap = build_snapshot(org_definition(connections=connections), version=2)
    assert snap.tool("calcom__list_all_schedules") is not None
    assert snap.accounts["calcom"].credentials.api_key_env == "CAL"


def test_accounts_record_their_connector_and_credential_reference(snapshot: Snapshot) -> None:
    assert set(snapshot.accounts) == {"notion-legal", "notion-marketing"}
    legal = snapshot.accounts["notion-legal"]
    assert (legal.connector, legal.credentials.token_env) == ("notion", "LEGAL")


def test_tool_records_carry_classification_and_request_shape(snapshot: Snapshot) -> None:
    expected = {
        "list_all_users": "read",
        "retrieve_page": "read",
        "create_page": "write",
        "delete_block": "destructive",
        "search": "read",  # the explicit classification beats POST
    }
    for name, classification in expected.items():
        tool = snapshot.tool(f"notion-legal__{name}")
        assert tool is not None
        assert tool.classification == classification
        assert (tool.account, tool.connector, tool.tool) == ("notion-legal", "notion", name)
    search = snapshot.tool("notion-legal__search")
    assert search is not None
    assert (search.method, search.path, search.arguments_in) == ("POST", "/v1/search", {"query": "query"})
    retrieve = snapshot.tool("notion-legal__retrieve_page")
    assert retrieve is not None
    assert retrieve.target == "page_id"


def test_frozen_keys_leave_the_advertised_schema(snapshot: Snapshot) -> None:
    tool = snapshot.tool("notion-marketing__create_page")
    assert tool is not None
    assert tool.frozen == {"workspace": "marketing", "database_id": "db-42"}
    assert set(tool.input_schema["properties"]) == {"title"}
    assert tool.input_schema["required"] == ["title"]


def test_a_schema_whose_required_keys_are_all_frozen_has_no_required_list() -> None:
    org = org_definition()
    connections = [c.model_dump() for c in org.connections]
    connections[1]["frozen"] = {"page_id": "p-1"}
    snap = build_snapshot(org_definition(connections=connections), version=1)
    tool = snap.tool("notion-marketing__retrieve_page")
    assert tool is not None
    assert tool.input_schema["properties"] == {}
    assert "required" not in tool.input_schema
    assert tool.frozen == {"page_id": "p-1"}


def test_the_description_gains_the_frozen_values(snapshot: Snapshot) -> None:
    tool = snapshot.tool("notion-marketing__create_page")
    assert tool is not None
    assert tool.description.startswith("Create a page in a database.")
    assert "workspace=marketing" in tool.description
    assert "database_id=db-42" in tool.description


def test_non_string_frozen_values_appear_as_json() -> None:
    org = org_definition()
    connections = [c.model_dump() for c in org.connections]
    connections[1]["frozen"] = {"workspace": {"id": 3, "kind": "team"}}
    snap = build_snapshot(org_definition(connections=connections), version=1)
    tool = snap.tool("notion-marketing__create_page")
    assert tool is not None
    assert 'workspace={"id": 3, "kind": "team"}' in tool.description


def test_frozen_values_apply_only_to_tools_that_take_them(snapshot: Snapshot) -> None:
    listing = snapshot.tool("notion-marketing__list_all_users")
    assert listing is not None
    assert listing.frozen == {}
    assert listing.description == "List all users in the workspace."
    same_tool_other_account = snapshot.tool("notion-legal__create_page")
    assert same_tool_other_account is not None
    assert same_tool_other_account.frozen == {}
    assert set(same_tool_other_account.input_schema["properties"]) == {"title", "workspace", "database_id"}
    assert same_tool_other_account.description == "Create a page in a database."


def test_frozen_values_are_searchable_but_the_scaffolding_is_not(snapshot: Snapshot) -> None:
    doc = snapshot.index.documents[snapshot.by_name["notion-marketing__create_page"]]
    assert {"marketing", "db", "42"} <= doc.description_tokens
    assert doc.description_tokens.isdisjoint({"frozen", "set", "connection"})


def test_missing_path_parameters_are_added_as_required_strings(snapshot: Snapshot) -> None:
    tool = snapshot.tool("notion-legal__delete_block")
    assert tool is not None
    assert tool.input_schema["type"] == "object"
    assert tool.input_schema["properties"] == {"block_id": {"type": "string"}}
    assert tool.input_schema["required"] == ["block_id"]


def test_a_declared_path_parameter_keeps_its_schema_and_becomes_required(snapshot: Snapshot) -> None:
    tool = snapshot.tool("notion-legal__create_page")
    assert tool is not None
    assert tool.input_schema["properties"]["database_id"] == {"type": "string", "description": "The database."}
    assert tool.input_schema["required"] == ["title", "workspace", "database_id"]


def test_a_tool_without_path_parameters_keeps_its_schema(snapshot: Snapshot) -> None:
    tool = snapshot.tool("notion-legal__list_all_users")
    assert tool is not None
    assert tool.input_schema == {"type": "object", "properties": {}}


def test_building_does_not_change_the_org_definition() -> None:
    org = org_definition()
    before = org.model_dump()
    build_snapshot(org, version=1)
    assert org.model_dump() == before


def test_tools_are_ordered_by_codepoint_of_the_advertised_name() -> None:
    tools = [
        {"name": name, "method": "GET", "path": f"/p{i}"}
        for i, name in enumerate(["ab", "a_b", "aB", "a-b", "a1", "Zeta", "zeta"])
    ]
    org = org_definition(
        connectors=[{"id": "demo", "label": "Demo", "base_url": "https://demo.example", "tools": tools}],
        connections=[
            {"account": "beta", "connector": "demo"},
            {"account": "Alpha", "connector": "demo"},
            {"account": "alpha", "connector": "demo"},
        ],
        restrictions=[],
    )
    names = tool_names(build_snapshot(org, version=1))
    assert names == sorted(names, key=lambda n: [ord(c) for c in n])
    assert names[:7] == [
        "Alpha__Zeta",
        "Alpha__a-b",
        "Alpha__a1",
        "Alpha__aB",
        "Alpha__a_b",
        "Alpha__ab",
        "Alpha__zeta",
    ]
    assert names[7].startswith("alpha__")
    assert names[-1] == "beta__zeta"


def test_tool_order_does_not_depend_on_file_order() -> None:
    org = org_definition()
    reversed_org = org_definition(connections=[c.model_dump() for c in reversed(org.connections)])
    assert tool_names(build_snapshot(org, 1)) == tool_names(build_snapshot(reversed_org, 1))


def test_restrictions_are_carried(snapshot: Snapshot) -> None:
    assert [r.id for r in snapshot.restrictions] == ["r1"]
    assert snapshot.restrictions[0].tools == ["delete_*"]


def test_the_index_matches_the_tools(snapshot: Snapshot) -> None:
    assert [d.name for d in snapshot.index.documents] == tool_names(snapshot)
    assert snapshot.by_name == {name: i for i, name in enumerate(tool_names(snapshot))}
    doc = snapshot.index.documents[snapshot.by_name["notion-legal__list_all_users"]]
    assert {"list", "all", "users", "notion", "legal"} <= doc.name_tokens
    assert doc.label_tokens == frozenset({"notion"})


# ---- storage form ---------------------------------------------------------------------------------------


def ranked(snap: Snapshot, query: str) -> list[tuple[str, int, float]]:
    return [(h.name, h.score, round(h.coverage, 12)) for h in rank(snap.index, query).hits]


def test_encode_decode_round_trips(snapshot: Snapshot) -> None:
    decoded = decode_snapshot(encode_snapshot(snapshot))
    assert (decoded.org, decoded.version) == (snapshot.org, snapshot.version)
    assert decoded.tools == snapshot.tools
    assert decoded.by_name == snapshot.by_name
    assert decoded.connectors == snapshot.connectors
    assert decoded.accounts == snapshot.accounts
    assert decoded.restrictions == snapshot.restrictions
    assert list(decoded.index.documents) == list(snapshot.index.documents)


@pytest.mark.parametrize(
    "query",
    ["list all users", "retrieve page", "marketing", "notion legal", "delete block", "list_all_cal_com_schedules"],
)
def test_a_decoded_snapshot_searches_the_same(snapshot: Snapshot, query: str) -> None:
    decoded = decode_snapshot(encode_snapshot(snapshot))
    assert ranked(decoded, query) == ranked(snapshot, query)


def test_search_results_are_not_trivially_empty(snapshot: Snapshot) -> None:
    assert ranked(snapshot, "list all users")
    assert ranked(snapshot, "list_all_cal_com_schedules") == []


def test_encoding_is_deterministic(snapshot: Snapshot) -> None:
    assert encode_snapshot(snapshot) == encode_snapshot(build_snapshot(org_definition(), version=7))
    assert encode_snapshot(decode_snapshot(encode_snapshot(snapshot))) == encode_snapshot(snapshot)


@pytest.mark.parametrize(
    "blob",
    [
        b"",
        b"garbage",
        b"\x00" * 64,
        zlib.compress(b"not json"),
        zlib.compress(b"[1, 2, 3]"),
        zlib.compress(b'{"format": 999}'),
        zlib.compress(b'{"format": 1}'),
        zlib.compress(b'{"format": 1, "org": "acme", "version": 1, "connectors": [], "accounts": [], "tools": [[1]]}'),
    ],
)
def test_garbage_is_a_corrupt_snapshot(blob: bytes) -> None:
    with pytest.raises(CorruptSnapshot):
        decode_snapshot(blob)


@pytest.mark.parametrize("keep", [0.25, 0.5, 0.9])
def test_truncated_bytes_are_a_corrupt_snapshot(snapshot: Snapshot, keep: float) -> None:
    blob = encode_snapshot(snapshot)
    with pytest.raises(CorruptSnapshot):
        decode_snapshot(blob[: int(len(blob) * keep)])


def test_one_byte_short_is_a_corrupt_snapshot(snapshot: Snapshot) -> None:
    blob = encode_snapshot(snapshot)
    with pytest.raises(CorruptSnapshot):
        decode_snapshot(blob[:-1])
