"""Translation validation (issue 29): the program extracted from the Coq definitions
(``proofs/coq/``) makes the Python reference's trace, step for step — every score,
prediction, mistake and w, the status, the epochs, the final w — on every test vector of
``spec/vectors/`` for the algorithms defined in Coq, on a seeded campaign that covers every
case the issue names, and on Hypothesis-generated data.  A tie rule mutated in the Python
reference, or in the Coq definition, is caught.

The theorems of ``proofs/coq/`` are about the very definitions extracted here: this test is
what ties them to the code users run.  Independent facts: the vectors' expected traces
(committed JSON), the Python reference, and the extracted program must all agree.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perceptron_ref import registry, run
from perceptron_ref.algorithm import Algorithm
from perceptron_ref.inputs import Epochs
from perceptron_ref.limits import MAX_BITS
from perceptron_ref.literal import run_literal
from perceptron_ref.perceptron import blum, gormley_batch, gormley_online, mehta, press, ssbd
from perceptron_ref.trace import Trace
from perceptron_ref_proofs._coq_defs import EXTRACTION, PROGRAM, SOURCES, BuildError, build

ROOT = Path(__file__).resolve().parent.parent
VECTORS = ROOT / "spec" / "vectors"
BUILD = ROOT / "out" / "coq" / "definitions"  # where `make extract` builds

PERCEPTRONS = registry.PERCEPTRONS
WINNOWS = ("winnow/disjunction", "winnow/k-of-r", "winnow/ltf")
UNDERLYING = {
    "perceptron/voted": "perceptron/gormley-online",
    "perceptron/averaged": "perceptron/gormley-online",
}
"""Voted and averaged perceptrons run Gormley's online perceptron and add a vote or an
average, which are not defined in Coq: their vectors' steps and totals are its trace."""

NOT_IN_COQ = ("perceptron/kernel", "perceptron/structured", "halving/cover")
FUEL = 100_000
"""The extracted program's cap on passes where the reference has none (no run of this file
comes near it: a run that reached it would end max_epochs, and the traces would differ)."""


@dataclass(frozen=True)
class Run:
    algorithm: str
    X: tuple[tuple[Fraction, ...], ...]
    y: tuple[int, ...]
    bias: bool = False
    eta: Fraction = Fraction(1)
    epochs: Epochs = 1
    max_epochs: int | None = None
    k: int | None = None
    epsilon: Fraction | None = None

    def coq_input(self) -> str:
        batch = self.algorithm in ("perceptron/gormley-batch", "perceptron/press")
        lines = [f"run {self.algorithm}", f"bias {str(self.bias).lower()}", f"eta {self.eta}"]
        lines.append("epochs converge" if batch else f"epochs {self.epochs}")
        lines.append(f"fuel {FUEL if self.max_epochs is None else self.max_epochs}")
        if self.k is not None:
            lines.append(f"k {self.k}")
        if self.epsilon is not None:
            lines.append(f"epsilon {self.epsilon}")
        lines += [
            f"example {t} " + " ".join(map(str, x)) for x, t in zip(self.X, self.y, strict=True)
        ]
        return "\n".join([*lines, "end", ""])

    def python(self) -> Trace:
        batch = self.algorithm in ("perceptron/gormley-batch", "perceptron/press")
        options: dict[str, Any] = {"k": self.k} if self.k is not None else {}
        if self.epsilon is not None:
            options["epsilon"] = self.epsilon
        return run(
            self.algorithm,
            self.X,
            self.y,
            bias=self.bias,
            eta=self.eta,
            epochs=1 if batch else self.epochs,
            max_epochs=self.max_epochs,
            **options,
        )


def lines_of(trace: Trace) -> list[str]:
    """A Python trace in the extracted program's output format."""
    out = [
        f"step {s.epoch} {s.index} {s.score} {s.prediction} {s.label} {int(s.mistake)} "
        + " ".join(map(str, s.weights))
        for s in trace.steps
    ]
    cycle = "" if trace.cycle is None else f" {trace.cycle[0]} {trace.cycle[1]}"
    return [
        *out,
        f"status {trace.status}{cycle}",
        f"mistakes {trace.mistakes}",
        f"epochs {trace.epochs}",
        "weights " + " ".join(map(str, trace.weights)),
    ]


