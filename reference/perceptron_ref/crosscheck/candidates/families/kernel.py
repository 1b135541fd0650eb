"""What a kernel perceptron returns: its dual coefficients α, one per training example, signed
(αᵢ = Σ yᵢ over the mistakes on example i) or as mistake counts (named), alone or with a bias
b carried apart, (α, b) or a dict ``{"alpha": …, "b": …}``; or a fitted object with
``predict``."""

from __future__ import annotations

from typing import Any

from perceptron_ref.crosscheck.candidates.families import (
    Got,
    Unreadable,
    fitted,
    is_number,
    numbers,
)
from perceptron_ref.crosscheck.candidates.outcomes import Data

ALPHA = ("alpha", "alphas", "a", "dual_coef_", "coefficients", "beta")
BIAS = ("b", "bias", "intercept")


def read(value: Any, data: Data, bias: bool, probes: int) -> Got:
    found = fitted(value, probes)
    if found is not None:
        return found
    n = len(data[0])
    if isinstance(value, dict):
        alpha = next((value[k] for k in ALPHA if k in value), None)
        if alpha is None:
            raise Unreadable(f"returned a dict with keys {sorted(map(str, value))[:6]}, no 'alpha'")
        b = next((value[k] for k in BIAS if k in value), None)
        value = alpha if b is None else [alpha, b]
    if isinstance(value, list) and len(value) == 2 and isinstance(value[0], list) and n != 2:
        alpha, b = value
        b = b[0] if isinstance(b, list) and len(b) == 1 else b
        if not is_number(b):
            raise Unreadable(f"expected (α, b), got a b of {b!r}")
        return Got(value=(numbers(alpha, n, "coefficients α"), b), shape="(α, b)")
    return Got(value=(numbers(value, n, "coefficients α (one per example)"), None))


READER = read
