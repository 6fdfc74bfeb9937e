"""Every error Cardamom raises on purpose, in one tree.

    CardamomError
     ├── ConfigError                  configuration missing or invalid (raised at start-up, never per request)
     ├── OrgDefinitionError           an org file or directory change that does not validate
     ├── AuthenticationError          missing, malformed, expired or revoked bearer token   -> HTTP 401
     ├── OAuthError                   the authorization server refuses a request            -> OAuth error JSON,
     │                                (RFC 6749 / 7591 / 7009 error code)                      redirect or page
     ├── ProtocolError                the JSON-RPC message itself is wrong                  -> JSON-RPC error
     │    ├── ParseError                  body is not JSON                                  -32700
     │    ├── InvalidRequest              not a JSON-RPC 2.0 request, batch, too large      -32600
     │    ├── MethodNotFound              unknown method                                    -32601
     │    ├── InvalidParams               params of the wrong shape, unknown tool name      -32602
     │    │    └── MissingRequestMeta         2026-07-28 request without its required _meta     -32602 (HTTP 400)
     │    ├── UnsupportedProtocolVersion  MCP-Protocol-Version header we do not speak       -32600 (HTTP 400)
     │    ├── UnsupportedRequestVersion   2026-07-28 era: a version we do not speak         -32022 (HTTP 400)
     │    └── HeaderMismatch              2026-07-28 era: MCP headers missing or not the body -32020 (HTTP 400)
     ├── ToolError                    a tool call that cannot complete                      -> CallToolResult.isError
     │    ├── UnknownTool                 no tool of that name is advertised to the caller
     │    ├── ConnectionInactive          the name reaches a connection that is pending or needs_reauth
     │    ├── PermissionDenied            the member's role lacks a permission (tool:execute, ...)
     │    ├── ScopeMissing                the OAuth grant lacks a scope (mcp:read, mcp:tools, ...)
     │    ├── Forbidden                   the operation is classified forbidden: no scope reaches it
     │    ├── Restricted                  a restriction withholds the connector or tool
     │    ├── InvalidArguments            arguments do not match the tool's input schema
     │    ├── CredentialUnavailable       the connection's credential reference does not resolve
     │    │    └── TokenRefused           the authorization server refused the grant: reconnect
     │    │         └── ReauthorizationNeeded   ... so the connection must be marked needs_reauth
     │    ├── OutboundRefused             the substituted request fails the outbound guard
     │    ├── ConnectorFailed             the third-party API answered with an error or timed out
     │    ├── AuditUnavailable            the audit row could not be written, so nothing ran
     │    ├── RecordNotFound              a control-plane operation named a record that does not exist
     │    ├── ChangeConflict              a control-plane change lost a race; nothing was written
     │    └── NotAllowed                  a control-plane change that would break an invariant
     └── StoreError                   the store could not do what was asked
          ├── NotFound
          └── Conflict                    a concurrent edit won the race

Protocol errors and tool errors are mapped to wire codes in one place
(``cardamom.mcp.errors``), by type, never by message text. Each ``ToolError`` carries
a stable ``code`` that audit rows record on failure.
"""

from __future__ import annotations

from typing import Any


class CardamomError(Exception):
    """Root of every error Cardamom raises on purpose."""


class ConfigError(CardamomError):
    """Configuration is missing or invalid; raised once, at start-up."""


class OrgDefinitionError(CardamomError):
    """An org definition failed validation.

    ``problems`` holds one ``(location, message)`` pair per problem, where the location
    names the file and the path inside it (``org.yaml:12 connections[0].connector``).
    """

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        self.problems = problems
        lines = [f"{where}: {what}" for where, what in problems]
        super().__init__("\n".join(lines))


class AuthenticationError(CardamomError):
    """The request carries no valid bearer token."""

    def __init__(self, message: str, *, error: str = "invalid_token") -> None:
        self.error = error
        super().__init__(message)


class OAuthError(CardamomError):
    """An OAuth endpoint or sign-in step refuses the request.

    ``error`` is the RFC 6749 / 7591 / 7009 code; ``status`` the HTTP status a JSON endpoint
    answers with; ``redirect`` whether the client may be told through its redirect URI, which
    is true only once the client and that URI are verified (never an open redirect).
    """

    def __init__(self, error: str, description: str, *, status: int = 400, redirect: bool = False) -> None:
        self.error = error
        self.status = status
        self.redirect = redirect
        super().__init__(description)


