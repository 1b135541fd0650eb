"""bob: a correct Mehta perceptron (sgn(0) = +1) that imports its own helper module."""

from typing import Any

from helpers import dot  # type: ignore[import-not-found]


def train(X: Any, y: Any) -> list[float]:
    w = [0.0] * len(X[0])
    for x, label in zip(X.tolist(), y.tolist(), strict=True):
        if (1 if dot(w, x) >= 0 else -1) != label:
            w = [a + label * b for a, b in zip(w, x, strict=True)]
    return w
