"""The float64 bound that lets a float candidate with any learning rate agree is rigorous
(every correct float64 run lies within it, whatever its summation order), tight where
float64 is exact (zero for a power-of-two rate), and can fail (a perturbed or float32 answer
lies outside); and the integer replay the bound is carried on is the reference's run."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from hypothesis import assume, given
from hypothesis import strategies as st

from perceptron_ref import registry, run
from perceptron_ref.crosscheck.candidates.outcomes import Data, Returned
from perceptron_ref.crosscheck.data.datasets import Needs, near_zero
from perceptron_ref.crosscheck.data.ties import tie_heavy
from perceptron_ref.crosscheck.judge.equivalence import matches, most, simplest
from perceptron_ref.crosscheck.judge.floats import bounded, exact
from perceptron_ref.crosscheck.judge.replay import replay, rule, same_run, scaled
from perceptron_ref.runner import Epochs

ONLINE = ["perceptron/blum", "perceptron/mehta", "perceptron/gormley-online", "perceptron/ssbd"]


@given(
    tie_heavy(bias=False, dyadic=False, separable=True),
    st.sampled_from(sorted(registry.PERCEPTRONS)),
    st.booleans(),
    st.sampled_from([1, 3, "converge"]),
)
def test_the_integer_replay_is_the_reference_run(
    data: Data, algorithm: str, bias: bool, epochs: Epochs
) -> None:
    batch = algorithm in ("perceptron/gormley-batch", "perceptron/press")
    epochs = "converge" if batch else epochs
    if batch:
        trace = run(algorithm, *data, bias=bias, max_epochs=1000)
    elif epochs == "converge":
        trace = run(algorithm, *data, bias=bias, epochs="converge", max_epochs=1000)
    else:
        trace = run(algorithm, *data, bias=bias, epochs=epochs)
    assume(trace.status != "cycled")
    s = scaled(*data, bias=bias)
    r = replay(
        s,
        rule(registry.get(algorithm).zero_score),
        passes=None if epochs == "converge" else int(epochs),
    )
    assert same_run(s, r, trace)


def float_run(data: Data, eta: float, algorithm: str, *, python_sum: bool) -> tuple[Fraction, ...]:
    """A correct float64 implementation: w ← w + η·y·x on the rule's mistakes, the score
    summed by numpy (pairwise, BLAS) or by Python (left to right)."""
    mistake = rule(registry.get(algorithm).zero_score)
    X = np.array(data[0], dtype=object).astype(np.float64)
    w = np.zeros(X.shape[1])
    for x, t in zip(X, data[1], strict=True):
        s = sum(float(a) * float(b) for a, b in zip(w, x, strict=True)) if python_sum else w @ x
        if mistake(s, t):
            w = w + eta * t * x
    return tuple(Fraction(float(v)) for v in w)


RATES = [(0.1, Fraction(1, 10)), (0.01, Fraction(1, 100)), (1 / 3, Fraction(1, 3)),
         (0.37, Fraction(37, 100)), (3.0, Fraction(3)), (1e-7, Fraction(1, 10**7))]  # fmt: skip


def near_zero_data() -> st.SearchStrategy[Data]:
    """The crosscheck's near-zero regime (scores down to 2^-48), drawn from a seed."""
    needs = Needs(False, False, True, True)
    return st.builds(lambda k: near_zero(np.random.default_rng(k), needs), st.integers(0, 10**6))


@given(
    st.one_of(tie_heavy(bias=False, dyadic=True, separable=False), near_zero_data()),
    st.sampled_from(RATES),
    st.sampled_from(ONLINE),
    st.booleans(),
)
def test_every_correct_float64_run_with_any_learning_rate_is_within_the_bound(
    data: Data, rate: tuple[float, Fraction], algorithm: str, python_sum: bool
) -> None:
    s = scaled(*data, bias=False)
    mistake = rule(registry.get(algorithm).zero_score)
    assume(exact(s, mistake, passes=1))
    got = float_run(data, rate[0], algorithm, python_sum=python_sum)
    W = run(algorithm, *data).weights
    found = matches(Returned(got), W, None, rate[1], floats=True, data=s, mistake=mistake)
    assert found.ok, (got, W)


@given(tie_heavy(bias=False, dyadic=True, separable=False), st.sampled_from(ONLINE))
def test_at_a_power_of_two_rate_the_bound_is_zero_and_float64_is_exact(
    data: Data, algorithm: str
) -> None:
    s = scaled(*data, bias=False)
    mistake = rule(registry.get(algorithm).zero_score)
    assume(exact(s, mistake, passes=1))
    b = bounded(s, mistake, Fraction(1, 4), passes=1)
    assert set(b.e) <= {0} and b.uncertain == ()
    got = float_run(data, 0.25, algorithm, python_sum=False)
    assert got == tuple(v / 4 for v in run(algorithm, *data).weights)


def test_an_answer_just_outside_the_bound_is_rejected() -> None:
    data: Data = (((Fraction(3), Fraction(1)), (Fraction(-1), Fraction(2))), (1, -1))
    s, mistake = scaled(*data, bias=False), rule("tie-mistake")
    W = run("perceptron/gormley-online", *data).weights
    got = float_run(data, 0.1, "perceptron/gormley-online", python_sum=False)
    c = Fraction(1, 10)
    assert matches(Returned(got), W, None, c, floats=True, data=s, mistake=mistake).ok
    e = bounded(s, mistake, c, passes=1).e
    assert all(0 < b < Fraction(1, 10**15) for b in e)  # a few units in the last place
    off = (c * W[0] + 2 * e[0], got[1])
    assert not matches(Returned(off), W, None, c, floats=True, data=s, mistake=mistake).ok


def test_a_float32_run_is_outside_the_float64_bound() -> None:
    data: Data = (((Fraction(16777217), Fraction(1)), (Fraction(3), Fraction(-5))), (1, -1))
    s, mistake = scaled(*data, bias=False), rule("tie-mistake")
    X = np.array(data[0], dtype=object).astype(np.float32)
    w = np.zeros(2, dtype=np.float32)
    for x, t in zip(X, data[1], strict=True):
        if t * (w @ x) <= 0:
            w = w + np.float32(t) * x
    got = tuple(Fraction(float(v)) for v in w)
    W = run("perceptron/gormley-online", *data).weights
    assert not matches(Returned(got), W, None, Fraction(1), floats=True, data=s, mistake=mistake).ok


def test_a_learning_rate_reads_as_its_simplest_number() -> None:
    assert simplest(Fraction(999, 100000), Fraction(1001, 100000)) == Fraction(1, 100)
    assert simplest(Fraction(3333333, 10**7), Fraction(3333334, 10**7)) == Fraction(1, 3)
    tight = Fraction(123456789, 10**9)
    assert simplest(tight - Fraction(1, 10**15), tight + Fraction(1, 10**15)) == tight
    # the rate most data sets show wins over one a rounding sent elsewhere
    found = most([(Fraction(1, 10), Fraction(1, 10)), (Fraction(1, 10), Fraction(1, 10)),
                  (Fraction(3, 10), Fraction(3, 10))])  # fmt: skip
    assert found == ((Fraction(1, 10), Fraction(1, 10)), 2)
