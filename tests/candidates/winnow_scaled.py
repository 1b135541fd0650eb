"""Winnow for disjunctions normalised: weights start at 1/n and the threshold is 1.  Its
predictions are Blum's, its weights 1/n times his: Winnow's weights are not read up to a
factor (the factor is no learning rate)."""

from fractions import Fraction
from typing import Any


def train(X: Any, y: Any) -> list[Fraction]:
    n = len(X[0])
    w = [Fraction(1, n)] * n
    for x, label in zip(X, y, strict=True):
        predicted = 1 if sum(a * b for a, b in zip(w, x, strict=True)) >= 1 else -1
        if predicted != label:
            w = [
                (2 * a if label == 1 else Fraction(0)) if b == 1 else a
                for a, b in zip(w, x, strict=True)
            ]
    return w
