"""Fault injection on DynamoDB, S3 and Secrets Manager (issue #12), through a proxy in front of moto.

The gateway runs on the AWS backend exactly as deployed (its clients, its retry settings);
the proxy (``fault_proxy.py``) throttles, fails, or drops chosen calls. What must hold:

- a fault that clears within the clients' retries is retried and the request succeeds;
- one that does not is a clean answer: HTTP 503 with ``Retry-After`` (a store the request
  needs is down), or an in-band ``isError`` for the one tool call it concerns; never a 500
  or a -32603;
- nothing is half-written: a failed directory write leaves the version and the records as
  they were, a failed snapshot write leaves the pointer on a readable blob, every audit row
  that was opened is completed, and no call leaves without its row.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from joserfc.jwk import ECKey
from starlette.testclient import TestClient

from cardamom.bootstrap import Container
from cardamom.core.audit import AuditQuery
from cardamom.entrypoints.asgi import create_app
from tests.aws_support import ISSUER, AwsBackend, aws_environment, create_backend, mint, moto_endpoint
from tests.fakes import RecordingTransport
from tests.orgs import connection, notion, org_yaml
from tests.reliability.fault_proxy import FaultProxy
from tests.reliability.figures import FULL, record
from tests.support import make_container

pytestmark = pytest.mark.reliability

# The example org, its credential in the secret store (a third AWS service to fail), alice an owner.
ORG = org_yaml(
    notion("list_all_users", "retrieve_page"),
    connections=[connection("notion-legal", "notion", status="active", secret="notion-legal")],
    members={"alice": "owner"},
)
MAX_ATTEMPTS = 4  # adapters/aws.py: retries={"mode": "standard", "max_attempts": 4}
FIGURES: dict[str, object] = {}


@pytest.fixture(scope="module")
def moto() -> Iterator[str]:
    with aws_environment(), moto_endpoint() as url:
        yield url


@pytest.fixture(scope="module")
def proxy(moto: str) -> Iterator[FaultProxy]:
    with FaultProxy(moto, stall_seconds=12.0).running() as running:
        yield running


@dataclass
class World:
    backend: AwsBackend
    proxy: FaultProxy
    home: Path
    transport: RecordingTransport
    client: TestClient
    container: Container
    token: str
    key: ECKey

    def fresh(self) -> Container:
        """Another process on the same stores (no warm cache)."""
        return make_container(self.home, transport=self.transport, **environment(self.backend, self.proxy, self.key))

    def post(self, message: dict[str, Any], container: Container | None = None) -> tuple[int, dict[str, Any], Any]:
        app = create_app(container or self.fresh())
        with TestClient(app, base_url="http://127.0.0.1:18801") as client:
            response = client.post(
                "/mcp",
                content=json.dumps(message).encode(),
                headers={"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"},
            )
        return response.status_code, response.json(), response.headers

    def rows(self) -> list[Any]:
        return self.fresh().audit.query("acme", AuditQuery(limit=1000))


@pytest.fixture
def world(moto: str, proxy: FaultProxy, tmp_path: Path) -> Iterator[World]:
    proxy.clear()
    backend = create_backend(moto, inline_bytes=0)
    transport = RecordingTransport()
    key = ECKey.generate_key("P-256")
    env = environment(backend, proxy, key)
    container = make_container(tmp_path / "home", org_text=ORG, transport=transport, **env)
    container.secrets.put("acme", "notion-legal", {"token": "s3cr3t"})
    with TestClient(create_app(container)) as client:
        yield World(backend, proxy, tmp_path / "home", transport, client, container, mint(key), key)
    proxy.clear()


def environment(backend: AwsBackend, proxy: FaultProxy, key: ECKey) -> dict[str, str]:
    """The AWS backend, every client pointed at the proxy; snapshots always in S3 (inline 0)."""
    return {
        **backend.env(),
        "AWS_ENDPOINT_URL": proxy.url,
        "CARDAMOM_SNAPSHOT_INLINE_BYTES": "0",
        "CARDAMOM_JWT_ISSUER": ISSUER,
        "CARDAMOM_JWT_PUBLIC_KEY": json.dumps(key.as_dict(private=False)),
        "CARDAMOM_LOCAL_MODE": "false",
        "CARDAMOM_ALLOWED_HOSTS": "127.0.0.1:18801",
    }


def call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": name, "arguments": arguments}}


SEARCH = call("search_tools", {"query": "list notion users"})
EXECUTE = call("notion-legal__list_all_users", {})
LIST_MEMBERS = call("cardamom__members__list", {})  # reads the whole org: a Query
ADD_MEMBER = call("cardamom__members__add", {"id": "bea"})
BLOCK_GUESTS = call(
    "cardamom__restrictions__create",
    {"id": "no-guests", "target": {"role": "guest"}, "effect": "block", "connector": "notion"},
)


def clean_unavailable(status: int, body: dict[str, Any], headers: Any) -> None:
    assert status == 503, (status, body)
    assert headers["retry-after"] == "1"
    assert body["error"]["code"] == -32000


TRANSIENT = [
    ("dynamodb", "GetItem", "throttle"),
    ("s3", "GET", "5xx"),
    ("secretsmanager", "GetSecretValue", "throttle"),
    ("dynamodb", "UpdateItem", "drop"),  # the audit row's completion
]
if FULL:
    TRANSIENT += [
        ("dynamodb", "GetItem", "5xx"),
        ("dynamodb", "GetItem", "drop"),
        ("s3", "GET", "throttle"),
        ("s3", "GET", "drop"),
        ("secretsmanager", "GetSecretValue", "5xx"),
        ("secretsmanager", "GetSecretValue", "drop"),
        ("dynamodb", "PutItem", "throttle"),  # the audit row
        ("dynamodb", "UpdateItem", "5xx"),
    ]
PERSISTENT = [("dynamodb", "GetItem", "throttle")]
if FULL:
    PERSISTENT += [("dynamodb", "GetItem", "drop"), ("s3", "GET", "5xx"), ("dynamodb", "Query", "throttle")]


@pytest.mark.parametrize(("service", "operation", "kind"), TRANSIENT)
def test_a_fault_that_clears_within_the_retries_is_retried(
    world: World, service: str, operation: str, kind: str
) -> None:
    world.proxy.inject(service, operation, kind, times=MAX_ATTEMPTS - 2)
    status, body, _ = world.post(EXECUTE)
    assert status == 200 and body["result"]["isError"] is False, body
    assert world.proxy.faults[(service, operation, kind)] == MAX_ATTEMPTS - 2
    assert [(r.status, r.error_code) for r in world.rows()] == [("succeeded", None)]
    FIGURES[f"retried {service} {operation} {kind} x{MAX_ATTEMPTS - 2}"] = "served"


@pytest.mark.parametrize(("service", "operation", "kind"), PERSISTENT)
def test_a_read_fault_that_persists_is_a_clean_503(world: World, service: str, operation: str, kind: str) -> None:
    world.proxy.inject(service, operation, kind)
    clean_unavailable(*world.post(LIST_MEMBERS if operation == "Query" else SEARCH))
    attempts = world.proxy.attempts[(service, operation)]
    assert attempts >= MAX_ATTEMPTS  # retried before giving up
    world.proxy.clear()
    assert all(r.status != "started" for r in world.rows())
    FIGURES[f"persistent {service} {operation} {kind}"] = f"503 after {attempts} attempts"


def test_a_secret_store_outage_fails_the_call_in_band_and_closes_its_row(world: World) -> None:
    world.proxy.inject("secretsmanager", "GetSecretValue", "throttle")
    status, body, _ = world.post(EXECUTE)
    assert status == 200 and body["result"]["isError"] is True
    assert body["result"]["structuredContent"]["error"]["code"] == "credential_unavailable"
    assert [(r.status, r.error_code) for r in world.rows()] == [("failed", "credential_unavailable")]
    assert world.transport.sent == []
    FIGURES["persistent secretsmanager throttle"] = (
        f"isError credential_unavailable after {world.proxy.attempts[('secretsmanager', 'GetSecretValue')]} attempts"
    )


def test_an_audit_outage_sends_nothing(world: World) -> None:
    world.proxy.inject("dynamodb", "PutItem", "5xx")
    status, body, _ = world.post(EXECUTE)
    assert status == 200 and body["result"]["structuredContent"]["error"]["code"] == "audit_unavailable"
    assert world.transport.sent == []
    world.proxy.clear()
    assert world.rows() == []


def test_a_failed_directory_write_writes_nothing_and_a_retry_lands(world: World) -> None:
    before = world.fresh().directory.load_org("acme")
    assert before is not None
    world.proxy.inject("dynamodb", "TransactWriteItems", "5xx")
    clean_unavailable(*world.post(ADD_MEMBER))
    after = world.fresh().directory.load_org("acme")
    assert after == before  # same version, same records
    world.proxy.clear()
    world.proxy.inject("dynamodb", "TransactWriteItems", "throttle", times=MAX_ATTEMPTS - 2)
    status, body, _ = world.post(ADD_MEMBER)
    assert status == 200 and body["result"]["isError"] is False, body
    landed = world.fresh().directory.load_org("acme")
    assert landed is not None and landed.version == before.version + 1
    assert [m.id for m in landed.definition.members] == ["alice", "bea"]  # once, although retried
    FIGURES["directory write: 5xx persistent / throttled twice"] = "503, nothing written / landed once"


def test_a_failed_snapshot_write_keeps_the_pointer_on_a_readable_blob(world: World) -> None:
    pointer = world.container.snapshot_store.current("acme")
    assert pointer is not None
    world.proxy.inject("s3", "PUT", "5xx")
    clean_unavailable(*world.post(BLOCK_GUESTS))  # the change lands, its snapshot cannot be stored
    world.proxy.clear()
    fresh = world.fresh()
    assert fresh.snapshot_store.current("acme") == pointer
    assert fresh.snapshot_store.get("acme", pointer.version) is not None
    status, body, _ = world.post(SEARCH)  # served from the last snapshot stored, until a rebuild succeeds
    assert status == 200 and body["result"]["isError"] is False


@pytest.mark.skipif(not FULL, reason="a real read timeout takes the clients' 10 s; make reliability runs it")
def test_a_stalled_call_times_out_and_is_retried(world: World) -> None:
    world.proxy.inject("dynamodb", "GetItem", "stall", times=1)
    status, body, _ = world.post(SEARCH)
    assert status == 200 and body["result"]["isError"] is False
    assert world.proxy.attempts[("dynamodb", "GetItem")] >= 2


def test_zz_figures() -> None:
    for name, value in FIGURES.items():
        record(f"fault injection: {name}", value)
