"""The final outbound check decides for the tool the request really reaches (issue #12).

``retrieve_user`` with ``user_id: "me"`` sends ``GET /v1/users/me``: that is
``retrieve_bot_user``'s request. Where the caller may not use that tool, the call is refused
before any credential is read, and nothing is sent; so is a redirect onto it.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardamom.core.orgdef import AuthSpec
from cardamom.core.outbound import Credential
from cardamom.core.pool import AccountInfo
from cardamom.ports import OutboundResponse
from tests.fakes import RecordingTransport, StaticCredentials
from tests.harness import FakeApp
from tests.orgs import block, connection, notion, org_yaml, tool

ORG = org_yaml(
    notion(
        tool("retrieve_user", "/v1/users/{user_id}"),
        tool("retrieve_bot_user", "/v1/users/me"),
        tool("update_user", "/v1/users/{user_id}", method="PATCH"),
        tool("get_kind", "/v1/{kind}"),
        tool("export_workspace", "/v1/export", classification="forbidden"),
        tool("get_file", "/v1/files/{name}.json"),
        tool("get_manifest", "/v1/files/manifest.json"),
        base_url="https://api.notion.com/base",
    ),
    connections=[connection("legal", "notion", token_env="LEGAL")],
    members={"alice": "member", "olivia": "owner"},
    restrictions=[block("notion", user="alice", tools=["retrieve_bot_user", "get_manifest"])],
)


class CountingCredentials(StaticCredentials):
    def __init__(self) -> None:
        super().__init__()
        self.reads = 0

    async def resolve(self, org: str, account: AccountInfo, auth: AuthSpec) -> Credential:
        self.reads += 1
        return await super().resolve(org, account, auth)


@pytest.fixture
def app() -> FakeApp:
    fake = FakeApp(credentials=CountingCredentials())
    fake.apply(ORG)
    return fake


def reads(app: FakeApp) -> int:
    assert isinstance(app.credentials, CountingCredentials)
    return app.credentials.reads


def error(result: dict[str, Any]) -> dict[str, Any]:
    assert result["isError"] is True, result
    found: dict[str, Any] = result["structuredContent"]["error"]
    return found


@pytest.mark.parametrize(
    ("tool", "arguments", "reached"),
    [
        ("legal__retrieve_user", {"user_id": "me"}, "legal__retrieve_bot_user"),
        ("legal__get_file", {"name": "manifest"}, "legal__get_manifest"),
    ],
)
def test_a_value_that_lands_on_a_restricted_tool_is_refused_before_the_credential(
    app: FakeApp, tool: str, arguments: dict[str, Any], reached: str
) -> None:
    found = error(app.call(tool, arguments))
    assert found["code"] == "restricted"
    assert reached in found["message"]
    assert reads(app) == 0 and app.transport.sent == []
    (row,) = app.audit.rows.values()
    assert (row.operation, row.status, row.error_code) == (tool, "failed", "restricted")


def test_a_value_that_lands_on_a_forbidden_tool_is_refused(app: FakeApp) -> None:
    found = error(app.call("legal__get_kind", {"kind": "export"}, caller=app.caller("olivia")))
    assert found["code"] == "forbidden"
    assert reads(app) == 0 and app.transport.sent == []


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("legal__retrieve_user", {"user_id": "u-1"}),
        ("legal__retrieve_user", {"user_id": "ME"}),
        ("legal__retrieve_user", {"user_id": "me/x"}),  # one segment, percent-encoded: not /users/me
        ("legal__update_user", {"user_id": "me"}),  # PATCH reaches no restricted tool
        ("legal__get_file", {"name": "readme"}),
    ],
)
def test_other_values_reach_the_tool_called(app: FakeApp, tool: str, arguments: dict[str, Any]) -> None:
    assert app.call(tool, arguments)["isError"] is False
    assert reads(app) == 1 and len(app.transport.sent) == 1


def test_whoever_may_use_the_reached_tool_is_not_refused(app: FakeApp) -> None:
    assert app.call("legal__retrieve_user", {"user_id": "me"}, caller=app.caller("olivia"))["isError"] is False


def test_a_redirect_onto_a_restricted_tool_is_not_followed() -> None:
    app = FakeApp(
        transport=RecordingTransport(
            lambda request: (
                OutboundResponse(302, {"location": "/base/v1/users/me"}, b"")
                if request.url.endswith("/u-1")
                else OutboundResponse(200, {"content-type": "application/json"}, b"{}")
            )
        )
    )
    app.apply(ORG)
    found = error(app.call("legal__retrieve_user", {"user_id": "u-1"}))
    assert found["code"] == "restricted"
    assert [r.url for r in app.transport.sent] == ["https://api.notion.com/base/v1/users/u-1"]
    (row,) = app.audit.rows.values()
    assert row.error_code == "restricted"
