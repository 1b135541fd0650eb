"""What every algorithm module declares: its ID, its kind, its zero-score rule, its learner.

An *online* learner is a generator over a stream of :class:`~perceptron_ref.trace.Example`
(the data, cycled as many passes as the caller asks); a *batch* learner receives the
whole data set and runs its own outer loop.  Both yield one
:class:`~perceptron_ref.trace.Step` per example seen, so the caller can stop either at
an epoch boundary (``max_epochs``, a proven cycle) without the learner knowing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, Protocol

from perceptron_ref.trace import Example, Step
from perceptron_ref.vectors import Label, Vector, zeros

Kind = Literal["online", "batch"]

ZeroRule = Literal["tie-positive", "tie-negative", "tie-mistake"]
"""What a zero score s = ⟨w, x⟩ means (see README, "The three rules for a zero score"):
``tie-positive``: predict +1 (update only if y = −1); ``tie-negative``: predict −1
(update only if y = +1); ``tie-mistake``: always a mistake (update iff y·s ≤ 0)."""

DataSet = Sequence[tuple[Vector, Label]]


class OnlineLearner(Protocol):
    def __call__(self, examples: Iterable[Example], *, d: int, eta: Fraction) -> Iterator[Step]: ...


class BatchLearner(Protocol):
    def __call__(self, D: DataSet, *, eta: Fraction) -> Iterator[Step]: ...


@dataclass(frozen=True)
class OnlineAlgorithm:
    id: str
    note: str
    zero_score: ZeroRule
    learn: OnlineLearner
    kind: Kind = "online"
    start: Callable[[int], Vector] = zeros
    """w before the first example, given d: 0 for the perceptrons, (1, …, 1) for Winnow."""
    dual: bool = False
    """True when a step's ``weights`` are dual coefficients α (the kernel perceptron): they
    never repeat, so a run to convergence cannot detect a cycle and needs max_epochs."""


@dataclass(frozen=True)
class BatchAlgorithm:
    id: str
    note: str
    zero_score: ZeroRule
    learn: BatchLearner
    kind: Kind = "batch"


Algorithm = OnlineAlgorithm | BatchAlgorithm
