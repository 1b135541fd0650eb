"""Right: a multiclass perceptron as a class with a bias per class and a learning rate
(learning_rate, default 0.1), fitted by fit(X, y) and judged by predict: the argmax of
W·x + b, the first of tied classes (np.argmax), both rows moved on a mistake."""

from typing import Any

import numpy as np


class MulticlassPerceptron:
    def __init__(self, learning_rate: float = 0.1, max_iter: int = 5) -> None:
        self.learning_rate = learning_rate
        self.max_iter = max_iter

    def fit(self, X: Any, y: Any) -> "MulticlassPerceptron":
        self.classes_ = np.unique(y)
        k = len(self.classes_)
        self.W = np.zeros((k, X.shape[1]))
        self.b = np.zeros(k)
        index = {c: i for i, c in enumerate(self.classes_)}
        for _ in range(self.max_iter):
            for x, label in zip(X, y, strict=True):
                guess = int(np.argmax(self.W @ x + self.b))
                true = index[label]
                if guess != true:
                    self.W[true] += self.learning_rate * x
                    self.b[true] += self.learning_rate
                    self.W[guess] -= self.learning_rate * x
                    self.b[guess] -= self.learning_rate
        return self

    def predict(self, X: Any) -> Any:
        return self.classes_[np.argmax(X @ self.W.T + self.b, axis=1)]
