"""Wrong: predict has sign(0) = 0."""

from typing import Any


def initial_state() -> list[tuple[float, Any]]:
    return []


def predict(state: list[tuple[float, Any]], kernel: Any, x_i: Any) -> int:
    return 1 if sum(beta * kernel(x, x_i) for beta, x in state) > 0 else 0


def update_state(
    state: list[tuple[float, Any]], kernel: Any, learning_rate: float, x_i: Any, y_i: int
) -> None:
    state.append((learning_rate * (y_i - predict(state, kernel, x_i)), x_i))
