"""A correct Winnow for disjunctions on plain lists (Blum, Lecture 4): w = 1, predict + iff
w·x >= n, double the active weights on a positive mistake, zero them on a negative one."""

from typing import Any


def train(X: Any, y: Any, epochs: int = 1) -> list[float]:
    n = len(X[0])
    w = [1.0] * n
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            predicted = 1 if sum(a * b for a, b in zip(w, x, strict=True)) >= n else -1
            if predicted != label:
                factor = 2.0 if label == 1 else 0.0
                w = [a * factor if b == 1 else a for a, b in zip(w, x, strict=True)]
    return w
