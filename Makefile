# make run   installs into .venv, then serves the demo org on http://127.0.0.1:8765/mcp
# make test  installs into .venv, then runs lint, type checks and every test (the e2e client tests
#            install tests/e2e/node and .venv-mcp1 themselves, again only when their pins change)
# make bench installs the bench extra (torch CPU, BM25, the MiniLM model) into .venv-bench, then measures
#            search on ../shared/data and rewrites docs/benchmarks.md
# make bench-cold measures the MCP function's cold start on the installed wheel (docs/aws.md)
# The Lambda runtime's Python (python3.13 in template.yaml) when pyenv or PATH has it, else python3.
PYTHON ?= $(shell for p in "$$(pyenv root 2>/dev/null || echo $$HOME/.pyenv)"/versions/3.13*/bin/python3.13; do \
	test -x "$$p" && echo "$$p" && exit; done; command -v python3.13 || echo python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
# The bench's own venv, on python3 (3.11): the CPU build of torch this machine keeps on disk is for 3.11.
BENCH_PYTHON ?= python3
BENCH_VENV := .venv-bench
BENCH_STAMP := $(BENCH_VENV)/.bench-stamp

.PHONY: install run test lint typecheck unit bench template clean reliability

# A .venv on another Python minor than $(PYTHON) (an older checkout's) is rebuilt.
$(STAMP): pyproject.toml Makefile
	@if test -x $(BIN)/python && test "$$($(BIN)/python -c 'import sys; print(sys.version_info[:2])')" != \
		"$$($(PYTHON) -c 'import sys; print(sys.version_info[:2])')"; then echo "rebuilding $(VENV) on $(PYTHON)"; rm -rf $(VENV); fi
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev,local]'
	@touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/cardamom demo

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy --strict src

# sam-tools: the package check also runs on `sam build`'s output, and `sam validate --lint`.
test: lint typecheck sam-tools
	$(BIN)/pytest

unit: $(STAMP)
	$(BIN)/pytest tests/unit -q

# The reliability suite in full (make test runs it reduced): 10,000 rejected and 10,000 mixed
# requests over HTTP, 3,000 malformed Lambda events, fault injection on DynamoDB, S3 and
# Secrets Manager, SIGKILL mid-burst, concurrent writers, a 10-minute soak on loopback.
# The figures are printed at the end; docs/reliability.md records them.
reliability: $(STAMP)
	CARDAMOM_RELIABILITY=full $(BIN)/pytest tests/reliability -q

# torch first, pinned: the CPU build this machine keeps on disk; unpinned, pip would fetch a CUDA build.
$(BENCH_STAMP): pyproject.toml
	@test -x $(BENCH_VENV)/bin/python || $(BENCH_PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install --quiet --disable-pip-version-check 'torch==2.13.0'
	$(BENCH_VENV)/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev,local,bench]'
	@touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	HF_HUB_OFFLINE=1 $(BENCH_VENV)/bin/python -m bench --data ../shared/data --out docs/benchmarks.md

clean:
	rm -rf $(VENV) $(BENCH_VENV) .venv-mcp1 tests/e2e/node/node_modules .cardamom .pytest_cache .mypy_cache .ruff_cache

# Snapshots at 10,000 tools on the AWS backend (moto's server, started by the script):
# size, build, load-and-deserialise, per-request store calls. Figures: docs/aws.md.
.PHONY: bench-snapshots bench-cold
bench-snapshots: $(STAMP)
	$(BIN)/python -m bench.snapshots --tools 10000

# The MCP function's cold start on the package as AWS gets it (the wheel alone, Python 3.13):
# init and first request against `import boto3` + two clients, with and without .pyc. Writes docs/aws.md.
bench-cold: $(STAMP)
	$(BIN)/python -m bench.cold_start --write docs/aws.md

# ---- sam build (BuildMethod: makefile in template.yaml) ------------------------------------------
# The layer: the runtime dependencies as wheels for the functions' platform (arm64 by default; the
# package check builds for this machine's), then every module compiled to .pyc with the runtime's
# Python, checked by hash rather than by mtime (Lambda's files carry the zip's mtimes), so no cold
# start compiles 1,400 files. The functions: the cardamom package, compiled the same way. sam build
# runs these in a scratch copy of the resource's ContentUri/CodeUri (layers/dependencies/, src/).
LAYER_PLATFORM ?= manylinux2014_aarch64
COMPILE = $(PYTHON) -m compileall -q -j 0 --invalidation-mode unchecked-hash

.PHONY: build-DependenciesLayer build-McpFunction build-RebuildFunction build-AuditFunction sam-tools

build-DependenciesLayer:
	$(PYTHON) -m pip install --quiet --disable-pip-version-check --no-compile --only-binary=:all: \
		--platform $(LAYER_PLATFORM) --implementation cp --python-version 3.13 \
		--target "$(ARTIFACTS_DIR)/python" -r requirements.txt
	$(COMPILE) "$(ARTIFACTS_DIR)/python"

build-McpFunction build-RebuildFunction build-AuditFunction:
	mkdir -p "$(ARTIFACTS_DIR)"
	cp -R cardamom "$(ARTIFACTS_DIR)/cardamom"
	find "$(ARTIFACTS_DIR)/cardamom" -name __pycache__ -type d -prune -exec rm -rf {} +
	$(COMPILE) "$(ARTIFACTS_DIR)/cardamom"

# The SAM CLI (sam build, sam validate --lint) in a venv of its own: the package check and the
# template tests use it where it is installed.
SAM_VENV := $(VENV)/sam
sam-tools: $(SAM_VENV)/bin/sam
$(SAM_VENV)/bin/sam: | $(STAMP)
	$(PYTHON) -m venv $(SAM_VENV)
	$(SAM_VENV)/bin/python -m pip install --quiet --disable-pip-version-check aws-sam-cli
