"""Hypothesis strategies for exact separable-with-margin data: use them to test your own code.

>>> from hypothesis import given
>>> from perceptron_ref import run
>>> @given(separable_data(max_dimension=3, max_size=10))
... def test_mistake_bound(data: SeparableData) -> None:
...     assert run("perceptron/mehta", data.X, data.y).mistakes <= data.bound
>>> test_mistake_bound()

Every data set carries its certificate: an exact rational *unit* vector w* (inverse
stereographic projection of a rational point, so ‖w*‖² = 1 exactly), the margin
γ = min y·⟨w*, x⟩ > 0 (exact) and R² = max ‖x‖² (exact).  With ``bias=True`` the
certificate is for the augmented vectors (1, x), which is what the learners see.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from hypothesis import strategies as st

from perceptron_ref.bounds import perceptron_mistake_bound
from perceptron_ref.vectors import Label, Vector, add, dot, norm2, scale

__all__ = ["SeparableData", "rationals", "reorderings", "separable_data", "unit_vectors"]


@dataclass(frozen=True)
class SeparableData:
    """Examples with the certificate of their separability."""

    X: tuple[Vector, ...]
    y: tuple[Label, ...]
    w_star: Vector
    gamma: Fraction
    R_squared: Fraction
    bias: bool = False

    @property
    def bound(self) -> Fraction:
        """R²/γ², the perceptron's mistake bound on these data."""
        return Fraction(perceptron_mistake_bound(self.R_squared, self.gamma))

    def augmented(self) -> tuple[Vector, ...]:
        """The vectors the learner sees: (1, x) with ``bias``, x without."""
        return tuple((Fraction(1), *x) for x in self.X) if self.bias else self.X


def rationals(max_numerator: int = 10, max_denominator: int = 4) -> st.SearchStrategy[Fraction]:
    """Small exact rationals n/q, |n| ≤ max_numerator, 1 ≤ q ≤ max_denominator."""
    return st.builds(
        Fraction,
        st.integers(-max_numerator, max_numerator),
        st.integers(1, max_denominator),
    )


def _stereographic(t: Vector) -> Vector:
    """The inverse stereographic projection of t ∈ Qᵈ⁻¹: a rational point of the unit sphere."""
    n = norm2(t)
    return (*(2 * a / (n + 1) for a in t), (n - 1) / (n + 1))


@st.composite
def unit_vectors(draw: st.DrawFn, d: int) -> Vector:
    """Exact rational unit vectors in dimension d (‖u‖² = 1 exactly)."""
    if d == 1:
        return (Fraction(draw(st.sampled_from([-1, 1]))),)
    t = tuple(draw(st.lists(rationals(5, 5), min_size=d - 1, max_size=d - 1)))
    u = _stereographic(t)
    # Stereographic images miss the pole (0, …, 0, 1): reflect the last axis to reach it.
    if draw(st.booleans()):
        u = (*u[:-1], -u[-1])
    assert norm2(u) == 1
    return u


@st.composite
def separable_data(
    draw: st.DrawFn,
    *,
    min_dimension: int = 1,
    max_dimension: int = 8,
    min_size: int = 1,
    max_size: int = 60,
    bias: bool = False,
) -> SeparableData:
    """Data separable by a unit w* with margin γ > 0, in dimensions and sizes as given.

    Each point is drawn freely with a label, then, if it lies closer than the drawn γ to
    the separator (or on the wrong side), moved along w* until y·⟨w*, x⟩ = γ exactly.
    """
    d = draw(st.integers(min_dimension, max_dimension))
    D = d + 1 if bias else d
    w_star = draw(unit_vectors(D))
    if bias and norm2(w_star[1:]) == 0:
        w_star = (Fraction(0), *w_star[1:-1], Fraction(1))  # (±1, 0, …) can't separate (1, x)
    gamma0 = draw(st.builds(Fraction, st.integers(1, 8), st.integers(1, 8)))
    n = draw(st.integers(min_size, max_size))
    direction = (Fraction(0), *w_star[1:]) if bias else w_star
    X: list[Vector] = []
    y: list[Label] = []
    for _ in range(n):
        x = tuple(draw(st.lists(rationals(), min_size=d, max_size=d)))
        label: Label = draw(st.sampled_from([-1, 1]))
        a = (Fraction(1), *x) if bias else x
        margin = label * dot(w_star, a)
        if margin < gamma0:
            a = add(a, scale((gamma0 - margin) * label / norm2(direction), direction))
        X.append(a[1:] if bias else a)
        y.append(label)
    seen = [(Fraction(1), *x) if bias else x for x in X]
    gamma = min(t * dot(w_star, a) for a, t in zip(seen, y, strict=True))
    assert gamma >= gamma0 > 0
    return SeparableData(tuple(X), tuple(y), w_star, gamma, max(map(norm2, seen)), bias)


@st.composite
def reorderings(draw: st.DrawFn, data: SeparableData) -> SeparableData:
    """The same examples (and certificate) in another order."""
    order = draw(st.permutations(range(len(data.X))))
    return SeparableData(
        tuple(data.X[i] for i in order),
        tuple(data.y[i] for i in order),
        data.w_star,
        data.gamma,
        data.R_squared,
        data.bias,
    )
