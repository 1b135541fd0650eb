"""What Winnow returns: its weights w (n numbers, n + 1 with the constant-1 feature first), as
a list, an array, ``coef_``, (w, θ) with its threshold, or a fitted object with ``predict``."""

from __future__ import annotations

from typing import Any

from perceptron_ref.crosscheck.candidates.families import (
    Fitted,
    Got,
    fitted,
    is_number,
    numbers,
    weights,
)
from perceptron_ref.crosscheck.candidates.outcomes import Data


def read(value: Any, data: Data, bias: bool, probes: int) -> Got:
    d = len(data[0][0])
    if isinstance(value, Fitted) and "coef_" in value.attributes:
        return Got(value=numbers(value.attributes["coef_"], d + bias), shape="coef_")
    found = fitted(value, probes)
    if found is not None:
        return found
    if (
        not bias
        and isinstance(value, list)
        and len(value) == 2
        and isinstance(value[0], list)
        and len(value[0]) == d
        and is_number(value[1])
    ):  # (w, θ): its threshold beside w, shown by the weights it made
        return Got(value=numbers(value[0], d, "weights"), shape="(w, θ)")
    w, shape = weights(value, d, bias)
    return Got(value=w, shape=shape)


READER = read
