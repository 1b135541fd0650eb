"""The caller's data and run options, checked and converted exactly.

What every way of running an algorithm needs before it starts: the literal loops
(:mod:`perceptron_ref.literal`), the fast engine (:mod:`perceptron_ref.engine`), the
multiclass and tagging runs.  Numbers are converted as :mod:`perceptron_ref.numbers`
converts them (``"0.1"`` is 1/10, a float its exact binary value); every problem is an
:class:`~perceptron_ref.errors.InputError`.

>>> X, y = examples_from([(1, "1/2"), (0.5, "-2")], [1, -1.0])
>>> [[str(v) for v in x] for x in X], y
([['1', '1/2'], ['1/2', '-2']], (1, -1))
>>> check_options("2/4", "converge", 10)
(Fraction(1, 2), 'converge')
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Literal

from perceptron_ref.errors import InputError
from perceptron_ref.numbers import to_fraction, to_label
from perceptron_ref.vectors import Label, Vector

Epochs = int | Literal["converge"]
"""Passes of an online algorithm: a positive number, or ``"converge"`` (until one is clean)."""


def examples_from(
    X: Iterable[Iterable[object]], y: Iterable[object]
) -> tuple[tuple[Vector, ...], tuple[Label, ...]]:
    """Convert a caller's data exactly (see :mod:`perceptron_ref.numbers`) and check its shape."""
    rows = [tuple(to_fraction(v) for v in sequence(row, f"example {i}")) for i, row in
            enumerate(sequence(X, "X"))]  # fmt: skip
    labels: tuple[Label, ...] = tuple(1 if to_label(v) == 1 else -1 for v in sequence(y, "y"))
    if not rows:
        raise InputError("no examples")
    if len(rows) != len(labels):
        raise InputError(f"{len(rows)} examples but {len(labels)} labels")
    d = len(rows[0])
    if d == 0:
        raise InputError("examples have no features (d = 0)")
    for i, row in enumerate(rows):
        if len(row) != d:
            raise InputError(f"example {i} has {len(row)} features, example 0 has {d}")
    return tuple(rows), labels


def sequence(value: object, what: str) -> Iterable[object]:
    """``value`` if it is a sequence; a string is refused, or "12" would be the example (1, 2)."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise InputError(f"{what} must be a sequence, got {type(value).__name__} {value!r:.40}")
    if isinstance(value, memoryview) and value.ndim > 1:  # (whose iterator refuses to
        return value.tolist()  # give rows: NotImplementedError) its rows, the same numbers
    return value


def check_options(eta: object, epochs: object, max_epochs: object) -> tuple[Fraction, Epochs]:
    """Validate ``eta`` (a positive rational), ``epochs`` and ``max_epochs``."""
    step = to_fraction(eta)
    if step <= 0:
        raise InputError(f"eta must be positive, got {step}")
    if epochs != "converge" and (type(epochs) is not int or epochs < 1):
        raise InputError(f"epochs must be a positive integer or 'converge', got {epochs!r}")
    if max_epochs is not None and (type(max_epochs) is not int or max_epochs < 1):
        raise InputError(f"max_epochs must be a positive integer, got {max_epochs!r}")
    assert epochs == "converge" or isinstance(epochs, int)
    return step, epochs
