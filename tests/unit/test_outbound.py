"""From a tool call to the exact request a connector receives, and the guard on it."""

from __future__ import annotations

import base64
from typing import Any
from urllib.parse import parse_qsl, quote, urlsplit

import pytest

from cardamom.core.orgdef import ArgumentLocation, AuthSpec, Method
from cardamom.core.outbound import (
    NO_CREDENTIAL,
    Credential,
    OutboundRequest,
    Secret,
    build_request,
    check_outbound,
    redact,
    validate_arguments,
    with_credential,
)
from cardamom.core.pool import PoolTool
from cardamom.errors import InvalidArguments, OutboundRefused

BASE = "https://api.example.com/api"


def pool_tool(
    *,
    method: Method = "GET",
    path: str = "/v1/items/{item_id}",
    properties: dict[str, Any] | None = None,
    required: list[str] | None = None,
    additional: bool | None = None,
    frozen: dict[str, Any] | None = None,
    arguments_in: dict[str, ArgumentLocation] | None = None,
) -> PoolTool:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": properties
        if properties is not None
        else {"item_id": {"type": "string"}, "limit": {"type": "integer", "minimum": 1}},
    }
    if required is not None:
        schema["required"] = required
    if additional is not None:
        schema["additionalProperties"] = additional
    return PoolTool(
        name="acct__get_item",
        account="acct",
        connector="demo",
        tool="get_item",
        description="Get an item.",
        input_schema=schema,
        classification="read",
        method=method,
        path=path,
        target=None,
        arguments_in=arguments_in or {},
        frozen=frozen or {},
    )


def query_of(url: str) -> list[tuple[str, str]]:
    return parse_qsl(urlsplit(url).query, keep_blank_values=True)


# ---- validate_arguments ---------------------------------------------------------------------------


def test_valid_arguments_pass_through() -> None:
    tool = pool_tool(required=["item_id"])
    assert validate_arguments(tool, {"item_id": "i1", "limit": 5}) == {"item_id": "i1", "limit": 5}


def test_unknown_arguments_are_refused_naming_them_and_the_accepted_ones() -> None:
    tool = pool_tool()
    with pytest.raises(InvalidArguments) as info:
        validate_arguments(tool, {"item_id": "i1", "zeta": 1, "alpha": 2})
    message = str(info.value)
    assert "'alpha'" in message
    assert "'zeta'" in message
    assert "it accepts: item_id, limit" in message
    assert message.startswith("acct__get_item")


def test_unknown_arguments_of_a_tool_that_takes_none() -> None:
    tool = pool_tool(path="/v1/ping", properties={})
    with pytest.raises(InvalidArguments, match=r"does not take 'x' \(it accepts: none\)"):
        validate_arguments(tool, {"x": 1})


def test_additional_properties_true_lets_unknown_arguments_through() -> None:
    tool = pool_tool(additional=True)
    assert validate_arguments(tool, {"item_id": "i1", "extra": "e"}) == {"item_id": "i1", "extra": "e"}


def test_a_type_violation_names_the_argument() -> None:
    with pytest.raises(InvalidArguments) as info:
        validate_arguments(pool_tool(), {"item_id": "i1", "limit": "ten"})
    assert str(info.value) == "acct__get_item: limit: 'ten' is not of type 'integer'"


def test_a_nested_violation_reports_its_path() -> None:
    tool = pool_tool(
        properties={
            "filter": {
                "type": "object",
                "properties": {"tags": {"type": "array", "items": {"type": "string"}}},
            }
        },
        path="/v1/items",
    )
    with pytest.raises(InvalidArguments) as info:
        validate_arguments(tool, {"filter": {"tags": ["a", 7]}})
    assert str(info.value).startswith("acct__get_item: filter/tags/1: ")
    assert "7 is not of type 'string'" in str(info.value)


def test_a_missing_required_argument_is_reported() -> None:
    with pytest.raises(InvalidArguments) as info:
        validate_arguments(pool_tool(required=["item_id"]), {"limit": 2})
    assert str(info.value) == "acct__get_item: arguments: 'item_id' is a required property"


