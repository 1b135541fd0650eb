"""A correct Halving over a given class of linear classifiers (Mehta, Lecture 3, §1), in
Fractions: f_w(x) = sgn(⟨w, x⟩) with sgn(0) = +1; every hypothesis that errs is dropped."""

from fractions import Fraction
from typing import Any


def sgn(s: Fraction) -> int:
    return 1 if s >= 0 else -1


def train(X: Any, y: Any, hypotheses: Any, epochs: int = 1) -> list[Any]:
    alive = list(hypotheses)
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            alive = [
                w for w in alive if sgn(sum(a * b for a, b in zip(w, x, strict=True))) == label
            ]
    return alive
