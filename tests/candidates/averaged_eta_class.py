"""Right: an averaged perceptron as a class taking its learning rate eta and its passes
n_iter in the constructor, fitted by fit(X, y), judged by predict (sign(0) = +1); the step
reaches the whole update, so at any η it predicts as the reference."""

from typing import Any

import numpy as np


class AveragedPerceptron:
    def __init__(self, eta: float = 0.1, n_iter: int = 10) -> None:
        self.eta = eta
        self.n_iter = n_iter

    def fit(self, X: Any, y: Any) -> "AveragedPerceptron":
        w, b = np.zeros(X.shape[1]), 0.0
        self.w_, self.b_ = np.zeros(X.shape[1]), 0.0
        seen = 0
        for _ in range(self.n_iter):
            for xi, target in zip(X, y, strict=True):
                if target * (xi @ w + b) <= 0:
                    w = w + self.eta * target * xi
                    b = b + self.eta * target
                self.w_ = self.w_ + w
                self.b_ = self.b_ + b
                seen += 1
        self.w_, self.b_ = self.w_ / seen, self.b_ / seen
        return self

    def predict(self, X: Any) -> Any:
        return np.where(X @ self.w_ + self.b_ >= 0, 1, -1)
