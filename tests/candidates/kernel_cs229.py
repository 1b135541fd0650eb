"""A kernel perceptron in the style of CS229's problem set: a model object whose state is the
list of (β, x) pairs, β = η(y − h(x)) with h(x) = 1 if f(x) >= 0 else 0 on 0/1 labels: sign(0)
is 1, so a zero score is no mistake when y = +1; judged by predict."""

from typing import Any

import numpy as np


class Kernelized:
    def __init__(self, degree: int, c: float) -> None:
        self.degree, self.c = degree, c
        self.state: list[tuple[float, Any]] = []

    def kernel(self, a: Any, b: Any) -> float:
        return float((a @ b + self.c) ** self.degree)

    def f(self, x: Any) -> float:
        return float(sum(beta * self.kernel(xi, x) for beta, xi in self.state))

    def h(self, x: Any) -> int:
        return 1 if self.f(x) >= 0 else 0

    def update(self, x: Any, label: int) -> None:
        target = 1 if label == 1 else 0
        self.state.append((0.5 * 2 * (target - self.h(x)), x))

    def predict(self, X: Any) -> Any:
        return np.array([1 if self.h(x) == 1 else -1 for x in X])


def train(X: Any, y: Any, degree: int = 1, c: float = 0.0) -> Kernelized:
    model = Kernelized(degree, c)
    for x, label in zip(X, y, strict=True):
        model.update(x, int(label))
    return model
