"""The caller's data as numpy reads it (``engine/given.py``): numpy float matrices and rows
of Python ints or floats give the same rationals as the literal conversion, a Fraction an
entry, and, held as integers, the same scale and integers; everything else, and everything
wrong, goes the literal way, with its errors.
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction
from typing import Any, Literal

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_ref import run
from perceptron_ref.engine.given import (
    from_float_array,
    from_number_rows,
    numpy_exponents,
    scaled,
)
from perceptron_ref.engine.scaled import (
    Scaled,
    from_rows,
    labels_from,
    marshalled,
    number_matrix,
)
from perceptron_ref.errors import InputError
from perceptron_ref.inputs import examples_from


def _float(mantissa: int, exponent: int) -> float:
    return math.ldexp(mantissa, exponent)


FLOATS = st.builds(_float, st.integers(-(2**53) + 1, 2**53 - 1), st.integers(-120, 60)) | (
    st.sampled_from((0.0, -0.0, 1.0, -3.0, 0.5, 2.0**-70))
)


def _integers(data: Scaled) -> list[list[int]]:
    """The rows' integers: held as they are, or for floats the floats times the scale."""
    unit = data.scale if data.X.dtype.kind == "f" else 1
    return [[int(Fraction(v) * unit) for v in row] for row in data.X.tolist()]


def _factor(made: Scaled, literal: Scaled) -> int:
    """made.scale over literal.scale (the lcm of the denominators): 1 for data held as
    integers, a power of two for data held as floats, whose K may be more than the least
    (:func:`~perceptron_ref.engine.given.exponents`)."""
    factor, rest = divmod(made.scale, literal.scale)
    assert rest == 0 and factor & (factor - 1) == 0
    assert made.X.dtype.kind == "f" or factor == 1
    return factor


def _matrix(draw: Any, n: int, m: int) -> np.ndarray[Any, Any]:
    return np.array([[draw(FLOATS) for _ in range(m)] for _ in range(n)], dtype=np.float64)


@settings(max_examples=150)
@given(data=st.data(), n=st.integers(1, 12), m=st.integers(1, 5),
       dtype=st.sampled_from((np.float64, np.float32, np.float16)))  # fmt: skip
def test_floats_scale_to_the_integers_the_literal_conversion_makes(
    data: st.DataObject, n: int, m: int, dtype: Any
) -> None:
    with np.errstate(over="ignore"):  # (float16 holds few of the draws: inf is refused)
        X = _matrix(data.draw, n, m).astype(dtype)
    y = [1] * n
    made = from_float_array(X, y)
    if not np.isfinite(X).all():
        assert made is None
        return
    rows, labels = examples_from(X, y)  # each float at its exact binary value
    literal = from_rows(rows, labels)
    assert made is not None
    factor = _factor(made, literal)
    assert [[v * factor for v in row] for row in literal.X.tolist()] == _integers(made)
    if made.X.dtype.kind == "f":  # the bound the compiled pass's digits are sized by: tight
        widest = max(abs(v) for row in _integers(made) for v in row)
        assert made.bits is not None and widest < 2**made.bits <= max(1, 2 * widest)
    assert made.X.dtype.kind == ("f" if literal.X.dtype == object else "i" if
                                 literal.X.dtype.kind == "i" else "u")  # fmt: skip
    assert list(made) == list(rows)  # x = X/D, exactly, whatever X is held in


@pytest.mark.parametrize("rows", [
    [[2.0**40, 0.5]],  # the least exponent field (0.5's) says K = 54; the least K is 1
    [[1e6, 0.25, -3.0], [2.0**-2, 0.0, 7.5]],
    [[2.0**62, 1.0]],  # 63 bits: int64 still holds it
    [[3.0 * 2.0**50, 2.0**-10]],  # the least K (10) and 52 bits: 62
    [[1.5, 2.0**-60]],  # no spare bit: K = 60 both ways
])  # fmt: skip
def test_floats_int64_holds_are_held_as_integers_at_the_least_scale(
    rows: list[list[float]],
) -> None:
    X, y = np.array(rows), [1] * len(rows)
    made, literal = from_float_array(X, y), from_rows(*examples_from(X, y))
    assert made is not None and made.X.dtype.kind == "i" and literal.X.dtype.kind == "i"
    assert made.scale == literal.scale and made.X.tolist() == literal.X.tolist()


SPECIAL = st.sampled_from((0.0, -0.0, 5e-324, -(2.0**-1022), 2.0**1023, np.inf, -np.inf, np.nan))


