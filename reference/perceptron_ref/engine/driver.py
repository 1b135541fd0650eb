"""The engine's outer loop: passes, stopping rules and the trace, as the literal runner has them.

:func:`drive` runs one of the notes' perceptrons on :class:`~perceptron_ref.engine.scaled.Scaled`
data and returns the :class:`~perceptron_ref.trace.Trace` that
:func:`perceptron_ref.runner.run` returns, field for field: the same steps (kept per
``record``), totals, status and cycle.  Each pass runs compiled when
:func:`~perceptron_ref.engine.kernel.certified` proves it stays inside int64 and in Python
integers otherwise; once a run has left int64 it stays in Python integers.  Cycle detection
compares the integer W at epoch ends: w = η·W/D with η/D > 0 fixed, so w repeats exactly
when W does.

>>> from fractions import Fraction
>>> from perceptron_ref.engine.scaled import from_rows
>>> X = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
>>> data = from_rows([tuple(map(Fraction, x)) for x in X], [-1, 1, 1, -1, -1, 1])
>>> t = drive("perceptron/gormley-batch", data, bias=False, eta=Fraction(1),
...           epochs=1, max_epochs=None, record="summary")
>>> [str(v) for v in t.weights], t.mistakes, t.epochs, t.status
(['3', '1'], 3, 2, 'converged')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from perceptron_ref import registry
from perceptron_ref.algorithm import BatchAlgorithm
from perceptron_ref.engine.kernel import (
    NO_FLAGS,
    NO_SCORES,
    TIE_NEGATIVE,
    TIE_POSITIVE,
    certified,
    certified_int32,
    compiled_pass,
    python_pass,
)
from perceptron_ref.engine.rules import RULES
from perceptron_ref.engine.scaled import Scaled, bounds, coarse_bounds
from perceptron_ref.errors import InputError
from perceptron_ref.registry import PERCEPTRONS as SUPPORTED
from perceptron_ref.trace import Record, Status, Step, Trace
from perceptron_ref.vectors import Label, Vector


def rule_of(algorithm: str) -> tuple[int, bool]:
    """(zero-score rule code, is batch) of a supported algorithm; InputError otherwise."""
    if algorithm not in SUPPORTED:
        raise InputError(
            f"the fast engine runs only the perceptrons ({', '.join(SUPPORTED)}), "
            f"not {algorithm!r}: use engine 'literal' or 'auto'"
        )
    algo = registry.get(algorithm)
    return RULES[algo.zero_score], isinstance(algo, BatchAlgorithm)


def predict(rule: int, s: Fraction, y: Label) -> Label:
    """The prediction the literal learners report (tie-mistake reports −y at s = 0)."""
    if s == 0:
        return 1 if rule == TIE_POSITIVE else -1 if rule == TIE_NEGATIVE else -y
    return 1 if s > 0 else -1


def drive(
    algorithm: str,
    data: Scaled,
    *,
    bias: bool,
    eta: Fraction,
    epochs: int | str,
    max_epochs: int | None,
    record: Record,
) -> Trace:
    """Run ``algorithm`` (options already checked by the runner) and return its trace."""
    rule, batch = rule_of(algorithm)
    cycles = batch or epochs == "converge"
    X, D = data.X, data.scale
    n, m = X.shape
    b = D if bias else 0
    d = m + bias
    column_max, row_max = coarse_bounds(data, b)
    exact = False
    W: Any = np.zeros(d, dtype=np.int64) if data.fits else [0] * d
    keep = record != "summary"
    scores = np.empty(n, dtype=np.int64) if keep and data.fits else NO_SCORES
    flags = np.empty(n, dtype=np.bool_) if keep and data.fits else NO_FLAGS
    y_list: list[int] = []  # the labels as Python ints, made for the first Python pass
    steps: list[Step] = []
    w_scale = (eta.numerator, eta.denominator * D)  # w = η·W/D
    s_scale = (eta.numerator, eta.denominator * D * D)  # ⟨w, x⟩ = η·⟨W, X⟩/D²
    seen: dict[tuple[int, ...], int] = {(0,) * d: 0}
    k, epoch, cycle = 0, 0, None
    status: Status = "converged" if cycles else "online"
    while True:
        epoch += 1
        start = (list(W) if isinstance(W, list) else W.tolist()) if keep else []
        if isinstance(W, np.ndarray) and not exact and not certified(_max(W), column_max, row_max):
            column_max, row_max, exact = *bounds(data, b), True  # a sweep of X: only if needed
        if isinstance(W, np.ndarray) and certified(w_max := _max(W), column_max, row_max):
            narrow = certified_int32(w_max, column_max)
            mistakes = compiled_pass(X, data.y, W, b, rule, keep, scores, flags, narrow)
            kept = list(zip(scores.tolist(), flags.tolist(), strict=True)) if keep else None
        else:
            W = W.tolist() if isinstance(W, np.ndarray) else W  # Python ints from here on
            kept = [] if keep else None
            y_list = y_list or data.y.tolist()
            mistakes = python_pass(X, y_list, W, b, rule, kept)
        k += mistakes
        if kept is not None:
            steps.extend(_steps(data, epoch, start, kept, b, rule, w_scale, s_scale, record))
        if not cycles:
            if epoch == epochs:
                break
            continue
        if mistakes == 0:
            status = "converged"
            break
        key = tuple(W) if isinstance(W, list) else tuple(W.tolist())
        if key in seen:
            status, cycle = "cycled", (seen[key], epoch)
            break
        seen[key] = epoch
        if max_epochs is not None and epoch >= max_epochs:
            status = "max_epochs"
            break
    final = W if isinstance(W, list) else W.tolist()
    return Trace(
        algorithm,
        d,
        bias,
        eta,
        k,
        epoch,
        status,
        _rational(final, w_scale),
        tuple(steps),
        record,
        cycle,
    )


def _max(W: Any) -> int:
    return int(np.abs(W).max())


def _rational(W: list[int], scale: tuple[int, int]) -> Vector:
    p, q = scale
    if q == 1:  # integer weights: Fraction's fast path for an int, no gcd
        return tuple(Fraction(v * p) for v in W)
    return tuple(Fraction(v * p, q) for v in W)


def _steps(
    data: Scaled,
    epoch: int,
    W: list[int],
    kept: list[tuple[int, bool]],
    b: int,
    rule: int,
    w_scale: tuple[int, int],
    s_scale: tuple[int, int],
    record: Record,
) -> list[Step]:
    """The pass's steps, w after each one rebuilt by replaying the pass's mistakes from W."""
    off = 1 if b else 0
    w = _rational(W, w_scale)
    p, q = s_scale
    out: list[Step] = []
    for i, (s, mistake) in enumerate(kept):
        y: Label = 1 if data.y[i] == 1 else -1
        if mistake:
            x = data.X[i].tolist()
            if off:
                W[0] += y * b
            for j, v in enumerate(x):
                W[off + j] += y * v
            w = _rational(W, w_scale)
        if mistake or record == "full":
            score = Fraction(s * p, q)
            out.append(Step(epoch, i, score, predict(rule, score, y), y, mistake, w))
    return out
