"""Passes over rows past int64's certificate (``engine/dyadic.py``): scored in float64
within a proven bound, they come out exactly as the big-integer pass.

The rows are floats drawn over wide exponent ranges (so that scaled they leave int64), with
zeros, signs and repeated values; W is drawn near powers of two up to 2^200 with rows that
cancel it, so that float64 scores are wrong and the close calls are scored again exactly.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_ref import run
from perceptron_ref.engine import blas, driver, dyadic_compiled, native
from perceptron_ref.engine.dyadic import Digits, dyadic_pass
from perceptron_ref.engine.dyadic_compiled import compiled_dyadic_pass
from perceptron_ref.engine.given import from_float_array, scaled
from perceptron_ref.engine.passes import python_pass
from perceptron_ref.engine.rules import TIE_MISTAKE, TIE_NEGATIVE, TIE_POSITIVE
from tests.helpers import fresh_process
from tests.test_engine_given import _integers, _matrix

RULE = st.sampled_from((TIE_POSITIVE, TIE_NEGATIVE, TIE_MISTAKE))

Pass = Callable[..., int]
PASSES: tuple[Pass, ...] = (
    dyadic_pass,
    functools.partial(compiled_dyadic_pass, kind="c"),
    functools.partial(compiled_dyadic_pass, kind="numba"),
)
"""The pass in numpy blocks, and compiled (float64 rows only), a row at a time: the C loop
and the numba one."""


@settings(max_examples=100)
@given(data=st.data(), n=st.integers(1, 30), m=st.integers(1, 40), parts=st.integers(1, 3))
def test_digits_sum_as_python_integers(data: st.DataObject, n: int, m: int, parts: int) -> None:
    ints = data.draw(st.lists(st.lists(st.builds(lambda v, e: v << e, st.integers(
        -(2**53) + 1, 2**53 - 1), st.integers(0, 200)), min_size=m, max_size=m),
        min_size=n, max_size=n))  # fmt: skip
    rows = np.array([[float(v) for v in row] for row in ints])
    digits = Digits(n, m)
    for part in np.array_split(rows, parts):  # added in parts, as a pass adds its chunks'
        digits.add(part)
    assert digits.take() == [sum(column) for column in zip(*ints, strict=True)]
    assert digits.take() == [0] * m  # taken: nothing left


@settings(max_examples=200)
@given(
    data=st.data(),
    n=st.integers(1, 40),
    m=st.integers(1, 6),
    big=st.integers(0, 200),
    bias=st.sampled_from((0, 1, 2**70)),
    rule=RULE,
    scan=st.sampled_from((0, 8, 64, 10**6)),
    start=st.sampled_from((1, 8, 4096)),
)
def test_a_dyadic_pass_equals_the_big_integer_pass(
    data: st.DataObject, n: int, m: int, big: int, bias: int, rule: int, scan: int,
    start: int,
) -> None:  # fmt: skip
    # Rows of integers of up to 53 significant bits, some of them copies with the sign
    # flipped, and W a large value ± a few units: float64 scores cancel and are wrong.
    made = from_float_array(_matrix(data.draw, n, m), [1] * n)
    assert made is not None
    X = made.X
    y = np.array(data.draw(st.lists(st.sampled_from((1, -1)), min_size=n, max_size=n)),
                 dtype=np.int8)  # fmt: skip
    top = 2**big
    d = m + (bias != 0)
    W0 = [data.draw(st.sampled_from((0, top, -top))) + data.draw(st.integers(-3, 3))
          for _ in range(d)]  # fmt: skip
    expected = list(W0)
    k = python_pass(_integers(made), y.tolist(), expected, bias, rule, None)
    W = list(W0)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(blas, "SCAN", scan)
        patch.setattr(blas, "START", start)
        unit = float(made.scale) if X.dtype.kind == "f" else 1.0  # floats: times the scale
        assert dyadic_pass(X, y, W, bias, rule, unit) == k
    assert expected == W
    if X.dtype == np.float64:  # the compiled pass takes the floats themselves only
        for one_pass, bits in itertools.product(PASSES, (None, made.bits)):
            W = list(W0)  # the entries' bound read from X, or the one the reader made
            assert one_pass(X, y, W, bias, rule, unit, bits) == k and expected == W, bits


@pytest.mark.parametrize("one_pass", PASSES)
def test_a_score_that_float64_gets_wrong_is_scored_exactly(one_pass: Pass) -> None:
    # W = (2^60 + 1, −2^60): float64 rounds it to (2^60, −2^60), whose score on (1, 1) is 0;
    # the exact score is 1, so under tie-negative (a mistake at 0) y = +1 is no mistake.
    assert float(2**60 + 1) == float(2**60)
    X = np.array([[1.0, 1.0]])
    for (y, mistakes), bits in itertools.product(((1, 0), (-1, 1)), (None, 1)):
        W = [2**60 + 1, -(2**60)]  # (bits: the entries' bound as a reader gives it, 2^1)
        assert one_pass(X, np.array([y], dtype=np.int8), W, 0, TIE_NEGATIVE, 1.0, bits) == (
            mistakes)  # fmt: skip
        assert ([2**60 + 1, -(2**60)] if mistakes == 0 else [2**60, -(2**60) - 1]) == W


@pytest.mark.parametrize("one_pass", PASSES)
def test_updates_float64_loses_one_by_one_are_bounded(one_pass: Pass) -> None:
    # W = (2^60, −2^60, 5000), then 6000 mistakes on (−1, 0, 0): each −1 is lost in
    # float64's rounding of 2^60, so Wf stays (2^60, −2^60, 5000) while W_0 falls by 6000.
    # On (1, 1, 1) the float score is 5000, far above any rounding bound of one score;
    # the exact one is −1000, a mistake.  Only the bound on Wf's drift, E, tells them apart.
    X = np.array([[-1.0, 0.0, 0.0]] * 6000 + [[1.0, 1.0, 1.0]])
    y = np.ones(len(X), dtype=np.int8)
    W = [2**60, -(2**60), 5000]
    assert one_pass(X, y, W, 0, TIE_MISTAKE) == 6001
    assert W == [2**60 - 6000 + 1, -(2**60) + 1, 5001]


@pytest.mark.parametrize("one_pass", PASSES)
def test_a_bias_value_wider_than_every_entry_is_added_exactly(one_pass: Pass) -> None:
    # Data in (−1, 1) with a bias: scaled by 2^K, the bias value 2^K is wider than every
    # entry, and its digits are as exact as theirs (2^(2p): one base-2^p digit more).
    X = np.array([[0.5, -0.25], [0.25, 0.5], [-0.75, 0.125]] * 5)
    y = np.ones(len(X), dtype=np.int8)
    p = Digits(len(X), 3).p
    for b in (2**3, 2**70, 2 ** (2 * p), 2**200, 2**1100 + 1):  # (the last: no float64 holds)
        unit = min(b, 2**1000)  # the scale, as the driver makes b
        expected = [0, 0, 0]
        k = python_pass([[int(Fraction(v) * unit) for v in row] for row in X.tolist()],
                        y.tolist(), expected, b, TIE_MISTAKE, None)  # fmt: skip
        assert expected[0] == b  # the bias weight: one mistake, +b
        W = [0, 0, 0]
        assert one_pass(X, y, W, b, TIE_MISTAKE, float(unit)) == k and expected == W


@pytest.mark.parametrize("one_pass", PASSES)
def test_past_float64s_range_the_pass_goes_on_in_python_integers(one_pass: Pass) -> None:
    X = np.array([[2.0**990, 1.0], [1.0, -(2.0**990)], [3.0, 5.0]] * 4)
    y = np.array([1, -1, 1] * 4, dtype=np.int8)
    for rule in (TIE_POSITIVE, TIE_NEGATIVE, TIE_MISTAKE):
        expected = [0, 0]
        k = python_pass([[int(v) for v in row] for row in X.tolist()], y.tolist(), expected,
                        0, rule, None)  # fmt: skip
        W = [0, 0]
        assert one_pass(X, y, W, 0, rule) == k and expected == W
    # Products past float64's range: in float64 the score 2^1200 − 2^1200 is inf − inf, NaN,
    # which no comparison calls a mistake; exactly it is 0, a mistake under tie-negative
    # only.
    for rule, after in ((TIE_POSITIVE, [2**600, 2**600]), (TIE_NEGATIVE, [2**601, 0])):
        W = [2**600, 2**600]
        x = np.array([[2.0**600, -(2.0**600)]])
        assert one_pass(x, np.array([1], dtype=np.int8), W, 0, rule) == (rule == TIE_NEGATIVE)
        assert after == W


def _spied(monkeypatch: pytest.MonkeyPatch, loop: str = "numpy") -> list[str]:
    """The driver's dyadic passes, named by their loop (one entry a pass): ``numpy``, ``c``
    or ``numba``; ``loop``: the one the driver is to choose (where the C loop was not built,
    ``numpy`` and ``numba`` by the rent: none paid, or all)."""
    calls: list[str] = []

    def numpy_spy(*args: Any) -> int:
        calls.append("numpy")
        return dyadic_pass(*args)

    def compiled_spy(*args: Any) -> int:
        calls.append(args[-1])  # the loops' kind, which the driver names
        return compiled_dyadic_pass(*args)

    monkeypatch.setattr(driver, "dyadic_pass", numpy_spy)
    monkeypatch.setattr(dyadic_compiled, "compiled_dyadic_pass", compiled_spy)
    if loop != "c":  # as where the C loops were not built
        monkeypatch.setattr(native, "loops", lambda: None)
    monkeypatch.setattr(driver, "loaded", lambda: False)  # the rent alone decides
    monkeypatch.setattr(driver.RENT, "seconds", driver.LOAD_COST if loop == "numba" else 0.0)
    return calls


@pytest.mark.parametrize("loop", ["numpy", "numba", "c"])
@pytest.mark.parametrize("algorithm", ["perceptron/ssbd", "perceptron/mehta",
                                       "perceptron/blum", "perceptron/gormley-batch"])  # fmt: skip
def test_float_data_run_through_the_dyadic_pass_as_the_literal_loop(
    algorithm: str, loop: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = np.random.default_rng(7)
    X = rng.standard_normal((200, 6))
    y = np.where(X @ rng.standard_normal(6) >= 0, 1, -1)
    assert scaled(X, y).X.dtype == np.float64  # normal floats leave int64 once scaled
    calls = _spied(monkeypatch, loop)
    options: dict[str, Any] = {"max_epochs": 4} if "batch" in algorithm else {"epochs": 3}
    for bias in (False, True):
        fast = run(algorithm, X, y, bias=bias, record="summary", engine="fast", **options)
        literal = run(algorithm, X.tolist(), y.tolist(), bias=bias, record="summary",
                      **options)  # fmt: skip
        assert fast == literal and calls and set(calls) == {loop}
        calls.clear()
        kept = run(algorithm, X[:40], y[:40], bias=bias, engine="fast", **options)
        assert kept == run(algorithm, X[:40].tolist(), y[:40].tolist(), bias=bias, **options)
        assert not calls  # a kept score must be exact: the Python pass
        assert all(isinstance(v, Fraction) for v in fast.weights)


def test_a_numpy_dyadic_pass_is_rent_paid(monkeypatch: pytest.MonkeyPatch) -> None:
    # Its time counts toward loading the kernels, as the numpy passes' does: a program
    # making many runs on float data ends up making them compiled.
    calls = _spied(monkeypatch, "numpy")
    X = np.random.default_rng(5).standard_normal((400, 8))
    run("perceptron/ssbd", X, np.where(X[:, 0] >= 0, 1, -1), record="summary", engine="fast")
    assert calls == ["numpy"] and driver.RENT.seconds > 0


def test_small_integer_rows_whose_weights_leave_the_certificate_use_it_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # int32 rows near 2^31: after a few mistakes W passes 2^53 (no float64 margin) and the
    # products pass int64; the passes were in Python integers, now scored within a bound.
    rng = np.random.default_rng(3)
    X = rng.integers(-(2**31), 2**31, size=(300, 4), dtype=np.int32)
    y = np.where(X.astype(object) @ np.array([3, -1, 2, 1]) >= 0, 1, -1)
    calls = _spied(monkeypatch)
    fast = run("perceptron/ssbd", X, y, epochs=20, record="summary", engine="fast")
    assert calls and blas.margin(2**53, 2**40, 2**40, 4) is None
    assert fast == run("perceptron/ssbd", X.tolist(), y.tolist(), epochs=20, record="summary")


def test_the_set_up_built_the_c_loops() -> None:
    # A C compiler is one of `make setup`'s system tools, so the optional extension is built
    # wherever the suite runs: the C rows of every parametrized test above are really C's.
    assert dyadic_compiled.built() and dyadic_compiled.here() == "c"
    from perceptron_ref.engine import _native

    assert _native.__file__ is not None and _native.__file__.endswith(".so")


def test_a_first_float_pass_runs_in_c_without_loading_numba() -> None:
    # In a fresh process: no rent paid, yet the pass is compiled (C), numba never imported,
    # and the trace is the literal loop's.
    code = (
        "import sys, numpy as np\n"
        "from perceptron_ref import run\n"
        "from perceptron_ref.engine import dyadic_compiled as dc\n"
        "calls = []\n"
        "real = dc.compiled_dyadic_pass\n"
        "dc.compiled_dyadic_pass = lambda *a: calls.append(a[-1]) or real(*a)\n"
        "rng = np.random.default_rng(11)\n"
        "X = rng.standard_normal((300, 7)); y = np.where(X @ rng.standard_normal(7) >= 0, 1, -1)\n"
        "fast = run('perceptron/ssbd', X, y, epochs=2, record='summary', engine='fast')\n"
        "literal = run('perceptron/ssbd', X.tolist(), y.tolist(), epochs=2, record='summary')\n"
        "print(calls, fast == literal, 'numba' in sys.modules)\n"
    )
    assert fresh_process(code) == "['c', 'c'] True False"


def test_a_numpy_kernel_forced_runs_the_numpy_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    from perceptron_ref import engine, registry

    calls = _spied(monkeypatch, "c")
    rng = np.random.default_rng(12)
    X = rng.standard_normal((200, 5))
    y = np.where(X @ rng.standard_normal(5) >= 0, 1, -1)
    options: dict[str, Any] = {"bias": False, "eta": Fraction(1), "epochs": 2,
                               "max_epochs": None, "record": "summary"}  # fmt: skip
    forced = engine.run_checked(registry.get("perceptron/ssbd"), X, y, kernel="numpy", **options)
    assert calls == ["numpy", "numpy"]
    calls.clear()
    chosen = engine.run_checked(registry.get("perceptron/ssbd"), X, y, **options)
    assert calls == ["c", "c"] and forced == chosen


def test_the_c_loops_refuse_arrays_of_other_types_and_shapes() -> None:
    # Internal calls only, but a C loop must never read past an array: a wrong item size,
    # a wrong number of dimensions or shapes that disagree are refused, not run.
    from perceptron_ref.engine import _native

    X, y = np.ones((3, 2)), np.ones(3, dtype=np.int8)
    Wf, levels = np.zeros(2), np.zeros((2, 2))
    state, out = np.zeros(2), np.zeros(3, dtype=np.int64)
    # tie-mistake (y·s below 1 is a mistake): (1, 1) a mistake once, then never again
    args: list[Any] = [X, y, Wf, levels, 0.0, 1.0, 1.0, 1.0, 4.0, 2.0**40, 0, state, out]
    _native.rows(*args)
    assert out.tolist() == [3, 0, 1] and Wf.tolist() == [1.0, 1.0]
    wrongs = [(0, X.astype(np.float32)), (0, np.ones(6)), (1, y.astype(np.int64)),
              (1, np.ones(4, dtype=np.int8)), (2, np.zeros(3)), (2, np.zeros((1, 2))),
              (3, np.zeros((2, 3))), (11, np.zeros(1)), (12, np.zeros(3, dtype=np.int32)),
              (10, -1)]  # fmt: skip
    for at, wrong in wrongs:
        bad = list(args)
        bad[at] = wrong
        with pytest.raises((TypeError, ValueError)):
            _native.rows(*bad)
    bad = list(args)
    bad[2] = np.zeros(2)
    bad[2].flags.writeable = False  # Wf, which the loop writes
    with pytest.raises((TypeError, ValueError, BufferError)):
        _native.rows(*bad)
    with pytest.raises(TypeError):
        _native.fields(np.zeros((2, 2), dtype=np.uint64))


@pytest.mark.parametrize("one_pass", PASSES)
def test_rows_in_any_layout_make_the_same_pass(one_pass: Pass) -> None:
    # A caller's array may be Fortran-ordered or a strided view; the C loop reads C order,
    # so the pass makes its own copy where needed: the same mistakes and W either way.
    rng = np.random.default_rng(13)
    base = np.ldexp(rng.standard_normal((120, 10)), rng.integers(-40, 40, (120, 10)))
    y = np.where(base[:, ::2] @ rng.standard_normal(5) >= 0, 1, -1).astype(np.int8)
    made = from_float_array(base[:, ::2], y)
    assert made is not None and made.X.dtype == np.float64  # past int64 once scaled
    expected = [0] * 5
    k = python_pass(_integers(made), y.tolist(), expected, 0, TIE_MISTAKE, None)
    unit = float(made.scale)
    for X in (base[:, ::2], np.asfortranarray(base[:, ::2]), base[:, ::2].copy()):
        for labels in (y, np.repeat(y, 2)[::2]):
            W = [0] * 5
            assert one_pass(X, labels, W, 0, TIE_MISTAKE, unit) == k and expected == W


@pytest.mark.parametrize("one_pass", PASSES)
def test_wide_entries_are_split_into_digits_exactly(one_pass: Pass) -> None:
    # Entries whose first digit's quotient x/2^p is an odd integer in every binade from 2^40
    # to 2^120: a split rounding there (adding 2^52 and taking it away rounds those) would
    # sum wrong digits.  Eight columns or more, so that the C loop's four lanes see them.
    rng = np.random.default_rng(17)
    n, m = 24, 11
    p = Digits(n, m).p
    odd = rng.integers(2**51, 2**53, size=(n, m)) | 1  # 53 significant bits
    X = np.ldexp(odd.astype(np.float64), p + rng.integers(-12, 68, size=(n, m)))
    y = np.where(rng.random(n) < 0.5, 1, -1).astype(np.int8)
    for b in (0, 2**200 + 2**160):  # (and a bias value, its quotient past 2^52 too)
        expected = [0] * (m + (b != 0))
        k = python_pass([[int(v) for v in row] for row in X.tolist()], y.tolist(), expected, b,
                        TIE_MISTAKE, None)  # fmt: skip
        W = [0] * len(expected)
        assert one_pass(X, y, W, b, TIE_MISTAKE) == k and expected == W
