"""Halving returned as a fitted model whose majority vote predicts −1 on a tie (the reference
predicts +1); its hypotheses use Mehta's sgn(0) = +1."""

from typing import Any


def sgn(s: Any) -> int:
    return 1 if s >= 0 else -1


class Majority:
    def __init__(self, alive: list[Any]) -> None:
        self.alive = alive

    def predict(self, X: Any) -> list[int]:
        votes = [
            sum(sgn(sum(a * b for a, b in zip(w, x, strict=True))) for w in self.alive) for x in X
        ]
        return [1 if v > 0 else -1 for v in votes]


def train(X: Any, y: Any, hypotheses: Any) -> Majority:
    alive = list(hypotheses)
    for x, label in zip(X, y, strict=True):
        alive = [w for w in alive if sgn(sum(a * b for a, b in zip(w, x, strict=True))) == label]
    return Majority(alive)
