"""The pass of :mod:`~perceptron_ref.engine.dyadic`, compiled (numba): float rows, W exact.

Data given as floats (:func:`~perceptron_ref.engine.given.from_float_array`) are scored in
float64 within a bound proved as the pass goes, W kept exact, as
:func:`~perceptron_ref.engine.dyadic.dyadic_pass` does, and with the same argument (see
there); only the bookkeeping differs, a row at a time rather than a block:

* One bound serves every row: B = R·(γ_d·max|Wf| + E), doubled (``SLACK``), where R bounds
  every row's ‖(b, x)‖₁ (m·2^bits + |b|, from the exponents the floats were read with:
  :attr:`~perceptron_ref.engine.scaled.Scaled.bits`); it changes only when W does, and
  max|Wf| is read after each update (E grows by u·max|Wf|).  Nothing is summed beside the
  score: measured, that cost a fifth of the pass.
* A mistake's row, times its label, is added to Wf in float64 and, exactly, to base-2^p
  digits (:class:`~perceptron_ref.engine.dyadic.Digits`'s split, in the kernel).
* The kernel stops at a row too close to call, or where float64 could overflow, and the
  Python loop around it brings W up to date from the digits, scores that row exactly
  (:func:`~perceptron_ref.engine.rules.is_mistake`), or makes the rest of the pass in Python
  integers, as the numpy pass does.

It runs where the compiled kernels run (:mod:`~perceptron_ref.engine.driver`'s rent-or-buy
rule), on float64 rows, for a pass that keeps no score.

>>> import numpy as np
>>> X = np.array([[-1, 2], [1, 0], [1, 1], [-1, 0], [-1, -2], [1, -1]], dtype=np.float64)
>>> y = np.array([-1, 1, 1, -1, -1, 1], dtype=np.int8)
>>> W = [0, 0]
>>> compiled_dyadic_pass(X, y, W, 0, 2), W
(3, [3, 1])
>>> W = [2**80, -(2**80)]  # past float64's integers: the ties are found exactly
>>> X = np.array([[1.0, 1.0], [3.0, 3.0]])
>>> compiled_dyadic_pass(X, np.array([1, -1], dtype=np.int8), W, 0, 0), W
(1, [1208925819614629174706173, -1208925819614629174706179])
"""

from __future__ import annotations

import math
from operator import mul
from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from perceptron_ref.engine import kernel
from perceptron_ref.engine.blas import limits
from perceptron_ref.engine.dyadic import SLACK, TOP, Digits, U, held, rounded
from perceptron_ref.engine.passes import integers, python_pass
from perceptron_ref.engine.rules import is_mistake

DONE, CLOSE, OVERFLOW = 0, 1, 2
"""How :func:`_rows` stopped: at the pass's end, at a row too close to call, or where a
bound could overflow float64."""


@numba.njit(cache=True, nogil=True, boundscheck=False)
def _rows(X: Any, y: Any, Wf: Any, levels: Any, b: float, plus: float, minus: float,
          unit: float, row: float, base: float, start: int, state: Any, out: Any,
          ) -> None:  # fmt: skip
    # From row ``start``: out = [the row it stopped at, DONE | CLOSE | OVERFLOW, mistakes];
    # state = [E, max|Wf|], carried between calls; ``row`` bounds every ‖(b, x)‖₁.
    n, m = X.shape
    off = 1 if b != 0.0 else 0
    d = m + off
    bound_of = SLACK * d * U / (1 - d * U)  # γ_d, doubled
    inverse = 1.0 / base
    V = np.empty(d)  # the row being added
    E, top = state[0], state[1]
    B = row * (bound_of * top + SLACK * E)  # every score is within B (until W moves)
    k, whole = 0, m - m % 4
    for i in range(start, n):
        if row * (top + row) >= TOP:  # (checked again after each update)
            state[0], state[1] = E, top
            out[0], out[1], out[2] = i, OVERFLOW, k
            return
        # The score in four partial sums (Higham's bound holds for any order of the sum,
        # and four chains of additions run at once): measured, 1.4 times as fast as one.
        s0 = b * Wf[0] if off else 0.0
        s1 = s2 = s3 = 0.0
        for j in range(0, whole, 4):  # X·unit: exact, a power of two
            s0 += X[i, j] * unit * Wf[off + j]
            s1 += X[i, j + 1] * unit * Wf[off + j + 1]
            s2 += X[i, j + 2] * unit * Wf[off + j + 2]
            s3 += X[i, j + 3] * unit * Wf[off + j + 3]
        for j in range(whole, m):
            s0 += X[i, j] * unit * Wf[off + j]
        s = (s0 + s1) + (s2 + s3)
        ys, limit = (s, plus) if y[i] > 0 else (-s, minus)
        if ys >= limit + B:
            continue  # no mistake
        if ys >= limit - B:  # too close to call: the caller scores it exactly
            state[0], state[1] = E, top
            out[0], out[1], out[2] = i, CLOSE, k
            return
        k += 1
        sign = 1.0 if y[i] > 0 else -1.0
        top = 0.0
        for j in range(d):
            V[j] = sign * (b if j < off else X[i, j - off] * unit)
            Wf[j] += V[j]
            top = max(top, abs(Wf[j]))
        # The row's base-2^p digits, exactly (as Digits.add splits them), a level at a time
        # over the row (measured: a third faster than a digit loop an entry).
        for level in range(levels.shape[0]):
            for j in range(d):
                high = np.trunc(V[j] * inverse)  # exact: a power of two
                levels[level, j] += V[j] - high * base
                V[j] = high
        top *= 1 + 4 * U
        E += U * top
        B = row * (bound_of * top + SLACK * E)
    state[0], state[1] = E, top
    out[0], out[1], out[2] = n, DONE, k


