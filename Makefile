# leafpile: `make run` and `make test` do all the set-up on a fresh machine.
VENV    ?= .venv
PYTHON  ?= python3
PY      := $(VENV)/bin/python
STAMP   := $(VENV)/.installed
PYTEST_WORKERS ?= 2

.PHONY: run test install lint typecheck unit clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

run: install
	$(VENV)/bin/leafpile play autumn --seats me,random

lint: install
	$(VENV)/bin/ruff check src tests benchmarks

typecheck: install
	$(VENV)/bin/mypy

unit: install
	$(PY) -m pytest -n $(PYTEST_WORKERS) -p no:cacheprovider

test: lint typecheck unit

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
