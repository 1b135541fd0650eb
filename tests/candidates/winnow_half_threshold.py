"""Winnow for disjunctions with the threshold n/2 (a common textbook choice), where Blum's
notes predict + iff w·x >= n."""

from typing import Any


def train(X: Any, y: Any) -> list[float]:
    n = len(X[0])
    w = [1.0] * n
    for x, label in zip(X, y, strict=True):
        predicted = 1 if sum(a * b for a, b in zip(w, x, strict=True)) >= n / 2 else -1
        if predicted != label:
            w = [(2 * a if label == 1 else 0.0) if b == 1 else a for a, b in zip(w, x, strict=True)]
    return w
