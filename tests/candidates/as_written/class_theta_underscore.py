"""A class whose fit returns self and keeps its weights, the bias last, in theta_ (no
name of the table), its pass count in T and its dimension in d: theta_ holds "eta" in its
name but is no step, and at d = 1 the settings are single numbers, not weights."""

import numpy as np


class LinearClassifier:
    def __init__(self, T=5):
        self.T = T

    def fit(self, X, y):
        X = np.hstack([np.asarray(X, dtype=float), np.ones((len(X), 1))])
        self.d = X.shape[1] - 1
        self.theta_ = np.zeros(X.shape[1])
        for _ in range(self.T):
            for x, t in zip(X, y):
                pred = 1 if self.theta_ @ x > 0 else -1
                if pred != t:
                    self.theta_ += t * x
        return self

    def predict(self, X):
        X = np.hstack([np.asarray(X, dtype=float), np.ones((len(X), 1))])
        return np.where(X @ self.theta_ > 0, 1, -1)
