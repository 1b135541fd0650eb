"""Not one learning rate: Blum's rule with a step of 1/n on a data set of n examples."""

from fractions import Fraction


def train(X: list[list[Fraction]], y: list[int]) -> list[Fraction]:
    eta = Fraction(1, len(y))
    w = [Fraction(0)] * len(X[0])
    for x, label in zip(X, y, strict=True):
        if (1 if sum(a * b for a, b in zip(w, x, strict=True)) > 0 else -1) != label:
            w = [a + eta * label * b for a, b in zip(w, x, strict=True)]
    return w
