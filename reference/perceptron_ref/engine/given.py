"""The caller's data as numpy reads it: float matrices from their bits, rows of Python numbers.

The literal reference converts a caller's numbers one by one into Fractions
(:func:`~perceptron_ref.inputs.examples_from`): a float at its exact binary value, an int as
it is.  For a numpy float matrix, or rows (lists or tuples) of Python ints only or Python
floats only, that is seconds a million entries, where numpy reads them in milliseconds.  So
the engine reads those here, into the same :class:`~perceptron_ref.engine.scaled.Scaled`
data (the same scale, the same integers: a property test holds them to the literal
conversion), and hands anything else, and anything wrong, to the literal conversion, which
says what is wrong as the literal reference does.

A float is a dyadic rational, odd·2^e.  Over a matrix, D = 2^K with K = max(0, −least e) is
the lcm of the denominators, and X·D are integers below 2^(K + the largest exponent), read
from the floats' bits (:func:`exponents`): held in a machine integer type when int64 holds
them, else as the floats themselves (their integers X·D have at most 53 significant bits
each, which float64 holds: :mod:`~perceptron_ref.engine.dyadic` scores them).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from perceptron_ref.engine.scaled import (
    Scaled,
    _narrow,
    from_integer_array,
    from_rows,
    labels_from,
)
from perceptron_ref.inputs import examples_from

FLOAT_TOP = 960
"""Data given as floats are held in float64 once scaled while every |X_ij| < 2^FLOAT_TOP:
far enough below float64's 2^1024 that no score bound of the passes overflows."""


BITS_AT_ONCE = 1 << 14
"""Entries of a float matrix read at once by :func:`exponents`: a block of 128 KiB, and its
temporaries, stay in the cache (measured on 60000×784 normal floats: 16 K entries 2.5 times
as fast as 800 K)."""


def exponents(X: npt.NDArray[np.float64]) -> tuple[int, int] | None:
    """(the least e with some x = odd·2^e, the least E with every |x| < 2^E) over the
    nonzero entries of the float64 matrix X, read from their bits; None if an entry is not
    finite.  (0, 0) when every entry is 0.  A subnormal x counts one below its e, which is
    below −1073 either way: too far for anything but Python ints."""
    U = np.uint64
    flat = X.reshape(-1).view(np.uint64)
    size = min(BITS_AT_ONCE, flat.size)
    shifted, field, low_bit = (np.empty(size, dtype=np.uint64) for _ in range(3))
    as_float = np.empty(size, dtype=np.float64)
    low, high = 2**20, -(2**20)
    for start in range(0, flat.size, size):
        bits = flat[start : start + size]
        t, f, b, a = shifted[: bits.size], field[: bits.size], low_bit[: bits.size], as_float[
            : bits.size]  # fmt: skip
        np.left_shift(bits, U(1), out=t)  # the sign dropped: 0 for ±0
        np.right_shift(t, U(53), out=f)  # the exponent field
        top = int(f.max())
        if top == 0x7FF:
            return None  # an infinity or a NaN: the literal route names it
        # x = S·2^(field − 1075), S = 2^52 | the stored bits: S's lowest bit 2^z, z below 53
        np.bitwise_or(bits, U(1 << 52), out=b)
        np.bitwise_and(b, -b, out=b)
        a[:] = b  # 2^z, exactly
        np.right_shift(a.view(np.uint64), U(52), out=b)  # z + 1023
        b += f
        low = min(low, int(b.min(where=t != 0, initial=U(2**20))) - 1023 - 1075)
        high = max(high, top - 1075 + 53)  # (0's field is 0: it never counts)
    return (0, 0) if low >= 2**20 - 2098 else (low, high)


def from_float_array(X: npt.NDArray[np.floating[Any]], y: Any) -> Scaled | None:
    """A float16, float32 or float64 matrix at its entries' exact binary values (as the
    literal reference takes a float): x = odd·2^e, so D = 2^K with K = max(0, −least e) is
    the lcm of their denominators, and X·D holds integers, exactly as :func:`from_rows`
    makes them, read from the floats' bits instead of a Fraction an entry.  Held as
    integers when int64 holds them, else as the floats themselves (see :class:`Scaled`; not
    copied when X is a C-contiguous float64 array already); None when only Python ints
    hold them, or when X is not a finite n × d matrix with n, d ≥ 1 (the generic route
    then says what is wrong).

    >>> s = from_float_array(np.array([[0.5, -0.25], [3.0, 0.0]]), [1, -1])
    >>> s.X.tolist(), s.X.dtype.name, s.scale
    ([[2, -1], [12, 0]], 'int8', 4)
    >>> s = from_float_array(np.array([[1e-30, 1.0]]), [1])
    >>> s.X.dtype.name, s.scale == 2**147, list(s)[0][1]  # 1e-30 = odd·2^-147
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
    labels = labels_from(y, X.shape[0])
    if high + K <= 63:
        return Scaled(_narrow(np.ldexp(rows, K).astype(np.int64)), labels, 2**K)
    if high + K <= FLOAT_TOP and K <= FLOAT_TOP:
        return Scaled(rows, labels, 2**K)
    return None


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
    if kind is float:
        return from_float_array(A.astype(np.float64, copy=False), y)
    return Scaled(_narrow(A), labels_from(y, A.shape[0]), 1)


def scaled(X: Iterable[Iterable[object]] | Any, y: Iterable[object]) -> Scaled:
    """The caller's data as integers: numpy integer matrices as they are, numpy float
    matrices and rows of Python ints or floats read by numpy (:func:`from_float_array`,
    :func:`from_number_rows`), all else exactly as the literal reference converts it (same
    checks, same errors)."""
    if isinstance(X, Scaled):  # read by engine.csv or engine.coq; the labels are the y given
        return Scaled(X.X, labels_from(y, X.X.shape[0]), X.scale)
    if isinstance(X, np.ndarray) and X.dtype.kind in "iu":
        return from_integer_array(X, y)
    made = None
    if isinstance(X, np.ndarray) and X.dtype.kind == "f":
        made = from_float_array(X, y)
    elif isinstance(X, list | tuple):
        made = from_number_rows(X, y)
    if made is not None:
        return made
    rows, labels = examples_from(X, y)
    return from_rows(rows, labels)
