# On a fresh machine with only python3: `make demo` or `make test` set everything up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup demo test test-deep lint typecheck pytest prove bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

demo: setup
	$(BIN)/perceptron-ref demo

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: setup
	$(BIN)/mypy --strict reference proofs tests

pytest: setup
	HYPOTHESIS_PROFILE=ci $(BIN)/pytest

prove: setup
	$(BIN)/perceptron-ref prove

test: lint typecheck pytest prove

test-deep: setup
	HYPOTHESIS_PROFILE=deep $(BIN)/pytest -m "slow or not slow"

# The fast engine against the literal reference and scikit-learn (issue 6): a table, out/bench.png.
bench: setup
	$(BIN)/python -m perceptron_ref.benchmark

clean:
	rm -rf $(VENV) build *.egg-info reference/*.egg-info
