"""One pass of a perceptron over integer data, without compiled code: numpy blocks, or Python ints.

Both compute, for each example in order, the score s = W·X_i (plus the bias weight W[0]
times the bias value b when b > 0), decide a mistake by the zero-score rule
(:mod:`~perceptron_ref.engine.rules`), and on a mistake add y_i·X_i (and y_i·b) to W in
place.  :func:`block_pass` scores a block of rows with one matrix product and stops at the
block's first mistake: a pass costs one numpy call per mistake, not one per example, and
runs only when :func:`certified` proves that no int64 sum can overflow.
:func:`python_pass` is the same loop on Python integers, which cannot overflow.  The
compiled passes of :mod:`~perceptron_ref.engine.kernel` do the same in numba, for long runs.

>>> import numpy as np
>>> X = np.array([[-1, 2], [1, 0], [1, 1], [-1, 0], [-1, -2], [1, -1]], dtype=np.int8)
>>> y = np.array([-1, 1, 1, -1, -1, 1], dtype=np.int8)
>>> W = np.zeros(2, dtype=np.int64)
>>> k, scores, flags = block_pass(X, y, W, 0, 0, keep=True)
>>> int(k), W.tolist(), scores.tolist(), flags.tolist()
(3, [3, 1], [0, 1, -1, -2, 0, 2], [True, False, True, False, True, False])
>>> W2 = [0, 0]
>>> python_pass(X.tolist(), y.tolist(), W2, 0, 0, None), W2
(3, [3, 1])
"""

from __future__ import annotations

from operator import mul
from typing import Any

import numpy as np
import numpy.typing as npt

from perceptron_ref.engine import native
from perceptron_ref.engine.rules import TIE_MISTAKE, TIE_POSITIVE, is_mistake

INT64_MAX = 2**63 - 1
INT32_MAX = 2**31 - 1
NO_SCORES: npt.NDArray[np.int64] = np.zeros(0, dtype=np.int64)
NO_FLAGS: npt.NDArray[np.bool_] = np.zeros(0, dtype=np.bool_)

FIRST_BLOCK, LAST_BLOCK = 4, 1 << 14
"""Rows scored one at a time after a mistake, and at most at once: a block doubles after a
clean block, so a pass with few mistakes is a few large products.  (4 rather than 8: on
60000×784 pixel rows, where mistakes come in clusters, its passes took 7 % less time.)"""


def certified(w_max: int, column_max: int, row_max: int) -> bool:
    """Whether a pass is sure to stay inside int64.

    ``w_max`` bounds |W_j| before the pass; ``column_max`` bounds Σ_i |X_ij| (the most any
    weight can move in one pass, whatever the mistakes); ``row_max`` bounds Σ_j |X_ij|.
    During the pass every weight stays within w_max + column_max, so every partial sum of
    a score stays within (w_max + column_max)·row_max, as does every update.
    """
    return (w_max + column_max) * max(row_max, 1) <= INT64_MAX


def certified_int32(w_max: int, column_max: int) -> bool:
    """Whether every weight stays inside int32 during a pass: each moves by at most
    ``column_max`` (see :func:`certified`) from at most ``w_max``."""
    return w_max + column_max <= INT32_MAX


def mistakes(rule: int, s: npt.NDArray[np.int64], y: npt.NDArray[np.int8]) -> npt.NDArray[np.bool_]:
    """:func:`~perceptron_ref.engine.rules.is_mistake` on arrays of scores and labels."""
    wrong: npt.NDArray[np.bool_]
    if rule == TIE_MISTAKE:
        wrong = (s == 0) | ((s < 0) == (y > 0))
    elif rule == TIE_POSITIVE:
        wrong = (s < 0) == (y > 0)  # +1 predicted iff s ≥ 0
    else:
        wrong = (s > 0) != (y > 0)  # tie-negative: +1 predicted iff s > 0
    return wrong