def expected_lines(test: dict[str, Any]) -> list[str]:
    """A test vector's expected trace in the same format."""
    result = test["result"]
    out = [
        f"step {s['epoch']} {s['index']} {s['score']} {s['prediction']} {s['label']} "
        f"{int(s['mistake'])} " + " ".join(s["weights"])
        for s in test["steps"]
    ]
    cycle = "" if result["cycle"] is None else " {} {}".format(*result["cycle"])
    return [
        *out,
        f"status {result['status']}{cycle}",
        f"mistakes {result['mistakes']}",
        f"epochs {result['epochs']}",
        "weights " + " ".join(result["weights"]),
    ]


def run_coq(program: Path, runs: Sequence[Run]) -> list[list[str]]:
    """The extracted program's trace of each run (one process for them all)."""
    done = subprocess.run(
        [str(program)],
        input="".join(r.coq_input() for r in runs),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    blocks = done.stdout.split("end\n")
    assert blocks[-1] == "", done.stdout[-200:]
    return [block.splitlines() for block in blocks[:-1]]


@pytest.fixture(scope="module")
def program() -> Path:
    """The program extracted from the Coq definitions, built as `make extract` builds it."""
    assert shutil.which("coqc"), "coqc is missing: sudo apt-get install coq (make setup does)"
    assert shutil.which("ocamlopt"), "ocamlopt is missing: sudo apt-get install ocaml"
    return Path(build(BUILD))


def vector_runs(algorithm: str) -> Iterator[tuple[Run, dict[str, Any]]]:
    data = json.loads((VECTORS / f"{algorithm}.json").read_text(encoding="utf-8"))
    for group in data["testGroups"]:
        for test in group["tests"]:
            yield (
                Run(
                    UNDERLYING.get(algorithm, algorithm),
                    tuple(tuple(map(Fraction, x)) for x in test["X"]),
                    tuple(test["y"]),
                    bias=group["bias"],
                    eta=Fraction(group["eta"]),
                    epochs=group["epochs"] if group["epochs"] is not None else 1,
                    max_epochs=group["maxEpochs"],
                ),
                test,
            )


VECTOR_FILES = sorted(
    p.relative_to(VECTORS).with_suffix("").as_posix() for p in VECTORS.glob("*/*.json")
)
IN_COQ = [a for a in VECTOR_FILES if a not in NOT_IN_COQ]


def test_every_vector_file_is_checked_or_named_as_not_defined_in_coq() -> None:
    assert set(VECTOR_FILES) == set(IN_COQ) | set(NOT_IN_COQ)
    assert set(PERCEPTRONS) | set(WINNOWS) <= set(IN_COQ)


@pytest.mark.parametrize("algorithm", IN_COQ)
def test_the_extracted_program_makes_every_vectors_trace(program: Path, algorithm: str) -> None:
    runs = list(vector_runs(algorithm))
    assert runs
    got = run_coq(program, [r for r, _ in runs])
    for (r, test), coq in zip(runs, got, strict=True):
        assert coq == expected_lines(test), f"{algorithm} tcId {test['tcId']}"
        if algorithm not in UNDERLYING:
            assert coq == lines_of(r.python()), f"{algorithm} tcId {test['tcId']}"


# ---------------------------------------------------------------------------------------------
# A seeded campaign: every case the issue names, shown to be covered.  Converging runs are
# capped here (a run on data neither separable nor cycling soon could take a million passes
# before the reference's repeat budget stops it); the vectors hold uncapped ones.

BIG = 2**64


def number(rng: random.Random) -> Fraction:
    kind = rng.random()
    if kind < 0.35:
        return Fraction(rng.randint(-2, 2))  # many zeros: zero scores, ties
    if kind < 0.7:
        return Fraction(rng.randint(-9, 9), rng.randint(1, 7))
    if kind < 0.85:
        return Fraction(rng.choice((-1, 1)) * (BIG + rng.randint(0, 10**6)))
    return Fraction(rng.randint(-(BIG * 3), BIG * 3), rng.randint(1, BIG * 2))


def campaign(seed: int, count: int) -> list[Run]:
    rng = random.Random(seed)
    runs = []
    for _ in range(count):
        algorithm = rng.choice([*PERCEPTRONS, *WINNOWS])
        d, n = rng.randint(1, 3), rng.randint(1, 6)
        epochs: Epochs = rng.choice((1, 2, 3, "converge", "converge"))
        max_epochs = rng.choice((1, 2, 4, 12)) if epochs == "converge" else None
        if algorithm in WINNOWS:
            X = tuple(tuple(Fraction(rng.randint(0, 1)) for _ in range(d)) for _ in range(n))
            eta = Fraction(1)
        else:
            X = tuple(tuple(number(rng) for _ in range(d)) for _ in range(n))
            eta = rng.choice((Fraction(1), Fraction(1, 3), Fraction(5, 2), Fraction(BIG + 1, 7)))
        if algorithm in ("perceptron/gormley-batch", "perceptron/press"):
            epochs, max_epochs = "converge", rng.choice((1, 3, 12))
        runs.append(
            Run(
                algorithm,
                X,
                tuple(rng.choice((-1, 1)) for _ in range(n)),
                bias=rng.random() < 0.5,
                eta=eta,
                epochs=epochs,
                max_epochs=max_epochs if epochs == "converge" else None,
                k=rng.randint(1, 3) if algorithm == "winnow/k-of-r" else None,
                epsilon=rng.choice((Fraction(1, 3), Fraction(2)))
                if algorithm == "winnow/ltf"
                else None,
            )
        )
    return runs


def test_a_seeded_campaign_covers_every_case_and_agrees_step_for_step(program: Path) -> None:
    runs = campaign(29, 400)
    traces = [r.python() for r in runs]
    got = run_coq(program, runs)
    for r, trace, coq in zip(runs, traces, got, strict=True):
        assert coq == lines_of(trace), r
    # What was covered: each tie rule met a zero score, and every other case of the issue.
    ties = {trace.algorithm for trace in traces if any(s.score == 0 for s in trace.steps)}
    assert set(PERCEPTRONS) <= ties
    numbers = [v for r in runs for x in r.X for v in x]
    assert any(v.denominator > 1 for v in numbers)
    assert any(abs(v.numerator) >= BIG for v in numbers)
    assert any(v.denominator >= BIG for v in numbers)
    assert {r.bias for r in runs} == {False, True}
    assert {t.status for t in traces} == {"online", "converged", "cycled", "max_epochs"}
    for a in (*PERCEPTRONS, *WINNOWS):
        assert {t.status for t in traces if t.algorithm == a} >= (
            {"converged", "cycled", "max_epochs"}
            if a in ("perceptron/gormley-batch", "perceptron/press")
            else {"online", "converged", "max_epochs"}
        ), a


# ---------------------------------------------------------------------------------------------
# Hypothesis: shrinking to a minimal disagreement.

numbers = st.one_of(
    st.integers(-2, 2).map(Fraction),
    st.fractions(min_value=-9, max_value=9, max_denominator=9),
    st.integers(BIG, BIG * 4).map(Fraction),
    st.integers(-BIG * 4, -BIG).map(Fraction),
    st.builds(Fraction, st.integers(-(BIG**2), BIG**2), st.integers(1, BIG**2)),
)


@st.composite
def runs(draw: st.DrawFn) -> Run:
    algorithm = draw(st.sampled_from([*PERCEPTRONS, *WINNOWS]))
    d = draw(st.integers(1, 3))
    n = draw(st.integers(1, 6))
    row = (
        st.tuples(*[st.integers(0, 1).map(Fraction)] * d)
        if algorithm in WINNOWS
        else st.tuples(*[numbers] * d)
    )
    X = tuple(draw(st.lists(row, min_size=n, max_size=n)))
    y = tuple(draw(st.lists(st.sampled_from((-1, 1)), min_size=n, max_size=n)))
    epochs: Epochs = draw(st.sampled_from((1, 2, "converge")))
    batch = algorithm in ("perceptron/gormley-batch", "perceptron/press")
    converging = batch or epochs == "converge"
    return Run(
        algorithm,
        X,
        y,
        bias=draw(st.booleans()),
        eta=Fraction(1)
        if algorithm in WINNOWS
        else draw(st.sampled_from((Fraction(1), Fraction(2, 3), Fraction(BIG + 3)))),
        epochs="converge" if batch else epochs,
        max_epochs=draw(st.sampled_from((1, 2, 5))) if converging else None,
        k=draw(st.integers(1, 3)) if algorithm == "winnow/k-of-r" else None,
        epsilon=draw(st.sampled_from((Fraction(1, 2), Fraction(3))))
        if algorithm == "winnow/ltf"
        else None,
    )


@given(runs())
def test_hypothesis_runs_agree_step_for_step(program: Path, r: Run) -> None:
    (coq,) = run_coq(program, [r])
    assert coq == lines_of(r.python())


# ---------------------------------------------------------------------------------------------
# Mutants: a tie rule changed in the Python reference, or in the Coq definition, is caught.

PYTHON_TIE_MUTANTS = [
    (blum, "prediction: Label = 1 if s > 0 else -1", "prediction: Label = 1 if s >= 0 else -1"),
    (mehta, "return 1 if z >= 0 else -1", "return 1 if z > 0 else -1"),
    (gormley_online, "mistake = y * s <= 0", "mistake = y * s < 0"),
    (gormley_batch, "return 1 if a >= 0 else -1", "return 1 if a > 0 else -1"),
    (
        press,
        "(y_i == -1 and s >= 0) or (y_i == 1 and s < 0)",
        "(y_i == -1 and s > 0) or (y_i == 1 and s <= 0)",
    ),
    (ssbd, "mistake = y_t * s <= 0", "mistake = y_t * s < 0"),
]


def mutant(module: ModuleType, old: str, new: str) -> Algorithm:
    """The module's algorithm with ``old`` replaced by ``new`` in its source."""
    source = Path(module.__file__ or "").read_text(encoding="utf-8")
    assert source.count(old) == 1, old
    namespace: dict[str, Any] = {"__name__": module.__name__ + "_mutant"}
    exec(compile(source.replace(old, new), module.__file__ or "", "exec"), namespace)
    algorithm: Algorithm = namespace["ALGORITHM"]
    return algorithm


def literal(algorithm: Algorithm, r: Run) -> Trace:
    batch = algorithm.kind == "batch"
    return run_literal(
        algorithm,
        r.X,
        r.y,
        bias=r.bias,
        eta=r.eta,
        epochs=1 if batch else r.epochs,
        max_epochs=r.max_epochs,
        record="full",
        max_bits=MAX_BITS,
    )


@pytest.mark.parametrize(
    ("module", "old", "new"), PYTHON_TIE_MUTANTS, ids=lambda v: getattr(v, "__name__", "")[-14:]
)
def test_a_python_tie_rule_mutant_is_caught(
    program: Path, module: ModuleType, old: str, new: str
) -> None:
    algorithm = mutant(module, old, new)
    runs = [r for r, _ in vector_runs(algorithm.id)]
    got = run_coq(program, runs)
    assert all(
        coq == lines_of(literal(module.ALGORITHM, r)) for r, coq in zip(runs, got, strict=True)
    )
    assert any(coq != lines_of(literal(algorithm, r)) for r, coq in zip(runs, got, strict=True))


COQ_TIE_MUTANTS = [
    ("perceptron/blum", "| tie_negative => neg", "| tie_negative => pos"),
    ("perceptron/mehta", "| tie_positive => pos", "| tie_positive => neg"),
    ("perceptron/ssbd", "| tie_mistake => opposite y", "| tie_mistake => y"),
    (
        "perceptron/press",
        "| mehta | gormley_batch | press => tie_positive",
        "| mehta | gormley_batch => tie_positive | press => tie_negative",
    ),
]


@pytest.mark.parametrize(
    ("algorithm", "old", "new"), COQ_TIE_MUTANTS, ids=[m[0] for m in COQ_TIE_MUTANTS]
)
def test_a_coq_tie_rule_mutant_is_caught(
    tmp_path: Path, algorithm: str, old: str, new: str
) -> None:
    sources = tmp_path / "sources"
    shutil.copytree(SOURCES, sources)
    path = sources / "Perceptron.v"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    # The definitions alone still compile and extract: translation validation catches it.
    mutated = build(tmp_path / "build", files=list(EXTRACTION), sources=sources)
    assert mutated.name == PROGRAM
    runs = [r for r, _ in vector_runs(algorithm)]
    got = run_coq(mutated, runs)
    assert any(
        coq != expected_lines(test)
        for coq, (_, test) in zip(got, vector_runs(algorithm), strict=True)
    )
    # And the kernel rejects the sources as a whole: the note's rule as written no longer holds.
    with pytest.raises(BuildError, match=r"AsWritten\.v"):
        build(tmp_path / "all", sources=sources)


def test_the_comparison_sees_a_changed_step() -> None:
    """The trace format reads every field: a trace changed in one place prints differently."""
    trace = run("perceptron/blum", [(0, 1), (1, 1), (1, 0)], [-1, 1, 1])
    step = trace.steps[0]
    for changed in (
        replace(step, score=Fraction(1)),
        replace(step, prediction=1),
        replace(step, mistake=True),
        replace(step, weights=(Fraction(0), Fraction(1))),
        replace(step, epoch=2),
        replace(step, index=1),
    ):
        assert lines_of(replace(trace, steps=(changed, *trace.steps[1:]))) != lines_of(trace)
    assert lines_of(replace(trace, status="converged")) != lines_of(trace)
    assert lines_of(replace(trace, epochs=2)) != lines_of(trace)
    assert lines_of(replace(trace, cycle=(0, 1), status="cycled")) != lines_of(trace)
