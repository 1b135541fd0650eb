"""Witnesses for the Winnow theorems: a run of the reference's Winnow read mistake by mistake
in the proofs' names (pos, a, S, W, P, Φ, the relevant weights' exponents, act, Q)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from types import ModuleType
from typing import Any

from perceptron_ref import run

from .._check import Witness
from .._runs import sequence


def _exponent(weight: Fraction, base: Fraction) -> int:
    """e with base^e = weight (a relevant weight is a power of the base)."""
    e = round(math.log(float(weight)) / math.log(float(base)))
    assert base**e == weight, (weight, base)
    return e


def winnow_witness(
    proof: ModuleType,
    algorithm: str,
    X: Sequence[Sequence[int]],
    y: Sequence[int],
    relevant: Sequence[int],
    base: Fraction,
    exponent: Any,
    text: str,
    **options: Any,
) -> list[Witness]:
    """The run of ``algorithm`` on X, y (two passes), with the relevant variables (0-based)."""
    trace = run(algorithm, X, y, epochs=2, **options)
    n = len(X[0])
    w = tuple(Fraction(1) for _ in range(n))
    rows: list[tuple[Any, ...]] = []  # (w before, x, label) per mistake
    for st in trace.steps:
        x = tuple(Fraction(c) for c in X[st.index])
        if st.mistake:
            rows.append((w, x, st.label))
        w = st.weights
    weights = [r[0] for r in rows] + [trace.weights]
    m = len(rows)
    r = len(relevant)

    def pos(t: int) -> int:
        return 1 if rows[t][2] == 1 else 0

    def act(i: int, t: int) -> int:
        return int(rows[t][1][relevant[i - 1]])

    def expo(i: int, t: int) -> int:
        return _exponent(weights[t][relevant[i - 1]], base)

    def dot(a: Sequence[Fraction], b: Sequence[Fraction]) -> Fraction:
        return sum((p * q for p, q in zip(a, b, strict=True)), Fraction(0))

    P = [sum(pos(s) for s in range(t)) for t in range(m + 1)]
    Q = [sum(expo(i, m) for i in range(1, q + 1)) for q in range(r + 1)]
    values = {
        proof.n: n,
        proof.r: r,
        proof.M: m,
        proof.pos: sequence([pos(t) for t in range(m)]),
        proof.a: sequence([sum(act(i, t) for i in range(1, r + 1)) for t in range(m)]),
        proof.S: sequence([dot(rows[t][0], rows[t][1]) for t in range(m)]),
        proof.W: sequence([sum(v) for v in weights]),
        proof.P: sequence(P),
        proof.Phi: sequence([sum(expo(i, t) for i in range(1, r + 1)) for t in range(m + 1)]),
        exponent: expo,
        proof.act: act,
        proof.Q: sequence(Q),
    }
    return [Witness(f"{algorithm} on {text} ({m} mistakes)", values)]
