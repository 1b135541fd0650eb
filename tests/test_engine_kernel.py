"""The engine's passes (``engine.passes``, ``engine.kernel``, ``engine.words``,
``engine.pairs``): a pass the int64 or int32 certificate certifies computes what Python
integers do, in every loop.

The numpy and compiled passes wrap around silently on overflow; the Python pass cannot
overflow.  Starting all from the same W, as large as the certificate allows, they must agree
on every score, every mistake and the final W: the numpy block pass, and each compiled kernel
(PLAIN, NARROW, WORDS, PAIRS; the pair pass also on both sides of its own int16/int32
limit).  The compiled many-pass loop with Brent's test inside equals the same passes made
one at a time with :class:`~perceptron_ref.engine.cycles.Brent`.  The certificates are also
checked at their exact boundary (INT64_MAX, INT32_MAX), and the Python, compiled, byte-word
and pair passes on traces worked by hand.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_ref.engine import kernel
from perceptron_ref.engine.cycles import Brent
from perceptron_ref.engine.kernel import (
    INT32_MAX,
    INT64_MAX,
    NARROW,
    PAIRS,
    PLAIN,
    TIE_MISTAKE,
    TIE_NEGATIVE,
    TIE_POSITIVE,
    WORDS,
    certified,
    certified_int32,
    compiled_pass,
    python_pass,
)
from perceptron_ref.engine.pairs import H_MAX, by_pairs, h_limit, pairs_if_bytes, pairs_pass
from perceptron_ref.engine.passes import block_pass, c_pass
from perceptron_ref.engine.scaled import (
    Scaled,
    bounds,
)
from perceptron_ref.engine.words import by_words, words_if_bytes, words_of, words_pass
from tests.helpers import fresh_process

RULE = st.sampled_from((TIE_POSITIVE, TIE_NEGATIVE, TIE_MISTAKE))


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
    W_big, kept = list(start), list[tuple[int, bool]]()
    k_big = python_pass(X, y.tolist(), W_big, b, rule, kept)
    assert max(map(abs, W_big)) <= INT64_MAX
    W = np.array(start, dtype=np.int64)
    scores, flags = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.bool_)
    k = compiled_pass(X, y, W, b, rule, True, scores, flags)
    assert (k, W.tolist()) == (k_big, W_big)
    assert list(zip(scores.tolist(), flags.tolist(), strict=True)) == kept
    for one_pass in (block_pass, c_pass):  # the numpy block pass and the C one, from the same W
        W = np.array(start, dtype=np.int64)
        k, scores, flags = one_pass(X, y, W, b, rule, keep=True)
        assert (k, W.tolist()) == (k_big, W_big)
        assert list(zip(scores.tolist(), flags.tolist(), strict=True)) == kept
        W = np.array(start, dtype=np.int64)
        assert one_pass(X, y, W, b, rule, keep=False)[0] == k_big and W.tolist() == W_big


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
    """Every kernel an int32 certificate admits: uint8 rows of whole 8-byte words (the byte
    loop, WORDS), int32 weights (NARROW), and the int64 loop (PLAIN)."""
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
    W_big, kept = list(start), list[tuple[int, bool]]()
    k_big = python_pass(X, y.tolist(), W_big, b, rule, kept)
    choices = [PLAIN, NARROW] + [WORDS] * by_words(X) + [PAIRS] * by_pairs(X)
    for choice in choices:
        W = np.array(start, dtype=np.int64)
        scores, flags = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.bool_)
        k = compiled_pass(X, y, W, b, rule, True, scores, flags, narrow=True, kind=choice)
        assert (k, W.tolist()) == (k_big, W_big), choice
        assert list(zip(scores.tolist(), flags.tolist(), strict=True)) == kept, choice
    W = np.array(start, dtype=np.int64)  # the default: the byte loop on whole words
    compiled_pass(X, y, W, b, rule, False, kernel.NO_SCORES, kernel.NO_FLAGS, narrow=True)
    assert W.tolist() == W_big
    W = np.array(start, dtype=np.int64)  # and the C pass (uint8 or int16 rows)
    k, scores, flags = c_pass(X, y, W, b, rule, keep=True)
    assert (k, W.tolist()) == (k_big, W_big)
    assert list(zip(scores.tolist(), flags.tolist(), strict=True)) == kept


# --- the kernel's certificates and big-integer pass -----------------------------------------


def test_int64_certificate_holds_exactly_up_to_int64_max() -> None:
    # certified: (w_max + column_max)·max(row_max, 1) ≤ INT64_MAX.  INT64_MAX = 2**63 − 1
    # = 7·(2**63 − 1)/7, and 7 divides it (2**3 ≡ 1 mod 7).
    q = INT64_MAX // 7
    assert 7 * q == INT64_MAX
    assert certified(q - 5, 5, 7)  # equality: certified
    assert not certified(q - 4, 5, 7)  # one over
    assert certified(INT64_MAX - 1, 1, 0)  # no row: the factor is 1
    assert certified(INT64_MAX - 1, 1, 1)
    assert not certified(INT64_MAX, 1, 1)
    assert not certified(2**62, 2**62, 1)  # (2**62 + 2**62)·1 = 2**63 > INT64_MAX
    assert not certified(0, 2**62, 2)


def test_int32_certificate_holds_exactly_up_to_int32_max() -> None:
    assert certified_int32(INT32_MAX - 10, 10)
    assert not certified_int32(INT32_MAX - 9, 10)
    assert not certified_int32(2**30, 2**30)  # 2**31 > INT32_MAX
    assert certified_int32(0, INT32_MAX)


def test_python_pass_with_a_bias_of_one_by_hand() -> None:
    # Tie → positive (rule 0), b = 1 (bias weight W[0]), rows x = (2, −1) y = −1, (1, 1)
    # y = +1, from W = (0, 0, 0).  Step 0: s = 0 → +1 ≠ −1: mistake, W = (−1, −2, 1).
    # Step 1: s = −1·1 + (−2)·1 + 1·1 = −2 → −1 ≠ +1: mistake, W = (0, −1, 2).
    W = [0, 0, 0]
    kept: list[tuple[int, bool]] = []
    assert python_pass([[2, -1], [1, 1]], [-1, 1], W, 1, TIE_POSITIVE, kept) == 2
    assert (W, kept) == ([0, -1, 2], [(0, True), (-2, True)])
    # Without a bias (b = 0) and from W = (3, 0): s = 6 → +1 ≠ −1: mistake, W = (1, 1);
    # s = 2 → +1 = y: no mistake.  Tie → mistake (rule 2) changes nothing here.
    W = [3, 0]
    kept = []
    rows = np.array([[2, -1], [1, 1]], dtype=np.int64)  # numpy rows: Python ints inside
    assert python_pass(rows, [-1, 1], W, 0, TIE_MISTAKE, kept) == 1
    assert (W, kept) == ([1, 1], [(6, True), (2, False)])
    assert python_pass([[2, -1]], [1], [0, 0], 0, TIE_NEGATIVE, None) == 1


def test_compiled_pass_holds_the_weights_in_int64_unless_told_narrow() -> None:
    # compiled_pass's narrow defaults to False: W is held as int64.  Tie → positive (rule 0),
    # x = (1,), y = +1, W = (−2**40,): s = −2**40 < 0 predicts −1 ≠ +1, a mistake, and
    # W = −2**40 + 1.  (Held as int32, −2**40 would not survive: it is not an int32.)
    X = np.array([[1]], dtype=np.int8)
    W = np.array([-(2**40)], dtype=np.int64)
    scores, flags = np.empty(1, dtype=np.int64), np.empty(1, dtype=np.bool_)
    assert compiled_pass(X, np.array([1], np.int8), W, 0, TIE_POSITIVE, True, scores, flags) == 1
    assert (W.tolist(), scores.tolist(), flags.tolist()) == ([-(2**40) + 1], [-(2**40)], [True])


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
    k = words_pass(X, words_of(X), np.array([1, -1, 1], dtype=np.int8), W, 1, 0, True, scores,
                   flags)  # fmt: skip
    assert k == 2
    assert W.tolist() == [0, 7, 5, 3, 1, -1, -3, -5, -7]
    assert scores.tolist() == [0, 0, -121] and flags.tolist() == [False, True, True]


# --- engine.pairs: weights in two int16 halves, int32 sums -----------------------------------


def test_by_pairs_takes_one_byte_rows_whose_low_halves_sum_inside_int32() -> None:
    assert by_pairs(np.zeros((2, 3), dtype=np.uint8)) and by_pairs(np.zeros((2, 3), dtype=np.int8))
    assert not by_pairs(np.zeros((2, 3), dtype=np.int16))  # a product h·x may leave int32
    assert not by_pairs(np.zeros(3, dtype=np.uint8))  # not a matrix
    widest = INT32_MAX // (255 * 255)  # Σ l_j·x_j ≤ d·255·255 must fit
    assert by_pairs(np.zeros((1, widest), dtype=np.uint8))
    assert not by_pairs(np.zeros((1, widest + 1), dtype=np.uint8))


def test_the_h_limit_keeps_the_h_half_of_a_score_inside_int32_and_h_inside_int16() -> None:
    for m in (1, 3, 784, 9000, 33025):
        top = h_limit(m, 255)
        assert top <= H_MAX and H_MAX + 1 <= 2**15 - 1  # one update more still fits int16
        assert m * 255 * top <= INT32_MAX
        assert top == H_MAX or m * 255 * (top + 1) > INT32_MAX


def pair_case(m: int, h: int, dtype: Any, n: int, rng: np.random.Generator) -> tuple[Any, ...]:
    """Rows of the largest values, W with every h_j = ±h (and random low halves), labels
    that make mistakes push |w| further out: a pass across the pair pass's limit."""
    info = np.iinfo(dtype)
    X = np.where(rng.random((n, m)) < 0.8, info.max, info.min).astype(dtype)
    W = rng.choice([-1, 1], size=m) * h * 256 + rng.integers(0, 256, size=m)
    y = np.where(rng.random(n) < 0.5, 1, -1).astype(np.int8)
    return X, y, W.astype(np.int64)


