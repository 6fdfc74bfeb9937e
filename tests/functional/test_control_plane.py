"""The control-plane operations, each behind its permission and scope, and the seeds' rules by name."""

from __future__ import annotations

from typing import Any

import pytest

from cardamom.core.directory import DirectoryChange
from cardamom.core.outbound import OutboundRequest
from cardamom.ports import OutboundResponse, StoredOrg
from tests.fakes import MemoryDirectory, RecordingTransport
from tests.harness import FakeApp
from tests.orgs import calcom, connection, notion, notion_tool, org_yaml

ORG = org_yaml(
    notion(notion_tool("list_all_users", description="List all users."), "create_page"),
    calcom(),
    connections=[connection("notion-legal", "notion", token_env="LEGAL")],
    members={"alice": "member", "olivia": "owner", "adam": "admin", "max": "member", "audrey": "auditor"},
)


@pytest.fixture
def app() -> FakeApp:
    fake = FakeApp()
    fake.apply(ORG)
    return fake


def ok(result: dict[str, Any]) -> dict[str, Any]:
    assert result["isError"] is False, result
    structured: dict[str, Any] = result["structuredContent"]
    return structured


def error(result: dict[str, Any]) -> dict[str, Any]:
    assert result["isError"] is True, result
    detail: dict[str, Any] = result["structuredContent"]["error"]
    return detail


def names(found: dict[str, Any]) -> list[str]:
    return [r["name"] for r in found["results"]]


class TestConnections:
    def test_create_update_delete_reach_search_at_once(self, app: FakeApp) -> None:
        admin = app.caller("adam")
        assert names(app.search("get all schedules")) == []
        created = app.call(
            "cardamom__connections__create",
            {"account": "calcom", "connector": "calcom", "credentials": {"token_env": "CAL"}},
            caller=admin,
        )
        assert ok(created)["created"]["account"] == "calcom"
        assert names(app.search("get all schedules")) == ["calcom__get_all_schedules"]

        ok(app.call("cardamom__connections__update", {"account": "calcom", "status": "needs_reauth"}, caller=admin))
        assert names(app.search("get all schedules")) == []  # absent, not failing
        listed = ok(app.call("cardamom__connections__list"))["connections"]
        assert [(c["account"], c["status"], c["usable_tools"]) for c in listed] == [
            ("notion-legal", "active", 2),
            ("calcom", "needs_reauth", 0),
        ]

        ok(app.call("cardamom__connections__delete", {"account": "calcom"}, caller=admin))
        assert [c["account"] for c in ok(app.call("cardamom__connections__list"))["connections"]] == ["notion-legal"]

    def test_bad_changes_are_refused_and_write_nothing(self, app: FakeApp) -> None:
        admin = app.caller("adam")
        version = app.directory.orgs["acme"].version
        for arguments, code, words in [
            (
                {"account": "notion-legal", "connector": "notion", "credentials": {"token_env": "X"}},
                "invalid_arguments",
                "already exists",
            ),
            ({"account": "x", "connector": "nope"}, "invalid_arguments", "unknown connector"),
            ({"account": "x", "connector": "calcom"}, "invalid_arguments", "give token_env or secret"),
            ({"account": "bad_label", "connector": "calcom"}, "invalid_arguments", "no underscores"),
            ({"account": "x"}, "invalid_arguments", "connector"),
        ]:
            detail = error(app.call("cardamom__connections__create", arguments, caller=admin))
            assert detail["code"] == code and words in detail["message"], detail
        assert error(app.call("cardamom__connections__delete", {"account": "ghost"}, caller=admin))["code"] == (
            "not_found"
        )
        assert app.directory.orgs["acme"].version == version

    def test_connecting_a_restricted_connector_is_refused(self, app: FakeApp) -> None:
        admin = app.caller("adam")
        ok(
            app.call(
                "cardamom__restrictions__create",
                {"id": "no-cal", "target": {"user": "adam"}, "effect": "block", "connector": "calcom"},
                caller=admin,
            )
        )
        detail = error(
            app.call(
                "cardamom__connections__create",
                {"account": "calcom", "connector": "calcom", "credentials": {"token_env": "C"}},
                caller=admin,
            )
        )
        assert detail["code"] == "restricted" and "no-cal" in detail["message"]

    def test_listing_hides_unreachable_connections_and_get_names_restricted_tools(self, app: FakeApp) -> None:
        owner = app.caller("olivia")
        ok(
            app.call(
                "cardamom__restrictions__create",
                {"target": {"role": "member"}, "effect": "block", "connector": "notion", "tools": ["create_page"]},
                caller=owner,
            )
        )
        member = app.caller("max")
        opened = ok(app.call("cardamom__connections__get", {"account": "notion-legal"}, caller=member))
        assert [t["name"] for t in opened["tools"]] == ["notion-legal__list_all_users"]
        assert opened["restricted_tools"] == [
            {
                "name": "notion-legal__create_page",
                "restricted": True,
                "reason": "notion-legal__create_page is restricted for max: blocked by role:member restriction r1",
            }
        ]
        ok(
            app.call(
                "cardamom__restrictions__create",
                {"target": {"user": "max"}, "effect": "block", "connector": "notion"},
                caller=owner,
            )
        )
        listed = ok(app.call("cardamom__connections__list", caller=member))
        assert listed == {"connections": [], "hidden_by_restrictions": 1}
        assert error(app.call("cardamom__connections__get", {"account": "notion-legal"}, caller=member))["code"] == (
            "restricted"
        )


