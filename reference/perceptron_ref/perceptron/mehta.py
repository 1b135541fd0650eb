"""``perceptron/mehta``: Mehta, Lecture 3, Algorithm 1 (PERCEPTRON).

Mirrors ``spec/algorithms/perceptron/mehta.md``.  Zero score: sgn(0) = +1 (§1, footnote 1),
so a negative example with ⟨w, x⟩ = 0 is a mistake and a positive one is not.

Gormley's worked example (slide 15), which uses the same rule:

>>> from perceptron_ref import run
>>> from perceptron_ref.vectors import show
>>> X = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
>>> trace = run("perceptron/mehta", X, [-1, 1, 1, -1, -1, 1])
>>> [show(s.weights) for s in trace.steps if s.mistake], trace.mistakes
(['(1, -2)', '(2, -1)', '(3, 1)'], 3)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction

from perceptron_ref.algorithm import OnlineAlgorithm
from perceptron_ref.trace import Example, Step
from perceptron_ref.vectors import Label, add, dot, scale, zeros


def sgn(z: Fraction) -> Label:
    """Mehta's sign: +1 if z ≥ 0, −1 if z < 0."""
    return 1 if z >= 0 else -1


def learn(examples: Iterable[Example], *, d: int, eta: Fraction) -> Iterator[Step]:
    """Algorithm 1 over a stream; ``eta`` scales the update (notes: 1)."""
    w = zeros(d)  # [mehta.1]
    m = 0  # [mehta.2]
    for example in examples:  # [mehta.3]
        x = example.x  # [mehta.4]
        s = dot(w, x)
        y_hat = sgn(s)  # [mehta.5]
        y = example.y  # [mehta.6]
        mistake = y_hat != y
        if mistake:  # [mehta.7]
            w = add(w, scale(eta * y, x))  # [mehta.8]
            m += 1  # [mehta.9]
        yield Step(example.epoch, example.i, s, y_hat, y, mistake, w)


ALGORITHM = OnlineAlgorithm(
    id="perceptron/mehta",
    note="001_2946b3865c67da9c.txt (Mehta, Lecture 3, Algorithm 1)",
    zero_score="tie-positive",
    learn=learn,
)
