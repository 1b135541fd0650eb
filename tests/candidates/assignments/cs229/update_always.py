"""Wrong: update_state adds every example with beta = learning_rate * (2 y - 1), mistake or
not; its predict is right (sign(0) = 1), so the initial state's part is still earned."""

from typing import Any


def initial_state() -> dict[str, list[Any]]:
    return {"betas": [], "xs": []}


def predict(state: dict[str, list[Any]], kernel: Any, x_i: Any) -> int:
    s = sum(b * kernel(x, x_i) for b, x in zip(state["betas"], state["xs"], strict=True))
    return 1 if s >= 0 else 0


def update_state(
    state: dict[str, list[Any]], kernel: Any, learning_rate: float, x_i: Any, y_i: int
) -> dict[str, list[Any]]:
    return {"betas": [*state["betas"], learning_rate * (2 * y_i - 1)], "xs": [*state["xs"], x_i]}
