"""``perceptron/averaged``: the averaged perceptron (Gormley, slide 21; Freund & Schapire 1999).

Mirrors ``spec/algorithms/perceptron/averaged.md``.  Training is the online perceptron of
Gormley's Algorithm 1 (slide 31): a zero score is a mistake ("tie-mistake"), and the trace's
steps are exactly that algorithm's.  Besides w the learner keeps the *running sum* of the
weight vectors (slide 21: "running averages are efficient"), so it never stores them.

Which vectors are averaged is a convention, and implementations differ (``average``):

- ``"after"`` (default, the notes'): w₁ … w_N, the weights after each of the N examples.
  This is Freund & Schapire's Σ cᵢvᵢ / Σ cᵢ (a new vector starts at c = 1, so each
  example counts once for the vector in force after it), and scikit-learn's
  ``SGDClassifier(average=True)``.
- ``"before"``: w₀ … w_{N−1}, the weights each example was predicted with (nltk's
  ``AveragedPerceptron``, which accumulates before each update).
- ``"all"``: w₀ … w_N, both ends (the N + 1 vectors of the run).

The model predicts sign(w̄ · x) with sign(0) = +1 (Gormley slide 18).

Gormley's worked example (slide 15): w₁ … w₆ are (1,−2), (1,−2), (2,−1), (2,−1), (3,1), (3,1)
(mistakes at examples 1, 3 and 5), so the averages after and before each example are:

>>> from perceptron_ref import run
>>> from perceptron_ref.vectors import show
>>> X = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
>>> trace = run("perceptron/averaged", X, [-1, 1, 1, -1, -1, 1])
>>> show(trace.weights), show(trace.model.mean)
('(3, 1)', '(2, -2/3)')
>>> show(run("perceptron/averaged", X, [-1, 1, 1, -1, -1, 1], average="before").model.mean)
'(3/2, -5/6)'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from typing import Any, Literal

from perceptron_ref.algorithm import OnlineAlgorithm
from perceptron_ref.errors import InputError
from perceptron_ref.trace import Example, Step
from perceptron_ref.vectors import Label, Vector, add, dot, scale, show, zeros

Average = Literal["after", "before", "all"]
AVERAGES: tuple[Average, ...] = ("after", "before", "all")


@dataclass(frozen=True)
class Averaged:
    """The running sum w̄ of the weight vectors averaged so far, and how many it holds."""

    total: Vector
    count: int
    average: Average

    @property
    def mean(self) -> Vector:
        """w̄ / n, the average itself (the zero vector while no vector was summed)."""
        return scale(Fraction(1, self.count), self.total) if self.count else self.total

    def predict(self, x: Vector) -> Label:
        """sign(w̄ · x), with sign(0) = +1; dividing by n > 0 changes no sign."""
        return 1 if dot(self.total, x) >= 0 else -1

    def to_json(self) -> dict[str, Any]:
        return {
            "average": self.average,
            "averaged": self.count,
            "mean": [str(a) for a in self.mean],
        }

    def to_text(self) -> str:
        return f"average ({self.average}, {self.count} vectors) = {show(self.mean)}"


def learn(
    examples: Iterable[Example], *, d: int, eta: Fraction, average: Average = "after"
) -> Iterator[Step]:
    """The online perceptron, summing its weight vectors as ``average`` says."""
    w, w_bar, n = zeros(d), zeros(d), 0  # [averaged.1]
    if average == "all":  # w₀ belongs to the average too
        w_bar, n = add(w_bar, w), n + 1
    for epoch, i, x, y in examples:  # [averaged.2]
        if average == "before":  # sum the vector this example is predicted with
            w_bar, n = add(w_bar, w), n + 1
        s = dot(w, x)
        mistake = y * s <= 0
        if mistake:  # [averaged.3]
            w = add(w, scale(eta * y, x))  # [averaged.4]
        if average != "before":
            w_bar, n = add(w_bar, w), n + 1  # [averaged.5]
        prediction: Label = -y if s == 0 else (1 if s > 0 else -1)
        yield Step(epoch, i, s, prediction, y, mistake, w, model=Averaged(w_bar, n, average))
    return  # [averaged.6]


ALGORITHM = OnlineAlgorithm(
    id="perceptron/averaged",
    note="002_64cd820e12606d14.txt (Gormley, slide 21; Freund & Schapire 1999)",
    zero_score="tie-mistake",
    learn=learn,
)


def configure(*, average: object = "after", **others: object) -> OnlineAlgorithm:
    """The averaged perceptron with the given ``average`` convention."""
    if others:
        raise InputError(f"perceptron/averaged takes no option {', '.join(sorted(others))}")
    for name in AVERAGES:
        if average == name:
            return replace(ALGORITHM, learn=partial(learn, average=name))
    raise InputError(f"average must be one of {', '.join(AVERAGES)}, got {average!r}")