class TestMembers:
    def test_the_lifecycle(self, app: FakeApp) -> None:
        admin = app.caller("adam")
        ok(app.call("cardamom__members__add", {"id": "nina"}, caller=admin))
        assert app.caller("nina").role == "member"
        ok(app.call("cardamom__members__set_role", {"id": "nina", "role": "admin"}, caller=admin))
        assert app.caller("nina").role == "admin"
        ok(app.call("cardamom__members__suspend", {"id": "nina"}, caller=admin))
        record = app.directory.get_member("acme", "nina")
        assert record is not None and record.member.status == "suspended" and record.grants_revoked_at == app.now
        ok(app.call("cardamom__members__reinstate", {"id": "nina"}, caller=admin))
        ok(app.call("cardamom__members__remove", {"id": "nina"}, caller=admin))
        assert app.directory.get_member("acme", "nina") is None
        assert [m["id"] for m in ok(app.call("cardamom__members__list"))["members"]] == [
            "alice",
            "olivia",
            "adam",
            "max",
            "audrey",
        ]

    def test_removal_takes_the_members_own_rules_with_it(self, app: FakeApp) -> None:
        owner = app.caller("olivia")
        ok(
            app.call(
                "cardamom__restrictions__create",
                {"id": "max-rule", "target": {"user": "max"}, "effect": "block", "connector": "notion"},
                caller=owner,
            )
        )
        ok(app.call("cardamom__members__remove", {"id": "max"}, caller=owner))
        assert ok(app.call("cardamom__restrictions__list", caller=owner))["restrictions"] == []

    def test_owners_are_protected(self, app: FakeApp) -> None:
        admin, owner = app.caller("adam"), app.caller("olivia")
        for name, arguments in [
            ("cardamom__members__set_role", {"id": "max", "role": "owner"}),
            ("cardamom__members__suspend", {"id": "olivia"}),
            ("cardamom__members__remove", {"id": "olivia"}),
            ("cardamom__members__add", {"id": "new-owner", "role": "owner"}),
        ]:
            assert error(app.call(name, arguments, caller=admin))["code"] == "not_allowed"
        detail = error(app.call("cardamom__members__set_role", {"id": "olivia", "role": "admin"}, caller=owner))
        assert "last active owner" in detail["message"]
        ok(app.call("cardamom__members__set_role", {"id": "adam", "role": "owner"}, caller=owner))
        ok(app.call("cardamom__members__set_role", {"id": "olivia", "role": "admin"}, caller=owner))

    def test_members_cannot_administer(self, app: FakeApp) -> None:
        member = app.caller("max")
        detail = error(app.call("cardamom__members__add", {"id": "z"}, caller=member))
        assert detail == {
            "code": "permission_denied",
            "message": "role 'member' of member 'max' lacks the permission members:add",
            "permission": "members:add",
        }

    def test_writes_need_write_and_removal_needs_destructive(self, app: FakeApp) -> None:
        reader = app.caller("adam", scopes=("mcp:read",))
        assert error(app.call("cardamom__members__add", {"id": "z"}, caller=reader))["scope"] == "mcp:write"
        writer = app.caller("adam", scopes=("mcp:read", "mcp:write"))
        assert error(app.call("cardamom__members__remove", {"id": "max"}, caller=writer))["scope"] == (
            "mcp:destructive"
        )
        listed = {t["name"] for t in app.rpc("tools/list", caller=writer).body["result"]["tools"]}  # type: ignore[index]
        assert "cardamom__members__add" in listed and "cardamom__members__remove" not in listed


