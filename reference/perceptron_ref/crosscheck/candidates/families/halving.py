"""What Halving over a cover returns: the hypotheses that survive (the version space), as the
vectors it was given (in their order), their indices, or a mask over them; or a fitted object
with ``predict`` (the majority vote).  The hypotheses are told as ``hypotheses``."""

from __future__ import annotations

from dataclasses import replace
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

SURVIVORS = ("version_space", "survivors", "alive", "consistent", "remaining", "active", "mask",
             "hypotheses", "H", "C", "V", "hs")  # fmt: skip
"""Names a fitted object keeps the version space under (its attributes), the likeliest first:
``hypotheses`` may be the whole cover it was told, kept beside the survivors."""


def read(value: Any, data: Data, bias: bool, probes: int) -> Got:
    found = fitted(value, probes)
    if found is not None:
        return found
    D = len(data[0][0]) + bias
    if isinstance(value, Attributes):
        named = value.pick(SURVIVORS)
        if named is None:
            raise value.missing("the surviving hypotheses (version_space, survivors, ...)")
        return replace(read(named[1], data, bias, probes), shape=f"its attribute {named[0]}")
    if not isinstance(value, list):
        raise Unreadable("expected the surviving hypotheses: vectors, indices or a mask")
    if value and all(isinstance(v, bool) for v in value):
        return Got(value=("mask", tuple(value)), shape="a mask over the hypotheses")
    if all(is_number(v) for v in value):  # a vector is a list: numbers are indices
        if any(v.denominator != 1 or v < 0 for v in value):
            raise Unreadable("indices of hypotheses must be whole numbers >= 0")
        return Got(value=("indices", tuple(int(v) for v in value)), shape="indices")
    return Got(value=("vectors", tuple(numbers(v, D, "weights") for v in value)))


READER = read
