"""Turning a tool call into the exact HTTP request a connector receives, and guarding it.

Arguments are validated against the advertised schema, frozen values are merged over
whatever the caller sent (``cardamom.core.frozen``: a caller cannot un-freeze a key), path
parameters are percent-encoded into the template (a ``/`` in a value can never add a path
segment), and the fully substituted request is checked once more before it leaves: same scheme
and host as the connector's base URL, no userinfo, and a path under the base path.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Literal
from urllib.parse import SplitResult, quote, quote_plus, unquote, urlencode, urlsplit

from cardamom.core.frozen import caller_arguments, schema_for_caller, with_frozen
from cardamom.core.loopback import is_loopback_host
from cardamom.core.orgdef import ArgumentLocation, AuthSpec, path_parameters
from cardamom.core.pool import PoolTool
from cardamom.errors import InvalidArguments, OutboundRefused

_HEADER_VALUE = re.compile(r"[\t\x20-\x7e]*")  # what a header value may carry (no CR, LF or NUL)
_NOT_IN_URL = re.compile(r"[\x00-\x20\x7f\\]")

# Headers a tool argument may never set: they belong to transport and authentication.
RESERVED_HEADERS = frozenset(
    {
        "authorization",
        "host",
        "cookie",
        "content-length",
        "content-type",
        "transfer-encoding",
        "connection",
        "proxy-authorization",
        "x-forwarded-for",
        "x-forwarded-host",
    }
)


class Secret(str):
    """A credential value. Its repr never shows the value, so it cannot leak into a log line."""

    def __repr__(self) -> str:
        return "Secret('***')"


@dataclass(frozen=True, slots=True)
class Credential:
    kind: Literal["none", "bearer", "api_key", "basic"]
    token: Secret | None = None
    username: Secret | None = None
    password: Secret | None = None

    def secrets(self) -> tuple[str, ...]:
        values = (self.token, self.username, self.password)
        return tuple(v for v in values if v)


NO_CREDENTIAL = Credential("none")


@dataclass(frozen=True, slots=True)
class OutboundRequest:
    method: str
    url: str = field(repr=False)  # may carry an api key in its query
    headers: dict[str, str] = field(default_factory=dict, repr=False)  # may carry Authorization
    json_body: Any = field(default=None, repr=False)
    form_body: tuple[tuple[str, str], ...] | None = field(default=None, repr=False)
    has_body: bool = False
    secrets: tuple[str, ...] = field(default=(), repr=False)

    def __repr__(self) -> str:
        return f"OutboundRequest(method={self.method!r}, url={self.redacted_url()!r}, headers=[{len(self.headers)}])"

    def redacted_url(self) -> str:
        return redact(self.url, self.secrets)


def redact(text: str, secrets: tuple[str, ...]) -> str:
    for secret in secrets:
        if secret:
            for form in (secret, quote(secret, safe=""), quote_plus(secret, safe="")):
                text = text.replace(form, "***")
    return text


@lru_cache(maxsize=4096)
def _validator(schema_json: str) -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(json.loads(schema_json))


def check_arguments(name: str, schema: Mapping[str, Any], arguments: Mapping[str, Any]) -> None:
    """Refuse arguments the schema does not declare (unless it allows extras) or does not accept."""
    declared = set(schema.get("properties", {}))
    if schema.get("additionalProperties") is not True:
        unknown = sorted(set(arguments) - declared)
        if unknown:
            accepted = ", ".join(sorted(declared)) or "none"
            raise InvalidArguments(f"{name} does not take {', '.join(map(repr, unknown))} (it accepts: {accepted})")
    from jsonschema.exceptions import best_match

    error = best_match(_validator(json.dumps(schema, sort_keys=True)).iter_errors(dict(arguments)))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "arguments"
        raise InvalidArguments(f"{name}: {where}: {error.message}")


def validate_arguments(
    tool: PoolTool, arguments: Mapping[str, Any], frozen: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Check the caller's arguments against the advertised schema; merge frozen values over them.

    ``frozen`` defaults to the tool's own; a merged tool passes the chosen account's.
    """
    frozen = tool.frozen if frozen is None else frozen
    caller = caller_arguments(arguments, frozen)
    check_arguments(tool.name, schema_for_caller(tool.input_schema, frozen), caller)
    return with_frozen(caller, frozen)


def _default_location(method: str) -> ArgumentLocation:
    return "query" if method in ("GET", "HEAD", "DELETE") else "body"


def _query_values(name: str, value: Any) -> list[tuple[str, str]]:
    if isinstance(value, bool):
        return [(name, "true" if value else "false")]
    if isinstance(value, list):
        return [pair for item in value for pair in _query_values(name, item)]
    if isinstance(value, dict):
        return [(name, json.dumps(value, separators=(",", ":")))]
    if value is None:
        return []
    return [(name, str(value))]


