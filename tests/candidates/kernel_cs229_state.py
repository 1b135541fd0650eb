"""Wrong: Stanford CS229's kernel perceptron (problem set 2) as its starter code lays it out:
initial_state, predict and update_state over a state of (β, x) pairs, sign(a) = 1 if a >= 0
else 0 on 0/1 labels, β = η(y − sign(f(x))): a zero score is no mistake for y = 1."""

from collections.abc import Callable
from typing import Any

import numpy as np


def initial_state() -> list[tuple[float, Any]]:
    return []


def sign(a: float) -> int:
    return 1 if a >= 0 else 0


def predict(state: list[tuple[float, Any]], kernel: Callable[[Any, Any], float], x_i: Any) -> int:
    return sign(sum(beta * kernel(x, x_i) for beta, x in state))


def update_state(
    state: list[tuple[float, Any]],
    kernel: Callable[[Any, Any], float],
    learning_rate: float,
    x_i: Any,
    y_i: int,
) -> None:
    state.append((learning_rate * (y_i - predict(state, kernel, x_i)), x_i))


def dot_kernel(a: Any, b: Any) -> float:
    return float(np.dot(a, b))


class Model:
    def __init__(self, state: list[tuple[float, Any]]) -> None:
        self.state = state

    def predict(self, X: Any) -> Any:
        return np.array([predict(self.state, dot_kernel, x) for x in X])


def train(X: Any, y: Any) -> Model:
    state = initial_state()
    for x_i, y_i in zip(X, y, strict=True):
        update_state(state, dot_kernel, 0.5, x_i, int(y_i))
    return Model(state)