def c_pass(
    X: npt.NDArray[np.integer[Any]],
    y: npt.NDArray[np.int8],
    W: npt.NDArray[np.int64],
    b: int,
    rule: int,
    *,
    keep: bool,
) -> tuple[int, npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """:func:`block_pass`'s pass in C, a row at a time (:mod:`~perceptron_ref.engine.native`,
    where the C loops were built): the same mistakes, W, scores and flags."""
    c = native.loops()
    assert c is not None, "the C loops were not built"
    n = len(y)
    scores = np.empty(n, dtype=np.int64) if keep else NO_SCORES
    flags = np.zeros(n, dtype=np.bool_) if keep else NO_FLAGS
    k = c.int_pass(np.ascontiguousarray(X), np.ascontiguousarray(y), W, b, rule, scores, flags)
    return int(k), scores, flags


def block_pass(
    X: npt.NDArray[np.integer[Any]],
    y: npt.NDArray[np.int8],
    W: npt.NDArray[np.int64],
    b: int,
    rule: int,
    *,
    keep: bool,
) -> tuple[int, npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """A certified pass, W updated in place: (mistakes, scores, flags), the last two empty
    unless ``keep``.  Right after a mistake, where the next may be close, rows are scored
    one at a time; once :data:`FIRST_BLOCK` of them are clean, in blocks that double."""
    n = len(y)
    V = W[1:] if b else W  # a view: the feature weights (W[0] is the bias weight)
    scores = np.empty(n, dtype=np.int64) if keep else NO_SCORES
    flags = np.zeros(n, dtype=np.bool_) if keep else NO_FLAGS
    labels = y.tolist()
    k, i, size = 0, 0, FIRST_BLOCK
    while i < n:
        t = -1  # the next mistake, once found
        if size == FIRST_BLOCK:  # one row at a time
            bias = int(W[0]) * b if b else 0
            for r in range(i, min(n, i + FIRST_BLOCK)):
                s = int(X[r] @ V) + bias  # certified(): no int64 sum overflows
                if keep:
                    scores[r] = s
                if is_mistake(rule, s, labels[r]):
                    t = r
                    break
            else:
                i, size = min(n, i + FIRST_BLOCK), 2 * FIRST_BLOCK
                continue
        else:
            j = min(n, i + size)
            block = X[i:j] @ V  # int64: a narrower X is widened
            if b:
                block += int(W[0]) * b
            wrong = mistakes(rule, block, y[i:j])
            first = int(wrong.argmax()) if wrong.any() else j - i
            if keep:
                scores[i : i + min(first + 1, j - i)] = block[: first + 1]
            if first == j - i:  # a clean block
                i, size = j, min(2 * size, LAST_BLOCK)
                continue
            t = i + first
        if labels[t] > 0:
            np.add(V, X[t], out=V, casting="unsafe")  # an exact int64 sum (certified)
        else:
            np.subtract(V, X[t], out=V, casting="unsafe")
        if b:
            W[0] += labels[t] * b
        if keep:
            flags[t] = True
        k, i, size = k + 1, t + 1, FIRST_BLOCK
    return k, scores, flags


def integers(row: npt.NDArray[Any], unit: float = 1.0) -> list[int]:
    """A numpy row's integers as Python ints: an integer row's as they are, a float row's
    (data given as floats, :class:`~perceptron_ref.engine.scaled.Scaled`) times ``unit``,
    the scale, a power of two: exact, for integers float64 holds."""
    x = row.tolist()
    return [int(v * unit) for v in x] if row.dtype.kind == "f" else x


def python_pass(
    X: Any,
    y: list[int],
    W: list[int],
    b: int,
    rule: int,
    kept: list[tuple[int, bool]] | None,
    unit: float = 1.0,
) -> int:
    """The same pass in Python integers (``X`` rows are sequences of ints, or float64 rows
    whose integers are the rows times ``unit``, a power of two), W in place."""
    off = 1 if b != 0 else 0
    m = len(W) - off
    k = 0
    for i, yi in enumerate(y):
        x = X[i]
        if not isinstance(x, list):
            x = integers(x, unit)  # a row of a numpy array: Python ints
        s = sum(map(mul, W[off:], x), W[0] * b if off else 0)
        mistake = is_mistake(rule, s, yi)
        if mistake:
            k += 1
            if off:
                W[0] += yi * b
            for j in range(m):
                W[off + j] += yi * x[j]
        if kept is not None:
            kept.append((s, mistake))
    return k
