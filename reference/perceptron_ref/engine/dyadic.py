"""One pass scored in float64 within a proven bound, W exact: rows that no machine integer holds.

Data given as floats are dyadic rationals, x = odd·2^e: scaled by one power of two they are
integers (:func:`~perceptron_ref.engine.scaled.from_float_array`), of 60 to 100 bits for
normally distributed floats, past int64, where every other pass is made in Python integers,
a thousand times slower than a float pass.  But each of them has at most 53 significant
bits, so float64 holds every row exactly (as it holds int8 to int32 rows); only W, a sum of
rows, needs more.  So this pass keeps W exact in Python integers and scores with a float64
copy ``Wf``, within a bound it proves as it goes (u = 2^-53):

* Wf starts as W rounded, |Wf_j − W_j| ≤ u·|W_j|, and moves as W does, in float64: an update
  adds at most u·max|Wf| to the bound E on max_j |Wf_j − W_j|.
* A row's score computed in float64, in any order, fused or not, is within
  γ_d·Σ|x_j||Wf_j| of x·Wf, γ_d = d·u/(1 − d·u) (Higham, *Accuracy and Stability of
  Numerical Algorithms*, §3.1), and x·Wf is within ‖x‖₁·E of x·W: the bound
  B = ‖x‖₁·(γ_d·max|Wf| + E), doubled (:data:`SLACK`) so that the rounding of its own
  computation is inside it.  Every number here is an integer, so nothing underflows, and a
  bound below 1 means the float score is the exact one.
* A row with y·s_f at or above the limit + B is no mistake, one below the limit − B is one,
  and one in between is scored again exactly, in Python integers, from W brought up to
  date: the mistakes' rows since, summed exactly in float64 as digits
  (:func:`exact_sum`).  W is brought up to date at the pass's end too.

A pass that keeps its scores, and a bound past :data:`TOP` (float64 would overflow), go to
the Python pass.

>>> import numpy as np
>>> X = np.array([[-1, 2], [1, 0], [1, 1], [-1, 0], [-1, -2], [1, -1]], dtype=np.float64)
>>> y = np.array([-1, 1, 1, -1, -1, 1], dtype=np.int8)
>>> W = [0, 0]
>>> dyadic_pass(X, y, W, 0, 2), W
(3, [3, 1])
>>> W = [2**80, -(2**80)]  # past float64's integers: the ties are found exactly
>>> X = np.array([[1.0, 1.0], [3.0, 3.0]])
>>> dyadic_pass(X, np.array([1, -1], dtype=np.int8), W, 0, 0), W
(1, [1208925819614629174706173, -1208925819614629174706179])
"""

from __future__ import annotations

import itertools
from operator import mul
from typing import Any

import numpy as np
import numpy.typing as npt

from perceptron_ref.engine import blas
from perceptron_ref.engine.blas import _limits
from perceptron_ref.engine.passes import python_pass
from perceptron_ref.engine.rules import is_mistake

U = 2.0**-53
"""float64's unit roundoff."""

SLACK = 2.0
"""Every bound doubled: what rounding its own computation loses is far less than that."""

TOP = 2.0**1000
"""Past this, a row sum times max|Wf| could overflow float64: the pass goes on in Python."""

ROWS_AT_ONCE = 256
"""Rows :func:`exact_sum` splits at once."""


def exact(X: npt.NDArray[Any]) -> bool:
    """Whether float64 holds every entry of X exactly: integers in float64, or a machine
    integer type of at most 32 bits."""
    return X.dtype.kind == "f" or (X.dtype.kind in "iu" and X.dtype.itemsize <= 4)


def exact_sum(rows: npt.NDArray[np.float64]) -> list[int]:
    """The column sums of integer-valued float64 rows, exactly, as Python ints.

    Each entry is split into base-2^p digits, exactly (a division by a power of two, a
    truncation, a product and a difference, each exact on integers of 53 bits), with p as
    large as lets a column of them sum exactly in float64, in any order: n digits below 2^p
    sum to below 2^53 when n·2^p ≤ 2^53.

    >>> exact_sum(np.array([[2.0**80 + 2.0**28, 1.0], [-(2.0**28), 2.0**60]]))
    [1208925819614629174706176, 1152921504606846977]
    """
    total = [0] * rows.shape[1]
    for start in range(0, rows.shape[0], 1 << 22):
        part = rows[start : start + (1 << 22)]
        p = 53 - part.shape[0].bit_length()  # at least 31
        base = 2.0**p
        sums: list[npt.NDArray[np.float64]] = []  # a level's digits summed, over all rows
        for at in range(0, part.shape[0], ROWS_AT_ONCE):  # (a block's temporaries in cache)
            rest = part[at : at + ROWS_AT_ONCE]
            for level in itertools.count():
                if not rest.any():
                    break
                high = np.trunc(rest / base)
                digits = (rest - high * base).sum(axis=0)  # the lowest p bits, signed
                if level < len(sums):
                    sums[level] += digits
                else:
                    sums.append(digits)
                rest = high
        for level, column in enumerate(sums):
            for j, v in enumerate(column.tolist()):
                if v:
                    total[j] += int(v) << (level * p)
    return total


