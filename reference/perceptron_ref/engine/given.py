"""The caller's data as numpy reads it: float matrices from their bits, rows of Python numbers.

The literal reference converts a caller's numbers one by one into Fractions
(:func:`~perceptron_ref.inputs.examples_from`): a float at its exact binary value, an int as
it is.  For a numpy float matrix, or rows (lists or tuples) of Python ints only or Python
floats only, that is seconds a million entries, where numpy reads them in milliseconds.  So
the engine reads those here, into :class:`~perceptron_ref.engine.scaled.Scaled` data holding
the same rationals (held as integers, the same scale and the same integers: property tests
hold them to the literal conversion), and hands anything else, and anything wrong, to the
literal conversion, which says what is wrong as the literal reference does.

A float is a dyadic rational, odd·2^e.  Over a matrix, X·2^K are integers for every K at
least −(the least e), below 2^(K + the largest exponent).  Where int64 holds them they are
held so, with the least K: D = 2^K is then the lcm of the denominators.  Else they are held
as the floats themselves, with a K read from the exponent fields alone (:func:`exponents`,
one read of the bits): their integers X·2^K have at most 53 significant bits each, which
float64 holds, and :mod:`~perceptron_ref.engine.dyadic` scores them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from perceptron_ref.engine import dyadic_compiled
from perceptron_ref.engine.scaled import (
    Scaled,
    _narrow,
    from_integer_array,
    from_rows,
    labels_from,
    number_matrix,
)
from perceptron_ref.inputs import examples_from

FLOAT_TOP = 960
"""Data given as floats are held in float64 once scaled while every |X_ij| < 2^FLOAT_TOP:
far enough below float64's 2^1024 that no score bound of the passes overflows."""


BITS_AT_ONCE = 1 << 16
"""Entries of a float matrix read at once by :func:`exponents`: a block of 512 KiB and its
temporary stay in a core's cache (measured on 60000×784 normal floats: 64 K entries 1.35
times as fast as 16 K, 1.1 times as fast as 256 K)."""


def exponents(X: npt.NDArray[np.float64]) -> tuple[int, int] | None:
    """(L, E) with every entry of the float64 matrix X an integer multiple of 2^L and every
    |x| < 2^E, read from the bits; None if an entry is not finite.  (0, 0) when every entry
    is 0.

    L is not always the least such exponent: it comes from the least exponent field f of
    the nonzero entries, x = S·2^(f − 1075) with S an integer below 2^53, so 2^(f − 1075)
    divides every entry; a power of two (whose S is 2^52) may count one below its field, and
    a subnormal at f = 0, below −1074 either way.  Finding the least would mean reading
    each S's lowest bit, three times the work; :func:`from_float_array` finds it where it
    matters, for integers int64 holds.

    >>> exponents(np.array([[0.75, -6.0], [0.0, 1.0]]))  # 0.75 = 3·2^-2: L ≤ −2, |x| < 2^3
    (-53, 3)
    """
    kind = dyadic_compiled.here()
    if kind is not None:  # compiled loops cost nothing more here: the same read, compiled
        return dyadic_compiled.exponents(X, kind)
    return numpy_exponents(X)


def numpy_exponents(X: npt.NDArray[np.float64]) -> tuple[int, int] | None:
    """:func:`exponents`, in numpy: a block of the bits at a time, two reductions each."""
    U = np.uint64
    flat = X.reshape(-1).view(np.uint64)
    size = min(BITS_AT_ONCE, flat.size)
    work = np.empty(size, dtype=np.uint64)
    low, top = 0x7FF, 0
    for start in range(0, flat.size, size):
        bits = flat[start : start + size]
        t = work[: bits.size]
        np.left_shift(bits, U(1), out=t)  # the sign dropped: the field in the top 11 bits
        top = max(top, int(t.max()) >> 53)
        if top == 0x7FF:
            return None  # an infinity or a NaN: the literal route names it
        t -= U(1)  # 0 wraps to the largest: it never counts as least (2^f, one below f)
        low = min(low, int(t.min()) >> 53)
    if low == 0x7FF:  # every entry 0
        return (0, 0)
    return (low - 1075, top - 1022)


