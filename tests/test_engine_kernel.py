"""The engine's int64 certificate: a pass it certifies computes what Python integers compute.

The compiled pass wraps around silently on overflow; the Python pass cannot overflow.
Starting both from the same W, as large as the certificate allows, they must agree on
every score, every mistake and the final W.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_ref.engine.kernel import (
    INT32_MAX,
    INT64_MAX,
    TIE_MISTAKE,
    TIE_NEGATIVE,
    TIE_POSITIVE,
    by_bytes,
    certified,
    certified_int32,
    compiled_pass,
    python_pass,
)
from perceptron_ref.engine.scaled import Scaled, bounds


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


@settings(max_examples=40)
@given(
    data=st.data(),
    n=st.integers(1, 8),
    words=st.integers(1, 3),
    bias=st.booleans(),
    rule=st.sampled_from((TIE_POSITIVE, TIE_NEGATIVE, TIE_MISTAKE)),
)
def test_the_uint8_byte_loop_at_the_int32_limit_equals_the_big_integer_pass(
    data: st.DataObject, n: int, words: int, bias: bool, rule: int
) -> None:
    m = 8 * words  # rows of whole 8-byte words: the byte loop's case
    X = np.array(
        [[data.draw(st.integers(0, 255)) for _ in range(m)] for _ in range(n)], dtype=np.uint8
    )
    assert by_bytes(X)
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
