"""``perceptron/gormley-batch``: Gormley, Algorithm 1 (Batch), slide 20.

Mirrors ``spec/algorithms/perceptron/gormley-batch.md``.  Zero score: slide 18 defines
sign(a) = 1 if a ≥ 0, else −1, so a zero score predicts + ("tie-positive").  The slide
leaves "converged" undefined; slide 29 defines it: a whole pass without a mistake.

Gormley's worked example (slide 15) converges after two passes:

>>> from perceptron_ref import run
>>> from perceptron_ref.vectors import show
>>> X = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
>>> trace = run("perceptron/gormley-batch", X, [-1, 1, 1, -1, -1, 1])
>>> show(trace.weights), trace.mistakes, trace.epochs, trace.status
('(3, 1)', 3, 2, 'converged')
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from perceptron_ref.algorithm import BatchAlgorithm, DataSet
from perceptron_ref.trace import Step
from perceptron_ref.vectors import Label, add, dot, scale, zeros


def sign(a: Fraction) -> Label:
    """Slide 18: sign(a) = 1 if a ≥ 0, −1 otherwise."""
    return 1 if a >= 0 else -1


def learn(D: DataSet, *, eta: Fraction) -> Iterator[Step]:
    """Algorithm 1 (Batch) on the data set D; ``eta`` scales the update (notes: 1)."""
    theta = zeros(len(D[0][0]))  # [gormley-batch.1]
    converged, epoch = False, 0
    while not converged:  # [gormley-batch.2]
        epoch, converged = epoch + 1, True  # slide 29: converged iff a pass has no mistake
        for i, (x, y) in enumerate(D):  # [gormley-batch.3]
            s = dot(theta, x)
            y_hat = sign(s)  # [gormley-batch.4]
            mistake = y_hat != y
            if mistake:  # [gormley-batch.5]
                theta = add(theta, scale(eta * y, x))  # [gormley-batch.6]
                converged = False
            yield Step(epoch, i, s, y_hat, y, mistake, theta)
    return  # [gormley-batch.7]


ALGORITHM = BatchAlgorithm(
    id="perceptron/gormley-batch",
    note="002_64cd820e12606d14.txt (Gormley, Algorithm 1 (Batch), slide 20; sign: slide 18)",
    zero_score="tie-positive",
    learn=learn,
)
