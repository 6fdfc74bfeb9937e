"""The one loopback check (core/loopback.py) that connectors, token endpoints, the issuer and
redirect URIs share: names and addresses as ``urlsplit(...).hostname`` gives them."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from cardamom.core.loopback import is_loopback_host


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1", "127.8.9.10", "::1", "0:0:0:0:0:0:0:1"])
def test_loopback_names_and_addresses(host: str) -> None:
    assert is_loopback_host(host)


@pytest.mark.parametrize(
    "host",
    [None, "", "example.com", "localhost.example.com", "10.0.0.1", "0.0.0.0", "::", "[::1]", "128.0.0.1"],
)
def test_everything_else_is_not_loopback(host: str | None) -> None:
    assert not is_loopback_host(host)


@pytest.mark.parametrize(
    ("url", "loopback"),
    [
        ("http://[::1]:8080/cb", True),
        ("http://127.0.0.1/cb", True),
        ("http://LOCALHOST/", True),
        ("https://x.io", False),
    ],
)
def test_a_urls_hostname_is_what_it_reads(url: str, loopback: bool) -> None:
    assert is_loopback_host(urlsplit(url).hostname) is loopback