def test_a_minimum_violation_is_reported() -> None:
    with pytest.raises(InvalidArguments, match="limit"):
        validate_arguments(pool_tool(), {"item_id": "i1", "limit": 0})


def test_frozen_values_are_merged_in() -> None:
    tool = pool_tool(frozen={"workspace": "legal"})
    assert validate_arguments(tool, {"item_id": "i1"}) == {"item_id": "i1", "workspace": "legal"}


def test_frozen_keys_silently_override_what_the_caller_passes() -> None:
    # The advertised schema has no 'workspace' (it is frozen), yet passing it is neither
    # an error nor effective: the frozen value wins.
    tool = pool_tool(frozen={"workspace": "legal"})
    assert validate_arguments(tool, {"item_id": "i1", "workspace": "marketing"}) == {
        "item_id": "i1",
        "workspace": "legal",
    }


def test_a_frozen_key_cannot_be_unfrozen_through_a_declared_property() -> None:
    tool = pool_tool(
        properties={"item_id": {"type": "string"}, "workspace": {"type": "string"}},
        frozen={"workspace": "legal"},
    )
    assert validate_arguments(tool, {"item_id": "i1", "workspace": "x"})["workspace"] == "legal"


def test_a_frozen_key_passed_with_a_wrong_type_is_still_ignored() -> None:
    tool = pool_tool(frozen={"limit": 10})
    assert validate_arguments(tool, {"item_id": "i1", "limit": "not a number"}) == {"item_id": "i1", "limit": 10}


# ---- build_request ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "segment"),
    [
        ("a/b", "a%2Fb"),
        ("a?b=c", "a%3Fb%3Dc"),
        ("a#frag", "a%23frag"),
        ("../admin", "..%2Fadmin"),
        ("a b", "a%20b"),
        ("%2F", "%252F"),
        ("é", "%C3%A9"),
        (42, "42"),
    ],
)
def test_path_parameters_are_percent_encoded_into_one_segment(value: Any, segment: str) -> None:
    request = build_request(pool_tool(), BASE, {"item_id": value})
    assert request.url == f"{BASE}/v1/items/{segment}"
    parts = urlsplit(request.url)
    assert parts.path == f"/api/v1/items/{segment}"
    assert parts.query == ""
    assert parts.fragment == ""


@pytest.mark.parametrize("value", ["", ".", ".."])
def test_empty_and_dot_path_values_are_refused(value: str) -> None:
    with pytest.raises(InvalidArguments, match="item_id"):
        build_request(pool_tool(), BASE, {"item_id": value})


@pytest.mark.parametrize("value", [True, None, ["a"], {"a": 1}])
def test_path_values_must_be_strings_or_numbers(value: Any) -> None:
    with pytest.raises(InvalidArguments, match="item_id"):
        build_request(pool_tool(), BASE, {"item_id": value})


def test_a_missing_path_argument_is_refused() -> None:
    with pytest.raises(InvalidArguments, match="path argument 'item_id' is required"):
        build_request(pool_tool(), BASE, {"limit": 1})


def test_several_path_parameters_are_each_substituted() -> None:
    tool = pool_tool(path="/v1/{space}/items/{item_id}", properties={})
    request = build_request(tool, BASE, {"space": "s/1", "item_id": "i?2"})
    assert request.url == f"{BASE}/v1/s%2F1/items/i%3F2"


@pytest.mark.parametrize("method", ["GET", "HEAD", "DELETE"])
def test_other_arguments_go_in_the_query_for_reads_and_deletes(method: Method) -> None:
    request = build_request(pool_tool(method=method), BASE, {"item_id": "i1", "limit": 5, "q": "a&b=c"})
    assert request.method == method
    assert urlsplit(request.url).path == "/api/v1/items/i1"
    assert query_of(request.url) == [("limit", "5"), ("q", "a&b=c")]
    assert request.json_body is None
    assert request.has_body is False


@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH"])
def test_other_arguments_go_in_a_json_body_for_writes(method: Method) -> None:
    request = build_request(pool_tool(method=method), BASE, {"item_id": "i1", "limit": 5, "tags": ["x"]})
    assert request.url == f"{BASE}/v1/items/i1"
    assert request.json_body == {"limit": 5, "tags": ["x"]}
    assert request.has_body is True


