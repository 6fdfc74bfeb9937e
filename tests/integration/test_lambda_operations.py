"""What an operator sees from the functions: logs, metrics, traces and failures.

Service name, metrics namespace and log level come from the environment the template sets
per function; every log line carries the invocation's context; a rebuild that fails fails
the invocation and emits ``SnapshotRebuildFailures``; tracing is on only when switched on;
and only a process that serves ``/mcp`` asks for the token settings.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardamom.adapters import powertools
from cardamom.config import Settings
from cardamom.entrypoints import lambda_app, rebuild_app
from cardamom.errors import ConfigError, RebuildFailed, StoreError
from cardamom.service.rebuild import RebuildService
from tests.lambda_support import FakeLambdaContext, load_event
from tests.orgs import notion_only_org_text
from tests.support import EVENTS, make_container

pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish:UserWarning")


@pytest.fixture
def fresh_logging(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A cold start's logging: the module state reset, the ``cardamom`` logger restored afterwards."""
    logger = logging.getLogger("cardamom")
    handlers, propagate, level = list(logger.handlers), logger.propagate, logger.level
    monkeypatch.setattr(powertools, "_formatter", None)
    monkeypatch.setattr(powertools, "_cold_start", True)
    yield
    for handler in [h for h in logger.handlers if h not in handlers]:
        logger.removeHandler(handler)
    logger.propagate, logger.level = propagate, level


def json_lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


@pytest.mark.usefixtures("fresh_logging")
def test_service_name_namespace_and_level_come_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("POWERTOOLS_SERVICE_NAME", "cardamom-rebuild")
    monkeypatch.setenv("POWERTOOLS_METRICS_NAMESPACE", "AcmeGateway")
    metrics = powertools.build_metrics()
    assert (metrics.namespace, metrics.service) == ("AcmeGateway", "cardamom-rebuild")
    powertools.configure_logging("WARNING")
    logging.getLogger("cardamom.probe").info("not shown at WARNING")
    logging.getLogger("cardamom.probe").warning("shown")
    (line,) = json_lines(capsys.readouterr().out)
    assert (line["service"], line["message"], line["level"]) == ("cardamom-rebuild", "shown", "WARNING")


def test_without_the_environment_the_defaults_are_cardamoms_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("POWERTOOLS_SERVICE_NAME", raising=False)
    monkeypatch.delenv("POWERTOOLS_METRICS_NAMESPACE", raising=False)
    assert (powertools.service_name(), powertools.metrics_namespace()) == ("cardamom", "Cardamom")


