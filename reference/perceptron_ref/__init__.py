"""perceptron-ref: the verified reference implementation of the perceptron family.

Every algorithm of the lecture notes, line by line, in exact rational arithmetic.

>>> from perceptron_ref import run
>>> trace = run("perceptron/mehta", [(-1, 2), (1, 0), (1, 1)], [-1, 1, 1])
>>> trace.mistakes, [str(v) for v in trace.weights]
(2, ['2', '-1'])
"""

from perceptron_ref.errors import InputError
from perceptron_ref.runner import run
from perceptron_ref.trace import Record, Status, Step, Trace
from perceptron_ref.vectors import Label, Vector

__version__ = "0.1.0"
"""The version: the one place it is written (pyproject.toml reads it from here)."""

__all__ = ["InputError", "Label", "Record", "Status", "Step", "Trace", "Vector", "run"]