def test_a_write_with_only_path_arguments_has_no_body() -> None:
    request = build_request(pool_tool(method="POST"), BASE, {"item_id": "i1"})
    assert request.json_body is None
    assert request.has_body is False


def test_query_values_are_rendered_plainly() -> None:
    request = build_request(
        pool_tool(path="/v1/items"),
        BASE,
        {"flag": True, "off": False, "ids": [1, 2], "filter": {"a": 1}, "none": None},
    )
    assert query_of(request.url) == [
        ("flag", "true"),
        ("off", "false"),
        ("ids", "1"),
        ("ids", "2"),
        ("filter", '{"a":1}'),
    ]


def test_arguments_in_sends_an_argument_to_the_query_of_a_write() -> None:
    tool = pool_tool(method="POST", arguments_in={"limit": "query"})
    request = build_request(tool, BASE, {"item_id": "i1", "limit": 3, "title": "t"})
    assert query_of(request.url) == [("limit", "3")]
    assert request.json_body == {"title": "t"}


def test_arguments_in_sends_an_argument_to_the_body_of_a_read() -> None:
    tool = pool_tool(method="GET", arguments_in={"limit": "body"})
    request = build_request(tool, BASE, {"item_id": "i1", "limit": 3, "q": "x"})
    assert query_of(request.url) == [("q", "x")]
    assert request.json_body == {"limit": 3}
    assert request.has_body is True


def test_arguments_in_sends_an_argument_as_a_header() -> None:
    tool = pool_tool(arguments_in={"X-Request-Tag": "header", "X-Count": "header"})
    request = build_request(tool, BASE, {"item_id": "i1", "X-Request-Tag": "abc", "X-Count": 3})
    assert request.headers == {"X-Request-Tag": "abc", "X-Count": "3"}
    assert query_of(request.url) == []


@pytest.mark.parametrize(
    "name", ["Authorization", "authorization", "AUTHORIZATION", "Host", "host", "Cookie", "cookie"]
)
def test_reserved_headers_cannot_be_set_by_an_argument(name: str) -> None:
    tool = pool_tool(arguments_in={name: "header"})
    with pytest.raises(InvalidArguments, match="cannot be sent as a header"):
        build_request(tool, BASE, {"item_id": "i1", name: "x"})


# ---- credentials -----------------------------------------------------------------------------------


def plain_request(url: str = f"{BASE}/v1/items/i1") -> OutboundRequest:
    return OutboundRequest(method="GET", url=url)


def test_bearer_credential_goes_in_the_authorization_header() -> None:
    request = with_credential(plain_request(), AuthSpec(type="bearer"), Credential("bearer", token=Secret("tok-123")))
    assert request.headers == {"Authorization": "Bearer tok-123"}
    assert request.url == f"{BASE}/v1/items/i1"
    assert request.secrets == ("tok-123",)


def test_basic_credential_is_base64_encoded() -> None:
    credential = Credential("basic", username=Secret("ann"), password=Secret("p:ss word"))
    request = with_credential(plain_request(), AuthSpec(type="basic"), credential)
    scheme, encoded = request.headers["Authorization"].split(" ")
    assert scheme == "Basic"
    assert base64.b64decode(encoded).decode() == "ann:p:ss word"
    assert set(request.secrets) == {"ann", "p:ss word"}


def test_api_key_defaults_to_the_x_api_key_header() -> None:
    request = with_credential(plain_request(), AuthSpec(type="api_key"), Credential("api_key", token=Secret("k1")))
    assert request.headers == {"X-API-Key": "k1"}
    assert request.url == f"{BASE}/v1/items/i1"
    assert request.secrets == ("k1",)


def test_api_key_in_a_custom_header() -> None:
    auth = AuthSpec(type="api_key", header="X-Token")
    request = with_credential(plain_request(), auth, Credential("api_key", token=Secret("k1")))
    assert request.headers == {"X-Token": "k1"}


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (f"{BASE}/v1/items", [("api_key", "k/1+2")]),
        (f"{BASE}/v1/items?limit=3", [("limit", "3"), ("api_key", "k/1+2")]),
    ],
)
def test_api_key_in_a_query_parameter(url: str, expected: list[tuple[str, str]]) -> None:
    auth = AuthSpec(type="api_key", query_param="api_key")
    request = with_credential(plain_request(url), auth, Credential("api_key", token=Secret("k/1+2")))
    assert query_of(request.url) == expected
    assert request.headers == {}
    assert request.secrets == ("k/1+2",)


