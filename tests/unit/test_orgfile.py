"""Reading an org file: the issue's example applies, and every problem points at its line."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from cardamom.core.orgdef import OrgDefinition
from cardamom.core.orgfile import parse_org_definition
from cardamom.core.problems import format_path
from cardamom.errors import OrgDefinitionError

FILENAME = "org.yaml"

# The issue's example org, copied from tests/support.py (NOTION_ONLY_ORG) and formatted with a base URL.
EXAMPLE_ORG = """\
org: acme
connectors:
  - id: notion
    label: Notion
    base_url: https://api.notion.com
    auth: {type: bearer}
    tools:
      - name: list_all_users
        description: List all users in the workspace.
        method: GET
        path: /v1/users
      - name: retrieve_page
        description: Retrieve a page by its id.
        method: GET
        path: /v1/pages/{page_id}
        target: page_id
        input_schema: {type: object, properties: {page_id: {type: string}}, required: [page_id]}
connections:
  - {account: notion-legal, connector: notion, status: active, credentials: {token_env: NOTION_LEGAL_TOKEN}}
members:
  - {id: alice, role: member}
restrictions: []
"""

CONNECTION_LINE = (
    "  - {account: notion-legal, connector: notion, status: active, credentials: {token_env: NOTION_LEGAL_TOKEN}}"
)


def parse(text: str) -> OrgDefinition:
    return parse_org_definition(text, FILENAME)


def problems_of(text: str) -> list[tuple[str, str]]:
    with pytest.raises(OrgDefinitionError) as info:
        parse(text)
    problems = info.value.problems
    assert problems, "an OrgDefinitionError must list at least one problem"
    return problems


def edit(old: str, new: str, text: str = EXAMPLE_ORG) -> str:
    assert text.count(old) == 1, f"{old!r} must occur exactly once in the org text"
    return text.replace(old, new)


def line_of(text: str, fragment: str, occurrence: int = 1) -> int:
    """The 1-based line of the ``occurrence``-th line containing ``fragment``."""
    found = [n for n, line in enumerate(text.splitlines(), 1) if fragment in line]
    assert len(found) >= occurrence, f"{fragment!r} occurs on fewer than {occurrence} lines"
    return found[occurrence - 1]


def the_problem(text: str) -> tuple[str, str]:
    problems = problems_of(text)
    assert len(problems) == 1, problems
    return problems[0]


# ---- the example applies ----------------------------------------------------------------


def test_the_issue_example_org_applies_as_is() -> None:
    org = parse(EXAMPLE_ORG)
    assert org.org == "acme"
    [notion] = org.connectors
    assert (notion.id, notion.label, notion.base_url, notion.auth.type) == (
        "notion",
        "Notion",
        "https://api.notion.com",
        "bearer",
    )
    assert [t.name for t in notion.tools] == ["list_all_users", "retrieve_page"]
    list_users, retrieve_page = notion.tools
    assert (list_users.method, list_users.path, list_users.target) == ("GET", "/v1/users", None)
    assert (retrieve_page.path, retrieve_page.target) == ("/v1/pages/{page_id}", "page_id")
    assert retrieve_page.input_schema["required"] == ["page_id"]
    [connection] = org.connections
    assert (connection.account, connection.connector, connection.status) == ("notion-legal", "notion", "active")
    assert connection.credentials.token_env == "NOTION_LEGAL_TOKEN"
    assert [(m.id, m.role, m.status) for m in org.members] == [("alice", "member", "active")]
    assert org.restrictions == []


def test_the_example_applies_with_any_base_url_and_strips_a_trailing_slash() -> None:
    org = parse(edit("https://api.notion.com", "http://127.0.0.1:8765/demo/notion/"))
    assert org.connectors[0].base_url == "http://127.0.0.1:8765/demo/notion"


def test_lowercase_method_is_accepted() -> None:
    org = parse(edit("method: GET\n        path: /v1/users", "method: get\n        path: /v1/users"))
    assert org.connectors[0].tools[0].method == "GET"


# ---- each problem names the file, the line, the dotted path and says what is wrong ----------

SECOND_CONNECTOR = "connectors:\n  - {id: notion, label: Notion 2, base_url: 'https://notion.example'}\n"
SECOND_TOOL = "      - name: list_all_users\n        path: /v2/users\n      - name: retrieve_page"
SECOND_CONNECTION = "connections:\n  - {account: Notion-Legal, connector: notion, credentials: {token_env: OTHER}}\n"
SECOND_MEMBER = "  - {id: alice, role: member}\n  - {id: alice, role: admin}\n"
ROLE_AND_USER = "restrictions:\n  - effect: block\n    target: {role: member, user: alice}\n    connector: notion\n"
NEITHER_TARGET = "restrictions:\n  - effect: block\n    target: {}\n    connector: notion\n"
UNKNOWN_RULE_CONNECTOR = "restrictions:\n  - effect: block\n    target: {role: member}\n    connector: jira\n"
UNKNOWN_RULE_USER = "restrictions:\n  - effect: block\n    target:\n      user: bob\n    connector: notion\n"
FROZEN = "status: active, frozen: {workspace: legal},"


@pytest.mark.parametrize(
    ("old", "new", "path", "line_fragment", "occurrence", "message"),
    [
        pytest.param(
            "connector: notion,",
            "connector: jira,",
            "connections[0].connector",
            "connector: jira",
            1,
            "unknown connector 'jira' (known: notion)",
            id="unknown-connector-in-connection",
        ),
        pytest.param(
            "connectors:\n",
            SECOND_CONNECTOR,
            "connectors[1].id",
            "id: notion",
            2,
            "defined twice",
            id="duplicate-connector",
        ),
        pytest.param(
            "      - name: retrieve_page",
            SECOND_TOOL,
            "connectors[0].tools[1].name",
            "name: list_all_users",
            2,
            "tool 'list_all_users' is defined twice",
            id="duplicate-tool",
        ),
        pytest.param(
            "connections:\n",
            SECOND_CONNECTION,
            "connections[1].account",
            "account: notion-legal",
            1,
            "account 'notion-legal' is defined twice",
            id="duplicate-account-casefolded",
        ),
        pytest.param(
            "  - {id: alice, role: member}\n",
            SECOND_MEMBER,
            "members[1].id",
            "role: admin",
            1,
            "member 'alice' is defined twice",
            id="duplicate-member",
        ),
        pytest.param(
            "target: page_id",
            "target: pageid",
            "connectors[0].tools[1].target",
            "target: pageid",
            1,
            "target 'pageid' is not a path parameter of /v1/pages/{page_id}",
            id="target-not-a-path-parameter",
        ),
        pytest.param(
            "method: GET\n        path: /v1/users",
            "method: FETCH\n        path: /v1/users",
            "connectors[0].tools[0].method",
            "method: FETCH",
            1,
            "'GET'",
            id="bad-method",
        ),
        pytest.param(
            "path: /v1/users",
            "path: v1/users",
            "connectors[0].tools[0].path",
            "path: v1/users",
            1,
            "path must start with '/'",
            id="path-without-leading-slash",
        ),
        pytest.param(
            "path: /v1/users",
            "path: /v1/../admin",
            "connectors[0].tools[0].path",
            "path: /v1/../admin",
            1,
            "'..'",
            id="path-with-dot-dot",
        ),
        pytest.param(
            "input_schema: {type: object,",
            "input_schema: {type: array,",
            "connectors[0].tools[1].input_schema",
            "input_schema:",
            1,
            "input_schema must describe an object",
            id="input-schema-not-an-object",
        ),
        pytest.param(
            "properties: {page_id: {type: string}}",
            "properties: {page_id: {type: strin}}",
            "connectors[0].tools[1].input_schema",
            "input_schema:",
            1,
            "not a valid JSON Schema",
            id="input-schema-invalid-json-schema",
        ),
        pytest.param(
            "account: notion-legal,",
            "account: cardamom,",
            "connections[0].account",
            "account: cardamom",
            1,
            "reserved",
            id="reserved-account-cardamom",
        ),
        pytest.param(
            "account: notion-legal,",
            "account: Cardamom,",
            "connections[0].account",
            "account: Cardamom",
            1,
            "reserved",
            id="reserved-account-any-case",
        ),
        pytest.param(
            "credentials: {token_env: NOTION_LEGAL_TOKEN}",
            "credentials: {}",
            "connections[0].credentials.token_env",
            "credentials: {}",
            1,
            "connector notion uses bearer auth: give token_env or secret",
            id="bearer-needs-token-env",
        ),
        pytest.param(
            "{token_env: NOTION_LEGAL_TOKEN}",
            "{token_env: NOTION_LEGAL_TOKEN, api_key_env: KEY}",
            "connections[0].credentials.api_key_env",
            "api_key_env: KEY",
            1,
            "connector notion uses bearer auth: api_key_env does not apply",
            id="bearer-takes-no-api-key",
        ),
        pytest.param(
            "auth: {type: bearer}",
            "auth: {type: none}",
            "connections[0].credentials.token_env",
            "token_env: NOTION_LEGAL_TOKEN",
            1,
            "connector notion uses none auth: token_env does not apply",
            id="none-takes-nothing",
        ),
        pytest.param(
            "status: active,",
            FROZEN,
            "connections[0].frozen.workspace",
            "frozen:",
            1,
            "'workspace' is not an argument of any notion tool",
            id="frozen-key-no-tool-takes",
        ),
        pytest.param(
            "restrictions: []\n",
            UNKNOWN_RULE_CONNECTOR,
            "restrictions[0].connector",
            "connector: jira",
            1,
            "unknown connector 'jira'",
            id="restriction-unknown-connector",
        ),
        pytest.param(
            "restrictions: []\n",
            UNKNOWN_RULE_USER,
            "restrictions[0].target.user",
            "user: bob",
            1,
            "unknown member 'bob'",
            id="restriction-unknown-user",
        ),
        pytest.param(
            "restrictions: []\n",
            ROLE_AND_USER,
            "restrictions[0].target",
            "target: {role: member, user: alice}",
            1,
            "exactly one of role or user",
            id="restriction-target-role-and-user",
        ),
        pytest.param(
            "restrictions: []\n",
            NEITHER_TARGET,
            "restrictions[0].target",
            "target: {}",
            1,
            "exactly one of role or user",
            id="restriction-target-neither",
        ),
        pytest.param(
            "org: acme\n",
            "org: acme\nowner: alice\n",
            "owner",
            "owner: alice",
            1,
            "Extra inputs are not permitted",
            id="unknown-top-level-key",
        ),
        pytest.param(
            "method: GET\n        path: /v1/users",
            "method: GET\n        verb: list\n        path: /v1/users",
            "connectors[0].tools[0].verb",
            "verb: list",
            1,
            "Extra inputs are not permitted",
            id="unknown-nested-key",
        ),
        pytest.param(
            "role: member}",
            "role: superuser}",
            "members[0].role",
            "role: superuser",
            1,
            "'owner'",
            id="unknown-role",
        ),
    ],
)
def test_each_problem_names_file_line_and_path(
    old: str, new: str, path: str, line_fragment: str, occurrence: int, message: str
) -> None:
    text = edit(old, new)
    where, what = the_problem(text)
    assert where == f"{FILENAME}:{line_of(text, line_fragment, occurrence)} {path}"
    assert message in what


def test_error_text_lists_every_problem_as_file_line_path_message() -> None:
    text = edit("connector: notion,", "connector: jira,")
    with pytest.raises(OrgDefinitionError) as info:
        parse(text)
    line = line_of(text, "connector: jira")
    assert str(info.value) == f"{FILENAME}:{line} connections[0].connector: unknown connector 'jira' (known: notion)"


def test_the_location_uses_the_filename_it_was_given() -> None:
    with pytest.raises(OrgDefinitionError) as info:
        parse_org_definition(edit("connector: notion,", "connector: jira,"), "deploy/acme-org.yaml")
    [(where, _)] = info.value.problems
    assert where.startswith("deploy/acme-org.yaml:19 ")


def test_account_label_with_underscore_is_refused_readably() -> None:
    text = edit("account: notion-legal,", "account: notion_legal,")
    where, what = the_problem(text)
    assert where == f"{FILENAME}:{line_of(text, 'notion_legal')} connections[0].account"
    # A readable message says what is wrong with the label, not just a regular expression.
    assert "underscore" in what.lower(), what


@pytest.mark.parametrize("label", ["-legal", "legal-", "a" * 33, "le gal", "legal.team"])
def test_malformed_account_labels_are_refused_at_the_account(label: str) -> None:
    text = edit("account: notion-legal,", f"account: '{label}',")
    where, _ = the_problem(text)
    assert where == f"{FILENAME}:19 connections[0].account"


def test_an_account_label_of_32_characters_is_accepted() -> None:
    label = "a" + "b" * 30 + "c"
    org = parse(edit("account: notion-legal,", f"account: {label},"))
    assert org.connections[0].account == label


def test_credentials_for_basic_auth_need_both_names() -> None:
    text = edit("auth: {type: bearer}", "auth: {type: basic}")
    problems = problems_of(text)
    assert sorted(problems) == sorted(
        [
            (
                f"{FILENAME}:19 connections[0].credentials.username_env",
                "connector notion uses basic auth: give username_env + password_env or secret",
            ),
            (
                f"{FILENAME}:19 connections[0].credentials.password_env",
                "connector notion uses basic auth: give username_env + password_env or secret",
            ),
            (
                f"{FILENAME}:19 connections[0].credentials.token_env",
                "connector notion uses basic auth: token_env does not apply",
            ),
        ]
    )


def test_a_frozen_key_some_tool_takes_is_accepted() -> None:
    org = parse(edit("status: active,", "status: active, frozen: {page_id: p1},"))
    assert org.connections[0].frozen == {"page_id": "p1"}


def test_block_style_credentials_point_at_the_exact_line() -> None:
    text = edit(
        CONNECTION_LINE + "\n",
        "  - account: notion-legal\n    connector: notion\n    credentials:\n      api_key_env: KEY\n",
    )
    problems = dict((what, where) for where, what in problems_of(text))
    assert len(problems) == 2, problems
    # A key that is there points at its own line.
    assert problems["connector notion uses bearer auth: api_key_env does not apply"] == (
        f"{FILENAME}:{line_of(text, 'api_key_env: KEY')} connections[0].credentials.api_key_env"
    )
    # A key that is missing points into the mapping it is missing from.
    missing = problems["connector notion uses bearer auth: give token_env or secret"]
    assert missing in {
        f"{FILENAME}:{line} connections[0].credentials.token_env"
        for line in (line_of(text, "credentials:"), line_of(text, "api_key_env: KEY"))
    }


# ---- problems in the YAML itself --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("org: acme\nmembers:\n\t- id: alice\n", 3),
        ("org: acme\nmembers:\n  - id: alice\n    role: [member\nrestrictions: []\n", 5),
        ("org: acme\nmembers: *nope\n", 2),
    ],
)
def test_invalid_yaml_reports_a_line(text: str, line: int) -> None:
    where, what = the_problem(text)
    assert where == f"{FILENAME}:{line}"
    assert what.startswith("not valid YAML: ")


@pytest.mark.parametrize("text", ["- org: acme\n- connectors: []\n", "just a sentence\n", "42\n"])
def test_a_file_that_is_not_a_mapping_is_refused_at_line_one(text: str) -> None:
    where, what = the_problem(text)
    assert re.fullmatch(rf"{re.escape(FILENAME)}:1\b.*", where), where
    assert "mapping" in what


def test_an_empty_file_is_refused() -> None:
    where, what = the_problem("")
    assert where.startswith(FILENAME)
    assert "mapping" in what


@pytest.mark.parametrize(
    ("text", "path", "key"),
    [
        ("org: acme\norg: beta\n", "org", "org"),
        (
            edit("method: GET\n        path: /v1/users", "method: GET\n        method: POST\n        path: /v1/users"),
            "connectors[0].tools[0].method",
            "method",
        ),
    ],
)
def test_duplicate_keys_in_one_mapping_are_refused(text: str, path: str, key: str) -> None:
    problems = problems_of(text)
    duplicates = [(where, what) for where, what in problems if "appears twice" in what]
    assert len(duplicates) == 1, problems
    where, what = duplicates[0]
    assert where.startswith(f"{FILENAME}:")
    assert where.endswith(f" {path}")
    assert what == f"key {key!r} appears twice in the same mapping"


@pytest.mark.parametrize(
    ("text", "path", "repeat"),
    [
        ("org: acme\norg: beta\n", "org", "org: beta"),
        (
            edit("method: GET\n        path: /v1/users", "method: GET\n        method: POST\n        path: /v1/users"),
            "connectors[0].tools[0].method",
            "method: POST",
        ),
    ],
)
def test_a_duplicate_key_points_at_the_repeated_key(text: str, path: str, repeat: str) -> None:
    problems = problems_of(text)
    duplicates = [where for where, what in problems if "appears twice" in what]
    assert duplicates == [f"{FILENAME}:{line_of(text, repeat)} {path}"]


def test_duplicate_keys_in_different_mappings_are_fine() -> None:
    org = parse(EXAMPLE_ORG)  # every tool has its own 'name', 'method' and 'path'
    assert len(org.connectors[0].tools) == 2


# ---- all problems at once -----------------------------------------------------------------------


def test_several_reference_problems_are_reported_together() -> None:
    text = edit("connector: notion,", "connector: jira,")
    text = edit("  - {id: alice, role: member}\n", SECOND_MEMBER, text)
    text = edit("restrictions: []\n", UNKNOWN_RULE_USER, text)
    problems = problems_of(text)
    assert problems == [
        (
            f"{FILENAME}:{line_of(text, 'connector: jira')} connections[0].connector",
            "unknown connector 'jira' (known: notion)",
        ),
        (f"{FILENAME}:{line_of(text, 'role: admin')} members[1].id", "member 'alice' is defined twice"),
        (f"{FILENAME}:{line_of(text, 'user: bob')} restrictions[0].target.user", "unknown member 'bob'"),
    ]
    message = str(OrgDefinitionError(problems))
    assert len(message.splitlines()) == 3


def test_several_field_problems_are_reported_together() -> None:
    text = edit("method: GET\n        path: /v1/users", "method: FETCH\n        path: v1/users")
    text = edit("account: notion-legal,", "account: cardamom,", text)
    text = edit("org: acme\n", "org: acme\nowner: alice\n", text)
    locations = {where for where, _ in problems_of(text)}
    assert locations == {
        f"{FILENAME}:{line_of(text, 'owner: alice')} owner",
        f"{FILENAME}:{line_of(text, 'method: FETCH')} connectors[0].tools[0].method",
        f"{FILENAME}:{line_of(text, 'path: v1/users')} connectors[0].tools[0].path",
        f"{FILENAME}:{line_of(text, 'account: cardamom')} connections[0].account",
    }


def test_duplicate_keys_are_reported_with_field_problems() -> None:
    text = edit("org: acme\n", "org: acme\norg: acme\n")
    text = edit("role: member}", "role: superuser}", text)
    paths = sorted(where.split(" ", 1)[1] for where, _ in problems_of(text))
    assert paths == ["members[0].role", "org"]


# ---- restriction ids ------------------------------------------------------------------------------

THREE_RULES = """\
restrictions:
  - {target: {role: member}, effect: block, connector: notion, tools: [delete_*]}
  - {target: {role: guest}, effect: allow, connector: notion}
  - {target: {user: alice}, effect: block, connector: notion, tools: [retrieve_page]}
