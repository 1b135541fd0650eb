"""What an averaged perceptron returns: its averaged w̄ (d numbers, d + 1 with a bias: first,
last, or apart as (w̄, b)), as scikit-learn's ``coef_`` and ``intercept_`` too, or a fitted
object with ``predict``."""

from __future__ import annotations

from typing import Any

from perceptron_ref.crosscheck.candidates.families import (
    Fitted,
    Got,
    fitted,
    untold_bias,
    weights,
)
from perceptron_ref.crosscheck.candidates.outcomes import Data


def read(value: Any, data: Data, bias: bool, probes: int) -> Got:
    d = len(data[0][0])
    if isinstance(value, Fitted) and "coef_" in value.attributes:
        coef, intercept = value.attributes["coef_"], value.attributes.get("intercept_")
        untold_bias(intercept, bias)
        w, _ = weights(coef if intercept is None or not bias else [coef, intercept], d, bias)
        return Got(value=w, shape="coef_ of a fitted model")
    found = fitted(value, probes)
    if found is not None:
        return found
    w, shape = weights(value, d, bias)
    return Got(value=w, shape=shape)


READER = read
