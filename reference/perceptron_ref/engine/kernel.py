"""One pass of a perceptron over integer data: a compiled int64 loop and a big-integer loop.

Both compute, for each example in order, the score s = W·X_i (with the bias weight W[0]
times the bias value b when b > 0), decide a mistake by the zero-score rule, and on a
mistake add y_i·X_i (and y_i·b) to W in place.  They are the same loop; the compiled one
runs only on a pass that :func:`certified` proves cannot leave int64, the other on
Python integers, which cannot overflow.  When :func:`certified_int32` also proves that
every weight stays inside int32, the compiled pass holds them as int32 (products become
32x32 -> 64-bit multiplies; scores are still int64), and uint8 rows of whole 8-byte words
are read a word at a time (:mod:`~perceptron_ref.engine.words`).  Rule codes: 0 tie-positive,
1 tie-negative, 2 tie-mistake (see :mod:`perceptron_ref.algorithm`).

>>> import numpy as np
>>> X = np.array([[-1, 2], [1, 0], [1, 1], [-1, 0], [-1, -2], [1, -1]], dtype=np.int8)
>>> y = np.array([-1, 1, 1, -1, -1, 1], dtype=np.int8)
>>> W = np.zeros(2, dtype=np.int64)
>>> int(compiled_pass(X, y, W, 0, 0, False, NO_SCORES, NO_FLAGS)), W.tolist()
(3, [3, 1])
>>> W2 = [0, 0]
>>> python_pass(X.tolist(), y.tolist(), W2, 0, 0, None), W2
(3, [3, 1])
"""

from __future__ import annotations

from operator import mul
from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from perceptron_ref.engine.rules import TIE_MISTAKE, TIE_NEGATIVE, TIE_POSITIVE, is_mistake
from perceptron_ref.engine.words import by_words, word_pass

__all__ = [
    "INT32_MAX",
    "INT64_MAX",
    "NO_FLAGS",
    "NO_SCORES",
    "TIE_MISTAKE",
    "TIE_NEGATIVE",
    "TIE_POSITIVE",
    "absolute_sums",
    "certified",
    "certified_int32",
    "compiled_pass",
    "is_mistake",
    "python_pass",
]

INT64_MAX = 2**63 - 1
INT32_MAX = 2**31 - 1
NO_SCORES: npt.NDArray[np.int64] = np.zeros(0, dtype=np.int64)
NO_FLAGS: npt.NDArray[np.bool_] = np.zeros(0, dtype=np.bool_)


_is_mistake = numba.njit(inline="always")(is_mistake)


@numba.njit(cache=True, nogil=True, inline="always")
def _step(X: Any, y: Any, W: Any, V: Any, b: int, rule: int, i: int, s: Any) -> bool:
    """Decide example i on its score s; on a mistake add y_i·x_i (and y_i·b) to W."""
    yi: Any = np.int64(y[i])
    mistake = _is_mistake(rule, s, yi)
    if mistake:
        if b != 0:
            W[0] += yi * b
        x = X[i]
        for j in range(len(V)):
            V[j] += yi * x[j]
    return mistake


@numba.njit(cache=True, nogil=True)
def _compiled_pass(
    X: Any, y: Any, W: Any, b: int, rule: int, keep: bool, scores: Any, flags: Any, narrow: bool
) -> int:
    V = W[1:] if b != 0 else W[:]  # the feature weights; W[0] is the bias weight when b > 0
    if narrow:
        # Every weight stays in int32 (certified by the caller): held as int32 during the
        # pass, a product is a 32x32 -> 64-bit multiply, much faster than a 64-bit one.
        V32 = V.astype(np.int32)
        k = _pairs(X, y, W, V32, b, rule, keep, scores, flags)
        V[:] = V32
        return k
    return _pairs(X, y, W, V, b, rule, keep, scores, flags)


@numba.njit(cache=True, nogil=True, inline="always")
def _pairs(
    X: Any, y: Any, W: Any, V: Any, b: int, rule: int, keep: bool, scores: Any, flags: Any
) -> int:
    n, m = X.shape
    k, i = 0, 0
    while i < n:
        # Two scores with one sweep of W (it is read once for both rows): the second is
        # used only if the first example is no mistake, i.e. W has not changed.
        x, z = X[i], X[min(i + 1, n - 1)]
        s: Any = np.int64(0)
        t: Any = np.int64(0)
        for j in range(m):
            v = np.int64(V[j])
            s += v * np.int64(x[j])
            t += v * np.int64(z[j])
        if b != 0:
            s += W[0] * b
            t += W[0] * b
        for r, score in ((i, s), (i + 1, t)):
            if r == n:
                break
            mistake = _step(X, y, W, V, b, rule, r, score)
            k += mistake
            if keep:
                scores[r], flags[r] = score, mistake
            i = r + 1
            if mistake:
                break  # W changed: the next score is stale
    return k


def compiled_pass(
    X: npt.NDArray[np.integer[Any]],
    y: npt.NDArray[np.int8],
    W: npt.NDArray[np.int64],
    b: int,
    rule: int,
    keep: bool,
    scores: npt.NDArray[np.int64],
    flags: npt.NDArray[np.bool_],
    narrow: bool = False,
) -> int:
    """One pass in int64, W updated in place; the caller has certified it (see below).

    With ``keep`` each score and mistake flag is written to ``scores``/``flags``.
    ``narrow``: the caller has also certified (:func:`certified_int32`) that every weight
    stays within int32 during the pass: the weights are then multiplied as int32, and
    uint8 rows of whole 8-byte words take the faster byte loop.
    Returns the number of mistakes.
    """
    if narrow and by_words(X):
        return word_pass(X, y, W, b, rule, keep, scores, flags)
    return int(_compiled_pass(X, y, W, b, rule, keep, scores, flags, narrow))


def python_pass(
    X: Any,
    y: list[int],
    W: list[int],
    b: int,
    rule: int,
    kept: list[tuple[int, bool]] | None,
) -> int:
    """The same pass in Python integers (``X`` rows are sequences of ints), W in place."""
    off = 1 if b != 0 else 0
    m = len(W) - off
    k = 0
    for i, yi in enumerate(y):
        x = X[i]
        if not isinstance(x, list):
            x = x.tolist()  # a row of a numpy array: Python ints
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


@numba.njit(cache=True, nogil=True)
def _absolute_sums(X: Any, columns: Any) -> int:
    n, m = X.shape
    row_max = 0
    for i in range(n):
        row = 0
        for j in range(m):
            a: Any = abs(np.int64(X[i, j]))
            row += a
            columns[j] += a
        row_max = max(row_max, row)
    return row_max


def absolute_sums(X: npt.NDArray[np.integer[Any]]) -> tuple[int, int]:
    """(max_j Σ_i |X_ij|, max_i Σ_j |X_ij|) in one compiled sweep, for entries of at most
    32 bits (whose sums over fewer than 2**31 rows or columns fit int64)."""
    assert X.dtype.itemsize <= 4 and max(X.shape) < 2**31
    columns = np.zeros(X.shape[1], dtype=np.int64)
    row_max = int(_absolute_sums(X, columns))
    return int(columns.max()), row_max


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