class TestRestrictions:
    def test_changes_reach_search_immediately(self, app: FakeApp) -> None:
        owner, member = app.caller("olivia"), app.caller("max")
        assert names(app.search("list all users", caller=member)) == ["notion-legal__list_all_users"]
        created = ok(
            app.call("cardamom__restrictions__create", {"target": {"role": "member"}, "effect": "allow"}, caller=owner)
        )["created"]
        found = app.search("list all users", caller=member)
        assert found["results"] == [] and found["restricted"]["count"] == 1  # an allow naming nothing
        ok(app.call("cardamom__restrictions__delete", {"id": created["id"]}, caller=owner))
        assert names(app.search("list all users", caller=member)) == ["notion-legal__list_all_users"]

    def test_create_answers_with_the_rule_it_created(self, app: FakeApp) -> None:
        owner = app.caller("olivia")
        first = {"id": "r2", "target": {"role": "guest"}, "effect": "block", "connector": "calcom"}
        ok(app.call("cardamom__restrictions__create", first, caller=owner))
        second = {"target": {"user": "max"}, "effect": "block", "connector": "notion", "tools": ["create_*"]}
        created = ok(app.call("cardamom__restrictions__create", second, caller=owner))["created"]
        assert created == {**second, "id": "r3"}  # r2 is taken: the next free number
        listed = ok(app.call("cardamom__restrictions__list", caller=owner))["restrictions"]
        assert created in listed and [r["id"] for r in listed] == ["r2", "r3"]

    def test_invalid_rules_are_refused(self, app: FakeApp) -> None:
        owner = app.caller("olivia")
        for arguments in (
            {"target": {"role": "member", "user": "max"}, "effect": "block"},
            {"target": {"user": "ghost"}, "effect": "block"},
            {"target": {"role": "member"}, "effect": "block", "connector": "nope"},
            {"target": {"role": "member"}, "effect": "maybe"},
        ):
            assert error(app.call("cardamom__restrictions__create", arguments, caller=owner))["code"] == (
                "invalid_arguments"
            )
        assert error(app.call("cardamom__restrictions__delete", {"id": "ghost"}, caller=owner))["code"] == "not_found"


class TestConcurrency:
    def test_a_lost_race_is_a_conflict_and_nothing_is_written(self) -> None:
        class RacingDirectory(MemoryDirectory):
            """Another admin commits between our read and our write."""

            def load_org(self, org: str) -> StoredOrg | None:
                stored = super().load_org(org)
                if stored is not None and self.race:
                    self.race = False
                    self.commit(org, DirectoryChange(), expected_version=stored.version)
                return stored

        directory = RacingDirectory()
        directory.race = False  # type: ignore[attr-defined]
        app = FakeApp(directory=directory)
        app.apply(ORG)
        directory.race = True  # type: ignore[attr-defined]
        detail = error(app.call("cardamom__members__add", {"id": "z"}, caller=app.caller("adam")))
        assert detail["code"] == "conflict" and "retry" in detail["message"]
        assert app.directory.get_member("acme", "z") is None


class TestAuditAndAccess:
    def test_audit_list_filters(self, app: FakeApp) -> None:
        app.call("notion-legal__list_all_users", caller=app.caller("max"))
        app.call("notion-legal__create_page", caller=app.caller("adam"))
        rows = ok(app.call("cardamom__audit__list", caller=app.caller("adam")))["rows"]
        assert [(r["member"], r["operation"], r["status"]) for r in rows] == [
            ("adam", "notion-legal__create_page", "succeeded"),  # same instant: newest id first
            ("max", "notion-legal__list_all_users", "succeeded"),
        ]
        only_max = ok(app.call("cardamom__audit__list", {"member": "max"}, caller=app.caller("adam")))["rows"]
        assert [r["member"] for r in only_max] == ["max"]
        assert error(app.call("cardamom__audit__list", caller=app.caller("max")))["permission"] == "audit:list"

    def test_effective_access_explains_each_withheld_tool(self, app: FakeApp) -> None:
        owner = app.caller("olivia")
        ok(
            app.call(
                "cardamom__restrictions__create",
                {"id": "no-pages", "target": {"role": "member"}, "effect": "block", "tools": ["create_page"]},
                caller=owner,
            )
        )
        view = ok(app.call("cardamom__access__get", {"member": "max"}, caller=owner))
        assert [t["name"] for t in view["usable_tools"]] == ["notion-legal__list_all_users"]
        assert view["withheld_tools"][0]["withheld_by"]["rule"] == "no-pages"
        mine = ok(app.call("cardamom__access__get", caller=app.caller("max", scopes=("mcp:read", "mcp:tools"))))
        assert mine["member"] == "max" and mine["scopes"] == ["mcp:read", "mcp:tools"]
        detail = error(app.call("cardamom__access__get", {"member": "olivia"}, caller=app.caller("max")))
        assert detail["permission"] == "access:inspect"


class TestCrash:
    def test_an_exception_between_the_two_audit_writes_completes_the_row(self) -> None:
        # Only a killed process leaves a row ``started`` (tests/reliability/test_sigkill.py).
        def crash(_: OutboundRequest) -> OutboundResponse:
            raise RuntimeError("a bug mid-call")

        app = FakeApp(transport=RecordingTransport(crash))
        app.apply(ORG)
        reply = app.rpc("tools/call", {"name": "notion-legal__list_all_users", "arguments": {}})
        assert reply.body is not None and reply.body["error"]["code"] == -32603
        assert "Traceback" not in str(reply.body)
        (row,) = app.audit.rows.values()
        assert (row.status, row.error_code, row.account) == ("failed", "internal_error", "notion-legal")
