"""The pass of :mod:`~perceptron_ref.engine.dyadic`, compiled (C or numba): float rows, W exact.

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

The kernel is written twice, line for line: in C (:mod:`perceptron_ref.engine._native`, an
optional extension built at install where a C compiler is), which loads in a millisecond
and so runs every float pass, a process's first included; and in numba
(:mod:`~perceptron_ref.engine.dyadic_numba`), which runs where the C one was not built and
the compiled kernels run (:mod:`~perceptron_ref.engine.driver`'s rent-or-buy rule: numba
takes about a second to load).  Either runs on float64 rows, for a pass that keeps no score;
the tests hold both to the big-integer pass.

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

import contextlib
import importlib
import math
import sys
from collections.abc import Iterator
from operator import mul
from typing import Any, Literal, Protocol

import numpy as np
import numpy.typing as npt

from perceptron_ref.engine import native
from perceptron_ref.engine.blas import limits
from perceptron_ref.engine.dyadic import DONE, OVERFLOW, Digits, held, rounded
from perceptron_ref.engine.passes import integers, python_pass
from perceptron_ref.engine.rules import is_mistake

Loops = Literal["c", "numba"]
"""Which compiled loops make the pass: C (:mod:`perceptron_ref.engine._native`, built at
install where a C compiler is; it loads in a millisecond), or numba
(:mod:`~perceptron_ref.engine.dyadic_numba`; about a second to load)."""

NUMBA = "perceptron_ref.engine.dyadic_numba"
"""numba's loops, by name: imported only where they run (numba takes about a second to load)."""


class _Loops(Protocol):
    """The two loops of one kind: ``rows`` (the pass from a row, until its end, a close call
    or a bound past ``TOP``) and ``fields`` (the exponent fields' two reductions)."""

    def rows(self, *args: Any) -> None: ...

    def fields(self, bits: npt.NDArray[np.uint64], /) -> tuple[int, int]: ...


def built() -> bool:
    """Whether the C loops were built at install (a C compiler was there): then every float
    pass is compiled, from a process's first."""
    return native.loops() is not None


def here() -> Loops | None:
    """The compiled loops that cost nothing more to use in this process: C if built, numba
    if this process has loaded it already; else None."""
    if built():
        return "c"
    return "numba" if NUMBA in sys.modules else None


def _loops(kind: Loops) -> _Loops:
    module: _Loops | None = native.loops() if kind == "c" else importlib.import_module(NUMBA)
    if module is None:
        raise ImportError("the C loops were not built at install")
    return module


@contextlib.contextmanager
def _announced(kind: Loops, key: str) -> Iterator[None]:
    """numba's first call of a loop may compile (:func:`~perceptron_ref.engine.kernel.announced`);
    C's never does."""
    if kind == "c":
        yield
        return
    from perceptron_ref.engine import kernel

    with kernel.announced(key):
        yield
    kernel.LOADED = True  # numba is loaded: the other kernels cost no more to load


def exponents(X: npt.NDArray[np.float64], kind: Loops) -> tuple[int, int] | None:
    """:func:`~perceptron_ref.engine.given.exponents`, compiled: one read of the bits, used
    where compiled loops cost nothing more (:func:`here`)."""
    with _announced(kind, "fields"):
        low, top = _loops(kind).fields(X.reshape(-1).view(np.uint64))
    if top == 0x7FF:
        return None
    return (0, 0) if low == 0x7FF else (low - 1075, top - 1022)


def compiled_dyadic_pass(X: npt.NDArray[np.float64], y: npt.NDArray[np.int8], W: list[int],
                         b: int, rule: int, unit: float = 1.0, bits: int | None = None,
                         kind: Loops | None = None) -> int:  # fmt: skip
    """:func:`~perceptron_ref.engine.dyadic.dyadic_pass`, compiled: a pass that keeps no
    score over float64 rows whose integers are X·``unit``, W (Python ints, the bias weight
    first when b ≠ 0) updated in place: its mistakes.  ``bits``: every |X_ij·unit| is below
    2^bits (:attr:`Scaled.bits`), if known (else read from X); ``kind``: the loops (C where
    built, else numba)."""
    kind = kind or ("c" if built() else "numba")
    # The C loop reads C-contiguous arrays (as the readers make them: nothing is copied then).
    X, y = np.ascontiguousarray(X), np.ascontiguousarray(y)
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
    k, i, rows = 0, 0, _loops(kind).rows
    while True:
        try:
            Wf, E, top_w = rounded(W)
        except OverflowError:
            status = OVERFLOW
        else:
            state[:] = E, top_w
            with _announced(kind, "dyadic"):
                rows(X, y, Wf, levels, float(b), plus, minus, unit, row, digits.base, i,
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
