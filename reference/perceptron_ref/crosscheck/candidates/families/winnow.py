"""What Winnow returns: its weights w (n numbers, n + 1 with the constant-1 feature first), as
a list, an array, ``coef_``, or a fitted object with ``predict``."""

from __future__ import annotations

from typing import Any

from perceptron_ref.crosscheck.candidates.families import Fitted, Got, fitted, numbers, weights
from perceptron_ref.crosscheck.candidates.outcomes import Data


def read(value: Any, data: Data, bias: bool, probes: int) -> Got:
    d = len(data[0][0])
    if isinstance(value, Fitted) and "coef_" in value.attributes:
        return Got(value=numbers(value.attributes["coef_"], d + bias), shape="coef_")
    found = fitted(value, probes)
    if found is not None:
        return found
    w, shape = weights(value, d, bias)
    return Got(value=w, shape=shape)


READER = read
