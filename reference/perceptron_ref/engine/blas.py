"""One pass in float64 scored by BLAS, exact: the numpy pass while W and x stay below 2^53.

A float64 holds every integer of magnitude up to 2^53 exactly, and the sum or product of two
such integers is exact whenever the result is one too.  So when
:func:`certified_float` proves that every weight, every product W_j·X_ij and every partial
sum of a score stays within 2^53 during the pass, a score computed in float64, in any order
(BLAS sums in blocks, with fused multiply-adds), is the integer score exactly, and so is
every update.  That lets the pass score its rows with BLAS's matrix-vector product (numpy's
``dot`` on float64), several times faster than numpy's own integer one, where
:func:`~perceptron_ref.engine.passes.block_pass` spends most of its time.

The rows are converted to float64 a chunk at a time (about :data:`CHUNK_BYTES`, so that the
chunk stays in the cache while the pass scores it), with the bias value b as a first column
when there is one, so that a row (b, X_i) times W is the score, bias included.  As in
:func:`~perceptron_ref.engine.passes.block_pass`, a block of rows is scored at once, the block
ends at its first mistake, and it doubles after a clean block; y·s below a limit that the
zero-score rule sets for each label is a mistake.

Past that certificate, while every weight and every x stays within 2^53 (so that W and the
rows are still exact in float64), a float64 score can be off, but by at most :func:`margin`
(Higham's bound on a dot product, whatever the order of its sums): a row whose float score
is that close to the limit is scored again exactly, in Python integers, and the others are
decided by their float score, which is on the right side.  So a pass that only counts its
mistakes and moves W is exact there too; one that keeps every score runs in int64 blocks.

Where mistakes are close together, a pass is a few numpy calls a mistake, each a microsecond
or more whatever its size: that, not the arithmetic, is its time.  So a small block's scores
are looked at one by one in Python (:data:`SCAN`), which stops at the first mistake, rather
than by the four numpy calls that sign, compare and search the whole block.

>>> import numpy as np
>>> X = np.array([[-1, 2], [1, 0], [1, 1], [-1, 0], [-1, -2], [1, -1]], dtype=np.int8)
>>> y = np.array([-1, 1, 1, -1, -1, 1], dtype=np.int8)
>>> W = np.zeros(2, dtype=np.int64)
>>> k, scores, flags = blas_pass(X, y, W, 0, 2, keep=True)
>>> int(k), W.tolist(), scores.tolist(), flags.tolist()
(3, [3, 1], [0, 1, -1, -2, 0, 2], [True, False, True, False, True, False])
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt

from perceptron_ref.engine.passes import NO_FLAGS, NO_SCORES
from perceptron_ref.engine.rules import TIE_MISTAKE, TIE_POSITIVE, is_mistake

FLOAT_EXACT = 2**53
"""Every integer of magnitude up to this is a float64, exactly."""

CHUNK_BYTES = 1 << 20
"""Bytes of signed float64 rows made at a time.  Measured on 60000×784 pixel rows: 512 KiB
to 1 MiB gave the fastest passes, 2 MiB (out of a core's cache) 10 to 20 % slower."""

START = 4096
"""Numbers scored at once after a mistake: START // (d + 1) rows, 8 at least (then twice as
many after each clean block).  A block costs a few numpy calls whatever its size, and rows
scored past a mistake are scored again: measured on pixel rows of 98 to 1568 features (one
pass from W = 0, a mistake every 3 to 30 rows), 2048 to 8192 numbers gave the same times
within the noise, 16384 slower at 784 features and more."""

SCAN = 64
"""Rows at most in a block whose scores are looked at in Python, one by one up to the first
mistake (about 0.1 µs a row), rather than by numpy calls over the whole block (about 1 µs
each, four of them).  Measured on pixel rows, one pass from W = 0 against the same pass with
numpy calls on every block: 15 % less time at 98 and 196 features, 27 to 40 % less at 784;
32 to 256 rows gave the same times within the noise."""


def certified_float(w_max: int, column_max: int, row_max: int) -> bool:
    """Whether a pass is exact in float64: ``w_max``, ``column_max`` and ``row_max`` as in
    :func:`~perceptron_ref.engine.passes.certified` (which bounds every weight during the
    pass by w_max + column_max, and every partial sum of a score by that times row_max),
    with 2^53 for the limit."""
    return (w_max + column_max) * max(row_max, 1) <= FLOAT_EXACT


def margin(w_max: int, column_max: int, row_max: int, terms: int) -> int | None:
    """How far a float64 score can be from the integer score in a pass from max|W_j| =
    ``w_max`` (bounds as in :func:`certified_float`, ``terms`` products a score): 0 when
    :func:`certified_float` proves it exact; None when a weight or an x may leave 2^53,
    where float64 no longer holds them exactly.

    Every weight stays within top = w_max + column_max, so Σ_j |x_j|·|W_j| ≤ row_max·top,
    and a dot product of n terms computed in float64, in any order, fused or not, is within
    γ_n·Σ_j |x_j|·|W_j| of the exact one, where γ_n = n·u / (1 − n·u) and u = 2^-53
    (Higham, *Accuracy and Stability of Numerical Algorithms*, 2nd ed., §3.1): the bound,
    rounded up to an integer.

    >>> margin(10, 5, 100, 3), margin(2**52, 2**10, 2**10, 3), margin(2**53, 1, 1, 3)
    (0, 1537, None)
    """
    top = w_max + column_max
    if certified_float(w_max, column_max, row_max):
        return 0
    if top > FLOAT_EXACT:
        return None
    n = terms
    return -(-n * max(row_max, 1) * top // (FLOAT_EXACT - n))  # ⌈n·row_max·top/(2^53 − n)⌉


def _above(limit: int) -> float:
    """The least float64 at or above the integer ``limit``: y·s below it is a mistake or
    too close to call (y·s is an integer-valued float, compared exactly)."""
    f = float(limit)
    return f if f >= limit else math.nextafter(f, math.inf)


def _exact(row: npt.NDArray[np.float64], Wf: npt.NDArray[np.float64]) -> int:
    """The score of a row in Python integers: the row and W hold integers exactly."""
    return sum(int(x) * int(w) for x, w in zip(row.tolist(), Wf.tolist(), strict=True))


def limits(rule: int) -> tuple[int, int]:
    """A mistake is y·s below the limit of its label, (for +1, for −1): y·s ≤ 0
    (tie-mistake, both labels); s < 0 for y = +1 and s ≥ 0 for y = −1 (tie-positive); s ≤ 0
    for +1 and s > 0 for −1 (tie-negative).  On integers, y·s < 1 or y·s < 0."""
    if rule == TIE_MISTAKE:
        return 1, 1
    return (0, 1) if rule == TIE_POSITIVE else (1, 0)


def blas_pass(
    X: npt.NDArray[np.integer[Any]],
    y: npt.NDArray[np.int8],
    W: npt.NDArray[np.int64],
    b: int,
    rule: int,
    *,
    keep: bool,
    margin: int = 0,
) -> tuple[int, npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """A pass that :func:`certified_float` certifies, W updated in place: (mistakes,
    scores, flags), the last two empty unless ``keep``, as
    :func:`~perceptron_ref.engine.passes.block_pass` returns them.  With a ``margin``
    (:func:`margin`, not 0: float64 scores within it of the truth), without ``keep``."""
    assert not (keep and margin), "a kept score must be exact"
    n, m = X.shape
    off = 1 if b else 0
    Wf = W.astype(np.float64)  # exact: every |W_j| is below 2^53
    signs = y.tolist()  # the labels as Python ints, for the rows looked at one by one
    limit = limits(rule)  # (for +1, for −1)
    plus, minus = (_above(lim + margin) for lim in limit)  # y·s below: a mistake, or too close
    sure = {1: limit[0] - margin, -1: limit[1] - margin}  # y·s below: a mistake
    yf = y.astype(np.float64)
    bars = plus if plus == minus else np.where(y > 0, plus, minus)
    rows = max(8, CHUNK_BYTES // (8 * max(1, m + off)))
    chunk = np.empty((min(n, rows), m + off))
    chunk[:, 0] = b  # the bias column, if any (the rows are written from column off on)
    scores = np.empty(n, dtype=np.int64) if keep else NO_SCORES
    flags = np.zeros(n, dtype=np.bool_) if keep else NO_FLAGS
    start = max(8, START // (m + off + 1))
    k, i, size, c0, c1 = 0, 0, start, 0, 0
    while i < n:
        if i >= c1:  # the next chunk of rows (b, X_i) in float64
            c0, c1 = i, min(n, i + rows)
            np.copyto(chunk[: c1 - c0, off:], X[c0:c1])
        j = i + size if i + size < c1 else c1
        s = chunk[i - c0 : j - c0].dot(Wf)  # the scores: exact, or within the margin
        if keep:
            scores[i:j] = s  # those past a mistake are written again, from the new W
        t, v_t = j, 0.0  # the first mistake (or close call), if any, and its y·s
        if size <= SCAN:
            for r, v in enumerate(s.tolist(), i):
                if (v < plus) if signs[r] > 0 else (-v < minus):
                    t, v_t = r, (v if signs[r] > 0 else -v)
                    break
        else:
            s *= yf[i:j]
            wrong = s < (bars if isinstance(bars, float) else bars[i:j])
            first = int(wrong.argmax())
            t, v_t = (i + first, float(s[first])) if wrong[first] else (j, 0.0)
        if t == j:  # a clean block
            i, size = j, 2 * size
            continue
        close = margin and v_t >= sure[signs[t]]  # too close to call in float64: exactly
        if close and not is_mistake(rule, _exact(chunk[t - c0], Wf), signs[t]):
            i = t + 1  # no mistake: score on from the next row
            continue
        if signs[t] > 0:
            Wf += chunk[t - c0]  # W += y_t·(b, X_t)
        else:
            Wf -= chunk[t - c0]
        if keep:
            flags[t] = True
        k, i, size = k + 1, t + 1, start
    np.copyto(W, Wf, casting="unsafe")  # integers below 2^53: exact
    return k, scores, flags
