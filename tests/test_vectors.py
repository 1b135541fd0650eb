"""Exact vector arithmetic (``perceptron_ref.vectors``): vectors of different dimensions are
refused, with asserts on or off (``python -O``), and the empty inner product is the exact
Fraction 0."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import pytest

from perceptron_ref.vectors import add, dot, norm2


def test_dot_and_add_refuse_vectors_of_different_dimensions() -> None:
    # <(1), (1, 2)> and (1) + (1, 2) have no meaning: the internal invariant names the problem.
    with pytest.raises(AssertionError, match=r"^dimension mismatch$"):
        dot((Fraction(1),), (Fraction(1), Fraction(2)))
    with pytest.raises(AssertionError, match=r"^dimension mismatch$"):
        add((Fraction(1),), (Fraction(1), Fraction(2)))


@pytest.mark.parametrize("operation", ["dot", "add"])
def test_different_dimensions_are_refused_even_without_asserts(operation: str) -> None:
    # Under python -O the asserts are gone; zip(..., strict=True) still refuses (ValueError)
    # instead of truncating (1) and (1, 2) to one coordinate.  The subprocess inherits this
    # environment.  The in-process calls first (equal dimensions: <(1), (2)> = 2 and
    # (1) + (2) = (3)) let mutmut's per-test coverage see that this test reaches the function.
    one, two = (Fraction(1),), (Fraction(2),)
    assert dot(one, two) == 2
    assert add(one, two) == (Fraction(3),)
    code = (
        "from fractions import Fraction as F\n"
        f"from perceptron_ref.vectors import {operation}\n"
        "try:\n"
        f"    print({operation}((F(1),), (F(1), F(2))))\n"
        "except ValueError:\n"
        "    print('refused')\n"
    )
    result = subprocess.run(
        [sys.executable, "-O", "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout == "refused\n"


def test_the_empty_inner_product_is_the_fraction_zero() -> None:
    # Σ over no coordinates is 0, and dot returns a Fraction (exact arithmetic throughout).
    assert repr(dot((), ())) == "Fraction(0, 1)"
    assert repr(norm2(())) == "Fraction(0, 1)"
