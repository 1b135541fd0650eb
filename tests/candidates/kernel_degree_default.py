"""A kernel perceptron written for (x·x' + c)^degree, its defaults another kernel (degree 2):
it keeps the examples it erred on and their labels, and predicts sign(f(x)) with sign(0) = +1.
Right when told the kernel it is checked with (the linear one: degree 1, c 0)."""

from typing import Any

import numpy as np


class KernelPerceptron:
    def __init__(self, degree: int = 2, c: float = 0.0, epochs: int = 1) -> None:
        self.degree, self.c, self.epochs = degree, c, epochs

    def K(self, a: Any, b: Any) -> Any:
        return (np.dot(a, b) + self.c) ** self.degree

    def decision(self, x: Any) -> Any:
        return sum(yj * self.K(xj, x) for xj, yj in zip(self.sv, self.sv_y, strict=True))

    def fit(self, X: Any, y: Any) -> "KernelPerceptron":
        self.sv: list[Any] = []
        self.sv_y: list[Any] = []
        for _ in range(self.epochs):
            for xi, yi in zip(X, y, strict=True):
                if yi * self.decision(xi) <= 0:
                    self.sv.append(xi)
                    self.sv_y.append(yi)
        return self

    def predict(self, X: Any) -> Any:
        return np.array([1 if self.decision(x) >= 0 else -1 for x in np.atleast_2d(X)])
