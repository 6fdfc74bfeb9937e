"""The last active admin is guarded as the last owner is (issue #12): an org cannot lock itself out."""

from __future__ import annotations

from typing import Any

import pytest

from tests.harness import FakeApp
from tests.orgs import notion_only_org_text

NO_OWNER = {"adam": "admin", "alice": "member"}
WITH_OWNER = {"olivia": "owner", "adam": "admin", "alice": "member"}
TWO_ADMINS = {"adam": "admin", "ada": "admin", "alice": "member"}


def run(app: FakeApp, operation: str, arguments: dict[str, Any], by: str) -> dict[str, Any]:
    result = app.call(f"cardamom__members__{operation}", arguments, caller=app.caller(by))
    payload: dict[str, Any] = result["structuredContent"]
    return payload


def app_with(members: dict[str, str]) -> FakeApp:
    app = FakeApp()
    app.apply(notion_only_org_text(members=members))
    return app


@pytest.mark.parametrize(
    ("operation", "arguments"),
    [("suspend", {"id": "adam"}), ("remove", {"id": "adam"}), ("set_role", {"id": "adam", "role": "member"})],
)
def test_the_last_admin_of_an_org_without_owner_cannot_leave(operation: str, arguments: dict[str, Any]) -> None:
    app = app_with(NO_OWNER)
    payload = run(app, operation, arguments, by="adam")
    assert payload["error"]["code"] == "not_allowed", payload
    assert "last active admin" in payload["error"]["message"]
    stored = app.directory.load_org("acme")
    assert stored is not None and stored.version == 1


def test_the_last_admin_cannot_suspend_themselves_even_with_an_owner() -> None:
    app = app_with(WITH_OWNER)
    assert run(app, "suspend", {"id": "adam"}, by="adam")["error"]["code"] == "not_allowed"
    assert "error" not in run(app, "suspend", {"id": "adam"}, by="olivia")  # the owner may


def test_one_of_two_admins_may_step_down() -> None:
    app = app_with(TWO_ADMINS)
    assert "error" not in run(app, "suspend", {"id": "adam"}, by="adam")
    assert run(app, "suspend", {"id": "ada"}, by="ada")["error"]["code"] == "not_allowed"