@pytest.mark.usefixtures("fresh_logging")
def test_every_log_line_carries_the_invocation_context(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    powertools.configure_logging("INFO")
    container = make_container(tmp_path / "home", org_text=notion_only_org_text())
    handler = lambda_app.make_handler(container, powertools.build_metrics())
    for request_id in ("first-request", "second-request"):
        response = handler(load_event("tools-list", None), FakeLambdaContext(aws_request_id=request_id))
        assert response["statusCode"] == 401
        logging.getLogger("cardamom.probe").warning("after %s", request_id)
    first, second = (line for line in json_lines(capsys.readouterr().out) if line["message"].startswith("after"))
    assert (first["function_request_id"], first["cold_start"]) == ("first-request", True)
    assert (second["function_request_id"], second["cold_start"]) == ("second-request", False)
    assert first["function_name"] == FakeLambdaContext.function_name
    assert first["function_arn"] == FakeLambdaContext.invoked_function_arn


class BrokenSnapshots:
    """A snapshot service whose every rebuild fails, as an S3 outage would make it."""

    def rebuild(self, org: str) -> None:
        raise StoreError("the tool list is damaged")


@pytest.mark.usefixtures("fresh_logging")
def test_a_failed_rebuild_fails_the_invocation_and_is_counted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("POWERTOOLS_SERVICE_NAME", "cardamom-rebuild")
    monkeypatch.setenv("POWERTOOLS_METRICS_NAMESPACE", "Cardamom")
    metrics = powertools.build_metrics()
    service = RebuildService(None, None, BrokenSnapshots())  # type: ignore[arg-type]
    handler = metrics.log_metrics(rebuild_app.make_handler(service, metrics))
    event = json.loads((EVENTS / "rebuild" / "directory-stream.json").read_text(encoding="utf-8"))
    with pytest.raises(RebuildFailed, match="acme: StoreError: the tool list is damaged"):
        handler(event, FakeLambdaContext())
    (document,) = [d for d in json_lines(capsys.readouterr().out) if "_aws" in d]
    directive = document["_aws"]["CloudWatchMetrics"][0]
    assert directive["Namespace"] == "Cardamom" and ["service"] in directive["Dimensions"]
    assert document["service"] == "cardamom-rebuild"
    assert document["SnapshotRebuildFailures"] in (1, [1], 1.0, [1.0])
    assert document["SnapshotsRebuilt"] in (0, [0], 0.0, [0.0])


def test_tracing_is_off_unless_switched_on(monkeypatch: pytest.MonkeyPatch) -> None:
    def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        return {"ok": True}

    monkeypatch.delenv("POWERTOOLS_TRACE_DISABLED", raising=False)
    assert powertools.traced(handler) is handler
    monkeypatch.setenv("POWERTOOLS_TRACE_DISABLED", "true")
    assert powertools.traced(handler) is handler
    monkeypatch.setenv("POWERTOOLS_TRACE_DISABLED", "false")
    wrapped = powertools.traced(handler)
    assert wrapped is not handler
    assert wrapped({}, FakeLambdaContext()) == {"ok": True}


AWS_ONLY = {
    "CARDAMOM_BACKEND": "aws",
    "CARDAMOM_DIRECTORY_TABLE": "d",
    "CARDAMOM_AUDIT_TABLE": "a",
    "CARDAMOM_SNAPSHOT_TABLE": "s",
    "CARDAMOM_BUCKET": "b",
    "CARDAMOM_INSIGHTS_TABLE": "i",
}


def test_applying_an_org_on_aws_needs_no_token_settings() -> None:
    """The CLI on an admin's machine reads the backend's variables only: no sign-in, key or issuer."""
    settings = Settings.from_env(AWS_ONLY)
    assert settings.jwt_public_key is None and settings.jwt_issuer is None
    assert settings.external is None and settings.oidc is None


def test_tokens_from_elsewhere_need_their_key() -> None:
    with pytest.raises(ConfigError, match="CARDAMOM_JWT_ISSUER needs CARDAMOM_JWT_PUBLIC_KEY"):
        Settings.from_env({**AWS_ONLY, "CARDAMOM_JWT_ISSUER": "https://auth.example"})
    with pytest.raises(ConfigError, match="need CARDAMOM_JWT_ISSUER"):
        Settings.from_env({**AWS_ONLY, "CARDAMOM_JWT_PUBLIC_KEY": "k"})


def test_aws_region_alone_selects_the_region(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """botocore reads AWS_DEFAULT_REGION, not AWS_REGION; the CLI's users set either."""
    from cardamom.adapters.aws import aws_clients
    from cardamom.config import AwsSettings

    for name in ("AWS_DEFAULT_REGION", "AWS_PROFILE", "AWS_DEFAULT_PROFILE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "absent"))
    monkeypatch.setenv("AWS_REGION", "eu-west-3")
    assert aws_clients(AwsSettings("d", "a", "s", "b")).dynamodb.meta.region_name == "eu-west-3"
    monkeypatch.delenv("AWS_REGION")
    with pytest.raises(ConfigError, match="AWS_REGION"):
        aws_clients(AwsSettings("d", "a", "s", "b"))


def test_the_mcp_functions_init_imports_only_what_every_request_needs(tmp_path: Path) -> None:
    """Lambda's init phase (importing the handler module) builds the DynamoDB client and nothing
    heavier: the application, and with it pydantic, the MCP types, Starlette and the JOSE library,
    is built on the first invocation; httpx, Authlib and the X-Ray SDK on first use."""
    import json as json_module
    import os
    import subprocess
    import sys

    env = {
        "PATH": os.environ.get("PATH", ""),
        "CARDAMOM_BACKEND": "aws",
        **{name: name.lower() for name in ("CARDAMOM_DIRECTORY_TABLE", "CARDAMOM_AUDIT_TABLE")},
        "CARDAMOM_SNAPSHOT_TABLE": "snapshots",
        "CARDAMOM_BUCKET": "bucket",
        "CARDAMOM_INSIGHTS_TABLE": "insights",
        "CARDAMOM_OAUTH_TABLE": "oauth",
        "CARDAMOM_JWT_ISSUER": "https://auth.example",
        "CARDAMOM_JWT_PUBLIC_KEY": "{}",
        "AWS_DEFAULT_REGION": "eu-west-1",
        "AWS_ACCESS_KEY_ID": "x",
        "AWS_SECRET_ACCESS_KEY": "y",
        "AWS_EC2_METADATA_DISABLED": "true",
        "AWS_CONFIG_FILE": str(tmp_path / "none"),
        "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src"),
    }
    probe = (
        "import json, sys\nimport cardamom.entrypoints.lambda_mcp\n"
        "print(json.dumps(sorted({name.split('.')[0] for name in sys.modules})))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    loaded = set(json_module.loads(done.stdout.strip().splitlines()[-1]))
    assert {"boto3", "botocore", "aws_lambda_powertools"} <= loaded
    heavy = {"pydantic", "mcp_types", "starlette", "mangum", "joserfc", "httpx", "authlib", "aws_xray_sdk", "sqlite3"}
    assert loaded & heavy == set()
