"""Correct multiclass perceptron as a class constructed with its number of classes ``K`` (no
default) and no predict: fitted, its K × d rows are in ``self.W`` (a name of the core's
table)."""

from typing import Any

import numpy as np


class Multiclass:
    def __init__(self, K: int, epochs: int = 1) -> None:
        self.K, self.epochs = K, epochs

    def fit(self, X: Any, y: Any) -> None:
        self.W = np.zeros((self.K, X.shape[1]))
        for _ in range(self.epochs):
            for x, label in zip(X, y, strict=True):
                prediction = int(np.argmax(self.W @ x))
                if prediction != label:
                    self.W[label] += x
                    self.W[prediction] -= x