def _path_segment(name: str, value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise InvalidArguments(f"path argument {name!r} must be a string or number")
    text = str(value)
    if text in ("", ".", ".."):
        raise InvalidArguments(f"path argument {name!r} must not be empty, '.' or '..'")
    return quote(text, safe="")


def build_request(tool: PoolTool, base_url: str, arguments: Mapping[str, Any]) -> OutboundRequest:
    """The request for a call, before credentials; ``arguments`` are validated and frozen-merged."""
    params = path_parameters(tool.path)
    path = tool.path
    for param in params:
        if param not in arguments:
            raise InvalidArguments(f"{tool.name}: path argument {param!r} is required")
        path = path.replace("{" + param + "}", _path_segment(param, arguments[param]))
    query: list[tuple[str, str]] = []
    headers: dict[str, str] = {}
    body: dict[str, Any] = {}
    default = _default_location(tool.method)
    for name, value in arguments.items():
        if name in params:
            continue
        where = tool.arguments_in.get(name, default)
        if where == "query":
            query.extend(_query_values(name, value))
        elif where == "header":
            if name.casefold() in RESERVED_HEADERS:
                raise InvalidArguments(f"argument {name!r} cannot be sent as a header")
            text = value if isinstance(value, str) else json.dumps(value)
            if not _HEADER_VALUE.fullmatch(text):
                raise InvalidArguments(f"argument {name!r} is sent as a header, so it takes printable ASCII only")
            headers[name] = text
        else:
            body[name] = value
    url = base_url + path + (("?" + urlencode(query)) if query else "")
    if body and tool.body_encoding == "form":
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        return OutboundRequest(method=tool.method, url=url, headers=headers, form_body=form_pairs(body), has_body=True)
    return OutboundRequest(
        method=tool.method, url=url, headers=headers, json_body=body if body else None, has_body=bool(body)
    )


def form_pairs(body: Mapping[str, Any], prefix: str = "") -> tuple[tuple[str, str], ...]:
    """A body as form fields: objects and arrays in bracket notation (``metadata[plan]``,
    ``items[0][price]``), the deep-object style Stripe and most form APIs read; booleans as
    ``true``/``false``; ``None`` left out."""
    pairs: list[tuple[str, str]] = []
    for key, value in body.items():
        name = f"{prefix}[{key}]" if prefix else str(key)
        if isinstance(value, Mapping):
            pairs.extend(form_pairs(value, name))
        elif isinstance(value, list | tuple):
            for i, item in enumerate(value):
                pairs.extend(form_pairs({str(i): item}, name))
        elif isinstance(value, bool):
            pairs.append((name, "true" if value else "false"))
        elif value is not None:
            pairs.append((name, str(value)))
    return tuple(pairs)


def with_credential(request: OutboundRequest, auth: AuthSpec, credential: Credential) -> OutboundRequest:
    """Inject the connection's credential the way its connector expects it."""
    headers = dict(request.headers)
    url = request.url
    # The credential's kind decides: an oauth2 connection's access token travels as a bearer token.
    if credential.kind == "bearer" and credential.token:
        headers["Authorization"] = f"Bearer {credential.token}"
    elif credential.kind == "basic" and credential.username is not None and credential.password is not None:
        raw = f"{credential.username}:{credential.password}".encode()
        headers["Authorization"] = "Basic " + base64.b64encode(raw).decode()
    elif credential.kind == "api_key" and credential.token:
        if auth.query_param:
            url += ("&" if "?" in url else "?") + urlencode([(auth.query_param, credential.token)])
        else:
            headers[auth.header or "X-API-Key"] = credential.token
    return replace(request, url=url, headers=headers, secrets=request.secrets + credential.secrets())


def _port(url: SplitResult) -> int | None:
    return url.port if url.port is not None else {"https": 443, "http": 80}.get(url.scheme)


def check_outbound(request: OutboundRequest, base_url: str, *, allow_loopback_http: bool) -> None:
    """The final check on the fully substituted request, just before it leaves."""
    if _NOT_IN_URL.search(request.url):
        # Built requests percent-encode everything; raw whitespace, controls or backslashes come
        # only from a redirect, and clients disagree on what they mean.
        raise OutboundRefused("outbound URL holds whitespace, control characters or backslashes")
    try:
        target = urlsplit(request.url)
        base = urlsplit(base_url)
        _port(target)
    except ValueError:
        raise OutboundRefused("outbound URL cannot be parsed") from None
    if target.username is not None or target.password is not None or "@" in target.netloc:
        raise OutboundRefused("outbound URL carries userinfo")
    if target.scheme != base.scheme or (target.hostname or "") != (base.hostname or "") or _port(target) != _port(base):
        raise OutboundRefused("outbound URL leaves the connector's origin")
    loopback_http = target.scheme == "http" and allow_loopback_http and is_loopback_host(target.hostname)
    if target.scheme != "https" and not loopback_http:
        raise OutboundRefused("outbound requests must use https (plain http only to loopback, in local mode)")
    base_path = base.path.rstrip("/")
    if not (target.path == base_path or target.path.startswith(base_path + "/")):
        raise OutboundRefused("outbound path escapes the connector's base path")
    if any(segment in (".", "..") for segment in unquote(target.path).split("/")):
        raise OutboundRefused("outbound path contains a dot segment")
