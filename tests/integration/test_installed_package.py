"""The package as AWS gets it: the wheel in a clean venv on the runtime's Python (3.13).

``pip install`` of the wheel, nothing else (no dev or local extra, no ``src/`` on the path),
then, in that venv: every module under ``cardamom.entrypoints`` imports, and every
``events/*.json`` gets its answer from the MCP handler (a fake Lambda context), on the AWS
backend (moto's server) with an org applied, as the template configures the function. A
module the package imports but does not declare fails here, as it would in Lambda with
``Runtime.ImportModuleError``. The venv is cached by wheel hash (``bench/lambda_package.py``).
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from bench.lambda_package import RUNTIME, RuntimeVenv, runtime_interface_client, runtime_python, runtime_venv
from joserfc.jwk import ECKey

from cardamom.bootstrap import build_container
from cardamom.core.orgfile import parse_org_definition
from cardamom.demo.saas import DEMO_TOKENS, create_demo_saas
from tests.aws_support import FAKE_ENV, ISSUER, AwsBackend, aws_settings, mint
from tests.lambda_runtime import InvocationFailed, RuntimeApi
from tests.lambda_support import EVENT_FILES, load_event
from tests.orgs import notion_only_org_text
from tests.support import REPO, serve

PROBE = REPO / "tests" / "package" / "probe.py"
DEV_ONLY = ["mcp", "httpx2", "moto", "pytest", "uvicorn", "types_boto3_dynamodb", "cfnlint"]
ENTRYPOINTS = {
    "cardamom.entrypoints.asgi",
    "cardamom.entrypoints.cli",
    "cardamom.entrypoints.lambda_app",
    "cardamom.entrypoints.lambda_mcp",
    "cardamom.entrypoints.lambda_rebuild",
    "cardamom.entrypoints.rebuild_app",
}

pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish:UserWarning")


@pytest.fixture(scope="session")
def installed() -> RuntimeVenv:
    python = runtime_python()
    if python is None:
        pytest.skip(
            f"no Python {RUNTIME[0]}.{RUNTIME[1]} on this machine (pyenv or PATH): the package is checked on the "
            "Lambda runtime's Python only"
        )
    return runtime_venv(python)


@pytest.fixture(scope="module")
def demo_saas_url() -> Iterator[str]:
    with serve(create_demo_saas()) as url:
        yield url


def function_env(aws: AwsBackend, key: ECKey) -> dict[str, str]:
    """What template.yaml gives the MCP function, pointed at moto; nothing from this process's Python."""
    keep = ("PATH", "HOME", "LANG", "SYSTEMROOT", "TMPDIR")
    env = {name: os.environ[name] for name in keep if name in os.environ}
    env.update(FAKE_ENV, AWS_EC2_METADATA_DISABLED="true")
    env.update(aws.env())
    env.update(
        CARDAMOM_JWT_ISSUER=ISSUER,
        CARDAMOM_JWT_PUBLIC_KEY=json.dumps(key.as_dict(private=False)),
        CARDAMOM_LOCAL_MODE="true",  # the demo SaaS listens on plain http://127.0.0.1
        NOTION_LEGAL_TOKEN=DEMO_TOKENS["DEMO_NOTION_LEGAL_TOKEN"],
        POWERTOOLS_SERVICE_NAME="cardamom",
        POWERTOOLS_METRICS_NAMESPACE="CardamomProbe",
    )
    return env


