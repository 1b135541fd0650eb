"""Wrong: the learning rate moves the weights only (w ← w + η·y·x, b ← b + y), in plain
lists, Gormley's online rule otherwise.  At η = 1 it is the reference's loop."""

from typing import Any


def train(X: Any, y: Any, alpha: float = 1.0, bias: bool = True) -> Any:
    w, b = [0.0] * len(X[0]), 0.0
    for x, label in zip(X, y, strict=True):
        if label * (sum(a * c for a, c in zip(w, x, strict=True)) + b) <= 0:
            w = [a + alpha * label * c for a, c in zip(w, x, strict=True)]
            b += label
    return {"w": w, "b": b}
