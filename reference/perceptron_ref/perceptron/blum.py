"""``perceptron/blum``: Blum, Lecture 4, slide "Perceptron algorithm".

Mirrors ``spec/algorithms/perceptron/blum.md``.  Zero score: "Use w·x > 0", so a
score of 0 predicts −; a positive example there is a mistake, a negative one is not.

Blum's own example, (0,1) −, (1,1) +, (1,0) +:

>>> from perceptron_ref import run
>>> from perceptron_ref.vectors import show
>>> trace = run("perceptron/blum", [(0, 1), (1, 1), (1, 0)], [-1, 1, 1])
>>> for s in trace.steps:
...     print(s.score, s.prediction, s.label, s.mistake, show(s.weights))
0 -1 -1 False (0, 0)
0 -1 1 True (1, 1)
1 1 1 False (1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction

from perceptron_ref.algorithm import OnlineAlgorithm
from perceptron_ref.trace import Example, Step
from perceptron_ref.vectors import Label, add, dot, scale, zeros


def learn(examples: Iterable[Example], *, d: int, eta: Fraction) -> Iterator[Step]:
    """Blum's perceptron over a stream of examples; ``eta`` scales the update (notes: 1)."""
    w = zeros(d)  # [blum.1]
    for epoch, i, x, y in examples:
        s = dot(w, x)
        prediction: Label = 1 if s > 0 else -1  # [blum.2]
        mistake = prediction != y
        if mistake and y == 1:
            w = add(w, scale(eta, x))  # [blum.3]
        elif mistake and y == -1:
            w = add(w, scale(-eta, x))  # [blum.4]
        yield Step(epoch, i, s, prediction, y, mistake, w)


ALGORITHM = OnlineAlgorithm(
    id="perceptron/blum",
    note="000_2ec3d2529ec9cb91.txt (Blum, Lecture 4)",
    zero_score="tie-negative",
    learn=learn,
)
