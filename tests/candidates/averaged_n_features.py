"""A correct averaged perceptron (after) as a class sized in its constructor, the way many
write it: AveragedPerceptron(n_features) makes w before fit; w̄ in ``weights``, no predict."""

from typing import Any

import numpy as np


class AveragedPerceptron:
    def __init__(self, n_features: int, epochs: int = 1) -> None:
        self.weights = np.zeros(n_features)
        self.epochs = epochs

    def fit(self, X: Any, y: Any) -> "AveragedPerceptron":
        w = np.zeros_like(self.weights)
        total = np.zeros_like(self.weights)
        count = 0
        for _ in range(self.epochs):
            for x, label in zip(X, y, strict=True):
                if label * (w @ x) <= 0:
                    w = w + label * x
                total, count = total + w, count + 1
        self.weights = total / count
        return self