@settings(max_examples=40)
@given(
    m=st.sampled_from((1, 2, 5, 784, 9000)),
    side=st.integers(-3, 2),
    dtype=st.sampled_from((np.uint8, np.int8)),
    bias=st.booleans(),
    rule=RULE,
    seed=st.integers(0, 2**16),
)
def test_the_pair_pass_at_its_limit_equals_the_big_integer_pass(
    m: int, side: int, dtype: Any, bias: bool, rule: int, seed: int
) -> None:
    """From max|h| a few steps below, at and above :func:`h_limit` (for d = 9000 that is
    |w| ≈ 240,000; for d ≤ 33 it is int16's own limit, H_MAX): the pass switches to int64
    where it must (from the start, or part way), and every score, mistake and weight is
    still the big-integer pass's."""
    rng = np.random.default_rng(seed)
    X, y, V = pair_case(m, h_limit(m, 255) + side, dtype, 12, rng)
    b = 3 if bias else 0
    start = ([int(rng.integers(-9, 9))] if bias else []) + V.tolist()
    W_big, kept = list(start), list[tuple[int, bool]]()
    k_big = python_pass(X, y.tolist(), W_big, b, rule, kept)
    W = np.array(start, dtype=np.int64)
    scores, flags = np.empty(12, dtype=np.int64), np.empty(12, dtype=np.bool_)
    assert compiled_pass(X, y, W, b, rule, True, scores, flags, kind=PAIRS) == k_big
    assert W.tolist() == W_big
    assert list(zip(scores.tolist(), flags.tolist(), strict=True)) == kept


