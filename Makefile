# The two commands of the README: `make site` and `make test`. Both set everything up first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
PORT ?= 8000
export NO_MKDOCS_2_WARNING := 1

.PHONY: test site build lint typecheck unit bench exports clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[docs,test]'
	touch $(STAMP)

test: $(STAMP) lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check reversis scripts tests
	$(BIN)/ruff format --check reversis scripts tests

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -q

build: $(STAMP)
	$(BIN)/mkdocs build --strict

site: build
	@echo "Serving the site on http://127.0.0.1:$(PORT)/"
	$(BIN)/python -m http.server $(PORT) --bind 127.0.0.1 --directory site

exports: $(STAMP)
	$(BIN)/python scripts/build_corpus_exports.py

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python scripts/bench.py

clean:
	rm -rf $(VENV) site .pytest_cache .mypy_cache .ruff_cache .hypothesis
