"""The fast engine (``engine="fast"``/``"auto"``): its trace is the literal reference's, trace
for trace, and worked by hand; how ``auto`` chooses.

Differential tests run the same call twice, ``engine="literal"`` (the notes' Fraction loops)
and ``engine="fast"`` (integer scaling, compiled int64 passes, big-integer fallback), and
compare the whole :class:`Trace` (steps, scores, predictions, w after every step, totals,
status, cycle), also as the CLI's JSON and text (which tell an int from a float, a bool from
1.0).  The data are drawn to hit what could differ: zero scores (small integers and many
zeros), non-separable sets (cycles, ``max_epochs``), big numerators and denominators (the
scale D and Python-int data), and weights that cross the int64 bound.

Hand-worked traces state independent facts from the spec lines
(``spec/algorithms/perceptron/*.md``: the zero-score rule, the update w ← w + η·y·x, the stop
rules) and the runner's contract (the bias is the FIRST weight, ``cycled`` names the two
epochs whose end-of-pass w are equal, epoch 0 being the initial w = 0); the engine's
documented choices (``auto`` by the work, :data:`AUTO_WORK`) and error texts.  Every
differential test runs the engine four ways: as ``auto`` picks, and with each certified
pass forced to the numpy loop (scored in float64 where that is exact, and in int64 blocks)
and to the compiled kernels.
"""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_ref import InputError, Trace, engine, registry, run
from perceptron_ref.engine import SUPPORTED
from perceptron_ref.engine.given import scaled
from perceptron_ref.engine.passes import INT32_MAX, INT64_MAX
from perceptron_ref.engine.rules import RULES, TIE_MISTAKE, TIE_NEGATIVE, TIE_POSITIVE
from perceptron_ref.engine.scaled import from_rows
from perceptron_ref.engine.words import by_words
from perceptron_ref.inputs import check_options
from perceptron_ref.report import dumps, format_text
from perceptron_ref.runner import AUTO_WORK, Epochs, choose
from perceptron_ref.testing import SeparableData, reorderings, separable_data
from perceptron_ref.vectors import Vector, show
from tests.helpers import BATCH, CORE
from tests.test_input import run_refused
from tests.test_run import BLUM_X, BLUM_Y

Rows = list[list[Fraction]]


KERNELS = ("numpy", "c", "compiled")
"""The loops a certified pass can run in: numpy blocks, the C loops (built by the set-up),
numba's kernels (a pass that is not certified runs in Python ints)."""

RENTED = "c"
"""The loop ``auto`` rents before it buys numba's: the C loops, which the set-up builds (the
numpy blocks where they were not built)."""


def forced(kernel: str, algorithm: str, X: Any, y: Any, **options: Any) -> Trace:
    """The engine's run with every certified pass in ``kernel``; ``numpy-int64``: the numpy
    loop without its float64 scoring (as if no pass were exact in float64)."""
    from perceptron_ref.engine import driver

    eta, epochs = check_options(options.pop("eta", 1), options.pop("epochs", 1), None)
    with pytest.MonkeyPatch.context() as patch:
        if kernel == "numpy-int64":
            patch.setattr(driver, "margin", lambda *bounds: None)
        return engine.run_checked(registry.get(algorithm), X, y, eta=eta, epochs=epochs,
                                  **{"bias": False, "max_epochs": None, "record": "full",
                                     **options}, kernel=kernel.removesuffix("-int64"))  # fmt: skip


def both(algorithm: str, X: Any, y: Any, **options: Any) -> tuple[Trace, Trace]:
    """The literal trace and the engine's, having checked that the engine's is the same
    whichever loop makes its certified passes (numpy's with and without float64 scores)."""
    literal = run(algorithm, X, y, **options)
    for kernel in (*KERNELS, "numpy-int64"):
        assert forced(kernel, algorithm, X, y, **options) == literal, kernel
    return literal, run(algorithm, X, y, engine="fast", **options)


@st.composite
def data_sets(draw: st.DrawFn, values: st.SearchStrategy[Fraction]) -> tuple[Rows, list[int]]:
    n = draw(st.integers(1, 7))
    d = draw(st.integers(1, 4))
    X = [[draw(values) for _ in range(d)] for _ in range(n)]
    y = [draw(st.sampled_from((-1, 1))) for _ in range(n)]
    return X, y


small = st.builds(Fraction, st.integers(-3, 3), st.sampled_from((1, 1, 1, 2, 3)))
"""Few distinct values, many zeros: zero scores are common."""

huge = st.builds(Fraction, st.integers(-(2**90), 2**90), st.integers(1, 2**70))
"""Numerators and denominators far beyond int64: the scaled data are Python ints."""


@st.composite
def options(draw: st.DrawFn, algorithm: str, *, uncapped: bool = True) -> dict[str, Any]:
    """Run options; ``uncapped=False`` always caps cycling runs (on big generic data the
    first repeated w can be very many passes away)."""
    chosen: dict[str, Any] = {
        "bias": draw(st.booleans()),
        "eta": draw(st.sampled_from((Fraction(1), Fraction(1, 2), Fraction(7, 3)))),
        "record": draw(st.sampled_from(("full", "mistakes", "summary"))),
    }
    epochs: Epochs = 1
    if algorithm not in BATCH:
        epochs = draw(st.sampled_from((1, 2, 3, "converge")))
        chosen["epochs"] = epochs
    if algorithm in BATCH or epochs == "converge":
        caps = (None, 1, 2, 4) if uncapped else (1, 2, 4)
        chosen["max_epochs"] = draw(st.sampled_from(caps))
    return chosen


@pytest.mark.parametrize("algorithm", CORE)
@given(data=st.data())
def test_engine_trace_equals_literal_trace_with_zero_scores(
    algorithm: str, data: st.DataObject
) -> None:
    X, y = data.draw(data_sets(small))
    literal, fast = both(algorithm, X, y, **data.draw(options(algorithm)))
    assert fast == literal


@pytest.mark.parametrize("algorithm", CORE)
@settings(max_examples=15)
@given(data=st.data())
def test_engine_trace_equals_literal_trace_on_big_rationals(
    algorithm: str, data: st.DataObject
) -> None:
    X, y = data.draw(data_sets(huge))
    literal, fast = both(algorithm, X, y, **data.draw(options(algorithm, uncapped=False)))
    assert fast == literal


BOUNDARY = st.sampled_from((2**29, 2**30, 2**31 - 1, 2**31, 2**32 - 1, 2**61, 2**62, 2**63 - 1))


@pytest.mark.parametrize("algorithm", CORE)
@settings(max_examples=20)
@given(data=st.data())
def test_engine_trace_equals_literal_trace_across_the_int64_bound(
    algorithm: str, data: st.DataObject
) -> None:
    """Integer entries of size about 2**30 give scores near 2**63 after a few updates, so
    some passes are certified (int64) and later ones are not (Python ints); entries of
    2**62 and more start in Python ints.  Either way the trace is the literal one."""
    big = data.draw(BOUNDARY)
    entries = st.builds(lambda s, v: s * v, st.sampled_from((-1, 1)), st.integers(big - 3, big))
    X, y = data.draw(data_sets(st.one_of(entries, st.just(0)).map(Fraction)))
    literal, fast = both(algorithm, X, y, **data.draw(options(algorithm, uncapped=False)))
    assert fast == literal


