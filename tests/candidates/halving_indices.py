"""A correct Halving over the given hypotheses that returns the indices of the survivors, with
sgn(0) = +1 (Mehta)."""

from typing import Any


def train(X: Any, y: Any, hypotheses: Any, epochs: int = 1) -> list[int]:
    alive = list(range(len(hypotheses)))
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            alive = [
                i
                for i in alive
                if (1 if sum(a * b for a, b in zip(hypotheses[i], x, strict=True)) >= 0 else -1)
                == label
            ]
    return alive
