"""What a voted perceptron returns: its list of weighted perceptrons ⟨(v₁, c₁), …, (v_k, c_k)⟩,
as pairs (v, c), dicts ``{"weights": v, "count": c}`` (the reference's JSON), triples
(w, b, c) with the bias apart, two lists (vectors, counts) or a dict of them; or a fitted
object with ``predict`` (the vote itself)."""

from __future__ import annotations

from typing import Any

from perceptron_ref.crosscheck.candidates.families import (
    Attributes,
    Got,
    Unreadable,
    fitted,
    is_number,
    weights,
)
from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.vectors import Vector

VECTORS = ("vectors", "weights", "v", "w", "V")
COUNTS = ("counts", "count", "c", "C", "votes")


def _count(c: Any) -> int:
    if not is_number(c) or c.denominator != 1 or c < 0:
        raise Unreadable(f"a count must be a whole number >= 0, got {c!r}")
    return int(c)


def _pair(item: Any, d: int, bias: bool) -> tuple[Vector, int]:
    if isinstance(item, dict):
        v = next((item[k] for k in VECTORS if k in item), None)
        c = next((item[k] for k in COUNTS if k in item), None)
        if v is None or c is None:
            raise Unreadable(f"a vote {sorted(map(str, item))[:4]} has no vector or no count")
        return weights(v, d, bias)[0], _count(c)
    if isinstance(item, list) and len(item) == 3 and bias and is_number(item[1]):
        return weights([item[0], item[1]], d, bias)[0], _count(item[2])  # (w, b, c)
    if not isinstance(item, list) or len(item) != 2:
        raise Unreadable("expected pairs (v, c): a weight vector and its count")
    return weights(item[0], d, bias)[0], _count(item[1])


def read(value: Any, data: Data, bias: bool, probes: int) -> Got:
    found = fitted(value, probes)
    if found is not None:
        return found
    d = len(data[0][0])
    shape = ""
    if isinstance(value, Attributes):
        value, shape = _attributes(value, d, bias)
    if isinstance(value, dict) and any(k in value for k in VECTORS):
        vectors = next(value[k] for k in VECTORS if k in value)
        counts = next((value[k] for k in COUNTS if k in value), None)
        if counts is None:
            raise Unreadable("a dict of vectors without their counts")
        value, shape = [[v, c] for v, c in zip(vectors, counts, strict=False)], "a dict of lists"
    elif (
        isinstance(value, list)
        and len(value) == 2
        and isinstance(value[0], list)
        and value[0]
        and isinstance(value[0][0], list)
        and isinstance(value[1], list)
        and (not value[0][1:] or isinstance(value[0][1], list))
    ):
        if len(value[0]) != len(value[1]):
            raise Unreadable(f"{len(value[0])} vectors but {len(value[1])} counts")
        value, shape = (
            [[v, c] for v, c in zip(value[0], value[1], strict=True)],
            "(vectors, counts)",
        )
    if not isinstance(value, list) or not value:
        raise Unreadable("expected the list of weighted perceptrons (v, c)")
    votes = tuple(_pair(item, d, bias) for item in value)
    if not shape and isinstance(value[0], dict):
        shape = "dicts {weights, count}"
    if not shape and bias and isinstance(value[0], list) and len(value[0]) == 3:
        shape = "(w, b, c) triples"
    return Got(value=votes, shape=shape)


DATA = ("X", "x", "data", "X_train", "X_", "examples", "points")
"""Attributes that hold the training examples, not the perceptrons (tried last)."""


def _attributes(model: Attributes, d: int, bias: bool) -> tuple[Any, str]:
    """The votes from a fitted object's attributes: a list of pairs (v, c), or a list of
    vectors and a list of as many whole numbers >= 0 (its counts)."""

    def vectors(v: Any) -> bool:
        return (
            isinstance(v, list)
            and bool(v)
            and all(isinstance(u, list) and len(u) in (d, d + bias) for u in v)
            and all(is_number(t) for u in v for t in u)
        )

    def counts(v: Any) -> bool:
        return isinstance(v, list) and bool(v) and all(
            is_number(t) and t.denominator == 1 and t >= 0 for t in v
        )  # fmt: skip

    def pairs(v: Any) -> bool:
        return isinstance(v, list) and bool(v) and all(
            isinstance(p, list) and len(p) in (2, 3) and isinstance(p[0], list) for p in v
        )  # fmt: skip

    found = model.found
    listed = [k for k in found if pairs(found[k])]
    if len(listed) == 1:
        return found[listed[0]], f"its attribute {listed[0]}"
    lists = sorted((k for k in found if vectors(found[k])), key=lambda k: k in DATA)
    for k in lists:
        match = [c for c in found if counts(found[c]) and len(found[c]) == len(found[k])]
        if len(match) == 1:
            pair = [[v, c] for v, c in zip(found[k], found[match[0]], strict=True)]
            return pair, f"its attributes {k} and {match[0]}"
    raise model.missing("the list of weighted perceptrons (its vectors and their counts)")


READER = read
