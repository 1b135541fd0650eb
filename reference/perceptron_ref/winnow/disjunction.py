"""``winnow/disjunction``: Blum, Lecture 4, "Winnow algorithm for learning a disjunction".

Mirrors ``spec/algorithms/winnow/disjunction.md``.  n boolean features, w = 1; predict
positive iff w·x ≥ n; a mistake on a positive doubles, on a negative zeroes, the weights
of the active features (x_i = 1).  The step's score is w·x − n, so that, as for every
learner here, the prediction is + exactly when the score is ≥ 0 (a tie goes to +).

The target x₁ ∨ x₃ over n = 4 variables:

>>> from perceptron_ref import run
>>> from perceptron_ref.vectors import show
>>> X = [(1, 0, 0, 0), (0, 1, 0, 1), (0, 0, 1, 0), (1, 1, 1, 1), (0, 0, 1, 0)]
>>> trace = run("winnow/disjunction", X, [1, -1, 1, 1, 1])
>>> for s in trace.steps:
...     print(s.score, s.prediction, s.label, s.mistake, show(s.weights))
-3 -1 1 True (2, 1, 1, 1)
-2 -1 -1 False (2, 1, 1, 1)
-3 -1 1 True (2, 1, 2, 1)
2 1 1 False (2, 1, 2, 1)
-2 -1 1 True (2, 1, 4, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction

from perceptron_ref.algorithm import OnlineAlgorithm
from perceptron_ref.trace import Example, Step
from perceptron_ref.vectors import ZERO, Label, dot
from perceptron_ref.winnow import check_boolean, check_eta, on_active, ones

ID = "winnow/disjunction"


def learn(examples: Iterable[Example], *, d: int, eta: Fraction) -> Iterator[Step]:
    """Winnow for disjunctions over a stream of 0/1 examples (n = d features)."""
    check_eta(eta, ID)
    n = d
    w = ones(n)  # [winnow-disjunction.1]
    for epoch, i, x, y in examples:
        check_boolean(x, i)
        wx = dot(w, x)
        prediction: Label = 1 if wx >= n else -1  # [winnow-disjunction.2]
        mistake = prediction != y
        if mistake and y == 1:
            w = on_active(w, x, lambda w_i: 2 * w_i)  # [winnow-disjunction.3]
        elif mistake and y == -1:
            w = on_active(w, x, lambda w_i: ZERO)  # [winnow-disjunction.4]
        yield Step(epoch, i, wx - n, prediction, y, mistake, w)


ALGORITHM = OnlineAlgorithm(
    id=ID,
    note="000_2ec3d2529ec9cb91.txt (Blum, Lecture 4, Winnow for disjunctions)",
    zero_score="tie-positive",
    learn=learn,
    start=ones,
)
