"""The data a candidate is tried on, drawn by Hypothesis.

Two families: :func:`perceptron_ref.testing.separable_data` (exact rationals, margin
γ > 0, shuffled by :func:`~perceptron_ref.testing.reorderings`) and :func:`tie_heavy`:
small coordinates, many zeros, so that scores w·x = 0 come often, which is where the
notes' variants differ.  Batch algorithms and ``--epochs converge`` get separable data
only (on other data the reference proves a cycle, but a candidate would loop for ever).

A candidate that computes in floats gets only data on which float64 is exact: small
dyadic rationals, checked along the whole reference run by :func:`float_exact`, so its
results compare with the reference exactly, with no tolerance.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from hypothesis import HealthCheck, Phase, assume, given, seed, settings
from hypothesis import strategies as st

from perceptron_ref.crosscheck.outcomes import Data
from perceptron_ref.testing import reorderings, separable_data
from perceptron_ref.trace import Trace
from perceptron_ref.vectors import Label, Vector, add, dot

FLOAT_DENOMINATOR = 2**8
FLOAT_MAGNITUDE = 2**16
"""Bounds on every input and weight for float data: a product then has denominator ≤ 2¹⁶
and magnitude ≤ 2³², a dot product of ≤ 8 terms needs ≤ 51 bits: float64 holds it exactly."""


def _coordinates(dyadic: bool) -> st.SearchStrategy[Fraction]:
    denominators = [1, 2] if dyadic else [1, 2, 3]
    value = st.builds(Fraction, st.integers(-4, 4), st.sampled_from(denominators))
    return st.one_of(st.just(Fraction(0)), value)  # zeros first: ties come from them


@st.composite
def tie_heavy(
    draw: st.DrawFn, *, bias: bool, dyadic: bool, separable: bool, max_dimension: int = 4
) -> Data:
    """Small data with many zero scores; labelled by an integer w* when ``separable``."""
    d = draw(st.integers(1, max_dimension))
    n = draw(st.integers(1, 10))
    X: list[Vector] = [tuple(draw(st.lists(_coordinates(dyadic), min_size=d, max_size=d)))]
    for _ in range(n - 1):
        if X and draw(st.integers(0, 4)) == 0:
            X.append(draw(st.sampled_from(X)))  # a repeated point
        else:
            X.append(tuple(draw(st.lists(_coordinates(dyadic), min_size=d, max_size=d))))
    if not separable:
        y: list[Label] = draw(st.lists(st.sampled_from([1, -1]), min_size=n, max_size=n))
        return tuple(X), tuple(y)
    w_star = tuple(Fraction(draw(st.integers(-2, 2))) for _ in range(d + bias))
    direction = w_star[1:] if bias else w_star
    assume(any(direction))
    y = []
    for i, x in enumerate(X):
        s = dot(w_star, (Fraction(1), *x) if bias else x)
        if s == 0:  # move x off the separator: s grows by ‖direction‖² > 0
            X[i] = x = add(x, direction)
            s = dot(w_star, (Fraction(1), *x) if bias else x)
        y.append(1 if s > 0 else -1)
    return tuple(X), tuple(y)


@st.composite
def _separable(draw: st.DrawFn, bias: bool) -> Data:
    data = draw(reorderings(draw(separable_data(max_dimension=4, max_size=12, bias=bias))))
    return data.X, data.y


def strategy(*, bias: bool, floats: bool, separable: bool) -> st.SearchStrategy[Data]:
    """The data sets for a candidate (``floats``: only float64-exact ones)."""
    ties = tie_heavy(bias=bias, dyadic=floats, separable=separable)
    return ties if floats else st.one_of(ties, _separable(bias))


def float_exact(data: Data, trace: Trace) -> bool:
    """Is every input, score and weight of this run a small dyadic rational?"""
    numbers = [v for x in data[0] for v in x]
    numbers += [v for s in trace.steps for v in (*s.weights, s.score)]
    return all(
        v.denominator <= FLOAT_DENOMINATOR
        and v.denominator & (v.denominator - 1) == 0
        and abs(v) <= FLOAT_MAGNITUDE
        for v in numbers
    )


def draw(
    data: st.SearchStrategy[Data],
    count: int,
    seed_: int,
    keep: Callable[[Data], bool] | None = None,
) -> list[Data]:
    """``count`` data sets from ``data`` (fewer if Hypothesis runs out), deterministic in
    ``seed_``; ``keep`` (a predicate) rejects data sets, e.g. those a batch run cannot finish."""
    found: list[Data] = []

    @settings(
        max_examples=count,
        database=None,
        derandomize=False,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @seed(seed_)
    @given(data)
    def collect(example: Data) -> None:
        assume(keep is None or keep(example))
        if example not in found:
            found.append(example)

    collect()
    return found
