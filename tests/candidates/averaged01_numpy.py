"""A correct averaged perceptron that takes labels 0/1 (as a data set's column comes) and
turns them into ±1 for the update: a zero score a mistake, the mean of w after each example
(Gormley slide 21, Freund & Schapire)."""

from typing import Any

import numpy as np


def averaged_perceptron(X: Any, y: Any, epochs: int = 1) -> Any:
    n, d = X.shape
    w = np.zeros(d)
    w_sum = np.zeros(d)
    for _ in range(epochs):
        for i in range(n):
            sign = 2 * y[i] - 1  # 0/1 -> -1/+1
            if sign * np.dot(w, X[i]) <= 0:
                w = w + sign * X[i]
            w_sum += w
    return w_sum / (epochs * n)


class AveragedPerceptron:
    """The same as a class whose predict answers 0/1, as the labels it was fitted on."""

    def __init__(self, epochs: int = 1) -> None:
        self.epochs = epochs

    def fit(self, X: Any, y: Any) -> "AveragedPerceptron":
        self.w_avg = averaged_perceptron(X, y, self.epochs)
        return self

    def predict(self, X: Any) -> Any:
        return (X @ self.w_avg >= 0).astype(int)
