"""A correct voted perceptron in Fractions (Freund & Schapire, Figure 1) that returns its votes
as dicts {"weights": v, "count": c}, the reference's JSON, leaving out the initial (0, 0)."""

from fractions import Fraction
from typing import Any


def train(X: Any, y: Any, epochs: int = 1) -> list[dict[str, Any]]:
    v: list[Fraction] = [Fraction(0)] * len(X[0])
    c, votes = 0, []
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            if label * sum(a * b for a, b in zip(v, x, strict=True)) <= 0:
                if c:
                    votes.append({"weights": v, "count": c})
                v, c = [a + label * b for a, b in zip(v, x, strict=True)], 1
            else:
                c += 1
    votes.append({"weights": v, "count": c})
    return votes
