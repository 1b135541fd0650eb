"""Right, but its weights are held only by the function it keeps for predict."""

import numpy as np


class Perceptron:
    def __init__(self, epochs=1):
        self.epochs = epochs

    def fit(self, X, y):
        w = np.zeros(X.shape[1])
        for _ in range(self.epochs):
            for x, t in zip(X, y):
                if t * (w @ x) <= 0:
                    w = w + t * x
        self._decide = lambda Z: np.where(np.asarray(Z) @ w > 0, 1, -1)
        return self

    def predict(self, X):
        return self._decide(X)
