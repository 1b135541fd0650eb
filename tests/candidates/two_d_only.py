"""Right up to two dimensions only: Mehta's rule written out for x = (x1, x2); any further
feature is ignored (its weight stays 0)."""

from typing import Any


def train(X: Any, y: Any) -> Any:
    d = len(X[0])
    w = [0.0, 0.0]
    for x, label in zip(X, y, strict=True):
        s = sum(w[j] * x[j] for j in range(min(d, 2)))
        if (1 if s >= 0 else -1) != label:
            w = [w[j] + label * x[j] if j < d else 0.0 for j in range(2)]
    return w[:d] + [0.0] * (d - 2)