@settings(max_examples=150)
@given(data=st.data(), n=st.integers(1, 9), m=st.integers(1, 9))
def test_the_exponents_read_compiled_are_numpys(data: st.DataObject, n: int, m: int) -> None:
    # (The compiled read takes over where compiled loops cost nothing more: C's where they
    # were built, numba's once loaded.)
    from perceptron_ref.engine import dyadic_compiled

    X = np.array(data.draw(st.lists(st.lists(FLOATS | SPECIAL, min_size=m, max_size=m),
                                    min_size=n, max_size=n)))  # fmt: skip
    read = numpy_exponents(X)
    assert dyadic_compiled.exponents(X, "c") == dyadic_compiled.exponents(X, "numba") == read
    if read is None:
        assert not np.isfinite(X).all()
    else:  # what it promises: every x a multiple of 2^L, every |x| below 2^E
        low, high = read
        for x in map(Fraction, X.reshape(-1).tolist()):
            assert (x / Fraction(2) ** low).denominator == 1 and abs(x) < Fraction(2) ** high


def test_what_floats_cannot_give_goes_the_literal_way() -> None:
    for bad in (np.nan, np.inf, -np.inf):
        with pytest.raises(InputError, match="is not a finite number"):
            scaled(np.array([[1.0, bad]]), [1])
    subnormal = np.array([[5e-324, 1.0]])  # x·2^1074: past float64's range, Python ints
    assert from_float_array(subnormal, [1]) is None
    assert scaled(subnormal, [1]).X.dtype == object
    with pytest.raises(InputError, match="no examples"):
        scaled(np.zeros((0, 2)), [])
    with pytest.raises(InputError, match="2 examples but 1 labels"):
        scaled(np.ones((2, 2)) / 3, [1])


@settings(max_examples=150)
@given(data=st.data(), n=st.integers(1, 8), m=st.integers(1, 4),
       kind=st.sampled_from(("int", "float", "mixed")))  # fmt: skip
def test_rows_of_python_numbers_read_as_the_literal_conversion_reads_them(
    data: st.DataObject, n: int, m: int, kind: str
) -> None:
    ints = st.integers(-(2**70), 2**70) | st.integers(-128, 255)
    value = {"int": ints, "float": FLOATS, "mixed": ints | FLOATS}[kind]
    rows = [data.draw(st.lists(value, min_size=m, max_size=m)) for _ in range(n)]
    as_tuples = data.draw(st.booleans())
    X: list[Any] | tuple[Any, ...] = tuple(map(tuple, rows)) if as_tuples else rows
    made = from_number_rows(X, [1] * n)
    literal = from_rows(*examples_from(X, [1] * n))
    if made is None:  # only where numpy cannot: ints past int64, or ints and floats mixed
        kinds = {type(v) for row in rows for v in row}
        assert len(kinds) > 1 or any(abs(v) >= 2**63 for row in rows for v in row)
    else:
        factor = _factor(made, literal)
        assert [[v * factor for v in row] for row in literal.X.tolist()] == _integers(made)
    assert list(scaled(X, [1] * n)) == list(literal)  # whichever way, the same rationals


@settings(max_examples=150)
@given(data=st.data(), n=st.integers(1, 8), m=st.integers(1, 5), tuples=st.booleans(),
       kind=st.sampled_from(("int", "float")))  # fmt: skip
def test_rows_of_floats_or_small_ints_are_read_as_numpy_reads_them(
    data: st.DataObject, n: int, m: int, tuples: bool, kind: str
) -> None:
    value = st.integers(-(2**31), 2**31 - 1) if kind == "int" else FLOATS | SPECIAL
    rows = [data.draw(st.lists(value, min_size=m, max_size=m)) for _ in range(n)]
    X: list[Any] | tuple[Any, ...] = tuple(map(tuple, rows)) if tuples else rows
    for read in READERS:
        A = read(X)
        assert A is not None and A.dtype == (np.int32 if kind == "int" else np.float64)
        expected = np.array(rows, dtype=A.dtype)
        assert A.shape == (n, m) and A.flags.c_contiguous
        assert A.tobytes() == expected.tobytes()  # bit for bit: −0.0, NaN's payload
    # One entry changed to what marshal writes otherwise: the layout no longer holds.
    odd = data.draw(st.sampled_from((True, False, 2**31, -(2**31) - 1, 2**70, "1", None,
                                     Fraction(1, 2), np.float64(1.0), np.int64(1), [1.0],
                                     Real(1.0), Whole(1),
                                     1.0 if kind == "int" else 1)))  # fmt: skip
    i, j = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, m - 1))
    changed = [list(row) for row in rows]
    changed[i][j] = odd
    other = type(odd) is float if kind == "int" else type(odd) is int and -(2**31) <= odd < 2**31
    ragged = [list(row) for row in rows]
    ragged[i].pop()  # one row shorter than the others
    for read in READERS:
        if n * m == 1 and other:
            assert read(changed) is not None  # [[x]]: a matrix of the other kind, rightly
        else:
            assert read(changed) is None
        assert read(ragged) is None or n == 1


