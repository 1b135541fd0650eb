"""Rational data as integers: X = D·x for one positive common scale D.

Every perceptron of the notes starts at w = 0 and adds η·y·x on a mistake, so w is
always η/D times an integer vector W = Σ y·X (the sum over the mistakes so far), and a
score is ⟨w, x⟩ = η/D² · ⟨W, X⟩.  η/D² > 0, so every prediction, every zero score and
every mistake is decided by the integer score ⟨W, X⟩ alone; the rationals are rebuilt
exactly at the end (``w = η·W/D``).  D is the least common multiple of the
denominators, so integer data keep D = 1 and are not copied when already narrow.

>>> from fractions import Fraction as F
>>> s = from_rows([(F(1, 2), F(-1, 3)), (F(2), F(0))], (1, -1))
>>> s.X.tolist(), s.X.dtype.name, s.scale
([[3, -2], [12, 0]], 'int8', 6)
"""

from __future__ import annotations

import marshal
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from perceptron_ref.engine import native
from perceptron_ref.errors import InputError
from perceptron_ref.numbers import to_label

BLOCK = 4096
"""Rows per block when a whole-matrix temporary would cost memory."""

NARROW: tuple[type[np.integer[Any]], ...] = (np.uint8, np.int8, np.int16, np.int32, np.int64)
"""The integer types the data may be held in, narrowest first (uint8: pixels 0..255)."""


@dataclass(frozen=True)
class Scaled:
    """n examples as integers: x_i = X[i]/scale, labels y ∈ {−1, +1} as int8.

    ``X`` is a C-contiguous integer array of the narrowest type in :data:`NARROW` that
    holds it, or an object array of Python ints when even int64 does not; or, for data
    given as floats that int64 does not hold once scaled
    (:func:`~perceptron_ref.engine.given.from_float_array`), the
    floats themselves in float64: then x_i = X[i] exactly, and its integers are
    X[i]·scale, each of at most 53 significant bits (float64 holds them exactly too).
    """

    X: npt.NDArray[Any]
    y: npt.NDArray[np.int8]
    scale: int
    bits: int | None = None
    """Every integer of X is below 2^bits in magnitude, where the reader knew it (data given
    as floats: from their exponent fields); None where not."""

    def __iter__(self) -> Iterator[tuple[Fraction, ...]]:
        """The rows as exact rationals x = X/D: a Scaled is data any engine can run on."""
        floats = self.X.dtype.kind == "f"
        for row in self.X.tolist():
            yield tuple(Fraction(v) if floats else Fraction(v, self.scale) for v in row)

    @property
    def shape(self) -> tuple[int, int]:
        """(n, d): what the runner counts the work by."""
        n, d = self.X.shape
        return int(n), int(d)

    @property
    def fits(self) -> bool:
        """Whether the data are held in a machine integer type (else Python ints, or
        integers in float64)."""
        return self.X.dtype.kind in "iu"


def narrowest(lo: int, hi: int) -> type[np.integer[Any]] | None:
    """The narrowest type of :data:`NARROW` holding lo..hi, or None (only Python ints do)."""
    for t in NARROW:
        info = np.iinfo(t)
        if info.min <= lo and hi <= info.max:
            return t
    return None


def _narrow(X: npt.NDArray[Any]) -> npt.NDArray[Any]:
    lo, hi = (int(X.min()), int(X.max())) if X.size else (0, 0)
    t = narrowest(lo, hi)
    if t is None:
        return np.ascontiguousarray(X, dtype=object)
    return np.ascontiguousarray(X, dtype=t)


