"""The official MCP conformance suite (``@modelcontextprotocol/conformance``, pinned in
``tests/e2e/node``) against the local server and the Lambda handler, in every protocol version
Cardamom speaks.

Each version runs the whole suite (``--suite all``: the 2026-07-28 header scenarios are still
marked pending upstream). Every scenario it runs must be classified here:

- ``APPLICABLE``: what a tools-only, stateless server must pass. Every check passes, is
  informational, or is skipped by the suite itself, except the few ``NOT_TESTABLE`` checks,
  which must fail exactly as recorded (and for the reason recorded);
- ``NOT_APPLICABLE``: scenarios that exercise something Cardamom does not serve, each with why.

A scenario the suite adds later fails the test until it is classified.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.clients import NODE22, NODE_DIR
from tests.e2e.targets import Target

pytestmark = pytest.mark.e2e

HANDSHAKE_APPLICABLE = {
    "server-initialize",
    "ping",
    "tools-list",
    "dns-rebinding-protection",
    "server-session-lifecycle",
}
PER_REQUEST_APPLICABLE = {
    "server-stateless",
    "http-header-validation",
    "caching",
    "tools-list",
    "dns-rebinding-protection",
    "server-sse-multiple-streams",  # concurrent POSTs; each may answer with JSON
    "input-required-result-unsupported-methods",  # tools/list never answers input_required
}
APPLICABLE = {
    "2025-03-26": HANDSHAKE_APPLICABLE,
    "2025-06-18": HANDSHAKE_APPLICABLE,
    "2025-11-25": HANDSHAKE_APPLICABLE,
    "2026-07-28": PER_REQUEST_APPLICABLE,
}

_FIXTURE_TOOLS = (
    "exercises the suite's fixture tools (test_simple_text, test_image_content, ...): Cardamom's tools are its "
    "own, and its tools/call is exercised by every client of test_client_matrix.py in both eras"
)
_NO_PROMPTS_OR_RESOURCES = "a tools-only server: no prompts, resources or completions (their methods get -32601)"
_NO_SERVER_TO_CLIENT = (
    "needs requests or notifications from server to client (sampling, elicitation, logging, progress); "
    "Cardamom sends none"
)
_NO_INPUT_REQUIRED = (
    "multi round-trip fixture tools: Cardamom never needs input from the client, so it never answers input_required"
)
_NO_SESSIONS = "SSE streams of a session: Cardamom is stateless and answers each POST with one JSON message"

NOT_APPLICABLE = {
    "completion-complete": _NO_PROMPTS_OR_RESOURCES,
    "logging-set-level": "declares no logging capability (deprecated in 2026-07-28); Cardamom logs server-side",
    "sep-2164-resource-not-found": _NO_PROMPTS_OR_RESOURCES,
    "json-schema-2020-12": "needs the suite's fixture tool json_schema_2020_12_tool",
    "http-custom-header-server-validation": (
        "needs a tool whose schema designates x-mcp-header parameters; Cardamom designates none (and removes "
        "designations from connected tools it lists), so it expects no Mcp-Param-* header"
    ),
    "input-required-result-validate-input": (
        "sends inputResponses to the fixture tool test_input_required_result_elicitation; it passes here only "
        "because that tool is unknown, which says nothing about Cardamom"
    ),
    "elicitation-sep1034-defaults": _NO_SERVER_TO_CLIENT,
    "elicitation-sep1330-enums": _NO_SERVER_TO_CLIENT,
    "tools-call-sampling": _NO_SERVER_TO_CLIENT,
    "tools-call-elicitation": _NO_SERVER_TO_CLIENT,
    "tools-call-with-logging": _NO_SERVER_TO_CLIENT,
    "tools-call-with-progress": _NO_SERVER_TO_CLIENT,
    "server-sse-polling": _NO_SESSIONS,
    **{
        f"tools-call-{kind}": _FIXTURE_TOOLS
        for kind in ("simple-text", "image", "audio", "embedded-resource", "mixed-content", "error")
    },
    **{
        f"prompts-{kind}": _NO_PROMPTS_OR_RESOURCES
        for kind in ("list", "get-simple", "get-with-args", "get-embedded-resource", "get-with-image")
    },
    **{
        f"resources-{kind}": _NO_PROMPTS_OR_RESOURCES
        for kind in ("list", "read-text", "read-binary", "templates-read", "subscribe", "unsubscribe")
    },
    **{
        f"input-required-result-{kind}": _NO_INPUT_REQUIRED
        for kind in (
            "basic-elicitation",
            "basic-sampling",
            "basic-list-roots",
            "request-state",
            "multiple-input-requests",
            "multi-round",
            "missing-input-response",
            "non-tool-request",
            "result-type",
            "tampered-state",
            "capability-check",
            "ignore-extra-params",
        )
    },
}
# server-sse-multiple-streams is applicable in 2026-07-28 (plain concurrent POSTs), not in 2025-11-25.
NOT_APPLICABLE_IN = {("server-sse-multiple-streams", "2025-11-25"): _NO_SESSIONS}

# Checks of applicable scenarios that cannot be exercised against a gateway, with the marker their
# failure must carry. What they guard is held by Cardamom's own tests, as each reason says.
NOT_TESTABLE: dict[tuple[str, str], tuple[str, str]] = {
    ("server-stateless", "sep-2575-server-rejects-undeclared-capability"): (
        "test_missing_capability",
        "no Cardamom request needs a client capability, so none can be missing "
        "(tests/integration/test_per_request_era.py calls every method with clientCapabilities {})",
    ),
    ("server-stateless", "sep-2575-missing-capability-http-400"): (
        "test_missing_capability",
        "as above: Cardamom never has a -32021 to answer",
    ),
    ("server-stateless", "sep-2575-http-server-no-independent-requests-on-stream"): (
        "test_streaming_elicitation",
        "every answer is one application/json message, never a stream (test_per_request_era.py)",
    ),
    ("server-stateless", "sep-2575-server-no-log-without-loglevel"): (
        "test_logging_tool",
        "Cardamom never sends notifications/message: every answer is one JSON-RPC response",
    ),
    ("caching", "sep-2549-prompts-list-caching-hints"): ("-32601", _NO_PROMPTS_OR_RESOURCES),
    ("caching", "sep-2549-resources-list-caching-hints"): ("-32601", _NO_PROMPTS_OR_RESOURCES),
    ("caching", "sep-2549-resources-templates-list-caching-hints"): ("-32601", _NO_PROMPTS_OR_RESOURCES),
}

PASSING = {"SUCCESS", "INFO", "SKIPPED"}
RUN_TIMEOUT_S = 300
_RESULT_DIR = re.compile(r"^server-(?P<scenario>.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$")


def _conformance(url: str, version: str, out: Path, *selection: str) -> subprocess.CompletedProcess[str]:
    command = [str(NODE22), str(NODE_DIR / "node_modules" / ".bin" / "conformance"), "server"]
    command += ["--url", url, "--spec-version", version, "-o", str(out), *selection]
    return subprocess.run(command, cwd=NODE_DIR, capture_output=True, text=True, timeout=RUN_TIMEOUT_S, check=False)


def run_suite(url: str, version: str, out: Path) -> dict[str, list[dict[str, Any]]]:
    """Every scenario the suite runs at ``version``, with its checks; an applicable scenario the
    suite tags only for later versions (server-initialize first appears at 2025-06-18) is forced
    to run at ``version`` too."""
    proc = _conformance(url, version, out, "--suite", "all")
    results = _results(out)
    for scenario in sorted(APPLICABLE[version] - set(results)):
        proc = _conformance(url, version, out, "--scenario", scenario, "--force")
        results = _results(out)
    assert results, f"the conformance suite ran nothing (exit {proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    return results


def _results(out: Path) -> dict[str, list[dict[str, Any]]]:
    results: dict[str, list[dict[str, Any]]] = {}
    for checks in out.glob("*/checks.json"):
        match = _RESULT_DIR.match(checks.parent.name)
        assert match, f"unexpected result directory {checks.parent.name}"
        results[match["scenario"]] = json.loads(checks.read_text())
    return results


@pytest.mark.parametrize("version", sorted(APPLICABLE))
def test_the_conformance_suite_passes_what_applies(
    target: Target, version: str, node_modules: None, tmp_path: Path
) -> None:
    results = run_suite(f"{target.conformance_url}/mcp", version, tmp_path)
    applicable = APPLICABLE[version]
    assert applicable <= set(results), f"scenarios that did not run: {sorted(applicable - set(results))}"
    unclassified = {
        s for s in results if s not in applicable and s not in NOT_APPLICABLE and (s, version) not in NOT_APPLICABLE_IN
    }
    assert not unclassified, f"classify these scenarios (APPLICABLE or NOT_APPLICABLE): {sorted(unclassified)}"

    problems = []
    for scenario in sorted(applicable):
        for check in results[scenario]:
            expected = NOT_TESTABLE.get((scenario, check["id"]))
            if expected is not None:
                marker = expected[0]
                message = check.get("errorMessage") or ""
                if check["status"] != "FAILURE" or marker not in message:
                    problems.append(f"{scenario}: {check['id']} was expected to fail for {marker!r}: {check}")
            elif check["status"] not in PASSING:
                problems.append(f"{scenario}: {check['id']} {check['status']}: {check.get('errorMessage')}")
    assert not problems, "\n".join(problems)
