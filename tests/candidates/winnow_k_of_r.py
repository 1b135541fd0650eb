"""A correct Winnow for k-of-r functions on Fractions (Blum, Lecture 4): ε = 1/2k, multiply
the active weights by 1 + ε on a positive mistake, divide them by 1 + ε on a negative one."""

from fractions import Fraction
from typing import Any


def train(X: Any, y: Any, k: int = 1, epochs: int = 1) -> list[Fraction]:
    n = len(X[0])
    epsilon = Fraction(1, 2 * k)
    w = [Fraction(1)] * n
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            predicted = 1 if sum(a * b for a, b in zip(w, x, strict=True)) >= n else -1
            if predicted == 1 and label == -1:
                w = [a / (1 + epsilon) if b == 1 else a for a, b in zip(w, x, strict=True)]
            elif predicted == -1 and label == 1:
                w = [a * (1 + epsilon) if b == 1 else a for a, b in zip(w, x, strict=True)]
    return w
