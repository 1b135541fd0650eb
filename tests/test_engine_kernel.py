"""The engine's int64 and int32 certificates: a pass they certify computes what Python integers do.

The compiled pass wraps around silently on overflow; the Python pass cannot overflow.
Starting both from the same W, as large as the certificate allows, they must agree on
every score, every mistake and the final W.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_ref.engine.kernel import (
    INT32_MAX,
    INT64_MAX,
    TIE_MISTAKE,
    TIE_NEGATIVE,
    TIE_POSITIVE,
    certified,
    certified_int32,
    compiled_pass,
    python_pass,
)
from perceptron_ref.engine.scaled import Scaled, bounds
from perceptron_ref.engine.words import by_words


@settings(max_examples=40)
@given(
    data=st.data(),
    bits=st.integers(1, 40),
    n=st.integers(1, 6),
    m=st.integers(1, 4),
    bias=st.booleans(),
    rule=st.sampled_from((TIE_POSITIVE, TIE_NEGATIVE, TIE_MISTAKE)),
)
def test_a_certified_pass_at_the_int64_limit_equals_the_big_integer_pass(
    data: st.DataObject, bits: int, n: int, m: int, bias: bool, rule: int
) -> None:
    top = 2**bits
    X = np.array(
        [[data.draw(st.integers(-top, top)) for _ in range(m)] for _ in range(n)], dtype=np.int64
    )
    y = np.array([data.draw(st.sampled_from((-1, 1))) for _ in range(n)], dtype=np.int8)
    b = data.draw(st.integers(1, top)) if bias else 0
    column_max, row_max = bounds(Scaled(X, y, 1), b)
    w_max = INT64_MAX // max(row_max, 1) - column_max  # the largest start W certified
    if w_max < 0:
        assert not certified(0, column_max, row_max)
        return
    assert certified(w_max, column_max, row_max)
    assert not certified(w_max + 1, column_max, row_max)
    start = [data.draw(st.sampled_from((-w_max, w_max, 0, w_max // 2))) for _ in range(m + bias)]
    W = np.array(start, dtype=np.int64)
    scores, flags = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.bool_)
    k = compiled_pass(X, y, W, b, rule, True, scores, flags)
    W_big, kept = list(start), list[tuple[int, bool]]()
    k_big = python_pass(X, y.tolist(), W_big, b, rule, kept)
    assert (k, W.tolist()) == (k_big, W_big)
    assert list(zip(scores.tolist(), flags.tolist(), strict=True)) == kept
    assert max(map(abs, W_big)) <= INT64_MAX


@settings(max_examples=60)
@given(
    data=st.data(),
    n=st.integers(1, 8),
    words=st.integers(1, 3),
    extra=st.sampled_from((0, 0, 1, 3)),
    wide=st.booleans(),
    bias=st.booleans(),
    rule=st.sampled_from((TIE_POSITIVE, TIE_NEGATIVE, TIE_MISTAKE)),
)
def test_a_pass_certified_in_int32_at_the_limit_equals_the_big_integer_pass(
    data: st.DataObject, n: int, words: int, extra: int, wide: bool, bias: bool, rule: int
) -> None:
    """Both int32 loops: uint8 rows of whole 8-byte words (the byte loop), and the rest."""
    m = 8 * words + extra
    lo, hi, kind = (-(2**15), 2**15 - 1, np.int16) if wide else (0, 255, np.uint8)
    rows = [[data.draw(st.integers(lo, hi)) for _ in range(m)] for _ in range(n)]
    X: npt.NDArray[np.integer[Any]] = np.array(rows, dtype=kind)
    assert by_words(X) == (not wide and extra == 0)
    y = np.array([data.draw(st.sampled_from((-1, 1))) for _ in range(n)], dtype=np.int8)
    b = data.draw(st.integers(1, 2**20)) if bias else 0
    column_max, row_max = bounds(Scaled(X, y, 1), b)
    w_max = INT32_MAX - column_max  # the largest start W whose pass stays in int32
    assert certified_int32(w_max, column_max) and not certified_int32(w_max + 1, column_max)
    assert certified(w_max, column_max, row_max)
    pick = st.sampled_from((-w_max, w_max, 0, w_max // 3, -1))
    start = [data.draw(pick) for _ in range(m + bias)]
    W = np.array(start, dtype=np.int64)
    scores, flags = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.bool_)
    k = compiled_pass(X, y, W, b, rule, True, scores, flags, narrow=True)
    W_big, kept = list(start), list[tuple[int, bool]]()
    k_big = python_pass(X, y.tolist(), W_big, b, rule, kept)
    assert (k, W.tolist()) == (k_big, W_big)
    assert list(zip(scores.tolist(), flags.tolist(), strict=True)) == kept
