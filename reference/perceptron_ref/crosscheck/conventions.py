"""Convention detection: which of the notes' variants a candidate agrees with, and where
the others differ ("agrees with perceptron/blum; differs from perceptron/mehta when
w·x = 0 and y = +1").

The variants compared are the notes' six perceptrons that can run with the requested
options: the online ones for ``--epochs N``; all of them when the run goes to
convergence (an online algorithm with ``epochs="converge"`` *is* a batch algorithm with
its zero-score rule).  Each variant's zero-score rule is named with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from perceptron_ref import registry
from perceptron_ref.algorithm import BatchAlgorithm
from perceptron_ref.crosscheck.compare import DECIDE, first_divergence
from perceptron_ref.crosscheck.outcomes import Data, Outcome, Returned
from perceptron_ref.runner import Epochs, run
from perceptron_ref.trace import Trace
from perceptron_ref.vectors import Vector

VARIANTS = tuple(DECIDE)
"""The six perceptrons of the notes (``spec/algorithms/perceptron/``): the algorithms a
candidate is checked against and compared with (the other algorithms of the registry
return something else than one weight vector, or take other data)."""

MAX_EPOCHS = 1000
"""Cap on a variant's passes (the data are separable for the variant under test; another
variant may cycle, which the reference proves, or need more passes)."""


def converges(algorithm: str, epochs: Epochs) -> bool:
    """Does a run of ``algorithm`` with ``epochs`` go on until a clean pass?"""
    return isinstance(registry.get(algorithm), BatchAlgorithm) or epochs == "converge"


def variants(algorithm: str, epochs: Epochs) -> list[str]:
    """The notes' perceptrons comparable with ``algorithm`` run with ``epochs``."""
    if converges(algorithm, epochs):
        return sorted(VARIANTS)
    return sorted(a for a in VARIANTS if not isinstance(registry.get(a), BatchAlgorithm))


def reference(algorithm: str, data: Data, *, bias: bool, epochs: Epochs, converge: bool) -> Trace:
    """The reference run of ``algorithm`` on ``data`` (to convergence when ``converge``)."""
    X, y = data
    if isinstance(registry.get(algorithm), BatchAlgorithm):
        return run(algorithm, X, y, bias=bias, max_epochs=MAX_EPOCHS)
    if converge:
        return run(algorithm, X, y, bias=bias, epochs="converge", max_epochs=MAX_EPOCHS)
    return run(algorithm, X, y, bias=bias, epochs=epochs)


def agrees(outcome: Outcome, trace: Trace) -> bool:
    """Did the candidate return what the reference computes (every step, if it gave them)?"""
    if not isinstance(outcome, Returned) or trace.status in ("cycled", "max_epochs"):
        return False
    if outcome.trace is not None:
        return outcome.trace == tuple(s.weights for s in trace.steps)
    return outcome.weights == trace.weights


def rule(algorithm: str) -> str:
    return registry.get(algorithm).zero_score


@dataclass(frozen=True)
class Conventions:
    agrees_with: tuple[str, ...]
    differs: tuple[str, ...]  # one sentence per other variant

    def summary(self) -> str:
        agree = ", ".join(f"{a} ({rule(a)})" for a in self.agrees_with) or "no variant"
        return "; ".join([f"agrees with {agree}", *self.differs])


def detect(
    algorithm: str,
    datasets: Sequence[Data],
    outcomes: Sequence[Outcome],
    *,
    bias: bool,
    epochs: Epochs,
) -> Conventions:
    """Compare the candidate's outcomes with every comparable variant's runs."""
    converge = converges(algorithm, epochs)
    traces = {
        v: [reference(v, d, bias=bias, epochs=epochs, converge=converge) for d in datasets]
        for v in variants(algorithm, epochs)
    }
    agreeing = [v for v, ts in traces.items() if all(map(agrees, outcomes, ts))]
    differs = []
    for v, ts in traces.items():
        if v in agreeing:
            continue
        k = next(i for i, (o, t) in enumerate(zip(outcomes, ts, strict=True)) if not agrees(o, t))
        proxy = _steps(outcomes[k], [traces[a][k] for a in agreeing])
        where = f"(final weights on data set {k + 1})"
        if proxy is not None and (found := first_divergence(ts[k], proxy)) is not None:
            if found.score is not None:
                where = f"when w·x = {found.score} and y = {found.label:+d}"
            else:
                where = "in when it stops"
        differs.append(f"differs from {v} ({rule(v)}) {where}")
    return Conventions(tuple(agreeing), tuple(differs))


def _steps(outcome: Outcome, agreeing: list[Trace]) -> tuple[Vector, ...] | None:
    """The candidate's w after every step: returned, or that of a variant it agrees with."""
    if isinstance(outcome, Returned) and outcome.trace is not None:
        return outcome.trace
    if agreeing:
        return tuple(s.weights for s in agreeing[0].steps)
    return None
