"""The org definition: connectors, connections, members and restrictions.

These models are both the schema of the YAML file ``cardamom org apply`` reads and the
records the directory stores. Field-level rules live on the models; rules that relate
one part of the file to another (a connection naming a connector that exists, a target
that is a path parameter) live in :func:`cross_reference_problems`, which reports each
problem with its path so the loader can point at the line.

The module runs past 400 lines because it is the whole file format in one place: every
record's model with its field rules, and the rules between records beside them.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, field_validator, model_validator

Method = Literal["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]
Classification = Literal["read", "write", "destructive", "forbidden"]
Role = Literal["owner", "admin", "member", "guest", "auditor", "billing_admin"]
ConnectionStatus = Literal["active", "pending", "needs_reauth"]
ConnectorKind = Literal["http", "mcp"]
MemberStatus = Literal["active", "suspended"]
ArgumentLocation = Literal["path", "query", "header", "body"]
Path = tuple[str | int, ...]

ROLES: tuple[Role, ...] = ("owner", "admin", "member", "guest", "auditor", "billing_admin")
# Reserved so that no account can shadow the control plane's ``cardamom__`` names.
RESERVED_ACCOUNTS = frozenset({"cardamom"})

_PATH_PARAM = re.compile(r"\{([^{}]+)\}")
ORG_ID = r"^[a-z0-9][a-z0-9-]{0,62}$"
CONNECTOR_ID = r"^[a-z0-9][a-z0-9-]{0,62}$"
# Accounts carry no underscore: the first ``__`` of an advertised name ends the account.
ACCOUNT_LABEL = r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,30}[A-Za-z0-9])?$"
TOOL_NAME = r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$"
MEMBER_ID = r"^[A-Za-z0-9][A-Za-z0-9._@+-]{0,127}$"
ENV_NAME = r"^[A-Za-z_][A-Za-z0-9_]{0,127}$"


def schema_problem(schema: dict[str, Any]) -> str | None:
    """Why ``schema`` is not a valid JSON Schema (Draft 2020-12), or None when it is."""
    return _schema_problem(json.dumps(schema, sort_keys=True, default=str))


@lru_cache(maxsize=8192)
def _schema_problem(schema_json: str) -> str | None:
    """Checking a schema against the metaschema is the costly part of validating a big
    connector; equal schemas (every import and apply of the same spec) are checked once."""
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError

    try:
        Draft202012Validator.check_schema(json.loads(schema_json))
    except SchemaError as exc:
        return str(exc.message)
    return None


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def path_parameters(template: str) -> list[str]:
    """The ``{name}`` placeholders of a path template, in order."""
    return _PATH_PARAM.findall(template)


class AuthSpec(_Record):
    """How a connector authenticates outbound calls."""

    type: Literal["none", "bearer", "api_key", "basic", "oauth2"] = "none"
    header: str | None = Field(default=None, description="api_key: header carrying the key")
    query_param: str | None = Field(default=None, description="api_key: query parameter instead")
    token_url: str | None = Field(default=None, description="oauth2: the authorization server's token endpoint")
    grant: Literal["client_credentials", "authorization_code"] | None = Field(
        default=None, description="oauth2: client_credentials, or authorization_code with a stored refresh token"
    )
    scopes: list[str] = Field(default_factory=list, description="oauth2: scopes to request")
    client_auth: Literal["client_secret_basic", "client_secret_post"] = "client_secret_basic"

    @model_validator(mode="after")
    def _fields_fit_the_type(self) -> AuthSpec:
        if self.type == "api_key" and self.header and self.query_param:
            raise ValueError("an api_key goes in a header or a query parameter, not both")
        if self.type != "api_key" and (self.header or self.query_param):
            raise ValueError("header and query_param apply only to auth type api_key")
        if self.type == "oauth2":
            if not self.token_url or not self.grant:
                raise ValueError("oauth2 needs token_url and grant (client_credentials or authorization_code)")
            from urllib.parse import urlsplit

            if urlsplit(self.token_url).scheme not in ("http", "https"):
                raise ValueError("token_url must be an http(s) URL")
        elif self.token_url or self.grant or self.scopes:
            raise ValueError("token_url, grant and scopes apply only to auth type oauth2")
        return self


class ToolDef(_Record):
    """One operation of a connector."""

    name: Annotated[str, Field(pattern=TOOL_NAME)]
    description: str = ""
    method: Method = "GET"
    path: str
    target: str | None = Field(default=None, description="the path argument naming the object acted on")
    input_schema: dict[str, Any] = Field(default_factory=lambda: {"type": "object", "properties": {}})
    classification: Classification | None = Field(
        default=None, description="overrides the classification derived from the method"
    )
    arguments_in: dict[str, ArgumentLocation] = Field(
        default_factory=dict, description="where an argument goes when the default does not fit"
    )
    body_encoding: Literal["json", "form"] = Field(
        default="json", description="how body arguments are sent: a JSON object, or a form (urlencoded)"
    )

    @field_validator("method", mode="before")
    @classmethod
    def _upper_method(cls, value: Any) -> Any:
        return value.upper() if isinstance(value, str) else value

    @field_validator("path")
    @classmethod
    def _path_is_relative_template(cls, value: str) -> str:
        if not value.startswith("/"):
            raise ValueError("path must start with '/'")
        if "?" in value or "#" in value or "//" in value:
            raise ValueError("path must not contain '?', '#' or '//'")
        if any(part in (".", "..") for part in value.split("/")):
            raise ValueError("path must not contain '.' or '..' segments")
        return value

    @field_validator("input_schema")
    @classmethod
    def _schema_is_object(cls, value: dict[str, Any]) -> dict[str, Any]:
        if value.get("type", "object") != "object":
            raise ValueError("input_schema must describe an object (type: object)")
        properties = value.get("properties", {})
        if not isinstance(properties, dict):
            raise ValueError("input_schema.properties must be a mapping")
        required = value.get("required", [])
        if not isinstance(required, list) or not all(isinstance(r, str) for r in required):
            raise ValueError("input_schema.required must be a list of names")
        problem = schema_problem(value)
        if problem is not None:
            raise ValueError(f"input_schema is not a valid JSON Schema: {problem}")
        return value


class ConnectorDef(_Record):
    """An app the org can connect: where it lives, how it authenticates, its tools.

    ``kind: mcp`` is a remote MCP server: ``base_url`` is its Streamable HTTP endpoint, and
    its tools are not declared here but listed from the server when the snapshot is built.
    """

    id: Annotated[str, Field(pattern=CONNECTOR_ID)]
    label: Annotated[str, Field(min_length=1, max_length=80)]
    kind: ConnectorKind = Field(default="http", description="http: an HTTP API; mcp: a remote MCP server")
    base_url: str
    auth: AuthSpec = Field(default_factory=AuthSpec)
    tools: list[ToolDef] = Field(default_factory=list)
    merge_accounts: bool = Field(
        default=False,
        description="with several active accounts, advertise one tool per operation, with an account argument",
    )

    @field_validator("base_url")
    @classmethod
    def _base_url_is_plain_origin(cls, value: str) -> str:
        from urllib.parse import urlsplit

        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("base_url must be an http(s) URL with a host")
        if parts.username or parts.password:
            raise ValueError("base_url must not carry credentials")
        if parts.query or parts.fragment:
            raise ValueError("base_url must not carry a query or fragment")
        return value.rstrip("/")

    @model_validator(mode="after")
    def _mcp_declares_no_tools(self) -> ConnectorDef:
        if self.kind == "mcp" and self.tools:
            raise ValueError("an mcp connector declares no tools: they are listed from the server at snapshot build")
        if self.kind == "mcp" and self.merge_accounts:
            raise ValueError("merge_accounts does not apply to mcp connectors: each server lists its own tools")
        return self


class CredentialRef(_Record):
    """Where a connection's secret lives. Only the reference is ever stored.

    ``secret`` names an entry of the secret store (a local encrypted file, or AWS Secrets
    Manager); the ``*_env`` fields name environment variables of the gateway process.
    """

    secret: Annotated[str | None, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9._/-]{0,127}$")] = None
    token_env: Annotated[str | None, Field(pattern=ENV_NAME)] = None
    api_key_env: Annotated[str | None, Field(pattern=ENV_NAME)] = None
    username_env: Annotated[str | None, Field(pattern=ENV_NAME)] = None
    password_env: Annotated[str | None, Field(pattern=ENV_NAME)] = None


class ConnectionDef(_Record):
    """One connected account of a connector."""

    account: str
    connector: str
    status: ConnectionStatus = "active"
    credentials: CredentialRef = Field(default_factory=CredentialRef)
    frozen: dict[str, JsonValue] = Field(
        default_factory=dict, description="argument values fixed for every tool of this account"
    )

    @field_validator("account")
    @classmethod
    def _valid_account_label(cls, value: str) -> str:
        if not re.fullmatch(ACCOUNT_LABEL, value):
            raise ValueError(
                f"account label {value!r} must be 1 to 32 letters, digits and inner hyphens "
                "(no underscores: '__' separates the account from the tool in advertised names)"
            )
        if value.casefold() in RESERVED_ACCOUNTS:
            raise ValueError(f"account label {value!r} is reserved for the control plane")
        return value


class MemberDef(_Record):
    id: Annotated[str, Field(pattern=MEMBER_ID)]
    role: Role = "member"
    status: MemberStatus = "active"


class RestrictionTarget(_Record):
    role: Role | None = None
    user: str | None = None

    @model_validator(mode="after")
    def _exactly_one(self) -> RestrictionTarget:
        if (self.role is None) == (self.user is None):
            raise ValueError("a restriction targets exactly one of role or user")
        return self


class RestrictionDef(_Record):
    """Allow or block a connector, some of its tools, or tools by name pattern.

    ``tools`` holds tool names or ``fnmatch`` patterns (``delete_*``) matched against the
    connector's own tool names. A rule naming neither connector nor tools matches nothing;
    as an allow it still engages the allowlist, so it denies everything.
    """

    id: str | None = None
    target: RestrictionTarget
    effect: Literal["allow", "block"]
    connector: str | None = None
    tools: list[Annotated[str, Field(min_length=1, max_length=128)]] = Field(default_factory=list)


class AliasDef(_Record):
    """A retired advertised name that keeps resolving to the tool it named.

    Recorded when merging or a new account changes a tool's advertised name, so a name a
    model remembers keeps working until an admin removes the alias.
    """

    name: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")]
    connector: str
    tool: str
    account: str


class ClientDef(_Record):
    """An OAuth client registered by the org's administrators (docs/auth.md).

    ``secret`` names a secret (``cardamom secrets put``) holding ``client_secret``: such a
    client authenticates at the token endpoint; without one it is a public client (PKCE).
    Its members sign in through it into this org only.
    """

    id: Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9._:-]{2,127}$")]
    name: Annotated[str, Field(min_length=1, max_length=100)]
    redirect_uris: Annotated[list[str], Field(min_length=1, max_length=10)]
    secret: Annotated[str | None, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9._/-]{0,127}$")] = None

    @field_validator("id")
    @classmethod
    def _not_a_url_or_registered(cls, value: str) -> str:
        if value.startswith(("https:", "http:", "dcr-")):
            raise ValueError("a pre-registered client id is neither a URL nor starts with dcr-")
        return value

    @field_validator("redirect_uris")
    @classmethod
    def _acceptable_redirects(cls, value: list[str]) -> list[str]:
        from cardamom.core.oauth_urls import redirect_uri_problem

        for uri in value:
            problem = redirect_uri_problem(uri)
            if problem is not None:
                raise ValueError(problem)
        return value


class OrgDefinition(_Record):
    org: Annotated[str, Field(pattern=ORG_ID)]
    collapse_threshold: int | None = Field(
        default=None,
        ge=0,
        le=100_000,
        description=(
            "list connected tools in tools/list while the caller's pool (control-plane operations plus the "
            "connected tools they may use) is at most this many; absent: never list them (always collapsed "
            "behind search_tools and execute_tool)"
        ),
    )
    connectors: list[ConnectorDef] = Field(default_factory=list)
    connections: list[ConnectionDef] = Field(default_factory=list)
    members: list[MemberDef] = Field(default_factory=list)
    restrictions: list[RestrictionDef] = Field(default_factory=list)
    aliases: list[AliasDef] = Field(default_factory=list)
    clients: list[ClientDef] = Field(default_factory=list)

    def with_restriction_ids(self) -> OrgDefinition:
        """Give every restriction without an id a stable one (``r{position}``), never an id already taken."""
        taken = {r.id for r in self.restrictions if r.id}
        restrictions = []
        for i, rule in enumerate(self.restrictions):
            if rule.id is None:
                candidate, n = f"r{i + 1}", i + 1
                while candidate in taken:
                    n += 1
                    candidate = f"r{n}"
                taken.add(candidate)
                rule = rule.model_copy(update={"id": candidate})
            restrictions.append(rule)
        return self.model_copy(update={"restrictions": restrictions})


def _duplicates(values: list[str]) -> dict[int, str]:
    seen: set[str] = set()
    dupes: dict[int, str] = {}
    for i, value in enumerate(values):
        if value in seen:
            dupes[i] = value
        seen.add(value)
    return dupes


def _tool_arguments(tool: ToolDef) -> set[str]:
    return set(tool.input_schema.get("properties", {})) | set(path_parameters(tool.path))


def cross_reference_problems(org: OrgDefinition) -> list[tuple[Path, str]]:
    """Problems that relate one part of an org definition to another, each with its path."""
    problems: list[tuple[Path, str]] = []
    connectors = {c.id: c for c in org.connectors}
    for i, cid in _duplicates([c.id for c in org.connectors]).items():
        problems.append((("connectors", i, "id"), f"connector id {cid!r} is defined twice"))
    for ci, connector in enumerate(org.connectors):
        for ti, name in _duplicates([t.name for t in connector.tools]).items():
            problems.append((("connectors", ci, "tools", ti, "name"), f"tool {name!r} is defined twice"))
        for ti, tool in enumerate(connector.tools):
            params = path_parameters(tool.path)
            here: Path = ("connectors", ci, "tools", ti)
            for p in params:
                if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.-]*", p):
                    problems.append(((*here, "path"), f"path parameter {{{p}}} is not a valid name"))
            if tool.target is not None and tool.target not in params:
                problems.append(((*here, "target"), f"target {tool.target!r} is not a path parameter of {tool.path}"))
            for arg, where in tool.arguments_in.items():
                if where == "path" and arg not in params:
                    problems.append(((*here, "arguments_in", arg), f"{arg!r} is not in the path template"))
                if where != "path" and arg in params:
                    problems.append(((*here, "arguments_in", arg), f"{arg!r} is a path parameter"))
    for i, client_id in _duplicates([c.id for c in org.clients]).items():
        problems.append((("clients", i, "id"), f"client id {client_id!r} is defined twice"))
    for i, account in _duplicates([c.account.casefold() for c in org.connections]).items():
        problems.append((("connections", i, "account"), f"account {account!r} is defined twice"))
    for i, conn in enumerate(org.connections):
        used = connectors.get(conn.connector)
        if used is None:
            known = ", ".join(sorted(connectors)) or "none defined"
            problems.append((("connections", i, "connector"), f"unknown connector {conn.connector!r} (known: {known})"))
            continue
        problems.extend(_credential_problems(("connections", i, "credentials"), used, conn.credentials))
        if used.kind == "mcp":
            continue  # its tools (and so their arguments) are known only once the server lists them
        arguments = set().union(*(_tool_arguments(t) for t in used.tools)) if used.tools else set()
        for key in conn.frozen:
            if key not in arguments:
                problems.append(
                    (("connections", i, "frozen", key), f"{key!r} is not an argument of any {used.id} tool")
                )
    merged = {c.id for c in org.connectors if c.merge_accounts}
    for i, conn in enumerate(org.connections):
        if conn.account in merged:
            problems.append(
                (
                    ("connections", i, "account"),
                    f"account {conn.account!r} would share names with merged connector "
                    f"{conn.account!r}; rename one of them",
                )
            )
    for i, name in _duplicates([a.name for a in org.aliases]).items():
        problems.append((("aliases", i, "name"), f"alias {name!r} is defined twice"))
    members = {m.id for m in org.members}
    for i, mid in _duplicates([m.id for m in org.members]).items():
        problems.append((("members", i, "id"), f"member {mid!r} is defined twice"))
    seen_ids: set[str] = set()
    for i, rule in enumerate(org.restrictions):
        if rule.id is not None and rule.id in seen_ids:
            problems.append((("restrictions", i, "id"), f"restriction id {rule.id!r} is used twice"))
        if rule.id is not None:
            seen_ids.add(rule.id)
    for i, rule in enumerate(org.restrictions):
        if rule.connector is not None and rule.connector not in connectors:
            problems.append((("restrictions", i, "connector"), f"unknown connector {rule.connector!r}"))
        if rule.target.user is not None and rule.target.user not in members:
            problems.append((("restrictions", i, "target", "user"), f"unknown member {rule.target.user!r}"))
    return problems


# Per auth type, the alternative sets of references that satisfy it.
_CREDENTIAL_OPTIONS: dict[str, tuple[tuple[str, ...], ...]] = {
    "none": ((),),
    "bearer": (("token_env",), ("secret",)),
    "api_key": (("api_key_env",), ("secret",)),
    "basic": (("username_env", "password_env"), ("secret",)),
    "oauth2": (("secret",),),
}


def _credential_problems(where: Path, connector: ConnectorDef, creds: CredentialRef) -> list[tuple[Path, str]]:
    kind = connector.auth.type
    options = _CREDENTIAL_OPTIONS[kind]
    given = {name for name, value in creds.model_dump().items() if value is not None}
    if any(given == set(option) for option in options):
        return []
    applicable = set().union(*map(set, options))
    problems: list[tuple[Path, str]] = [
        ((*where, name), f"connector {connector.id} uses {kind} auth: {name} does not apply")
        for name in sorted(given - applicable)
    ]
    usable = given & applicable
    if not any(usable == set(option) for option in options):
        spelled = " or ".join(" + ".join(option) for option in options if option)
        missing = [n for n in options[0] if n not in usable] or ["credentials"]
        for name in missing:
            problems.append(((*where, name), f"connector {connector.id} uses {kind} auth: give {spelled}"))
    return problems
