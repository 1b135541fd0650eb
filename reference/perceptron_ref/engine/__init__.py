"""The fast exact engine: the literal reference's traces, bit for bit, at compiled speed.

``perceptron_ref.run(..., engine="fast")`` (or ``"auto"``, which picks it for runs of
enough work, :data:`perceptron_ref.runner.AUTO_WORK`) runs the notes' perceptrons here
instead of in the literal Fraction loops.  The result is the same :class:`Trace`: the
differential tests (``tests/test_engine*.py``) check it trace for trace.

How, in steps (each a module):

- :mod:`~perceptron_ref.engine.scaled`: rational data times one positive common scale D
  are integers, held in the narrowest exact integer type; no prediction changes.
- :mod:`~perceptron_ref.engine.passes` and :mod:`~perceptron_ref.engine.kernel`: a pass is
  a numpy or a compiled (numba) int64 loop when a bound proves no overflow, and a Python
  big-integer loop when not.
- :mod:`~perceptron_ref.engine.driver` and :mod:`~perceptron_ref.engine.cycles`: passes,
  convergence, cycles (Brent's test: memory independent of the passes), ``max_epochs``;
  :mod:`~perceptron_ref.engine.rational`: the trace, rebuilt exactly as Fractions.

Plus fast readers of files straight to scaled integers (:mod:`~perceptron_ref.engine.csv`,
:mod:`~perceptron_ref.engine.coq`, both on :mod:`~perceptron_ref.engine.tokens`) and
:mod:`~perceptron_ref.engine.stream` (one online pass over a CSV file larger than memory).
This package imports nothing heavy itself: numpy loads with the first engine run, numba
only when a run is long enough to repay its load.

>>> import numpy as np
>>> from perceptron_ref import run
>>> X = np.array([[-1, 2], [1, 0], [1, 1], [-1, 0], [-1, -2], [1, -1]])
>>> t = run("perceptron/gormley-online", X, [-1, 1, 1, -1, -1, 1], engine="fast")
>>> t == run("perceptron/gormley-online", X, [-1, 1, 1, -1, -1, 1])
True
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from perceptron_ref.algorithm import Algorithm, BatchAlgorithm
from perceptron_ref.registry import PERCEPTRONS
from perceptron_ref.trace import Record, Trace

SUPPORTED = PERCEPTRONS
"""The algorithms the engine runs: the notes' perceptrons, w ← w + η·y·x from w = 0."""

__all__ = ["SUPPORTED", "load", "run_checked"]


def run_checked(
    algo: Algorithm,
    X: Iterable[Iterable[object]] | Any,
    y: Iterable[object],
    *,
    bias: bool,
    eta: Fraction,
    epochs: int | str,
    max_epochs: int | None,
    record: Record,
    max_bits: int | None = None,
    kernel: str = "auto",
) -> Trace:
    """What :func:`perceptron_ref.run` calls once it has checked the options (``algo`` is
    one of :data:`SUPPORTED`); the trace is held to the size limit ``max_bits``."""
    from perceptron_ref.engine.driver import drive
    from perceptron_ref.engine.given import scaled

    assert algo.id in SUPPORTED, algo.id
    return drive(
        algo.id, algo.zero_score, isinstance(algo, BatchAlgorithm), scaled(X, y), bias=bias,
        eta=eta, epochs=epochs, max_epochs=max_epochs, record=record, max_bits=max_bits,
        kernel=kernel,  # type: ignore[arg-type]
    )  # fmt: skip


def load(types: tuple[str, ...] = ("uint8",)) -> None:
    """Load the compiled kernels now (numba and its cache, about a second), so that the
    runs that follow use them from their first pass: what a benchmark does before timing,
    and what a long run over a big file does while it reads the file.  ``types``: the
    integer types of the rows to load them for (uint8: pixels); the first load on a machine
    compiles them (seconds a type), the next read them from numba's cache.  Without numba
    (no fast extra) there is nothing to load: the runs make their passes in numpy."""
    from perceptron_ref import extras

    if not extras.has("numba"):
        return
    import numpy as np

    from perceptron_ref.engine import kernel

    for name in types:
        X, y = np.ones((1, 8), dtype=name), np.ones(1, dtype=np.int8)
        kinds = [(False, kernel.PLAIN), (True, kernel.NARROW)]
        if name == "uint8":
            kinds.append((True, kernel.WORDS))
        if kernel.by_pairs(X):
            kinds.append((False, kernel.PAIRS))
        for narrow, kind in kinds:
            W = np.zeros(8, dtype=np.int64)
            kernel.compiled_pass(X, y, W, 0, 0, False, kernel.NO_SCORES, kernel.NO_FLAGS, narrow,
                                 kind)  # fmt: skip
            state = np.zeros(3, dtype=np.int64)
            kernel.epochs(kind, X, y, W, 0, 0, 1, stop_clean=True, T=W.copy(), state=state)
    kernel.LOADED = True
