"""Wrong: an averaged perceptron in plain lists whose labels are mapped to 0/1 for the update
(t = 1 if label == 1 else 0): w += t·x leaves w where it was on a negative example."""

from typing import Any


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    d = len(X[0])
    w, total = [0.0] * d, [0.0] * d
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            t = 1 if label == 1 else 0
            if t * sum(a * b for a, b in zip(w, x, strict=True)) <= 0:
                w = [a + t * b for a, b in zip(w, x, strict=True)]
            total = [s + a for s, a in zip(total, w, strict=True)]
    n = epochs * len(y)
    return [s / n for s in total]
