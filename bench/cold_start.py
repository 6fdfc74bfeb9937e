"""The MCP function's cold start, as a ratio to boto3's own, measured in one run.

    .venv/bin/python -m bench.cold_start [--rounds 9] [--write docs/aws.md] [--json]

The package is what AWS gets (``bench/lambda_package.py``: the wheel and its declared
dependencies only, Python 3.13), laid out as one directory on ``sys.path`` like the layer plus
the function; the interpreter runs with ``-I -S`` (no site-packages, no environment
variables of its own), its standard library precompiled as in the Lambda runtime. Each figure
is the median CPU time (``time.process_time``) of a fresh process over ``--rounds`` rounds,
the cases interleaved so that load on the machine hits them alike:

* ``boto3``: ``import boto3`` and building the DynamoDB and S3 clients (the floor any function
  on these two services pays);
* ``init``: importing ``cardamom.entrypoints.lambda_mcp`` with the AWS backend configured as
  template.yaml configures it: Lambda's init phase, the DynamoDB client built;
* ``first request``: init, then the first invocation (``tools/list``; the application is built
  there) against moto's server, and ``search``: a ``search_tools`` call after that;

each with the ``.pyc`` files precompiled (``compileall``, as the layer build does) and without
any (``-B``: every module compiled from source, as a layer shipped without them would be).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from bench.lambda_package import REPO, RuntimeVenv, layer_tree, runtime_python, runtime_venv

BOTO3 = "import boto3; s = boto3.session.Session(); s.client('dynamodb'); s.client('s3')"
INIT = "import cardamom.entrypoints.lambda_mcp"
MARK_BEGIN = "<!-- cold-start:begin -->"
MARK_END = "<!-- cold-start:end -->"

# One child process: the CPU time of `code`, then of each invocation in `events`.
CHILD = """
import json, sys, time
sys.path.insert(0, {tree!r})
t = time.process_time()
{code}
figures = [time.process_time() - t]
if {events!r}:
    import cardamom.entrypoints.lambda_mcp as m
    class C:
        function_name = "cold"; memory_limit_in_mb = 1024; aws_request_id = "r"
        invoked_function_arn = "arn:aws:lambda:us-east-1:123456789012:function:cold"
    for event in json.loads({events!r}):
        t = time.process_time()
        response = m.handler(event, C())
        figures.append(time.process_time() - t)
        assert response["statusCode"] == 200 and "result" in json.loads(response["body"]), response
