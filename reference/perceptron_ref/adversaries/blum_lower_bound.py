"""Blum's lower bound: 1/γ² mistakes are unavoidable (Blum, Lecture 4, "Lower bound").

"It's not possible in general to get < 1/γ² mistakes.  Proof: consider 1/γ² coordinate
vectors.  w* = ±γx₁ ± γx₂ ± … ± γx_{1/γ²}, ‖w*‖ = 1, |w*·x| = γ."

The adversary shows e₁, …, e_N (N = 1/γ²) and labels each against the learner, so any
deterministic online learner errs N times; whatever the labels, w* = Σ yᵢγeᵢ has
‖w*‖² = Nγ² = 1 and yᵢ⟨w*, eᵢ⟩ = γ: unit vectors, margin γ, and 1/γ² mistakes, which
meets Blum's upper bound 1/γ² (``perceptron_ref.bounds.blum_unit_bound``) exactly.
With rational γ, 1/γ² is an integer only for γ = 1/m (N = m²).

>>> data = blum_lower_bound(Fraction(1, 2), "perceptron/mehta")
>>> data.y, data.mistakes, [str(v) for v in data.w_star]
((-1, -1, -1, -1), 4, ['-1/2', '-1/2', '-1/2', '-1/2'])
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from perceptron_ref.adversaries import Learner, against, predictor
from perceptron_ref.errors import InputError
from perceptron_ref.numbers import to_fraction
from perceptron_ref.vectors import Label, Vector, zeros


@dataclass(frozen=True)
class LowerBound:
    """The data built against a learner, with the certificate of the theorem's hypotheses."""

    X: tuple[Vector, ...]
    y: tuple[Label, ...]
    w_star: Vector
    gamma: Fraction
    mistakes: int


def coordinate(i: int, N: int) -> Vector:
    """The coordinate vector eᵢ of Rᴺ (0-based i)."""
    return tuple(Fraction(1) if j == i else Fraction(0) for j in range(N))


def blum_lower_bound(gamma: object, learner: Learner, **options: object) -> LowerBound:
    """The N = 1/γ² coordinate vectors, labelled against ``learner`` (an ID or a callable)."""
    g = to_fraction(gamma)
    if not 0 < g <= 1 or (1 / g**2).denominator != 1:
        raise InputError(f"gamma must be in (0, 1] with 1/gamma² an integer, got {g}")
    N = int(1 / g**2)
    predict = predictor(learner, **options)
    history: list[tuple[Vector, Label]] = []
    for i in range(N):
        x = coordinate(i, N)
        history.append((x, against(predict, history, x)))
    X = tuple(x for x, _ in history)
    y = tuple(t for _, t in history)
    w_star = tuple(t * g for t in y)  # w* = Σ yᵢ γ eᵢ
    assert sum((a * a for a in w_star), Fraction(0)) == 1
    assert w_star != zeros(N)
    return LowerBound(X, y, w_star, g, N)
