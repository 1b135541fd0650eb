"""Right: a kernel perceptron laid out as CS229's starter code (initial_state, predict,
update_state over (β, x) pairs), on -1/+1 labels with a zero score counted as a mistake
(y·f(x) <= 0) and β = η·y: the reference's dual perceptron, judged by predict."""

from collections.abc import Callable
from typing import Any

import numpy as np

Kernel = Callable[[Any, Any], float]


def initial_state() -> list[tuple[float, Any]]:
    return []


def score(state: list[tuple[float, Any]], kernel: Kernel, x_i: Any) -> float:
    return sum(beta * kernel(x, x_i) for beta, x in state)


def predict(state: list[tuple[float, Any]], kernel: Kernel, x_i: Any) -> int:
    return 1 if score(state, kernel, x_i) >= 0 else -1


def update_state(
    state: list[tuple[float, Any]], kernel: Kernel, learning_rate: float, x_i: Any, y_i: int
) -> None:
    if y_i * score(state, kernel, x_i) <= 0:
        state.append((learning_rate * y_i, x_i))


class Model:
    def __init__(self, state: list[tuple[float, Any]], kernel: Kernel) -> None:
        self.state, self.kernel = state, kernel

    def predict(self, X: Any) -> Any:
        return np.array([predict(self.state, self.kernel, x) for x in X])


def train(X: Any, y: Any, degree: int = 1, c: float = 0.0, epochs: int = 1) -> Model:
    def kernel(a: Any, b: Any) -> float:
        return float((np.dot(a, b) + c) ** degree)

    state = initial_state()
    for _ in range(epochs):
        for x_i, y_i in zip(X, y, strict=True):
            update_state(state, kernel, 0.5, x_i, int(y_i))
    return Model(state, kernel)
