"""The averaged perceptron's answers: the reference's average and the ones real code takes.

The training run is the online perceptron's (:mod:`~perceptron_ref.crosscheck.judge.families.
runs`): with the reference's zero-score rule (a mistake, ``averaged.3``) or sign(0) = ±1.  The
average, from its votes ⟨(v_k, c_k)⟩ (Σ c_k = N examples seen, M mistakes, w_N the last
vector; ``spec/algorithms/perceptron/averaged.md`` names each):

=============  =============================================  ==================================
value          the answer                                      who
=============  =============================================  ==================================
``after``      Σ c_k v_k / N: w₁ … w_N (the reference's)      Freund & Schapire; scikit-learn
``before``     (Σ c_k v_k − w_N) / N: w₀ … w_{N−1}              nltk (sums before each update)
``all``        Σ c_k v_k / (N + 1): w₀ … w_N                    Daumé's CIML, w − u/c
``at updates`` Σ_{k≥1} v_k / M: the vectors after each update  summed in the update's branch
``÷ updates``  Σ c_k v_k / M: divided by the number of updates
``sum``        Σ c_k v_k, not divided (the same predictions)
``last``       w_N, the last vector: no average returned     its average made, then unused
=============  =============================================  ==================================

A float candidate divides in float64: its answer is compared with the exact one within the
bound of a final division, or of a running mean (:meth:`AveragedJudge.same`).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from perceptron_ref import run as reference_run
from perceptron_ref.crosscheck.candidates.families import Got
from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.family_options import Options
from perceptron_ref.crosscheck.judge import floats
from perceptron_ref.crosscheck.judge.families import (
    Dim,
    Judge,
    Reading,
    Stats,
    Variant,
    move_bias,
    show_vector,
    with_bias,
)
from perceptron_ref.crosscheck.judge.families.runs import Run
from perceptron_ref.crosscheck.judge.families.runs import run as replay_run
from perceptron_ref.crosscheck.judge.replay import rule as decide
from perceptron_ref.crosscheck.judge.replay import scaled
from perceptron_ref.vectors import Vector, dot

AVERAGES = ("after", "before", "all", "at updates", "÷ updates", "sum", "last")
TRAINING = ("tie → mistake", "tie → positive", "tie → negative")
RULES = dict(zip(TRAINING, ("tie-mistake", "tie-positive", "tie-negative"), strict=True))
SIGNS = ("sign(0) = +1", "sign(0) = −1", "sign(0) = 0")
"""How a fitted model predicts at w̄·x = 0: the reference's +1 (Gormley slide 18), −1
(``1 if s > 0 else -1``), or numpy's sign(0) = 0 (no label at all)."""


@lru_cache(maxsize=512)
def training(
    data: Data,
    bias: bool,
    epochs: Any,
    rule: str,
    bias_step: Fraction = Fraction(1),
    coded: str = "",
) -> Run:
    """The training run (cached: every variant of one data set shares its three runs)."""
    return replay_run(*data, bias=bias, epochs=epochs, rule=rule, bias_step=bias_step, coded=coded)


def average(r: Run, how: str) -> Vector:
    """The average ``how`` of the run's vectors (see the module's docstring)."""
    total = r.weighted()  # Σ c_k v_k = w₁ + … + w_N (times D)
    if how == "after":
        return r.mean(total, r.steps)
    if how == "before":
        return r.mean(total - r.V[-1], r.steps)
    if how == "all":
        return r.mean(total, r.steps + 1)
    if how == "sum":
        return r.mean(total)
    if how == "last":  # the last w returned (or predicted with) instead of the average
        return r.mean(r.V[-1])
    if r.mistakes == 0:  # nothing to divide: real code divides by zero (nan) or keeps 0
        return r.mean(r.V[0])
    if how == "÷ updates":
        return r.mean(total, r.mistakes)
    assert how == "at updates", how
    return r.mean(r.V[1:].sum(axis=0), r.mistakes)


def sign(s: Fraction, at_zero: str) -> Fraction:
    if s != 0:
        return Fraction(1 if s > 0 else -1)
    return Fraction({SIGNS[0]: 1, SIGNS[1]: -1, SIGNS[2]: 0}[at_zero])


