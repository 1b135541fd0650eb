"""The float pass's two loops, compiled by numba: where no C compiler built them at install.

The same loops as :mod:`perceptron_ref.engine._native` (C), line for line, which
:mod:`~perceptron_ref.engine.dyadic_compiled` runs where it was built; where it was not, these
run where the compiled kernels run (:mod:`~perceptron_ref.engine.driver`'s rent-or-buy rule:
numba takes about a second to load).  The argument of the bound is
:mod:`~perceptron_ref.engine.dyadic`'s; what each loop does is told in
:mod:`~perceptron_ref.engine.dyadic_compiled`.

>>> import numpy as np
>>> fields(np.array([0.75, -6.0, 0.0, 1.0]).view(np.uint64))  # 0.75's, 1.0's less 1; 6.0's
(1022, 1025)
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

from perceptron_ref.engine.dyadic import CLOSE, DONE, OVERFLOW, SLACK, TOP, U


@numba.njit(cache=True, nogil=True, boundscheck=False)
def rows(X: Any, y: Any, Wf: Any, levels: Any, b: float, plus: float, minus: float,
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
def fields(bits: Any) -> tuple[int, int]:
    # The exponent fields' two reductions in one read, four entries at a time (measured,
    # 1.4 times as fast as one): the least exponent field of the nonzero entries (a power of
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
