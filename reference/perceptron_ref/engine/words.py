"""uint8 rows read 8 bytes at a time: the compiled pass of :mod:`~perceptron_ref.engine.kernel`
for pixel-like data, when every weight is certified to stay inside int32.

:func:`~perceptron_ref.engine.kernel.fastest` times it against the plain loops on the data
at hand and uses it only where it is faster (it is on some machines and widths, not all).

The plain loop widens each byte x_j to 64 bits before multiplying, a shuffle per four
products, and multiplies in 64 bits (vpmullq, several cycles); here a row is a sequence
of little-endian 64-bit words, byte c of word u being x_{8u+c}, taken out by a shift and
a mask, and the weights are stored by byte position so that the products line up lane
for lane.  Same scores, same mistakes, same W as
:func:`~perceptron_ref.engine.passes.python_pass` (``tests/test_engine_kernel.py`` checks it
at the int32 limit).

>>> import numpy as np
>>> X = np.array([[1, 2, 3, 4, 5, 6, 7, 8], [8, 7, 6, 5, 4, 3, 2, 1]], dtype=np.uint8)
>>> W, none, y = np.zeros(8, dtype=np.int64), np.zeros(0, dtype=np.int64), np.array([1, -1])
>>> by_words(X), words_pass(X, words_of(X), y.astype(np.int8), W, 0, 2, False, none, none)
(True, 2)
>>> W.tolist()
[-7, -5, -3, -1, 1, 3, 5, 7]
"""

from __future__ import annotations

import sys
from typing import Any

import numba
import numpy as np
import numpy.typing as npt
from numba.extending import overload

from perceptron_ref.engine.rules import is_mistake

_is_mistake = numba.njit(inline="always")(is_mistake)


@numba.njit(cache=True, nogil=True, boundscheck=False)
def words_pass(
    X: Any, Xw: Any, y: Any, W: Any, b: int, rule: int, keep: bool, scores: Any, flags: Any
) -> int:
    """The pass, compiled (see the module docstring); ``Xw`` is :func:`words_of` X."""
    # uint8 rows read 8 bytes at a time: Xw[i, u] holds x_{8u}..x_{8u+7}, byte c being
    # x_{8u+c} (little-endian), taken out by a shift and a mask.  The feature weights are
    # held as Wp[c, u] = V[8u + c], so for each c the products are lane for lane, with no
    # byte widening (a shuffle, the bottleneck of the plain loop).  Every weight fits int32
    # (certified by the caller), so (w << 32) >> 32 == w and LLVM multiplies with the
    # 32x32 -> 64-bit vpmuldq, not the slow 64-bit vpmullq; the sums stay int64.
    n, m = X.shape
    q = m // 8
    off = 1 if b != 0 else 0
    Wp = np.empty((8, q), dtype=np.int64)
    for u in range(q):
        for c in range(8):
            Wp[c, u] = W[off + 8 * u + c]
    k = 0
    for i in range(n):
        xw = Xw[i]
        s: Any = np.int64(0)
        for c in range(8):
            wc, shift = Wp[c], np.uint64(8 * c)
            for u in range(q):
                s += ((wc[u] << 32) >> 32) * np.int64((xw[u] >> shift) & np.uint64(255))
        if b != 0:
            s += W[0] * b
        yi: Any = np.int64(y[i])
        mistake = _is_mistake(rule, s, yi)
        if mistake:
            k += 1
            if b != 0:
                W[0] += yi * b
            for c in range(8):
                wc, shift = Wp[c], np.uint64(8 * c)
                for u in range(q):
                    wc[u] += yi * np.int64((xw[u] >> shift) & np.uint64(255))
        if keep:
            scores[i], flags[i] = s, mistake
    for u in range(q):
        for c in range(8):
            W[off + 8 * u + c] = Wp[c, u]
    return k


def words_if_bytes(
    X: Any, Xw: Any, y: Any, W: Any, b: int, rule: int, keep: bool, scores: Any, flags: Any
) -> int:
    """:func:`words_pass` on uint8 rows, and nothing on others (no row made, no mistake):
    what the compiled dispatcher calls, so that it compiles the word pass only for the type
    that uses it (compiling it for every row type added about a second to a first run)."""
    return words_pass(X, Xw, y, W, b, rule, keep, scores, flags) if X.dtype == np.uint8 else 0


@overload(words_if_bytes)
def _words_if_bytes(X: Any, Xw: Any, y: Any, W: Any, b: int, rule: int, keep: bool,
                    scores: Any, flags: Any) -> Any:  # fmt: skip
    def words(X: Any, Xw: Any, y: Any, W: Any, b: int, rule: int, keep: bool, scores: Any,
              flags: Any) -> int:  # fmt: skip
        return words_pass(X, Xw, y, W, b, rule, keep, scores, flags)

    def none(X: Any, Xw: Any, y: Any, W: Any, b: int, rule: int, keep: bool, scores: Any,
             flags: Any) -> int:  # fmt: skip
        return 0

    return words if X.dtype == numba.types.uint8 else none


def by_words(X: npt.NDArray[Any]) -> bool:
    """Whether :func:`word_pass` can read X: C-contiguous uint8 rows of a multiple of
    8 bytes, on a little-endian machine (byte c of word u is then column 8u + c)."""
    return (
        X.dtype == np.uint8
        and X.ndim == 2
        and X.shape[1] % 8 == 0
        and X.flags.c_contiguous
        and sys.byteorder == "little"
    )


def words_of(X: npt.NDArray[Any]) -> npt.NDArray[np.uint64]:
    """X's rows as 64-bit words (a view, no copy), for :func:`words_pass`."""
    assert by_words(X)
    return X.view(np.uint64)