class AveragedJudge(Judge[Vector]):
    what = "averaged w"
    symbol = "w̄"
    decide = "averaged.3"
    update = "averaged.5"

    def dims(self, options: Options) -> tuple[Dim, ...]:
        chosen = options.get("average", "after")
        averages = (chosen, *(a for a in AVERAGES if a != chosen))
        return (
            Dim("average", averages, "averaged.5", "average"),
            Dim("training", TRAINING, "averaged.3", "training"),
            Dim("prediction", SIGNS, "averaged.6", "prediction", predictions=True),
        )

    def converges(self, data: Data, options: Options) -> bool:
        return training(data, options.bias, options.epochs, "tie-mistake").status == "converged"

    def answer(self, data: Data, variant: Variant, options: Options) -> Vector:
        return self.stepped(data, variant, options, Fraction(1))

    def stepped(
        self, data: Data, variant: Variant, options: Options, bias_step: Fraction, coded: str = ""
    ) -> Vector:
        rule = RULES[variant["training"]]
        r = training(data, options.bias, options.epochs, rule, bias_step, coded)
        return average(r, variant["average"])

    def reference(self, data: Data, options: Options) -> Vector:
        trace = reference_run(options.algorithm, *data, **options.run())
        mean: Vector = trace.model.mean  # type: ignore[union-attr]
        return mean

    def predict(
        self, data: Data, variant: Variant, options: Options, probes: Sequence[Vector]
    ) -> tuple[Fraction, ...]:
        w = self.answer(data, variant, options)
        points = with_bias(probes, options.bias)
        return tuple(sign(dot(w, x), variant["prediction"]) for x in points)

    def normalize(self, got: Got, reading: Reading, data: Data, options: Options) -> Vector | None:
        w: Vector = got.value
        return move_bias(w, reading.bias_last and options.bias and got.shape == "")

    def split(self, value: Vector) -> tuple[Vector, tuple[Any, ...]]:
        return value, ()

    def join(self, scaled: Vector, rest: tuple[Any, ...]) -> Vector:
        return scaled

    def same(
        self,
        got: Vector,
        expected: Vector,
        data: Data,
        variant: Variant,
        options: Options,
        floats_: bool,
    ) -> bool:
        """Equal; for a float candidate, within the bound of computing the average from an
        exact sum (the data are float-exact: every w and every partial sum is a float) with
        a final division, a product by a rounded 1/N, Daumé's w − u/c, or a running mean
        μ_t = μ_{t−1} + (w_t − μ_{t−1})/t: each step rounds at most three times by u|m|,
        where m bounds every vector of the run, so the answer is within (3t + 3)·u·m of
        the exact one after t steps (Higham, §3.1, with the γ of ``judge/floats``)."""
        if got == expected:
            return True
        if not floats_ or len(got) != len(expected):
            return False
        r = training(data, options.bias, options.epochs, RULES[variant["training"]])
        largest = np.abs(r.V).max(axis=0).tolist()  # |w| over the run, times D
        bound = Fraction(floats.gamma(3 * r.steps + 4))
        return all(
            abs(g - e) <= bound * max(Fraction(int(m), r.D), abs(e))
            for g, e, m in zip(got, expected, largest, strict=True)
        )

    def exact(self, data: Data, variant: Variant, options: Options) -> bool:
        s = scaled(*data, bias=options.bias)
        rule = RULES[variant["training"]]
        passes = None if options.epochs == "converge" else int(options.epochs)
        if not floats.exact(s, decide(rule), passes=passes):
            return False
        r = training(data, options.bias, options.epochs, rule)  # every partial sum a float
        sums = r.c @ np.abs(r.V)  # Σ c_k |v_k| (times D): a bound on every partial sum
        return all(int(t) < 2**floats.FLOAT_BITS for t in sums.tolist())

    def stats(self, data: Data, options: Options) -> Stats:
        r = training(data, options.bias, options.epochs, "tie-mistake")
        return Stats(r.zero, r.near_zero, r.epochs)

    def blame(self, data: Data, options: Options, step: int) -> tuple[str, str]:
        r = reference_run(options.algorithm, *data, **options.run())
        s = r.steps[step]
        where = f"w·x = {s.score} and y = {s.label:+d}"
        if s.score == 0:
            return self.decide, f"its average differs after a zero score, {where}"
        return self.update, f"its average differs after the step where {where}"

    def show(self, value: Vector) -> str:
        return show_vector(value)

    def to_json(self, value: Vector) -> Any:
        return [str(v) for v in value]


JUDGE = AveragedJudge()

__all__ = ["AVERAGES", "JUDGE", "SIGNS", "TRAINING", "AveragedJudge", "average", "sign"]
