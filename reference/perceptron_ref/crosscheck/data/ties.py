"""The ``ties`` regime: small data with many zero scores, drawn by Hypothesis.

Its own module so that a crosscheck whose data come from the cache
(:mod:`~perceptron_ref.crosscheck.judge.cache`) does not import Hypothesis (a third of a
second) for data it does not draw.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from hypothesis import HealthCheck, Phase, assume, given, seed, settings
from hypothesis import strategies as st

from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.vectors import Label, Vector, add, dot


def _coordinates(dyadic: bool) -> st.SearchStrategy[Fraction]:
    denominators = [1, 2] if dyadic else [1, 2, 3]
    value = st.builds(Fraction, st.integers(-4, 4), st.sampled_from(denominators))
    return st.one_of(st.just(Fraction(0)), value)  # zeros first: ties come from them


@st.composite
def tie_heavy(
    draw: st.DrawFn,
    *,
    bias: bool,
    dyadic: bool,
    separable: bool,
    max_dimension: int = 12,
    dimension: int | None = None,
) -> Data:
    """Small data with many zero scores; labelled by an integer w* when ``separable``."""
    d = dimension or draw(st.one_of(st.integers(1, 4), st.integers(1, max_dimension)))
    n = draw(st.integers(1, 12))
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


def draw(
    data: st.SearchStrategy[Data],
    count: int,
    seed_: int,
    keep: Callable[[Data], bool] | None = None,
) -> list[Data]:
    """``count`` data sets from ``data`` (fewer if Hypothesis runs out), deterministic in
    ``seed_``; ``keep`` (a predicate) rejects data sets, e.g. those a batch run cannot finish."""
    found: list[Data] = []
    if count <= 0:
        return found

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