def test_the_pair_pass_stops_where_max_h_passes_its_limit() -> None:
    # d = 1: the limit is H_MAX itself.  From h = H_MAX − 1 and l = 255, each mistake adds
    # 255 and carries 1 into h: the first row takes h to H_MAX, the second past it, and the
    # pass stops after the second (the int64 loop makes the rest).  A bias weight of −2⁴⁰
    # (b = 1) keeps every score negative, so every +1 row is a mistake.
    assert h_limit(1, 255) == H_MAX
    X, y = np.array([[255], [255], [255]], dtype=np.uint8), np.array([1, 1, 1], dtype=np.int8)
    w = (H_MAX - 1) * 256 + 255
    W = np.array([-(2**40), w], dtype=np.int64)
    none, no = np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.bool_)
    assert pairs_pass(X, y, W, 1, TIE_MISTAKE, False, none, no) == (2, 2)  # rows made, mistakes
    assert W.tolist() == [-(2**40) + 2, w + 2 * 255]
    W = np.array([-(2**40), (H_MAX + 1) * 256], dtype=np.int64)  # past the limit at the start
    assert pairs_pass(X, y, W, 1, TIE_MISTAKE, False, none, no) == (0, 0)
    assert W.tolist() == [-(2**40), (H_MAX + 1) * 256]
    W = np.array([-(2**40), w], dtype=np.int64)  # the whole pass: the third row in int64
    assert compiled_pass(X, y, W, 1, TIE_MISTAKE, False, none, no, kind=PAIRS) == 3
    assert W.tolist() == [-(2**40) + 3, w + 3 * 255]


def test_the_compiled_dispatcher_makes_the_pair_pass_only_on_one_byte_rows() -> None:
    # Other rows: no row made (the int64 loop makes them all), and the pair pass is not
    # compiled for them; called from Python, the same answers.
    import numba

    @numba.njit
    def dispatch(X: Any, y: Any, W: Any) -> tuple[int, int]:
        return pairs_if_bytes(X, y, W, 0, TIE_MISTAKE, False, W[:0], y[:0] > 0)

    y = np.array([1, -1], dtype=np.int8)
    for dtype in (np.int16, np.int32, np.int64):
        X, W = np.array([[3, 4], [5, 6]], dtype=dtype), np.array([7, -8], dtype=np.int64)
        assert dispatch(X, y, W) == (0, 0) == pairs_if_bytes(X, y, W, 0, 0, False, W, W)
        assert W.tolist() == [7, -8]
    X, W = np.array([[3, 4], [5, 6]], dtype=np.uint8), np.array([7, -8], dtype=np.int64)
    none, no = np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.bool_)
    assert pairs_if_bytes(X, y, W, 0, TIE_MISTAKE, False, none, no) == (2, 2)  # both mistakes
    assert W.tolist() == [7 + 3 - 5, -8 + 4 - 6]


