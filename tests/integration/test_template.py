"""template.yaml: lint-clean, and consistent with the code and the project it deploys."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml
from cfnlint.api import lint_file  # type: ignore[import-untyped]
from joserfc.jwk import ECKey
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from starlette.routing import Match

from cardamom.config import Settings
from cardamom.entrypoints.asgi import create_app
from tests.support import REPO, make_container

TEMPLATE = REPO / "template.yaml"
PYPROJECT = REPO / "pyproject.toml"


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


def mcp_function(template: dict[str, Any]) -> dict[str, Any]:
    functions = resources_of_type(template, "AWS::Serverless::Function")
    assert list(functions) == ["McpFunction"]
    return functions["McpFunction"]


def function_property(template: dict[str, Any], name: str) -> Any:
    """A function property as deployed: the function's own value, else the Globals one."""
    properties = mcp_function(template)["Properties"]
    if name in properties:
        return properties[name]
    return template["Globals"]["Function"][name]


def requirements(lines: list[str]) -> dict[str, Requirement]:
    parsed = [Requirement(line) for line in lines]
    return {canonicalize_name(req.name): req for req in parsed}


def test_cfn_lint_finds_nothing() -> None:
    findings = lint_file(TEMPLATE)
    assert [f"{m.rule.id} {m.message} (line {m.linenumber})" for m in findings] == []


def test_layer_requirements_match_pyproject_dependencies() -> None:
    declared = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["dependencies"]
    layer_file = REPO / "layers" / "dependencies" / "requirements.txt"
    lines = [line.split("#", 1)[0].strip() for line in layer_file.read_text(encoding="utf-8").splitlines()]
    layer = requirements([line for line in lines if line])
    project = requirements(declared)
    assert sorted(layer) == sorted(project)
    for name, req in project.items():
        assert layer[name].specifier == req.specifier, name
        assert layer[name].extras == req.extras, name
        assert layer[name].marker == req.marker, name


def test_function_layer_and_runtime_agree(template: dict[str, Any]) -> None:
    layers = resources_of_type(template, "AWS::Serverless::LayerVersion")
    assert list(layers) == ["DependenciesLayer"]
    layer = layers["DependenciesLayer"]
    runtime = function_property(template, "Runtime")
    assert runtime == "python3.13"
    assert layer["Properties"]["ContentUri"] == "layers/dependencies/"
    assert layer["Properties"]["CompatibleRuntimes"] == [runtime]
    assert layer["Metadata"]["BuildMethod"] == runtime
    assert function_property(template, "Layers") == [{"Ref": "DependenciesLayer"}]
    architectures = function_property(template, "Architectures")
    assert layer["Properties"]["CompatibleArchitectures"] == architectures
    assert [layer["Metadata"]["BuildArchitecture"]] == architectures
    assert (REPO / layer["Properties"]["ContentUri"] / "requirements.txt").is_file()


def test_function_environment_is_a_valid_configuration(template: dict[str, Any]) -> None:
    """The environment the template sets, with parameters filled in, passes Settings.from_env."""
    assert template["Parameters"]["JwtPublicKey"]["NoEcho"] is True
    parameters = {
        "JwtIssuer": "https://auth.acme.example",
        "JwtAudience": template["Parameters"]["JwtAudience"]["Default"],
        "JwtPublicKey": json.dumps(ECKey.generate_key("P-256").as_dict(private=False)),
        "LogLevel": template["Parameters"]["LogLevel"]["Default"],
    }
    env: dict[str, str] = {}
    for name, value in template["Globals"]["Function"]["Environment"]["Variables"].items():
        env[name] = parameters[value["Ref"]] if isinstance(value, dict) else str(value)
    assert env["POWERTOOLS_SERVICE_NAME"] == "cardamom"
    assert env["POWERTOOLS_METRICS_NAMESPACE"] == "Cardamom"
    assert env["POWERTOOLS_LOG_LEVEL"] == env["CARDAMOM_LOG_LEVEL"]

    settings = Settings.from_env(env)
    assert settings.backend == "sqlite"
    assert settings.home == Path("/tmp/cardamom")
    assert settings.local_mode is False
    assert settings.allowed_origins == ()
    assert settings.jwt_issuer == parameters["JwtIssuer"]
    assert settings.jwt_audience == parameters["JwtAudience"]
    assert settings.jwt_public_key == parameters["JwtPublicKey"]


def test_handler_resolves_to_a_callable_in_code_uri(template: dict[str, Any], tmp_path: Path) -> None:
    """Import the handler as Lambda does: a fresh interpreter, CodeUri on the path, the template's environment."""
    code_uri = REPO / function_property(template, "CodeUri")
    module_name, _, attribute = function_property(template, "Handler").rpartition(".")
    assert (code_uri / Path(*module_name.split("."))).with_suffix(".py").is_file()

    key = ECKey.generate_key("P-256")
    env = {name: value for name, value in os.environ.items() if not name.startswith("CARDAMOM_")}
    env.update(
        PYTHONPATH=str(code_uri),
        CARDAMOM_HOME=str(tmp_path / "lambda-tmp"),
        CARDAMOM_LOCAL_MODE="false",
        CARDAMOM_JWT_ISSUER="https://auth.acme.example",
        CARDAMOM_JWT_PUBLIC_KEY=json.dumps(key.as_dict(private=False)),
    )
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
    }


def test_outputs_name_the_mcp_endpoint(template: dict[str, Any]) -> None:
    url = template["Outputs"]["McpEndpoint"]["Value"]["Fn::Sub"]
    assert url == "https://${McpHttpApi}.execute-api.${AWS::Region}.${AWS::URLSuffix}/mcp"
