"""HW: the averaged perceptron -- sums w before the update (the vector each example was
predicted with), so its average is w0 ... w(N-1); its predict is right."""

from typing import Any


def train(X: Any, y: Any) -> list[float]:
    d = len(X[0]) + 1
    w = [0.0] * d
    total = [0.0] * d
    for _ in range(3):
        for row, label in zip(X, y, strict=True):
            x = [1.0, *[float(v) for v in row]]
            total = [t + a for t, a in zip(total, w, strict=True)]
            if label * sum(a * b for a, b in zip(w, x, strict=True)) <= 0:
                w = [a + label * b for a, b in zip(w, x, strict=True)]
    return [t / (3 * len(X)) for t in total]


def predict(x: Any, w: Any) -> int:
    s = w[0] + sum(a * b for a, b in zip(w[1:], x, strict=True))
    return 1 if s >= 0 else -1
