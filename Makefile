# On a fresh machine with only python3: `make demo` or `make test` set everything up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup demo test test-deep lint typecheck pytest prove extract bench wheels platforms mutation clean

# System tools (Debian packages): bubblewrap for the candidates' sandbox, coq for the proof
# kernel, ocaml's native compiler for the program extracted from the Coq definitions, a C
# compiler for the float pass's C loops (setup.py: an optional extension, which the tests
# require built).  As root (CI) they are installed with apt-get; otherwise one line says how.
SYSTEM_TOOLS := bwrap:bubblewrap coqc:coq ocamlopt:ocaml cc:gcc

$(STAMP): pyproject.toml setup.py reference/perceptron_ref/engine/_native.c
	@missing=""; for t in $(SYSTEM_TOOLS); do command -v $${t%%:*} >/dev/null || \
	    missing="$$missing $${t#*:}"; done; \
	if [ -n "$$missing" ]; then \
	    if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	        echo "installing$$missing (apt-get)"; \
	        export DEBIAN_FRONTEND=noninteractive; \
	        apt-get install -y -q --no-install-recommends $$missing >/dev/null || \
	        { apt-get update -q >/dev/null && \
	          apt-get install -y -q --no-install-recommends $$missing >/dev/null; } || exit 1; \
	    else \
	        echo "perceptron-ref: missing$$missing: install with 'sudo apt-get install$$missing'"; \
	    fi; \
	fi
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[all,dev]'
	touch $(STAMP)

setup: $(STAMP)

demo: setup
	$(BIN)/perceptron-ref demo

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: setup
	$(BIN)/mypy --strict reference proofs tests

# On every core (pytest-xdist): the suite is hours of sandboxed runs in one process, under
# 40 minutes on 2 cores; the `ci` Hypothesis profile is derandomized, so the split changes nothing.
PYTEST_WORKERS ?= auto
pytest: setup
	HYPOTHESIS_PROFILE=ci $(BIN)/pytest -n $(PYTEST_WORKERS) --durations=25

# Every theorem: steps, twins, chains, spec, witnesses, and the Coq kernel on the files it
# writes to out/coq (kept for inspection: coqc's .vo files beside each .v).
prove: setup
	$(BIN)/perceptron-ref prove --coq out/coq

# The algorithms as Coq definitions (proofs/coq/, issue 29): coqc checks every file, the
# definitions and the theorems about them, and the definitions extracted to OCaml are linked
# into out/coq/definitions/perceptron-ref-coq, which tests/test_coq_extraction.py runs against
# the Python reference (it builds the same way when run alone; an unchanged build is kept, so
# the tests and `make prove` reuse this one).
extract: setup
	$(BIN)/python -m perceptron_ref_proofs._coq_defs out/coq/definitions

test: lint typecheck extract pytest prove

# The deep run (issue 7): every test, the `slow` ones too, under Hypothesis's `deep` profile
# (tests/conftest.py: DEEP_EXAMPLES = 500 examples a property, not derandomized), on both
# cores (pytest-xdist).  Budget: DEEP_BUDGET on 2 cores; a run over it is stopped and fails.
# CI (`make test`) keeps the fast, derandomized `ci` profile.
DEEP_BUDGET := 30m
DEEP_WORKERS ?= 2
test-deep: setup
	HYPOTHESIS_PROFILE=deep timeout $(DEEP_BUDGET) $(BIN)/pytest -n $(DEEP_WORKERS) \
	    -m "slow or not slow" --durations=10 || { status=$$?; test $$status -ne 124 || \
	    echo "make test-deep: stopped, over its budget of $(DEEP_BUDGET)"; exit $$status; }

# The fast engine against the literal reference and scikit-learn (issue 6): a table, out/bench.png.
bench: setup
	$(BIN)/python -m perceptron_ref.benchmark

