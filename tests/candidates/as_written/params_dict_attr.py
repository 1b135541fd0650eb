"""Right: keeps its weights in a dict attribute, self.params = {"w": ..., "b": ...}."""

import numpy as np


class Perceptron:
    def __init__(self, epochs=1):
        self.epochs = epochs
        self.params = {}

    def fit(self, X, y):
        w = np.zeros(X.shape[1])
        b = 0.0
        for _ in range(self.epochs):
            for x, t in zip(X, y):
                if t * (w @ x + b) <= 0:
                    w = w + t * x
                    b += t
        self.params = {"w": w, "b": b}
        return self

    def predict(self, X):
        return np.where(X @ self.params["w"] + self.params["b"] > 0, 1, -1)
