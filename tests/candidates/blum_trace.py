"""Correct, returns w after every step: Blum's rule (predict + iff w·x > 0), exact input."""

from fractions import Fraction


def train(X: list[list[Fraction]], y: list[int]) -> list[list[Fraction]]:
    w = [Fraction(0)] * len(X[0])
    steps = []
    for x, label in zip(X, y, strict=True):
        prediction = 1 if sum(a * b for a, b in zip(w, x, strict=True)) > 0 else -1
        if prediction != label:
            w = [a + label * b for a, b in zip(w, x, strict=True)]
        steps.append(list(w))
    return steps
