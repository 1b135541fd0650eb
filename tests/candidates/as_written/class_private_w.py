"""Right: a class that keeps its weights private (``_w``, ``_b``) and counts ``n_epochs``."""

import numpy as np


class OnlinePerceptron:
    def __init__(self, lr=0.5, n_epochs=20):
        self.lr = lr
        self.n_epochs = n_epochs

    def fit(self, X, y):
        self._w = np.zeros(X.shape[1])
        self._b = 0.0
        for _ in range(self.n_epochs):
            for x, t in zip(X, y):
                if t * (self._w @ x + self._b) <= 0:
                    self._w += self.lr * t * x
                    self._b += self.lr * t
        return self

    def predict(self, X):
        return np.sign(X @ self._w + self._b)
