"""What a multiclass perceptron returns: its K × d matrix W, one row per class in the order of
the sorted labels (d + 1 with a bias: first or last in each row, or apart as (W, b) with b
of K numbers, as scikit-learn's ``coef_`` and ``intercept_``), a dict {label: row} (CS188's
``weights[label]``), the d × K transpose (read when K ≠ d), or a fitted object with
``predict``."""

from __future__ import annotations

from typing import Any

from perceptron_ref.crosscheck.candidates.families import (
    Fitted,
    Got,
    Unreadable,
    fitted,
    is_number,
    numbers,
    untold_bias,
)
from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.vectors import Vector


def _rows(value: Any, K: int, D: int) -> tuple[tuple[Vector, ...], str]:
    if not isinstance(value, list) or not all(isinstance(r, list) for r in value):
        raise Unreadable(f"expected {K} rows of {D} weights, one per class")
    if len(value) == K and all(len(r) == D for r in value):
        return tuple(numbers(r, D) for r in value), ""
    if len(value) == D and all(len(r) == K for r in value) and K != D:
        return tuple(numbers([r[k] for r in value], D) for k in range(K)), "d × K (transposed)"
    shape = f"{len(value)} × {len(value[0]) if value else 0}"
    raise Unreadable(f"returned a {shape} matrix, expected K × d = {K} × {D}, one row per class")


def read(value: Any, data: Data, bias: bool, probes: int) -> Got:
    classes = sorted(set(data[1]))
    K, d = len(classes), len(data[0][0])
    if isinstance(value, Fitted) and "coef_" in value.attributes:
        value = [value.attributes["coef_"], value.attributes.get("intercept_")]
        untold_bias(value[1], bias)
        if value[1] is None or not bias:
            value = value[0]
    found = fitted(value, probes)
    if found is not None:
        return found
    if isinstance(value, dict):
        missing = [c for c in classes if c not in value]
        if missing:
            raise Unreadable(f"a dict {{label: row}} without the class {missing[0]!r}")
        rows = tuple(numbers(value[c], d + bias, "weights") for c in classes)
        return Got(value=rows, shape="a dict {label: row}")
    if (
        bias
        and isinstance(value, list)
        and len(value) == 2
        and isinstance(value[0], list)
        and all(isinstance(r, list) for r in value[0])
        and isinstance(value[1], list)
        and len(value[1]) == K
        and all(is_number(b) for b in value[1])
    ):  # (W, b): the bias of each row apart
        W, shape = _rows(value[0], K, d)
        return Got(value=tuple((b, *w) for w, b in zip(W, value[1], strict=True)), shape="(W, b)")
    rows, shape = _rows(value, K, d + bias)
    return Got(value=rows, shape=shape)


READER = read
