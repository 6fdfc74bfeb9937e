"""URLs in the OAuth flows: the issuer, redirect URIs and client-id URLs, judged without I/O.

Redirect URIs (RFC 8252, OAuth 2.1 section 7.5): ``https`` anywhere (Claude's and ChatGPT's
callbacks are plain https URLs); plain ``http`` only to a loopback host, where the port is
ignored when matching because native apps pick one per run; and private-use schemes of
native apps (reverse-DNS ones such as ``com.example.app:/cb``, and the bare product schemes
Cursor and VS Code register). Schemes that run or read something in the browser itself are
never accepted, and neither are fragments or userinfo.
"""

from __future__ import annotations

import re
from urllib.parse import SplitResult, urlsplit

from cardamom.core.loopback import is_loopback_host

# Product schemes real MCP clients register without a dot (Cursor, VS Code and its forks).
PRODUCT_SCHEMES = frozenset({"cursor", "vscode", "vscode-insiders", "windsurf", "vscodium", "zed"})
# Never a redirect target: they execute, read local data or stay inside the browser.
FORBIDDEN_SCHEMES = frozenset({"javascript", "data", "file", "vbscript", "about", "blob", "chrome", "view-source"})
_SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*$")


def _split(url: str) -> SplitResult | None:
    try:
        parts = urlsplit(url)
        _ = parts.port  # a malformed port raises here
    except ValueError:
        return None
    return parts


def issuer_problem(value: str, *, allow_loopback_http: bool) -> str | None:
    """Why ``value`` cannot be an issuer or public base URL (RFC 8414 section 2), or None."""
    parts = _split(value)
    if parts is None or not parts.scheme or not parts.hostname:
        return f"{value!r} is not a URL (expected e.g. https://mcp.example.com)"
    if parts.query or parts.fragment or "?" in value or "#" in value:
        return f"{value!r} must have no query or fragment"
    if parts.username is not None or parts.password is not None:
        return f"{value!r} must not carry userinfo"
    if parts.scheme == "https":
        return None
    if parts.scheme == "http" and allow_loopback_http and is_loopback_host(parts.hostname):
        return None
    if parts.scheme == "http":
        return f"{value!r} must use https (plain http only on a loopback host in local mode)"
    return f"{value!r} must be an https URL"


def redirect_uri_problem(uri: str) -> str | None:
    """Why ``uri`` cannot be registered as a redirect URI, or None."""
    if not uri or len(uri) > 2000 or any(c.isspace() for c in uri):
        return "a redirect URI must be a non-empty URL of at most 2000 characters without spaces"
    parts = _split(uri)
    if parts is None or not parts.scheme:
        return f"{uri!r} is not an absolute URI"
    if "#" in uri:
        return f"{uri!r} must not contain a fragment"
    scheme = parts.scheme.lower()
    if scheme in FORBIDDEN_SCHEMES or not _SCHEME.match(scheme):
        return f"the {scheme!r} scheme cannot receive an authorization response"
    if parts.username is not None or parts.password is not None or "@" in parts.netloc:
        return f"{uri!r} must not carry userinfo"
    if scheme == "https":
        return None if parts.hostname else f"{uri!r} has no host"
    if scheme == "http":
        if is_loopback_host(parts.hostname):
            return None
        return f"{uri!r}: plain http is accepted only for a loopback host (127.0.0.1, [::1], localhost)"
    if "." in scheme or scheme in PRODUCT_SCHEMES:
        return None  # a native app's private-use scheme (RFC 8252 section 7.1)
    return (
        f"the {scheme!r} scheme is not accepted: use https, http on loopback, or a private-use "
        "scheme in reverse-DNS form (com.example.app)"
    )


def redirect_uri_matches(registered: str, presented: str) -> bool:
    """Exact match, except that a loopback http URI matches on any port (RFC 8252 section 7.3)."""
    if registered == presented:
        return True
    a, b = _split(registered), _split(presented)
    if a is None or b is None or a.scheme != "http" or b.scheme != "http":
        return False
    if not (is_loopback_host(a.hostname) and a.hostname == b.hostname):
        return False
    return (a.path or "/") == (b.path or "/") and a.query == b.query and "#" not in presented


def metadata_document_url_problem(client_id: str) -> str | None:
    """Why ``client_id`` is not a Client ID Metadata Document URL, or None.

    The document's URL is https with a path, no fragment, no userinfo and no dot segments.
    """
    parts = _split(client_id)
    if parts is None or parts.scheme != "https" or not parts.hostname:
        return "a URL client_id must be an https URL"
    if parts.path in ("", "/"):
        return "a URL client_id must have a path"
    if "#" in client_id or parts.username is not None or parts.password is not None:
        return "a URL client_id must carry no fragment and no userinfo"
    if any(segment in (".", "..") for segment in parts.path.split("/")):
        return "a URL client_id must not contain dot segments"
    return None


def is_url_client_id(client_id: str) -> bool:
    return client_id.startswith("https://") or client_id.startswith("http://")