"""


def test_restrictions_without_ids_get_stable_positional_ids() -> None:
    text = edit("restrictions: []\n", THREE_RULES)
    first = parse(text)
    assert [r.id for r in first.restrictions] == ["r1", "r2", "r3"]
    assert [r.id for r in parse(text).restrictions] == ["r1", "r2", "r3"]
    assert first.restrictions[0].tools == ["delete_*"]


def test_an_explicit_restriction_id_is_kept() -> None:
    text = edit(
        "restrictions: []\n", THREE_RULES.replace("{target: {role: guest}", "{id: guests-notion, target: {role: guest}")
    )
    assert [r.id for r in parse(text).restrictions] == ["r1", "guests-notion", "r3"]


def test_a_repeated_explicit_restriction_id_is_refused() -> None:
    text = edit("restrictions: []\n", THREE_RULES.replace("{target: {role: guest}", "{id: same, target: {role: guest}"))
    text = text.replace("{target: {user: alice}", "{id: same, target: {user: alice}")
    where, what = the_problem(text)
    assert where == f"{FILENAME}:{line_of(text, 'user: alice')} restrictions[2].id"
    assert what == "restriction id 'same' is used twice"


def test_generated_restriction_ids_never_collide_with_explicit_ones() -> None:
    text = edit("restrictions: []\n", THREE_RULES.replace("{target: {role: member}", "{id: r2, target: {role: member}"))
    ids = [r.id for r in parse(text).restrictions]
    assert ids[0] == "r2"
    assert len(set(ids)) == len(ids), ids


# ---- format_path ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        (("connections", 0, "connector"), "connections[0].connector"),
        (("connectors", 1, "tools", 2, "input_schema"), "connectors[1].tools[2].input_schema"),
        (("org",), "org"),
        ((), "(top level)"),
    ],
)
def test_format_path(path: tuple[str | int, ...], expected: str) -> None:
    assert format_path(path) == expected


# ---- connector files: {file: PATH} in connectors -------------------------------------------------------

NOTION_CONNECTOR_FILE = """\
id: notion
label: Notion
base_url: https://api.notion.com
auth: {type: bearer}
tools:
  - name: list_all_users
    description: List all users in the workspace.
    method: GET
    path: /v1/users
  - name: retrieve_page
    description: Retrieve a page by its id.
    method: GET
    path: /v1/pages/{page_id}
    target: page_id
    input_schema: {type: object, properties: {page_id: {type: string}}, required: [page_id]}
