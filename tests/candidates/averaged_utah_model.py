"""Right: Utah CS 5350's averaged perceptron, written as a class: a = a + w after every
example and never divided (the sign of a·x is the average's), shuffling off; judged by its
predict (sign(0) = +1)."""

from typing import Any

import numpy as np


class AveragedPerceptron:
    def __init__(self, T: int = 10, r: float = 1.0, shuffle: bool = False) -> None:
        self.T, self.r, self.shuffle = T, r, shuffle

    def fit(self, X: Any, y: Any) -> "AveragedPerceptron":
        w = np.zeros(X.shape[1])
        self.a = np.zeros(X.shape[1])
        idx = np.arange(len(y))
        for _ in range(self.T):
            if self.shuffle:
                np.random.shuffle(idx)
            for i in idx:
                if y[i] * (w @ X[i]) <= 0:
                    w = w + self.r * y[i] * X[i]
                self.a = self.a + w
        return self

    def predict(self, X: Any) -> Any:
        return np.where(X @ self.a >= 0, 1, -1)