def labels_from(y: Any, n: int) -> npt.NDArray[np.int8]:
    """Labels ±1 as int8, checked as the literal reference checks them."""
    array = None if isinstance(y, np.ma.MaskedArray) else y  # (a masked label: refused below)
    if isinstance(array, np.ndarray) and array.dtype.kind in "iu" and array.ndim == 1:
        bad = (array != 1) & (array != -1)
        if bad.any():
            to_label(array[int(np.argmax(bad))])  # raises the reference's message
        labels = array.astype(np.int8)
    elif (
        isinstance(y, list | tuple)
        and (given := number_matrix((y,))) is not None
        and bool(((given == 1) | (given == -1)).all())
    ):  # a list of Python ints or floats, every one ±1: read at once
        labels = given[0].astype(np.int8)
    else:
        labels = np.array([to_label(v) for v in y], dtype=np.int8)
    if n != len(labels):
        raise InputError(f"{n} examples but {len(labels)} labels")
    return labels


def number_matrix(X: list[Any] | tuple[Any, ...]) -> npt.NDArray[Any] | None:
    """:func:`marshalled`'s matrix, read in C where the C loops were built
    (:func:`perceptron_ref.engine._native.numbers`: each entry's exact type checked and its
    value read, about 4 ns an entry where marshal's bytes take about 20), else by
    :func:`marshalled` itself.  The same rule, the same matrix.

    >>> number_matrix([[1.5, -2.0], [0.0, 3.0]]).tolist(), number_matrix([(1, 2)]).dtype.name
    ([[1.5, -2.0], [0.0, 3.0]], 'int32')
    >>> number_matrix([[1, True]]) is None, number_matrix([[1, 2.0]]) is None
    (True, True)
    """
    c = native.loops()
    if c is None:
        return marshalled(X)
    try:
        n, m = len(X), len(X[0])
    except (TypeError, IndexError, KeyError):  # no rows; a row with no length
        return None
    if not (type(X) in (list, tuple) and 0 < n < 2**31 and 0 < m < 2**31):
        return None
    out = np.empty((n, m))
    kind = c.numbers(X, out)
    return None if kind == 0 else out if kind == 1 else out.astype(np.int32)


MARSHAL = 2
"""The marshal format :func:`marshalled` reads (version 2: no back-references, so the bytes
depend only on the rows' types and values)."""


def marshalled(X: list[Any] | tuple[Any, ...]) -> npt.NDArray[Any] | None:
    """n ≥ 1 rows (lists or tuples) of m ≥ 1 entries that are all Python floats, or all
    Python ints in [−2^31, 2^31), as a float64 or int32 matrix; None for anything else.

    marshal (the format of ``.pyc`` files) writes such rows in one pass in C, each entry as
    its exact type's code and its bits: ``[`` or ``(`` and n as 4 bytes, then for each row
    ``[`` or ``(`` and m, and for each entry ``g`` and its 8 bytes (a float) or ``i`` and 4
    (an int in that range).  Where the bytes have exactly that layout (every code and count
    is checked) they are read as an array; as marshal's bytes decode to the object they came
    from, they came from such rows.  Anything else (a bool, ``T`` or ``F``; a larger int;
    a string; a numpy scalar or a Fraction, which marshal refuses; ragged rows) breaks the
    layout.  Measured on 60000×196 rows: about 0.3 s, where looking at each entry's type
    and then numpy's reading took 0.6 to 0.8 s.

    >>> marshalled([[1.5, -2.0], [0.0, 3.0]]).tolist(), marshalled([(1, 2)]).dtype.name
    ([[1.5, -2.0], [0.0, 3.0]], 'int32')
    >>> marshalled([[1, True]]) is None, marshalled([[1, 2.0]]) is None
    (True, True)
    """
    try:
        n, m = len(X), len(X[0])
        data = marshal.dumps(X, MARSHAL)
    except (TypeError, IndexError, ValueError):  # no rows; an unmarshallable object
        return None
    if not (0 < n < 2**31 and 0 < m < 2**31) or data[:1] not in (b"[", b"("):
        return None
    if data[1:5] != n.to_bytes(4, "little"):
        return None
    # a row's bytes: its code, m, and each entry's (code and bits): floats' or ints'
    layouts = [(b"g", 8, "<f8"), (b"i", 4, "<i4")]
    found = [(c, size, t) for c, size, t in layouts if len(data) == 5 + n * (5 + (1 + size) * m)]
    if not found:
        return None
    (code, size, dtype), width = found[0], 5 + (1 + found[0][1]) * m
    rows = np.frombuffer(data, dtype=np.uint8, offset=5).reshape(n, width)
    heads = (rows[:, 0] == ord("[")) | (rows[:, 0] == ord("("))
    counts = rows[:, 1:5] == np.frombuffer(m.to_bytes(4, "little"), dtype=np.uint8)
    codes = rows[:, 5 :: 1 + size] == code[0]
    if not (heads.all() and counts.all() and codes.all()):
        return None
    values: npt.NDArray[Any] = np.ndarray((n, m), dtype=dtype, buffer=data, offset=5 + 5 + 1,
                                          strides=(width, 1 + size))  # fmt: skip
    return values.astype(np.float64 if code == b"g" else np.int32)  # native, C-contiguous


