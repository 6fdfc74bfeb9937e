# make run   installs into .venv, then serves the demo org on http://127.0.0.1:8765/mcp
# make test  installs into .venv, then runs lint, type checks and every test
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

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

clean:
	rm -rf $(VENV) .cardamom .pytest_cache .mypy_cache .ruff_cache
