"""Malformed Lambda events: every one answered 400 by the MCP function's handler, none raised (issue #12).

Explicit shapes that used to raise out of Mangum (``KeyError: 'http'``, ``RuntimeError`` when
no handler is inferred, base64 that is not, a port that is not a number), then
``scale(300, 3_000)`` events drawn by Hypothesis: the sample HTTP API event with members
deleted, retyped or replaced, other services' events, and arbitrary JSON.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

import pytest
from aws_lambda_powertools import Metrics
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardamom.entrypoints.lambda_app import make_handler
from cardamom.entrypoints.lambda_types import LambdaHandler
from tests.fakes import AcceptingVerifier
from tests.harness import FakeApp
from tests.orgs import notion_only_org_text
from tests.reliability.figures import FULL, record, scale
from tests.support import EVENTS

pytestmark = [
    pytest.mark.reliability,
    pytest.mark.filterwarnings("ignore:No application metrics to publish:UserWarning"),
]

EVENT_RUN = scale(300, 3_000)
SAMPLE: dict[str, Any] = json.loads((EVENTS / "tools-list.json").read_text())


@pytest.fixture(scope="module")
def handler() -> LambdaHandler:
    app = FakeApp(verifier=AcceptingVerifier())
    app.apply(notion_only_org_text())
    return make_handler(app.container, Metrics(namespace="Cardamom", service="reliability"))


def event_with(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    event = copy.deepcopy(SAMPLE)
    node = event
    for key in path[:-1]:
        node = node[key]
    if value is DELETE:
        node.pop(path[-1], None)
    else:
        node[path[-1]] = value
    return event


DELETE = object()


def test_the_sample_event_is_served(handler: LambdaHandler) -> None:
    response = handler(copy.deepcopy(SAMPLE), None)
    assert response["statusCode"] == 200 and "result" in json.loads(response["body"])


@pytest.mark.parametrize(
    "event",
    [
        event_with(("requestContext", "http"), DELETE),  # Mangum: KeyError 'http'
        event_with(("requestContext",), DELETE),  # Mangum: no handler inferred, RuntimeError
        event_with(("version",), DELETE),
        event_with(("version",), "1.0"),  # a REST API payload: this function is not routed those
        event_with(("requestContext", "http", "method"), None),
        event_with(("requestContext", "http", "path"), 7),
        event_with(("headers",), ["authorization"]),
        event_with(("headers", "authorization"), 12),
        event_with(("headers", "host"), "a:b:c"),
        event_with(("headers", "x-forwarded-port"), "https"),
        event_with(("body",), {"jsonrpc": "2.0"}),
        event_with(("isBase64Encoded",), True),  # the body is not base64
        event_with(("isBase64Encoded",), "yes"),
        event_with(("cookies",), "a=b"),
        event_with(("body",), "\ud800"),
        {"Records": [{"eventSource": "aws:sqs"}]},
        {"detail-type": "Scheduled Event", "source": "aws.events"},
        {},
        [],
        "event",
        None,
    ],
)
def test_a_malformed_event_is_answered_400(handler: LambdaHandler, event: Any) -> None:
    response = handler(event, None)
    assert response["statusCode"] == 400
    assert json.loads(response["body"])["error"]["message"].startswith("malformed event: ")


# ---- fuzzing ------------------------------------------------------------------------------

PATHS: list[tuple[str, ...]] = [
    ("version",),
    ("routeKey",),
    ("rawPath",),
    ("rawQueryString",),
    ("headers",),
    ("headers", "host"),
    ("headers", "authorization"),
    ("headers", "content-type"),
    ("headers", "content-length"),
    ("headers", "x-forwarded-port"),
    ("headers", "x-forwarded-proto"),
    ("requestContext",),
    ("requestContext", "http"),
    ("requestContext", "http", "method"),
    ("requestContext", "http", "path"),
    ("requestContext", "http", "sourceIp"),
    ("requestContext", "requestId"),
    ("requestContext", "domainName"),
    ("body",),
    ("isBase64Encoded",),
    ("cookies",),
]
text = st.text(st.characters(codec=None), max_size=30)  # surrogates included
values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), text, st.binary(max_size=20)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(text, inner, max_size=3)),
    max_leaves=8,
)


@st.composite
def malformed_events(draw: st.DrawFn) -> Any:
    choice = draw(st.integers(0, 9))
    if choice == 0:
        return draw(values)
    if choice == 1:  # other services' events
        return draw(
            st.sampled_from(
                [
                    {"Records": [{"eventSource": "aws:s3", "s3": {}}]},
                    {"Records": []},
                    {"detail-type": "Scheduled Event", "source": "aws.events", "detail": {}},
                    {"resource": "/mcp", "requestContext": {}, "httpMethod": "POST"},  # REST API, broken
                    {"Records": [{"cf": {"request": {}}}]},  # Lambda@Edge, broken
                    {"requestContext": {"elb": {}}},  # ALB, broken
                ]
            )
        )
    event: Any = copy.deepcopy(SAMPLE)
    for _ in range(draw(st.integers(1, 4))):
        path = draw(st.sampled_from(PATHS))
        node = event
        for key in path[:-1]:
            if not isinstance(node, dict):
                break
            node = node.setdefault(key, {})
        if not isinstance(node, dict):
            continue
        if draw(st.booleans()):
            node.pop(path[-1], None)
        else:
            node[path[-1]] = draw(values)
    if choice == 9:
        event["body"] = draw(st.one_of(text, st.binary(max_size=40).map(lambda b: b.decode("latin-1"))))
        event["isBase64Encoded"] = draw(st.booleans())
    return event


def test_malformed_events_never_raise(handler: LambdaHandler) -> None:
    outcomes: Counter[str] = Counter()

    @settings(
        max_examples=EVENT_RUN,
        deadline=None,
        database=None,
        derandomize=not FULL,
        suppress_health_check=list(HealthCheck),
    )
    @given(malformed_events())
    def one(event: Any) -> None:
        try:
            response = handler(event, None)
        except Exception as exc:  # counted, then failed: what the issue measures
            outcomes[f"raised {type(exc).__name__}"] += 1
            raise
        outcomes[str(response["statusCode"])] += 1
        assert isinstance(response["statusCode"], int) and response["statusCode"] < 500, response

    one()
    raised = sum(n for k, n in outcomes.items() if k.startswith("raised"))
    record("Lambda malformed events sent", sum(outcomes.values()))
    record("Lambda malformed events by answer", dict(sorted(outcomes.items())))
    record("Lambda exceptions out of the handler", raised)
    assert raised == 0 and sum(outcomes.values()) >= EVENT_RUN * 0.95