def test_the_compiled_dispatcher_makes_the_word_pass_only_on_uint8_rows() -> None:
    # Other rows: no mistake made and W untouched (the dispatcher is never asked for the
    # word pass on them: :func:`words_of` refuses them); on uint8 rows, the word pass.
    import numba

    @numba.njit
    def dispatch(X: Any, Xw: Any, y: Any, W: Any) -> int:
        return words_if_bytes(X, Xw, y, W, 0, TIE_MISTAKE, False, W[:0], y[:0] > 0)

    y = np.array([1, -1], dtype=np.int8)
    no_words = np.zeros((0, 0), dtype=np.uint64)
    for dtype in (np.int8, np.int16, np.int64):
        X, W = np.ones((2, 8), dtype=dtype), np.arange(8, dtype=np.int64)
        assert dispatch(X, no_words, y, W) == 0 and W.tolist() == list(range(8))
    X, W = np.ones((2, 8), dtype=np.uint8), np.zeros(8, dtype=np.int64)
    assert dispatch(X, words_of(X), y, W) == 2  # s = 0 for y = +1, then s = 8 for y = -1
    assert W.tolist() == [0] * 8


COMPILED_ONCE = """
import numpy as np
from perceptron_ref import run
from perceptron_ref.engine import kernel, pairs, words
from tests.test_engine import forced

rng = np.random.default_rng(3)
for dtype in (np.uint8, np.int16):
    X, y = rng.integers(0, 9, size=(12, 16)).astype(dtype), rng.choice([-1, 1], size=12)
    for options in ({"record": "full", "epochs": 2}, {"record": "summary", "epochs": 3},
                    {"record": "summary", "epochs": "converge"}):
        assert forced("compiled", "perceptron/mehta", X, y, bias=True, **options) == run(
            "perceptron/mehta", X, y, bias=True, **options)
for f in (kernel._epochs, kernel._pass, kernel._plain, kernel._narrow, words.words_pass,
          pairs.pairs_pass):
    rows = [str(s[1 if f in (kernel._epochs, kernel._pass) else 0].dtype) for s in f.signatures]
    print(f.__name__, ",".join(sorted(rows)))  # a type twice: compiled twice
"""


