"""Byte rows against weights split in two int16 halves: the compiled pass of
:mod:`~perceptron_ref.engine.kernel` that x86's pair-product instructions can run.

Each feature weight is held as w = 256·h + l with 0 ≤ l < 256 (h = w >> 8, l = w & 255),
and the score as s = 256·(h·x) + (l·x).  Both dot products have int16 factors and an int32
sum: LLVM compiles them to ``vpmaddwd`` (``vpdpwssd`` with AVX-512 VNNI), 16 or 32 products
an instruction, where the int64 loops make 4 or 8.  An int32 sum that wraps is still right
modulo 2³², so it is exact as long as the true sum lies inside int32: Σ_j |l_j·x_j| ≤
d·255·255 always does when :func:`by_pairs` holds, and Σ_j |h_j·x_j| ≤ d·255·max|h|
does while max|h| ≤ :func:`h_limit` (d).  An update moves each h_j by at most 1 (the carry
of l_j + y·x_j, which lies in [−256, 511)), so the pass keeps a bound on max|h| that grows
by 1 a mistake, and measures max|h| again when the bound passes the limit.  When max|h|
itself passes it (|w| beyond about 2^31/(d·255)·256), the pass stops there, and
:func:`~perceptron_ref.engine.kernel.compiled_pass` makes the rest of it in int64 with the
``PLAIN`` kernel: the same scores, mistakes and W as
:func:`~perceptron_ref.engine.passes.python_pass` either way (``tests/test_engine_kernel.py``
checks both sides of the limit).

>>> import numpy as np
>>> X = np.array([[1, 2, 3], [200, 100, 0], [0, 255, 9]], dtype=np.uint8)
>>> W, none = np.array([1000, -70000, 3], dtype=np.int64), np.zeros(0, dtype=np.int64)
>>> by_pairs(X), pairs_pass(X, np.array([1, -1, 1], dtype=np.int8), W, 0, 0, False, none, none)
(True, (3, 2))
>>> W.tolist()
[1001, -69743, 15]
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
import numpy.typing as npt
from numba.extending import overload

from perceptron_ref.engine.passes import INT32_MAX
from perceptron_ref.engine.rules import is_mistake

_is_mistake = numba.njit(inline="always")(is_mistake)

H_MAX = 2**15 - 2
"""The most max|h| may be before an update: one more and it still fits int16."""


@numba.njit(cache=True, nogil=True, inline="always")
def h_limit(m: int, x_max: int) -> int:
    """The most max|h| may be for the h-half of a score to stay inside int32 (m features,
    each |x_j| ≤ x_max)."""
    return min(H_MAX, INT32_MAX // max(1, m * x_max))


@numba.njit(cache=True, nogil=True, boundscheck=False)
def pairs_pass(
    X: Any, y: Any, W: Any, b: int, rule: int, keep: bool, S: Any, F: Any
) -> tuple[int, int]:
    """The pass, compiled (see the module docstring), up to the row where max|h| passes its
    limit: (the rows made, their mistakes), W updated.  X's rows are one-byte integers."""
    n, m = X.shape
    off = 1 if b != 0 else 0
    limit = h_limit(m, 255)  # |x_j| ≤ 255 in a row of uint8 or int8
    H, L = np.empty(m, dtype=np.int16), np.empty(m, dtype=np.int16)
    top = 0
    for j in range(m):
        top = max(top, abs(W[off + j] >> 8))
    i, k = 0, 0
    if top <= limit:
        for j in range(m):
            H[j], L[j] = np.int16(W[off + j] >> 8), np.int16(W[off + j] & 255)
    bound = top  # max|h| ≤ bound
    while i < n and bound <= limit:
        x = X[i]
        sh, sl = np.int32(0), np.int32(0)
        for j in range(m):
            xj = np.int32(x[j])
            # the products and sums wrap in int32 (numba computes in int64; the cast keeps
            # the low 32 bits, and LLVM then multiplies and adds in 32 bits)
            sh = np.int32(sh + np.int32(H[j]) * xj)
            sl = np.int32(sl + np.int32(L[j]) * xj)
        s: Any = np.int64(sh) * 256 + np.int64(sl)
        if b != 0:
            s += W[0] * b
        yi: Any = np.int64(y[i])
        mistake = _is_mistake(rule, s, yi)
        if mistake:
            k += 1
            if b != 0:
                W[0] += yi * b
            y16 = np.int16(yi)
            for j in range(m):
                low = np.int16(L[j] + y16 * np.int16(x[j]))  # in [-255, 510]
                H[j] = np.int16(H[j] + (low >> 8))  # the carry: -1, 0 or 1
                L[j] = np.int16(low & 255)
            bound += 1
            if bound > limit:  # measure max|h| again
                bound = 0
                for j in range(m):
                    bound = max(bound, abs(int(H[j])))
        if keep:
            S[i], F[i] = s, mistake
        i += 1
    if top <= limit:
        for j in range(m):
            W[off + j] = np.int64(H[j]) * 256 + np.int64(L[j])
    return i, k


def pairs_if_bytes(
    X: Any, y: Any, W: Any, b: int, rule: int, keep: bool, S: Any, F: Any
) -> tuple[int, int]:
    """:func:`pairs_pass` on one-byte rows, and no row made on others: what the compiled
    dispatcher calls, so that it compiles the pair pass only for the types that use it
    (compiling it for every row type made a first run's compilation half as long again)."""
    return pairs_pass(X, y, W, b, rule, keep, S, F) if X.itemsize == 1 else (0, 0)


@overload(pairs_if_bytes)
def _pairs_if_bytes(X: Any, y: Any, W: Any, b: int, rule: int, keep: bool, S: Any, F: Any) -> Any:
    # numba types the call: X is an array type here, and only one of the two is compiled.
    def pairs(
        X: Any, y: Any, W: Any, b: int, rule: int, keep: bool, S: Any, F: Any
    ) -> tuple[int, int]:
        return pairs_pass(X, y, W, b, rule, keep, S, F)

    def none(
        X: Any, y: Any, W: Any, b: int, rule: int, keep: bool, S: Any, F: Any
    ) -> tuple[int, int]:
        return 0, 0

    return pairs if X.dtype.bitwidth == 8 else none


PAIRS_D_MAX = INT32_MAX // (255 * 255)
"""The widest rows the pair pass takes: the l-half of a score, at most d·255·255, fits int32."""


def by_pairs(X: npt.NDArray[Any]) -> bool:
    """Whether :func:`pairs_pass` can read X: a matrix of uint8 or int8 rows, at most
    :data:`PAIRS_D_MAX` wide."""
    return X.dtype in (np.uint8, np.int8) and X.ndim == 2 and X.shape[1] <= PAIRS_D_MAX
