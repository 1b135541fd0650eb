"""Halving whose hypotheses use a sign with sign(0) = 0 (as np.sign): a hypothesis with
⟨w, x⟩ = 0 predicts no label and is dropped, where Mehta's sgn(0) = +1 keeps it on a positive."""

from fractions import Fraction
from typing import Any


def sign(s: Fraction) -> int:
    return (s > 0) - (s < 0)


def train(X: Any, y: Any, hypotheses: Any) -> list[Any]:
    alive = list(hypotheses)
    for x, label in zip(X, y, strict=True):
        alive = [w for w in alive if sign(sum(a * b for a, b in zip(w, x, strict=True))) == label]
    return alive
