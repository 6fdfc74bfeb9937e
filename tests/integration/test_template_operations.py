"""template.yaml as an operator runs it: permissions, failure handling, alarms, capacity, logs,
tracing, observability settings and the endpoint's parameters (issue #9, point 3).

Values are checked as deployed: parameters filled in (defaults, or what an operator passes),
intrinsics resolved, and, where code reads them, handed to that code.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from aws_lambda_powertools.metrics import Metrics

from cardamom.adapters import powertools
from cardamom.config import Settings
from cardamom.service.rebuild import RebuildReport
from tests.integration.test_template import (
    FUNCTIONS,
    NO_VALUE,
    RESOURCE_NAMES,
    TEMPLATE,
    condition,
    deployed_environment,
    evaluate,
    function_property,
    parameters_with,
    resources_of_type,
    statements,
)
from tests.integration.test_template import template as template
from tests.support import REPO

ALARM_TOPIC = "arn:aws:sns:eu-west-1:123456789012:ops"


def as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


# ---- s3:ListBucket ----------------------------------------------------------------------------


@pytest.mark.parametrize("function", ["McpFunction", "RebuildFunction"])
def test_both_functions_may_list_the_bucket(template: dict[str, Any], function: str) -> None:
    """Without s3:ListBucket a missing key is 403, not NoSuchKey: a vanished blob could not be rebuilt."""
    listing = [s for s in statements(template, function) if "s3:ListBucket" in s["Action"]]
    assert listing, f"{function} cannot list the bucket"
    assert all(as_list(s["Resource"]) == [{"Fn::GetAtt": "DataBucket.Arn"}] for s in listing)
    objects = [s for s in statements(template, function) if "s3:GetObject" in s["Action"]]
    assert all(as_list(s["Resource"]) == [{"Fn::Sub": "${DataBucket.Arn}/*"}] for s in objects)


# ---- rebuild failures -------------------------------------------------------------------------


def test_a_failing_stream_batch_is_retried_boundedly_bisected_then_queued(template: dict[str, Any]) -> None:
    events = template["Resources"]["RebuildFunction"]["Properties"]["Events"]
    stream = next(e["Properties"] for e in events.values() if e["Type"] == "DynamoDB")
    assert 1 <= stream["MaximumRetryAttempts"] <= 10
    assert 60 <= stream["MaximumRecordAgeInSeconds"] <= 24 * 3600
    assert stream["BisectBatchOnFunctionError"] is True
    # The invocation itself fails (rebuild_app raises): a partial-batch answer would hide the error.
    assert "FunctionResponseTypes" not in stream
    on_failure = stream["DestinationConfig"]["OnFailure"]
    assert on_failure == {"Type": "SQS", "Destination": {"Fn::GetAtt": "RebuildFailureQueue.Arn"}}
    queue = template["Resources"]["RebuildFailureQueue"]
    assert queue["Type"] == "AWS::SQS::Queue"
    assert queue["Properties"]["MessageRetentionPeriod"] == 14 * 24 * 3600
    assert queue["Properties"]["SqsManagedSseEnabled"] is True
    # The schedule's failed run is not retried: the next minute's run is the retry.
    assert template["Resources"]["RebuildFunction"]["Properties"]["EventInvokeConfig"] == {"MaximumRetryAttempts": 0}


def test_the_rebuild_failure_alarm_watches_the_metric_the_function_emits(template: dict[str, Any]) -> None:
    env = deployed_environment(template, "RebuildFunction", RESOURCE_NAMES)
    metrics = Metrics(namespace=powertools.metrics_namespace(env), service=powertools.service_name(env))
    powertools.record_rebuilds(metrics, RebuildReport(failed={"acme": "StoreError: gone"}))
    emitted = metrics.serialize_metric_set()
    metrics.clear_metrics()
    directive = emitted["_aws"]["CloudWatchMetrics"][0]
    alarm = template["Resources"]["RebuildFailuresAlarm"]["Properties"]
    parameters = parameters_with(template)
    assert evaluate(template, alarm["Namespace"], parameters, {}) == directive["Namespace"]
    assert alarm["MetricName"] in {m["Name"] for m in directive["Metrics"]}
    assert emitted[alarm["MetricName"]] in (1, [1], 1.0, [1.0])
    ((dimension,),) = directive["Dimensions"]
    assert alarm["Dimensions"] == [{"Name": dimension, "Value": emitted[dimension]}]


# ---- alarms -----------------------------------------------------------------------------------


def _function(name: str) -> dict[str, Any]:
    return {"Name": "FunctionName", "Value": {"Ref": name}}


EXPECTED_ALARMS = [
    # (metric namespace, metric name, the one dimension it must be scoped to)
    ("AWS/Lambda", "Errors", _function("McpFunction")),
    ("AWS/Lambda", "Throttles", _function("McpFunction")),
    ("AWS/ApiGateway", "5xx", {"Name": "ApiId", "Value": {"Ref": "McpHttpApi"}}),
    ("AWS/Lambda", "IteratorAge", _function("RebuildFunction")),
    ("Cardamom", "SnapshotRebuildFailures", {"Name": "service", "Value": "cardamom-rebuild"}),
    (
        "AWS/SQS",
        "ApproximateNumberOfMessagesVisible",
        {"Name": "QueueName", "Value": {"Fn::GetAtt": "RebuildFailureQueue.QueueName"}},
    ),
    ("AWS/Lambda", "Errors", _function("AuditFunction")),
]


def test_every_failure_an_operator_must_hear_of_has_an_alarm(template: dict[str, Any]) -> None:
    alarms = resources_of_type(template, "AWS::CloudWatch::Alarm")
    parameters = parameters_with(template)
    found = []
    for name, alarm in alarms.items():
        props = alarm["Properties"]
        (dimension,) = props["Dimensions"]
        found.append((evaluate(template, props["Namespace"], parameters, {}), props["MetricName"], dimension))
        assert props["TreatMissingData"] == "notBreaching", name
        assert props["EvaluationPeriods"] >= 1 and props["Period"] >= 60, name
    assert sorted(map(repr, found)) == sorted(map(repr, EXPECTED_ALARMS))


def test_scheduled_functions_are_not_retried_by_lambda(template: dict[str, Any]) -> None:
    # Their next scheduled run is the retry; Lambda's two async retries would only repeat the failure.
    for name in ("RebuildFunction", "AuditFunction"):
        config = template["Resources"][name]["Properties"]["EventInvokeConfig"]
        assert config["MaximumRetryAttempts"] == 0, name


@pytest.mark.parametrize(("topic", "expected"), [("", NO_VALUE), (ALARM_TOPIC, [ALARM_TOPIC])])
def test_alarms_notify_the_optional_topic(template: dict[str, Any], topic: str, expected: Any) -> None:
    assert template["Parameters"]["AlarmTopicArn"]["Default"] == ""
    parameters = parameters_with(template, AlarmTopicArn=topic)
    for name, alarm in resources_of_type(template, "AWS::CloudWatch::Alarm").items():
        for actions in ("AlarmActions", "OKActions"):
            assert evaluate(template, alarm["Properties"][actions], parameters, {}) == expected, (name, actions)


# ---- capacity, access logs, tracing ------------------------------------------------------------


def test_the_api_is_throttled_by_parameters(template: dict[str, Any]) -> None:
    api = template["Resources"]["McpHttpApi"]["Properties"]
    assert api["DefaultRouteSettings"] == {
        "ThrottlingRateLimit": {"Ref": "ApiThrottlingRateLimit"},
        "ThrottlingBurstLimit": {"Ref": "ApiThrottlingBurstLimit"},
    }
    for name in ("ApiThrottlingRateLimit", "ApiThrottlingBurstLimit"):
        spec = template["Parameters"][name]
        assert spec["Type"] == "Number" and spec["MinValue"] >= 1 and spec["Default"] >= spec["MinValue"]


@pytest.mark.parametrize(("given", "expected"), [("0", NO_VALUE), ("20", "20")])
def test_reserved_concurrency_is_a_parameter(template: dict[str, Any], given: str, expected: Any) -> None:
    value = template["Resources"]["McpFunction"]["Properties"]["ReservedConcurrentExecutions"]
    assert evaluate(template, value, parameters_with(template, ReservedConcurrency=given), {}) == expected


def test_access_logs_are_kept_for_the_retention_parameter(template: dict[str, Any]) -> None:
    settings = template["Resources"]["McpHttpApi"]["Properties"]["AccessLogSettings"]
    (group,) = settings["DestinationArn"]["Fn::GetAtt"].split(".")[:1]
    assert template["Resources"][group]["Type"] == "AWS::Logs::LogGroup"
    fields = settings["Format"]
    for variable in ("$context.requestId", "$context.status", "$context.integrationErrorMessage"):
        assert variable in fields
    assert "authorization" not in fields.lower() and "header" not in fields.lower()
    for name, log_group in resources_of_type(template, "AWS::Logs::LogGroup").items():
        assert log_group["Properties"]["RetentionInDays"] == {"Ref": "LogRetentionDays"}, name


@pytest.mark.parametrize(("switch", "mode", "enabled"), [("true", "Active", True), ("false", "PassThrough", False)])
def test_tracing_is_switched_by_a_parameter(template: dict[str, Any], switch: str, mode: str, enabled: bool) -> None:
    parameters = parameters_with(template, EnableTracing=switch)
    assert evaluate(template, template["Globals"]["Function"]["Tracing"], parameters, {}) == mode
    for function in FUNCTIONS:
        env = deployed_environment(template, function, RESOURCE_NAMES, EnableTracing=switch)
        assert powertools.tracing_enabled(env) is enabled


# ---- observability settings from the environment -----------------------------------------------


@pytest.mark.parametrize("function", FUNCTIONS)
def test_service_namespace_and_level_reach_the_code(template: dict[str, Any], function: str) -> None:
    env = deployed_environment(template, function, RESOURCE_NAMES, MetricsNamespace="AcmeMcp", LogLevel="DEBUG")
    expected_service = {
        "McpFunction": "cardamom",
        "RebuildFunction": "cardamom-rebuild",
        "AuditFunction": "cardamom-audit",
    }[function]
    assert powertools.service_name(env) == expected_service
    assert powertools.metrics_namespace(env) == "AcmeMcp"
    assert Settings.from_env(env).log_level == "DEBUG" == env["POWERTOOLS_LOG_LEVEL"]
    source = (REPO / "src" / "cardamom" / "entrypoints" / f"lambda_{function[:-8].lower()}.py").read_text()
    assert "Metrics(" not in source and "service=" not in source, "the entrypoint must not hard-code them"


# ---- the endpoint's parameters ------------------------------------------------------------------


def test_allowed_origins_and_public_url_are_parameters(template: dict[str, Any]) -> None:
    env = deployed_environment(
        template,
        "McpFunction",
        RESOURCE_NAMES,
        AllowedOrigins="https://app.acme.example, https://admin.acme.example",
        PublicUrl="https://gateway.acme.example",
    )
    settings = Settings.from_env(env)
    assert settings.allowed_origins == ("https://app.acme.example", "https://admin.acme.example")
    assert settings.public_url == "https://gateway.acme.example"
    defaults = Settings.from_env(deployed_environment(template, "McpFunction", RESOURCE_NAMES))
    assert defaults.allowed_origins == () and defaults.public_url is None


def test_an_optional_custom_domain(template: dict[str, Any]) -> None:
    resources = template["Resources"]
    domain_resources = {"ApiDomainName": "HasCustomDomain", "ApiDomainMapping": "HasCustomDomain"}
    for name, expected in {**domain_resources, "ApiDomainRecord": "HasHostedZone"}.items():
        assert resources[name]["Condition"] == expected, name
    assert resources["ApiDomainMapping"]["Properties"]["ApiId"] == {"Ref": "McpHttpApi"}
    none = parameters_with(template)
    assert not condition(template, "HasCustomDomain", none)
    custom = parameters_with(template, CustomDomainName="mcp.acme.example", CertificateArn="arn:aws:acm:x")
    assert condition(template, "HasCustomDomain", custom) and not condition(template, "HasHostedZone", custom)
    assert condition(template, "HasHostedZone", {**custom, "HostedZoneId": "Z123"})
    env = deployed_environment(
        template, "McpFunction", RESOURCE_NAMES, CustomDomainName="mcp.acme.example", CertificateArn="arn:aws:acm:x"
    )
    assert Settings.from_env(env).public_url == "https://mcp.acme.example"
    (rule,) = template["Rules"]["CustomDomainNeedsCertificate"]["Assertions"]
    assert rule["Assert"] == {"Fn::Not": [{"Fn::Equals": [{"Ref": "CertificateArn"}, ""]}]}


def test_every_parameter_is_in_a_group_and_explained(template: dict[str, Any]) -> None:
    groups = template["Metadata"]["AWS::CloudFormation::Interface"]["ParameterGroups"]
    grouped = [name for group in groups for name in group["Parameters"]]
    assert sorted(grouped) == sorted(template["Parameters"])
    guide = (REPO / "docs" / "deploy.md").read_text(encoding="utf-8")
    for name, spec in template["Parameters"].items():
        assert spec["Description"], name
        assert f"`{name}`" in guide, f"docs/deploy.md does not explain {name}"


# ---- the SAM CLI's own checks --------------------------------------------------------------------


def sam_command() -> str | None:
    local = REPO / ".venv" / "sam" / "bin" / "sam"
    return str(local) if local.is_file() else shutil.which("sam")


def test_sam_validate_lint_is_clean(tmp_path: Path) -> None:
    sam = sam_command()
    if sam is None:
        pytest.skip("the SAM CLI is not installed (make sam-tools installs it into .venv/sam)")
    env = {**os.environ, "SAM_CLI_TELEMETRY": "0", "AWS_DEFAULT_REGION": "eu-west-1", "HOME": str(tmp_path)}
    done = subprocess.run(
        [sam, "validate", "--lint", "--template-file", str(TEMPLATE)],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "is a valid SAM Template" in done.stdout + done.stderr


def test_functions_take_runtime_and_layer_from_globals(template: dict[str, Any]) -> None:
    for function in FUNCTIONS:
        assert function_property(template, "Runtime", function) == "python3.13"
        assert "Layers" not in template["Resources"][function]["Properties"]
