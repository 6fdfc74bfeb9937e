"""The outbound guard against a hostile upstream served for real on 127.0.0.1.

Path traversal, encoded slashes, host override through parameters, redirects elsewhere,
oversize and slow responses, and retries: nothing escapes, and every refusal is audited."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from cardamom.bootstrap import Container
from cardamom.core.audit import AuditQuery
from cardamom.core.policy import ALL_SCOPES
from cardamom.service.authorization import Caller
from tests.fakes import StaticCredentials
from tests.support import make_container, serve

HITS: Counter[str] = Counter()


def upstream() -> Starlette:
    async def echo(request: Request) -> Response:
        HITS["echo"] += 1
        return JSONResponse(
            {
                "raw_path": request.scope["raw_path"].decode(),
                "query": str(request.query_params),
                "host": request.headers.get("host"),
                "authorization": request.headers.get("authorization"),
            }
        )

    async def big(request: Request) -> Response:
        return Response(b"x" * 10_000, media_type="text/plain")

    async def slow(request: Request) -> Response:
        async def drip() -> Any:
            for _ in range(600):  # a minute: far past any deadline, however loaded the machine
                yield b"."
                await asyncio.sleep(0.1)

        return StreamingResponse(drip(), media_type="text/plain")

    async def flaky(request: Request) -> Response:
        HITS[f"flaky {request.method}"] += 1
        if HITS[f"flaky {request.method}"] <= 2:
            return JSONResponse({"error": "busy"}, status_code=503, headers={"Retry-After": "0"})
        return JSONResponse({"ok": True})

    async def later(request: Request) -> Response:
        HITS["later"] += 1
        return JSONResponse({"error": "slow down"}, status_code=429, headers={"Retry-After": "3600"})

    def redirect(location: str, status: int = 302) -> Any:
        async def endpoint(request: Request) -> Response:
            return RedirectResponse(location.format(port=request.url.port), status_code=status)

        return endpoint

    return Starlette(
        routes=[
            Route("/api/echo/{rest:path}", echo, methods=["GET", "POST"]),
            Route("/api/big", big),
            Route("/api/slow", slow),
            Route("/api/flaky", flaky, methods=["GET", "POST"]),
            Route("/api/later", later),
            Route("/api/away", redirect("http://127.0.0.2:{port}/api/echo/away")),
            Route("/api/same", redirect("/api/echo/followed")),
            Route("/api/escape", redirect("/other/echo")),
            Route("/api/userinfo", redirect("http://user:pw@127.0.0.1:{port}/api/echo/x")),
            Route("/api/loop", redirect("/api/loop")),
            Route("/api/post", redirect("/api/echo/after-post"), methods=["POST"]),
            Route("/api/keep-post", redirect("/api/echo/kept", status=307), methods=["POST"]),
            Route("/other/echo", echo),
        ]
    )


def tool(name: str, path: str, method: str = "GET", extra: str = "") -> str:
    return f"      - {{name: {name}, method: {method}, path: '{path}'{extra}}}\n"


ORG = (
    "org: acme\nconnectors:\n  - id: hostile\n    label: Hostile\n    base_url: {base}/api\n"
    "    auth: {type: bearer}\n    tools:\n"
    + tool("echo", "/echo/{value}", extra=", target: value")
    + tool(
        "echo_header",
        "/echo/h",
        extra=", input_schema: {type: object, properties: {Host: {type: string}}}, arguments_in: {Host: header}",
    )
    + tool("echo_query", "/echo/q", extra=", input_schema: {type: object, properties: {q: {type: string}}}")
    + "".join(tool(n, f"/{n}") for n in ("big", "slow", "flaky", "later", "away", "same", "escape", "userinfo", "loop"))
    + tool("flaky_post", "/flaky", "POST")
    + tool("post", "/post", "POST")
    + tool("keep_post", "/keep-post", "POST")
    + "connections:\n  - {account: h, connector: hostile, credentials: {token_env: T}}\n"
    "members:\n  - {id: alice, role: owner}\n"
)


# One event loop for the module, as uvicorn or Mangum keep one: the gateway's pooled
# connections belong to the loop that opened them.
RUNNER = asyncio.Runner()


@pytest.fixture(scope="module")
def upstream_url() -> Iterator[str]:
    with serve(upstream()) as url:
        yield url


def gateway(home: Path, base: str, timeout: str) -> Container:
    return make_container(
        home,
        org_text=ORG.replace("{base}", base),
        credentials=StaticCredentials(token="upstream-secret"),
        CARDAMOM_CONNECTOR_TIMEOUT=timeout,
        CARDAMOM_MAX_RESPONSE_BYTES="1024",
    )


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory, upstream_url: str) -> Container:
    # A generous deadline: no call here may fail for want of time on a loaded machine.
    return gateway(tmp_path_factory.mktemp("hostile") / "home", upstream_url, "30")


@pytest.fixture(scope="module")
def impatient(tmp_path_factory: pytest.TempPathFactory, upstream_url: str) -> Container:
    # A short deadline, for the one upstream that answers in a minute, if ever.
    return gateway(tmp_path_factory.mktemp("impatient") / "home", upstream_url, "1")


def call(container: Container, name: str, arguments: dict[str, Any] | None = None) -> dict[str, Any]:
    caller = Caller("acme", "alice", "owner", frozenset(ALL_SCOPES))
    body = json.dumps(
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "tools/call",
            "params": {"name": f"h__{name}", "arguments": arguments or {}},
        }
    ).encode()
    reply = RUNNER.run(container.endpoint.handle(body, caller))
    assert reply.body is not None
    result: dict[str, Any] = reply.body["result"]
    return result


def error_code(result: dict[str, Any]) -> str:
    assert result["isError"] is True, result
    code: str = result["structuredContent"]["error"].get("detail") or result["structuredContent"]["error"]["code"]
    return code


def last_audit(container: Container) -> tuple[str, str | None]:
    row = container.audit.query("acme", AuditQuery(limit=1))[0]
    return row.status, row.error_code


class TestPaths:
    @pytest.mark.parametrize(
        ("value", "raw_path"),
        [
            ("p-1", "/api/echo/p-1"),
            ("a/b", "/api/echo/a%2Fb"),  # an encoded slash never becomes a segment
            ("..%2Fadmin", "/api/echo/..%252Fadmin"),  # pre-encoded input is encoded again, not decoded
            ("%2e%2e", "/api/echo/%252e%252e"),
            ("@evil.example", "/api/echo/%40evil.example"),
            ("x?admin=1#frag", "/api/echo/x%3Fadmin%3D1%23frag"),
        ],
    )
    def test_path_values_stay_inside_one_segment(self, hostile: Container, value: str, raw_path: str) -> None:
        result = call(hostile, "echo", {"value": value})
        assert result["isError"] is False, result
        assert result["structuredContent"]["data"]["raw_path"] == raw_path
        assert result["structuredContent"]["data"]["host"].startswith("127.0.0.1:")

    @pytest.mark.parametrize("value", ["../../admin", "../", "a/../../b"])
    def test_traversal_is_refused_and_audited(self, hostile: Container, value: str) -> None:
        before = HITS["echo"]
        assert error_code(call(hostile, "echo", {"value": value})) == "outbound_refused"
        assert HITS["echo"] == before
        assert last_audit(hostile) == ("failed", "outbound_refused")

    @pytest.mark.parametrize("value", ["..", ".", ""])
    def test_dot_and_empty_segments_are_invalid_arguments(self, hostile: Container, value: str) -> None:
        assert error_code(call(hostile, "echo", {"value": value})) == "invalid_arguments"

    def test_no_parameter_can_override_the_host(self, hostile: Container) -> None:
        assert error_code(call(hostile, "echo_header", {"Host": "evil.example"})) == "invalid_arguments"
        result = call(hostile, "echo_query", {"q": "http://evil.example/"})
        assert result["structuredContent"]["data"]["host"].startswith("127.0.0.1:")

    def test_the_credential_goes_upstream_but_never_back(self, hostile: Container) -> None:
        result = call(hostile, "echo", {"value": "who"})
        assert result["structuredContent"]["data"]["authorization"] == "Bearer ***"
        assert "upstream-secret" not in json.dumps(result)


class TestRedirects:
    @pytest.mark.parametrize("name", ["away", "escape", "userinfo"])
    def test_redirects_out_of_the_origin_or_base_path_are_refused(self, hostile: Container, name: str) -> None:
        before = HITS["echo"]
        assert error_code(call(hostile, name)) == "outbound_refused"
        assert HITS["echo"] == before
        assert last_audit(hostile) == ("failed", "outbound_refused")

    def test_a_same_origin_redirect_is_followed(self, hostile: Container) -> None:
        result = call(hostile, "same")
        assert result["structuredContent"]["data"]["raw_path"] == "/api/echo/followed"

    def test_redirect_loops_and_method_changes_are_refused(self, hostile: Container) -> None:
        assert error_code(call(hostile, "loop")) == "outbound_refused"
        assert error_code(call(hostile, "post")) == "outbound_refused"
        assert call(hostile, "keep_post")["structuredContent"]["data"]["raw_path"] == "/api/echo/kept"


class TestSizeTimeAndRetries:
    def test_oversize_responses_are_cut_off(self, hostile: Container) -> None:
        assert error_code(call(hostile, "big")) == "response_too_large"
        assert last_audit(hostile) == ("failed", "response_too_large")

    def test_slow_responses_hit_the_deadline(self, impatient: Container) -> None:
        assert error_code(call(impatient, "slow")) == "connector_timeout"
        assert last_audit(impatient) == ("failed", "connector_timeout")

    def test_idempotent_calls_are_retried_on_5xx(self, hostile: Container) -> None:
        HITS["flaky GET"] = 0
        result = call(hostile, "flaky")
        assert result["isError"] is False and HITS["flaky GET"] == 3

    def test_non_idempotent_calls_are_not_retried(self, hostile: Container) -> None:
        HITS["flaky POST"] = 0
        assert error_code(call(hostile, "flaky_post")) == "upstream_http_503"
        assert HITS["flaky POST"] == 1

    def test_a_retry_after_beyond_the_cap_is_not_waited_out(self, hostile: Container) -> None:
        HITS["later"] = 0
        assert error_code(call(hostile, "later")) == "upstream_http_429"
        assert HITS["later"] == 1


def test_the_audit_never_holds_a_credential(hostile: Container) -> None:
    call(hostile, "echo", {"value": "audit"})
    rows = hostile.audit.query("acme", AuditQuery(limit=1000))
    assert rows and "upstream-secret" not in json.dumps([asdict(r) for r in rows])
