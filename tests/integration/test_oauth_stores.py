"""One contract for the authorization server's stores on SQLite and on DynamoDB (moto's
server, the OAuthTable as template.yaml defines it), and for revoking one grant in every
directory (SQLite, in-memory, DynamoDB)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from cardamom.adapters.aws import aws_stores
from cardamom.adapters.dynamodb_oauth import (
    DynamoAuthorizations,
    DynamoConsents,
    DynamoOAuthClients,
    DynamoRefreshFamilies,
)
from cardamom.adapters.sqlite import SqliteDatabase
from cardamom.adapters.sqlite_directory import SqliteDirectory
from cardamom.adapters.sqlite_oauth import (
    SqliteAuthorizations,
    SqliteConsents,
    SqliteOAuthClients,
    SqliteRefreshFamilies,
)
from cardamom.core.directory import Grant
from cardamom.core.oauth_clients import registered_client
from cardamom.core.oauth_grants import AuthorizationCode, PendingAuthorization, RefreshFamily
from cardamom.core.orgfile import parse_org_definition
from cardamom.errors import Conflict
from cardamom.ports import (
    AuthorizationStore,
    ConsentStore,
    Directory,
    OAuthClientStore,
    RateCounter,
    RefreshFamilyStore,
)
from tests.aws_support import AwsBackend
from tests.fakes import MemoryDirectory
from tests.orgs import notion_only_org_text

NOW = int(time.time()) + 86_400  # in the future: the stores sweep by the real clock


@dataclass
class Stores:
    clients: OAuthClientStore
    counter: RateCounter
    requests: AuthorizationStore
    families: RefreshFamilyStore
    consents: ConsentStore


@pytest.fixture(params=["sqlite", "aws"])
def stores(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Stores]:
    if request.param == "sqlite":
        db = SqliteDatabase(tmp_path / "c.db")
        clients = SqliteOAuthClients(db)
        yield Stores(clients, clients, SqliteAuthorizations(db), SqliteRefreshFamilies(db), SqliteConsents(db))
        db.close()
    else:
        backend: AwsBackend = request.getfixturevalue("aws")
        table = backend.tables["OAuthTable"]
        dynamo = DynamoOAuthClients(backend.dynamodb, table)
        yield Stores(
            dynamo,
            dynamo,
            DynamoAuthorizations(backend.dynamodb, table),
            DynamoRefreshFamilies(backend.dynamodb, table),
            DynamoConsents(backend.dynamodb, table),
        )


def client(name: str = "Claude", uri: str = "https://claude.ai/api/mcp/auth_callback", n: int = 1):  # type: ignore[no-untyped-def]
    body = {"client_name": name, "redirect_uris": [uri], "token_endpoint_auth_method": "none"}
    return registered_client(body, client_id=f"dcr-{n}", now=NOW)


def pending(request_id: str = "req-1") -> PendingAuthorization:
    return PendingAuthorization(
        id=request_id,
        client_id="dcr-1",
        client_name="Claude",
        redirect_uri="https://claude.ai/cb",
        scopes=("mcp:read",),
        state="s",
        code_challenge="c" * 43,
        resource="https://mcp.example/mcp",
        browser="b",
        csrf="t",
        created_at=NOW,
        expires_at=NOW + 900,
    )


def code(code_hash: str = "h1", expires_at: int = NOW + 120) -> AuthorizationCode:
    return AuthorizationCode(
        code_hash=code_hash,
        client_id="dcr-1",
        redirect_uri="https://claude.ai/cb",
        code_challenge="c" * 43,
        resource="https://mcp.example/mcp",
        org="acme",
        member="alice",
        scopes=("mcp:read",),
        expires_at=expires_at,
        grant_id="g1",
    )


def family(family_id: str = "f" * 32) -> RefreshFamily:
    return RefreshFamily(
        id=family_id,
        org="acme",
        member="alice",
        client_id="dcr-1",
        scopes=("mcp:read",),
        resource="https://mcp.example/mcp",
        created_at=NOW,
        expires_at=NOW + 86_400,
        salt="salt",
    )


def test_registration_is_deduplicated_by_fingerprint(stores: Stores) -> None:
    first = stores.clients.register(client(n=1))
    again = stores.clients.register(client(n=2))  # same software, same redirects: the same client
    assert again.client_id == first.client_id == "dcr-1"
    other = stores.clients.register(client(uri="https://chatgpt.com/connector_platform_oauth_redirect", n=3))
    assert other.client_id == "dcr-3"
    assert stores.clients.get("dcr-1") == first
    assert stores.clients.by_fingerprint(first.fingerprint) == first
    assert stores.clients.get("dcr-2") is None


def test_counters_count_per_key_and_window(stores: Stores) -> None:
    counts = [stores.counter.hit("register:203.0.113.9", window_seconds=3600, now=NOW) for _ in range(3)]
    assert counts == [1, 2, 3]
    assert stores.counter.hit("register:198.51.100.1", window_seconds=3600, now=NOW) == 1
    assert stores.counter.hit("register:203.0.113.9", window_seconds=3600, now=NOW + 3600) == 1


def test_a_pending_request_moves_on_once_and_expires(stores: Stores) -> None:
    stores.requests.put_request(pending())
    assert stores.requests.get_request("req-1", now=NOW) == pending()
    moved = replace(pending(), stage="consent", org="acme", member="alice")
    stores.requests.replace_request(moved, expected_stage="signin")
    assert stores.requests.get_request("req-1", now=NOW) == moved
    with pytest.raises(Conflict):
        stores.requests.replace_request(replace(moved, stage="done"), expected_stage="signin")
    assert stores.requests.get_request("req-1", now=NOW + 901) is None
    assert stores.requests.get_request("nope", now=NOW) is None


def test_a_code_is_used_once_even_under_a_race(stores: Stores, request: pytest.FixtureRequest) -> None:
    stores.requests.put_code(code("h0"))
    first, second = stores.requests.use_code("h0", now=NOW), stores.requests.use_code("h0", now=NOW)
    assert first is not None and second is not None and (first.used, second.used) == (False, True)
    if "aws" in request.node.callspec.id:
        return  # DynamoDB serialises conditional writes to one item; moto's server does not, so no race here
    stores.requests.put_code(code())
    results: list[AuthorizationCode | None] = []
    threads = [
        threading.Thread(target=lambda: results.append(stores.requests.use_code("h1", now=NOW))) for _ in range(4)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r.used for r in results if r is not None) == [False, True, True, True]
    stores.requests.put_code(code("h2", expires_at=NOW + 1))
    assert stores.requests.use_code("h2", now=NOW + 2) is None, "an expired code is no code"
    assert stores.requests.use_code("unknown", now=NOW) is None


def test_a_family_advances_one_generation_at_a_time(stores: Stores) -> None:
    stores.families.create(family())
    assert stores.families.get("f" * 32, now=NOW) == family()
    assert stores.families.advance("f" * 32, 0) is True
    assert stores.families.advance("f" * 32, 0) is False, "the loser of a race does not rotate"
    assert stores.families.get("f" * 32, now=NOW).generation == 1  # type: ignore[union-attr]
    assert stores.families.get("f" * 32, now=NOW + 86_401) is None


def test_consent_is_remembered_per_member_and_client(stores: Stores) -> None:
    assert stores.consents.remembered("acme", "alice", "dcr-1") is None
    stores.consents.remember("acme", "alice", "dcr-1", ("mcp:read", "mcp:tools"), at=NOW)
    assert stores.consents.remembered("acme", "alice", "dcr-1") == ("mcp:read", "mcp:tools")
    assert stores.consents.remembered("acme", "bob", "dcr-1") is None
    stores.consents.remember("acme", "alice", "dcr-1", ("mcp:read",), at=NOW + 1)
    assert stores.consents.remembered("acme", "alice", "dcr-1") == ("mcp:read",)
    stores.consents.forget("acme", "alice", "dcr-1")
    assert stores.consents.remembered("acme", "alice", "dcr-1") is None


# ---- revoking one grant, in every directory ---------------------------------------------------------


@pytest.fixture(params=["sqlite", "memory", "aws"])
def directory(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Directory]:
    if request.param == "sqlite":
        db = SqliteDatabase(tmp_path / "d.db")
        yield SqliteDirectory(db)
        db.close()
    elif request.param == "memory":
        yield MemoryDirectory()
    else:
        backend: AwsBackend = request.getfixturevalue("aws")
        yield aws_stores(backend.settings, audit_retention_days=30).directory


def test_one_grant_is_revoked_and_listed_with_the_member(directory: Directory) -> None:
    directory.replace_org(parse_org_definition(notion_only_org_text(), "org.yaml"), expected_version=None)
    far = 4_000_000_000
    directory.put_grant(Grant("acme", "g1", "alice", ("mcp:read",), NOW, far, client_id="dcr-1"))
    directory.put_grant(Grant("acme", "g2", "alice", ("mcp:read",), NOW, far))
    assert directory.revoke_grant("acme", "alice", "g1", at=NOW + 5) is True
    assert directory.revoke_grant("acme", "alice", "g1", at=NOW + 6) is False, "already revoked"
    assert directory.revoke_grant("acme", "alice", "nope", at=NOW + 6) is False
    record = directory.get_member("acme", "alice")
    assert record is not None and "g1" in record.revoked_grants and "g2" not in record.revoked_grants
    grants = {g.id: g for g in directory.grants("acme", "alice")}
    assert grants["g1"].revoked_at == NOW + 5 and grants["g1"].client_id == "dcr-1"
    assert grants["g2"].revoked_at is None and grants["g2"].client_id is None
