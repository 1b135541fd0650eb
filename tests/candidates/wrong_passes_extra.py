"""Known wrong: Blum's perceptron (tie → negative) in plain lists, ``range(epochs + 1)``: one
pass too many."""

from typing import Any


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    w = [0.0] * len(X[0])
    for _ in range(epochs + 1):
        for x, label in zip(X, y, strict=True):
            score = sum(a * b for a, b in zip(w, x, strict=True))
            if (1 if score > 0 else -1) != label:
                w = [a + label * b for a, b in zip(w, x, strict=True)]
    return w
