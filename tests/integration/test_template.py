"""template.yaml: lint-clean, and consistent with the code and the project it deploys."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from cfnlint.api import lint_file  # type: ignore[import-untyped]
from joserfc.jwk import ECKey
from starlette.routing import Match

from cardamom.adapters.dynamodb_audit import MEMBER_INDEX, UNSEALED_INDEX
from cardamom.adapters.dynamodb_items import ORG_INDEX
from cardamom.adapters.dynamodb_snapshots import POINTER_INDEX
from cardamom.config import Settings
from cardamom.entrypoints.asgi import create_app
from tests.aws_support import AwsBackend
from tests.support import REPO, make_container

TEMPLATE = REPO / "template.yaml"


class _CfnLoader(yaml.SafeLoader):
    """YAML with CloudFormation's short-form intrinsics (``!Ref x`` becomes ``{"Ref": "x"}``)."""


def _intrinsic(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> dict[str, Any]:
    name = "Ref" if suffix == "Ref" else f"Fn::{suffix}"
    value: Any
    if isinstance(node, yaml.ScalarNode):
        value = loader.construct_scalar(node)
    elif isinstance(node, yaml.SequenceNode):
        value = loader.construct_sequence(node, deep=True)
    else:
        value = loader.construct_mapping(node, deep=True)  # type: ignore[arg-type]
    return {name: value}


_CfnLoader.add_multi_constructor("!", _intrinsic)


@pytest.fixture(scope="module")
def template() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.load(TEMPLATE.read_text(encoding="utf-8"), Loader=_CfnLoader)
    return loaded


def resources_of_type(template: dict[str, Any], kind: str) -> dict[str, dict[str, Any]]:
    return {name: res for name, res in template["Resources"].items() if res["Type"] == kind}


FUNCTIONS = ("McpFunction", "RebuildFunction", "AuditFunction")


def mcp_function(template: dict[str, Any]) -> dict[str, Any]:
    functions = resources_of_type(template, "AWS::Serverless::Function")
    assert sorted(functions) == sorted(FUNCTIONS)
    return functions["McpFunction"]


def function_property(template: dict[str, Any], name: str, function: str = "McpFunction") -> Any:
    """A function property as deployed: the function's own value, else the Globals one."""
    mcp_function(template)
    properties = template["Resources"][function]["Properties"]
    if name in properties:
        return properties[name]
    return template["Globals"]["Function"][name]


NO_VALUE = object()  # Ref AWS::NoValue: the property (or variable) is left out


def parameters_with(template: dict[str, Any], **given: str) -> dict[str, str]:
    """Every parameter's value as a deploy would pass it: its default unless given."""
    values = {name: str(spec["Default"]) for name, spec in template["Parameters"].items() if "Default" in spec}
    values.update(
        JwtIssuer="https://auth.acme.example",
        JwtPublicKey=json.dumps(ECKey.generate_key("P-256").as_dict(private=False)),
    )
    values.update(given)
    return values


def condition(template: dict[str, Any], name: str, parameters: dict[str, str]) -> bool:
    result = evaluate(template, template["Conditions"][name], parameters, {})
    assert isinstance(result, bool), name
    return result


def evaluate(template: dict[str, Any], value: Any, parameters: dict[str, str], resources: dict[str, str]) -> Any:
    """The intrinsics this template uses (Ref, Fn::If, Fn::Sub on names, conditions), resolved."""
    if isinstance(value, list):
        return [evaluate(template, item, parameters, resources) for item in value]
    if not isinstance(value, dict) or len(value) != 1 or not next(iter(value)).startswith(("Ref", "Fn::", "Condition")):
        return value
    ((kind, argument),) = value.items()

    def again(item: Any) -> Any:
        return evaluate(template, item, parameters, resources)

    if kind == "Ref":
        if argument == "AWS::NoValue":
            return NO_VALUE
        return parameters[argument] if argument in parameters else resources[argument]
    if kind in ("Condition", "Fn::Condition"):
        return condition(template, argument, parameters)
    if kind == "Fn::If":
        name, when_true, when_false = argument
        return again(when_true if condition(template, name, parameters) else when_false)
    if kind == "Fn::Equals":
        left, right = (str(again(side)) for side in argument)
        return left == right
    if kind == "Fn::Not":
        return not again(argument[0])
    if kind == "Fn::And":
        return all(again(item) for item in argument)
    if kind == "Fn::Sub":
        names = {**parameters, **resources, "AWS::Region": "eu-west-1", "AWS::URLSuffix": "amazonaws.com"}
        return re.sub(r"\$\{([^}]+)\}", lambda m: names[m.group(1)], argument)
    raise AssertionError(f"unhandled intrinsic {kind}")


def deployed_environment(
    template: dict[str, Any], function: str, resources: dict[str, str], **given: str
) -> dict[str, str]:
    """The function's environment (Globals, then its own), parameters and resource names filled in."""
    parameters = parameters_with(template, **given)
    variables = {
        **template["Globals"]["Function"]["Environment"]["Variables"],
        **template["Resources"][function]["Properties"].get("Environment", {}).get("Variables", {}),
    }
    env: dict[str, str] = {}
    for name, value in variables.items():
        resolved = evaluate(template, value, parameters, resources)
        if resolved is not NO_VALUE:
            env[name] = str(resolved)
    return env


def test_cfn_lint_finds_nothing() -> None:
    findings = lint_file(TEMPLATE)
    assert [f"{m.rule.id} {m.message} (line {m.linenumber})" for m in findings] == []


@pytest.mark.parametrize("function", FUNCTIONS)
def test_function_layer_and_runtime_agree(template: dict[str, Any], function: str) -> None:
    layers = resources_of_type(template, "AWS::Serverless::LayerVersion")
    assert list(layers) == ["DependenciesLayer"]
    layer = layers["DependenciesLayer"]
    runtime = function_property(template, "Runtime", function)
    assert runtime == "python3.13"
    assert layer["Properties"]["ContentUri"] == "layers/dependencies/"
    assert layer["Properties"]["CompatibleRuntimes"] == [runtime]
    # Built by the Makefile (wheels for the functions' platform, then precompiled .pyc).
    assert layer["Metadata"]["BuildMethod"] == "makefile"
    assert template["Resources"][function]["Metadata"]["BuildMethod"] == "makefile"
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    for target in ("DependenciesLayer", function):
        assert re.search(rf"^build-[\w -]*\b{target}\b[\w -]*:", makefile, re.M), f"no make target for {target}"
    assert "--python-version 3.13" in makefile and "--invalidation-mode unchecked-hash" in makefile
    assert function_property(template, "Layers", function) == [{"Ref": "DependenciesLayer"}]
    architectures = function_property(template, "Architectures", function)
    assert layer["Properties"]["CompatibleArchitectures"] == architectures
    assert [layer["Metadata"]["BuildArchitecture"]] == architectures
    assert (REPO / layer["Properties"]["ContentUri"] / "requirements.txt").is_file()


RESOURCE_NAMES = {
    "DirectoryTable": "cardamom-DirectoryTable-1",
    "AuditTable": "cardamom-AuditTable-1",
    "SnapshotTable": "cardamom-SnapshotTable-1",
    "OAuthTable": "cardamom-OAuthTable-1",
    "InsightsTable": "cardamom-InsightsTable-1",
    "DataBucket": "cardamom-databucket-1",
}


@pytest.mark.parametrize("function", FUNCTIONS)
def test_function_environment_is_a_valid_configuration(template: dict[str, Any], function: str) -> None:
    """The environment the template sets, with parameters filled in, passes Settings.from_env."""
    assert template["Parameters"]["JwtPublicKey"]["NoEcho"] is True
    env = deployed_environment(template, function, RESOURCE_NAMES)
    services = {"McpFunction": "cardamom", "RebuildFunction": "cardamom-rebuild", "AuditFunction": "cardamom-audit"}
    assert env["POWERTOOLS_SERVICE_NAME"] == services[function]
    assert env["POWERTOOLS_METRICS_NAMESPACE"] == "Cardamom"
    assert env["POWERTOOLS_LOG_LEVEL"] == env["CARDAMOM_LOG_LEVEL"]

    settings = Settings.from_env(env)
    assert settings.backend == "aws"
    assert settings.aws is not None
    assert settings.aws.directory_table == RESOURCE_NAMES["DirectoryTable"]
    assert settings.aws.audit_table == RESOURCE_NAMES["AuditTable"]
    assert settings.aws.snapshot_table == RESOURCE_NAMES["SnapshotTable"]
    assert settings.aws.bucket == RESOURCE_NAMES["DataBucket"]
    assert settings.aws.endpoint_url is None
    assert settings.audit_retention_days == 365
    assert settings.aws.insights_table == RESOURCE_NAMES["InsightsTable"]
    assert settings.unmet_search_retention_days == 30
    assert settings.local_mode is False
    assert settings.allowed_origins == ()
    if function == "McpFunction":  # only the function that serves /mcp signs people in and verifies tokens
        assert settings.dev_signin is False  # the development sign-in is off unless DevSignin says so
        assert settings.signing_keys_secret == env["CARDAMOM_SIGNING_KEYS_SECRET"]
    else:
        assert not any(name.startswith(("CARDAMOM_JWT_", "CARDAMOM_OIDC_", "CARDAMOM_DEV_")) for name in env)


def test_every_cardamom_variable_the_template_sets_is_read_by_the_config(template: dict[str, Any]) -> None:
    config_source = (REPO / "src" / "cardamom" / "config.py").read_text(encoding="utf-8")
    for function in FUNCTIONS:
        for name in deployed_environment(template, function, RESOURCE_NAMES):
            if name.startswith("CARDAMOM_"):
                assert f'"{name}"' in config_source, f"{function} sets {name}, which Settings never reads"


@pytest.mark.parametrize("function", FUNCTIONS)
def test_handler_resolves_to_a_callable_in_code_uri(
    template: dict[str, Any], function: str, tmp_path: Path, aws: AwsBackend
) -> None:
    """Import the handler as Lambda does: a fresh interpreter, CodeUri on the path, the template's
    environment, and the AWS backend (moto's server) behind it."""
    code_uri = REPO / function_property(template, "CodeUri", function)
    module_name, _, attribute = function_property(template, "Handler", function).rpartition(".")
    assert (code_uri / Path(*module_name.split("."))).with_suffix(".py").is_file()

    names = {**aws.tables, "DataBucket": aws.bucket}
    env = {name: value for name, value in os.environ.items() if not name.startswith("CARDAMOM_")}
    env.update(deployed_environment(template, function, names), PYTHONPATH=str(code_uri), AWS_ENDPOINT_URL=aws.endpoint)
    probe = (
        "import importlib, json, sys\n"
        f"module = importlib.import_module({module_name!r})\n"
        f"target = getattr(module, {attribute!r})\n"
        "print(json.dumps({'file': module.__file__, 'callable': callable(target)}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["callable"] is True
    assert Path(found["file"]).resolve().is_relative_to(code_uri.resolve())


def test_tables_match_what_the_adapters_use(template: dict[str, Any]) -> None:
    tables = resources_of_type(template, "AWS::DynamoDB::Table")
    assert sorted(tables) == ["AuditTable", "DirectoryTable", "InsightsTable", "OAuthTable", "SnapshotTable"]

    def indexes(name: str) -> set[str]:
        return {index["IndexName"] for index in tables[name]["Properties"].get("GlobalSecondaryIndexes", [])}

    assert indexes("DirectoryTable") == {ORG_INDEX}
    assert indexes("AuditTable") == {MEMBER_INDEX, UNSEALED_INDEX}
    assert indexes("SnapshotTable") == {POINTER_INDEX}
    assert indexes("InsightsTable") == set()
    assert tables["DirectoryTable"]["Properties"]["StreamSpecification"]["StreamViewType"] == "KEYS_ONLY"
    for name in ("AuditTable", "InsightsTable", "OAuthTable"):
        assert tables[name]["Properties"]["TimeToLiveSpecification"] == {"AttributeName": "expires_at", "Enabled": True}
    for name, table in tables.items():
        properties = table["Properties"]
        assert properties["BillingMode"] == "PAY_PER_REQUEST", name
        assert properties["PointInTimeRecoverySpecification"] == {"PointInTimeRecoveryEnabled": True}, name
        assert properties["SSESpecification"] == {"SSEEnabled": True}, name


def test_the_bucket_is_private_encrypted_versioned_and_tls_only(template: dict[str, Any]) -> None:
    bucket = template["Resources"]["DataBucket"]["Properties"]
    assert bucket["VersioningConfiguration"] == {"Status": "Enabled"}
    assert set(bucket["PublicAccessBlockConfiguration"].values()) == {True}
    assert len(bucket["PublicAccessBlockConfiguration"]) == 4
    (rule,) = bucket["BucketEncryption"]["ServerSideEncryptionConfiguration"]
    assert rule["ServerSideEncryptionByDefault"]["SSEAlgorithm"] in ("AES256", "aws:kms")
    (statement,) = template["Resources"]["DataBucketPolicy"]["Properties"]["PolicyDocument"]["Statement"]
    assert statement["Effect"] == "Deny"
    assert statement["Condition"] == {"Bool": {"aws:SecureTransport": "false"}}


def statements(template: dict[str, Any], function: str) -> list[dict[str, Any]]:
    """A function's policy statements, a conditional one (``Fn::If``) as its statement branch."""
    (policy,) = template["Resources"][function]["Properties"]["Policies"]
    found = []
    for statement in policy["Statement"]:
        if "Fn::If" in statement:
            _, statement, otherwise = statement["Fn::If"]
            assert otherwise == {"Ref": "AWS::NoValue"}
        found.append(statement)
    return found


@pytest.mark.parametrize("function", FUNCTIONS)
def test_function_policies_are_scoped(template: dict[str, Any], function: str) -> None:
    (policy,) = template["Resources"][function]["Properties"]["Policies"]
    for statement in statements(template, function):
        actions = statement["Action"]
        assert all(isinstance(a, str) and "*" not in a for a in actions), statement["Sid"]
        assert "dynamodb:Scan" not in actions and "dynamodb:BatchWriteItem" not in actions
        resources = statement["Resource"] if isinstance(statement["Resource"], list) else [statement["Resource"]]
        assert "*" not in resources, statement["Sid"]
    if function == "RebuildFunction":
        writes = {"dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem"}
        directory = next(s for s in policy["Statement"] if s["Sid"] == "DirectoryRead")
        assert not writes & set(directory["Action"]), "the rebuild function never writes the directory"


def test_the_rebuild_function_listens_to_the_stream_and_the_schedule(template: dict[str, Any]) -> None:
    events = template["Resources"]["RebuildFunction"]["Properties"]["Events"]
    stream = next(e["Properties"] for e in events.values() if e["Type"] == "DynamoDB")
    assert stream["Stream"] == {"Fn::GetAtt": "DirectoryTable.StreamArn"}
    (pattern,) = stream["FilterCriteria"]["Filters"]
    assert json.loads(pattern["Pattern"]) == {"dynamodb": {"Keys": {"pk": {"S": [{"prefix": "ORG#"}]}}}}
    schedule = next(e["Properties"] for e in events.values() if e["Type"] == "Schedule")
    assert schedule["Schedule"] == "rate(1 minute)"


def test_every_declared_route_is_served_by_the_app(template: dict[str, Any], tmp_path: Path) -> None:
    app = create_app(make_container(tmp_path / "home"))
    events = mcp_function(template)["Properties"]["Events"]
    declared = set()
    for name, event in events.items():
        assert event["Type"] == "HttpApi", name
        properties = event["Properties"]
        assert properties["ApiId"] == {"Ref": "McpHttpApi"}, name
        assert properties["PayloadFormatVersion"] == "2.0", name
        method, path = properties["Method"], properties["Path"]
        declared.add((method, path))
        scope = {"type": "http", "method": method, "path": path}
        assert any(route.matches(scope)[0] == Match.FULL for route in app.routes), f"{method} {path} is not served"
    assert declared == {
        ("POST", "/mcp"),
        ("GET", "/mcp"),
        ("DELETE", "/mcp"),
        ("GET", "/.well-known/oauth-protected-resource"),
        ("GET", "/.well-known/oauth-protected-resource/mcp"),
        ("GET", "/.well-known/oauth-authorization-server"),
        ("GET", "/.well-known/openid-configuration"),
        ("GET", "/oauth/jwks"),
        ("POST", "/oauth/register"),
        ("OPTIONS", "/oauth/register"),
        ("GET", "/oauth/authorize"),
        ("GET", "/oauth/signin"),
        ("POST", "/oauth/signin"),
        ("GET", "/oauth/signin/org"),
        ("POST", "/oauth/signin/org"),
        ("GET", "/oauth/callback"),
        ("GET", "/oauth/consent"),
        ("POST", "/oauth/consent"),
        ("POST", "/oauth/token"),
        ("OPTIONS", "/oauth/token"),
        ("POST", "/oauth/revoke"),
        ("OPTIONS", "/oauth/revoke"),
    }


def test_outputs_name_the_mcp_endpoint(template: dict[str, Any]) -> None:
    value = template["Outputs"]["McpEndpoint"]["Value"]
    plain = evaluate(template, value, parameters_with(template), {"McpHttpApi": "abc123"})
    assert plain == "https://abc123.execute-api.eu-west-1.amazonaws.com/mcp"
    custom = parameters_with(template, CustomDomainName="mcp.acme.example", CertificateArn="arn:aws:acm:x")
    assert evaluate(template, value, custom, {"McpHttpApi": "abc123"}) == "https://mcp.acme.example/mcp"


def test_the_audit_function_seals_every_minute_and_exports_on_its_own_schedule(template: dict[str, Any]) -> None:
    events = template["Resources"]["AuditFunction"]["Properties"]["Events"]
    by_input = {json.loads(e["Properties"]["Input"])["action"]: e["Properties"] for e in events.values()}
    assert {e["Type"] for e in events.values()} == {"Schedule"}
    assert by_input["seal"]["Schedule"] == "rate(1 minute)"  # a completed row waits at most ~2 minutes
    assert by_input["export"]["Schedule"] == {"Ref": "AuditExportSchedule"}
    prefix = template["Parameters"]["AuditExportPrefix"]
    assert prefix["Default"] == ""  # the export is optional: off until a prefix is given
    assert template["Conditions"]["AuditExportEnabled"] == {
        "Fn::Not": [{"Fn::Equals": [{"Ref": "AuditExportPrefix"}, ""]}]
    }
    (export,) = [s for s in statements(template, "AuditFunction") if s["Sid"] == "AuditExport"]
    assert export["Action"] == ["s3:PutObject"]
    assert export["Resource"] == {"Fn::Sub": "${DataBucket.Arn}/${AuditExportPrefix}*"}


def _leading_keys(statement: dict[str, Any]) -> list[str] | None:
    keys: list[str] | None = (
        statement.get("Condition", {}).get("ForAllValues:StringLike", {}).get("dynamodb:LeadingKeys")
    )
    return keys


def test_only_the_audit_function_writes_the_chain(template: dict[str, Any]) -> None:
    """The MCP function writes audit rows (ORG#...) only; the audit function creates items only in
    the chain's partitions (CHAIN#...); nothing may delete from the audit table."""
    audit_table = {"Fn::GetAtt": "AuditTable.Arn"}
    for function, prefix in (("McpFunction", "ORG#*"), ("AuditFunction", "CHAIN#*")):
        for statement in statements(template, function):
            resources = statement["Resource"] if isinstance(statement["Resource"], list) else [statement["Resource"]]
            if audit_table not in resources:
                continue
            assert "dynamodb:DeleteItem" not in statement["Action"], (function, statement["Sid"])
            if "dynamodb:PutItem" in statement["Action"]:
                assert _leading_keys(statement) == [prefix], (function, statement["Sid"])
    for function in ("RebuildFunction",):
        for statement in statements(template, function):
            resources = statement["Resource"] if isinstance(statement["Resource"], list) else [statement["Resource"]]
            assert audit_table not in resources
