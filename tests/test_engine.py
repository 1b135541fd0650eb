"""Differential tests: the fast engine's trace equals the literal reference's, trace for trace.

Every test runs the same call twice, ``engine="literal"`` (the notes' Fraction loops) and
``engine="fast"`` (integer scaling, compiled int64 passes, big-integer fallback), and
compares the whole :class:`Trace` (steps, scores, predictions, w after every step,
totals, status, cycle).  The data are drawn to hit what could differ: zero scores (small
integers and many zeros), non-separable sets (cycles, ``max_epochs``), big numerators and
denominators (the scale D and Python-int data), and weights that cross the int64 bound.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_ref import InputError, Trace, registry, run
from perceptron_ref.engine import AUTO_SIZE, SUPPORTED, chosen
from perceptron_ref.runner import Epochs
from perceptron_ref.testing import SeparableData, reorderings, separable_data
from perceptron_ref.vectors import show
from tests.helpers import BATCH, CORE
from tests.test_input import run_refused
from tests.test_run import BLUM_X, BLUM_Y

Rows = list[list[Fraction]]


def both(algorithm: str, X: Any, y: Any, **options: Any) -> tuple[Trace, Trace]:
    return run(algorithm, X, y, **options), run(algorithm, X, y, engine="fast", **options)


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
        assert not chosen(algorithm, np.zeros((10**5, 1)), "auto")


def test_auto_picks_the_engine_above_the_size_threshold_only() -> None:
    big = np.ones((AUTO_SIZE, 1), dtype=np.int8)
    assert chosen("perceptron/mehta", big, "auto")
    assert not chosen("perceptron/mehta", big[:-1], "auto")
    assert not chosen("perceptron/mehta", iter([(1,)]), "auto")  # an iterator is not counted
    assert run("perceptron/mehta", big, np.ones(AUTO_SIZE), engine="auto").mistakes == 0


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
