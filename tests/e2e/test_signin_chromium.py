"""A real browser on the sign-in pages: headless Chromium (Debian's package) follows the
authorization URL, signs in on the development page, ticks off a scope and allows on the
consent page, and lands on the client's redirect URI with a code that then buys a token.
The pages are captured at phone and desktop widths and checked for what makes them
readable: no sideways scrolling, body text of at least 16 px, buttons a thumb can hit.

Skipped only where Chromium is absent (``.ci/run`` installs it)."""

from __future__ import annotations

import base64
import hashlib
import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from tests.chromium import DESKTOP, PHONE, Chromium, chromium_path
from tests.conftest import LiveGateway
from tests.signin_support import callback_params
from tests.support import serve

pytestmark = pytest.mark.e2e
CHROMIUM = chromium_path()
SCREENSHOTS = os.environ.get("CARDAMOM_SCREENSHOTS")  # keep them here (a directory) to look at them


@pytest.fixture
def browser() -> Iterator[Chromium]:
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed (apt-get install -y chromium; .ci/run does)")
    chromium = Chromium(CHROMIUM)
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture
def client_callback() -> Iterator[tuple[str, list[dict[str, str]]]]:
    """The MCP client's loopback redirect URI, recording what the browser brings back."""
    landed: list[dict[str, str]] = []

    async def callback(request: Request) -> PlainTextResponse:
        landed.append(dict(request.query_params))
        return PlainTextResponse("Signed in: you can close this window.")

    with serve(Starlette(routes=[Route("/callback", callback)])) as url:
        yield f"{url}/callback", landed


def _readability(browser: Chromium) -> dict[str, Any]:
    result: dict[str, Any] = browser.evaluate(
        "(() => ({"
        " overflow: document.documentElement.scrollWidth - window.innerWidth,"
        " font: parseFloat(getComputedStyle(document.body).fontSize),"
        " buttons: [...document.querySelectorAll('button')].map(b => b.getBoundingClientRect().height),"
        " title: document.title }))()"
    )
    return result


def _capture(browser: Chromium, name: str, directory: Path) -> list[Path]:
    shots = []
    for label, metrics in (("phone", PHONE), ("desktop", DESKTOP)):
        browser.viewport(metrics)
        readable = _readability(browser)
        assert readable["overflow"] <= 0, f"{name} scrolls sideways at {label} width"
        assert readable["font"] >= 16, f"{name} body text is {readable['font']}px at {label} width"
        assert all(h >= 40 for h in readable["buttons"]), f"{name} has small buttons at {label} width"
        shot = browser.screenshot(directory / f"{name}-{label}.png")
        assert shot.stat().st_size > 10_000, "a blank screenshot is a few hundred bytes"
        shots.append(shot)
    browser.viewport(DESKTOP)
    return shots


def test_chromium_walks_sign_in_and_consent(
    browser: Chromium, notion_gateway: LiveGateway, client_callback: tuple[str, list[dict[str, str]]], tmp_path: Path
) -> None:
    redirect_uri, landed = client_callback
    base = notion_gateway.url
    registered = httpx.post(
        f"{base}/oauth/register",
        json={
            "client_name": "Claude Desktop (test)",
            "redirect_uris": [redirect_uri],
            "token_endpoint_auth_method": "none",
        },
    ).json()
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    query = {
        "response_type": "code",
        "client_id": registered["client_id"],
        "redirect_uri": redirect_uri,
        "state": "chromium-state",
        "code_challenge": challenge,
        "code_challenge_method": "S256",
        "resource": notion_gateway.mcp_url,
        "scope": "mcp:read mcp:write mcp:tools",
    }
    directory = Path(SCREENSHOTS) if SCREENSHOTS else tmp_path
    directory.mkdir(parents=True, exist_ok=True)

    browser.navigate(f"{base}/oauth/authorize?{urlencode(query)}")
    assert "Development sign-in only" in browser.evaluate("document.body.innerText")
    _capture(browser, "signin", directory)
    browser.click("form[action='/oauth/signin'] input[value='alice'] ~ button, form:has(input[value='alice']) button")

    assert "/oauth/consent" in browser.evaluate("location.href")
    text = browser.evaluate("document.body.innerText")
    assert "Claude Desktop (test)" in text and "alice" in text and "member" in text
    _capture(browser, "consent", directory)
    browser.click("input[value='mcp:write']", navigates=False)  # grant fewer: untick writing
    assert browser.evaluate("document.querySelector(\"input[value='mcp:write']\").checked") is False
    browser.click("button[value='allow']")

    assert landed, "the browser came back to the client's redirect URI"
    params = landed[-1]
    assert params["state"] == "chromium-state" and params["iss"] == base
    token = httpx.post(
        f"{base}/oauth/token",
        data={
            "grant_type": "authorization_code",
            "code": params["code"],
            "redirect_uri": redirect_uri,
            "client_id": registered["client_id"],
            "code_verifier": verifier,
        },
    )
    assert token.status_code == 200, token.text
    assert token.json()["scope"] == "mcp:read mcp:tools", "the unticked scope was not granted"
    assert callback_params(f"x?{urlencode(params)}")["code"] == params["code"]