def from_integer_array(X: npt.NDArray[np.integer[Any]], y: Any) -> Scaled:
    """A numpy integer matrix, kept as it is when it is already narrow (no copy)."""
    if X.ndim != 2:
        raise InputError(f"X must be a matrix (n × d), got an array of shape {X.shape}")
    n, d = X.shape
    if n == 0:
        raise InputError("no examples")
    if d == 0:
        raise InputError("examples have no features (d = 0)")
    labels = labels_from(y, n)
    if not X.dtype.isnative:  # the other byte order (a file's, say): the same integers, as
        X = X.astype(X.dtype.newbyteorder("="))  # every loop reads them (C's and numba's too)
    if X.dtype in (np.uint16, np.uint32, np.uint64) or not X.flags.c_contiguous:
        X = _narrow(X) if X.dtype != np.uint64 else _narrow(X.astype(object))
    return Scaled(X, labels, 1)


def from_rows(rows: Sequence[Sequence[Fraction]], labels: Sequence[int]) -> Scaled:
    """Exact rows (already checked: same length, d ≥ 1) scaled by the lcm of denominators."""
    D = math.lcm(*{v.denominator for row in rows for v in row})
    ints = [[v.numerator * (D // v.denominator) for v in row] for row in rows]
    X = _narrow(np.array(ints, dtype=object))
    return Scaled(X, np.array(labels, dtype=np.int8), D)


def coarse_bounds(data: Scaled, b: int) -> tuple[int, int]:
    """(column_max, row_max) as in :func:`bounds`, from the type's range alone (no sweep):
    every |X_ij| is at most the type's largest magnitude M.  Python ints: no bound."""
    if not data.fits:
        return 2**64, 2**64  # never certified (and the data are not compiled anyway)
    n, m = data.X.shape
    info = np.iinfo(data.X.dtype)
    M = max(-int(info.min), int(info.max))
    return n * M + n * b, m * M + b


def bounds(data: Scaled, b: int) -> tuple[int, int]:
    """(column_max, row_max) for :func:`~perceptron_ref.engine.kernel.certified`, exact.

    Σ_i |X_ij| over the widest column and Σ_j |X_ij| over the widest row, the bias value
    b counted in both.
    """
    X = data.X
    assert X.dtype.kind != "f", "integers in float64 are never certified"
    n, m = X.shape
    # Narrower than int64: int64 sums, exact.  int64: the same when its values are small
    # enough that no |X_ij| (|min| may not fit) and no column or row sum leaves int64,
    # else, as for Python ints, Python-int sums (ten times slower).
    wide = not data.fits
    if data.fits and X.dtype.itemsize == 8 and X.size:
        M = max(-int(X.min()), int(X.max()))
        wide = max(n, m) * M > np.iinfo(np.int64).max
    kind: Any = object if wide else np.int64
    columns: npt.NDArray[Any] = np.zeros(X.shape[1], dtype=kind)
    row_max = 0
    for start in range(0, n, BLOCK):  # in blocks: a widened copy of all X would double memory
        A = np.abs(X[start : start + BLOCK].astype(kind, copy=False))
        columns = columns + A.sum(axis=0)
        row_max = max(row_max, int(A.sum(axis=1).max()))
    return int(columns.max()) + n * b, row_max + b
