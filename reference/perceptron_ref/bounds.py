"""Each theorem's bound, written once.

The property tests evaluate these functions on exact rationals; the proofs in ``proofs/``
call the very same functions on sympy symbols and check that the proved chain of steps
ends in the expression they return.  So the two cannot drift apart.  Every argument is
a squared length or a margin, so the bounds stay rational on rational data.

>>> from fractions import Fraction as F
>>> perceptron_mistake_bound(F(5), F(1, 2))
Fraction(20, 1)
>>> import sympy
>>> R2, gamma = sympy.symbols("R2 gamma", positive=True)
>>> perceptron_mistake_bound(R2, gamma)
R2/gamma**2
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, TypeVar

Num = TypeVar("Num", Fraction, Any)
"""A Fraction (the tests) or a sympy expression (the proofs)."""


def perceptron_mistake_bound(R_squared: Num, gamma: Num) -> Num:
    """Block–Novikoff (novikoff/mehta, novikoff/gormley, novikoff/press): k ≤ R²/γ²."""
    return R_squared / gamma**2


def blum_unit_bound(gamma: Num) -> Num:
    """perceptron/blum-unit: with ‖x‖ = 1 and ‖w*‖ = 1, M ≤ 1/γ²."""
    return 1 / gamma**2


def blum_hinge_bound(gamma: Num, hinge_loss: Num) -> Num:
    """perceptron/blum-hinge: M ≤ 1/γ² + 2·(γ-hinge-loss of w*), for ‖x‖ = 1."""
    return 1 / gamma**2 + 2 * hinge_loss


def hinge_loss(margins: list[Fraction], gamma: Fraction) -> Fraction:
    """Blum's γ-hinge-loss Σ max[0, 1 − ℓ(x)(x·w*)/γ], given the margins ℓ(x)(x·w*).

    >>> hinge_loss([Fraction(1), Fraction(-1, 2), Fraction(1, 4)], Fraction(1, 2))
    Fraction(5, 2)
    """
    return sum((max(Fraction(0), 1 - m / gamma) for m in margins), Fraction(0))