def run_probe(command: list[str], env: dict[str, str], request: dict[str, Any], cwd: Path) -> dict[str, Any]:
    done = subprocess.run(
        [*command, "-c", PROBE.read_text(encoding="utf-8")],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    answer: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def events_for(key: ECKey) -> list[dict[str, Any]]:
    return [load_event(path.stem, mint(key)) for path in EVENT_FILES]


def check_answers(answer: dict[str, Any], *, inside: Path) -> None:
    assert answer["python"] == list(RUNTIME)
    assert set(answer["modules"]) >= ENTRYPOINTS
    for name, file in answer["modules"].items():
        assert Path(file).resolve().is_relative_to(inside.resolve()), f"{name} came from {file}"
    assert answer["absent"] == dict.fromkeys(DEV_ONLY, True), "a dev-only package is importable"
    assert len(answer["answers"]) == len(EVENT_FILES)
    for path, response in zip(EVENT_FILES, answer["answers"], strict=True):
        assert response["statusCode"] == 200, (path.name, response)
        body = json.loads(response["body"])
        assert "result" in body and "error" not in body, (path.name, body)
        if path.stem == "tools-list":
            assert {tool["name"] for tool in body["result"]["tools"]} >= {"search_tools", "execute_tool"}
        if path.stem == "search-tools":
            assert body["result"]["structuredContent"]["results"][0]["name"] == "notion-legal__list_all_users"
        if path.stem == "execute-tool":
            assert body["result"]["isError"] is False, body


@pytest.fixture
def deployed(aws: AwsBackend, demo_saas_url: str) -> tuple[dict[str, str], ECKey]:
    key = ECKey.generate_key("P-256")
    build_container(aws_settings(aws, key)).apply_org(
        parse_org_definition(notion_only_org_text(f"{demo_saas_url}/notion"), "org.yaml")
    )
    return function_env(aws, key), key


def test_the_wheel_installs_alone_and_serves_every_event(
    installed: RuntimeVenv, deployed: tuple[dict[str, str], ECKey], tmp_path: Path
) -> None:
    env, key = deployed
    answer = run_probe(
        [str(installed.python), "-I"], env, {"events": events_for(key), "absent": DEV_ONLY}, cwd=tmp_path
    )
    check_answers(answer, inside=installed.site_packages)


def test_the_installed_cli_runs(installed: RuntimeVenv, tmp_path: Path) -> None:
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "CARDAMOM_HOME": str(tmp_path / "home")}
    done = subprocess.run(
        [str(installed.scripts / "cardamom"), "--help"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "org" in done.stdout


def sam_command() -> str | None:
    local = REPO / ".venv" / "sam" / "bin" / "sam"
    return str(local) if local.is_file() else shutil.which("sam")


@pytest.fixture(scope="session")
def sam_build() -> Path:
    """``sam build`` of template.yaml (the Makefile's targets), for this machine's architecture so its
    compiled wheels load here; the deployed build differs only in fetching arm64 wheels."""
    sam, python = sam_command(), runtime_python()
    if sam is None:
        pytest.skip("the SAM CLI is not installed (make sam-tools installs it into .venv/sam)")
    if python is None:
        pytest.skip(f"no Python {RUNTIME[0]}.{RUNTIME[1]} to build and run the Lambda artifacts with")
    build = REPO / ".venv" / "sam-build"
    key = build_inputs_digest()
    if (build / ".inputs").is_file() and (build / ".inputs").read_text(encoding="utf-8") == key:
        return build  # the same template, Makefile, requirements and code: the same artifacts
    env = {
        **os.environ,
        "SAM_CLI_TELEMETRY": "0",
        "PYTHON": str(python),
        "LAYER_PLATFORM": f"manylinux2014_{platform.machine()}",
    }
    done = subprocess.run(
        [
            sam,
            "build",
            "--template-file",
            str(REPO / "template.yaml"),
            "--build-dir",
            str(build),
            "--cached",
            "--cache-dir",
            str(REPO / ".venv" / "sam-cache"),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (build / ".inputs").write_text(key, encoding="utf-8")
    return build


def build_inputs_digest() -> str:
    digest = hashlib.sha256()
    files = [REPO / "template.yaml", REPO / "Makefile", REPO / "layers" / "dependencies" / "requirements.txt"]
    files += sorted(p for p in (REPO / "src" / "cardamom").rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    for path in files:
        digest.update(str(path.relative_to(REPO)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def test_the_sam_build_artifacts_serve_every_event(
    sam_build: Path, deployed: tuple[dict[str, str], ECKey], tmp_path: Path
) -> None:
    """The layer and the function directory on sys.path, nothing else (no site-packages: -S)."""
    python = runtime_python()
    assert python is not None
    env, key = deployed
    layer, function = sam_build / "DependenciesLayer" / "python", sam_build / "McpFunction"
    assert any(function.glob("cardamom/entrypoints/__pycache__/lambda_mcp.cpython-313.pyc")), "not precompiled"
    assert any(layer.glob("pydantic/__pycache__/*.cpython-313.pyc")), "the layer is not precompiled"
    request = {"events": events_for(key), "absent": DEV_ONLY, "path": [str(layer), str(function)]}
    answer = run_probe([str(python), "-I", "-S"], env, request, cwd=tmp_path)
    check_answers(answer, inside=sam_build)


HANDLER = "cardamom.entrypoints.lambda_mcp.handler"


def serve_under_runtime_client(
    python: Path, paths: list[Path], env: dict[str, str], events: list[dict[str, Any]], cwd: Path
) -> list[tuple[str, Any]]:
    """The handler run by ``awslambdaric`` against the Runtime API emulator (tests/lambda_runtime.py),
    as Lambda runs it: ``("response", answer)`` or ``("error", what it reported)`` per event."""
    api = RuntimeApi()
    api.start()
    lambda_env = {
        **env,
        "AWS_LAMBDA_RUNTIME_API": api.address,
        "_HANDLER": HANDLER,
        "LAMBDA_TASK_ROOT": str(cwd),
        "AWS_LAMBDA_FUNCTION_NAME": "cardamom-McpFunction-ric",
        "AWS_LAMBDA_FUNCTION_VERSION": "$LATEST",
        "AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "1024",
        "AWS_LAMBDA_LOG_GROUP_NAME": "/aws/lambda/cardamom-McpFunction-ric",
        "AWS_LAMBDA_LOG_STREAM_NAME": "ric",
    }
    code = (
        f"import sys; sys.path[:0] = {[str(p) for p in paths]!r}\n"
        f"from awslambdaric.__main__ import main\nmain(['awslambdaric', {HANDLER!r}])\n"
    )
    log = cwd / "runtime.log"
    results: list[tuple[str, Any]] = []
    try:
        with log.open("w") as output:
            process = subprocess.Popen(
                [str(python), "-I", "-S", "-c", code], env=lambda_env, cwd=cwd, stdout=output, stderr=output
            )
        try:
            for event in events:
                try:
                    # The first answer waits for the cold start of the installed package: generous.
                    answer = api.invoke(event, alive=lambda: process.poll() is None, timeout=180)
                except InvocationFailed as exc:
                    results.append(("error", f"{exc}\n{log.read_text()[-4000:]}"))
                else:
                    results.append(("response", answer))
        finally:
            process.terminate()
            process.wait(timeout=30)
    finally:
        api.stop()
    assert api.init_error is None, api.init_error
    return results


def check_runtime_answers(results: list[tuple[str, Any]]) -> None:
    assert [kind for kind, _ in results] == ["response"] * len(EVENT_FILES), results
    for path, (_, response) in zip(EVENT_FILES, results, strict=True):
        assert response["statusCode"] == 200, (path.name, response)
        assert "result" in json.loads(response["body"]), (path.name, response)


def test_the_runtime_interface_client_runs_the_installed_package(
    installed: RuntimeVenv, deployed: tuple[dict[str, str], ECKey], tmp_path: Path
) -> None:
    python = runtime_python()
    assert python is not None
    env, key = deployed
    client = runtime_interface_client(python)
    results = serve_under_runtime_client(python, [client, installed.site_packages], env, events_for(key), tmp_path)
    check_runtime_answers(results)


def test_the_runtime_interface_client_runs_the_sam_build_artifacts(
    sam_build: Path, deployed: tuple[dict[str, str], ECKey], tmp_path: Path
) -> None:
    """/var/runtime (the client), /var/task (the function), /opt/python (the layer): nothing else."""
    python = runtime_python()
    assert python is not None
    env, key = deployed
    client = runtime_interface_client(python)
    function, layer = sam_build / "McpFunction", sam_build / "DependenciesLayer" / "python"
    results = serve_under_runtime_client(python, [client, function, layer], env, events_for(key), tmp_path)
    check_runtime_answers(results)
