"""Known wrong: exact Fraction weights, but the score w·x summed in float64 (Blum's rule)."""

from fractions import Fraction


def train(X: list[list[Fraction]], y: list[int]) -> list[Fraction]:
    w = [Fraction(0)] * len(X[0])
    for x, label in zip(X, y, strict=True):
        score = sum(float(a) * float(b) for a, b in zip(w, x, strict=True))
        if (1 if score > 0 else -1) != label:
            w = [a + label * b for a, b in zip(w, x, strict=True)]
    return w