def test_each_kernel_is_compiled_once_per_row_type(tmp_path: Path) -> None:
    """A first run on a machine compiles what it uses once: one pass and many passes, steps
    kept or not, go through one compiled entry point, so each kernel has one signature per
    row type (no literal 0 or False, a type of its own, making a second one), and the
    word and pair passes are compiled for the one-byte rows that use them only.  In a
    fresh process, from an empty cache (kernels read from numba's cache list no signature
    of what they call)."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", COMPILED_ONCE], capture_output=True, text=True,
                          check=False, cwd=Path(__file__).parent.parent, env=env)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "_epochs int16,uint8",
        "_pass int16,uint8",
        "_plain int16,uint8",
        "_narrow int16,uint8",
        "words_pass uint8",
        "pairs_pass uint8",
    ]


@pytest.mark.parametrize(
    ("rule", "made"),
    [
        (TIE_POSITIVE, ([0, 7], [False, True], [-2, -3])),  # s = 0 predicts +1: right
        (TIE_NEGATIVE, ([0, 7], [True, True], [-2, -3])),  # s = 0 predicts -1: a mistake
        (TIE_MISTAKE, ([0, 7], [True, True], [-2, -3])),
    ],
)
def test_the_dispatcher_called_from_python_passes_its_rule_and_keeps_scores(
    rule: int, made: tuple[list[int], list[bool], list[int]]
) -> None:
    # uint8 rows (0, 0) and (3, 4), y = +1, -1, W = (1, 1): the first score is 0, where the
    # rules differ (a zero x adds nothing to W); the second is 7 > 0 for y = -1, a mistake
    # under every rule: W = (1 - 3, 1 - 4).
    X, y = np.array([[0, 0], [3, 4]], dtype=np.uint8), np.array([1, -1], dtype=np.int8)
    W, scores, flags = np.ones(2, dtype=np.int64), np.zeros(2, dtype=np.int64), np.zeros(2, bool)
    assert pairs_if_bytes(X, y, W, 0, rule, True, scores, flags) == (2, sum(made[1]))
    assert (scores.tolist(), flags.tolist(), W.tolist()) == made


def test_the_pair_pass_carries_from_the_low_half_into_the_high_one() -> None:
    # w = 256·h + l: 1000 = 256·3 + 232; +255 gives l = 487, carry 1: 1255 = 256·4 + 231.
    # -70000 = 256·(-274) + 144; +255 gives l = 399, carry 1: -69745 = 256·(-273) + 143.
    # -1000 = 256·(-4) + 24; -255 gives l = -231, carry -1: -1255 = 256·(-5) + 25.
    X = np.array([[255, 255], [0, 1]], dtype=np.uint8)
    W = np.array([1000, -70000], dtype=np.int64)
    scores, flags = np.empty(2, dtype=np.int64), np.empty(2, dtype=np.bool_)
    k = pairs_pass(X, np.array([-1, 1], dtype=np.int8), W, 0, TIE_MISTAKE, True, scores, flags)[1]
    # x1: s = 255·(1000 − 70000) < 0 with y = −1: no mistake.  x2: s = −70000 < 0, y = +1:
    # a mistake, w += (0, 1).
    assert (k, W.tolist()) == (1, [1000, -69999])
    assert scores.tolist() == [255 * (1000 - 70000), -70000] and flags.tolist() == [False, True]
    W = np.array([1000, -70000], dtype=np.int64)
    pairs_pass(X[:1], np.array([1], dtype=np.int8), W, 0, TIE_MISTAKE, False, scores, flags)
    assert W.tolist() == [1255, -69745]
    W = np.array([-1000, 70000], dtype=np.int64)
    pairs_pass(X[:1], np.array([-1], dtype=np.int8), W, 0, TIE_MISTAKE, False, scores, flags)
    assert W.tolist() == [-1255, 69745]


# --- many passes in one compiled call, Brent's test inside --------------------------------------


@settings(max_examples=40)
@given(
    data=st.data(),
    n=st.integers(1, 5),
    m=st.integers(1, 3),
    bias=st.booleans(),
    rule=RULE,
    limit=st.integers(1, 12),
    stop_clean=st.booleans(),
    brent=st.booleans(),
    kind=st.sampled_from((PLAIN, NARROW, WORDS, PAIRS)),
)
def test_compiled_passes_with_brents_test_equal_passes_made_one_by_one(
    data: st.DataObject, n: int, m: int, bias: bool, rule: int, limit: int, stop_clean: bool,
    brent: bool, kind: int,
) -> None:  # fmt: skip
    """Small integers, many zero scores and cycles: ``epochs`` stops where a Python loop of
    single passes stops (a clean pass, Brent's repeat, or the limit), with the same W, the
    same mistakes and the same state of Brent's test, in each kernel (WORDS on uint8 rows of
    8 bytes; the weights of these few passes stay far inside int32)."""
    if kind == WORDS:
        m = 8
    values = st.integers(0, 3) if kind == WORDS else st.integers(-2, 2)
    X = np.array([[data.draw(values) for _ in range(m)] for _ in range(n)],
                 dtype=np.uint8 if kind == WORDS else np.int8)  # fmt: skip
    y = np.array([data.draw(st.sampled_from((-1, 1))) for _ in range(n)], dtype=np.int8)
    b = 1 if bias else 0
    zero = np.zeros(m + bias, dtype=np.int64)
    # One by one, in Python integers.
    W_big, test, made, mistakes, outcome = [0] * (m + bias), Brent(zero), 0, 0, kernel.LIMIT
    while made < limit:
        k = python_pass(X, y.tolist(), W_big, b, rule, None)
        made, mistakes = made + 1, mistakes + k
        if stop_clean and k == 0:
            outcome = kernel.CLEAN
            break
        if brent and test.repeated(W_big):
            outcome = kernel.REPEAT
            break
    # In one compiled call.
    W, T = zero.copy(), zero.copy()
    state = np.array([1, 1, 0] if brent else [0, 0, 0], dtype=np.int64)
    got = kernel.epochs(kind, X, y, W, b, rule, limit, stop_clean=stop_clean, T=T, state=state)
    assert got == (made, outcome)
    assert (W.tolist(), int(state[2])) == (W_big, mistakes)
    if brent:
        assert (int(state[0]), int(state[1])) == (test.power, test.lam)
        assert T.tolist() == [int(v) for v in test.T]


@pytest.mark.parametrize("kind", [PLAIN, NARROW, WORDS, PAIRS])
def test_compiled_passes_equal_passes_made_one_by_one_on_pixel_rows(kind: int) -> None:
    """A fixed run of many passes with nonzero scores from the second row on, in each kernel:
    the property above draws mostly tiny cases, where a kernel reading the wrong rows can
    still agree (every score 0 on the first pass from W = 0)."""
    rng = np.random.default_rng(16)
    X = rng.integers(0, 256, size=(12, 16), dtype=np.uint8)
    y = np.where(X[:, :8].sum(axis=1) > X[:, 8:].sum(axis=1), 1, -1).astype(np.int8)
    for rule in (TIE_POSITIVE, TIE_NEGATIVE, TIE_MISTAKE):
        W_big, mistakes, made, outcome = [0] * 17, 0, 0, kernel.LIMIT
        while made < 30:
            k = python_pass(X, y.tolist(), W_big, 1, rule, None)
            made, mistakes = made + 1, mistakes + k
            if k == 0:
                outcome = kernel.CLEAN
                break
        assert made > 2 and mistakes > 6  # several passes, with scores that decide
        W, T = np.zeros(17, dtype=np.int64), np.zeros(17, dtype=np.int64)
        state = np.zeros(3, dtype=np.int64)
        got = kernel.epochs(kind, X, y, W, 1, rule, 30, stop_clean=True, T=T, state=state)
        assert got == (made, outcome)
        assert (W.tolist(), int(state[2])) == (W_big, mistakes)


class _Terminal:
    """A stderr that says it is a terminal, and keeps what is written to it."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.lines += [text] if text.strip() else []
        return len(text)

    def flush(self) -> None:
        pass


