"""One pass scored in float64 within a proven bound, W exact: rows that no machine integer holds.

Data given as floats are dyadic rationals, x = odd·2^e: scaled by one power of two they are
integers (:func:`~perceptron_ref.engine.given.from_float_array`), of 60 to 100 bits for
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
  date: the mistakes' rows since, summed exactly in float64 as digits (:class:`Digits`),
  a chunk's while the chunk is in the cache.  W is brought up to date at the pass's end too.

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
import math
from operator import mul
from typing import Any

import numpy as np
import numpy.typing as npt

from perceptron_ref.engine import blas
from perceptron_ref.engine.blas import limits
from perceptron_ref.engine.passes import integers, python_pass
from perceptron_ref.engine.rules import is_mistake

U = 2.0**-53
"""float64's unit roundoff."""

SLACK = 2.0
"""Every bound doubled: what rounding its own computation loses is far less than that."""

TOP = 2.0**1000
"""Past this, a row sum times max|Wf| could overflow float64: the pass goes on in Python."""

DONE, CLOSE, OVERFLOW = 0, 1, 2
"""How a compiled loop of the pass stopped (:mod:`~perceptron_ref.engine.dyadic_compiled`):
at the pass's end, at a row too close to call, or where a bound could overflow float64."""


def exact(X: npt.NDArray[Any]) -> bool:
    """Whether float64 holds every entry of X exactly: integers in float64, or a machine
    integer type of at most 32 bits."""
    return X.dtype.kind == "f" or (X.dtype.kind in "iu" and X.dtype.itemsize <= 4)


class Digits:
    """Sums of integer-valued float64 rows, exact, kept in float64 until asked for.

    Each entry is split into base-2^p digits, exactly (a division by a power of two, a
    truncation, a product and a difference, each exact on integers of at most 53 bits), and
    each level's digits are summed, column by column, in float64: exact, in any order, for up
    to ``count`` rows, when count·2^p ≤ 2^53.  :meth:`take` gives the ``width`` sums as
    Python ints.

    >>> digits = Digits(2, 2)
    >>> digits.add(np.array([[2.0**80 + 2.0**28, 1.0], [-(2.0**28), 2.0**60]]))
    >>> digits.take()
    [1208925819614629174706176, 1152921504606846977]
    """

    def __init__(self, count: int, width: int) -> None:
        self.p, self.width = 53 - max(count, 1).bit_length(), width
        self.base = 2.0**self.p
        self.levels: list[npt.NDArray[np.float64]] = []  # level l: the digits of 2^(p·l)

    def add(self, rows: npt.NDArray[np.float64]) -> None:
        rest = rows
        for level in itertools.count():
            if not rest.any():
                return
            high = np.trunc(rest / self.base)
            digits = (rest - high * self.base).sum(axis=0)  # the lowest p bits, signed
            if level < len(self.levels):
                self.levels[level] += digits
            else:
                self.levels.append(digits)
            rest = high

    def grid(self, bits: int) -> npt.NDArray[np.float64]:
        """The digits of sums of integers below 2^bits, as one array, a row a level (as many
        as such an integer has digits), that :meth:`take` reads: for a compiled loop to add
        to."""
        grid = np.zeros((max(1, -(-bits // self.p)), self.width))
        self.levels = list(grid)
        return grid

    def take(self) -> list[int]:
        """The sums so far, as Python ints (and the sums start again from 0)."""
        total = [0] * self.width
        for level, column in enumerate(self.levels):
            if column.any():
                for j, v in enumerate(column.tolist()):
                    if v:
                        total[j] += int(v) << (level * self.p)
                column[:] = 0.0
        return total


def held(b: int) -> bool:
    """Whether float64 holds the bias value b, below :data:`TOP` (else the pass is made in
    Python integers)."""
    return abs(b) < TOP and float(b) == b


def rounded(W: list[int]) -> tuple[npt.NDArray[np.float64], float, float]:
    """(Wf, E, max|Wf|): W rounded to float64, and how far that is from W; OverflowError
    past :data:`TOP`."""
    if max(map(abs, W)) >= TOP:
        raise OverflowError
    Wf = np.array([float(v) for v in W])
    top = float(np.abs(Wf).max())
    return Wf, SLACK * U * top, top


def dyadic_pass(X: npt.NDArray[Any], y: npt.NDArray[np.int8], W: list[int], b: int,
                rule: int, unit: float = 1.0, bits: int | None = None) -> int:  # fmt: skip
    """A pass that keeps no score over rows float64 holds exactly (:func:`exact`), whose
    integers are X·``unit`` (a power of two; floats as given, see
    :class:`~perceptron_ref.engine.scaled.Scaled`), W (Python ints, the bias weight first
    when b ≠ 0) updated in place: its mistakes.  ``bits``: every |X_ij·unit| is below
    2^bits (:attr:`Scaled.bits`), if known (else each chunk's largest entry is read)."""
    n, m = X.shape
    off = 1 if b else 0
    d = m + off
    if not held(b):
        return python_pass(X, y.tolist(), W, b, rule, None, unit)
    signs = y.tolist()
    limit = limits(rule)  # (for +1, for −1): y·s below it is a mistake
    bound_of = SLACK * d * U / (1 - d * U)  # γ_d, doubled
    rows = max(8, blas.CHUNK_BYTES // (8 * d))
    chunk = np.empty((min(n, rows), d))
    chunk[:, 0] = float(b)  # the bias column, if any
    start = max(8, blas.START // (d + 1))
    # The largest entry of every chunk, bias value included, if the reader knew it: measured,
    # reading each chunk's was a fifth of a pass over normal floats.
    known = max(math.ldexp(1.0, min(bits, 1023)), float(b)) if bits is not None else 0.0
    pending: list[int] = []  # this chunk's mistakes since W was last brought up to date
    moved = Digits(n, d)  # and the earlier chunks' ones, summed

    def flush() -> None:
        """This chunk's pending rows, times their labels, into ``moved`` (read from the
        chunk while it is in the cache)."""
        if pending:
            at = np.array(pending)
            moved.add(chunk[at - c0] * y[at, None])
            pending.clear()

    def catch_up() -> None:
        """W brought up to date: the pending rows added, exactly."""
        flush()
        W[:] = map(sum, zip(W, moved.take(), strict=True))

    k, i, size, c0, c1 = 0, 0, start, 0, 0
    try:
        Wf, E, top = rounded(W)
        while i < n:
            if i >= c1:  # the next chunk of rows (b, X_i) in float64, and its largest entries
                flush()
                c0, c1 = i, min(n, i + rows)
                part = chunk[: c1 - c0]
                np.multiply(X[c0:c1], unit, out=part[:, off:])  # exact: a power of two
                entry = known if known else max(float(part.max()), -float(part.min()))
                row = d * entry  # (a bound on the rows' ‖x‖₁ no sum over the chunk needs)
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
                Wf, E, top = rounded(W)
                x = integers(chunk[t - c0])
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
        k += python_pass(X[i:], signs[i:], W, b, rule, None, unit)
    catch_up()
    return k
