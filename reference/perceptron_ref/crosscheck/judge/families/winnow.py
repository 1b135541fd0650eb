"""Winnow's answers: its weights after the run, as the reference's and as real code's.

Real implementations differ in the threshold θ (``n``, the notes', or ``n/2``), in the
prediction at w·x = θ (the notes' +: "predict pos iff w·x ≥ n"; code that writes
``w @ x > theta`` promotes there instead), and in the demotion: Winnow for disjunctions
zeroes the active weights (Littlestone's Winnow1), Winnow2 halves them; for k-of-r functions
and LTFs the notes divide by 1 + ε, code that multiplies by 1 − ε is another algorithm.  The
factor is no learning rate: a candidate's weights are never rescaled to match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from perceptron_ref import run
from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.family_options import MAX_EPOCHS, Options
from perceptron_ref.crosscheck.judge import floats
from perceptron_ref.crosscheck.judge.families import (
    Dim,
    Judge,
    Stats,
    Variant,
    show_vector,
    with_bias,
)
from perceptron_ref.runner import Epochs
from perceptron_ref.vectors import Vector, dot

THRESHOLDS = ("θ = n", "θ = n/2")
AT_THETA = ("+ at w·x = θ", "− at w·x = θ")
ZEROING = ("to 0", "halved")
DIVIDING = ("÷ (1 + ε)", "× (1 − ε)")
LINES = {
    "winnow/disjunction": ("winnow-disjunction.2", "winnow-disjunction.3", "winnow-disjunction.4"),
    "winnow/k-of-r": ("winnow-k-of-r.3", "winnow-k-of-r.4", "winnow-k-of-r.5"),
    "winnow/ltf": ("winnow-ltf.2", "winnow-ltf.3", "winnow-ltf.4"),
}


def factor(algorithm: str, settings: tuple[tuple[str, Any], ...]) -> Fraction:
    """The promotion factor: 2, 1 + 1/2k, or 1 + ε."""
    given = dict(settings)
    if algorithm == "winnow/disjunction":
        return Fraction(2)
    if algorithm == "winnow/k-of-r":
        return 1 + Fraction(1, 2 * int(given.get("k", 1)))
    return 1 + Fraction(given.get("epsilon", Fraction(1, 2)))


@dataclass(frozen=True)
class Run:
    w: Vector
    epochs: int
    status: str
    ties: int  # steps with w·x = θ exactly
    updates: tuple[int, ...]  # per weight, how many times it was multiplied or divided
    exact: bool  # every weight a float, every w·x summed exactly in float64 (any order)
    certain: bool  # float64 takes every decision as the exact run does (see bound)


def bound(w: Sequence[Fraction], updates: Sequence[int]) -> list[float]:
    """The float64 error bound of each weight: a weight multiplied or divided k times by a
    factor held within one rounding (u|f|), each product rounded once, is within
    γ_{2k+1}·w of the exact one (Higham §3.1, the γ of ``judge/floats``); zeroing and
    halving are exact, so the bound only overstates them."""
    return [floats.gamma(2 * k + 1) * float(v) for v, k in zip(w, updates, strict=True)]


def summed_exactly(terms: Sequence[Fraction]) -> bool:
    """Are these floats summed with no rounding in any order (``judge/floats``' grain test:
    with grain 2⁻ᵐ the finest, Σ|t|·2ᵐ < 2⁵³)?"""
    if not all(floats.is_float(t) for t in terms):
        return False
    m = max((t.denominator.bit_length() - 1 for t in terms), default=0)
    total: Fraction = sum((abs(t) for t in terms), Fraction(0))
    return bool(total * 2**m < 2**floats.FLOAT_BITS)


@lru_cache(maxsize=512)
def winnow(
    data: Data, bias: bool, epochs: Epochs, algorithm: str, settings: tuple[tuple[str, Any], ...],
    variant: Variant, promote: Fraction | None = None,
) -> Run:  # fmt: skip
    """The variant's run from w = 1, exactly; ``promote``: another factor in place of the
    algorithm's (its promotion, and its ÷ (1 + ε) or × (1 − ε) demotion), as code written
    with a factor of its own runs."""
    rows = with_bias(data[0], bias)
    n = len(rows[0])
    theta = Fraction(n) if variant["threshold"] == THRESHOLDS[0] else Fraction(n, 2)
    f = factor(algorithm, settings) if promote is None else promote
    demote = variant["demotion"]
    w = [Fraction(1)] * n
    updates = [0] * n
    ties, epoch, clean, exact, certain = 0, 0, False, floats.is_float(theta), True
    passes = MAX_EPOCHS if epochs == "converge" else int(epochs)
    while epoch < passes and not (epochs == "converge" and clean):
        epoch, clean = epoch + 1, True
        for x, y in zip(rows, data[1], strict=True):
            s = dot(tuple(w), x)
            active = [j for j, b in enumerate(x) if b == 1]
            exact = exact and summed_exactly([w[j] for j in active])
            if not exact and certain:  # the score's bound: its weights' and its sum's
                e = bound([w[j] for j in active], [updates[j] for j in active])
                top = sum(float(w[j]) for j in active) + sum(e)
                B = (sum(e) + floats.gamma(len(active)) * top) * floats.GROW
                certain = abs(s - theta) > Fraction(B)
            ties += s == theta
            positive = s >= theta if variant["at θ"] == AT_THETA[0] else s > theta
            if positive == (y == 1):
                continue
            clean = False
            for i, xi in enumerate(x):
                if xi != 1:
                    continue
                updates[i] += 1
                if y == 1:
                    w[i] *= f
                elif demote == "to 0":
                    w[i] = Fraction(0)
                elif demote == "halved":
                    w[i] /= 2
                elif demote == DIVIDING[0]:
                    w[i] /= f
                else:
                    w[i] *= 2 - f  # × (1 − ε)
                exact = exact and floats.is_float(w[i])
    status = "online" if epochs != "converge" else "converged" if clean else "max_epochs"
    return Run(tuple(w), epoch, status, ties, tuple(updates), exact, exact or certain)


class WinnowJudge(Judge[Vector]):
    what = "weights w"
    scales = False  # Winnow's factor is no learning rate

    def dims(self, options: Options) -> tuple[Dim, ...]:
        decide, _, demote = LINES[options.algorithm]
        demotions = ZEROING if options.algorithm == "winnow/disjunction" else DIVIDING
        return (
            Dim("threshold", THRESHOLDS, decide, "threshold"),
            Dim("at θ", AT_THETA, decide, "tie"),
            Dim("demotion", demotions, demote, "demotion"),
        )

    def _run(self, data: Data, variant: Variant, options: Options) -> Run:
        return winnow(
            data, options.bias, options.epochs, options.algorithm, options.settings, variant
        )

    def converges(self, data: Data, options: Options) -> bool:
        reference = self.variants(options, predictions=False)[0]
        return self._run(data, reference, options).status == "converged"

    def answer(self, data: Data, variant: Variant, options: Options) -> Vector:
        return self._run(data, variant, options).w

    def promotion(self, options: Options) -> Fraction | None:
        return factor(options.algorithm, options.settings)

    def promoted(self, data: Data, variant: Variant, options: Options, f: Fraction) -> Vector:
        o = options
        return winnow(data, o.bias, o.epochs, o.algorithm, o.settings, variant, f).w

    def reference(self, data: Data, options: Options) -> Vector:
        return run(options.algorithm, *data, **options.run()).weights

    def predict(
        self, data: Data, variant: Variant, options: Options, probes: Sequence[Vector]
    ) -> tuple[Fraction, ...]:
        w = self.answer(data, variant, options)
        n = len(w)
        theta = Fraction(n) if variant["threshold"] == THRESHOLDS[0] else Fraction(n, 2)
        at = variant["at θ"] == AT_THETA[0]
        return tuple(
            Fraction(1 if (dot(w, x) >= theta if at else dot(w, x) > theta) else -1)
            for x in with_bias(probes, options.bias)
        )

    def split(self, value: Vector) -> tuple[Vector, tuple[Any, ...]]:
        return value, ()

    def join(self, scaled: Vector, rest: tuple[Any, ...]) -> Vector:
        return scaled

    def refuse(self, data: Data, options: Options) -> str:
        if any(v not in (0, 1) for x in data[0] for v in x):
            return "Winnow takes 0/1 features"
        return super().refuse(data, options)

    def exact(self, data: Data, variant: Variant, options: Options) -> bool:
        """Can a float64 candidate be judged here: every weight a float and every w·x summed
        exactly along the run, or every decision certain within the bound of
        :func:`bound` (then its weights are compared within that bound)?"""
        return self._run(data, variant, options).certain

    def same(
        self, got: Vector, expected: Vector, data: Data, variant: Variant, options: Options,
        floats_: bool,
    ) -> bool:  # fmt: skip
        if got == expected:
            return True
        r = self._run(data, variant, options)
        if not floats_ or r.exact or len(got) != len(expected):
            return False
        e = bound(expected, r.updates)
        return all(abs(g - v) <= Fraction(b) for g, v, b in zip(got, expected, e, strict=True))

    def stats(self, data: Data, options: Options) -> Stats:
        reference = self.variants(options, predictions=False)[0]
        r = self._run(data, reference, options)
        return Stats(r.ties, 0, r.epochs)

    def blame(self, data: Data, options: Options, step: int) -> tuple[str, str]:
        s = run(options.algorithm, *data, **options.run()).steps[step]
        decide, promote, demote = LINES[options.algorithm]
        where = f"w·x − θ = {s.score} and y = {s.label:+d}"
        if s.score == 0:
            return decide, f"its weights differ after w·x = θ, {where}"
        if not s.mistake:
            return decide, f"its weights differ after {where}, no mistake"
        return (promote if s.label == 1 else demote), f"its weights differ after {where}"

    def show(self, value: Vector) -> str:
        return show_vector(value)

    def to_json(self, value: Vector) -> Any:
        return [str(v) for v in value]


JUDGE = WinnowJudge()