"""

ORG_WITH_FILE = """\
org: acme
connectors:
  - file: connectors/notion.yaml
connections:
  - {account: notion-legal, connector: notion, status: active, credentials: {token_env: NOTION_LEGAL_TOKEN}}
members:
  - {id: alice, role: member}
"""


def reader(files: dict[str, str]) -> Callable[[str], str]:
    """A read_file over an in-memory folder; records the paths it was asked for."""

    def read(path: str) -> str:
        read.asked.append(path)  # type: ignore[attr-defined]
        if path not in files:
            raise FileNotFoundError(2, "No such file or directory", path)
        return files[path]

    read.asked = []  # type: ignore[attr-defined]
    return read


def test_a_connector_file_is_read_relative_to_the_org_file() -> None:
    read = reader({"deploy/connectors/notion.yaml": NOTION_CONNECTOR_FILE})
    org = parse_org_definition(ORG_WITH_FILE, "deploy/acme.yaml", read_file=read)
    assert read.asked == ["deploy/connectors/notion.yaml"]  # type: ignore[attr-defined]
    assert org == parse(EXAMPLE_ORG).model_copy(update={"restrictions": []})
    assert [t.name for t in org.connectors[0].tools] == ["list_all_users", "retrieve_page"]


def test_inline_connectors_and_connector_files_mix_in_order() -> None:
    text = ORG_WITH_FILE.replace(
        "  - file: connectors/notion.yaml\n",
        "  - {id: calcom, label: Cal.com, base_url: 'https://api.cal.com'}\n  - file: connectors/notion.yaml\n",
    )
    org = parse_org_definition(text, "acme.yaml", read_file=reader({"connectors/notion.yaml": NOTION_CONNECTOR_FILE}))
    assert [c.id for c in org.connectors] == ["calcom", "notion"]


def test_a_problem_inside_a_connector_file_names_that_file_and_its_line() -> None:
    broken = NOTION_CONNECTOR_FILE.replace("target: page_id", "target: pageid")
    with pytest.raises(OrgDefinitionError) as info:
        parse_org_definition(ORG_WITH_FILE, "acme.yaml", read_file=reader({"connectors/notion.yaml": broken}))
    assert info.value.problems == [
        (
            f"connectors/notion.yaml:{line_of(broken, 'target: pageid')} connectors[0].tools[1].target",
            "target 'pageid' is not a path parameter of /v1/pages/{page_id}",
        )
    ]


def test_a_field_problem_inside_a_connector_file_points_at_its_line() -> None:
    broken = NOTION_CONNECTOR_FILE.replace("method: GET\n    path: /v1/users", "method: FETCH\n    path: /v1/users")
    with pytest.raises(OrgDefinitionError) as info:
        parse_org_definition(ORG_WITH_FILE, "acme.yaml", read_file=reader({"connectors/notion.yaml": broken}))
    [(where, what)] = info.value.problems
    assert where == f"connectors/notion.yaml:{line_of(broken, 'method: FETCH')} connectors[0].tools[0].method"
    assert "'GET'" in what


def test_problems_in_the_org_file_still_point_into_the_org_file() -> None:
    text = ORG_WITH_FILE.replace("connector: notion,", "connector: jira,")
    with pytest.raises(OrgDefinitionError) as info:
        parse_org_definition(text, "acme.yaml", read_file=reader({"connectors/notion.yaml": NOTION_CONNECTOR_FILE}))
    assert info.value.problems == [
        (
            f"acme.yaml:{line_of(text, 'connector: jira')} connections[0].connector",
            "unknown connector 'jira' (known: notion)",
        )
    ]


def test_a_duplicate_key_inside_a_connector_file_is_refused_at_its_line() -> None:
    broken = NOTION_CONNECTOR_FILE.replace("label: Notion\n", "label: Notion\nlabel: Notion 2\n")
    with pytest.raises(OrgDefinitionError) as info:
        parse_org_definition(ORG_WITH_FILE, "acme.yaml", read_file=reader({"connectors/notion.yaml": broken}))
    assert info.value.problems == [
        (
            f"connectors/notion.yaml:{line_of(broken, 'label: Notion 2')} connectors[0].label",
            "key 'label' appears twice in the same mapping",
        )
    ]


def test_invalid_yaml_in_a_connector_file_names_that_file_and_line() -> None:
    broken = NOTION_CONNECTOR_FILE.replace("tools:\n", "tools: [\n")
    with pytest.raises(OrgDefinitionError) as info:
        parse_org_definition(ORG_WITH_FILE, "acme.yaml", read_file=reader({"connectors/notion.yaml": broken}))
    [(where, what)] = info.value.problems
    assert re.fullmatch(r"connectors/notion\.yaml:\d+", where), where
    assert what.startswith("not valid YAML: ")


@pytest.mark.parametrize("content", ["- id: notion\n", "just words\n", ""])
def test_a_connector_file_must_hold_one_mapping(content: str) -> None:
    with pytest.raises(OrgDefinitionError) as info:
        parse_org_definition(ORG_WITH_FILE, "acme.yaml", read_file=reader({"connectors/notion.yaml": content}))
    [(where, what)] = info.value.problems
    assert where == "connectors/notion.yaml:1"
    assert "one connector mapping" in what


def test_a_missing_connector_file_is_reported_at_the_entry() -> None:
    with pytest.raises(OrgDefinitionError) as info:
        parse_org_definition(ORG_WITH_FILE, "acme.yaml", read_file=reader({}))
    [(where, what)] = info.value.problems
    assert where == f"acme.yaml:{line_of(ORG_WITH_FILE, 'file: connectors')} connectors[0].file"
    assert what == "cannot read the connector file connectors/notion.yaml: No such file or directory"


def test_a_connector_file_without_a_reader_is_refused_readably() -> None:
    with pytest.raises(OrgDefinitionError) as info:
        parse_org_definition(ORG_WITH_FILE, "acme.yaml")
    [(where, what)] = info.value.problems
    assert where == "acme.yaml:3 connectors[0].file"
    assert "no file reader" in what


@pytest.mark.parametrize(
    "entry",
    ["{file: connectors/notion.yaml, id: notion}", "{file: 42}", "{file: ''}"],
    ids=["extra", "number", "empty"],
)
def test_a_connector_file_entry_holds_only_a_path(entry: str) -> None:
    text = ORG_WITH_FILE.replace("- file: connectors/notion.yaml", f"- {entry}")
    with pytest.raises(OrgDefinitionError) as info:
        parse_org_definition(text, "acme.yaml", read_file=reader({"connectors/notion.yaml": NOTION_CONNECTOR_FILE}))
    [(where, what)] = info.value.problems
    assert where == "acme.yaml:3 connectors[0]"
    assert "only 'file: PATH'" in what


def test_two_connector_files_with_the_same_id_point_at_the_second_file() -> None:
    text = ORG_WITH_FILE.replace(
        "  - file: connectors/notion.yaml\n", "  - file: connectors/notion.yaml\n  - file: connectors/copy.yaml\n"
    )
    files = {"connectors/notion.yaml": NOTION_CONNECTOR_FILE, "connectors/copy.yaml": NOTION_CONNECTOR_FILE}
    with pytest.raises(OrgDefinitionError) as info:
        parse_org_definition(text, "acme.yaml", read_file=reader(files))
    assert info.value.problems == [
        ("connectors/copy.yaml:1 connectors[1].id", "connector id 'notion' is defined twice")
    ]
