# make run   installs into .venv, then serves the demo org on http://127.0.0.1:8765/mcp
# make test  installs into .venv, then runs lint, type checks and every test (the e2e client tests
#            install tests/e2e/node and .venv-mcp1 themselves, again only when their pins change)
# make bench also installs the bench extra (torch CPU, BM25, the MiniLM model), then measures search on
#            ../shared/data and rewrites docs/benchmarks.md
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
BENCH_STAMP := $(VENV)/.bench-stamp

.PHONY: install run test lint typecheck unit bench template clean

$(STAMP): pyproject.toml
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

test: lint typecheck
	$(BIN)/pytest

unit: $(STAMP)
	$(BIN)/pytest tests/unit -q

# torch first, pinned: the CPU build this machine keeps on disk; unpinned, pip would fetch a CUDA build.
$(BENCH_STAMP): $(STAMP) pyproject.toml
	$(BIN)/python -m pip install --quiet --disable-pip-version-check 'torch==2.13.0'
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev,local,bench]'
	@touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	HF_HUB_OFFLINE=1 $(BIN)/python -m bench --data ../shared/data --out docs/benchmarks.md

clean:
	rm -rf $(VENV) .venv-mcp1 tests/e2e/node/node_modules .cardamom .pytest_cache .mypy_cache .ruff_cache

# Snapshots at 10,000 tools on the AWS backend (moto's server, started by the script):
# size, build, load-and-deserialise, per-request store calls. Figures: docs/aws.md.
.PHONY: bench-snapshots
bench-snapshots: $(STAMP)
	$(BIN)/python -m bench.snapshots --tools 10000