def test_a_slow_first_call_on_a_terminal_says_once_per_row_type_that_it_compiles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Compiling is simulated by a compiled function that takes longer than NOTICE; a second
    # call on the same row type (cached, or compiled) says nothing, another row type does.
    # One pass and many go through the same compiled entry point: compiled once a type.
    import time

    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(kernel, "NOTICE", 0.05)
    monkeypatch.setattr(kernel, "_SEEN", set())

    def slow(*args: Any) -> tuple[int, int]:
        time.sleep(0.5)
        return 1, kernel.LIMIT

    monkeypatch.setattr(kernel, "_epochs", slow)
    said = []
    for dtype in (np.uint8, np.uint8, np.int16, np.int16):
        X, y = np.zeros((1, 8), dtype=dtype), np.ones(1, dtype=np.int8)
        W, T = np.zeros(8, dtype=np.int64), np.zeros(8, dtype=np.int64)
        state = np.zeros(3, dtype=np.int64)
        kernel.epochs(PLAIN, X, y, W, 0, TIE_MISTAKE, 1, stop_clean=False, T=T, state=state)
        said.append(len(terminal.lines))
    types: tuple[Any, ...] = (np.uint8, np.int16, np.int8, np.int8)
    for dtype in types:  # one pass: the same kernel
        X, y, W = np.zeros((1, 8), dtype=dtype), np.ones(1, dtype=np.int8), np.zeros(8, np.int64)
        compiled_pass(X, y, W, 0, TIE_MISTAKE, False, kernel.NO_SCORES, kernel.NO_FLAGS)
        said.append(len(terminal.lines))
    assert said == [1, 1, 2, 2, 2, 2, 3, 3]
    assert terminal.lines[0].startswith("perceptron-ref: compiling the engine's kernels")


