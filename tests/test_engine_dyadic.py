"""Passes over rows past int64's certificate (``engine/dyadic.py``): scored in float64
within a proven bound, they come out exactly as the big-integer pass.

The rows are floats drawn over wide exponent ranges (so that scaled they leave int64), with
zeros, signs and repeated values; W is drawn near powers of two up to 2^200 with rows that
cancel it, so that float64 scores are wrong and the close calls are scored again exactly.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_ref import run
from perceptron_ref.engine import blas, driver
from perceptron_ref.engine.dyadic import Digits, dyadic_pass
from perceptron_ref.engine.given import from_float_array, scaled
from perceptron_ref.engine.passes import python_pass
from perceptron_ref.engine.rules import TIE_MISTAKE, TIE_NEGATIVE, TIE_POSITIVE
from perceptron_ref.engine.scaled import Scaled

RULE = st.sampled_from((TIE_POSITIVE, TIE_NEGATIVE, TIE_MISTAKE))


def _float(mantissa: int, exponent: int) -> float:
    return math.ldexp(mantissa, exponent)


FLOATS = st.builds(_float, st.integers(-(2**53) + 1, 2**53 - 1), st.integers(-120, 60)) | (
    st.sampled_from((0.0, -0.0, 1.0, -3.0, 0.5, 2.0**-70))
)


def _integers(data: Scaled) -> list[list[int]]:
    """The rows' integers: held as they are, or for floats the floats times the scale."""
    unit = data.scale if data.X.dtype.kind == "f" else 1
    return [[int(Fraction(v) * unit) for v in row] for row in data.X.tolist()]


def _matrix(draw: Any, n: int, m: int) -> np.ndarray[Any, Any]:
    return np.array([[draw(FLOATS) for _ in range(m)] for _ in range(n)], dtype=np.float64)


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


def test_a_score_that_float64_gets_wrong_is_scored_exactly() -> None:
    # W = (2^60 + 1, −2^60): float64 rounds it to (2^60, −2^60), whose score on (1, 1) is 0;
    # the exact score is 1, so under tie-negative (a mistake at 0) y = +1 is no mistake.
    assert float(2**60 + 1) == float(2**60)
    X = np.array([[1.0, 1.0]])
    for y, mistakes in ((1, 0), (-1, 1)):
        W = [2**60 + 1, -(2**60)]
        assert dyadic_pass(X, np.array([y], dtype=np.int8), W, 0, TIE_NEGATIVE) == mistakes
        assert ([2**60 + 1, -(2**60)] if mistakes == 0 else [2**60, -(2**60) - 1]) == W


def test_past_float64s_range_the_pass_goes_on_in_python_integers() -> None:
    X = np.array([[2.0**990, 1.0], [1.0, -(2.0**990)], [3.0, 5.0]] * 4)
    y = np.array([1, -1, 1] * 4, dtype=np.int8)
    for rule in (TIE_POSITIVE, TIE_NEGATIVE, TIE_MISTAKE):
        expected = [0, 0]
        k = python_pass([[int(v) for v in row] for row in X.tolist()], y.tolist(), expected,
                        0, rule, None)  # fmt: skip
        W = [0, 0]
        assert dyadic_pass(X, y, W, 0, rule) == k and expected == W


def _spied(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The driver's dyadic passes, counted (one entry a pass)."""
    calls: list[int] = []

    def counted(*args: Any) -> int:
        calls.append(1)
        return dyadic_pass(*args)

    monkeypatch.setattr(driver, "dyadic_pass", counted)
    return calls


@pytest.mark.parametrize("algorithm", ["perceptron/ssbd", "perceptron/mehta",
                                       "perceptron/blum", "perceptron/gormley-batch"])  # fmt: skip
def test_float_data_run_through_the_dyadic_pass_as_the_literal_loop(
    algorithm: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = np.random.default_rng(7)
    X = rng.standard_normal((200, 6))
    y = np.where(X @ rng.standard_normal(6) >= 0, 1, -1)
    assert scaled(X, y).X.dtype == np.float64  # normal floats leave int64 once scaled
    calls = _spied(monkeypatch)
    options: dict[str, Any] = {"max_epochs": 4} if "batch" in algorithm else {"epochs": 3}
    for bias in (False, True):
        fast = run(algorithm, X, y, bias=bias, record="summary", engine="fast", **options)
        literal = run(algorithm, X.tolist(), y.tolist(), bias=bias, record="summary",
                      **options)  # fmt: skip
        assert fast == literal and calls
        calls.clear()
        kept = run(algorithm, X[:40], y[:40], bias=bias, engine="fast", **options)
        assert kept == run(algorithm, X[:40].tolist(), y[:40].tolist(), bias=bias, **options)
        assert not calls  # a kept score must be exact: the Python pass
        assert all(isinstance(v, Fraction) for v in fast.weights)


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
