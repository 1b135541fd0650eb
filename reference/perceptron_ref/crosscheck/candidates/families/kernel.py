"""What a kernel perceptron returns: its dual coefficients α, one per training example, signed
(αᵢ = Σ yᵢ over the mistakes on example i) or as mistake counts (named), alone or with a bias
b carried apart, (α, b) or a dict ``{"alpha": …, "b": …}``; or a fitted object with
``predict``."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from perceptron_ref.crosscheck.candidates.families import (
    Attributes,
    Got,
    Unreadable,
    fitted,
    is_number,
    numbers,
)
from perceptron_ref.crosscheck.candidates.outcomes import Data

ALPHA = ("alpha", "alphas", "a", "dual_coef_", "coefficients", "beta")
MORE = ("alpha_", "alphas_", "a_", "dual_coef", "mistakes", "counts", "c")
"""More names of α an object keeps it under (its attributes; a returned dict's are ALPHA)."""
BIAS = ("b", "bias", "intercept")


def read(value: Any, data: Data, bias: bool, probes: int) -> Got:
    found = fitted(value, probes)
    if found is not None:
        return found
    n = len(data[0])
    if isinstance(value, Attributes):
        value, where = _attributes(value, data, bias)
        return replace(read(value, data, bias, probes), shape=where)
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


def _attributes(model: Attributes, data: Data, bias: bool) -> tuple[Any, str]:
    """α (and b, with a bias) from a fitted object's attributes: by name, else the one list
    of n numbers that is not the labels it was given."""
    n, y = len(data[0]), [Fraction(t) for t in data[1]]
    named = model.pick(ALPHA + MORE)
    if named is None:
        fits = [
            (k, v)
            for k, v in model.found.items()
            if isinstance(v, list) and len(v) == n and all(is_number(u) for u in v) and v != y
        ]
        named = fits[0] if len(fits) == 1 else None
    if named is None:
        raise model.missing("the coefficients α, one per example (alpha, ...)")
    b = model.pick(BIAS) if bias else None
    if b is None:
        return named[1], f"its attribute {named[0]}"
    return [named[1], b[1]], f"its attributes {named[0]} and {b[0]}"


READER = read
