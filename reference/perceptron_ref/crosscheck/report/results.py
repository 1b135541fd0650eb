"""What a crosscheck returns: the report, its counterexample and its coverage.

``Report`` keeps the fields it always had (``algorithm``, ``candidate``, ``verdict``,
``reason``, ``examples``, ``agrees_with``, ``counterexample``) and has ``diagnosis`` (the
causes, :class:`~perceptron_ref.crosscheck.explain.diagnosis.Diagnosis`), ``equivalence`` (the
learning rate c when it agrees up to one), ``coverage``, ``regimes``, ``failed``,
``dimension``, and ``shapes`` and ``kinds`` (how its answers came).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from perceptron_ref.crosscheck.candidates.outcomes import Data, Outcome
from perceptron_ref.crosscheck.explain.diagnosis import Diagnosis
from perceptron_ref.crosscheck.judge.compare import Divergence
from perceptron_ref.trace import Trace


@dataclass(frozen=True)
class Counterexample:
    """A minimal failing data set, the reference's run on it (η as told), the candidate's
    answer, the first divergent step, and where that answer was seen when it matters."""

    data: Data
    expected: Trace
    got: Outcome
    divergence: Divergence | None
    note: str = ""  # e.g. "in the process that had answered earlier calls"
    shown: Shown | None = None  # a family's answers (its expected trace is the reference's run)


@dataclass(frozen=True)
class Shown:
    """A family's counterexample answers, as JSON and as text: what was compared, the
    reference's and the candidate's (and the probe points, for predictions)."""

    what: str
    expected: Any
    got: Any
    expected_text: str
    got_text: str
    probes: tuple[tuple[str, ...], ...] | None = None
    symbol: str = "w"  # its name in the text: w̄, α, W, …
    # the told arguments that are rows (Halving's hypotheses), exact, by the name told: a
    # student's snippet of the counterexample must define them to run
    told: tuple[tuple[str, tuple[tuple[str, ...], ...]], ...] = ()


@dataclass(frozen=True)
class Aspect:
    """A graded part of a family's answer: ``ok`` None when the answers do not show it."""

    name: str
    ok: bool | None
    evidence: str


@dataclass(frozen=True)
class Coverage:
    """What the data sets tried covered (the JSON contract's seven keys)."""

    data_sets: int = 0
    max_examples: int = 0
    max_dimension: int = 0
    max_abs_coordinate: Fraction = Fraction(0)
    zero_scores: int = 0
    near_zero_scores: int = 0  # 0 < |w·x| ≤ 2⁻¹⁰ (oracle.NEAR_ZERO)
    max_epochs: int = 0


@dataclass(frozen=True)
class Report:
    algorithm: str
    candidate: str
    verdict: str  # "agree" | "disagree"
    reason: str
    examples: int
    agrees_with: tuple[str, ...]
    counterexample: Counterexample | None
    diagnosis: tuple[Diagnosis, ...] = ()
    equivalence: Fraction | None = None  # the learning rate c when it agrees up to one
    coverage: Coverage = Coverage()
    regimes: tuple[tuple[str, int], ...] = ()  # data sets tried per regime
    # per regime drawn, the data sets it did not get right: wrong, or not run (a hang, the budget)
    failed: tuple[tuple[str, int], ...] = ()
    dimension: int | None = None  # --dimension D: checked at d = D only
    # how its answers came, over every data set answered: shapes in words ("(w, b)",
    # "shape (1, d)"; none for a flat vector) and number kinds ("numpy.float32", ...)
    shapes: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    # how the candidate was called: the call, the parameters filled, the layout found,
    # where its weights were read from, what of its file was left out
    calling: tuple[str, ...] = ()
    # a family's (crosscheck/family.py): its graded parts, and what was compared, in words
    aspects: tuple[Aspect, ...] = ()
    compared: str = ""
