"""``winnow/k-of-r``: Blum, Lecture 4, "Winnow algorithm for learning a k-of-r function".

Mirrors ``spec/algorithms/winnow/k-of-r.md``.  As for disjunctions (w = 1, predict +
iff w·x ≥ n), but a mistake multiplies (positive) or divides (negative) the active
weights by 1 + ε, with ε = 1/2k.  The option ``k`` (``--k``) is the target's k; the
default k = 1 is a disjunction's.  The score is w·x − n (+ iff the score is ≥ 0).

The target "at least 2 of x₁, x₂, x₃" over n = 4 variables, k = 2 (ε = 1/4):

>>> from perceptron_ref import run
>>> from perceptron_ref.vectors import show
>>> X = [(1, 1, 0, 0), (1, 0, 0, 1), (0, 1, 1, 1), (1, 0, 0, 1)]
>>> trace = run("winnow/k-of-r", X, [1, -1, 1, -1], k=2)
>>> for s in trace.steps:
...     print(s.score, s.prediction, s.label, s.mistake, show(s.weights))
-2 -1 1 True (5/4, 5/4, 1, 1)
-7/4 -1 -1 False (5/4, 5/4, 1, 1)
-3/4 -1 1 True (5/4, 25/16, 5/4, 5/4)
-3/2 -1 -1 False (5/4, 25/16, 5/4, 5/4)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction
from functools import partial

from perceptron_ref.algorithm import OnlineAlgorithm
from perceptron_ref.errors import InputError
from perceptron_ref.trace import Example, Step
from perceptron_ref.vectors import Label, dot
from perceptron_ref.winnow import check_boolean, check_eta, on_active, ones

ID = "winnow/k-of-r"


def learn(examples: Iterable[Example], *, d: int, eta: Fraction, k: int = 1) -> Iterator[Step]:
    """Winnow for k-of-r functions over a stream of 0/1 examples (n = d features)."""
    check_eta(eta, ID)
    n = d
    w = ones(n)  # [winnow-k-of-r.1]
    epsilon = Fraction(1, 2 * k)  # [winnow-k-of-r.2]
    for epoch, i, x, y in examples:
        check_boolean(x, i)
        wx = dot(w, x)
        prediction: Label = 1 if wx >= n else -1  # [winnow-k-of-r.3]
        mistake = prediction != y
        if mistake and y == 1:
            w = on_active(w, x, lambda w_i: w_i * (1 + epsilon))  # [winnow-k-of-r.4]
        elif mistake and y == -1:
            w = on_active(w, x, lambda w_i: w_i / (1 + epsilon))  # [winnow-k-of-r.5]
        yield Step(epoch, i, wx - n, prediction, y, mistake, w)


def configure(*, k: object = 1, **others: object) -> OnlineAlgorithm:
    """The algorithm for a given k (a positive integer): ε = 1/2k."""
    if others:
        raise InputError(f"{ID} takes the option k only, not {', '.join(sorted(others))}")
    if type(k) is not int or k < 1:
        raise InputError(f"k must be a positive integer, got {k!r}")
    return OnlineAlgorithm(ID, ALGORITHM.note, "tie-positive", partial(learn, k=k), start=ones)


ALGORITHM = OnlineAlgorithm(
    id=ID,
    note="000_2ec3d2529ec9cb91.txt (Blum, Lecture 4, Winnow for k-of-r functions)",
    zero_score="tie-positive",
    learn=learn,
    start=ones,
)