DTYPES = (np.uint8, np.int8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64)


@pytest.mark.parametrize("dtype", DTYPES)
@settings(max_examples=10)
@given(data=st.data())
def test_engine_on_numpy_integer_arrays_equals_literal(dtype: Any, data: st.DataObject) -> None:
    """Numpy integer matrices go to the engine without a Fraction in between."""
    info = np.iinfo(dtype)
    algorithm = data.draw(st.sampled_from(CORE))
    values = st.one_of(st.integers(int(info.min), int(info.max)), st.integers(-1, 1))
    values = values.filter(lambda v: int(info.min) <= v <= int(info.max))
    n, d = data.draw(st.integers(1, 6)), data.draw(st.integers(1, 4))
    X = np.array([[data.draw(values) for _ in range(d)] for _ in range(n)], dtype=dtype)
    y = np.array([data.draw(st.sampled_from((-1, 1))) for _ in range(n)], dtype=np.int64)
    literal, fast = both(algorithm, X, y, **data.draw(options(algorithm, uncapped=False)))
    assert fast == literal


def test_engine_supports_exactly_the_six_perceptrons() -> None:
    assert set(SUPPORTED) == set(CORE)
    for algorithm in set(registry.ALGORITHMS) - set(CORE):
        with pytest.raises(InputError, match="fast engine runs only the perceptrons"):
            run(algorithm, [(1, 0)], [1], engine="fast")
        assert choose(algorithm, np.zeros((10**5, 1)), "auto", passes=1) == "literal"
        assert choose(algorithm, np.zeros((10**5, 1)), "auto", passes=None) == "literal"


