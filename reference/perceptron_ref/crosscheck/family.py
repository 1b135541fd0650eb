"""Families: the algorithms ``crosscheck`` judges, grouped by what their candidates return.

A family is one algorithm of the registry, or a few that share their answer and their
variants, with one module per stage of the harness:

================  =============================================================================
stage             what the family's module says (``<stage>/families/<family>.py``)
================  =============================================================================
``candidates``    what the candidate returns and how it is read (:class:`~perceptron_ref.
                  crosscheck.candidates.families.Reader`): the averaged w, the voted list of
                  (v, c), α, the class rows, Winnow's w, the surviving hypotheses, or a fitted
                  object's predictions at probe points
``data``          the regimes that reach the family's differences, and the probe points
``judge``         the exact answers of the reference and of each variant real code runs,
                  how two answers compare, and the learning rates that are theorems
``explain``       a diagnosis code for each known difference, with its evidence
``grading``       the scored tests (``perceptron_ref.grading.families``)
================  =============================================================================

``core`` is the notes' six perceptrons, judged by the modules the stages had first
(:class:`~perceptron_ref.crosscheck.judge.trial.Trial`); every other family by
:class:`~perceptron_ref.crosscheck.judge.family_trial.FamilyTrial` with its own modules.
Adding a family is one module per stage and one line in :data:`FAMILIES`.

>>> of("perceptron/averaged").name, of("winnow/k-of-r").name, of("perceptron/press").name
('averaged', 'winnow', 'core')
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from perceptron_ref import registry
from perceptron_ref.crosscheck.family_options import MAX_EPOCHS as MAX_EPOCHS
from perceptron_ref.crosscheck.family_options import SETTINGS as SETTINGS
from perceptron_ref.crosscheck.family_options import Options as Options
from perceptron_ref.crosscheck.family_options import options as options

if TYPE_CHECKING:
    from perceptron_ref.crosscheck.candidates.families import Reader
    from perceptron_ref.crosscheck.data.families import Regimes
    from perceptron_ref.crosscheck.explain.families import Explain
    from perceptron_ref.crosscheck.judge.families import Judge


@dataclass(frozen=True)
class Family:
    """A family's name (its modules' name in every stage) and its algorithms."""

    name: str
    algorithms: tuple[str, ...]
    weights: bool = False
    """Is its answer a weight vector (or the class rows)?  Then a fitted object without
    ``predict`` has it read from its attributes as the core's are (``--weights-attr``)."""
    not_weights: tuple[str, ...] = ()
    """Names of the core's table that are something else in this family (Winnow's θ is its
    threshold, a number beside w)."""
    prefer: tuple[str, ...] = ()
    """Words that name its answer among a fitted object's attributes, read before the core's
    table: an averaged perceptron keeps its last w beside the average (``w``, ``avg_w``)."""
    own_bias: bool = False
    """Does its code learn a bias as a perceptron's does ((w, b), ``self.b``)?  Checked
    without one, an answer unreadable so is asked again with one (check.py), and a fitted
    object's bias ≠ 0 in the table's names shows it learns one.  Not Winnow's (w, θ)."""

    def _module(self, stage: str) -> Any:
        return importlib.import_module(f"perceptron_ref.crosscheck.{stage}.families.{self.name}")

    @property
    def reader(self) -> Reader:
        found: Reader = self._module("candidates").READER
        return found

    @property
    def regimes(self) -> Regimes:
        found: Regimes = self._module("data").REGIMES
        return found

    @property
    def judge(self) -> Judge[Any]:
        found: Judge[Any] = self._module("judge").JUDGE
        return found

    @property
    def explain(self) -> Explain:
        found: Explain = self._module("explain").EXPLAIN
        return found


FAMILIES: dict[str, Family] = {
    f.name: f
    for f in (
        Family("core", registry.PERCEPTRONS),
        Family(
            "averaged",
            ("perceptron/averaged",),
            weights=True,
            prefer=("avg", "average", "averaged", "averages", "mean", "bar"),
            own_bias=True,
        ),
        Family("voted", ("perceptron/voted",), own_bias=True),
        Family("kernel", ("perceptron/kernel",)),
        Family("multiclass", ("perceptron/structured",), weights=True, own_bias=True),
        Family(
            "winnow",
            ("winnow/disjunction", "winnow/k-of-r", "winnow/ltf"),
            weights=True,
            not_weights=("theta", "th"),
        ),
        Family("halving", ("halving/cover",)),
    )
}


def of(algorithm: str) -> Family:
    """The family of an algorithm ID (an InputError for an unknown one)."""
    registry.get(algorithm)  # the registry's error, listing the known IDs
    return next(f for f in FAMILIES.values() if algorithm in f.algorithms)
