"""Daumé's averaged perceptron (CIML, Algorithm 7) on plain lists: u accumulates c·y·x at each
update, c counts from 1, and the average is w − u/c: the mean of w₀ … w_N, both ends (the
reference averages w₁ … w_N)."""

from typing import Any


def train(X: Any, y: Any) -> list[float]:
    d = len(X[0])
    w, u, c = [0.0] * d, [0.0] * d, 1
    for x, label in zip(X, y, strict=True):
        if label * sum(a * b for a, b in zip(w, x, strict=True)) <= 0:
            w = [a + label * b for a, b in zip(w, x, strict=True)]
            u = [a + label * c * b for a, b in zip(u, x, strict=True)]
        c += 1
    return [a - b / c for a, b in zip(w, u, strict=True)]