def test_no_credential_adds_nothing() -> None:
    request = with_credential(plain_request(), AuthSpec(type="none"), NO_CREDENTIAL)
    assert request.headers == {}
    assert request.url == f"{BASE}/v1/items/i1"
    assert request.secrets == ()


def test_credentials_keep_headers_already_set() -> None:
    original = OutboundRequest(method="GET", url=f"{BASE}/x", headers={"X-Tag": "t"})
    request = with_credential(original, AuthSpec(type="bearer"), Credential("bearer", token=Secret("tok")))
    assert request.headers == {"X-Tag": "t", "Authorization": "Bearer tok"}
    assert original.headers == {"X-Tag": "t"}


def test_secret_repr_never_shows_the_value() -> None:
    secret = Secret("hunter2")
    assert "hunter2" not in repr(secret)
    assert "hunter2" not in repr([secret])
    assert "hunter2" not in repr(Credential("bearer", token=secret))
    assert "hunter2" not in repr(Credential("basic", username=Secret("hunter2"), password=Secret("hunter2")))
    assert secret == "hunter2"  # it is still the value where the value is needed


# ---- redaction -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "secret",
    ["tok-123", "k/1+2=3", "a&b", "ключ", "p@ss:w/rd?"],
)
def test_redact_removes_raw_and_percent_encoded_secrets(secret: str) -> None:
    text = f"raw={secret} encoded={quote(secret, safe='')}"
    redacted = redact(text, (secret,))
    assert secret not in redacted
    assert quote(secret, safe="") not in redacted
    assert redacted == "raw=*** encoded=***"


def test_redact_removes_every_secret_and_ignores_empty_ones() -> None:
    assert redact("a-one b-two c", ("one", "two", "")) == "a-*** b-*** c"


@pytest.mark.parametrize("secret", ["k1", "k/1+2=3", "a&b=c", "ключ", "with space"])
def test_redacted_url_hides_a_query_api_key(secret: str) -> None:
    auth = AuthSpec(type="api_key", query_param="api_key")
    request = with_credential(
        plain_request(f"{BASE}/v1/items?limit=3"), auth, Credential("api_key", token=Secret(secret))
    )
    assert dict(query_of(request.url))["api_key"] == secret  # the real request carries it
    redacted = request.redacted_url()
    assert dict(query_of(redacted))["api_key"] == "***", redacted
    assert dict(query_of(redacted))["limit"] == "3"


# ---- check_outbound --------------------------------------------------------------------------------


def check(url: str, base: str = BASE, *, allow_loopback_http: bool = False) -> None:
    check_outbound(plain_request(url), base, allow_loopback_http=allow_loopback_http)


@pytest.mark.parametrize(
    "url",
    [
        f"{BASE}/v1/items/i1",
        f"{BASE}/v1/items/a%2Fb?x=1",
        BASE,
        f"{BASE}/",
        "https://API.example.com/api/v1",
    ],
)
def test_requests_under_the_base_are_allowed(url: str) -> None:
    check(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://evil.example.com/api/v1",
        "https://api.example.com.evil.net/api/v1",
        "https://example.com/api/v1",
    ],
)
def test_another_host_is_refused(url: str) -> None:
    with pytest.raises(OutboundRefused, match="origin"):
        check(url)


@pytest.mark.parametrize(
    ("url", "base"),
    [
        ("https://api.example.com:8443/api/v1", BASE),
        ("https://api.example.com/api/v1", "https://api.example.com:8443/api"),
        ("https://api.example.com:8443/api/v1", "https://api.example.com:9443/api"),
    ],
)
def test_another_port_is_refused(url: str, base: str) -> None:
    with pytest.raises(OutboundRefused, match="origin"):
        check(url, base)


def test_another_scheme_is_refused() -> None:
    with pytest.raises(OutboundRefused, match="origin"):
        check("http://api.example.com/api/v1")


