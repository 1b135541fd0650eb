"""Machine checks of every step of the notes' proofs (installed as ``perceptron_ref_proofs``).

One module per theorem (``novikoff/mehta`` → ``novikoff/mehta.py``), each defining ``THEOREM``:
its hypotheses, its statement and its steps, every step a claim that ``_check`` proves with
sympy (identities) or z3 (inequalities, implications, inductions).  The spec of each theorem
is ``spec/theorems/<ID>.md``.

Usage: ``all(r.proved for r in check_all())``; ``check_all(["novikoff/mehta"])`` checks one.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # sympy and z3 load only when a proof is checked (the CLI stays quick)
    from ._check import StepResult, Theorem, TheoremResult

__all__ = ["THEOREMS", "StepResult", "Theorem", "TheoremResult", "check_all", "theorem"]


def __getattr__(name: str) -> object:
    """The result types, from ``_check`` on first use (it loads sympy and z3)."""
    if name in ("StepResult", "Theorem", "TheoremResult"):
        from . import _check

        return getattr(_check, name)
    raise AttributeError(name)


THEOREMS: tuple[str, ...] = (
    "novikoff/mehta",
    "novikoff/gormley",
    "novikoff/press",
    "perceptron/blum-unit",
    "perceptron/blum-hinge",
    "perceptron/freund-schapire",
    "perceptron/blum-lower-bound",
    "halving/mehta-cover",
    "winnow/disjunction",
    "winnow/k-of-r",
    "ssbd/hinge-surrogate",
)
"""The theorem IDs (a contract), in the order of issue 3."""


def theorem(id: str) -> Theorem:
    """The theorem with this ID; KeyError for an unknown ID."""
    if id not in THEOREMS:
        raise KeyError(id)
    module = importlib.import_module("." + id.replace("/", ".").replace("-", "_"), __name__)
    found: Theorem = module.THEOREM
    assert found.id == id, f"{module.__name__} proves {found.id}, not {id}"
    return found


def check_all(ids: Iterable[str] | None = None) -> list[TheoremResult]:
    """Check every step of the theorems named (all of them by default), in THEOREMS order."""
    from ._check import check_theorem

    return [check_theorem(theorem(id)) for id in (THEOREMS if ids is None else ids)]