def dyadic_pass(X: npt.NDArray[Any], y: npt.NDArray[np.int8], W: list[int], b: int,
                rule: int) -> int:  # fmt: skip
    """A pass that keeps no score over rows float64 holds exactly (:func:`exact`), W (Python
    ints, the bias weight first when b ≠ 0) updated in place: its mistakes."""
    n, m = X.shape
    off = 1 if b else 0
    d = m + off
    if off and float(b) != b:  # a bias value float64 does not hold: Python integers
        return python_pass(X, y.tolist(), W, b, rule, None)
    signs = y.tolist()
    limit = _limits(rule)  # (for +1, for −1): y·s below it is a mistake
    bound_of = SLACK * d * U / (1 - d * U)  # γ_d, doubled
    rows = max(8, blas.CHUNK_BYTES // (8 * d))
    chunk = np.empty((min(n, rows), d))
    chunk[:, 0] = float(b)  # the bias column, if any
    start = max(8, blas.START // (d + 1))
    pending: list[int] = []  # the rows of the mistakes W does not have yet

    def catch_up() -> None:
        """W brought up to date: the pending rows added, exactly."""
        if pending:
            at = np.array(pending)
            moved = np.empty((len(at), d))
            moved[:, 0] = float(b)
            moved[:, off:] = X[at]
            moved *= y[at, None]
            for j, v in enumerate(exact_sum(moved)):
                W[j] += v
            pending.clear()

    def rounded() -> tuple[npt.NDArray[np.float64], float, float]:
        """(Wf, E, max|Wf|) from W up to date; OverflowError past :data:`TOP`."""
        if max(map(abs, W)) >= TOP:
            raise OverflowError
        Wf = np.array([float(v) for v in W])
        top = float(np.abs(Wf).max())
        return Wf, SLACK * U * top, top

    k, i, size, c0, c1 = 0, 0, start, 0, 0
    try:
        Wf, E, top = rounded()
        while i < n:
            if i >= c1:  # the next chunk of rows (b, X_i) in float64, and its largest entries
                c0, c1 = i, min(n, i + rows)
                part = chunk[: c1 - c0]
                np.copyto(part[:, off:], X[c0:c1])
                magnitudes = np.abs(part)
                entry, row = float(magnitudes.max()), float(magnitudes.sum(axis=1).max())
            if row * (top + entry) >= TOP:
                raise OverflowError
            B = row * (bound_of * top + SLACK * E)  # every score of this block is within B
            plus, minus = limit[0] + B, limit[1] + B  # y·s below: a mistake, or too close
            j = i + size if i + size < c1 else c1
            s = chunk[i - c0 : j - c0].dot(Wf)
            t, v_t = j, 0.0  # the first mistake or close call, and its y·s
            if size <= blas.SCAN:
                for r, v in enumerate(s.tolist(), i):
                    if (v < plus) if signs[r] > 0 else (-v < minus):
                        t, v_t = r, (v if signs[r] > 0 else -v)
                        break
            else:
                s *= y[i:j]
                wrong = s < np.where(y[i:j] > 0, plus, minus)
                first = int(wrong.argmax())
                t, v_t = (i + first, float(s[first])) if wrong[first] else (j, 0.0)
            if t == j:  # a clean block
                i, size = j, 2 * size
                continue
            if v_t >= limit[0 if signs[t] > 0 else 1] - B:  # too close to call: exactly
                catch_up()
                Wf, E, top = rounded()
                x = [int(v) for v in chunk[t - c0].tolist()]
                if not is_mistake(rule, sum(map(mul, W, x)), signs[t]):
                    i = t + 1
                    continue
            if signs[t] > 0:
                Wf += chunk[t - c0]
            else:
                Wf -= chunk[t - c0]
            top = (top + entry) * (1 + 4 * U)  # max|Wf| after the update, and its rounding
            E += U * top
            pending.append(t)
            k, i, size = k + 1, t + 1, start
    except OverflowError:  # float64 can no longer bound it: the rest of the pass exactly
        catch_up()
        k += python_pass(X[i:], signs[i:], W, b, rule, None)
    catch_up()
    return k
