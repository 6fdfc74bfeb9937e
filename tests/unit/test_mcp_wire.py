"""The client side of Streamable HTTP, without I/O: messages, event streams and answers."""

from __future__ import annotations

import json

import pytest

import cardamom
from cardamom.errors import ConnectorFailed
from cardamom.ports import OutboundResponse
from cardamom.service.mcp_wire import (
    initialize_params,
    jsonrpc_request,
    message_request,
    messages_of,
    negotiated_version,
    result_of,
    session_id_of,
    sse_data,
    tool_call_data,
)

ENDPOINT = "https://mcp.example.com/mcp"


def test_a_message_is_one_json_post_accepting_json_and_event_streams() -> None:
    request = message_request(ENDPOINT, jsonrpc_request(1, "initialize", initialize_params()))
    assert (request.method, request.url, request.has_body) == ("POST", ENDPOINT, True)
    assert request.headers == {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    assert request.json_body["params"]["protocolVersion"] == "2025-11-25"


def test_later_messages_carry_the_session_and_the_version() -> None:
    request = message_request(
        ENDPOINT, jsonrpc_request(2, "tools/list"), session_id="s-1", protocol_version="2025-06-18"
    )
    assert request.headers["Mcp-Session-Id"] == "s-1"
    assert request.headers["MCP-Protocol-Version"] == "2025-06-18"
    assert "params" not in request.json_body


def test_ending_a_session_is_a_delete_without_a_body() -> None:
    request = message_request(ENDPOINT, {}, session_id="s-1", protocol_version="2025-11-25", method="DELETE")
    assert (request.method, request.has_body, request.json_body) == ("DELETE", False, None)


@pytest.mark.parametrize(
    ("text", "events"),
    [
        ('event: message\ndata: {"a":1}\n\n', ['{"a":1}']),
        ("data: one\ndata: two\n\n", ["one\ntwo"]),
        ("data:tight\r\n\r\ndata: crlf\r\n\r\n", ["tight", "crlf"]),
        (": keep-alive\n\nid: 7\nretry: 10\ndata: x\n\n", ["x"]),
        ("data: unterminated", ["unterminated"]),
        ("event: ping\n\n\n", []),
        ("data:  two spaces\n\n", [" two spaces"]),
    ],
)
def test_server_sent_events_are_read_as_the_spec_says(text: str, events: list[str]) -> None:
    assert sse_data(text) == events


def test_our_response_is_picked_out_of_an_event_stream_full_of_other_messages() -> None:
    stream = "".join(
        f"event: message\ndata: {json.dumps(m)}\n\n"
        for m in (
            {"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progress": 1}},
            {"jsonrpc": "2.0", "id": 3, "method": "sampling/createMessage", "params": {}},  # a server request, same id
            {"jsonrpc": "2.0", "id": 2, "result": {"stale": True}},
            {"jsonrpc": "2.0", "id": 3, "result": {"tools": []}},
        )
    )
    assert result_of(messages_of("text/event-stream", stream + "data: not json\n\n"), 3, "tools/list") == {"tools": []}


def test_a_json_answer_and_a_batch_are_both_read() -> None:
    assert result_of(messages_of("application/json", '{"jsonrpc":"2.0","id":1,"result":{}}'), 1, "ping") == {}
    batch = '[{"jsonrpc":"2.0","id":9,"result":{"x":1}},{"jsonrpc":"2.0","id":1,"result":{"y":2}}]'
    assert result_of(messages_of("application/json", batch), 1, "ping") == {"y": 2}


def test_a_json_rpc_error_names_its_code() -> None:
    answer = '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Unknown tool: nope"}}'
    with pytest.raises(ConnectorFailed) as info:
        result_of(messages_of("application/json", answer), 1, "tools/call")
    assert info.value.detail == "upstream_jsonrpc_-32602"
    assert "Unknown tool: nope" in str(info.value)


@pytest.mark.parametrize(
    ("content_type", "text"),
    [
        ("text/html", "<html>"),
        ("application/json", "not json"),
        ("application/json", '{"jsonrpc":"2.0","id":2,"result":{}}'),  # someone else's answer
        ("application/json", '{"jsonrpc":"2.0","id":1,"result":[]}'),  # a result that is not an object
        ("text/event-stream", ""),
    ],
)
def test_an_answer_without_our_response_is_a_protocol_failure(content_type: str, text: str) -> None:
    with pytest.raises(ConnectorFailed) as info:
        result_of(messages_of(content_type, text), 1, "tools/list")
    assert info.value.detail == "upstream_protocol"


def test_the_session_id_must_be_visible_ascii() -> None:
    assert session_id_of(OutboundResponse(200, {"mcp-session-id": "abc-123"})) == "abc-123"
    assert session_id_of(OutboundResponse(200, {})) is None
    with pytest.raises(ConnectorFailed, match="visible ASCII"):
        session_id_of(OutboundResponse(200, {"Mcp-Session-Id": "has space"}))


def test_a_header_is_found_whatever_the_case_of_its_name() -> None:
    answer = OutboundResponse(200, {"Content-Type": "Text/Event-Stream; charset=utf-8", "retry-after": "3"})
    assert (answer.header("content-type"), answer.header("Retry-After")) == ("Text/Event-Stream; charset=utf-8", "3")
    assert answer.header("location") is None
    assert answer.content_type == "text/event-stream"


def test_the_client_reports_the_package_version() -> None:
    assert initialize_params()["clientInfo"]["version"] == cardamom.__version__


def test_only_a_version_cardamom_speaks_is_accepted() -> None:
    assert negotiated_version({"protocolVersion": "2025-06-18"}) == "2025-06-18"
    with pytest.raises(ConnectorFailed) as info:
        negotiated_version({"protocolVersion": "2024-11-05"})
    assert info.value.detail == "upstream_protocol_version"


def test_a_tool_result_passes_content_and_structured_content_through() -> None:
    data, failed = tool_call_data(
        {"content": [{"type": "text", "text": "hi"}], "structuredContent": {"n": 1}, "isError": False}
    )
    assert (data, failed) == ({"content": [{"type": "text", "text": "hi"}], "structuredContent": {"n": 1}}, False)
    assert tool_call_data({"content": [], "isError": True}) == ({"content": []}, True)
