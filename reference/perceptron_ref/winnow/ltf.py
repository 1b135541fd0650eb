"""``winnow/ltf``: Blum, Lecture 4, "Winnow for general LTFs", in the reading of the spec.

Mirrors ``spec/algorithms/winnow/ltf.md``.  The note states only the bound: if some
w* ≥ 0 has w*·x ≥ c on positive and w*·x ≤ c − γ on negative x ∈ {0, 1}ⁿ, Winnow makes
O((L₁(w*)/γ)² log n) mistakes.  The algorithm is the k-of-r Winnow with its ε left to
the caller (option ``epsilon``, default 1/2); the spec proves the bound, with explicit
constants, for ε = γ/2c.  A k-of-r function is the LTF w* = the r relevant
indicators, c = k, γ = 1, and then ε = γ/2c = 1/2k: this is ``winnow/k-of-r``.

The LTF 2x₁ + x₂ + x₃ ≥ 2 (c = 2; negatives have w*·x ≤ 1, so γ = 1, ε = 1/4):

>>> from perceptron_ref import run
>>> from perceptron_ref.vectors import show
>>> X = [(1, 0, 0), (0, 1, 0), (0, 1, 1), (1, 0, 0)]
>>> trace = run("winnow/ltf", X, [1, -1, 1, 1], epsilon="1/4")
>>> for s in trace.steps:
...     print(s.score, s.prediction, s.label, s.mistake, show(s.weights))
-2 -1 1 True (5/4, 1, 1)
-2 -1 -1 False (5/4, 1, 1)
-1 -1 1 True (5/4, 5/4, 5/4)
-7/4 -1 1 True (25/16, 5/4, 5/4)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction
from functools import partial

from perceptron_ref.algorithm import OnlineAlgorithm
from perceptron_ref.errors import InputError
from perceptron_ref.numbers import to_fraction
from perceptron_ref.trace import Example, Step
from perceptron_ref.vectors import Label, dot
from perceptron_ref.winnow import check_boolean, check_eta, on_active, ones

ID = "winnow/ltf"
DEFAULT_EPSILON = Fraction(1, 2)


def learn(
    examples: Iterable[Example],
    *,
    d: int,
    eta: Fraction,
    epsilon: Fraction = DEFAULT_EPSILON,
) -> Iterator[Step]:
    """Winnow with factor 1 + ε over a stream of 0/1 examples (n = d features)."""
    check_eta(eta, ID)
    n = d
    w = ones(n)  # [winnow-ltf.1]
    for epoch, i, x, y in examples:
        check_boolean(x, i)
        wx = dot(w, x)
        prediction: Label = 1 if wx >= n else -1  # [winnow-ltf.2]
        mistake = prediction != y
        if mistake and y == 1:
            w = on_active(w, x, lambda w_i: w_i * (1 + epsilon))  # [winnow-ltf.3]
        elif mistake and y == -1:
            w = on_active(w, x, lambda w_i: w_i / (1 + epsilon))  # [winnow-ltf.4]
        yield Step(epoch, i, wx - n, prediction, y, mistake, w)


def configure(*, epsilon: object = DEFAULT_EPSILON, **others: object) -> OnlineAlgorithm:
    """The algorithm for a given ε, a positive rational."""
    if others:
        raise InputError(f"{ID} takes the option epsilon only, not {', '.join(sorted(others))}")
    e = to_fraction(epsilon)
    if e <= 0:
        raise InputError(f"epsilon must be positive, got {e}")
    return OnlineAlgorithm(
        ID, ALGORITHM.note, "tie-positive", partial(learn, epsilon=e), start=ones
    )


ALGORITHM = OnlineAlgorithm(
    id=ID,
    note="000_2ec3d2529ec9cb91.txt (Blum, Lecture 4, Winnow for general LTFs)",
    zero_score="tie-positive",
    learn=learn,
    start=ones,
)
