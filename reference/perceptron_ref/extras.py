"""The optional parts of perceptron-ref, and what each needs.

``pip install perceptron-ref`` is the reference: the literal loops, :func:`~perceptron_ref.run`,
the trace and its JSON, the commands ``run``, ``vectors`` and ``demo``, and the Hypothesis
strategies of :mod:`perceptron_ref.testing` need nothing beyond the standard library and
Hypothesis.  The rest comes with an extra, named by its use (``pip install
'perceptron-ref[grading]'``); :data:`EXTRAS` lists the modules each one brings, and a test keeps
it in step with ``pyproject.toml``.

Whether a module is there is asked of the import system (:func:`importlib.util.find_spec`),
which finds it without running it: asking costs no import.  A command whose extra is missing
ends with one line (:class:`MissingExtra`), never a traceback; the engine, without its extra,
runs the same trace in numpy or in the literal loops and says so once (:func:`note`).

>>> str(MissingExtra("proofs"))
"needs the proofs extra: pip install 'perceptron-ref[proofs]'"
>>> str(MissingExtra("crosscheck", what="--candidate sklearn"))
"--candidate sklearn needs the crosscheck extra: pip install 'perceptron-ref[crosscheck]'"
"""

from __future__ import annotations

import importlib.util
import sys

from perceptron_ref.errors import InputError

__all__ = ["EXTRAS", "MissingExtra", "has", "hint", "missing", "note", "require"]

_GRADING = (
    "numpy", "nbformat", "packaging", "pyseccomp", "py_landlock",
    # assignment files are TOML: the standard library reads them from Python 3.11 on
    *(("tomli",) if sys.version_info < (3, 11) else ()),
)  # fmt: skip
EXTRAS: dict[str, tuple[str, ...]] = {
    "fast": ("numpy", "numba"),
    "proofs": ("sympy", "z3"),
    "plot": ("matplotlib",),
    "grading": _GRADING,
    "crosscheck": (*_GRADING, "sklearn", "river"),
}
"""Each extra and the top-level modules it brings (``crosscheck`` includes ``grading``: its
candidates are judged by the same harness).  ``all`` is every one of them."""


class MissingExtra(InputError):
    """A feature whose extra is not installed; ``str()`` is the line the CLI prints after
    the command's name."""

    def __init__(self, extra: str, *, what: str | None = None) -> None:
        assert extra in EXTRAS, extra
        self.extra = extra
        needs = f"{what} needs" if what else "needs"
        super().__init__(f"{needs} the {extra} extra: {hint(extra)}")


def hint(extra: str) -> str:
    """How to install ``extra``."""
    return f"pip install 'perceptron-ref[{extra}]'"


def has(module: str) -> bool:
    """Whether the top-level ``module`` can be imported here (found, not imported)."""
    if module in sys.modules:
        return sys.modules[module] is not None
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a broken or half-removed installation
        return False


def missing(extra: str) -> list[str]:
    """The modules of ``extra`` that are not installed (none: the extra is there)."""
    return [module for module in EXTRAS[extra] if not has(module)]


def require(extra: str, *, what: str | None = None) -> None:
    """Raise :class:`MissingExtra` unless every module of ``extra`` is installed."""
    if missing(extra):
        raise MissingExtra(extra, what=what)


def extra_of(module: str) -> str | None:
    """The first extra (in :data:`EXTRAS`' order) that brings the top-level ``module``: what a
    command needs when that module is missing after all."""
    top = module.partition(".")[0]
    return next((extra for extra, modules in EXTRAS.items() if top in modules), None)


_NOTED: set[str] = set()


def note(key: str, line: str) -> None:
    """Print ``line`` on stderr, once a process for each ``key``: the engine's fallbacks."""
    if key not in _NOTED:
        _NOTED.add(key)
        print(f"perceptron-ref: {line}", file=sys.stderr, flush=True)
