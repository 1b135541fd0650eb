"""Hypothesis strategies for the targets of Winnow and Halving, with their certificates.

Winnow's targets are monotone linear threshold functions over {0, 1}ⁿ, given by an
integer w* ≥ 0 and thresholds: positive iff w*·x ≥ c, negative iff w*·x ≤ c − γ (points
in between are not drawn).  Disjunctions (w* = the r relevant indicators, c = γ = 1) and
k-of-r functions (c = k, γ = 1) are the special cases.  Halving's data are separable with
a margin large enough for a small cover: see :func:`cover_data`.

>>> from hypothesis import given, settings
>>> from perceptron_ref import run
>>> from perceptron_ref.bounds import winnow_disjunction_bound
>>> @settings(max_examples=20)
... @given(disjunctions(max_n=12))
... def test_winnow_bound(t: BooleanTarget) -> None:
...     assert run("winnow/disjunction", t.X, t.y).mistakes <= winnow_disjunction_bound(t.r, t.n)
>>> test_winnow_bound()
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import isqrt

from hypothesis import strategies as st

from perceptron_ref.testing import unit_vectors
from perceptron_ref.vectors import Label, Vector, add, dot, norm2, scale

__all__ = ["BooleanTarget", "CoverData", "cover_data", "disjunctions", "k_of_r", "ltfs"]


@dataclass(frozen=True)
class BooleanTarget:
    """0/1 examples labelled by the LTF (w*, c, γ): + iff w*·x ≥ c, − iff w*·x ≤ c − γ."""

    n: int
    w_star: Vector
    c: Fraction
    gamma: Fraction
    X: tuple[Vector, ...]
    y: tuple[Label, ...]

    @property
    def relevant(self) -> tuple[int, ...]:
        """The features with w*_i > 0."""
        return tuple(i for i, w_i in enumerate(self.w_star) if w_i > 0)

    @property
    def r(self) -> int:
        return len(self.relevant)

    @property
    def L1(self) -> Fraction:
        return sum(self.w_star, Fraction(0))


@st.composite
def _points(draw: st.DrawFn, n: int, size: int) -> list[Vector]:
    """0/1 points; the density of ones is drawn too, so sparse and dense sets both occur."""
    density = draw(st.integers(1, 4))
    bit = st.integers(0, 4).map(lambda v: Fraction(int(v < density)))
    return [tuple(draw(st.lists(bit, min_size=n, max_size=n))) for _ in range(size)]


@st.composite
def ltfs(
    draw: st.DrawFn,
    *,
    max_n: int = 24,
    max_weight: int = 3,
    max_size: int = 40,
    weights: st.SearchStrategy[int] | None = None,
    threshold: int | None = None,
) -> BooleanTarget:
    """A monotone LTF with integer w* ≥ 0 (some w*_i > 0), c ≥ 1, γ ∈ {1, 2} (γ ≤ c)."""
    n = draw(st.integers(1, max_n))
    w_star = tuple(
        Fraction(v)
        for v in draw(
            st.lists(
                st.integers(0, max_weight) if weights is None else weights, min_size=n, max_size=n
            )
        )
    )
    if not any(w_star):
        w_star = (Fraction(1), *w_star[1:])
    total = int(sum(w_star))
    c = Fraction(threshold if threshold is not None else draw(st.integers(1, total)))
    gamma = Fraction(draw(st.integers(1, min(2, int(c)))))
    X: list[Vector] = []
    y: list[Label] = []
    for x in draw(_points(n, draw(st.integers(1, max_size)))):
        s = dot(w_star, x)
        if s >= c or s <= c - gamma:  # points inside the margin are not in the target's domain
            X.append(x)
            y.append(1 if s >= c else -1)
    if not X:
        X, y = [(Fraction(0),) * n], [-1]  # the zero point: w*·0 = 0 ≤ c − γ
    return BooleanTarget(n, w_star, c, gamma, tuple(X), tuple(y))


def disjunctions(*, max_n: int = 24, max_size: int = 40) -> st.SearchStrategy[BooleanTarget]:
    """Examples labelled by a monotone disjunction of r ≥ 1 of the n variables (c = γ = 1)."""
    return ltfs(max_n=max_n, max_size=max_size, weights=st.integers(0, 1), threshold=1)


@st.composite
def k_of_r(draw: st.DrawFn, *, max_n: int = 24, max_size: int = 40) -> BooleanTarget:
    """Examples labelled by "at least k of the r relevant variables are 1" (c = k, γ = 1)."""
    n = draw(st.integers(1, max_n))
    relevant = draw(st.sets(st.integers(0, n - 1), min_size=1))
    w_star = tuple(Fraction(int(i in relevant)) for i in range(n))
    k = Fraction(draw(st.integers(1, len(relevant))))
    X = tuple(draw(_points(n, draw(st.integers(1, max_size)))))
    y: tuple[Label, ...] = tuple(1 if dot(w_star, x) >= k else -1 for x in X)
    return BooleanTarget(n, w_star, k, Fraction(1), X, y)


@dataclass(frozen=True)
class CoverData:
    """Separable data for halving/cover: unit w*, margin γ, and ε = 1/m ≤ γ/2R."""

    X: tuple[Vector, ...]
    y: tuple[Label, ...]
    w_star: Vector
    gamma: Fraction
    R_squared: Fraction
    m: int

    @property
    def epsilon(self) -> Fraction:
        return Fraction(1, self.m)


def sqrt_above(q: Fraction) -> Fraction:
    """A rational ≥ √q (to within 1/64)."""
    r = Fraction(isqrt(q.numerator * 4096 // q.denominator) + 1, 64)
    assert r * r >= q
    return r


@st.composite
def cover_data(draw: st.DrawFn, *, max_dimension: int = 3, max_size: int = 20) -> CoverData:
    """Points with coordinates in [−1, 1] pushed to margin ≥ 1/2 along a unit w*; ε = 1/m
    with m = ⌈2R⁺/γ⌉ for a rational R⁺ ≥ R, so Mehta's ε ≤ γ/2R holds and covers stay small."""
    d = draw(st.integers(1, max_dimension))
    w_star = draw(unit_vectors(d))
    gamma0 = Fraction(1, 2)
    coordinate = st.builds(Fraction, st.integers(-4, 4), st.just(4))
    X: list[Vector] = []
    y: list[Label] = []
    for _ in range(draw(st.integers(1, max_size))):
        x = tuple(draw(st.lists(coordinate, min_size=d, max_size=d)))
        label: Label = draw(st.sampled_from([-1, 1]))
        margin = label * dot(w_star, x)
        if margin < gamma0:
            x = add(x, scale((gamma0 - margin) * label, w_star))  # ‖w*‖ = 1
        X.append(x)
        y.append(label)
    gamma = min(t * dot(w_star, x) for x, t in zip(X, y, strict=True))
    R_squared = max(map(norm2, X))
    m = -(-2 * sqrt_above(R_squared) // gamma)  # ⌈2R⁺/γ⌉
    return CoverData(tuple(X), tuple(y), w_star, gamma, R_squared, int(m))
