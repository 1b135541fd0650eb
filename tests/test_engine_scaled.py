"""Rational data as integers times one scale (``engine.scaled``): the narrowest numpy type
that holds them, the labels, the exact rows, and the bounds behind the int64 certificate.

Each test states an independent fact: a type boundary of numpy's integer types, a value past
2**53 or 2**63 (where a float or an int64 would change it), a bound summed by hand, an exact
one-line error, or two routes that must agree (the engine's label check and the literal
runner's).
"""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from perceptron_ref import run
from perceptron_ref.engine.kernel import certified
from perceptron_ref.engine.scaled import (
    Scaled,
    bounds,
    coarse_bounds,
    from_integer_array,
    from_rows,
    labels_from,
    narrowest,
)
from tests.helpers import problem


@pytest.mark.parametrize(
    ("lo", "hi", "expected"),
    [
        (0, 0, np.uint8),
        (0, 255, np.uint8),  # uint8's whole range
        (0, 256, np.int16),  # past uint8 and int8 (127)
        (-1, 0, np.int8),
        (-1, 300, np.int16),  # uint8 holds 300 only if negative values are not asked
        (-128, 127, np.int8),  # int8's whole range
        (-129, 0, np.int16),
        (0, 32768, np.int32),
        (-(2**63), 2**63 - 1, np.int64),
        (0, 2**63, None),
        (-(2**63) - 1, 0, None),
    ],
)
def test_narrowest_type_at_numpys_bounds(lo: int, hi: int, expected: type | None) -> None:
    assert narrowest(lo, hi) is expected


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64])
def test_contiguous_signed_matrix_is_taken_as_it_is(dtype: type) -> None:
    X: npt.NDArray[np.integer[Any]] = np.array([[1, -2], [3, 4]], dtype=dtype)
    s = from_integer_array(X, [1, -1])
    assert s.X is X and s.scale == 1 and s.y.dtype == np.int8 and s.y.tolist() == [1, -1]


@pytest.mark.parametrize(
    ("values", "dtype", "expected"),
    [
        ([[1, 200]], np.uint16, np.uint8),
        ([[1, 300]], np.uint16, np.int16),
        ([[70000, 0]], np.uint32, np.int32),
        ([[5, 0]], np.uint64, np.uint8),
        ([[2**64 - 1, 0]], np.uint64, object),
        ([[2**63, 1]], np.uint64, object),
    ],
)
def test_unsigned_matrix_is_held_in_the_narrowest_type(
    values: list[list[int]], dtype: type, expected: type
) -> None:
    s = from_integer_array(np.array(values, dtype=dtype), [1])
    assert s.X.dtype == np.dtype(expected)
    assert s.X.tolist() == values  # exactly the same numbers
    assert s.X.flags.c_contiguous


def test_strided_matrix_is_made_contiguous_and_narrow() -> None:
    X = np.array([[1, 9, -2, 9], [3, 9, 4, 9]], dtype=np.int64)[:, ::2]
    s = from_integer_array(X, [1, -1])
    assert s.X.flags.c_contiguous and s.X.dtype == np.int8
    assert s.X.tolist() == [[1, -2], [3, 4]]


@pytest.mark.parametrize(
    ("X", "expected"),
    [
        (np.array([1, 2]), "X must be a matrix (n × d), got an array of shape (2,)"),
        (
            np.zeros((1, 1, 1), dtype=int),
            "X must be a matrix (n × d), got an array of shape (1, 1, 1)",
        ),
        (np.zeros((0, 2), dtype=int), "no examples"),
        (np.zeros((2, 0), dtype=int), "examples have no features (d = 0)"),
    ],
)
def test_integer_matrix_shape_errors(X: np.ndarray, expected: str) -> None:
    assert problem(from_integer_array, X, [1] * len(X)) == expected


def test_one_example_of_one_feature_is_a_matrix() -> None:
    s = from_integer_array(np.array([[7]], dtype=np.int64), [-1])
    assert s.X.tolist() == [[7]] and s.y.tolist() == [-1]


LABEL_CASES = [
    np.array([-1, 2]),  # 2 is no label; the first bad one is after a good -1
    np.array([1, -2]),
    np.array([2, 1]),
    np.array([True, True]),  # bools are not the numbers -1 and 1 (to_label refuses them)
    np.array([[1], [-1]]),  # a column, not a vector of labels
]


@pytest.mark.parametrize("y", LABEL_CASES)
def test_engine_refuses_labels_as_the_literal_runner_does(y: np.ndarray) -> None:
    X = [[1], [2]]
    literal = problem(run, "perceptron/mehta", X, y)
    assert problem(labels_from, y, 2) == literal
    assert problem(run, "perceptron/mehta", np.array(X), y, engine="fast") == literal


@pytest.mark.parametrize("y", [[1, -1, 1], (1, -1, 1), np.array([1, -1, 1], dtype=np.int64)])
def test_labels_are_int8(y: object) -> None:
    labels = labels_from(y, 3)
    assert labels.dtype == np.int8 and labels.tolist() == [1, -1, 1]


def test_label_count_must_match_the_examples() -> None:
    assert problem(labels_from, [1, -1], 3) == "3 examples but 2 labels"
    assert problem(labels_from, np.array([1, -1, 1]), 2) == "2 examples but 3 labels"