# What a release publishes (issue 30), in $(DIST): the sdist, and built from it one wheel per
# CPython in $(PYTHONS) (each of python3.10 to python3.13 that runs here, unless named), each
# holding the C loops, so that no install from them needs a C compiler.  auditwheel checks that
# a wheel needs nothing from the system that manylinux2014 (glibc 2.17) does not promise, and
# tags it so (a wheel without its C loops is refused).  The same sources give the same wheels,
# byte for byte (SOURCE_DATE_EPOCH; the .so stripped); the sdist's gzip header holds the time.
DIST ?= dist
PYTHONS ?= $(shell for v in 10 11 12 13; do python3.$$v -c '' </dev/null 2>/dev/null && \
    echo python3.$$v; done; true)
wheels: export SOURCE_DATE_EPOCH := 315532800
wheels: setup
	@test -n "$(PYTHONS)" || { echo "make wheels: no python3.10 to python3.13 here: PYTHONS=..."; exit 2; }
	rm -rf $(DIST)/.work && mkdir -p $(DIST)/.work/src && rm -f $(DIST)/perceptron_ref-*
	$(BIN)/python -c 'import sys, pathlib; from perceptron_ref.grading.gradescope import sources; \
	    sources(pathlib.Path(sys.argv[1]))' $(DIST)/.work/src
	$(BIN)/python -m build --sdist --outdir $(DIST) $(DIST)/.work/src >/dev/null
	for py in $(PYTHONS); do $$py -m pip wheel --quiet --no-deps --disable-pip-version-check \
	    --wheel-dir $(DIST)/.work $(DIST)/perceptron_ref-*.tar.gz || exit 1; done
	for wheel in $(DIST)/.work/*.whl; do PATH="$(abspath $(BIN)):$$PATH" $(BIN)/auditwheel \
	    repair --strip --plat manylinux_2_17_$$(uname -m) --wheel-dir $(DIST) $$wheel || exit 1; done
	rm -rf $(DIST)/.work
	ls $(DIST)

# The autograders on the platforms' real images (issue 24): bare roots made by debootstrap
# (Ubuntu 22.04 and 24.04 for Gradescope, Debian 13 for PrairieLearn's Dockerfile, Ubuntu 20.04
# to be refused), cached in out/platforms/roots; setup.sh or the Dockerfile's steps, then a
# right, a wrong and a hostile hand-in graded in each (tests/platforms.py).  As root.
PLATFORMS ?=
platforms: setup
	$(BIN)/python -m tests.platforms $(if $(PLATFORMS),--only $(PLATFORMS))

# Mutation testing (issue 7): mutmut over reference/perceptron_ref/ (scope: [tool.mutmut]).  It runs
# in out/mutation/work, whose `src` links to reference/ (mutmut imports mutants/src first, and
# PYTHONPATH gives the mutated copy to the CLI tests' subprocesses too); the
# database-free, derandomized `ci` Hypothesis profile keeps each verdict reproducible.  Only some
# mutants: `make mutation MUTANTS='perceptron_ref.bounds*'`.  Results are cached between runs.
# Writes out/mutation/survivors.txt and prints the score (tests/mutation_score.py).
MUTATION := out/mutation/work
MUTANTS ?=
mutation: setup
	mkdir -p $(MUTATION)/mutants/src  # before Python starts: a missing PYTHONPATH entry is skipped
	cd $(MUTATION) && for f in src:reference reference tests spec proofs pyproject.toml \
	    CITATION.cff README.md; do ln -sfn ../../../$${f#*:} $${f%%:*}; done && ln -sfn ../../../../shared shared
	set -f && cd $(MUTATION) && HYPOTHESIS_PROFILE=ci PYTHONPATH=$(CURDIR)/$(MUTATION)/mutants/src \
	    $(CURDIR)/$(BIN)/mutmut run --max-children $${MUTMUT_CHILDREN:-1} $(MUTANTS)
	cd $(MUTATION) && $(CURDIR)/$(BIN)/python $(CURDIR)/tests/mutation_score.py \
	    --survivors $(CURDIR)/out/mutation/survivors.txt

clean:
	rm -rf $(VENV) build dist *.egg-info reference/*.egg-info