def from_float_array(X: npt.NDArray[np.floating[Any]], y: Any) -> Scaled | None:
    """A float16, float32 or float64 matrix at its entries' exact binary values (as the
    literal reference takes a float): each is odd·2^e, so X·2^K holds integers for K at
    least −(the least e).  Held as integers when int64 holds them, with the least such K
    (the lcm of the denominators, as :func:`from_rows` makes them, read from the floats'
    bits instead of a Fraction an entry); else as the floats themselves (see
    :class:`Scaled`; not copied when X is a C-contiguous float64 array already), with the
    K that :func:`exponents` gives, which may be more than the least: the same rationals,
    their integers a power of two larger.  None when only Python ints hold them, or when
    X is not a finite n × d matrix with n, d ≥ 1 (the generic route then says what is
    wrong).

    >>> s = from_float_array(np.array([[0.5, -0.25], [3.0, 0.0]]), [1, -1])
    >>> s.X.tolist(), s.X.dtype.name, s.scale
    ([[2, -1], [12, 0]], 'int8', 4)
    >>> s = from_float_array(np.array([[1e-30, 1.0]]), [1])
    >>> s.X.dtype.name, s.scale == 2**152, list(s)[0][1]  # 1e-30 = odd·2^-147 = S·2^-152
    ('float64', True, Fraction(1, 1))
    """
    if X.dtype not in (np.float16, np.float32, np.float64) or X.ndim != 2 or 0 in X.shape:
        return None
    rows = np.ascontiguousarray(X, dtype=np.float64)  # exact: float16, float32 are float64s
    found = exponents(rows)
    if found is None:
        return None
    low, high = found
    K = max(0, -low)  # every |X_ij|·2^K is an integer below 2^(high + K)
    if high + K > 63 and 0 <= 63 - high < K and _integral(rows, 63 - high):
        K = 63 - high  # a K that int64 holds, where exponents' K is more than the least
    labels = labels_from(y, X.shape[0])
    if high + K <= 63:
        A = np.ldexp(rows, K).astype(np.int64)
        common = int(np.bitwise_or.reduce(A, axis=None))  # its lowest bit: the integers'
        spare = min(K, (common & -common).bit_length() - 1) if common else K  # 2-power
        if spare:  # the least K: the lcm of the denominators
            A >>= spare
            K -= spare
        return Scaled(_narrow(A), labels, 2**K)
    if high + K <= FLOAT_TOP and K <= FLOAT_TOP:
        return Scaled(rows, labels, 2**K, high + K)
    return None


def _integral(X: npt.NDArray[np.float64], J: int) -> bool:
    """Whether every entry of X times 2^J is an integer (a block at a time: data whose
    entries are not stop at the first block that shows it)."""
    flat = X.reshape(-1)
    size = min(BITS_AT_ONCE, flat.size)
    work, whole = np.empty(size), np.empty(size)
    for start in range(0, flat.size, size):
        part = flat[start : start + size]
        t, w = work[: part.size], whole[: part.size]
        np.ldexp(part, J, out=t)  # exact: a power of two up loses no bit (|x|·2^J < 2^63)
        np.trunc(t, out=w)
        if not np.array_equal(t, w):
            return False
    return True


def from_number_rows(X: list[Any] | tuple[Any, ...], y: Any) -> Scaled | None:
    """Rows (lists or tuples) of Python ints only, or of Python floats only, read by numpy:
    ints into int64 (then the narrowest type that holds them), floats as
    :func:`from_float_array` reads them.  None for anything else: another type anywhere (a
    bool, a string, a Fraction, a numpy scalar), ints past int64, ragged or empty rows.

    >>> s = from_number_rows([[1, -2], [3, 0]], [1, -1])
    >>> s.X.tolist(), s.X.dtype.name, s.scale
    ([[1, -2], [3, 0]], 'int8', 1)
    >>> from_number_rows([[1, True]], [1]) is None  # a bool: the literal route refuses it
    True
    """
    A = number_matrix(X)
    if A is None:  # not the common case: each entry's type looked at, then numpy reads them
        kinds: set[type] = set()
        for row in X:
            if type(row) not in (list, tuple):
                return None
            kinds.update(map(type, row))
            if len(kinds) > 1:
                return None
        kind = kinds.pop() if kinds else None
        if kind not in (int, float):
            return None
        try:
            A = np.array(X, dtype=np.int64 if kind is int else np.float64)
        except (OverflowError, ValueError):  # an int past int64; ragged rows
            return None
        if A.ndim != 2 or 0 in A.shape:
            return None
    if A.dtype.kind == "f":
        return from_float_array(A.astype(np.float64, copy=False), y)
    return Scaled(_narrow(A), labels_from(y, A.shape[0]), 1)


def scaled(X: Iterable[Iterable[object]] | Any, y: Iterable[object]) -> Scaled:
    """The caller's data as integers: numpy integer matrices as they are, numpy float
    matrices and rows of Python ints or floats read by numpy (:func:`from_float_array`,
    :func:`from_number_rows`), all else exactly as the literal reference converts it (same
    checks, same errors)."""
    if isinstance(X, Scaled):  # read by engine.csv or engine.coq; the labels are the y given
        return Scaled(X.X, labels_from(y, X.X.shape[0]), X.scale, X.bits)
    # A matrix's rows are 1 × d matrices, a masked array's entries may be numpy.ma.masked:
    # read as the literal reference reads them (and refused as it refuses them), never the
    # numbers beneath.
    array = None if isinstance(X, np.matrix | np.ma.MaskedArray) else X
    if isinstance(array, np.ndarray) and array.dtype.kind in "iu":
        return from_integer_array(array, y)
    made = None
    if isinstance(array, np.ndarray) and array.dtype.kind == "f":
        made = from_float_array(array, y)
    elif isinstance(X, list | tuple):
        made = from_number_rows(X, y)
    if made is not None:
        return made
    rows, labels = examples_from(X, y)
    return from_rows(rows, labels)