def test_rows_scale_by_the_lcm_and_iterate_back_exactly() -> None:
    # denominators 6 and 4: lcm 12 (not the product 24); 1/6 = 2/12, -3/4 = -9/12
    rows = [(F(1, 6), F(1)), (F(-3, 4), F(0))]
    s = from_rows(rows, [1, -1])
    assert s.scale == 12 and s.X.tolist() == [[2, 12], [-9, 0]]
    assert s.X.dtype == np.int8 and s.y.dtype == np.int8 and s.y.tolist() == [1, -1]
    assert list(s) == rows  # x = X/D, exactly


def test_rows_past_two_to_the_63_are_exact_python_integers() -> None:
    rows = [(F(1),), (F(2**63 + 3),)]  # 2**63 + 3 is 2**63 as a float
    s = from_rows(rows, [1, -1])
    assert not s.fits and s.X.tolist() == [[1], [2**63 + 3]]
    s = from_rows([(F(2**60 + 1, 3),), (F(1, 3),)], [1, 1])
    assert s.scale == 3 and s.X.tolist() == [[2**60 + 1], [1]] and s.X.dtype == np.int64
    assert list(s) == [(F(2**60 + 1, 3),), (F(1, 3),)]


def test_fast_engine_on_fractions_past_two_to_the_53() -> None:
    # The same run as test_streamed_integers_past_two_to_the_53_and_63_are_exact, from rows.
    X = [(F(1),), (F(2**63 + 3),), (F(2**60 + 1),)]
    got = run("perceptron/mehta", X, [-1, 1, -1], engine="fast")
    assert got.weights == (F(2**63 + 1 - 2**60),) and got.mistakes == 3


# |X| of [[1, -2, 3], [-4, 5, -6]] is [[1, 2, 3], [4, 5, 6]]: column sums 5, 7, 9 (widest 9),
# row sums 6 and 15 (widest 15).  With b = 10 counted once per row in the columns' sum and
# once in a row: (9 + 2·10, 15 + 10) = (29, 25).
SMALL = [[1, -2, 3], [-4, 5, -6]]


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64, object])
@pytest.mark.parametrize(("b", "expected"), [(0, (9, 15)), (10, (29, 25))])
def test_bounds_are_the_widest_column_and_row_sums(
    dtype: type, b: int, expected: tuple[int, int]
) -> None:
    data = Scaled(np.array(SMALL, dtype=dtype), np.array([1, -1], dtype=np.int8), 1)
    assert bounds(data, b) == expected


def test_bounds_of_int64_extremes_are_exact() -> None:
    # |−2**63| = 2**63 does not fit int64; the row's sum is 2**63 + 2**63 - 1 = 2**64 - 1.
    X = np.array([[-(2**63), 2**63 - 1], [0, 0]], dtype=np.int64)
    data = Scaled(X, np.array([1, -1], dtype=np.int8), 1)
    assert bounds(data, 0) == (2**63, 2**64 - 1)
    assert bounds(data, 3) == (2**63 + 6, 2**64 + 2)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_int64_bounds_at_the_edge_of_int64_sums_are_exact(n: int) -> None:
    # Values of magnitude M = (2**63 - 1) // 2 with d = 2: a row's sum is 2M, which fits
    # int64; a column's is n·M, which does not for n = 3 (then the sums are Python ints).
    M = (2**63 - 1) // 2
    X = np.array([[M, -M]] * n, dtype=np.int64)
    data = Scaled(X, np.ones(n, dtype=np.int8), 1)
    assert bounds(data, 0) == (n * M, 2 * M)
    assert bounds(data, 1) == (n * M + n, 2 * M + 1)


def test_bounds_of_zero_data_are_the_bias_alone() -> None:
    data = Scaled(np.zeros((2, 2), dtype=np.int64), np.array([1, 1], dtype=np.int8), 1)
    assert bounds(data, 0) == (0, 0)
    assert bounds(data, 4) == (8, 4)


def test_bounds_of_python_integers() -> None:
    X = np.array([[2**70, -1], [3, -(2**70)]], dtype=object)
    data = Scaled(X, np.array([1, -1], dtype=np.int8), 1)
    # columns 2**70 + 3 and 1 + 2**70; rows 2**70 + 1 and 2**70 + 3
    assert bounds(data, 0) == (2**70 + 3, 2**70 + 3)
    assert bounds(data, 1) == (2**70 + 5, 2**70 + 4)


@pytest.mark.parametrize(
    ("dtype", "M"), [(np.uint8, 255), (np.int8, 128), (np.int16, 2**15), (np.int64, 2**63)]
)
def test_coarse_bounds_take_every_entry_at_the_types_largest_magnitude(dtype: type, M: int) -> None:
    # n = 2 rows, m = 3 columns, b = 5: (n·M + n·b, m·M + b), and at least the exact bounds
    # on data at the type's extremes.
    info = np.iinfo(dtype)
    X: npt.NDArray[Any] = np.array(
        [[info.min, info.max, info.min], [info.max, info.min, info.max]], dtype=dtype
    )
    data = Scaled(X, np.array([1, -1], dtype=np.int8), 1)
    coarse, exact = coarse_bounds(data, 5), bounds(data, 5)
    assert coarse == (2 * M + 10, 3 * M + 5)
    assert coarse[0] >= exact[0] and coarse[1] >= exact[1]


def test_coarse_bounds_of_python_integers_never_certify() -> None:
    data = Scaled(np.array([[2**64]], dtype=object), np.array([1], dtype=np.int8), 1)
    assert not certified(0, *coarse_bounds(data, 0))
    assert not certified(0, *coarse_bounds(data, 1))
