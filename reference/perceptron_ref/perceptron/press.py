"""``perceptron/press``: Press, AI Notes, §2 Perceptron Learning Algorithm (PLA).

Mirrors ``spec/algorithms/perceptron/press.md``.  Zero score: the output is "yes if
w • x ≥ 0" (§1), so a zero score predicts + ("tie-positive").

Press's XOR (§4, remark 2) is not linearly separable: the run is stopped when w repeats
at the end of a pass, which proves the do-while loop would never end.

>>> from perceptron_ref import run
>>> from perceptron_ref.vectors import show
>>> trace = run("perceptron/press", [(-1, -1), (1, 1), (-1, 1), (1, -1)], [-1, -1, 1, 1])
>>> trace.status, trace.cycle, show(trace.weights)
('cycled', (0, 1), '(0, 0)')
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from perceptron_ref.algorithm import BatchAlgorithm, DataSet
from perceptron_ref.trace import Step
from perceptron_ref.vectors import Label, add, dot, scale, zeros


def learn(D: DataSet, *, eta: Fraction) -> Iterator[Step]:
    """The PLA on the data set D; ``eta`` scales the update (notes: 1)."""
    w = zeros(len(D[0][0]))  # [press.1]
    epoch = 0
    while True:  # [press.2]
        epoch += 1
        flag = False  # [press.3]
        for i, (x_i, y_i) in enumerate(D):  # [press.4]
            s = dot(w, x_i)
            mistake = (y_i == -1 and s >= 0) or (y_i == 1 and s < 0)
            if mistake:  # [press.5]
                w = add(w, scale(eta * y_i, x_i))  # [press.6]
                flag = True  # [press.7]
            prediction: Label = 1 if s >= 0 else -1
            yield Step(epoch, i, s, prediction, y_i, mistake, w)
        if not flag:  # [press.8]
            return


ALGORITHM = BatchAlgorithm(
    id="perceptron/press",
    note="003_5feaf46ca6c2614b.txt (Press, §2 PLA)",
    zero_score="tie-positive",
    learn=learn,
)
