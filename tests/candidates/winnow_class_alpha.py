"""Right: Winnow for disjunctions as a class with its promotion factor alpha = 2 and its
threshold defaulting to n, 0/1 labels mapped inside, elimination on a false positive; the
weights in self.weights."""

from typing import Any

import numpy as np


class Winnow:
    def __init__(self, alpha: float = 2.0, threshold: float | None = None, n_iter: int = 1):
        self.alpha, self.threshold, self.n_iter = alpha, threshold, n_iter

    def fit(self, X: Any, y: Any) -> "Winnow":
        n = X.shape[1]
        theta = float(n) if self.threshold is None else self.threshold
        self.weights = np.ones(n)
        target = (np.asarray(y) > 0).astype(int)
        for _ in range(self.n_iter):
            for x, t in zip(X, target, strict=True):
                guess = int(self.weights @ x >= theta)
                if guess == 0 and t == 1:
                    self.weights[x == 1] *= self.alpha
                elif guess == 1 and t == 0:
                    self.weights[x == 1] = 0.0
        return self
