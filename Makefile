# Two commands for a new user: `make run` and `make test`. Both bootstrap .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: install run test lint format openapi examples clients bench clean

$(STAMP): pyproject.toml clients/python/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,clients]' -e clients/python
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/gamestate serve

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

openapi: $(STAMP)
	$(BIN)/gamestate openapi --output openapi/openapi.json

# service/api/examples.json: the document's request-body examples, from games played here.
examples: $(STAMP)
	$(BIN)/python -m tests.api.make_examples

# The committed clients (clients/python, clients/typescript/src) from openapi/openapi.json;
# the TypeScript generator needs node and npm (npm ci installs the pinned versions).
clients: $(STAMP)
	cd clients/typescript && npm ci --no-audit --no-fund
	$(BIN)/python clients/generate.py

bench: $(STAMP)
	$(BIN)/python -m bench --short

clean:
	rm -rf $(VENV) .data build *.egg-info
