"""A correct averaged perceptron in exact Fractions, averaging w after each example, over any
number of passes, returned as a dict {"w": w̄} (bias kept in X by the caller)."""

from fractions import Fraction
from typing import Any


def train(X: Any, y: Any, epochs: int = 1) -> dict[str, list[Fraction]]:
    d = len(X[0])
    w, total, n = [Fraction(0)] * d, [Fraction(0)] * d, 0
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            if label * sum(a * b for a, b in zip(w, x, strict=True)) <= 0:
                w = [a + label * b for a, b in zip(w, x, strict=True)]
            total = [a + b for a, b in zip(total, w, strict=True)]
            n += 1
    return {"w": [a / n for a in total]}
