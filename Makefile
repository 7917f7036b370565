# Two entry points, both self-installing into .venv: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
ARGS   ?=

.PHONY: demo test check lint bench docs system-deps clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,docs]'
	touch $(STAMP)

## run the bundled Čačak tournament, compressed (ARGS="--speed 120" to change)
demo: $(STAMP)
	$(BIN)/live demo $(ARGS)

## the whole test suite: lint, types, unit, contract, integration and browser tests, and the docs' strict build
test: $(STAMP) system-deps
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/mypy --platform win32
	$(BIN)/mypy --platform darwin
	$(BIN)/lint-imports --no-cache
	$(BIN)/pytest -q $(ARGS)

## the fast loop (a few minutes): lint, types, import contracts, the unit tests on every core, the pages' modules
check: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/mypy --platform win32
	$(BIN)/mypy --platform darwin
	$(BIN)/lint-imports --no-cache
	$(BIN)/pytest -q -n auto tests/unit
	node --test tests/pages/

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/mypy --platform win32
	$(BIN)/mypy --platform darwin
	$(BIN)/lint-imports --no-cache

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
	rm -rf $(VENV) .pytest_cache .ruff_cache tests/artifacts site