@numba.njit(cache=True, nogil=True, boundscheck=False)
def _fields(bits: Any) -> tuple[int, int]:
    # given.exponents's two reductions in one read, four entries at a time (measured, 1.4
    # times as fast as one): the least exponent field of the nonzero entries (a power of
    # two's counted one below, 0's never), and the largest.
    one = np.uint64(1)
    hi0 = hi1 = hi2 = hi3 = np.uint64(0)
    lo0 = lo1 = lo2 = lo3 = np.uint64(0xFFFFFFFFFFFFFFFF)
    whole = bits.size - bits.size % 4
    for i in range(0, whole, 4):
        t0, t1, t2, t3 = bits[i] << one, bits[i + 1] << one, bits[i + 2] << one, bits[i + 3] << one
        hi0, hi1, hi2, hi3 = max(hi0, t0), max(hi1, t1), max(hi2, t2), max(hi3, t3)
        lo0, lo1 = min(lo0, t0 - one), min(lo1, t1 - one)
        lo2, lo3 = min(lo2, t2 - one), min(lo3, t3 - one)
    for i in range(whole, bits.size):
        t0 = bits[i] << one  # the sign dropped: the field in the top 11 bits
        hi0, lo0 = max(hi0, t0), min(lo0, t0 - one)  # 0 − 1 wraps to the largest
    field = np.uint64(53)
    low = min(min(lo0, lo1), min(lo2, lo3)) >> field
    return int(low), int(max(max(hi0, hi1), max(hi2, hi3)) >> field)


def exponents(X: npt.NDArray[np.float64]) -> tuple[int, int] | None:
    """:func:`~perceptron_ref.engine.given.exponents`, compiled: one read of the bits, used
    where this module is loaded (the compiled kernels run here)."""
    with kernel.announced("fields"):
        low, top = _fields(X.reshape(-1).view(np.uint64))
    if top == 0x7FF:
        return None
    return (0, 0) if low == 0x7FF else (low - 1075, top - 1022)


def compiled_dyadic_pass(X: npt.NDArray[np.float64], y: npt.NDArray[np.int8], W: list[int],
                         b: int, rule: int, unit: float = 1.0, bits: int | None = None,
                         ) -> int:  # fmt: skip
    """:func:`~perceptron_ref.engine.dyadic.dyadic_pass`, compiled: a pass that keeps no
    score over float64 rows whose integers are X·``unit``, W (Python ints, the bias weight
    first when b ≠ 0) updated in place: its mistakes.  ``bits``: every |X_ij·unit| is below
    2^bits (:attr:`Scaled.bits`), if known (else read from X)."""
    n, m = X.shape
    d = m + (1 if b else 0)
    if not held(b):
        return python_pass(X, y.tolist(), W, b, rule, None, unit)
    if bits is None:
        widest = max(float(X.max()), -float(X.min())) * unit
        bits = math.frexp(widest)[1] if math.isfinite(widest) else 1100
    entry = math.ldexp(1.0, min(bits, 1023))  # (past TOP: the pass goes on in Python)
    row = m * entry + abs(b)  # every ‖(b, x)‖₁, a bound the scores' bound B is made of
    plus, minus = (float(v) for v in limits(rule))
    digits = Digits(n, d)
    levels = digits.grid(min(max(bits, abs(b).bit_length()), 1100))  # each entry's digits
    state, out = np.zeros(2), np.zeros(3, dtype=np.int64)
    k, i = 0, 0
    while True:
        try:
            Wf, E, top_w = rounded(W)
        except OverflowError:
            status = OVERFLOW
        else:
            state[:] = E, top_w
            with kernel.announced("dyadic"):
                _rows(X, y, Wf, levels, float(b), plus, minus, unit, row, digits.base, i,
                      state, out)  # fmt: skip
            i, status = int(out[0]), int(out[1])
            k += int(out[2])
            W[:] = map(sum, zip(W, digits.take(), strict=True))  # W brought up to date
        if status == DONE:
            return k
        if status == OVERFLOW:  # float64 can no longer bound it: the rest exactly
            return k + python_pass(X[i:], y[i:].tolist(), W, b, rule, None, unit)
        x = [b] * (d - m) + integers(X[i], unit)  # row i, too close to call: exactly
        if is_mistake(rule, sum(map(mul, W, x)), int(y[i])):
            W[:] = [w + int(y[i]) * v for w, v in zip(W, x, strict=True)]
            k += 1
        i += 1
