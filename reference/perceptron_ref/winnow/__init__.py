"""Winnow (Blum, Lecture 4): multiplicative updates on boolean features.

Each module mirrors one spec file in ``spec/algorithms/winnow/``.  What they share lives
here: Winnow's data are 0/1 features, its weights start at 1, and it has no step size.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from perceptron_ref.data import DataSet
from perceptron_ref.errors import InputError
from perceptron_ref.vectors import Vector

ONE = Fraction(1)

IDS = ("winnow/disjunction", "winnow/k-of-r", "winnow/ltf")
"""The algorithms whose data must be 0/1 features."""


def ones(n: int) -> Vector:
    """Winnow's initial weights: w_i = 1 for all i."""
    return (ONE,) * n


def on_active(w: Vector, x: Vector, f: Callable[[Fraction], Fraction]) -> Vector:
    """w with f applied to the weights of the active features (x_i = 1), the others kept."""
    return tuple(f(w_i) if x_i == 1 else w_i for w_i, x_i in zip(w, x, strict=True))


def check_boolean(x: Vector, i: int) -> None:
    """Winnow's examples are points of {0, 1}ⁿ: anything else is bad input, not a new case."""
    for j, x_j in enumerate(x):
        if x_j not in (0, 1):
            raise InputError(f"example {i}: feature {j + 1} is {x_j}; Winnow takes 0/1 features")


def check_eta(eta: Fraction, algorithm: str) -> None:
    """Winnow's updates are multiplicative factors fixed by the note: there is no η to scale."""
    if eta != 1:
        raise InputError(f"{algorithm} takes no eta (its updates are multiplicative)")


def check_data(data: DataSet) -> None:
    """A data file for Winnow: every feature 0 or 1, else the file and line of the first one."""
    for x, line in zip(data.X, data.lines, strict=True):
        for j, x_j in enumerate(x):
            if x_j not in (0, 1):
                shown = str(x_j) if len(str(x_j)) <= 40 else str(x_j)[:37] + "..."  # one line
                raise InputError(
                    f"feature {j + 1} is {shown}; Winnow takes 0/1 features",
                    source=data.source,
                    line=line,
                )
