"""Hostile: patches the reference so that it agrees with a wrong answer, then returns it.

It patches every perceptron it can import (in its own process) to return w = (7, ..., 7)
and returns that; the verdict must still be "disagree": the reference runs elsewhere."""

from typing import Any

import perceptron_ref
import perceptron_ref.runner


def train(X: Any, y: Any) -> Any:
    d = len(X[0])
    real = perceptron_ref.runner.run

    def fake(*args: Any, **kwargs: Any) -> Any:
        trace = real(*args, **kwargs)
        return type(trace)(**{**trace.__dict__, "weights": (7,) * d})

    perceptron_ref.runner.run = fake
    perceptron_ref.run = fake
    return [7.0] * d