@pytest.mark.parametrize(
    "url",
    [
        "https://user@api.example.com/api/v1",
        "https://user:pw@api.example.com/api/v1",
        "https://:pw@api.example.com/api/v1",
        "https://evil.net@api.example.com/api/v1",
    ],
)
def test_userinfo_is_refused(url: str) -> None:
    with pytest.raises(OutboundRefused, match="userinfo"):
        check(url)


def test_http_to_a_non_loopback_host_is_refused_even_in_local_mode() -> None:
    base = "http://api.example.com/api"
    with pytest.raises(OutboundRefused, match="https"):
        check(f"{base}/v1", base, allow_loopback_http=True)
    with pytest.raises(OutboundRefused, match="https"):
        check(f"{base}/v1", base, allow_loopback_http=False)


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "127.1.2.3"])
def test_http_to_loopback_needs_local_mode(host: str) -> None:
    base = f"http://{host}/demo/notion"
    with pytest.raises(OutboundRefused, match="https"):
        check(f"{base}/v1/users", base, allow_loopback_http=False)
    check(f"{base}/v1/users", base, allow_loopback_http=True)


@pytest.mark.parametrize("host", ["10.0.0.1", "169.254.169.254", "localhost.evil.net", "0.0.0.0"])
def test_http_to_a_non_loopback_address_is_refused_in_local_mode(host: str) -> None:
    base = f"http://{host}/api"
    with pytest.raises(OutboundRefused, match="https"):
        check(f"{base}/v1", base, allow_loopback_http=True)


@pytest.mark.parametrize(
    "url",
    [
        "https://api.example.com/apix/v1",
        "https://api.example.com/ap",
        "https://api.example.com/other/api/v1",
        "https://api.example.com/",
        "https://api.example.com",
    ],
)
def test_a_path_outside_the_base_path_is_refused(url: str) -> None:
    with pytest.raises(OutboundRefused, match="base path"):
        check(url)


def test_a_base_url_without_a_path_allows_any_path() -> None:
    check("https://api.example.com/v1/anything", "https://api.example.com")


@pytest.mark.parametrize(
    "url",
    [
        f"{BASE}/v1/../../admin",
        f"{BASE}/v1/./items",
        f"{BASE}/v1/%2e%2e/admin",
        f"{BASE}/v1/%2E%2E/admin",
        f"{BASE}/v1/.%2e/admin",
        f"{BASE}/v1/%2e/admin",
        f"{BASE}/..",
    ],
)
def test_dot_segments_are_refused_after_decoding(url: str) -> None:
    with pytest.raises(OutboundRefused, match="dot segment"):
        check(url)


def test_a_built_request_passes_the_guard_end_to_end() -> None:
    tool = pool_tool(method="GET")
    request = build_request(tool, BASE, validate_arguments(tool, {"item_id": "a/b?c#d", "limit": 2}))
    request = with_credential(request, AuthSpec(type="bearer"), Credential("bearer", token=Secret("t")))
    check_outbound(request, BASE, allow_loopback_http=False)
    assert urlsplit(request.url).path == "/api/v1/items/a%2Fb%3Fc%23d"


def test_form_bodies_use_bracket_notation() -> None:
    from cardamom.core.outbound import form_pairs

    assert form_pairs(
        {"amount": 100, "capture": False, "metadata": {"plan": "pro"}, "items": [{"price": "p1"}, "x"], "skip": None}
    ) == (
        ("amount", "100"),
        ("capture", "false"),
        ("metadata[plan]", "pro"),
        ("items[0][price]", "p1"),
        ("items[1]", "x"),
    )


def test_a_form_tool_sends_a_urlencoded_body() -> None:
    from dataclasses import replace

    form_tool = replace(
        pool_tool(method="POST", path="/v1/charges", properties={"amount": {"type": "integer"}}), body_encoding="form"
    )
    request = build_request(form_tool, "https://api.example.com", {"amount": 5})
    assert request.form_body == (("amount", "5"),)
    assert request.json_body is None and request.has_body
    assert request.headers["Content-Type"] == "application/x-www-form-urlencoded"