print(json.dumps(figures))
"""


def measure(
    python: Path, tree: Path, code: str, env: dict[str, str], *, compiled: bool, events: str = ""
) -> list[float]:
    flags = ["-I", "-S"] + ([] if compiled else ["-B"])
    done = subprocess.run(
        [str(python), *flags, "-c", CHILD.format(tree=str(tree), code=code, events=events)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tree.parent,
        timeout=120,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the measured process failed:\n{done.stderr[-3000:]}")
    figures: list[float] = json.loads(done.stdout.strip().splitlines()[-1])
    return [f * 1000 for f in figures]


def backend_env(stack: ExitStack) -> tuple[dict[str, str], str]:
    """moto's server with the template's tables, an org applied, and the function's environment
    (fake credentials, so nothing ever looks further for real ones)."""
    from joserfc.jwk import ECKey
    from tests.aws_support import FAKE_ENV, ISSUER, aws_environment, create_backend, mint, moto_endpoint
    from tests.integration.test_lambda_events import load_event
    from tests.support import notion_only_org_text

    from cardamom.bootstrap import build_container
    from cardamom.config import Settings
    from cardamom.core.orgfile import parse_org_definition

    stack.enter_context(aws_environment())
    backend = create_backend(stack.enter_context(moto_endpoint()))
    key = ECKey.generate_key("P-256")
    env = {
        "PATH": "/usr/bin:/bin",
        "AWS_EC2_METADATA_DISABLED": "true",
        **FAKE_ENV,
        **backend.env(),
        "CARDAMOM_JWT_ISSUER": ISSUER,
        "CARDAMOM_JWT_PUBLIC_KEY": json.dumps(key.as_dict(private=False)),
        "CARDAMOM_LOCAL_MODE": "false",
        "POWERTOOLS_SERVICE_NAME": "cardamom",
        "POWERTOOLS_METRICS_NAMESPACE": "Cardamom",
        "CARDAMOM_LOG_LEVEL": "WARNING",
    }
    build_container(Settings.from_env(env)).apply_org(parse_org_definition(notion_only_org_text(), "org.yaml"))
    token = mint(key)
    events = json.dumps([load_event("tools-list", token), load_event("search-tools", token)])
    return env, events


def run(rounds: int) -> dict[str, Any]:
    python = runtime_python()
    if python is None:
        raise SystemExit("no Python 3.13 (pyenv or PATH): the cold start is measured on the Lambda runtime's Python")
    venv: RuntimeVenv = runtime_venv(python)
    trees = {
        True: layer_tree(venv, venv.root / "layer-pyc" / "python", compiled=True),
        False: layer_tree(venv, venv.root / "layer-src" / "python", compiled=False),
    }
    with ExitStack() as stack:
        env, events = backend_env(stack)
        samples: dict[str, list[float]] = {}
        for _ in range(rounds):
            for compiled, tree in trees.items():
                mode = "pyc" if compiled else "source"
                samples.setdefault(f"boto3/{mode}", []).append(measure(python, tree, BOTO3, env, compiled=compiled)[0])
                init, first, search = measure(python, tree, INIT, env, compiled=compiled, events=events)
                samples.setdefault(f"init/{mode}", []).append(init)
                samples.setdefault(f"first/{mode}", []).append(init + first)
                samples.setdefault(f"search/{mode}", []).append(search)
    median = {name: statistics.median(values) for name, values in samples.items()}
    result: dict[str, Any] = {"python": ".".join(map(str, sys.version_info[:2])), "rounds": rounds, "ms": median}
    for mode in ("pyc", "source"):
        result[f"init_ratio_{mode}"] = median[f"init/{mode}"] / median[f"boto3/{mode}"]
        result[f"first_request_ratio_{mode}"] = median[f"first/{mode}"] / median[f"boto3/{mode}"]
    return result


def table(result: dict[str, Any]) -> str:
    ms = result["ms"]
    lines = [
        f"Median CPU time of a fresh process over {result['rounds']} rounds (Python 3.13, the wheel and its "
        "runtime dependencies only, `make bench-cold`):",
        "",
        "| what | .pyc precompiled (the layer as built) | no .pyc (compiled at import) |",
        "|---|---|---|",
        f"| `import boto3` + DynamoDB and S3 clients | {ms['boto3/pyc']:.0f} ms | {ms['boto3/source']:.0f} ms |",
        f"| init: import `lambda_mcp` (config, logs, metrics, DynamoDB client) | {ms['init/pyc']:.0f} ms "
        f"(**{result['init_ratio_pyc']:.2f}x**) | {ms['init/source']:.0f} ms ({result['init_ratio_source']:.2f}x) |",
        f"| init + first request (`tools/list`: the app is built) | {ms['first/pyc']:.0f} ms "
        f"({result['first_request_ratio_pyc']:.2f}x) | {ms['first/source']:.0f} ms "
        f"({result['first_request_ratio_source']:.2f}x) |",
        f"| then a `search_tools` call (snapshot loaded) | {ms['search/pyc']:.0f} ms | {ms['search/source']:.0f} ms |",
    ]
    return "\n".join(lines)


def write(path: Path, text: str) -> None:
    document = path.read_text(encoding="utf-8")
    block = f"{MARK_BEGIN}\n{text}\n{MARK_END}"
    pattern = re.compile(re.escape(MARK_BEGIN) + ".*?" + re.escape(MARK_END), re.S)
    if not pattern.search(document):
        raise SystemExit(f"{path} has no {MARK_BEGIN} ... {MARK_END} block to fill")
    path.write_text(pattern.sub(lambda _: block, document), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--write", type=Path, help="replace the cold-start block of this file (docs/aws.md)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = run(args.rounds)
    print(json.dumps(result, indent=2) if args.json else table(result))
    if args.write:
        write(args.write if args.write.is_absolute() else REPO / args.write, table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
