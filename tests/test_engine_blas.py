"""The numpy pass scored in float64 by BLAS (``engine/blas.py``): exact wherever its
certificate holds, so the same W, mistakes, scores and flags as the big-integer pass.

The certificate is checked at its limit (2**53, past which a float64 skips integers), the
pass from the largest start W it certifies, on every row type, with and without a bias,
under each zero-score rule, over chunks and blocks of every size (the rows converted a
chunk at a time, scored a block at a time, a block's scores looked at one by one in Python
or by numpy calls over the whole block).  The driver makes its numpy passes here when
the certificate holds and in int64 blocks when it does not.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_ref import run
from perceptron_ref.engine import blas, driver
from perceptron_ref.engine import passes as passes_module
from perceptron_ref.engine.blas import FLOAT_EXACT, blas_pass, certified_float
from perceptron_ref.engine.given import scaled
from perceptron_ref.engine.passes import python_pass
from perceptron_ref.engine.rules import TIE_MISTAKE, TIE_NEGATIVE, TIE_POSITIVE
from perceptron_ref.engine.scaled import Scaled, bounds
from tests.test_engine import forced

RULE = st.sampled_from((TIE_POSITIVE, TIE_NEGATIVE, TIE_MISTAKE))


def test_the_float_certificate_holds_exactly_up_to_2_to_the_53() -> None:
    # certified_float: (w_max + column_max)·max(row_max, 1) ≤ 2**53, where float64 still
    # holds every integer; 2**53 + 1 is the first it does not.
    assert float(2**53) == 2**53 and float(2**53 + 1) != 2**53 + 1
    assert certified_float(2**50 - 3, 3, 8)  # (2**50)·8 = 2**53: equality, certified
    assert not certified_float(2**50 - 2, 3, 8)
    assert certified_float(FLOAT_EXACT - 1, 1, 0)  # no row: the factor is 1
    assert not certified_float(FLOAT_EXACT, 1, 1)
    assert not certified_float(0, 2**27, 2**26 + 1)


@settings(max_examples=150)
@given(
    data=st.data(),
    bits=st.integers(1, 30),
    n=st.integers(1, 40),
    m=st.integers(1, 5),
    dtype=st.sampled_from((np.uint8, np.int8, np.int16, np.int64)),
    bias=st.booleans(),
    rule=RULE,
    keep=st.booleans(),
    chunk=st.sampled_from((1, 64, 200, 2**20)),
    start=st.sampled_from((1, 8, 100, 8192)),
    scan=st.sampled_from((0, 8, 64, 10**6)),
)
def test_a_float_certified_pass_at_the_limit_equals_the_big_integer_pass(
    data: st.DataObject, bits: int, n: int, m: int, dtype: Any, bias: bool, rule: int,
    keep: bool, chunk: int, start: int, scan: int,
) -> None:  # fmt: skip
    """From the largest W the certificate admits (and its negation, and 0), rows of every
    type, blocks and chunks from one row up: the big-integer pass's results exactly."""
    info = np.iinfo(dtype)
    top = min(2**bits, int(info.max))
    values = st.one_of(st.integers(max(-top, int(info.min)), top), st.integers(0, 2))
    X = np.array([[data.draw(values) for _ in range(m)] for _ in range(n)], dtype=dtype)
    y = np.array([data.draw(st.sampled_from((-1, 1))) for _ in range(n)], dtype=np.int8)
    b = data.draw(st.integers(1, 2**bits)) if bias else 0
    column_max, row_max = bounds(Scaled(X, y, 1), b)
    w_max = FLOAT_EXACT // max(row_max, 1) - column_max  # the largest start W certified
    if w_max < 0:
        assert not certified_float(0, column_max, row_max)
        return
    assert certified_float(w_max, column_max, row_max)
    assert not certified_float(w_max + 1, column_max, row_max)
    pick = st.sampled_from((-w_max, w_max, 0, w_max // 3, -1))
    start_W = [data.draw(pick) for _ in range(m + bias)]
    W_big, kept = list(start_W), list[tuple[int, bool]]()
    k_big = python_pass(X, y.tolist(), W_big, b, rule, kept)
    W = np.array(start_W, dtype=np.int64)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(blas, "CHUNK_BYTES", chunk)
        patch.setattr(blas, "START", start)
        patch.setattr(blas, "SCAN", scan)
        k, scores, flags = blas_pass(X, y, W, b, rule, keep=keep)
    assert (k, W.tolist()) == (k_big, W_big)
    if keep:
        assert list(zip(scores.tolist(), flags.tolist(), strict=True)) == kept
    else:
        assert len(scores) == len(flags) == 0


@pytest.mark.parametrize(
    ("rule", "mistakes"),
    [(TIE_POSITIVE, [False, True]), (TIE_NEGATIVE, [True, False]), (TIE_MISTAKE, [True, True])],
)
def test_each_rule_decides_a_zero_score_by_the_label(rule: int, mistakes: list[bool]) -> None:
    # Two zero rows from W = 0: both scores are 0.  Tie-positive predicts +1 (right for
    # y = +1, wrong for -1), tie-negative predicts -1, tie-mistake is wrong either way.
    X, y = np.zeros((2, 3), dtype=np.uint8), np.array([1, -1], dtype=np.int8)
    k, scores, flags = blas_pass(X, y, np.zeros(3, dtype=np.int64), 0, rule, keep=True)
    assert (k, scores.tolist(), flags.tolist()) == (sum(mistakes), [0, 0], mistakes)


@pytest.mark.parametrize("keep", [True, False])
@pytest.mark.parametrize("over", [False, True])
def test_the_driver_scores_in_float64_while_it_is_exact_and_in_int64_blocks_past_it(
    over: bool, keep: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rows (2**24, 1) and (-2**25, 3): column_max = 3·2**24 (the widest column's sum of
    |x|), row_max = 2**25 + 3.  From a start W with max|W| = w, the float certificate holds
    iff (w + column_max)·row_max ≤ 2**53: the numpy pass is scored in float64 up to that W;
    past it (which int64 still certifies) a pass that keeps its scores runs in int64 blocks,
    one that does not in float64 within a margin.  The same pass every way."""
    used: list[str] = []

    def spy(name: str, f: Any) -> Any:
        def called(*args: Any, **options: Any) -> Any:
            used.append(name)
            return f(*args, **options)

        return called

    monkeypatch.setattr(driver, "blas_pass", spy("float64", blas.blas_pass))
    monkeypatch.setattr(driver, "block_pass", spy("int64", passes_module.block_pass))
    X = np.array([[2**24, 1], [-(2**25), 3]], dtype=np.int64)
    y = np.array([1, -1], dtype=np.int8)
    passes = driver.Passes(scaled(X, y), 0, TIE_MISTAKE, "numpy")
    assert passes.way(np.zeros(2, dtype=np.int64), 1) == "numpy"  # bounds swept: exact ones
    column_max, row_max = passes.column_max, passes.row_max
    assert (column_max, row_max) == (3 * 2**24, 2**25 + 3)
    w = FLOAT_EXACT // row_max - column_max + over  # the largest certified, or one more
    start = [-w, w // 2]
    W_big, kept = list(start), list[tuple[int, bool]]()
    k_big = python_pass(X, y.tolist(), W_big, 0, TIE_MISTAKE, kept)
    W = np.array(start, dtype=np.int64)
    assert passes.way(W, 1) == "numpy"
    W, k, got = passes.one(W, keep, 1, "numpy")
    assert (np.asarray(W).tolist(), k, got) == (W_big, k_big, kept if keep else None)
    assert used == ["int64" if over and keep else "float64"]
    assert k_big == 2  # both rows are mistakes: each score is far from 0


def test_a_run_past_the_float_certificate_keeps_the_literal_trace() -> None:
    """Weights of about 2**40 over rows of 2**20 (no float certificate; int64's holds):
    the numpy passes run in int64 blocks, and the trace is the literal one, as with rows
    of a few units (float64 scores throughout)."""
    X = np.array([[2**20, -3], [-(2**20) + 5, 7], [11, 2**20]], dtype=np.int64)
    y = np.array([1, 1, -1], dtype=np.int8)
    for rows in (X, X // 2**18):
        assert forced("numpy", "perceptron/gormley-online", rows, y, epochs=6) == run(
            "perceptron/gormley-online", rows, y, epochs=6
        )


@pytest.mark.parametrize("e", [26, 30])
def test_a_summary_run_past_the_float_certificate_scores_within_the_margin_and_is_literal(
    e: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rows of 2**e: from the first pass, (w + column_max)·row_max passes 2**53 while the
    weights stay far below it.  A run that keeps no score (``record="summary"``) makes
    those passes in float64 within a margin (up to 769 at e = 30): the literal summary."""
    margins: list[int] = []

    def spy(*args: Any, **options: Any) -> Any:
        margins.append(options["margin"])
        return blas.blas_pass(*args, **options)

    monkeypatch.setattr(driver, "blas_pass", spy)
    X = np.array([[2**e, -3], [-(2**e) + 5, 7], [11, 2**e]], dtype=np.int64)
    y = np.array([1, 1, -1], dtype=np.int8)
    summary = run("perceptron/gormley-online", X, y, epochs=6, record="summary")
    assert forced("numpy", "perceptron/gormley-online", X, y, epochs=6,
                  record="summary") == summary  # fmt: skip
    assert len(margins) == 6 and min(margins) > 0


def test_a_score_float64_gets_wrong_is_scored_again_exactly_within_the_margin() -> None:
    """x = (3, -3, 1) and W = (2**52 + 1, 2**52 - 1, -6): x·W = 0 exactly, but 3·(2**52 + 1)
    and 3·(2**52 - 1) are odd numbers past 2**53, so float64 rounds at least one of them,
    in whatever order BLAS sums: its score is not 0.  Under tie-mistake 0 is a mistake for
    y = +1; a float score of +2 would call it right.  Within the margin it is scored again
    in Python integers: the mistake is made, as the big-integer pass makes it."""
    X = np.array([[3, -3, 1]], dtype=np.int64)
    y = np.array([1], dtype=np.int8)
    start = [2**52 + 1, 2**52 - 1, -6]
    assert np.array([3.0, -3.0, 1.0]) @ np.array(start, dtype=np.float64) != 0  # the premise
    column_max, row_max = bounds(Scaled(X, y, 1), 0)
    off = blas.margin(max(map(abs, start)), column_max, row_max, 3)
    assert off is not None and off > 0  # past the exact certificate, W still within 2**53
    W_big = list(start)
    k_big = python_pass(X, y.tolist(), W_big, 0, TIE_MISTAKE, None)
    W = np.array(start, dtype=np.int64)
    k, _, _ = blas_pass(X, y, W, 0, TIE_MISTAKE, keep=False, margin=off)
    assert (k, W.tolist()) == (k_big, W_big) == (1, [2**52 + 4, 2**52 - 4, -5])


@st.composite
def cancelling(draw: st.DrawFn, m: int) -> list[int]:
    """A row of small x summing to 0 (its products with weights all near one value cancel,
    leaving a score near 0 among products past 2**53), or of x up to 2**30."""
    if m > 1 and draw(st.booleans()):
        x = [draw(st.sampled_from((1, -1, 3, -3, 5, -5, 7))) for _ in range(m - 1)]
        return [*x, -sum(x)]
    return [draw(st.integers(-(2**30), 2**30)) for _ in range(m)]


@settings(max_examples=200)
@given(
    data=st.data(),
    n=st.integers(1, 30),
    m=st.integers(1, 5),
    rule=RULE,
    scan=st.sampled_from((0, 64)),
    start=st.sampled_from((1, 8192)),
)
def test_past_the_float_certificate_a_pass_within_the_margin_equals_the_big_integer_pass(
    data: st.DataObject, n: int, m: int, rule: int, scan: int, start: int
) -> None:
    """Weights within a few units of one value near 2**52 and rows that cancel them, so
    that float64 gets scores near 0 wrong: every decision and W are still the big-integer
    pass's (and the first test here checks that such a score is got wrong)."""
    X = np.array([data.draw(cancelling(m)) for _ in range(n)], dtype=np.int64)
    y = np.array([data.draw(st.sampled_from((-1, 1))) for _ in range(n)], dtype=np.int8)
    column_max, row_max = bounds(Scaled(X, y, 1), 0)
    top = FLOAT_EXACT - column_max  # the largest start max|W| whose weights stay in 2**53
    base = data.draw(st.sampled_from((top - 8, 2**52 + 1, 3 * 2**50 + 1)))
    sign = data.draw(st.sampled_from((1, -1)))
    start_W = [sign * (base + data.draw(st.integers(-3, 3))) for _ in range(m)]
    off = blas.margin(max(map(abs, start_W)), column_max, row_max, m)
    assert off is not None  # every weight stays within 2**53
    W_big = list(start_W)
    k_big = python_pass(X, y.tolist(), W_big, 0, rule, None)
    W = np.array(start_W, dtype=np.int64)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(blas, "START", start)
        patch.setattr(blas, "SCAN", scan)
        k, _, _ = blas_pass(X, y, W, 0, rule, keep=False, margin=off)
    assert (k, W.tolist()) == (k_big, W_big)
