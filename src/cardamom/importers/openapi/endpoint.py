"""Where and how the document says its API is called: the base URL and the auth scheme."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from cardamom.core.orgdef import AuthSpec


def server_url(servers: Any) -> str | None:
    if not isinstance(servers, list) or not servers or not isinstance(servers[0], Mapping):
        return None
    server = servers[0]
    url = server.get("url")
    if not isinstance(url, str):
        return None
    variables = server.get("variables")

    def substitute(match: re.Match[str]) -> str:
        spec = variables.get(match.group(1)) if isinstance(variables, Mapping) else None
        if isinstance(spec, Mapping):
            if spec.get("default") is not None:
                return str(spec["default"])
            if isinstance(spec.get("enum"), list) and spec["enum"]:
                return str(spec["enum"][0])
        return match.group(0)

    return re.sub(r"\{([^{}]+)\}", substitute, url).strip()


def absolute_url(url: str | None) -> str | None:
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme in ("http", "https") and parts.hostname and "{" not in url:
        return url.rstrip("/")
    return None


def detect_auth(document: Mapping[str, Any]) -> AuthSpec:
    """The first security scheme the gateway can use, those the spec requires globally first.

    http bearer, oauth2 and openIdConnect -> bearer; apiKey in a header or the query -> api_key;
    http basic -> basic; anything else (cookies, digest, mutual TLS) or nothing -> none.
    """
    components = document.get("components")
    schemes = components.get("securitySchemes") if isinstance(components, Mapping) else None
    if schemes is None:
        schemes = document.get("securityDefinitions")
    if not isinstance(schemes, Mapping):
        return AuthSpec()
    order: list[str] = []
    security = document.get("security")
    for requirement in security if isinstance(security, list) else []:
        if isinstance(requirement, Mapping):
            order.extend(str(k) for k in requirement)
    order.extend(str(k) for k in schemes)
    for name in dict.fromkeys(order):
        scheme = schemes.get(name)
        if not isinstance(scheme, Mapping):
            continue
        kind = str(scheme.get("type", "")).lower()
        http_scheme = str(scheme.get("scheme", "")).lower()
        if kind in ("oauth2", "openidconnect") or (kind == "http" and http_scheme == "bearer"):
            return AuthSpec(type="bearer")
        if kind == "basic" or (kind == "http" and http_scheme == "basic"):
            return AuthSpec(type="basic")
        if kind == "apikey" and isinstance(scheme.get("name"), str) and scheme["name"]:
            where = str(scheme.get("in", "")).lower()
            if where == "header":
                return AuthSpec(type="api_key", header=scheme["name"])
            if where == "query":
                return AuthSpec(type="api_key", query_param=scheme["name"])
    return AuthSpec()


def detect_base_url(document: Mapping[str, Any]) -> str | None:
    """``servers[0].url`` with its variables at their defaults, or Swagger 2 scheme + host + basePath."""
    if str(document.get("swagger", "")).startswith("2"):
        host = document.get("host")
        if not isinstance(host, str) or not host:
            return None
        schemes = document.get("schemes")
        listed = [str(s) for s in schemes] if isinstance(schemes, list) else []
        scheme = "https" if "https" in listed or not listed else listed[0]
        base_path = document.get("basePath")
        return absolute_url(f"{scheme}://{host}{base_path if isinstance(base_path, str) else ''}")
    return absolute_url(server_url(document.get("servers")))
