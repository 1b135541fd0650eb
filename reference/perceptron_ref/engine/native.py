"""The engine's C loops, where they were built at install: :mod:`perceptron_ref.engine._native`.

``setup.py`` builds them as an optional extension wherever a C compiler and Python's headers
are (the set-up installs the compiler).  They load in a millisecond, where numba takes about a
second, so a process's first pass runs in them: the float pass's loop
(:mod:`~perceptron_ref.engine.dyadic_compiled`), the integer pass
(:func:`~perceptron_ref.engine.passes.block_pass`'s, a row at a time), and the reading of
rows given as Python lists (:func:`~perceptron_ref.engine.scaled.number_matrix`).  Where
they were not built, the same traces come from numpy or numba.

>>> loops() is None or callable(loops().int_pass)
True
"""

from __future__ import annotations

import functools
import importlib
from types import ModuleType


@functools.cache
def loops() -> ModuleType | None:
    """The C loops' module, or None where it was not built."""
    try:  # (by name: the extension module, not the package that holds it)
        return importlib.import_module("perceptron_ref.engine._native")
    except ImportError:
        return None
