"""``perceptron/gormley-online``: Gormley, Algorithm 1 (Online), slide 31.

Mirrors ``spec/algorithms/perceptron/gormley-online.md``.  Zero score: the update test is
y·(θ·x) ≤ 0, so a zero score is a mistake whatever the label ("tie-mistake").  The
algorithm makes no prediction of its own; the trace reports sign(θ·x) and, at a zero
score, −y, so that ``mistake == (prediction != label)`` holds on every step.

Gormley's worked example (slide 15):

>>> from perceptron_ref import run
>>> from perceptron_ref.vectors import show
>>> X = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
>>> trace = run("perceptron/gormley-online", X, [-1, 1, 1, -1, -1, 1])
>>> [show(s.weights) for s in trace.steps if s.mistake], show(trace.weights)
(['(1, -2)', '(2, -1)', '(3, 1)'], '(3, 1)')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction

from perceptron_ref.algorithm import OnlineAlgorithm
from perceptron_ref.trace import Example, Step
from perceptron_ref.vectors import Label, add, dot, scale, zeros


def learn(examples: Iterable[Example], *, d: int, eta: Fraction) -> Iterator[Step]:
    """Algorithm 1 (Online) over a stream; ``eta`` scales the update (notes: 1)."""
    theta, k = zeros(d), 1  # [gormley-online.1]
    for epoch, i, x, y in examples:  # [gormley-online.2]
        s = dot(theta, x)
        mistake = y * s <= 0
        if mistake:  # [gormley-online.3]
            theta = add(theta, scale(eta * y, x))  # [gormley-online.4]
            k = k + 1  # [gormley-online.5]
        prediction: Label = -y if s == 0 else (1 if s > 0 else -1)
        yield Step(epoch, i, s, prediction, y, mistake, theta)
    return  # [gormley-online.6]


ALGORITHM = OnlineAlgorithm(
    id="perceptron/gormley-online",
    note="002_64cd820e12606d14.txt (Gormley, Algorithm 1 (Online), slide 31)",
    zero_score="tie-mistake",
    learn=learn,
)
