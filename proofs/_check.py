"""The checker every proof module uses: a step is a claim over sympy symbols with stated
hypotheses, checked by sympy (an identity) or by z3 (an inequality, an implication, an
induction).

* Vectors (``_forms``): no coordinates; ⟨·,·⟩ is an uninterpreted symmetric bilinear form,
  expanded by bilinearity and symmetry into one unknown per pair of vector atoms; ``Norm(v)``
  is an unknown n with n ≥ 0 and n² = ⟨v, v⟩; ``Eq(v, expression)`` defines a vector.
* sympy (``_sympy``): ``Eq(lhs, rhs)`` holds when lhs − rhs, expanded, lies in the ideal of the
  scalar equations among the hypotheses (Gröbner basis reduction); clearing a denominator needs
  z3 to prove it non-zero from the hypotheses; symbolic sums are evaluated first.
* z3 (``_z3``): the conclusion holds when hypotheses ∧ ¬conclusion is unsatisfiable; a model
  is a counterexample.  A step may be checked with its integers relaxed to reals
  (``over_reals``): sound, and complete for nonlinear real arithmetic.
* An induction (``Induction``) checks P(start) and P(j) ⇒ P(j + 1) and concludes P(end).
* Every step also shows its hypotheses satisfiable (z3), so no step holds vacuously, and
  carries a broken twin that the checker must refute.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

import sympy

from ._forms import (
    Expr,
    Gram,
    Inner,
    Method,
    Norm,
    Vector,
    VectorSequence,
    Verdict,
    expand_inner,
    vector_sequence,
)
from ._sympy import sympy_verdict
from ._z3 import satisfiable, z3_verdict

__all__ = [
    "Gram",
    "Hypothesis",
    "Induction",
    "Inner",
    "Norm",
    "Step",
    "StepResult",
    "Theorem",
    "TheoremResult",
    "Twin",
    "Vector",
    "VectorSequence",
    "check_step",
    "check_theorem",
    "expand_inner",
    "satisfiable",
    "step",
    "sympy_verdict",
    "vector_sequence",
    "verdict",
    "without",
    "z3_verdict",
]


@dataclass(frozen=True)
class Induction:
    """P(start), and P(j) ⇒ P(j+1) for start ≤ j < end, hence P(end).

    The hypotheses that mention the index j are the per-mistake facts: they are read as
    holding for every j with start ≤ j < end; the others must give P(start) and start ≤ end.
    """

    index: Expr
    predicate: Callable[[Expr], Expr]
    start: Expr
    end: Expr
    offset: int = 0
    """The step case proves P(j + offset) ⇒ P(j + offset + 1) from the facts at j."""


@dataclass(frozen=True)
class Twin:
    """A step's broken twin: the same check on a wrong claim; it must be refuted."""

    change: str
    hypotheses: tuple[Expr, ...]
    conclusion: Expr
    induction: Induction | None = None


@dataclass(frozen=True)
class Step:
    id: str
    claim: str
    method: Method
    hypotheses: tuple[Expr, ...]
    conclusion: Expr
    source: str
    broken: Twin
    induction: Induction | None = None
    over_reals: bool = False
    """Checked with integers relaxed to reals (see _Z3): for nonlinear arithmetic steps."""

    def twin(self) -> Step:
        return Step(
            f"{self.id}~",
            self.broken.change,
            self.method,
            self.broken.hypotheses,
            self.broken.conclusion,
            self.source,
            self.broken,
            self.broken.induction or self.induction,
            self.over_reals,
        )


def verdict(step: Step) -> Verdict:
    """Check the step's conclusion from its hypotheses with its method."""
    if step.method == "sympy":
        return sympy_verdict(step.hypotheses, step.conclusion)
    if step.induction is None:
        return z3_verdict(step.hypotheses, step.conclusion, step.over_reals)
    ind = step.induction
    j, n = ind.index, ind.index + ind.offset
    outer = [h for h in step.hypotheses if j not in h.free_symbols]
    checks = [
        z3_verdict(outer, sympy.Le(ind.start, ind.end)),
        z3_verdict(outer, ind.predicate(ind.start)),
        z3_verdict(
            [*step.hypotheses, sympy.Le(ind.start, n), sympy.Lt(n, ind.end), ind.predicate(n)],
            ind.predicate(n + 1),
        ),
        # the step concludes exactly P(end)
        "proved" if ind.predicate(ind.end) == step.conclusion else "refuted",
    ]
    if all(c == "proved" for c in checks):
        return "proved"
    return "refuted" if "refuted" in checks else "unknown"


@dataclass(frozen=True)
class Hypothesis:
    id: str
    text: str
    formula: Expr


@dataclass(frozen=True)
class Theorem:
    id: str
    source: str
    hypotheses: tuple[Hypothesis, ...]
    statement: Expr
    steps: tuple[Step, ...]
    bound: Callable[..., Any] | None
    bound_args: tuple[Any, ...]


@dataclass(frozen=True)
class StepResult:
    id: str
    claim: str
    method: Method
    status: Literal["proved", "failed"]
    seconds: float
    verdict: Verdict
    satisfiable: bool


@dataclass(frozen=True)
class TheoremResult:
    id: str
    source: str
    steps: tuple[StepResult, ...]

    @property
    def proved(self) -> bool:
        return all(s.status == "proved" for s in self.steps)


def check_step(step: Step) -> StepResult:
    start = time.perf_counter()
    v = verdict(step)
    sat = satisfiable(step.hypotheses)
    seconds = time.perf_counter() - start
    status: Literal["proved", "failed"] = "proved" if v == "proved" and sat else "failed"
    return StepResult(step.id, step.claim, step.method, status, seconds, v, sat)


def check_theorem(theorem: Theorem) -> TheoremResult:
    return TheoremResult(theorem.id, theorem.source, tuple(check_step(s) for s in theorem.steps))


def step(
    id: str,
    claim: str,
    method: Method,
    hypotheses: Iterable[Expr],
    conclusion: Expr,
    source: str,
    *,
    broken: str,
    broken_hypotheses: Iterable[Expr] | None = None,
    broken_conclusion: Expr | None = None,
    induction: Induction | None = None,
    broken_induction: Induction | None = None,
    over_reals: bool = False,
) -> Step:
    """A Step with its twin: the twin keeps whatever it does not change."""
    hyps = tuple(hypotheses)
    twin = Twin(
        broken,
        hyps if broken_hypotheses is None else tuple(broken_hypotheses),
        conclusion if broken_conclusion is None else broken_conclusion,
        broken_induction,
    )
    return Step(id, claim, method, hyps, conclusion, source, twin, induction, over_reals)


def without(hypotheses: Iterable[Expr], *dropped: Expr) -> tuple[Expr, ...]:
    """The hypotheses less some: a twin with a hypothesis dropped."""
    return tuple(h for h in hypotheses if all(h != d for d in dropped))
