"""Convention detection: which of the notes' variants a candidate agrees with, and where
the others differ ("agrees with perceptron/blum; differs from perceptron/mehta when
w·x = 0 and y = +1").

The variants compared are the notes' six perceptrons that can run with the requested
options: the online ones for ``--epochs N``; all of them when the run goes to
convergence (an online algorithm with ``epochs="converge"`` *is* a batch algorithm with
its zero-score rule).  Variants with the same zero-score rule make the same runs, so each
rule is compared once, data set by data set, until the first difference.  Each variant's
zero-score rule is named with it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from perceptron_ref import registry
from perceptron_ref.algorithm import BatchAlgorithm
from perceptron_ref.crosscheck.judge.compare import DECIDE, first_divergence
from perceptron_ref.crosscheck.judge.oracle import converges
from perceptron_ref.runner import Epochs
from perceptron_ref.trace import Trace
from perceptron_ref.vectors import Vector

VARIANTS = tuple(DECIDE)
"""The six perceptrons of the notes (``spec/algorithms/perceptron/``): the algorithms a
candidate is checked against and compared with (the other algorithms of the registry
return something else than one weight vector, or take other data)."""


def variants(algorithm: str, epochs: Epochs) -> list[str]:
    """The notes' perceptrons comparable with ``algorithm`` run with ``epochs``."""
    if converges(algorithm, epochs):
        return sorted(VARIANTS)
    return sorted(a for a in VARIANTS if not isinstance(registry.get(a), BatchAlgorithm))


def rule(algorithm: str) -> str:
    return registry.get(algorithm).zero_score


@dataclass(frozen=True)
class Conventions:
    agrees_with: tuple[str, ...]
    differs: tuple[str, ...]  # one sentence per other variant
    rates: Mapping[str, Fraction] = field(default_factory=dict)
    """The learning rate at which a variant in ``agrees_with`` was matched, where it is not
    the rate the candidate was read at (a candidate right, up to its own rate, for a variant
    it was not checked against)."""

    def summary(self) -> str:
        agree = ", ".join(self._named(a) for a in self.agrees_with) or "no variant"
        return "; ".join([f"agrees with {agree}", *self.differs])

    def _named(self, a: str) -> str:
        rate = self.rates.get(a)
        at = f" at its learning rate {rate} by perceptron/step-invariance" if rate else ""
        return f"{a} ({rule(a)}){at}"


def detect(
    algorithm: str,
    count: int,
    *,
    epochs: Epochs,
    match: Callable[[int, str], bool],
    trace: Callable[[int, str], Trace],
    steps: Callable[[int], Sequence[Vector] | None],
    rate: Callable[[str], Fraction | None] = lambda v: None,
) -> Conventions:
    """Compare the candidate's answers on ``count`` data sets with each comparable variant.

    ``match(i, v)``: does its answer on data set i match variant v's run?  ``trace(i, v)``:
    that run; ``steps(i)``: the candidate's w after every step on data set i (returned, or
    None when it gave only its final w); ``rate(v)``: the learning rate ``match`` read v's
    answers at, when it is not the candidate's reading's (asked after ``match``)."""
    first: dict[str, int | None] = {}
    for v in variants(algorithm, epochs):
        r = rule(v)
        if r not in first:
            first[r] = next((i for i in range(count) if not match(i, v)), None)
    agreeing = [v for v in variants(algorithm, epochs) if first[rule(v)] is None]
    differs = []
    for v in variants(algorithm, epochs):
        k = first[rule(v)]
        if k is None:
            continue
        proxy = steps(k)
        if proxy is None and agreeing:
            proxy = tuple(s.weights for s in trace(k, agreeing[0]).steps)
        where = f"(final weights on data set {k + 1})"
        if proxy is not None and (found := first_divergence(trace(k, v), tuple(proxy))):
            # no step of v's run to name: its trace went on after v's last step
            where = "in when it stops: its trace goes on after that run's last step"
            if found.label is not None:
                where = f"when w·x = {found.score} and y = {found.label:+d}"
        differs.append(f"differs from {v} ({rule(v)}) {where}")
    # Variants with one zero-score rule make one run: the rate found for the rule's first
    # variant is every such variant's.
    checked = {rule(v): v for v in reversed(variants(algorithm, epochs))}
    rates = {v: c for v in agreeing if (c := rate(checked[rule(v)])) is not None}
    return Conventions(tuple(agreeing), tuple(differs), rates)
