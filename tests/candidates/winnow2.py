"""Littlestone's Winnow2 with α = 2 graded as Winnow for disjunctions: a mistake on a negative
halves the active weights, where Blum's notes zero them (Winnow1)."""

from typing import Any


def train(X: Any, y: Any) -> list[float]:
    n = len(X[0])
    w = [1.0] * n
    for x, label in zip(X, y, strict=True):
        predicted = 1 if sum(a * b for a, b in zip(w, x, strict=True)) >= n else -1
        if predicted != label:
            factor = 2 if label == 1 else 0.5
            w = [a * factor if b == 1 else a for a, b in zip(w, x, strict=True)]
    return w
