# Two entry points, both self-installing into .venv: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
#: TypeScript's checker for the pages' JSDoc types, the one npm package (package.json); nothing is built with it.
NODE_STAMP := node_modules/.installed
TSC    := node_modules/.bin/tsc
ARGS   ?=

.PHONY: demo test check lint types-js schema bench docs system-deps clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,docs]'
	touch $(STAMP)

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

## run the bundled Čačak tournament, compressed (ARGS="--speed 120" to change)
demo: $(STAMP)
	$(BIN)/live demo $(ARGS)

## the whole test suite: lint, types (the pages' too), unit, contract, integration and browser tests, and the docs' strict build
test: $(STAMP) $(NODE_STAMP) system-deps
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/mypy --platform win32
	$(BIN)/mypy --platform darwin
	$(BIN)/lint-imports --no-cache
	$(TSC) --noEmit -p jsconfig.json
	$(BIN)/pytest -q $(ARGS)

## the fast loop (a few minutes): lint, types (the pages' too), import contracts, the unit tests on every core, the pages' modules
check: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/mypy --platform win32
	$(BIN)/mypy --platform darwin
	$(BIN)/lint-imports --no-cache
	$(TSC) --noEmit -p jsconfig.json
	$(BIN)/pytest -q -n auto tests/unit
	node --test tests/pages/

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/mypy --platform win32
	$(BIN)/mypy --platform darwin
	$(BIN)/lint-imports --no-cache

## the pages' JSDoc types (`// @ts-check`) under TypeScript's checker, as jsconfig.json says (docs/contributing.md)
types-js: $(NODE_STAMP)
	$(TSC) --noEmit -p jsconfig.json

## the sections' JSON Schema from live/projections/wire.py, and the pages' types from the schema (types/sections.d.ts)
schema: $(STAMP)
	$(BIN)/python -m live.projections.wire > docs/sections.schema.json
	node tests/pages/sections-dts.mjs --write

bench: $(STAMP)
	$(BIN)/python bench/signals.py
	$(BIN)/python bench/fanout.py
	$(BIN)/python bench/abuse.py

## the documentation site (docs/, mkdocs.yml) into site/, strict: a broken link or anchor fails
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir site

## redis-server, chromium and nginx, which the tests start themselves
system-deps:
	@bash tests/system-deps.sh

clean:
	rm -rf $(VENV) node_modules .pytest_cache .ruff_cache tests/artifacts site
