"""A two-class perceptron run in integers, kept as what the averaged and voted families need:
the vectors it passes through and how long each was in force.

From w = 0, the run of the averaged and the voted perceptron is the online perceptron's, with
a zero-score rule (the reference's: a zero score is a mistake; real code also uses
sign(0) = +1 or −1).  The run is replayed on the data scaled to integers
(:mod:`~perceptron_ref.crosscheck.judge.replay`: int64 while it is safe, Python integers
after) and kept as the votes ⟨(v₀, c₀), (v₁, c₁), …, (v_M, c_M)⟩: v₀ = 0, v_k the weights after
the k-th mistake, c_k the number of examples after which v_k was the vector in force (so
Σ c_k = N, the examples seen), held as integers V = D·v and c.  Every average a real
implementation takes is a function of them (:mod:`~perceptron_ref.crosscheck.judge.families.
averaged`), computed in integers and divided once.

>>> r = run([(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)], [-1, 1, 1, -1, -1, 1],
...         bias=False, epochs=1, rule="tie-mistake")
>>> [(show(v), c) for v, c in r.votes], r.steps, r.mistakes
([('(0, 0)', 0), ('(1, -2)', 2), ('(2, -1)', 2), ('(3, 1)', 2)], 6, 3)
>>> show(r.mean(r.weighted(), r.steps))  # Σ c_k v_k / N: the average after each example
'(2, -2/3)'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from perceptron_ref.crosscheck.judge.replay import (
    Scaled,
    Step,
    _Overflow,
    scaled,
    walk,
)
from perceptron_ref.crosscheck.judge.replay import (
    rule as decide,
)
from perceptron_ref.runner import Epochs
from perceptron_ref.vectors import Vector, show

CAP = 1000
"""Passes a run to convergence may make (as the core's ``oracle.MAX_EPOCHS``)."""


@dataclass(frozen=True)
class Run:
    """A replayed run: V (one row per vote, integers D·v), the counts c, D; the examples
    seen, the mistakes, the passes, how it ended, and its zero and near-zero scores."""

    V: np.ndarray  # (M + 1) × D', dtype object (Python integers)
    c: np.ndarray  # M + 1 counts, dtype object
    D: int
    steps: int
    mistakes: int
    epochs: int
    status: str
    zero: int
    near_zero: int
    total: np.ndarray  # Σ c_k V_k: the sum of w₁ … w_N (times D)

    def mean(self, total: np.ndarray, by: int = 1) -> Vector:
        """A vector of integers (in units of 1/D) divided by ``by``, as Fractions."""
        return tuple(Fraction(int(a), self.D * by) for a in total.tolist())

    def weighted(self) -> np.ndarray:
        """Σ c_k V_k: the sum of w₁ … w_N (times D)."""
        return self.total

    @property
    def w(self) -> Vector:
        return self.mean(self.V[-1])

    @property
    def votes(self) -> tuple[tuple[Vector, int], ...]:
        return tuple((self.mean(v), int(c)) for v, c in zip(self.V, self.c, strict=True))


def run(
    X: Sequence[Sequence[object]],
    y: Sequence[int],
    *,
    bias: bool,
    epochs: Epochs,
    rule: str,
    cap: int = CAP,
    bias_step: Fraction = Fraction(1),
    coded: str = "",
) -> Run:
    """The perceptron run with this zero-score rule (``tie-mistake``, ``tie-positive`` or
    ``tie-negative``) from w = 0, at step 1; ``bias_step``: the bias's own step (b ← b +
    bias_step·y where w ← w + y·x: a loop applying its step η to the bias only); ``coded``:
    a loop whose labels are 0/1 in its update, w + y·x adding 0·x for a negative example,
    which its mistake test counts as a mistake every time (``"always"``: y·(w·x) ≤ 0 with
    y = 0), never (``"never"``) or when it predicts 1 (``"predicted"``: ŷ ≠ y with ŷ the rule's
    prediction in 0/1); or, ``"sign"``, a loop whose update is w + (y − ŷ)·x with y in 0/1
    and ŷ = ±1 (a sign() prediction): 2x on a positive mistake, and on every negative example
    −x where it predicts +1, +x where it predicts −1 (see :data:`CODINGS`)."""
    s = scaled(X, y, bias=bias)
    passes = None if epochs == "converge" else int(epochs)
    if coded:
        return _coded(s, rule, passes, cap, coded)
    if bias_step != 1:  # in units of D·q: the bias column is bias_step, the score's b is D·q
        assert bias, "a bias step needs a bias"
        q = bias_step.denominator
        X2 = np.array(s.X.tolist(), dtype=object) * q
        X2[:, 0] = bias_step.numerator * s.D
        s = Scaled(X2, s.y, s.D * q)
        return _run(s, rule, passes, cap, lambda w, x: w @ x + w[0] * (s.D - x[0]))
    try:
        return _run(s, rule, passes, cap)
    except _Overflow:
        wide = Scaled(np.array(s.X.tolist(), dtype=object), s.y, s.D)
        return _run(wide, rule, passes, cap)


CODINGS = ("always", "never", "predicted", "sign")
"""The loops with labels 0/1 in their update that :func:`run` replays (``coded``)."""


def _coded(s: Scaled, rule: str, passes: int | None, cap: int, coded: str) -> Run:
    """A 0/1-coded loop (``run``'s ``coded``), in Python integers: each example's move is
    δ·x, a "mistake" (a new vote) whenever the loop's test says so, even when δ = 0."""
    mistake = decide(rule)
    X = [np.array(row, dtype=object) for row in s.X.tolist()]
    w = np.zeros(s.X.shape[1], dtype=object)
    vectors, counts = [w], [0]
    epoch, clean, steps = 0, False, 0
    most = cap if passes is None else passes
    while epoch < most and not (passes is None and clean):
        epoch, clean = epoch + 1, True
        for x, label in zip(X, s.y.tolist(), strict=True):
            score = int(w @ x)
            says_one = mistake(score, -1)  # it predicts 1 (ŷ = +1): a -1 label's mistake
            if label == 1:  # y = 1: the rule's test; the step 1, or 2 = 1 − (−1) for "sign"
                wrong, move = mistake(score, 1), 2 if coded == "sign" else 1
            elif coded == "sign":  # y = 0: always ŷ ≠ 0; 0 − ŷ
                wrong, move = True, -1 if says_one else 1
            else:  # y = 0: 0·x, whatever the test
                wrong = {"always": True, "never": False}.get(coded, says_one)
                move = 0
            steps += 1
            if wrong:
                clean = False
                w = w + move * x
                vectors.append(w)
                counts.append(1)
            else:
                counts[-1] += 1
    V = np.array([v.tolist() for v in vectors], dtype=object).reshape(len(vectors), -1)
    c = np.array(counts, dtype=object)
    status = "online" if passes is not None else "converged" if clean else "max_epochs"
    mistakes = len(vectors) - 1
    return Run(V, c, s.D, steps, mistakes, epoch, status, 0, 0, c @ V)


def _run(
    s: Scaled, rule: str, passes: int | None, cap: int, score: Any = None, decision: Any = None
) -> Run:
    vectors: list[np.ndarray] = [np.zeros(s.X.shape[1], dtype=np.int64)]
    counts = [0]
    near = Fraction(1, 2**10) * s.D * s.D
    zero = [0, 0]

    def sink(step: Step, w: np.ndarray, x: np.ndarray) -> None:
        if step.s == 0:
            zero[0] += 1
        elif abs(int(step.s)) <= near:
            zero[1] += 1
        if step.mistake:
            vectors.append(w + x if s.y[step.i] == 1 else w - x)
            counts.append(1)
        else:
            counts[-1] += 1

    r = walk(s, decision or decide(rule), passes=passes, cap=cap, sink=sink, score=score)
    V = np.array([v.tolist() for v in vectors], dtype=object).reshape(len(vectors), -1)
    c = np.array(counts, dtype=object)
    total = c @ V
    return Run(V, c, s.D, sum(counts), r.mistakes, r.epochs, r.status, zero[0], zero[1], total)


__all__ = ["CAP", "Run", "run", "show"]