def test_auto_picks_the_engine_by_the_work_of_the_run() -> None:
    # The work: n·d numbers a pass, times the passes; a run to convergence (passes=None)
    # on small data tries the literal loops first ("trial").
    big = np.ones((AUTO_WORK, 1), dtype=np.int8)
    assert choose("perceptron/mehta", big, "auto", passes=1) == "fast"
    assert choose("perceptron/mehta", big[:-1], "auto", passes=1) == "literal"
    assert choose("perceptron/mehta", big[: AUTO_WORK // 2], "auto", passes=2) == "fast"
    assert choose("perceptron/mehta", big[: AUTO_WORK // 2 - 1], "auto", passes=2) == "literal"
    assert choose("perceptron/mehta", big, "auto", passes=None) == "fast"
    assert choose("perceptron/mehta", big[:-1], "auto", passes=None) == "trial"
    assert choose("perceptron/mehta", iter([(1,)]), "auto", passes=None) == "literal"
    assert run("perceptron/mehta", big, np.ones(AUTO_WORK), engine="auto").mistakes == 0


def test_unknown_engine_is_an_input_error() -> None:
    with pytest.raises(InputError, match="engine must be"):
        run("perceptron/mehta", [(1,)], [1], engine="quick")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("X", "y", "problem"),
    [
        ([(1, 2), (1,)], [1, 1], "example 1 has 1 features"),
        ([(1, float("nan"))], [1], "not a finite number"),
        ([(1, 2)], [2], "label 2 is not -1 or 1"),
        (np.array([[1, 2]]), np.array([0]), "is not -1 or 1"),
        (np.zeros((0, 2), dtype=np.int8), [], "no examples"),
        (np.zeros((2, 0), dtype=np.int8), [1, 1], "no features"),
    ],
)
def test_engine_rejects_bad_input_as_the_reference_does(X: Any, y: Any, problem: str) -> None:
    with pytest.raises(InputError, match=problem):
        run("perceptron/mehta", X, y, engine="fast")


@pytest.mark.parametrize("algorithm", CORE)
@settings(max_examples=10)
@given(data=separable_data(max_dimension=8, max_size=60).flatmap(reorderings))
def test_engine_trace_equals_literal_trace_to_convergence_on_separable_data(
    algorithm: str, data: SeparableData
) -> None:
    """Separable data with exact rational margins (unit w* by stereographic projection):
    many distinct denominators, so the common scale D is large; every step compared."""
    epochs: Epochs = 1 if algorithm in BATCH else "converge"
    literal, fast = both(algorithm, data.X, data.y, epochs=epochs, bias=data.bias)
    assert fast == literal
    assert fast.status == "converged"


# --- run() hands every option to the fast engine --------------------------------------------------


def test_the_fast_engine_is_given_every_option_of_the_run() -> None:
    # Blum's own example (blum.py): (0,1) -: score 0 predicts -, right; (1,1) +: score 0
    # predicts -, a mistake, w = (1, 1) ([blum.3]); (1,0) +: score 1, right.
    full = run("perceptron/blum", BLUM_X, BLUM_Y, engine="fast")
    assert [(s.index, str(s.score), s.mistake, show(s.weights)) for s in full.steps] == [
        (0, "0", False, "(0, 0)"),
        (1, "0", True, "(1, 1)"),
        (2, "1", False, "(1, 1)"),
    ]
    mistakes = run("perceptron/blum", BLUM_X, BLUM_Y, engine="fast", record="mistakes")
    assert [s.index for s in mistakes.steps] == [1]
    assert run("perceptron/blum", BLUM_X, BLUM_Y, engine="fast", record="summary").steps == ()
    # A second pass: (0,1) - now scores 1 > 0, a mistake, w = (1, 1) - (0, 1) = (1, 0); then
    # (1,1) + and (1,0) + both score 1: right.
    twice = run("perceptron/blum", BLUM_X, BLUM_Y, engine="fast", epochs=2)
    assert [(s.epoch, s.mistake) for s in twice.steps][3:] == [(2, True), (2, False), (2, False)]
    assert show(twice.weights) == "(1, 0)"
    # The bias (a 1 first) and eta = 1/2 on x = (1), y = +1: w = 1/2 · (1, 1).
    biased = run("perceptron/blum", [(1,)], [1], engine="fast", bias=True, eta="1/2")
    assert (biased.bias, biased.eta, biased.dimension) == (True, Fraction(1, 2), 2)
    assert biased.weights == (Fraction(1, 2), Fraction(1, 2))
    # converge with max_epochs = 1 stops after pass 1 (a mistake, w = (1) new); uncapped,
    # pass 2 is clean: converged after 2 epochs.
    capped = run("perceptron/blum", [(1,)], [1], engine="fast", epochs="converge", max_epochs=1)
    assert (capped.status, capped.epochs) == ("max_epochs", 1)
    free = run("perceptron/blum", [(1,)], [1], engine="fast", epochs="converge")
    assert (free.status, free.epochs) == ("converged", 2)


def test_the_fast_engine_refuses_an_algorithm_it_does_not_run() -> None:
    assert run_refused("winnow/disjunction", [(1, 0)], [1], engine="fast") == (
        "the fast engine runs only the perceptrons (perceptron/blum, perceptron/mehta, "
        "perceptron/gormley-online, perceptron/gormley-batch, perceptron/press, "
        "perceptron/ssbd), not 'winnow/disjunction': use engine 'literal' or 'auto'"
    )


F = Fraction
SIX = (
    "perceptron/blum, perceptron/mehta, perceptron/gormley-online, "
    "perceptron/gormley-batch, perceptron/press, perceptron/ssbd"
)  # the notes' six perceptrons, in issue 2's order (registry.PERCEPTRONS)


def q(v: Vector) -> list[str]:
    """A vector's rationals as text: an exact value, and no float passes for one."""
    return [str(a) for a in v]


def steps_of(trace: Trace) -> list[tuple[int, int, str, int, int, bool, list[str]]]:
    """Each step as (epoch, index, score, prediction, label, mistake, w), rationals as text."""
    return [
        (
            s.epoch,
            s.index,
            str(s.score),
            s.prediction,
            s.label,
            s.mistake,
            list(map(str, s.weights)),
        )
        for s in trace.steps
    ]


# --- hand-worked traces --------------------------------------------------------------------


def test_press_xor_on_the_fast_engine_is_the_notes_worked_cycle() -> None:
    # spec/algorithms/perceptron/press.md, "Worked example: XOR": (−1,−1) −, (1,1) −,
    # (−1,1) +, (1,−1) +.  Tie → positive ([press.5]: y = −1 and w•x ≥ 0 is a mistake).
    # Step 0: w = 0, s = 0, predicts +1, y = −1: mistake, w = (1, 1).
    # Step 1: s = 1 + 1 = 2, predicts +1, y = −1: mistake, w = (0, 0).
    # Steps 2, 3: s = 0, predicts +1 = y: no mistake.  w at the end of pass 1 is the
    # initial 0 (epoch 0): status cycled, cycle (0, 1), 2 mistakes, 1 epoch.
    X = [(-1, -1), (1, 1), (-1, 1), (1, -1)]
    y = [-1, -1, 1, 1]
    t = run("perceptron/press", X, y, engine="fast")
    assert (t.status, t.cycle, t.mistakes, t.epochs, t.dimension) == ("cycled", (0, 1), 2, 1, 2)
    assert q(t.weights) == ["0", "0"] and t.record == "full"
    assert steps_of(t) == [
        (1, 0, "0", 1, -1, True, ["1", "1"]),
        (1, 1, "2", 1, -1, True, ["0", "0"]),
        (1, 2, "0", 1, 1, False, ["0", "0"]),
        (1, 3, "0", 1, 1, False, ["0", "0"]),
    ]
    kept = run("perceptron/press", X, y, engine="fast", record="mistakes")
    assert steps_of(kept) == steps_of(t)[:2]
    assert run("perceptron/press", X, y, engine="fast", record="summary").steps == ()


def test_blum_with_bias_and_eta_one_half_on_rational_data_by_hand() -> None:
    # spec/algorithms/perceptron/blum.md: tie → negative (s = 0 predicts −1), w ← w + η·y·x.
    # bias=True prepends 1 FIRST: rows (1, 1/2) with y = +1 and (1, 1) with y = −1; η = 1/2.
    # Epoch 1.  Step 0: w = (0, 0), s = 0 → −1 ≠ +1: mistake, w = (1/2, 1/4).
    #           Step 1: s = 1/2 + 1/4 = 3/4 > 0 → +1 ≠ −1: mistake, w = (0, −1/4).
    # Epoch 2.  Step 0: s = −1/8 → −1 ≠ +1: mistake, w = (1/2, 0).
    #           Step 1: s = 1/2 → +1 ≠ −1: mistake, w = (0, −1/2).
    t = run("perceptron/blum", [(F(1, 2),), (1,)], [1, -1], bias=True, eta=F(1, 2), epochs=2,
            engine="fast")  # fmt: skip
    assert (t.status, t.mistakes, t.epochs, t.dimension, t.bias, t.eta, t.cycle) == (
        "online",
        4,
        2,
        2,
        True,
        F(1, 2),
        None,
    )
    assert q(t.weights) == ["0", "-1/2"]
    assert steps_of(t) == [
        (1, 0, "0", -1, 1, True, ["1/2", "1/4"]),
        (1, 1, "3/4", 1, -1, True, ["0", "-1/4"]),
        (2, 0, "-1/8", -1, 1, True, ["1/2", "0"]),
        (2, 1, "1/2", 1, -1, True, ["0", "-1/2"]),
    ]


def test_zero_score_prediction_follows_each_rule_on_the_fast_engine() -> None:
    # One example x = (1,), its label y, one pass: s = 0 at w = 0.  Blum (tie → negative)
    # predicts −1; Mehta (tie → positive) +1; Gormley online (tie → mistake, update iff
    # y·s ≤ 0) reports −y, a mistake whatever y.
    for algorithm, y, prediction, mistake in [
        ("perceptron/blum", 1, -1, True),
        ("perceptron/blum", -1, -1, False),
        ("perceptron/mehta", 1, 1, False),
        ("perceptron/mehta", -1, 1, True),
        ("perceptron/gormley-online", 1, -1, True),
        ("perceptron/gormley-online", -1, 1, True),
        ("perceptron/ssbd", -1, 1, True),
    ]:
        (step,) = run(algorithm, [(1,)], [y], engine="fast").steps
        assert (str(step.score), step.prediction, step.mistake) == ("0", prediction, mistake)


def test_gormley_batch_converges_in_two_epochs_on_the_fast_engine() -> None:
    # spec gormley-batch (tie → positive), data x = (1, 0) +, (0, 1) −, (1, 1) +.
    # Epoch 1: s = 0 → +1 = y (no mistake); s = 0 → +1 ≠ −1: mistake, w = (0, −1);
    # s = −1 → −1 ≠ +1: mistake, w = (1, 0).  Epoch 2: x₁: s = 1 → +1, no mistake; x₂:
    # s = 0 → +1 ≠ −1: mistake, w = (1, −1); x₃: s = 0 → +1: no mistake.  Epoch 3:
    # s = 1 (+), −1 (−), 0 (+): clean, converged after 3 epochs with 3 mistakes.
    t = run("perceptron/gormley-batch", [(1, 0), (0, 1), (1, 1)], [1, -1, 1], engine="fast")
    assert (t.status, t.mistakes, t.epochs, t.cycle) == ("converged", 3, 3, None)
    assert q(t.weights) == ["1", "-1"]
    assert [str(s.score) for s in t.steps] == ["0", "0", "-1", "1", "0", "0", "1", "-1", "0"]
    capped = run("perceptron/gormley-batch", [(1, 0), (0, 1), (1, 1)], [1, -1, 1], max_epochs=1,
                 engine="fast", record="summary")  # fmt: skip
    assert (capped.status, capped.mistakes, capped.epochs) == ("max_epochs", 2, 1)
    assert q(capped.weights) == ["1", "0"]


# --- the engine against the literal reference ----------------------------------------------


DATA: dict[str, tuple[Any, list[int]]] = {
    # small integers with zero rows and zero scores
    "ties": ([(0, 1), (1, 0), (0, 0), (1, 1), (-1, 0)], [1, -1, 1, -1, 1]),
    # denominators 2, 3, 6: the common scale D = 6, b = 6 with a bias
    "rational": ([(F(1, 2), F(-1, 3)), (F(2, 3), F(1)), (F(-1, 6), F(0))], [1, -1, 1]),
    # beyond int64: Python integers from the start (the big-integer pass only)
    "huge": ([(2**70 + 1, -(2**69)), (3, 2**71), (-(2**70), F(5, 2**65))], [1, -1, -1]),
    # int64 entries whose scores pass 2**63: numpy rows in the big-integer pass
    "wide": (
        np.array([[2**40 + 1, -(2**41)], [3, 2**40], [-(2**40), 7]], dtype=np.int64),
        [1, -1, -1],
    ),
    # near the int64 bound: certified passes first, Python integers later
    "crossing": (
        np.array([[2**30, -(2**30) + 1], [2**30 - 1, 2**30], [-(2**30), 3]], dtype=np.int64),
        [1, -1, 1],
    ),
    # uint8 rows of one 8-byte word: the int32 byte loop
    "pixels": (
        np.array([[0, 255, 3, 0, 1, 2, 200, 9], [255, 0, 0, 7, 1, 1, 1, 1], [5] * 8], np.uint8),
        [1, -1, -1],
    ),
    # int32 rows (not certified by the type alone): the exact bounds' compiled sweep
    "int32": (np.array([[7, -3, 0], [-2, 5, 1], [0, 0, -4], [1, 1, 1]], np.int32), [-1, 1, 1, -1]),
    # 64 int32 rows: the exact bounds' sweep of a taller matrix
    "int32-tall": (
        np.array([[v, 1 - v % 3] for v in range(-32, 32)], np.int32),
        [1 if v % 5 < 3 else -1 for v in range(64)],
    ),
    # a float matrix: converted exactly, as the literal reference converts it
    "floats": (np.array([[0.5, -1.25], [2.0, 0.75]]), [1, -1]),
}


OPTIONS_ONLINE: list[dict[str, Any]] = [
    {"record": "full"},
    {"epochs": 2, "bias": True, "eta": F(1, 2), "record": "mistakes"},
    {"epochs": 3, "eta": 3, "record": "full"},
    {"epochs": "converge", "max_epochs": 3, "bias": True, "eta": 3, "record": "full"},
    {"epochs": "converge", "max_epochs": 5, "eta": F(7, 3), "record": "summary"},
]


OPTIONS_BATCH: list[dict[str, Any]] = [
    {"record": "full", "max_epochs": 6},
    {"bias": True, "eta": F(1, 2), "max_epochs": 1, "record": "mistakes"},
    {"bias": True, "eta": 3, "max_epochs": 3, "record": "full"},
    {"eta": F(7, 3), "max_epochs": 4, "record": "summary"},
]


@pytest.mark.parametrize("name", DATA)
@pytest.mark.parametrize("algorithm", CORE)
def test_engine_trace_json_and_text_equal_the_literal_reference(name: str, algorithm: str) -> None:
    X, y = DATA[name]
    for options in OPTIONS_BATCH if algorithm in BATCH else OPTIONS_ONLINE:
        literal = run(algorithm, X, y, **options)
        fast = run(algorithm, X, y, engine="fast", **options)
        assert fast == literal, options
        assert dumps(fast) == dumps(literal), options
        assert format_text(fast) == format_text(literal), options


def test_engine_finds_the_same_cycle_as_the_reference_when_w_returns_to_zero() -> None:
    # x = (1,) with y = +1 and again with y = −1, Mehta (tie → positive), epochs "converge":
    # step 0: s = 0 → +1 = y, no mistake; step 1: s = 0 → +1 ≠ −1, mistake, w = (−1);
    # epoch 2: s = −1 → −1 ≠ +1: mistake, w = 0; s = 0 → +1 ≠ −1: mistake, w = (−1), the w
    # that ended epoch 1: cycle (1, 2).  Press (batch, same rule) the same; the literal
    # reference agrees.
    for algorithm in ("perceptron/mehta", "perceptron/press"):
        options: dict[str, Any] = {} if algorithm in BATCH else {"epochs": "converge"}
        fast = run(algorithm, [(1,), (1,)], [1, -1], engine="fast", **options)
        assert (fast.status, fast.cycle, fast.mistakes) == ("cycled", (1, 2), 3)
        assert q(fast.weights) == ["-1"]
        assert fast == run(algorithm, [(1,), (1,)], [1, -1], **options)


# --- choosing the engine --------------------------------------------------------------------


def test_auto_counts_the_numbers_of_every_kind_of_data() -> None:
    # A list of n rows of d numbers holds n·d of them, a Scaled its matrix's, an ndarray its
    # size; data that cannot be counted without consuming them stay in the literal loops.
    mehta, W = "perceptron/mehta", AUTO_WORK

    def way(X: Any, passes: int | None = 1, engine: str = "auto") -> str:
        return choose(mehta, X, engine, passes=passes)

    assert way([(0,) * 200] * (W // 200)) == "fast"
    assert way([(0,) * 199] * (W // 200)) == "literal"
    assert way([(0,) * W]) == "fast"  # one row of AUTO_WORK numbers
    assert way([(0,) * (W - 1)]) == "literal"
    assert way([(0,) * W, (0,)]) == "fast"  # the first row's length counts
    assert way([(0,), (0,) * W]) == "literal"
    assert way([]) == "literal"  # nothing to count: the reference reports it
    assert way(iter([(0,)] * W)) == "literal"  # an iterator is not counted
    assert way([iter((0,) * W)]) == "literal"  # nor rows without a length
    assert way({(0,) * W}) == "literal"  # a set has no first row
    assert way(from_rows([(F(0),)] * W, [1] * W)) == "fast"
    assert way(from_rows([(F(0),)] * (W - 1), [1] * (W - 1))) == "literal"
    assert way(np.zeros((2, W // 2))) == "fast"
    assert way(np.zeros((1, W - 1))) == "literal"
    assert way(np.zeros((1, W)), engine="literal") == "literal"
    assert choose("winnow/k-of-r", np.zeros((1, W)), "auto", passes=1) == "literal"


def test_a_trial_in_the_literal_loops_hands_a_long_run_to_the_engine() -> None:
    # x = (1, 1) labelled both ways (and (0, 1) +): no w fits it; gormley-online cycles after
    # 3 epochs (README, "Non-separable data").  6 numbers: the trial runs AUTO_WORK // 6
    # passes in the literal loops, enough here; with the trial cut to 1 pass, the engine
    # runs it from the start, and the trace is the same.
    X, y = [(1, 1), (1, 1), (0, 1)], [1, -1, 1]
    literal = run("perceptron/gormley-online", X, y, epochs="converge")
    assert (literal.status, literal.cycle) == ("cycled", (2, 3))
    assert run("perceptron/gormley-online", X, y, epochs="converge", engine="auto") == literal
    from perceptron_ref import runner

    saved = runner.AUTO_WORK
    try:
        runner.AUTO_WORK = 6  # one literal pass, then the engine
        assert run("perceptron/gormley-online", X, y, epochs="converge", engine="auto") == literal
        capped = run("perceptron/gormley-online", X, y, epochs="converge", max_epochs=1,
                     engine="auto")  # fmt: skip
        assert (capped.status, capped.epochs) == ("max_epochs", 1)
        for cap in (2, 3, 4):  # past the trial's one pass: the engine, the same trace
            literal_capped = run("perceptron/gormley-online", X, y, epochs="converge",
                                 max_epochs=cap)  # fmt: skip
            assert run("perceptron/gormley-online", X, y, epochs="converge", max_epochs=cap,
                       engine="auto") == literal_capped  # fmt: skip
    finally:
        runner.AUTO_WORK = saved


def test_fast_is_always_chosen_for_a_perceptron_and_refused_for_others() -> None:
    for algorithm in CORE:
        assert choose(algorithm, [(1,)], "fast", passes=1) == "fast"
        assert choose(algorithm, [(1,)], "literal", passes=1) == "literal"
    with pytest.raises(InputError) as caught:
        choose("winnow/k-of-r", [(1,)], "fast", passes=1)
    assert str(caught.value) == (
        f"the fast engine runs only the perceptrons ({SIX}), not 'winnow/k-of-r': "
        "use engine 'literal' or 'auto'"
    )
    with pytest.raises(InputError) as caught:
        choose("perceptron/blum", [(1,)], "quick", passes=1)
    assert str(caught.value) == "engine must be 'literal', 'fast' or 'auto', got 'quick'"


def test_each_perceptron_reaches_the_engine_with_its_zero_score_rule() -> None:
    # The spec files' "Zero score" rows (tests/helpers.RULE) as the engine's codes.
    codes = {a: RULES[registry.get(a).zero_score] for a in CORE}
    assert codes == {
        "perceptron/blum": TIE_NEGATIVE,
        "perceptron/mehta": TIE_POSITIVE,
        "perceptron/gormley-online": TIE_MISTAKE,
        "perceptron/gormley-batch": TIE_POSITIVE,
        "perceptron/press": TIE_POSITIVE,
        "perceptron/ssbd": TIE_MISTAKE,
    }


def test_scaled_data_take_the_labels_given_and_keep_their_scale() -> None:
    # A Scaled (read by engine.coq, say) is run with the labels passed, not its own: x = 1/3
    # and 2/3 (scale 3) labelled −1, −1 although the Scaled holds +1, +1.  Blum: s = 0
    # predicts −1 = y (no mistake); s = 0 again: no mistake; w stays 0.  With labels +1, −1:
    # mistake, w = (1/3); s = 2/9 > 0 → +1 ≠ −1: mistake, w = (1/3 − 2/3) = (−1/3).
    data = from_rows([(F(1, 3),), (F(2, 3),)], [1, 1])
    same = scaled(data, [-1, -1])
    assert (same.X.tolist(), same.y.tolist(), same.scale) == ([[1], [2]], [-1, -1], 3)
    t = run("perceptron/blum", data, [1, -1], engine="fast")
    assert [str(s.score) for s in t.steps] == ["0", "2/9"]
    assert t.weights == (F(-1, 3),)
    with pytest.raises(InputError) as caught:
        scaled(from_rows([(F(1), F(2), F(3))], [1]), [1, 1, 1])  # 1 row of 3 numbers
    assert str(caught.value) == "1 examples but 3 labels"


def test_numpy_string_arrays_are_read_as_the_reference_reads_them() -> None:
    # An array of decimal strings is not an integer array: each entry is parsed exactly.
    X = np.array([["1/2", "-3"], ["0.25", "1"]])
    assert run("perceptron/mehta", X, [1, -1], engine="fast") == run("perceptron/mehta", X, [1, -1])


def test_an_eta_beyond_int64_stays_exact_on_the_fast_engine() -> None:
    # η = 2**64 + 1 (no machine integer holds it), Blum (tie → negative), x = (1,) then
    # (−1,), both y = +1.  Step 0: s = 0 predicts −1 ≠ +1: mistake, w = η·1 = (η).
    # Step 1: s = η·(−1) = −η < 0 predicts −1 ≠ +1: mistake, w = η − η = (0).
    # Epoch 2: s = 0, mistake, w = (η); s = −η, mistake, w = (0).
    eta = 2**64 + 1
    t = run("perceptron/blum", [(1,), (-1,)], [1, 1], eta=eta, epochs=2, engine="fast")
    assert steps_of(t) == [
        (1, 0, "0", -1, 1, True, [str(eta)]),
        (1, 1, str(-eta), -1, 1, True, ["0"]),
        (2, 0, "0", -1, 1, True, [str(eta)]),
        (2, 1, str(-eta), -1, 1, True, ["0"]),
    ]
    assert (t.mistakes, q(t.weights), str(t.eta)) == (4, ["0"], str(eta))
    one = run("perceptron/blum", [(1,)], [1], eta=eta, engine="fast", record="summary")
    assert q(one.weights) == [str(eta)]


def logged_ways(patch: pytest.MonkeyPatch) -> list[str]:
    """The loops the driver picks (``Passes.way``), one per choice, as the run makes them."""
    from perceptron_ref.engine import driver

    ways: list[str] = []
    way = driver.Passes.way

    def logged(self: driver.Passes, W: Any, left: int | None) -> str:
        ways.append(way(self, W, left))
        return ways[-1]

    patch.setattr(driver.Passes, "way", logged)
    return ways


@pytest.mark.parametrize("algorithm", CORE)
@settings(max_examples=10)
@given(data=st.data())
def test_a_run_that_switches_from_numpy_to_compiled_passes_keeps_the_literal_trace(
    algorithm: str, data: st.DataObject
) -> None:
    """The rent-or-buy switch: numpy passes first, the compiled ones from the second pass
    on (a load cost of almost nothing, the kernels taken as not loaded), with the state of
    Brent's test carried across; the trace is the literal one."""
    from perceptron_ref.engine import driver

    X, y = data.draw(data_sets(small))
    chosen = data.draw(options(algorithm))
    literal = run(algorithm, X, y, **chosen)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(driver, "LOAD_COST", 1e-12)
        patch.setattr(driver, "loaded", lambda: False)
        patch.setattr(driver, "RENT", driver.Rent())  # no numpy pass made yet
        ways = logged_ways(patch)
        assert run(algorithm, X, y, engine="fast", **chosen) == literal
    assert ways[0] == "c", ways  # the first pass: nothing spent yet, nothing loaded
    assert all(w in ("compiled", "python") for w in ways[1:]), ways


@pytest.mark.parametrize("loaded", [True, False])
@pytest.mark.parametrize("kernel", KERNELS)
def test_a_forced_kernel_makes_every_certified_pass_whatever_auto_would_pick(
    kernel: str, loaded: bool
) -> None:
    """``kernel=`` is obeyed: the passes run in that loop, whether or not the compiled
    kernels are loaded already (which is what ``auto`` would go by)."""
    from perceptron_ref.engine import driver

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(driver, "loaded", lambda: loaded)
        ways = logged_ways(patch)
        trace = forced(kernel, "perceptron/mehta", BLUM_X, BLUM_Y, epochs=3)
    assert trace == run("perceptron/mehta", BLUM_X, BLUM_Y, epochs=3)
    assert ways and set(ways) == {kernel}, ways


@pytest.mark.parametrize("kernel", KERNELS)
@pytest.mark.parametrize("dtype", [">i2", ">u2", ">i4", ">u4", ">i8", ">u8", ">f4", ">f8"])
def test_arrays_in_the_other_byte_order_make_the_literal_trace(kernel: str, dtype: str) -> None:
    # Arrays read from a file of the other byte order (numpy keeps it): the C loops and
    # numba's read native integers only, so the reader makes them so; the same numbers.
    rng = np.random.default_rng(31)
    low = 0 if "u" in dtype else -120
    X = rng.integers(low, 120, (150, 6)).astype(dtype)
    assert not X.dtype.isnative
    y = np.where(X.astype(np.float64) @ rng.standard_normal(6) >= 0, 1, -1).astype(">i8")
    literal = run("perceptron/ssbd", X.tolist(), y.tolist(), epochs=3, bias=True)
    assert forced(kernel, "perceptron/ssbd", X, y, epochs=3, bias=True) == literal


@pytest.mark.parametrize("kind", ["PLAIN", "NARROW", "WORDS", "PAIRS"])
@settings(max_examples=15)
@given(data=st.data())
def test_each_compiled_kernel_makes_the_literal_trace(kind: str, data: st.DataObject) -> None:
    """Whichever kernel :func:`~perceptron_ref.engine.kernel.fastest` would measure fastest,
    the run's trace is the literal one: each kernel forced in turn (where its certificate
    and the rows admit it), on pixel-like uint8 rows and on int8 rows."""
    from perceptron_ref.engine import kernel as kernels

    chosen_kind = getattr(kernels, kind)
    algorithm = data.draw(st.sampled_from(CORE))
    dtype = data.draw(st.sampled_from((np.uint8, np.int8)))
    info = np.iinfo(dtype)
    values = st.one_of(st.integers(int(info.min), int(info.max)), st.integers(0, 2))
    n, d = data.draw(st.integers(1, 6)), data.draw(st.sampled_from((8, 16, 5)))
    X = np.array([[data.draw(values) for _ in range(d)] for _ in range(n)], dtype=dtype)
    y = np.array([data.draw(st.sampled_from((-1, 1))) for _ in range(n)], dtype=np.int8)
    chosen = data.draw(options(algorithm, uncapped=False))
    used = []

    def pick(X: Any, y: Any, b: int, narrow: bool) -> int:
        admitted = {kernels.PLAIN}
        admitted |= {kernels.PAIRS} if kernels.by_pairs(X) else set()
        if narrow:
            admitted |= {kernels.NARROW} | ({kernels.WORDS} if by_words(X) else set())
        used.append(chosen_kind if chosen_kind in admitted else kernels.PLAIN)
        return used[-1]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kernels, "fastest", pick)
        trace = forced("compiled", algorithm, X, y, **chosen)
    assert trace == run(algorithm, X, y, **chosen)
    # these small weights are certified in int32: only WORDS may be refused, by the rows
    words = dtype == np.uint8 and d % 8 == 0
    assert set(used) == {chosen_kind if kind != "WORDS" or words else kernels.PLAIN}, used


LOAD_THEN_RUN = """
import numpy as np
from perceptron_ref import run
from perceptron_ref.engine import driver, kernel, load
from tests.test_engine import forced

load(("uint8", "int16"))
assert kernel.LOADED and driver.loaded()
signatures = lambda: (set(kernel._pass.signatures), set(kernel._epochs.signatures))
loaded = signatures()
rng = np.random.default_rng(7)
for dtype in (np.uint8, np.int16):
    X, y = rng.integers(0, 9, size=(12, 16)).astype(dtype), rng.choice([-1, 1], size=12)
    for options in ({"record": "full", "epochs": 2}, {"record": "summary", "epochs": 9},
                    {"record": "summary", "epochs": "converge"}):  # many passes in one call
        assert forced("compiled", "perceptron/mehta", X, y, **options) == run(
            "perceptron/mehta", X, y, **options)
rows = {str(s[1].dtype) for kernels in loaded for s in kernels}  # the rows' types
print(" ".join(sorted(rows)), signatures() == loaded)
"""


def test_load_readies_in_a_fresh_process_the_kernels_its_runs_use(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After ``load(types)`` a run over rows of those types compiles nothing more: the
    kernels for uint8 (plain, narrow, words) and int16 rows, one pass and many, are ready.
    In a fresh process: numba's compiled kernels are the process's, whatever ran before."""
    from perceptron_ref.engine import kernel

    monkeypatch.setattr(kernel, "LOADED", False)  # put back after: auto goes by it
    engine.load(())  # no type: nothing compiled, yet the kernels count as loaded
    assert kernel.LOADED
    done = subprocess.run([sys.executable, "-c", LOAD_THEN_RUN], capture_output=True,
                          text=True, check=False, cwd=Path(__file__).parent.parent)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["int16", "uint8", "True"]  # nothing new after load


# --- Passes.advance: many passes without steps, and how they stopped --------------------------


def one_by_one(
    X: Any, y: Any, passes: int, stop_clean: bool, brent_test: bool = True
) -> tuple[list[int], int, int, str, Any]:
    """The same passes in Python integers, with Brent's test after each (if asked): (W,
    passes made, mistakes, how they stopped, Brent's test)."""
    from perceptron_ref.engine.cycles import Brent
    from perceptron_ref.engine.passes import python_pass

    W: list[int] = [0] * X.shape[1]
    brent, made, mistakes = Brent(list(W)), 0, 0
    while made < passes:
        k = python_pass(X, y.tolist(), W, 0, TIE_MISTAKE, None)
        made, mistakes = made + 1, mistakes + k
        if stop_clean and k == 0:
            return W, made, mistakes, "clean", brent
        if brent_test and brent.repeated(W):
            return W, made, mistakes, "repeat", brent
    return W, made, mistakes, "limit", brent


CYCLING = np.array([[2, 1], [-2, -1], [1, -3]], dtype=np.int8), np.array([1, 1, -1], dtype=np.int8)
"""x and −x both labelled +1: no w separates them, and the passes cycle."""

SEPARABLE = np.array([[2, 1], [-1, -3], [1, 1]], dtype=np.int8), np.array([1, -1, 1], dtype=np.int8)


@pytest.mark.parametrize("way", KERNELS)
@pytest.mark.parametrize(
    ("data", "passes", "stop"),
    [(CYCLING, 10**6, "repeat"), (SEPARABLE, 10**6, "clean"), (CYCLING, 3, "limit")],
)
def test_advance_says_how_its_passes_stopped_as_passes_made_one_by_one_do(
    way: str, data: tuple[Any, Any], passes: int, stop: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A clean pass, a W that Brent's test sees repeat, or the passes asked for: the same
    W, passes, mistakes and state of Brent's test as the passes made one at a time, in
    numpy and in the compiled kernels; and after compiled passes the kernels count as
    loaded (a later run in this process uses them at once)."""
    from perceptron_ref.engine import driver, kernel
    from perceptron_ref.engine.cycles import Brent

    monkeypatch.setattr(kernel, "LOADED", False)
    X, y = data
    W_big, made, mistakes, how, brent_big = one_by_one(X, y, passes, stop_clean=True)
    assert how == stop
    passes_of = driver.Passes(scaled(X, y), 0, TIE_MISTAKE, way)  # type: ignore[arg-type]
    zero = passes_of.zero()
    brent = Brent(zero)
    W, got_made, got_mistakes, got_how = passes_of.advance(zero, passes, brent, True)
    assert (np.asarray(W).tolist(), got_made, got_mistakes, got_how) == (
        W_big, made, mistakes, how)  # fmt: skip
    assert (brent.power, brent.lam, np.asarray(brent.T).tolist()) == (
        brent_big.power, brent_big.lam, list(brent_big.T))  # fmt: skip
    assert driver.loaded() is (way == "compiled")


@pytest.mark.parametrize("loaded", [False, True])
def test_loaded_says_whether_the_kernels_are_loaded(
    loaded: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from perceptron_ref.engine import driver, kernel

    monkeypatch.setattr(kernel, "LOADED", loaded)
    assert driver.loaded() is loaded


@pytest.mark.parametrize("passes", [5, 40])
def test_advance_makes_the_passes_asked_when_the_int32_certificate_cuts_them_into_parts(
    passes: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rows as large as 3·2**28: int32 certifies only a few passes at a time (|W| grows by
    up to 3·2**28 a pass): the compiled passes are made in several calls, certified again
    before each, and still come to the passes asked, no more."""
    from perceptron_ref.engine import driver, kernel

    X, y = CYCLING[0].astype(np.int32) * 2**28, CYCLING[1]
    calls: list[int] = []
    epochs = kernel.epochs

    def counted(kind: int, X: Any, y: Any, W: Any, b: int, rule: int, limit: int,
                **rest: Any) -> tuple[int, int]:  # fmt: skip
        calls.append(limit)
        return epochs(kind, X, y, W, b, rule, limit, **rest)

    monkeypatch.setattr(kernel, "epochs", counted)
    W_big, _, mistakes, _, _ = one_by_one(X, y, passes, stop_clean=False, brent_test=False)
    passes_of = driver.Passes(scaled(X, y), 0, TIE_MISTAKE, "compiled")
    W, got_made, got_mistakes, got_how = passes_of.advance(passes_of.zero(), passes)
    assert (np.asarray(W).tolist(), got_made, got_mistakes, got_how) == (
        W_big, passes, mistakes, "limit")  # fmt: skip
    assert len(calls) > 1 and max(calls) < passes and sum(calls) == passes, calls


def test_loaded_is_false_in_a_process_that_has_not_imported_the_kernels() -> None:
    # The kernels' module (numba) is imported only by a run that needs it.
    code = (
        "import sys\n"
        "from perceptron_ref.engine import driver\n"
        "assert 'perceptron_ref.engine.kernel' not in sys.modules\n"
        "print(driver.loaded())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, cwd=Path(__file__).parent.parent)  # fmt: skip
    assert (done.returncode, done.stdout, done.stderr) == (0, "False\n", "")


# --- the rent-or-buy choice between numpy and compiled passes -------------------------------


class _Clock:
    """A stand-in for ``time`` in the driver: each numpy pass takes ``cost`` seconds."""

    def __init__(self, cost: float) -> None:
        self.cost, self.now, self.ticks = cost, 0.0, 0

    def perf_counter(self) -> float:
        self.ticks += 1
        if self.ticks % 2 == 0:  # a pass's end: its cost has passed since its start
            self.now += self.cost
        return self.now


def test_auto_rents_numpy_passes_until_those_to_come_would_cost_more_than_loading(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rule: nothing measured, numpy; after p numpy passes that took t seconds, compiled
    when the ``left`` passes still to come would take longer than the load (left·t/p >
    LOAD_COST), or once t itself reaches LOAD_COST; a run of unknown length (left None)
    waits for that.  Numpy passes cost 1 s here and loading costs 10 s."""
    from perceptron_ref.engine import driver

    monkeypatch.setattr(driver, "loaded", lambda: False)
    monkeypatch.setattr(driver, "LOAD_COST", 10.0)
    monkeypatch.setattr(driver, "time", _Clock(1.0))
    monkeypatch.setattr(driver, "RENT", driver.Rent())
    passes = driver.Passes(scaled(*SEPARABLE), 0, TIE_MISTAKE, "auto")
    W = passes.zero()
    assert passes.way(W, 1000) == RENTED and passes.way(W, None) == RENTED
    passes.one(W, False, None, "numpy")
    assert (passes.spent, passes.numpy_passes, driver.RENT.seconds) == (1.0, 1, 1.0)
    assert passes.way(W, 11) == "compiled"  # 11·1/1 > 10
    assert passes.way(W, 10) == RENTED  # 10·1/1 is not more than 10
    assert passes.way(W, None) == RENTED
    for _ in range(4):
        passes.one(W, False, None, "numpy")
    assert (passes.spent, passes.numpy_passes) == (5.0, 5)
    assert passes.way(W, 11) == "compiled" and passes.way(W, 10) == RENTED  # 11·5/5 > 10
    assert passes.way(W, None) == RENTED
    for _ in range(5):
        passes.one(W, False, None, "numpy")
    assert passes.spent == 10.0 and passes.way(W, None) == "compiled"  # t = LOAD_COST
    assert passes.way(W, 1) == "compiled"


def test_auto_counts_the_numpy_passes_of_every_run_in_the_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rent is the process's: a run that has made no numpy pass itself goes compiled
    once earlier runs have spent LOAD_COST in numpy (4 s, then 7 s here, against 10 s)."""
    from perceptron_ref.engine import driver

    monkeypatch.setattr(driver, "loaded", lambda: False)
    monkeypatch.setattr(driver, "LOAD_COST", 10.0)
    monkeypatch.setattr(driver, "RENT", driver.Rent())
    monkeypatch.setattr(driver, "time", _Clock(1.0))
    first = driver.Passes(scaled(*SEPARABLE), 0, TIE_MISTAKE, "auto")
    for _ in range(4):
        first.one(first.zero(), False, None, "numpy")
    second = driver.Passes(scaled(*CYCLING), 0, TIE_MISTAKE, "auto")
    for _ in range(3):
        assert second.way(second.zero(), None) == RENTED  # 4, 5, 6 s: not yet
        second.one(second.zero(), False, None, "numpy")
    assert (first.spent, second.spent, driver.RENT.seconds) == (4.0, 3.0, 7.0)
    third = driver.Passes(scaled(*SEPARABLE), 0, TIE_MISTAKE, "auto")
    assert third.way(third.zero(), 1) == RENTED
    third.one(third.zero(), False, None, "numpy")
    for _ in range(2):
        second.one(second.zero(), False, None, "numpy")
    assert driver.RENT.seconds == 10.0  # LOAD_COST: every run, new or not, goes compiled
    fresh = driver.Passes(scaled(*CYCLING), 0, TIE_MISTAKE, "auto")
    assert fresh.spent == 0.0 and fresh.way(fresh.zero(), 1) == "compiled"
    assert first.way(first.zero(), None) == "compiled"


def test_a_program_of_many_one_pass_runs_goes_compiled_once_its_numpy_passes_cost_a_load(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """run(..., engine="fast") called again and again on one-pass jobs: each numpy pass
    costs a quarter of the load here, so the first four runs make theirs in numpy and every
    later run in the compiled kernels; every trace is the literal one."""
    from perceptron_ref.engine import driver

    monkeypatch.setattr(driver, "loaded", lambda: False)  # the rent alone decides
    monkeypatch.setattr(driver, "LOAD_COST", 1.0)
    monkeypatch.setattr(driver, "RENT", driver.Rent())
    monkeypatch.setattr(driver, "time", _Clock(0.25))
    ways = logged_ways(monkeypatch)
    X, y = CYCLING
    literal = run("perceptron/mehta", X, y, record="summary")
    for _ in range(7):
        assert run("perceptron/mehta", X, y, record="summary", engine="fast") == literal
    assert ways == [RENTED] * 4 + ["compiled"] * 3
    assert driver.RENT.seconds == 1.0


def test_each_pass_tells_auto_how_many_passes_are_still_to_come(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rent-or-buy rule needs the passes still to come: a run of 4 epochs says 4, 3, 2,
    1 (whether its steps are kept or not), ``advance`` its passes asked less those made, and
    a run to convergence says it does not know (None)."""
    from perceptron_ref.engine import driver

    monkeypatch.setattr(driver, "loaded", lambda: False)
    monkeypatch.setattr(driver, "LOAD_COST", 1e9)  # numpy throughout
    told: list[int | None] = []
    way = driver.Passes.way

    def spy(self: driver.Passes, W: Any, left: int | None) -> str:
        told.append(left)
        return way(self, W, left)

    monkeypatch.setattr(driver.Passes, "way", spy)
    X, y = CYCLING
    for record in ("full", "summary"):
        told.clear()
        assert run("perceptron/mehta", X, y, epochs=4, engine="fast", record=record)
        assert told == [4, 3, 2, 1], record
    passes = driver.Passes(scaled(X, y), 0, TIE_MISTAKE, "auto")
    told.clear()
    assert passes.advance(passes.zero(), 3)[1:] == (
        3,
        one_by_one(X, y, 3, False, False)[2],
        "limit",
    )
    assert told == [3, 2, 1]
    passes = driver.Passes(scaled(*SEPARABLE), 0, TIE_MISTAKE, "auto")
    told.clear()
    assert passes.advance(passes.zero(), driver.ENDLESS, None, True)[3] == "clean"
    assert told and set(told) == {None}


def _limit_asked(
    X: Any, start: list[int], passes: int, monkeypatch: pytest.MonkeyPatch
) -> tuple[int, int, int, int]:
    """The passes the driver asks the compiled loop for in one call, from W = ``start``:
    (that limit, w_max, column_max, row_max as the driver bounds them)."""
    from perceptron_ref.engine import driver, kernel

    asked: list[int] = []

    def epochs(kind: int, X: Any, y: Any, W: Any, b: int, rule: int, limit: int,
               **rest: Any) -> tuple[int, int]:  # fmt: skip
        asked.append(limit)
        return limit, kernel.LIMIT  # W as it was: only the limit is looked at

    monkeypatch.setattr(kernel, "epochs", epochs)
    data = scaled(X, np.ones(len(X), dtype=np.int8))
    passes_of = driver.Passes(data, 0, TIE_MISTAKE, "compiled")
    W = np.array(start, dtype=np.int64)
    assert passes_of.way(W, passes) == "compiled"  # certified: bounds swept if need be
    passes_of._compiled(W, passes, None, False)
    return asked[0], max(map(abs, start)), passes_of.column_max, passes_of.row_max


@pytest.mark.parametrize(
    ("X", "start", "binding"),
    [
        (np.array([[1000, -1000], [500, 7]], dtype=np.int16), [0, 0], "int32"),
        (np.array([[1000, -1000], [500, 7]], dtype=np.int16), [2**40, -5], "int64"),
        (np.array([[1]], dtype=np.int8), [INT64_MAX - 10], "int64"),
        (np.full((1, 8192), 2**20, dtype=np.int32), [0] * 8192, "int64"),  # row_max 2**33
        (np.array([[3, 1]], dtype=np.int8), [0, 0], "passes"),
    ],
)
def test_the_compiled_passes_asked_at_once_are_the_most_the_certificate_covers(
    X: Any, start: list[int], binding: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every weight moves by at most column_max a pass: after L passes from w_max it is
    within w_max + L·column_max, and every score within that times row_max.  The driver
    asks for the most passes that keeps this inside int64 (and inside int32 when int32
    certifies the first of them), or the passes wanted if fewer."""
    wanted = 5 if binding == "passes" else 10**15
    limit, w_max, c, r = _limit_asked(X, start, wanted, monkeypatch)

    def fits(passes: int) -> tuple[bool, bool]:
        top = w_max + passes * c
        return top * max(r, 1) <= INT64_MAX, top <= INT32_MAX

    narrow = fits(1)[1]
    assert type(limit) is int and 1 <= limit <= wanted
    assert fits(limit)[0] and (fits(limit)[1] or not narrow)
    more = fits(limit + 1)
    assert {"passes": limit == wanted, "int64": not more[0], "int32": narrow and not more[1]}[
        binding
    ]


@pytest.mark.parametrize(
    ("kind", "big"),
    [(kind, False) for kind in ("PLAIN", "NARROW", "WORDS", "PAIRS", None)]
    + [(kind, True) for kind in ("PLAIN", "PAIRS", None)],  # the int32 kernels are not offered
)
def test_a_compiled_pass_is_the_big_integer_pass_whichever_kernel_is_fastest(
    kind: str | None, big: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``Passes.one`` in compiled passes, the kernel being the one ``fastest`` measures
    (None: really measured, from an empty cache), with weights inside int32 or beyond it
    (then only PLAIN and PAIRS may run): the scores, mistakes and W of Python integers; and
    the kernels count as loaded after it."""
    from perceptron_ref.engine import driver, kernel
    from perceptron_ref.engine.passes import python_pass

    X = np.random.default_rng(3).integers(0, 256, size=(9, 16), dtype=np.uint8)
    y = np.array([1, -1, -1, 1, 1, -1, 1, -1, 1], dtype=np.int8)
    start = [(2**40 if big else 2**20) * (-1) ** j + j for j in range(16)]
    monkeypatch.setattr(kernel, "LOADED", False)
    monkeypatch.setattr(kernel, "_FASTEST", {})
    if kind is not None:
        chosen = getattr(kernel, kind)
        monkeypatch.setattr(kernel, "fastest", lambda *args: chosen)
    W_big, kept = list(start), list[tuple[int, bool]]()
    k = python_pass(X, y.tolist(), W_big, 0, TIE_MISTAKE, kept)
    passes = driver.Passes(scaled(X, y), 0, TIE_MISTAKE, "compiled")
    W = np.array(start, dtype=np.int64)
    assert passes.way(W, 1) == "compiled"
    W, got, got_kept = passes.one(W, True, 1, "compiled")
    assert (np.asarray(W).tolist(), got, got_kept) == (W_big, k, kept)
    assert driver.loaded()