class Real(float):
    """A float that is not a Python float exactly: marshal refuses it."""


class Whole(int):
    """Likewise an int."""


class Row(list[Any]):
    """Likewise a list."""


READERS = (marshalled, number_matrix)
"""Rows given as lists read through marshal's bytes, and by the C reader (where built, as
the set-up builds it)."""


def test_what_is_not_a_matrix_of_floats_or_small_ints_is_refused() -> None:
    cases: list[Any] = [[], [[]], [[1.0], [2.0, 3.0]], [1.0, 2.0], [[[1.0]]], "ab", ([],),
                        [Row([1.0])], Row([[1.0]]), [[1.0, Real(2.0)]], [[Whole(3)]],
                        [[1, True]], [[True, 1]], [{0: 1.0}], [["ab"]], [[2**31]]]  # fmt: skip
    for X in cases:
        for read in READERS:
            assert read(X) is None, (X, read)
    ends = number_matrix([[-(2**31), 2**31 - 1]])  # int32's ends, both in
    assert ends is not None and ends.tolist() == [[-(2**31), 2**31 - 1]]


def test_labels_given_as_a_list_are_read_at_once_and_checked_as_before() -> None:
    assert labels_from([1, -1, 1], 3).tolist() == [1, -1, 1]
    assert labels_from((1.0, -1.0), 2).tolist() == [1, -1]
    for bad, message in (([1, True], "label True is not -1 or 1"),
                         ([1, 2], "label 2 is not -1 or 1"),
                         ([1.0, 0.5], "label 0.5 is not -1 or 1")):  # fmt: skip
        with pytest.raises(InputError, match=message):
            labels_from(bad, 2)
    with pytest.raises(InputError, match="3 examples but 2 labels"):
        labels_from([1, -1], 3)


@pytest.mark.parametrize("X, message", [
    ([[1, True]], "True is a boolean, not a number"),
    ([[1, 2], [3]], "example 1 has 1 features, example 0 has 2"),
    ([[1.0, float("nan")]], "nan is not a finite number"),
    ([[1, "x"]], "'x' is not a number"),
    ([[]], "examples have no features"),
    ([], "no examples"),
])  # fmt: skip
def test_rows_numpy_should_not_read_get_the_literal_errors(X: Any, message: str) -> None:
    assert not X or from_number_rows(X, [1] * len(X)) is None
    with pytest.raises(InputError, match=message):
        scaled(X, [1] * len(X))
    with pytest.raises(InputError, match="1 examples but 2 labels"):
        scaled([[1, 2]], [1, -1])


MASKED = np.ma.masked_array([[1.0, 2.0], [3.0, -1.0], [-2.0, 1.0]],
                            mask=[[False, True], [False, False], [False, False]])  # fmt: skip
with warnings.catch_warnings():  # (numpy no longer recommends matrices; callers still have them)
    warnings.simplefilter("ignore", PendingDeprecationWarning)
    MATRIX = np.asmatrix([[1, 2], [3, -1], [-2, 1]])


@pytest.mark.parametrize("X, y", [
    (MASKED, [1, -1, 1]),  # an entry masked: no number there (not the 2.0 beneath)
    (np.ma.masked_array(MASKED.data), np.ma.masked_array([1, -1, 1], mask=[False, True, False])),
    (MATRIX, [1, -1, 1]),  # rows that are 1 × 2 matrices
    (np.ma.masked_array(MASKED.data.astype(np.int64)), [1, -1, 1]),  # nothing masked
    (memoryview(MASKED.data.tobytes()).cast("d", (3, 2)), memoryview(b"\x01\xff\x01").cast("b")),
])  # fmt: skip
def test_numpy_subclasses_and_buffers_are_read_as_the_literal_reference_reads_them(
    X: Any, y: Any
) -> None:
    # The engine reads a plain array's numbers at once; a masked array or a matrix is read
    # (or refused) as the literal reference reads it, never by the numbers under its mask.
    def outcome(engine: Literal["literal", "fast"]) -> object:
        try:
            return run("perceptron/ssbd", X, y, epochs=2, engine=engine)
        except InputError as error:
            return str(error)

    literal = outcome("literal")
    assert outcome("fast") == literal
    refused = isinstance(X, np.matrix) or np.ma.is_masked(X) or np.ma.is_masked(y)
    assert isinstance(literal, str) == refused, literal
