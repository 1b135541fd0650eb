"""Correct, returns sympy Rationals and numpy scalars: Blum's rule on exact input."""

from fractions import Fraction
from typing import Any

import numpy as np
import sympy


def train(X: list[list[Fraction]], y: list[int]) -> Any:
    w = [sympy.Rational(0)] * len(X[0])
    for x, label in zip(X, y, strict=True):
        xs = [sympy.Rational(v.numerator, v.denominator) for v in x]
        if (1 if sum(a * b for a, b in zip(w, xs, strict=True)) > 0 else -1) != label:
            w = [a + label * b for a, b in zip(w, xs, strict=True)]
    # the first weight as a numpy scalar when it is an integer, the others as sympy numbers
    head = np.int64(int(w[0])) if w[0].is_integer else w[0]
    return [head, *w[1:]]
