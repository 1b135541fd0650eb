"""Kills for mutants of ``bounds.py`` that ``make mutation`` found alive (issue 7).

Every expected value is computed by hand from the theorem's formula, shown in the comment.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from perceptron_ref import bounds
from perceptron_ref.errors import InputError


def test_the_halving_limit_at_an_integer_ratio_takes_that_integer_as_the_ceiling() -> None:
    # R = 3/4, γ = 1: 8R/γ = 6 exactly, so ⌈8R/γ⌉ = 6 and ⌊1·log2(6 + 1)⌋ = ⌊log2 7⌋ = 2.
    # (A ceiling taken one too high, 7, gives ⌊log2 8⌋ = 3.)
    assert bounds.halving_mistake_limit(1, Fraction(9, 16), Fraction(1)) == 2
    # R = 7/8, γ = 1: 8R/γ = 7, ⌊log2 8⌋ = 3; d = 2: ⌊log2 64⌋ = 6.
    assert bounds.halving_mistake_limit(1, Fraction(49, 64), Fraction(1)) == 3
    assert bounds.halving_mistake_limit(2, Fraction(49, 64), Fraction(1)) == 6


def test_the_hinge_loss_of_no_examples_is_the_fraction_zero() -> None:
    # An empty sum is 0; the function is declared to return a Fraction, so 0 as a Fraction.
    loss = bounds.hinge_loss([], Fraction(1, 2))
    assert loss == 0
    assert type(loss) is Fraction


def test_the_ltf_bound_refuses_a_zero_margin_by_naming_the_hypotheses() -> None:
    # γ = 0 breaks 0 < γ ≤ c; the error must say which hypotheses the theorem needs.
    with pytest.raises(
        InputError, match=r"^winnow/ltf bound needs 0 < γ ≤ c, ε > 0, n ≥ 1, L₁ ≥ 0$"
    ):
        bounds.winnow_ltf_bound(1, 1, 0, 2, Fraction(1, 2))


def test_the_ltf_bound_accepts_l1_zero() -> None:
    # L₁ = 0, c = γ = 1, n = 2, ε = 1/2: L = ⌈log_{3/2} 2⌉ = 2, γ(1 + ε) − cε = 1,
    # P = (0·2 + 0·(3/2)/(1/2)) / 1 = 0, M < P + (1 + ε)/ε + (1 + ε)P = 0 + 3 + 0 = 3.
    assert bounds.winnow_ltf_bound(0, 1, 1, 2, Fraction(1, 2)) == 3
