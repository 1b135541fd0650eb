"""The shattered tree: halfspaces in d ≥ 2 have infinite Littlestone dimension.

Shalev-Shwartz & Ben-David, §21.4: "consider the tree for which v₁ = (1/2, 1, 0, …, 0),
v₂ = (1/4, 1, 0, …, 0), v₃ = (3/4, 1, 0, …, 0), etc. … this tree is shattered by the
hypotheses w = (−1, a, 0, …, 0), for a ∈ [0, 1]."

Against a learner the adversary walks down one branch: v_t = (a_t, 1, 0, …) with a_t
the midpoint of an interval [lo, hi] that starts as [0, 1]; the label is the one the
learner did not predict; label +1 means "a > a_t" (lo ← a_t), −1 means "a < a_t"
(hi ← a_t).  After T rounds, a = (lo + hi)/2 gives ⟨w, v_t⟩ = a − a_t with the sign
y_t for every t, and never 0: the data are realizable by a halfspace (with margin
(hi − lo)/2 in the score), and the learner erred on all T rounds.

>>> tree = shattered_tree(3, "perceptron/mehta")
>>> [str(x[0]) for x in tree.X], tree.y, tree.mistakes, [str(v) for v in tree.w]
(['1/2', '1/4', '3/8'], (-1, 1, 1), 3, ['-1', '7/16'])
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from perceptron_ref.adversaries import Learner, against, predictor
from perceptron_ref.errors import InputError
from perceptron_ref.vectors import Label, Vector


@dataclass(frozen=True)
class ShatteredTree:
    """T rounds built against a learner, and the halfspace w that realizes them."""

    X: tuple[Vector, ...]
    y: tuple[Label, ...]
    w: Vector
    mistakes: int


def shattered_tree(rounds: int, learner: Learner, d: int = 2, **options: object) -> ShatteredTree:
    """T = ``rounds`` points v_t = (a_t, 1, 0, …) ∈ Rᵈ, labelled against ``learner``."""
    if type(rounds) is not int or rounds < 1:
        raise InputError(f"rounds must be a positive integer, got {rounds!r}")
    if type(d) is not int or d < 2:
        raise InputError(f"the shattered tree needs d ≥ 2, got {d!r}")
    predict = predictor(learner, **options)
    lo, hi = Fraction(0), Fraction(1)
    history: list[tuple[Vector, Label]] = []
    for _ in range(rounds):
        a_t = (lo + hi) / 2
        v_t = (a_t, Fraction(1), *(Fraction(0),) * (d - 2))
        y_t = against(predict, history, v_t)
        history.append((v_t, y_t))
        if y_t == 1:
            lo = a_t
        else:
            hi = a_t
    a = (lo + hi) / 2
    w = (Fraction(-1), a, *(Fraction(0),) * (d - 2))
    X = tuple(v for v, _ in history)
    y = tuple(t for _, t in history)
    assert all(t * (a - v[0]) > 0 for v, t in history)  # ⟨w, v_t⟩ = a − a_t has the sign y_t
    return ShatteredTree(X, y, w, rounds)
