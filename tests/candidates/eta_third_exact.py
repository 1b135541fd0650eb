"""Correct up to its learning rate, exact: Blum's rule (w·x > 0) with η = 1/3 in Fractions."""

from fractions import Fraction


def train(X: list[list[Fraction]], y: list[int]) -> list[Fraction]:
    eta = Fraction(1, 3)
    w = [Fraction(0)] * len(X[0])
    for x, label in zip(X, y, strict=True):
        if (1 if sum(a * b for a, b in zip(w, x, strict=True)) > 0 else -1) != label:
            w = [a + eta * label * b for a, b in zip(w, x, strict=True)]
    return w
