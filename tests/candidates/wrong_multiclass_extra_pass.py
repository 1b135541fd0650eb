"""Known wrong: the multiclass perceptron (rows of a dict, the first class wins a tie) with
``range(epochs + 1)``: one pass too many."""

from typing import Any


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    classes = sorted(set(y))
    W = {c: [0.0] * len(X[0]) for c in classes}
    for _ in range(epochs + 1):
        for x, t in zip(X, y, strict=True):
            best, best_s = None, None
            for c in classes:
                s = sum(a * b for a, b in zip(W[c], x, strict=True))
                if best_s is None or s > best_s:
                    best, best_s = c, s
            if best != t:
                W[t] = [a + b for a, b in zip(W[t], x, strict=True)]
                W[best] = [a - b for a, b in zip(W[best], x, strict=True)]
    return W
