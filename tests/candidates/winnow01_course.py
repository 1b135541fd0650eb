"""A correct Winnow for disjunctions as theory courses write it, labels 0/1 (Littlestone;
UIUC CS 446): w = 1, θ = n, predict 1 iff w·x >= θ; on a missed positive double the active
weights (promotion), on a false positive set them to 0 (elimination)."""

from typing import Any


def winnow(X: Any, y: Any, epochs: int = 1, alpha: float = 2.0) -> list[float]:
    n = len(X[0])
    theta = n
    w = [1.0] * n
    for _ in range(epochs):
        for i in range(len(y)):
            x = X[i]
            score = sum(w[j] * x[j] for j in range(n))
            y_hat = 1 if score >= theta else 0
            if y_hat == 0 and y[i] == 1:  # promotion
                for j in range(n):
                    if x[j] == 1:
                        w[j] *= alpha
            elif y_hat == 1 and y[i] == 0:  # elimination
                for j in range(n):
                    if x[j] == 1:
                        w[j] = 0.0
    return w
