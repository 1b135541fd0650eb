"""Right: trains as it is made (its constructor calls fit); fit is there to train again,
so crosscheck must not call it a second time."""

import numpy as np


class Perceptron:
    """Trains as it is made; fit() is also there to train again."""

    def __init__(self, X, y, max_iter=1, learning_rate=1.0):
        self.max_iter = max_iter
        self.learning_rate = learning_rate
        self.fit(X, y)

    def fit(self, X, y):
        X = np.asarray(X, dtype=float)
        self.coef_ = np.zeros(X.shape[1])
        self.intercept_ = 0.0
        for _ in range(self.max_iter):
            for xi, yi in zip(X, y):
                if yi * (xi @ self.coef_ + self.intercept_) <= 0:
                    self.coef_ += self.learning_rate * yi * xi
                    self.intercept_ += self.learning_rate * yi
        return self

    def predict(self, X):
        return np.where(np.asarray(X) @ self.coef_ + self.intercept_ > 0, 1, -1)
