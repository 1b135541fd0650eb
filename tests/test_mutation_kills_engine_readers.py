"""Kills for mutants of the engine's readers that ``make mutation`` found alive (issue 7):
``engine/stream.py`` (one online pass streamed over a CSV file), ``engine/scaled.py`` (rational
data as integers times one scale), ``engine/coq.py`` and ``engine/scan.py`` (the fast Coq
reader) and ``engine/words.py`` (the byte-word pass).

Each test states an independent fact: a run of a perceptron on a tiny file worked out by hand
in the comments from its spec (``spec/algorithms/perceptron/*.md``: w ← w + η·y·x on a
mistake, from w = 0, the zero score decided by the algorithm's rule), a number read exactly
(values past 2**53 and 2**63, where a float or an int64 would change them), a bound summed by
hand, a type boundary of numpy's integer types, an exact one-line error, or two routes that
must agree (the stream and ``read_csv``, the fast Coq reader and ``read_coq``, the engine's
label check and the literal runner's).
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import tracemalloc
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from perceptron_ref import run
from perceptron_ref.coq import read_coq
from perceptron_ref.data import read_csv
from perceptron_ref.engine import coq as engine_coq
from perceptron_ref.engine.coq import read_coq_scaled
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
from perceptron_ref.engine.stream import examples, run_csv, streamable
from perceptron_ref.engine.words import by_words, word_pass
from perceptron_ref.errors import InputError
from perceptron_ref.trace import Step, Trace
from perceptron_ref.vectors import Label


def problem(call: object, *args: object, **kwargs: object) -> str:
    """The one line of the InputError that ``call(*args, **kwargs)`` raises."""
    assert callable(call)
    with pytest.raises(InputError) as caught:
        call(*args, **kwargs)
    return str(caught.value)


def write(tmp_path: Path, text: str, name: str = "data.csv") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return path


# --- stream.run_csv: hand-worked passes, chunk by chunk -------------------------------------

# Mehta (tie-positive: s = 0 predicts +1) with a bias (x -> (1, x)) and eta = 2/3:
#   x0 = (1, 1/2, 1), y = -1: s = 0 predicts +1, a mistake; w = -2/3·x0 = (-2/3, -1/3, -2/3).
#   x1 = (1, 2, -1/3), y = +1: s = -2/3 - 2/3 + 2/9 = -10/9 < 0 predicts -1, a mistake;
#       w = w + 2/3·x1 = (0, 1, -8/9).
#   x2 = (1, 1, 1), y = +1: s = 0 + 1 - 8/9 = 1/9 > 0 predicts +1, no mistake.
# Read one line at a time, the scale goes 2 (1/2), then lcm(2, 3) = 6, then stays 6.
MEHTA_TEXT = "# x1,x2,y\n1/2,1,-1\n2,-1/3,1\n1,1,1\n"
MEHTA_W = (F(0), F(1), F(-8, 9))
MEHTA_STEPS = (
    Step(1, 0, F(0), 1, -1, True, (F(-2, 3), F(-1, 3), F(-2, 3))),
    Step(1, 1, F(-10, 9), -1, 1, True, MEHTA_W),
)


@pytest.mark.parametrize("chunk", [1, 2, 3, 4096])
def test_streamed_mehta_with_bias_and_eta_two_thirds_is_the_hand_worked_trace(
    tmp_path: Path, chunk: int
) -> None:
    path = write(tmp_path, MEHTA_TEXT)
    got = run_csv("perceptron/mehta", path, bias=True, eta="2/3", record="mistakes", chunk=chunk)
    assert got == Trace(
        algorithm="perceptron/mehta",
        dimension=3,
        bias=True,
        eta=F(2, 3),
        mistakes=2,
        epochs=1,
        status="online",
        weights=MEHTA_W,
        steps=MEHTA_STEPS,
        record="mistakes",
        cycle=None,
    )
    # Step.mistake is a bool (a float flag 1.0 would compare equal to True)
    assert all(s.mistake is True for s in got.steps)
    assert all(type(v) is F for s in got.steps for v in (s.score, *s.weights))


# The module docstring's file under Mehta (tie-positive), no bias, eta = 1:
#   0: (-1, 2) y=-1: s = 0 -> +1, mistake, w = (1, -2);  1: (1, 0) y=1: s = 1, fine;
#   2: (1, 1) y=1: s = -1 -> -1, mistake, w = (2, -1);   3: (-1, 0) y=-1: s = -2, fine;
#   4: (-1, -2) y=-1: s = -2 + 2 = 0 -> +1, mistake, w = (3, 1);  5: (1, -1) y=1: s = 2, fine.
DEMO_TEXT = "# x1,x2,y\n-1,2,-1\n1,0,1\n1,1,1\n-1,0,-1\n-1,-2,-1\n1,-1,1\n"


@pytest.mark.parametrize("chunk", [1, 2, 4])
def test_streamed_mistakes_keep_their_index_in_the_whole_file(tmp_path: Path, chunk: int) -> None:
    got = run_csv("perceptron/mehta", write(tmp_path, DEMO_TEXT), record="mistakes", chunk=chunk)
    assert got.steps == (
        Step(1, 0, F(0), 1, -1, True, (F(1), F(-2))),
        Step(1, 2, F(-1), -1, 1, True, (F(2), F(-1))),
        Step(1, 4, F(0), 1, -1, True, (F(3), F(1))),
    )


def test_streamed_run_defaults_are_summary_no_bias_eta_one(tmp_path: Path) -> None:
    got = run_csv("perceptron/mehta", write(tmp_path, DEMO_TEXT))
    assert got == Trace(
        algorithm="perceptron/mehta",
        dimension=2,
        bias=False,
        eta=F(1),
        mistakes=3,
        epochs=1,
        status="online",
        weights=(F(3), F(1)),
        steps=(),
        record="summary",
        cycle=None,
    )


@pytest.mark.parametrize(
    ("algorithm", "text", "prediction"),
    [
        # one example x = 1 at w = 0: the score is 0, decided by the zero-score rule
        ("perceptron/blum", "1,1\n", -1),  # tie-negative: s = 0 predicts -1, y = +1: mistake
        ("perceptron/mehta", "1,-1\n", 1),  # tie-positive: s = 0 predicts +1, y = -1: mistake
        ("perceptron/ssbd", "1,1\n", -1),  # tie-mistake: y·s = 0 <= 0, reported as -y
        ("perceptron/gormley-online", "1,-1\n", 1),  # tie-mistake: -y = +1
    ],
)
def test_streamed_zero_score_mistake_reports_the_rules_prediction(
    tmp_path: Path, algorithm: str, text: str, prediction: Label
) -> None:
    y: Label = 1 if text.endswith(",1\n") else -1
    got = run_csv(algorithm, write(tmp_path, text), record="mistakes")
    assert got.steps == (Step(1, 0, F(0), prediction, y, True, (F(y),)),)  # w = 0 + y·x
    assert got.weights == (F(y),) and got.mistakes == 1


@pytest.mark.parametrize(
    ("algorithm", "text"),
    [
        ("perceptron/mehta", "1,1\n"),  # tie-positive: s = 0 predicts +1 = y
        ("perceptron/blum", "1,-1\n"),  # tie-negative: s = 0 predicts -1 = y
        ("perceptron/mehta", f"{2**64},1\n"),  # the same past int64 (Python integers)
        ("perceptron/blum", f"{2**64},-1\n"),
    ],
)
def test_streamed_zero_score_that_the_rule_calls_right_is_no_mistake(
    tmp_path: Path, algorithm: str, text: str
) -> None:
    got = run_csv(algorithm, write(tmp_path, text), record="mistakes")
    assert got.steps == () and got.mistakes == 0 and got.weights == (F(0),)


@pytest.mark.parametrize("chunk", [1, 4096])
def test_streamed_pass_leaves_int64_exactly_after_a_compiled_chunk(
    tmp_path: Path, chunk: int
) -> None:
    # Blum (tie-negative), eta = 2/3, no bias:
    #   x = 1/2, y = +1: s = 0 predicts -1, a mistake; w = 2/3 · 1/2 = 1/3.
    #   x = 2**64, y = -1: s = 2**64/3 > 0 predicts +1, a mistake; w = 1/3 - 2/3·2**64
    #       = (1 - 2**65)/3.
    # With chunk = 1 the first line runs compiled (scale 2, W = [1]), the second in Python
    # integers (2**65 does not fit int64) from that W, rescaled by lcm(2, 1)/2 = 1.
    path = write(tmp_path, "1/2,1\n18446744073709551616,-1\n")
    got = run_csv("perceptron/blum", path, eta=F(2, 3), record="mistakes", chunk=chunk)
    w = (F(1 - 2**65, 3),)
    assert got.steps == (
        Step(1, 0, F(0), -1, 1, True, (F(1, 3),)),
        Step(1, 1, F(2**64, 3), 1, -1, True, w),
    )
    assert got.weights == w and got.mistakes == 2 and got.dimension == 1


@pytest.mark.parametrize("chunk", [1, 4096])
def test_streamed_integers_past_two_to_the_53_and_63_are_exact(tmp_path: Path, chunk: int) -> None:
    # Mehta: x = 1, y = -1: s = 0 predicts +1, a mistake, w = -1.  x = 2**63 + 3, y = +1:
    # s = -(2**63 + 3) < 0, a mistake, w = -1 + 2**63 + 3 = 2**63 + 2.  (As a float,
    # 2**63 + 3 is 2**63.)  Then x = 2**60 + 1, y = -1: s > 0 predicts +1, a mistake,
    # w = 2**63 + 2 - 2**60 - 1.
    text = f"1,-1\n{2**63 + 3},1\n{2**60 + 1},-1\n"
    got = run_csv("perceptron/mehta", write(tmp_path, text), chunk=chunk)
    assert got.weights == (F(2**63 + 1 - 2**60),) and got.mistakes == 3


def test_streamed_integer_of_19_digits_is_exact(tmp_path: Path) -> None:
    # 2**60 + 1 = 1152921504606846977 (19 digits, past the 18-digit integer shortcut): Mehta
    # at w = 0 with y = -1 predicts +1 on s = 0, a mistake: w = -(2**60 + 1).
    got = run_csv("perceptron/mehta", write(tmp_path, f"{2**60 + 1},-1\n"))
    assert got.weights == (F(-(2**60) - 1),)


def test_streamed_labels_zero_one(tmp_path: Path) -> None:
    # labels "01": 0 is -1, 1 is +1.  Mehta: (1, 2) y=-1: s = 0 -> +1, mistake, w = (-1, -2);
    # (-1, 1) y=+1: s = 1 - 2 = -1 -> -1, mistake, w = (-2, -1).
    got = run_csv("perceptron/mehta", write(tmp_path, "1,2,0\n-1,1,1\n"), labels="01")
    assert got.weights == (F(-2), F(-1)) and got.mistakes == 2


def test_streamed_labels_zero_one_refuse_minus_one(tmp_path: Path) -> None:
    # "-1" is a label of the pm1 set only; under "01" it is refused as read_csv refuses it.
    path = write(tmp_path, "1,2,0\n1,2,-1\n")
    expected = f"{path}:2: label '-1' is not 0 or 1"
    assert problem(read_csv, path, labels="01") == expected
    assert problem(run_csv, "perceptron/mehta", path, labels="01") == expected


def test_streamed_file_opening_with_two_byte_order_marks_reads_as_read_csv(
    tmp_path: Path,
) -> None:
    # The reader drops the BOM opening the file, and the CSV parser drops one more opening
    # line 1: "\ufeff\ufeff1,-1" is the example x = 1, y = -1, for read_csv and the stream
    # alike.  Mehta: s = 0 predicts +1, a mistake: w = -1.
    path = write(tmp_path, "\ufeff\ufeff1,-1\n")
    assert read_csv(path).y == (-1,)
    assert [list(x) for x in read_csv(path).X] == [[1]]
    got = run_csv("perceptron/mehta", path)
    assert got.weights == (F(-1),) and got.mistakes == 1


def test_streamed_byte_order_mark_inside_the_file_is_not_one(tmp_path: Path) -> None:
    # Only the file's first line may open with a BOM; on line 2 it is part of the field.
    path = write(tmp_path, "1,2,1\n\ufeff1,2,1\n")
    expected = problem(read_csv, path)
    assert expected.startswith(f"{path}:2: ")
    assert problem(run_csv, "perceptron/mehta", path) == expected


def test_streamed_ragged_line_names_the_first_examples_line(tmp_path: Path) -> None:
    path = write(tmp_path, "# c\n# d\n1,2,1\n\n3,1\n")
    expected = f"{path}:5: 1 features, expected 2 (as on line 3)"
    assert problem(read_csv, path) == expected
    assert problem(run_csv, "perceptron/mehta", path) == expected


def test_streamed_file_of_comments_has_no_examples(tmp_path: Path) -> None:
    path = write(tmp_path, "# only\n\n")
    assert problem(run_csv, "perceptron/mehta", path) == f"{path}: no examples"


def test_streamed_bad_number_names_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, "1,2,1\n# c\n1,2x,1\n")
    expected = f"{path}:3: '2x' is not a number (integer, decimal or p/q)"
    assert problem(read_csv, path) == expected
    assert problem(run_csv, "perceptron/mehta", path) == expected


def test_streamed_directory_is_one_line_naming_it(tmp_path: Path) -> None:
    assert problem(run_csv, "perceptron/mehta", tmp_path) == f"{tmp_path}: Is a directory"


def test_streamed_pass_holds_one_chunk_of_examples_at_a_time(tmp_path: Path) -> None:
    # The module docstring: with record="summary", memory is O(d + CHUNK·d), not O(file).
    # 20,000 examples of d = 8 held at once (tuples, integer lists, arrays) take several MB;
    # chunks of 100 take a few tens of KB, plus the reader's block of text (the file is
    # 340 KB: its lines as strings take about 1.3 MB).
    n = 20_000
    path = write(tmp_path, "1,2,3,4,5,6,7,8,1\n" * n)
    run_csv("perceptron/mehta", path, chunk=100)  # compiled code loaded before measuring
    tracemalloc.start()
    try:
        got = run_csv("perceptron/mehta", path, chunk=100)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # Mehta: x = (1..8), y = +1 at w = 0 has s = 0, predicted +1: never a mistake.
    assert got.mistakes == 0 and got.weights == (F(0),) * 8
    assert peak < 4_000_000, f"peak {peak} bytes"


def test_examples_yields_each_example_with_exact_values(tmp_path: Path) -> None:
    path = write(tmp_path, "# h\n 1 , -2 ,+1\n\n1/2,0.25,-1\n")
    got = list(examples(path, "f.csv", "pm1"))
    assert got == [((1, -2), 1), ((F(1, 2), F(1, 4)), -1)]
    # Row: "exact rationals (ints where the file wrote integers)"
    assert [type(v) for v in got[0][0]] == [int, int]


def test_run_csv_refusal_is_one_line_naming_the_algorithm_and_record(tmp_path: Path) -> None:
    path = write(tmp_path, "1,1\n")
    assert problem(run_csv, "perceptron/mehta", path, record="full") == (
        "perceptron/mehta with record='full' cannot stream: one online pass only"
    )


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("perceptron/mehta", 1, None, "summary"), True),
        (("perceptron/ssbd", 1, None, "mistakes"), True),
        (("perceptron/mehta", 2, None, "summary"), False),  # more than one pass
        (("perceptron/mehta", "converge", None, "summary"), False),
        (("perceptron/mehta", 1, 5, "summary"), False),  # max_epochs given
        (("perceptron/mehta", 1, None, "full"), False),  # every step kept
        (("perceptron/press", 1, None, "summary"), False),  # a batch perceptron
        (("winnow/disjunction", 1, None, "summary"), False),  # not an engine algorithm
    ],
)
def test_streamable_is_one_online_pass_without_full_records(
    args: tuple[str, object, object, str], expected: bool
) -> None:
    assert streamable(*args) is expected  # type: ignore[arg-type]


# --- scaled: numpy types, bounds, labels ------------------------------------------------------


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


# --- engine.coq: the fast reader ----------------------------------------------------------------


@pytest.fixture
def no_exact_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """The module docstring: a file of one ``p % q`` a line is read in one sweep, with no
    Fraction built; the exact reader is not called for it."""

    def refuse(path: object) -> object:
        raise AssertionError(f"the exact reader was called on {path}")

    monkeypatch.setattr(engine_coq, "read_coq", refuse)


@pytest.mark.parametrize(
    ("text", "X", "y", "D", "dtype"),
    [
        # n = 3, d = 1: 1/2, -2/6 = -1/3, 5/1; D = lcm(2, 3, 1) = 6: 3, -2, 30
        ("3\n1\n1\n1 % 2\n0\n-2 % 6\n1\n5 % 1\n", [[3], [-2], [30]], [1, -1, 1], 6, np.int8),
        # counts of 18 digits with leading zeros: n = 1, d = 2
        ("000000000000000001\n000000000000000002\n0\n1%1\n-1/1\n", [[1, -1]], [-1], 1, np.int8),
        # d = 10 features of 4 bytes each ("1%1\n"), 47 bytes in all
        ("1\n10\n1\n" + "1%1\n" * 10, [[1] * 10], [1], 1, np.uint8),
        # n = 2, d = 3; a byte-order mark, blanks and a CRLF; 255 = 255/1 needs uint8
        ("\ufeff2\r\n3\n 1 \n2 % 4\n255%1\n0 % 9\n0\n-1%3\n0%1\n 1/3 \n", None, None, None, None),
    ],
)
def test_fraction_per_line_file_is_read_in_one_sweep(
    tmp_path: Path,
    no_exact_reader: None,
    text: str,
    X: list[list[int]] | None,
    y: list[int] | None,
    D: int | None,
    dtype: type | None,
) -> None:
    if X is None:
        # 1/2, 255, 0 and -1/3, 0, 1/3: D = 6; 3, 1530, 0 and -2, 0, 2, in int16
        X, y, D, dtype = [[3, 1530, 0], [-2, 0, 2]], [1, -1], 6, np.int16
    s = read_coq_scaled(write(tmp_path, text, "data.dat"))
    assert (s.X.tolist(), s.y.tolist(), s.scale) == (X, y, D)
    assert s.X.dtype == np.dtype(dtype) and s.y.dtype == np.int8


def test_fast_reader_keeps_18_digit_numerators_exact(tmp_path: Path, no_exact_reader: None) -> None:
    # 10**17 + 1 and -(10**17 - 1) are not floats (past 2**53): read as int64, exactly
    text = "1\n2\n1\n100000000000000001 % 1\n-99999999999999999 % 1\n"
    s = read_coq_scaled(write(tmp_path, text, "big.dat"))
    assert s.X.tolist() == [[10**17 + 1, -(10**17 - 1)]] and s.scale == 1
    assert s.X.dtype == np.int64


def test_fast_reader_keeps_an_18_digit_scale_exact(tmp_path: Path, no_exact_reader: None) -> None:
    # D = 999999999999999989 (below 2**62, past 2**53): 1/D is 1, 1/1 is D
    q = 999_999_999_999_999_989
    text = f"2\n1\n1\n1 % {q}\n0\n1 % 1\n"
    s = read_coq_scaled(write(tmp_path, text, "scale.dat"))
    assert s.scale == q and s.X.tolist() == [[1], [q]] and s.y.tolist() == [1, -1]


def test_fast_reader_hands_data_past_int64_to_the_exact_reader(tmp_path: Path) -> None:
    # 999999999999999999/1 and 1/10: D = 10, X = (9999999999999999990, 1); the first is past
    # 2**63 - 1 = 9223372036854775807, so the data are Python integers.
    text = "1\n2\n1\n999999999999999999 % 1\n1 % 10\n"
    s = read_coq_scaled(write(tmp_path, text, "wide.dat"))
    assert s.scale == 10 and s.X.tolist() == [[9_999_999_999_999_999_990, 1]] and not s.fits


@pytest.mark.parametrize(
    "text",
    [
        "x\n1\n1\n1%1\n",  # not a count
        "1.5\n1\n1\n1%1\n",
        "0000000000000000001\n1\n1\n1%1\n",  # 19 digits: past the exact reader's 18
        "1\n0000000000000000001\n1\n1%1\n",
        "999999999999999999\n1\n1\n1%1\n",  # 10**18 - 1 vectors announced: no arrays that size
        "1\n999999999999999999\n1\n1%1\n",
        "2\n999999999999999999\n1\n1%1\n",
        "0\n1\n",  # no vectors: n must be positive
        "1\n0\n1\n",  # no features: d must be positive
    ],
)
def test_fast_reader_fails_on_a_bad_header_as_the_exact_reader_fails(
    tmp_path: Path, text: str
) -> None:
    path = write(tmp_path, text, "bad.dat")
    assert problem(read_coq_scaled, path) == problem(read_coq, path)


def test_header_announcing_more_numbers_than_the_file_holds_allocates_nothing_that_size(
    tmp_path: Path,
) -> None:
    # "each feature takes 4 bytes or more": a file of about 1 MB holds at most 250,000
    # features, so a header announcing d = 4,000,000 is refused before any array of d
    # numbers (32 MB each for p and q) is made; the exact reader then names line 3.
    path = write(tmp_path, "1\n4000000\n" + "x\n" * 500_000, "lying.dat")
    expected = problem(read_coq, path)
    assert expected.startswith(f"{path}:3: ")
    tracemalloc.start()
    try:
        got = problem(read_coq_scaled, path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert got == expected
    assert peak < 16_000_000, f"peak {peak} bytes"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_fast_reader_reads_a_pipe_once_through_the_exact_reader(tmp_path: Path) -> None:
    # A pipe can be read once: read_coq_scaled leaves it to the exact reader (integers here,
    # which only the exact reader takes: n = 1, d = 1, label 1, x = 5).  Reading it twice
    # would wait for a second writer for ever: after 5 s the test gives the reader an empty
    # second write, so that it ends, and fails.
    fifo = tmp_path / "pipe.dat"
    os.mkfifo(fifo)
    result: list[object] = []

    def write_once() -> None:
        with fifo.open("w", encoding="utf-8") as handle:
            handle.write("1\n1\n1\n5\n")

    def read() -> None:
        try:
            result.append(read_coq_scaled(fifo))
        except Exception as error:  # the test reports it below
            result.append(error)

    # daemon threads: one left blocked on the pipe cannot keep the test process alive
    writer = threading.Thread(target=write_once, daemon=True)
    reader = threading.Thread(target=read, daemon=True)
    writer.start()
    reader.start()
    writer.join(5)
    reader.join(5)
    waited = reader.is_alive()
    if waited:
        with contextlib.suppress(OSError):  # a second, empty write lets the reader end
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(5)
    assert not waited, "the pipe was read twice"
    (s,) = result
    assert isinstance(s, Scaled), s
    assert (s.X.tolist(), s.y.tolist(), s.scale) == ([[5]], [1], 1)


def test_fast_reader_on_an_unreadable_file_is_the_exact_readers_one_line() -> None:
    # /proc/self/mem is a regular file whose first bytes cannot be read (EIO)
    mem = Path("/proc/self/mem")
    if not mem.is_file():
        pytest.skip("no /proc/self/mem here")
    expected = problem(read_coq, mem)
    assert problem(read_coq_scaled, mem) == expected == f"{mem}: Input/output error"


# --- engine.words: the byte-word pass -------------------------------------------------------


@pytest.mark.skipif(sys.byteorder != "little", reason="the word pass reads little-endian words")
def test_by_words_takes_contiguous_uint8_rows_of_whole_words() -> None:
    wide = np.zeros((2, 16), dtype=np.uint8)
    assert by_words(np.zeros((2, 8), dtype=np.uint8))
    assert by_words(wide)
    assert not by_words(np.zeros((2, 7), dtype=np.uint8))  # not whole 8-byte words
    assert not by_words(np.zeros((2, 12), dtype=np.uint8))
    assert not by_words(np.zeros((2, 8), dtype=np.int8))  # not uint8
    assert not by_words(np.zeros(8, dtype=np.uint8))  # not a matrix
    assert not by_words(np.zeros((1, 8, 8), dtype=np.uint8))
    assert not by_words(wide[:, ::2])  # (2, 8), every other byte: not contiguous


def test_word_pass_with_bias_keeps_scores_and_flags() -> None:
    # tie-positive (rule 0: s = 0 predicts +1), bias value b = 1 held in W[0]:
    #   x = 1..8, y = +1: s = 0 predicts +1, no mistake (tie-mistake would update here).
    #   x = 1..8, y = -1: s = 0 predicts +1, a mistake; W = (-1, -1, -2, ..., -8).
    #   x = 8..1, y = +1: s = -(1·8 + 2·7 + 3·6 + 4·5 + 5·4 + 6·3 + 7·2 + 8·1) - 1 = -121,
    #       predicts -1, a mistake; W = (0, 7, 5, 3, 1, -1, -3, -5, -7).
    up, down = list(range(1, 9)), list(range(8, 0, -1))
    X = np.array([up, up, down], dtype=np.uint8)
    W = np.zeros(9, dtype=np.int64)
    scores, flags = np.zeros(3, dtype=np.int64), np.zeros(3, dtype=np.bool_)
    k = word_pass(X, np.array([1, -1, 1], dtype=np.int8), W, 1, 0, True, scores, flags)
    assert k == 2
    assert W.tolist() == [0, 7, 5, 3, 1, -1, -3, -5, -7]
    assert scores.tolist() == [0, 0, -121] and flags.tolist() == [False, True, True]