class ProtocolError(CardamomError):
    """The JSON-RPC message cannot be processed as sent; ``data`` travels in the error's ``data``."""

    def __init__(self, message: str, *, data: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.data = data


class ParseError(ProtocolError):
    """The body is not valid JSON."""


class InvalidRequest(ProtocolError):
    """The body is JSON but not a JSON-RPC 2.0 request we accept."""


class MethodNotFound(ProtocolError):
    """No such JSON-RPC method."""


class InvalidParams(ProtocolError):
    """The method's params are of the wrong shape."""


class MissingRequestMeta(InvalidParams):
    """A 2026-07-28 request lacks a required ``_meta`` field (protocol version, client capabilities)."""


class UnsupportedProtocolVersion(ProtocolError):
    """The MCP-Protocol-Version header names a version this server does not speak."""


class UnsupportedRequestVersion(ProtocolError):
    """A per-request-era request declares a version this server does not speak.

    ``data`` lists the versions it does (``supported``) and echoes the one asked for
    (``requested``), so the client can retry with one of them.
    """

    def __init__(self, requested: str, supported: tuple[str, ...]) -> None:
        listed = ", ".join(supported)
        super().__init__(
            f"protocol version {requested!r} is not supported (supported: {listed})",
            data={"supported": list(supported), "requested": requested},
        )


class HeaderMismatch(ProtocolError):
    """A 2026-07-28 request whose MCP headers are missing, malformed, or disagree with its body."""


class ToolError(CardamomError):
    """A tool call that cannot complete; reported in-band so a model can read it."""

    code = "tool_error"

    @property
    def audit_code(self) -> str:
        """The code an audit row (and a log line) records for this failure."""
        return self.code


class UnknownTool(ToolError):
    code = "unknown_tool"


class ConnectionInactive(ToolError):
    """The tool belongs to a connection the caller may see that is not active: its tools are
    absent (not failing), and the message says what would bring them back."""

    code = "connection_inactive"

    def __init__(self, message: str, *, account: str, status: str) -> None:
        self.account = account
        self.status = status
        super().__init__(message)


class PermissionDenied(ToolError):
    code = "permission_denied"

    def __init__(self, permission: str, message: str) -> None:
        self.permission = permission
        super().__init__(message)


class ScopeMissing(ToolError):
    code = "scope_missing"

    def __init__(self, scope: str, message: str) -> None:
        self.scope = scope
        super().__init__(message)


class Forbidden(ToolError):
    code = "forbidden"


class Restricted(ToolError):
    code = "restricted"

    def __init__(self, message: str, *, rule_id: str | None = None) -> None:
        self.rule_id = rule_id
        super().__init__(message)


class InvalidArguments(ToolError):
    code = "invalid_arguments"


class CredentialUnavailable(ToolError):
    code = "credential_unavailable"


class TokenRefused(CredentialUnavailable):
    code = "token_refused"


class ReauthorizationNeeded(TokenRefused):
    """A connection's grant is refused for good: whoever resolved the credential records the
    connection as ``needs_reauth`` (``service/reauthorization.py``), so its tools leave search."""

    def __init__(self, message: str, *, account: str) -> None:
        self.account = account
        super().__init__(message)


class OutboundRefused(ToolError):
    code = "outbound_refused"


class ConnectorFailed(ToolError):
    code = "connector_failed"

    def __init__(self, message: str, *, status: int | None = None, detail: str = "connector_failed") -> None:
        self.status = status
        self.detail = detail
        super().__init__(message)

    @property
    def audit_code(self) -> str:
        """The connector's own failure kind (``upstream_http_404``, ``connector_timeout``, ...)."""
        return self.detail


class AuditUnavailable(ToolError):
    code = "audit_unavailable"


class RecordNotFound(ToolError):
    code = "not_found"


class ChangeConflict(ToolError):
    code = "conflict"


class NotAllowed(ToolError):
    """E.g. removing the last owner, or an admin acting on an owner."""

    code = "not_allowed"


class StoreError(CardamomError):
    """The store could not complete an operation."""


class NotFound(StoreError):
    """The addressed record does not exist."""


class Conflict(StoreError):
    """A concurrent edit changed the record first; nothing was overwritten."""


class RebuildFailed(CardamomError):
    """Some snapshot rebuilds failed: the rebuild function's invocation fails, so Lambda counts an
    error and retries the stream batch (then hands it to the on-failure queue)."""


class AuditScheduleFailed(CardamomError):
    """Sealing or exporting failed for some orgs (the others were done): the audit function's
    invocation fails, so Lambda counts an error and the alarm on it tells the operator."""
