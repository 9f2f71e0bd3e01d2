# leafpile: `make run` and `make test` do all the set-up on a fresh machine.
VENV    ?= .venv
PYTHON  ?= python3
PY      := $(VENV)/bin/python
# What `make run` needs (leafpile and the server's packages), and what the tests add to it
# (pytest, mypy, ruff, Playwright, and the research extra: OpenSpiel, PettingZoo, Ray...).
SERVE_STAMP := $(VENV)/.installed-serve
STAMP   := $(VENV)/.installed
PYTEST_WORKERS ?= 2
PIP     := $(PY) -m pip install --progress-bar off --disable-pip-version-check

.PHONY: run test install install-serve install-learn lint lint-js format-js typecheck unit clean system-deps messages

$(VENV)/bin/python:
	@echo "== creating the virtual environment $(VENV)"
	$(PYTHON) -m venv $(VENV)

$(SERVE_STAMP): pyproject.toml | $(VENV)/bin/python
	@echo "== installing leafpile and what serving needs into $(VENV) (once; a minute or two)"
	$(PIP) -e .
	touch $(SERVE_STAMP)

$(STAMP): pyproject.toml $(SERVE_STAMP)
	@echo "== installing what the tests need: test tools and the research extra (once; a few minutes)"
	$(PIP) -e '.[test,research]'
	touch $(STAMP)

install-serve: $(SERVE_STAMP)
install: $(STAMP)

# The learning example's extra (PyTorch, sb3-contrib): torch 2.13.0 first, the CPU build this
# machine keeps (a plain `torch` would bring a CUDA build of several GB), then the rest.
install-learn: $(STAMP)
	$(PIP) torch==2.13.0
	$(PIP) -e '.[learn]'

# Prettier and ESLint for the browser code, exactly the versions of package-lock.json (npm ci;
# node and npm come from scripts/install-system-deps.sh when missing).
NODE_STAMP := node_modules/.installed
$(NODE_STAMP): package.json package-lock.json
	bash scripts/install-system-deps.sh
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

lint-js: $(NODE_STAMP)
	npx --no-install prettier --check --log-level warn .
	npx --no-install eslint .

# Rewrite the browser code in Prettier's style and apply ESLint's safe fixes.
format-js: $(NODE_STAMP)
	npx --no-install prettier --write --log-level warn .
	npx --no-install eslint --fix .

# The web platform on http://127.0.0.1:8000 with an embedded SQLite database (leafpile.db).
# Ctrl-C stops it.
run: install-serve
	@echo "== serving on http://127.0.0.1:8000 (Ctrl-C stops the server)"
	$(VENV)/bin/leafpile serve --host 127.0.0.1 --port 8000

# Debian's chromium + chromium-driver and postgresql for the browser and PostgreSQL tests
# (installed only when missing, and only as root).
system-deps:
	bash scripts/install-system-deps.sh

lint: install
	$(VENV)/bin/ruff check src tests benchmarks

typecheck: install
	$(VENV)/bin/mypy

# The whole suite, with a throwaway PostgreSQL server for the server tests (LEAFPILE_TEST_PG).
unit: install system-deps
	bash scripts/with-postgres.sh $(PY) -m pytest -n $(PYTEST_WORKERS) -p no:cacheprovider

test: lint lint-js typecheck unit

# Bring the French and Russian catalogs up to date with the messages the code uses (new ids
# get an empty translation; the tests fail until someone translates them).
messages: install
	$(PY) -m leafpile.i18n.extract

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