@pytest.mark.parametrize("kind", [PLAIN, NARROW, WORDS, PAIRS])
def test_the_first_compiled_pass_on_a_row_type_equals_the_big_integer_pass(
    kind: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The first call on a row type goes its own way (through the compile notice); later
    # calls skip it.  Both make the pass, with its scores and mistakes kept.
    rng = np.random.default_rng(7)
    X = rng.integers(0, 256, size=(6, 8), dtype=np.uint8)
    X[0] = 0  # with the bias weight 0: a zero score, right for y = +1 under tie-positive only
    y = np.array([1, -1, 1, -1, -1, 1], dtype=np.int8)
    start = [0] + [int(v) for v in rng.integers(-1000, 1000, size=8)]
    W_big, kept = list(start), list[tuple[int, bool]]()
    k = python_pass(X, y.tolist(), W_big, 2, TIE_POSITIVE, kept)
    for first in (True, False):
        monkeypatch.setattr(kernel, "_SEEN", set() if first else {X.dtype.str})
        W, scores, flags = np.array(start, dtype=np.int64), np.zeros(6, np.int64), np.zeros(6, bool)
        got = compiled_pass(X, y, W, 2, TIE_POSITIVE, True, scores, flags, True, kind)
        assert (got, W.tolist()) == (k, W_big)
        assert list(zip(scores.tolist(), flags.tolist(), strict=True)) == kept


class _Stopwatch:
    """A stand-in for the kernels as ``fastest`` times them: each call of a kind takes the
    next of its given durations on a fake clock, and what it was called with is kept."""

    def __init__(self, durations: dict[int, list[float]]) -> None:
        self.durations = {kind: iter(times) for kind, times in durations.items()}
        self.now = 0.0
        self.calls: list[tuple[Any, ...]] = []

    def perf_counter(self) -> float:
        return self.now

    def compiled_pass(self, X: Any, y: Any, W: Any, b: int, rule: int, keep: bool,
                      scores: Any, flags: Any, narrow: bool, kind: int) -> int:  # fmt: skip
        self.calls.append((kind, len(X), len(y), W.dtype.str, W.shape, bool(W.any()), b, narrow))
        W += 1  # a pass changes W: the next timed pass must start again from 0
        self.now += next(self.durations[kind])
        return 0


def test_fastest_picks_the_lowest_second_slowest_of_its_timed_passes_once_per_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # PAIRS is fastest but once (an outlier: the machine busy), NARROW fastest only some of
    # the time, PLAIN always a little slower than PAIRS's usual time: PAIRS's second
    # slowest (1) is the lowest.  WORDS is slowest.
    assert kernel.ROUNDS == 5
    durations: dict[int, list[float]] = {
        PAIRS: [1, 1, 9, 1, 1],
        NARROW: [0.5, 3, 0.5, 3, 0.5],
        PLAIN: [2] * 5,
        WORDS: [4] * 5,
    }
    watch = _Stopwatch({kind: times * 6 for kind, times in durations.items()})
    monkeypatch.setattr(kernel, "_FASTEST", {})
    monkeypatch.setattr(kernel, "time", watch)
    monkeypatch.setattr(kernel, "compiled_pass", watch.compiled_pass)
    monkeypatch.setattr(kernel, "SAMPLE", 64)
    pixels, labels = np.zeros((100, 8), dtype=np.uint8), np.ones(100, dtype=np.int8)

    def measured(X: Any, b: int, narrow: bool) -> tuple[int, list[tuple[Any, ...]]]:
        before = len(watch.calls)
        kind = kernel.fastest(X, labels[: len(X)], b, narrow)
        return kind, watch.calls[before:]

    # Five rounds of each candidate, on the first SAMPLE bytes of rows (64 // 8 = 8 rows),
    # each from W = 0 with the bias weight; the answer is then kept for this key.
    kind, calls = measured(pixels, 3, True)
    assert kind == PAIRS and [call[0] for call in calls] == [PLAIN, NARROW, WORDS, PAIRS] * 5
    assert {call[1:] for call in calls} == {(8, 8, "<i8", (9,), False, 3, True)}
    assert measured(pixels[:50], 3, True) == (PAIRS, [])
    # Another key measures again: no bias; no int32 certificate (PLAIN and PAIRS only).
    kind, calls = measured(pixels, 0, True)
    assert kind == PAIRS and {call[1:] for call in calls} == {(8, 8, "<i8", (8,), False, 0, True)}
    kind, calls = measured(pixels, 3, False)
    assert kind == PAIRS and [call[0] for call in calls] == [PLAIN, PAIRS] * 5
    # The sample is SAMPLE bytes of rows, at least one row: int64 rows of width 1 and 9,
    # one-byte rows of width 1 (where the int64 loop is the only candidate but PAIRS).
    assert [call[1] for call in measured(np.zeros((100, 1), np.int64), 0, False)[1]] == [8] * 5
    assert [call[1] for call in measured(np.zeros((100, 9), np.int64), 0, False)[1]] == [1] * 5
    kind, calls = measured(np.zeros((100, 1), np.uint8), 0, False)
    assert kind == PAIRS and {call[1] for call in calls} == {64}


def test_fastest_flushes_the_cache_before_timing_a_sample_of_more_than_4_mib(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A real pass reads rows of more than a few MiB from memory: before each timed pass the
    # cache is filled with twice SAMPLE bytes of something else (numbers only it sees).
    watch = _Stopwatch({PLAIN: [1] * 5})
    filled: list[int] = []
    zeros = np.zeros

    def spy(shape: Any, dtype: Any = float) -> Any:
        filled.append(shape)
        return zeros(shape, dtype)

    monkeypatch.setattr(kernel, "_FASTEST", {})
    monkeypatch.setattr(kernel, "time", watch)
    monkeypatch.setattr(kernel, "compiled_pass", watch.compiled_pass)
    monkeypatch.setattr(np, "zeros", spy)
    big = np.ones((2**22 + 1, 1), dtype=np.int16)  # 8 MiB of rows
    assert kernel.fastest(big, np.ones(len(big), dtype=np.int8), 0, narrow=False) == PLAIN
    assert kernel.SAMPLE * 2 in filled
    filled.clear()
    small = np.ones((2**21, 1), dtype=np.int16)  # 4 MiB: fits a cache, no flush
    assert kernel.fastest(small, np.ones(len(small), dtype=np.int8), 0, narrow=False) == PLAIN
    assert kernel.SAMPLE * 2 not in filled


def test_the_fastest_kernel_is_one_the_certificates_admit(monkeypatch: pytest.MonkeyPatch) -> None:
    # Which is fastest depends on the machine; which may run does not.  The answers are
    # cached in the process: start from none, so that these calls measure.
    monkeypatch.setattr(kernel, "_FASTEST", {})
    pixels, labels = np.zeros((16, 16), dtype=np.uint8), np.ones(16, dtype=np.int8)
    assert kernel.fastest(pixels, labels, 0, narrow=False) in (PLAIN, PAIRS)
    assert kernel.fastest(pixels, labels, 0, narrow=True) in (PLAIN, NARROW, WORDS, PAIRS)
    odd = np.zeros((16, 15), dtype=np.uint8)
    assert kernel.fastest(odd, labels, 1, narrow=True) in (PLAIN, NARROW, PAIRS)
    wide = np.zeros((16, 8), dtype=np.int16)
    assert kernel.fastest(wide, labels, 0, narrow=False) == PLAIN
    assert kernel.fastest(wide, labels, 0, narrow=True) in (PLAIN, NARROW)
    with pytest.raises(AssertionError, match="int32 certificate"):
        y, W = np.ones(16, dtype=np.int8), np.zeros(16, dtype=np.int64)
        compiled_pass(pixels, y, W, 0, TIE_MISTAKE, False, kernel.NO_SCORES, kernel.NO_FLAGS,
                      kind=NARROW)  # fmt: skip


@settings(max_examples=60)
@given(
    data=st.data(),
    kind=st.sampled_from((np.int8, np.uint8, np.int16, np.int32, np.int64)),
    n=st.integers(1, 12),
    m=st.integers(1, 9),
    bias=st.sampled_from((0, 1, 3, 2**20)),
    rule=st.sampled_from((TIE_POSITIVE, TIE_NEGATIVE, TIE_MISTAKE)),
)
def test_the_c_pass_equals_the_big_integer_pass_on_every_integer_type(
    data: st.DataObject, kind: Any, n: int, m: int, bias: int, rule: int
) -> None:
    # Each row type the C pass reads as its own C type (a uint8 read as signed, or an int16
    # as a byte, would give other scores), its extremes drawn (up to 2^20, so that the pass
    # is certified: every weight stays below 2^25 and every score below 2^49).
    info = np.iinfo(kind)
    lo, hi = max(int(info.min), -(2**20)), min(int(info.max), 2**20)
    value = st.integers(lo, hi) | st.sampled_from((lo, hi, 0))
    X = np.array([[data.draw(value) for _ in range(m)] for _ in range(n)], dtype=kind)
    y = np.array([data.draw(st.sampled_from((-1, 1))) for _ in range(n)], dtype=np.int8)
    start = [data.draw(st.integers(-(2**20), 2**20)) for _ in range(m + (bias != 0))]
    W_big, kept = list(start), list[tuple[int, bool]]()
    k_big = python_pass(X.tolist(), y.tolist(), W_big, bias, rule, kept)
    W = np.array(start, dtype=np.int64)
    k, scores, flags = c_pass(X, y, W, bias, rule, keep=True)
    assert (k, W.tolist()) == (k_big, W_big)
    assert list(zip(scores.tolist(), flags.tolist(), strict=True)) == kept


def test_the_c_pass_refuses_rows_and_arrays_it_does_not_read() -> None:
    from perceptron_ref.engine import native

    c = native.loops()
    assert c is not None  # (the set-up builds the C loops: tests/test_engine_dyadic.py)
    X, y, W = np.ones((2, 3), dtype=np.int16), np.ones(2, dtype=np.int8), np.zeros(3, np.int64)
    none, no_flags = np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.bool_)
    assert c.int_pass(X, y, W, 0, TIE_MISTAKE, none, no_flags) == 1 and W.tolist() == [1] * 3
    for bad_X in (X.astype(np.float64), X.astype(np.uint16), X.reshape(-1), X.T):
        with pytest.raises((TypeError, ValueError, BufferError)):
            c.int_pass(bad_X, y, np.zeros(3, np.int64), 0, TIE_MISTAKE, none, no_flags)
    for args in ((X, y[:1], W, 0), (X, y, W[:2], 0), (X, y, W, 5), (X, y, W.astype(np.int32), 0)):
        with pytest.raises((TypeError, ValueError)):
            c.int_pass(*args, TIE_MISTAKE, none, no_flags)
    with pytest.raises(ValueError):  # kept scores for some rows only
        c.int_pass(X, y, W, 0, TIE_MISTAKE, np.zeros(1, dtype=np.int64), no_flags)
    with pytest.raises(ValueError):
        c.int_pass(X, y, W, 0, 7, none, no_flags)  # no such zero-score rule


def test_a_fresh_process_makes_its_integer_passes_in_c_without_loading_numba() -> None:
    # The numpy way's passes, in a process that has paid no rent, run in the C loops where
    # they were built: the literal trace, numba never imported.  (A forced numpy kernel still
    # runs the numpy blocks: every test that forces it.)
    code = (
        "import sys, numpy as np\n"
        "from perceptron_ref import run\n"
        "from perceptron_ref.engine import driver\n"
        "calls = []\n"
        "real = driver.c_pass\n"
        "driver.c_pass = lambda *a, **o: calls.append(a[0].dtype.name) or real(*a, **o)\n"
        "rng = np.random.default_rng(5)\n"
        "X = rng.integers(0, 256, (400, 30), dtype=np.uint8)\n"
        "y = np.where(X.astype(int) @ rng.standard_normal(30) >= 0, 1, -1)\n"
        "fast = run('perceptron/ssbd', X, y, epochs=3, bias=True, engine='fast')\n"
        "literal = run('perceptron/ssbd', X.tolist(), y.tolist(), epochs=3, bias=True)\n"
        "print(calls, fast == literal, 'numba' in sys.modules)\n"
    )
    assert fresh_process(code) == "['uint8', 'uint8', 'uint8'] True False"


def test_the_c_kernel_forced_where_it_was_not_built_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from perceptron_ref import run
    from perceptron_ref.engine import native
    from perceptron_ref.errors import InputError
    from tests.test_engine import forced

    monkeypatch.setattr(native, "loops", lambda: None)
    X, y = np.array([[1, 2], [-1, 1]], dtype=np.int8), np.array([1, -1], dtype=np.int8)
    with pytest.raises(InputError, match="the C loops were not built at install"):
        forced("c", "perceptron/mehta", X, y)
    assert forced("numpy", "perceptron/mehta", X, y) == run("perceptron/mehta", X, y)
