"""The fast exact engine: the literal reference's traces, bit for bit, at compiled speed.

``perceptron_ref.run(..., engine="fast")`` (or ``"auto"``, which picks it for data of
:data:`AUTO_SIZE` numbers or more) runs the notes' perceptrons here instead of in the
literal Fraction loops of ``perceptron/``.  The result is the same :class:`Trace`: the
differential tests (``tests/test_engine*.py``) check it trace for trace.

How, in three steps (each a module):

- :mod:`~perceptron_ref.engine.scaled`: rational data times one positive common scale D
  are integers, held in the narrowest exact integer type; no prediction changes.
- :mod:`~perceptron_ref.engine.kernel`: a pass is a compiled int64 loop (numba) when a
  bound proves no overflow, and a Python big-integer loop when not.
- :mod:`~perceptron_ref.engine.driver`: passes, convergence, cycles, ``max_epochs`` and
  the trace, rebuilt exactly as Fractions.

Plus :mod:`~perceptron_ref.engine.coq` (a fast reader of the Coq benchmark format) and
:mod:`~perceptron_ref.engine.stream` (single-pass online runs over a CSV file larger
than memory).

>>> import numpy as np
>>> from perceptron_ref import run
>>> X = np.array([[-1, 2], [1, 0], [1, 1], [-1, 0], [-1, -2], [1, -1]])
>>> t = run("perceptron/gormley-online", X, [-1, 1, 1, -1, -1, 1], engine="fast")
>>> t == run("perceptron/gormley-online", X, [-1, 1, 1, -1, -1, 1])
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sized
from fractions import Fraction
from typing import Any

import numpy as np

from perceptron_ref.engine.scaled import Scaled, from_integer_array, from_rows, labels_from
from perceptron_ref.errors import InputError
from perceptron_ref.inputs import examples_from
from perceptron_ref.registry import PERCEPTRONS
from perceptron_ref.trace import Record, Trace

# numba (seconds to import) loads with the driver, only when a run goes to the engine.

SUPPORTED = PERCEPTRONS
"""The algorithms the engine runs: the notes' perceptrons, w ← w + η·y·x from w = 0."""

ENGINES = ("literal", "fast", "auto")

AUTO_SIZE = 20_000
"""``engine="auto"`` runs the fast engine on data of at least this many numbers (n·d);
below it the literal loops take milliseconds and need no compiled code."""

AUTO_BYTES = 2**20
"""The CLI's ``--engine auto`` reads files of at least this size (a MiB) with the engine."""

__all__ = [
    "AUTO_BYTES",
    "AUTO_SIZE",
    "ENGINES",
    "SUPPORTED",
    "Scaled",
    "chosen",
    "run_checked",
    "scaled",
]


def _size(X: object) -> int | None:
    if isinstance(X, np.ndarray):
        return int(X.size)
    if isinstance(X, Scaled):
        return int(X.X.size)
    if isinstance(X, Sized) and len(X) > 0 and hasattr(X, "__getitem__"):
        first = X[0]
        return len(X) * len(first) if isinstance(first, Sized) else None
    return None  # an iterator: counting it would consume it


def chosen(algorithm: str, X: object, engine: str) -> bool:
    """Whether a run goes to the fast engine: ``fast`` always (InputError if it cannot),
    ``auto`` for a supported algorithm on data of :data:`AUTO_SIZE` numbers or more."""
    if engine not in ENGINES:
        raise InputError(f"engine must be 'literal', 'fast' or 'auto', got {engine!r}")
    if engine == "fast":
        from perceptron_ref.engine.driver import rule_of

        rule_of(algorithm)  # raises for an algorithm the engine does not run
        return True
    if engine == "literal" or algorithm not in SUPPORTED:
        return False
    size = _size(X)
    return size is not None and size >= AUTO_SIZE


def scaled(X: Iterable[Iterable[object]] | Any, y: Iterable[object]) -> Scaled:
    """The caller's data as integers: numpy integer matrices as they are, all else exactly
    as the literal reference converts it (same checks, same errors)."""
    if isinstance(X, Scaled):  # read by engine.coq, say; the labels are the y given
        return Scaled(X.X, labels_from(y, X.X.shape[0]), X.scale)
    if isinstance(X, np.ndarray) and X.dtype.kind in "iu":
        return from_integer_array(X, y)
    rows, labels = examples_from(X, y)
    return from_rows(rows, labels)


def run_checked(
    algorithm: str,
    X: Iterable[Iterable[object]] | Any,
    y: Iterable[object],
    *,
    bias: bool,
    eta: Fraction,
    epochs: int | str,
    max_epochs: int | None,
    record: Record,
) -> Trace:
    """What :func:`perceptron_ref.run` calls once it has checked the options."""
    from perceptron_ref.engine.driver import drive

    data = scaled(X, y)
    return drive(
        algorithm, data, bias=bias, eta=eta, epochs=epochs, max_epochs=max_epochs, record=record
    )
