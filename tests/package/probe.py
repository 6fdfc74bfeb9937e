"""Run inside the installed package (a clean venv, or sam build's layer and function): never
imported by the test suite itself. Reads a JSON request on stdin, prints one JSON answer.

Imports every module under ``cardamom.entrypoints`` (the Lambda handlers build their objects
at import, from the environment), then hands each event to the MCP handler with a fake Lambda
context, as the Lambda runtime would. Also reports where each module came from and which
dev-only packages are importable (none should be).
"""

import importlib
import importlib.util
import json
import pkgutil
import sys


class Context:
    function_name = "cardamom-McpFunction-probe"
    function_version = "$LATEST"
    memory_limit_in_mb = 1024
    invoked_function_arn = "arn:aws:lambda:us-east-1:123456789012:function:cardamom-McpFunction-probe"
    aws_request_id = "00000000-0000-4000-8000-000000000001"
    log_group_name = "/aws/lambda/cardamom-McpFunction-probe"
    log_stream_name = "probe"

    def get_remaining_time_in_millis(self) -> int:
        return 29_000


def main() -> None:
    request = json.loads(sys.stdin.read())
    sys.path[:0] = request.get("path", [])
    import cardamom.entrypoints as package

    modules = sorted(info.name for info in pkgutil.walk_packages(package.__path__, "cardamom.entrypoints."))
    files = {name: importlib.import_module(name).__file__ for name in modules}
    handler = importlib.import_module("cardamom.entrypoints.lambda_mcp").handler
    answers = [handler(event, Context()) for event in request["events"]]
    absent = {name: importlib.util.find_spec(name) is None for name in request.get("absent", [])}
    print(json.dumps({"modules": files, "answers": answers, "absent": absent, "python": list(sys.version_info[:2])}))


main()
