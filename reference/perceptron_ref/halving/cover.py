"""``halving/cover``: Mehta, Lecture 3, §1: Halving over the classifiers of an ε-cover.

Mirrors ``spec/algorithms/halving/cover.md``.  S_γ is a proper ε-cover of the unit sphere
(:func:`~perceptron_ref.halving.sphere.sphere_cover`, exact rational unit vectors, the
cover property proved cell by cell); C_γ = {f_w : w ∈ S_γ} with Mehta's
f_w(x) = sgn(⟨w, x⟩), sgn(0) = +1; Halving predicts the majority vote of the classifiers
still consistent with every label seen, and drops the others.  With ε ≤ γ/2R a
classifier of C_γ separates the data (Mehta's Cauchy–Schwarz step), so the version space
never loses it and Halving errs at most log₂|S_γ| ≤ d·log₂(⌈8R/γ⌉ + 1) times.

Each step is a :class:`HalvingStep`: its score is the vote (#{f: f(x) = +1} − #{f: f(x) = −1})
and ``version_space`` is |C_{t+1}|, the classifiers left after the step.  Its ``weights``
are |C_{t+1}|·w for the first w of C_{t+1} (0 when C_{t+1} is empty): f_w is a classifier
consistent with every example so far, and ‖weights‖ = |C_{t+1}|.  (Because C only
shrinks, equal weights at two epoch ends mean equal version spaces, so the runner's
repeat test stays a proof of a cycle.)

Over the eight points of the 1/2-cover of the circle (each vote is ±1, so the score
is an even number between −8 and 8):

>>> from perceptron_ref import run
>>> trace = run("halving/cover", [(-1, 2), (2, 1), (1, -1)], [-1, 1, 1], epsilon="1/2")
>>> for s in trace.steps:
...     print(s.score, s.prediction, s.label, s.mistake, s.version_space)
0 1 -1 True 4
0 1 1 False 2
2 1 1 False 2
>>> from perceptron_ref.vectors import show
>>> show(trace.weights)  # 2·(3871/4321, −1920/4321): two classifiers are left
'(7742/4321, -3840/4321)'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import partial

from perceptron_ref.algorithm import OnlineAlgorithm
from perceptron_ref.errors import InputError
from perceptron_ref.halving.sphere import sphere_cover
from perceptron_ref.numbers import to_fraction
from perceptron_ref.perceptron.mehta import sgn
from perceptron_ref.trace import Example, Step
from perceptron_ref.vectors import Label, Vector, dot, scale, zeros

ID = "halving/cover"
DEFAULT_EPSILON = Fraction(1, 4)


@dataclass(frozen=True, slots=True)
class HalvingStep(Step):
    """A step of Halving, with the size of the version space after it."""

    version_space: int = 0


def f(w: Vector, x: Vector) -> Label:
    """Mehta's classifier f_w(x) = sgn(⟨w, x⟩), sgn(0) = +1."""
    return sgn(dot(w, x))


def initial(d: int, epsilon: Fraction = DEFAULT_EPSILON) -> Vector:
    """The weights before the first step: |S_γ|·(first point of S_γ), as after every step."""
    S_gamma = sphere_cover(d, epsilon)
    return scale(len(S_gamma), S_gamma[0])


def learn(
    examples: Iterable[Example],
    *,
    d: int,
    eta: Fraction,
    epsilon: Fraction = DEFAULT_EPSILON,
) -> Iterator[Step]:
    """Halving over the classifiers of a proper ε-cover of the unit sphere in Rᵈ."""
    if eta != 1:
        raise InputError(f"{ID} takes no eta (Halving has no step)")
    S_gamma = sphere_cover(d, epsilon)  # [halving-cover.1]
    C = S_gamma  # [halving-cover.2]  (f_w is represented by its w)
    for epoch, t, x_t, y_t in examples:  # [halving-cover.3]
        votes = [f(w, x_t) for w in C]
        score = Fraction(sum(votes))
        y_hat = sgn(score)  # [halving-cover.4]  (a tie goes to +1, as sgn(0) = +1)
        mistake = y_hat != y_t  # [halving-cover.5]
        C = tuple(w for w, vote in zip(C, votes, strict=True) if vote == y_t)  # [halving-cover.6]
        w = scale(len(C), C[0]) if C else zeros(d)
        yield HalvingStep(epoch, t, score, y_hat, y_t, mistake, w, version_space=len(C))


def configure(*, epsilon: object = DEFAULT_EPSILON, **others: object) -> OnlineAlgorithm:
    """The algorithm for a given cover radius ε (a positive rational; Mehta: ε = γ/2R)."""
    if others:
        raise InputError(f"{ID} takes the option epsilon only, not {', '.join(sorted(others))}")
    e = to_fraction(epsilon)
    if e <= 0:
        raise InputError(f"epsilon must be positive, got {e}")
    return OnlineAlgorithm(
        ID,
        ALGORITHM.note,
        "tie-positive",
        partial(learn, epsilon=e),
        start=partial(initial, epsilon=e),
    )


ALGORITHM = OnlineAlgorithm(
    id=ID,
    note="001_2946b3865c67da9c.txt (Mehta, Lecture 3, §1, Corollary 1)",
    zero_score="tie-positive",
    learn=learn,
    start=initial,
)
