# Two commands for a new user: `make run` and `make test`. Both bootstrap .venv on first use.
# `make run` installs only what the service needs (pip install -e .); `make test` adds the
# test tools (pip install -e '.[test]'). One stamp file each, so switching either way works:
# the test install covers the service, and a change to pyproject.toml redoes both. Both install
# the game packages served by default beside the service (plugins/*: Hearts).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test

.PHONY: install install-run run test lint format openapi examples clients bench plots docs docs-serve clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

PLUGINS := plugins/hearts

$(RUN_STAMP): pyproject.toml $(PLUGINS:=/pyproject.toml) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e . $(PLUGINS:%=-e %)
	touch $(RUN_STAMP)

# The tests also drive the generated Python client (clients/python) and its generator.
$(TEST_STAMP): pyproject.toml clients/python/pyproject.toml $(PLUGINS:=/pyproject.toml) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,clients]' -e clients/python $(PLUGINS:%=-e %)
	touch $(RUN_STAMP) $(TEST_STAMP)

install: $(TEST_STAMP)      # everything, for development (the service and the test tools)

install-run: $(RUN_STAMP)   # the service only

run: $(RUN_STAMP)
	$(BIN)/gamestate serve

test: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest

lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(TEST_STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

openapi: $(RUN_STAMP)
	$(BIN)/gamestate openapi --output openapi/openapi.json

# service/api/examples.json: the document's request-body examples, from games played here.
examples: $(TEST_STAMP)
	$(BIN)/python -m tests.api.make_examples

# The committed clients (clients/python, clients/typescript/src) from openapi/openapi.json;
# the TypeScript generator needs node and npm (npm ci installs the pinned versions).
clients: $(TEST_STAMP)
	cd clients/typescript && npm ci --no-audit --no-fund
	$(BIN)/python clients/generate.py

bench: $(TEST_STAMP)
	$(BIN)/python -m bench --short

# bench/plots/*.png and bench/plots/soak.md from bench/results/*.jsonl (bench/README.md shows them).
plots: $(TEST_STAMP)
	$(BIN)/python -m bench.plots

# The guide as a site (mkdocs.yml): built into build/site/ with warnings as errors, as CI does
# (tests/docs/test_site.py), or served with live reload on a port beside the service's 8000.
# NO_MKDOCS_2_WARNING: Material's start-up banner about its end of life, not a build warning.
docs: $(TEST_STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict
docs-serve: $(TEST_STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve --dev-addr 127.0.0.1:8001

clean:
	rm -rf $(VENV) .data build *.egg-info
