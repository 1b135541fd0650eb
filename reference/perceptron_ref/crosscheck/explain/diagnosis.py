"""Why a candidate differs: each cause named by a code, and only when evidence shows it.

=================  ==============================================================
``learning-rate``   its weights are c·(the reference's), one c > 0 on every data set
                    (accepted: theorem ``perceptron/step-invariance``), or a positive
                    multiple on each data set, but not the same one; or the
                    counterexample's is c·(the reference's) and another's is not
``bias-last``       it returns the bias last (accepted)
``initial-weights`` a weight no example touches is not 0, and probed on x = 0 it keeps the
                    same nonzero weight for either label: w does not start at 0
``nondeterministic`` two runs on the same data, each in a fresh process, differ
``stateful``        a fresh process and one that answered earlier calls differ
``order``           its answer is the reference's on a reordering of the examples
``threshold``       its answers are those of a perceptron that predicts + only above a
                    threshold t ≠ 0, or counts |w·x| ≤ ε as a zero score (a tolerance)
``overflow``        its answers are those of a run in b-bit integers, which wrap, or of the
                    input cast to a b-bit integer type (``X.astype(np.int32)``), or of
                    weights kept in an integer array (each update cut toward 0)
``float-rounding``  rounding decided a score that is 0 (or within the float64 bound) in
                    the exact run; or its weights are close to the reference's but outside
                    float64's bound (lower precision); or its score is a float16 or float32;
                    or an exact candidate's decisions are those of a score summed in float64
``dimension``       right on every data set up to some d, wrong above it, and the smallest
                    counterexample needs more than d features
``passes``          its answers are the reference's weights after another number of
                    passes (one too few, one too many, or one whatever it is asked), on
                    the counterexample and on every data set it answered
``printed-digits``  its answers are the reference's float64 weights rounded to k < 17
                    significant digits (a program printing them with %.15g, as Perl's
                    JSON::PP does, or %g's 6)
=================  ==============================================================

A hypothesis about the run (a threshold, wrapping integers, a float64 score) is tested by
replaying it (:mod:`~perceptron_ref.crosscheck.judge.replay`) on the counterexample and then on
every data set the candidate answered: it must give exactly the candidate's weights.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np

from perceptron_ref import registry
from perceptron_ref.algorithm import BatchAlgorithm
from perceptron_ref.crosscheck.candidates.outcomes import Data, Returned
from perceptron_ref.crosscheck.judge.equivalence import Interval, matches
from perceptron_ref.crosscheck.judge.floats import bounded, describe, ideal
from perceptron_ref.crosscheck.judge.oracle import MAX_EPOCHS, Oracle
from perceptron_ref.crosscheck.judge.replay import (
    Decide,
    Replay,
    Scaled,
    replay,
    rule,
    walk,
    weights,
)
from perceptron_ref.runner import Epochs
from perceptron_ref.vectors import Vector

CODES = (
    "learning-rate",
    "initial-weights",
    "nondeterministic",
    "order",
    "threshold",
    "float-rounding",
    "overflow",
    "stateful",
    "bias-last",
    "dimension",
    "passes",
    "printed-digits",
    "label-coding",
)


@dataclass(frozen=True)
class Diagnosis:
    """A cause named by ``code`` (one of :data:`CODES`), with the evidence in one sentence."""

    code: str
    evidence: str


def show(w: Sequence[Fraction]) -> str:
    return "(" + ", ".join(describe(v) for v in w) + ")"


def learning_rate(rate: Fraction, told: Fraction, count: int) -> Diagnosis:
    """One learning rate c ≠ η on every data set (accepted when everything else agrees)."""
    spec = f"the η = {told} it was told" if told != 1 else "the notes' η = 1"
    return Diagnosis(
        "learning-rate",
        f"on every data set that moved w ({count}) the weights are {rate / told} × the "
        f"reference's: its learning rate is {rate}, not {spec}; from w = 0 a positive step "
        "changes no prediction (theorem perceptron/step-invariance)",
    )


def varying_rate(per_set: Sequence[tuple[int, Interval]]) -> Diagnosis | None:
    """Each data set's weights a positive multiple of the reference's, but not one multiple."""
    exact = [(i, lo) for i, (lo, hi) in per_set if lo == hi and lo > 0]
    if len({c for _, c in exact}) < 2:
        return None
    (i, a), (j, b) = exact[0], next(p for p in exact if p[1] != exact[0][1])
    return Diagnosis(
        "learning-rate",
        f"on data set {i + 1} the weights are {a} × the reference's, on data set {j + 1} "
        f"{b} ×: a positive multiple each time, but not one learning rate",
    )


def bias_last(count: int) -> Diagnosis:
    return Diagnosis(
        "bias-last",
        f"it returns the bias last, (w_1, ..., w_d, b); read as (b, w_1, ..., w_d), as the "
        f"reference orders them, its answers match on all {count} data sets",
    )


def initial_weights(data: Data, got: Vector, bias: bool) -> Diagnosis | None:
    """A coordinate that is 0 in every example keeps w = 0 in every perceptron from w = 0."""
    X = data[0]
    untouched = [j for j in range(len(X[0])) if all(x[j] == 0 for x in X)]
    moved = [(j, got[j + bias]) for j in untouched if got[j + bias] != 0]
    if not moved:
        return None
    j, v = moved[0]
    return Diagnosis(
        "initial-weights",
        f"feature {j + 1} is 0 in every example of the counterexample, so a perceptron from "
        f"w = 0 leaves its weight at 0, but the candidate returned {describe(v)} there: its "
        "weights do not start at 0 (the zero-score rule is not to blame)",
    )


def nondeterministic(n: int, answers: Sequence[Vector]) -> Diagnosis | None:
    distinct = list(dict.fromkeys(answers))
    if len(distinct) < 2:
        return None
    return Diagnosis(
        "nondeterministic",
        f"{len(answers)} runs on the same data set of {n} example{'s' if n != 1 else ''}, "
        f"each in a fresh process, returned {len(distinct)} different weight vectors, e.g. "
        f"{show(distinct[0])} and {show(distinct[1])}",
    )


def stateful(fresh: str, reused: str, calls: int) -> Diagnosis:
    return Diagnosis(
        "stateful",
        f"on the same data a fresh process returns {fresh}, but the process that had "
        f"answered {calls} earlier calls returned {reused}: its answer depends on earlier calls",
    )


def dimension(results: Sequence[tuple[int, bool]], needed: int) -> Diagnosis | None:
    """Right on every data set up to d, wrong on some above d, and the minimal counterexample
    needs more than d features."""
    wrong = [d for d, ok in results if not ok]
    if not wrong:
        return None
    below = [d for d, ok in results if d < min(wrong)]
    top = max(below, default=0)
    if top < 2 or len(below) < 5 or needed <= top:
        return None
    above = [ok for d, ok in results if d > top]
    return Diagnosis(
        "dimension",
        f"right on all {len(below)} data sets with d ≤ {top}, wrong on {len(wrong)} of the "
        f"{len(above)} with d ≥ {min(wrong)}, and the smallest counterexample found needs "
        f"d = {needed}: it is right only in low dimension",
    )


# -- hypotheses about the run, tested by replaying them -----------------------------------------


def passes(
    counter: tuple[Data, Vector],
    wrong: Sequence[tuple[Data, Vector]],
    right: Sequence[Data],
    oracle: Oracle,
    rate: Fraction,
    floats: bool,
) -> Diagnosis | None:
    """Its answers are the reference's weights after another number of passes: one too few
    (``range(1, epochs)``), one too many (``range(epochs + 1)``), or one whatever it is
    asked (a default that hides the option; for a run until a clean pass, a single pass).

    Each hypothesis is the reference's own loop run for that many passes: it must give
    the counterexample's answer and every other wrong one (within the float64 bound of a
    float candidate), and on every data set the candidate got right the two runs must end
    alike.  No pass at all is not tried: a loop that never updates (y·w·x < 0 from w = 0)
    gives the same zeros, nor a count of its own (:data:`OWN`) on answers that are all zeros."""
    asked = oracle.passes
    mistake = oracle.mistake()

    def after(data: Data, m: int) -> Vector:
        s = oracle.scaled(data)
        return weights(s, replay(s, mistake, passes=m, cap=MAX_EPOCHS))

    def gives(data: Data, got: Vector, m: int) -> bool:
        s = oracle.scaled(data)
        return matches(Returned(tuple(got)), after(data, m), None, rate, floats=floats,
                       data=s, mistake=mistake, passes=m, limit=16).ok  # fmt: skip

    by_size = sorted(wrong, key=lambda p: len(p[0][0]) * len(p[0][0][0]))
    near = counts(asked)
    for m in [*near, *(k for k in OWN if k not in near and k != asked)]:
        if all(gives(d, g, m) for d, g in [counter, *by_size]) and all(
            after(d, m) == oracle.trace(d).weights for d in right
        ):
            if m not in near and not any(any(g) for _, g in [counter, *by_size]):
                continue  # only zeros, as a loop that never updates gives: no count of its own
            return _passes(counter[0], m, asked, len(wrong) + len(right), oracle)
    return None


OWN = (2, 3, 5, 10, 20, 50, 100, 1000)
"""Counts of passes code makes of its own whatever it is asked (a default the option does not
reach, a global ``EPOCHS = 10``): tried by :func:`passes` after those of :func:`counts`."""


def counts(asked: int | None) -> list[int]:
    """The numbers of passes tried where ``asked`` were (None: until a clean pass): one
    fewer, one more, one; never 0 (see :func:`passes`)."""
    tries = [1] if asked is None else [asked - 1, asked + 1, 1]
    return [m for m in dict.fromkeys(tries) if m >= 1 and m != asked]


def _passes(data: Data, m: int, asked: int | None, count: int, oracle: Oracle) -> Diagnosis:
    expected = oracle.told(data)
    s = oracle.scaled(data)
    short = tuple(oracle.eta * v for v in weights(s, replay(s, oracle.mistake(), passes=m)))
    n = asked if asked is not None else expected.epochs
    return other_passes(m, asked, count, f"w after {m} pass{'es' * (m != 1)} is "
                        f"{show(short)}, after {n} {show(expected.weights)}")  # fmt: skip


def other_passes(m: int, asked: int | None, count: int, counter: str) -> Diagnosis:
    """The ``passes`` sentence: m passes made where ``asked`` (None: until a clean pass) were
    asked, on ``count`` data sets; ``counter`` says both runs' answers on the counterexample."""
    if asked is None:
        what = "not passes until one makes no mistake"
        words = f"it stops after {'one pass' if m == 1 else f'{m} passes'}"
    else:
        what = f"not the {asked} asked"
        made = "one pass" if m == 1 else f"{m} passes"
        words = {
            asked - 1: "one pass too few (a loop such as range(1, epochs))",
            asked + 1: "one pass too many (a loop such as range(epochs + 1))",
        }.get(m, f"{made} whatever the number asked (is the number of passes passed on?)")
    return Diagnosis(
        "passes",
        f"its answers on all {count} data sets it answered are the reference's after {m} "
        f"pass{'es' * (m != 1)}, {what}: {words}; on the counterexample {counter}",
    )


def step_part(
    counter: tuple[Data, Vector],
    wrong: Sequence[tuple[Data, Vector]],
    right: Sequence[Data],
    oracle: Oracle,
    floats: bool,
) -> Diagnosis | None:
    """Its answers are the reference's loop with the step η applied to one part of the update
    only: the bias (w ← w + y·x, b ← b + η·y) or the weights (w ← w + η·y·x, b ← b + y).
    Tried when a bias is learnt and η ≠ 1 (at η = 1 both are the reference's loop), for an
    online perceptron.  Each is run exactly: it must give the counterexample's answer and
    every other wrong one (a float candidate's within a relative 1e-9), and end as the
    reference on every data set the candidate got right; the same literal loop with η on
    the whole update must give the reference's answer on the counterexample (else the model
    is not this algorithm's loop, and nothing is said)."""
    from perceptron_ref.crosscheck.explain.files import Knobs, learn

    algorithm = registry.get(oracle.algorithm)
    eta = oracle.eta
    if not oracle.bias or eta == 1 or isinstance(algorithm, BatchAlgorithm):
        return None
    epochs: Epochs = "converge" if oracle.passes is None else oracle.passes
    whole = Knobs(algorithm.zero_score, epochs, True, 1, eta=eta, eta_bias=eta)
    data, got = counter
    if tuple(learn(data, whole)[0]) != oracle.told(data).weights:
        return None

    def gives(k: Knobs, data: Data, got: Vector) -> bool:
        want = learn(data, k)[0]
        if not floats:
            return tuple(want) == tuple(got)
        top = max([Fraction(1), *(abs(Fraction(v)) for v in want)])
        return len(want) == len(got) and all(
            abs(a - b) <= top / 10**9 for a, b in zip(want, got, strict=True)
        )

    parts = (
        ("the bias only (w ← w + y·x, b ← b + η·y)", replace(whole, eta=Fraction(1))),
        ("the weights only (w ← w + η·y·x, b ← b + y)", replace(whole, eta_bias=Fraction(1))),
    )
    for words, k in parts:
        if all(gives(k, d, g) for d, g in [counter, *wrong]) and all(
            tuple(learn(d, k)[0]) == oracle.told(d).weights for d in right
        ):
            count = len(wrong) + len(right)
            return Diagnosis(
                "learning-rate",
                f"its answers on all {count} data sets it answered are the reference's loop "
                f"with the step η = {eta} applied to {words}; on the counterexample that "
                f"gives {show(got)}, the reference {show(oracle.told(data).weights)}: "
                f"apply η to the whole update",
            )
    return None


def printed_digits(
    counter: tuple[Data, Vector],
    wrong: Sequence[tuple[Data, Vector]],
    answers: Sequence[Vector],
    oracle: Oracle,
    rate: Fraction,
) -> Diagnosis | None:
    """Its answers are the reference's float64 weights rounded to k < 17 significant digits:
    a program that prints them so (Perl's JSON::PP and print use %.15g, C's %g 6 digits).

    k is the fewest digits that write every number it answered (a number printed with k
    digits reads back as the float nearest a k-digit decimal); every wrong answer must then
    lie, weight by weight, within half a unit of its k-th digit (plus the float64 bound of
    the run, and a last bit) of the reference's.  A wrong answer that is not a k-digit
    decimal, or one further off, is some other bug."""
    k = max(_digits(v) for a in [counter[1], *answers] for v in a)
    if k >= 17:
        return None
    rounded = False  # some weight is not the exact one: the right answers alone are no sign
    for data, got in [counter, *wrong]:
        s = oracle.scaled(data)
        b = bounded(s, oracle.mistake(), rate, passes=oracle.passes, cap=MAX_EPOCHS)
        if b.run.status == "max_epochs" or len(got) != len(b.e):
            return None
        exact = ideal(s, b.run, rate)
        for g, v, e in zip(got, exact, b.e, strict=True):
            if abs(g - v) > e + _half_unit(g, k) + abs(v) / 2**52:
                return None
            rounded = rounded or g != v
    if not rounded:
        return None
    digits = f"{k} significant digit{'s' * (k != 1)}"
    return Diagnosis(
        "printed-digits",
        f"its printed weights are the reference's rounded to {digits} (every number it "
        f"answered on the {len(answers)} data sets has at most {k}, and each wrong answer, on "
        f"{len(wrong)} data set{'s' * (len(wrong) != 1)} and the counterexample, is the "
        f"reference's so rounded): print them with 17 (e.g. %.17g, repr) to be read exactly",
    )


def _digits(v: Fraction) -> int:
    """The fewest significant digits that write v as the float nearest them (17: v is no
    float64, so no printing of one explains it)."""
    try:
        f = float(v)
    except OverflowError:
        return 17
    if Fraction(f) != v:
        return 17
    mantissa = repr(abs(f)).split("e")[0].replace(".", "").strip("0")
    return max(len(mantissa), 1)


def _half_unit(g: Fraction, k: int) -> Fraction:
    """Half a unit in the k-th significant digit of g: how far a number may be from the
    k-digit decimal g it rounds to."""
    if g == 0:
        return Fraction(0)  # a weight printed as 0 was 0 (a k-digit rounding keeps it nonzero)
    e10 = len(str(abs(g).numerator)) - len(str(abs(g).denominator))
    while Fraction(10) ** e10 > abs(g):
        e10 -= 1
    while Fraction(10) ** (e10 + 1) <= abs(g):
        e10 += 1
    return Fraction(10) ** (e10 - k + 1) / 2


Model = Callable[[Scaled], Replay | None]


def fits(
    model: Model, pairs: Sequence[tuple[Data, Vector]], oracle: Oracle, rate: Fraction
) -> bool:
    """Does the model give exactly the candidate's weights on every (data, answer) pair?"""
    for data, got in pairs:
        s = oracle.scaled(data)
        r = model(s)
        if r is None or r.status == "max_epochs":
            return False
        if tuple(rate * v for v in weights(s, r)) != tuple(got):
            return False
    return True


def _grid() -> list[Fraction]:
    values = {Fraction(2) ** k for k in range(-50, 41)} | {
        Fraction(10) ** k for k in range(-15, 13)
    }
    return sorted(values)


GRID = _grid()


def _threshold_models(oracle: Oracle) -> list[tuple[str, Fraction, Callable[[Scaled], Decide]]]:
    """(description, t, decision on a scaled data set) for every threshold tried."""
    zero = rule(oracle_rule(oracle))
    models: list[tuple[str, Fraction, Callable[[Scaled], Decide]]] = []
    for t in GRID:
        for sign in (1, -1):
            T = sign * t

            def ge(s: Scaled, T: Fraction = T) -> Decide:
                bar = T * s.D * s.D
                return lambda v, y: (1 if v >= bar else -1) != y

            def gt(s: Scaled, T: Fraction = T) -> Decide:
                bar = T * s.D * s.D
                return lambda v, y: (1 if v > bar else -1) != y

            models += [("predicts + iff w·x ≥ t", T, ge), ("predicts + iff w·x > t", T, gt)]

        def band(s: Scaled, e: Fraction = t) -> Decide:
            bar = e * s.D * s.D
            return lambda v, y: zero(0 if abs(v) <= bar else v, y)

        def margin(s: Scaled, e: Fraction = t) -> Decide:
            bar = e * s.D * s.D
            return lambda v, y: y * v <= bar

        models += [
            (
                "counts |w·x| ≤ t as a zero score (a tolerance around 0, as "
                "np.isclose(w·x, 0) has)",
                t,
                band,
            )
        ]

        def below(s: Scaled, e: Fraction = t) -> Decide:
            bar = e * s.D * s.D
            return lambda v, y: y * v < bar

        below_t = "updates when y·(w·x) < t (a margin: the hinge loss's subgradient has t = 1)"
        models += [("updates when y·(w·x) ≤ t", t, margin), (below_t, t, below)]
    return models


def oracle_rule(oracle: Oracle) -> str:
    from perceptron_ref import registry

    return registry.get(oracle.algorithm).zero_score


def threshold(
    counter: tuple[Data, Vector],
    pairs: Sequence[tuple[Data, Vector]],
    oracle: Oracle,
    rate: Fraction,
) -> Diagnosis | None:
    """A perceptron with a threshold t ≠ 0 (or a tolerance band) that gives every answer."""
    for what, t, decide in _threshold_models(oracle):

        def model(s: Scaled, decide: Any = decide) -> Replay:
            return replay(s, decide(s), passes=oracle.passes, cap=MAX_EPOCHS)

        if fits(model, [counter], oracle, rate) and fits(model, pairs, oracle, rate):
            return Diagnosis(
                "threshold",
                f"its answers on all {len(pairs)} data sets it answered are those of a "
                f"perceptron that {what} with t = {describe(t)} (the spec's threshold is 0)",
            )
    return None


def label_coding(
    counter: tuple[Data, Vector],
    pairs: Sequence[tuple[Data, Vector]],
    oracle: Oracle,
    rate: Fraction,
) -> Diagnosis | None:
    """Labels coded 0/1 in the update (``w += y·x`` with y = 0 for a negative example, or a
    mistake test ``y·(w·x) <= 0`` that a 0 always meets and an update that adds 0·x): a
    negative example never moves w, a positive one as the spec's rule says.  It must give
    the counterexample's answer and every other answer; the counterexample must have a
    negative example that the reference counts as a mistake, and some answer a w that moved
    (a loop that never updates from w = 0, y·(w·x) < 0, gives zeros this model gives too)."""
    zero = oracle.mistake()

    def decide(v: Any, y: int) -> bool:
        return y == 1 and zero(v, y)

    def model(s: Scaled) -> Replay:
        return replay(s, decide, passes=oracle.passes, cap=MAX_EPOCHS)

    s = oracle.scaled(counter[0])
    told = replay(s, zero, passes=oracle.passes, cap=MAX_EPOCHS, keep=True)
    if not any(step.mistake and s.y[step.i] == -1 for step in told.steps):
        return None
    if all(v == 0 for _, got in [counter, *pairs] for v in got):
        return None  # w never moved: a mistake test no zero score meets, not the labels
    if not (fits(model, [counter], oracle, rate) and fits(model, pairs, oracle, rate)):
        return None
    return Diagnosis(
        "label-coding",
        f"its answers on all {len(pairs)} data sets it answered are those of a perceptron "
        "whose negative examples never move w, as when the labels are coded 0/1 in the "
        "update (w + y·x adds 0·x for y = 0): code them -1/+1",
    )


def never_moved(
    counter: tuple[Data, Vector],
    pairs: Sequence[tuple[Data, Vector]],
    oracle: Oracle,
    labels01: bool = False,
) -> Diagnosis | None:
    """Every answer w = 0 where the reference's run on the counterexample moves w: the loop
    of ``if y * (w @ x) < 0``, which counts a zero score as no mistake, so that from w = 0
    (every score 0) it never updates.  (A loop that never trains at all answers the same; the
    hint, to look at the mistake test at a zero score, fits both.)  Named ``threshold``: the
    replayed model ``y·(w·x) < t`` at t = 0, which :func:`threshold`'s grid has not.

    ``labels01``: the candidate was sent labels 0/1.  Then the likelier loop is one that
    updates by the label as sent (``w + y·x`` adds 0·x for y = 0) and predicts 1 at a zero
    score, so that from w = 0 no positive example is a mistake: ``label-coding``."""
    if any(v != 0 for _, got in [counter, *pairs] for v in got):
        return None
    if all(v == 0 for v in oracle.trace(counter[0]).weights):
        return None
    if labels01:
        return Diagnosis(
            "label-coding",
            f"its answers on all {len(pairs)} data sets it answered are w = 0, those of a "
            "perceptron that updates by the label as sent (w + y·x adds 0·x for y = 0) and "
            "predicts 1 at a zero score: from w = 0 no positive example is a mistake and a "
            "negative one never moves w (a mistake test y·(w·x) < 0 leaves w = 0 too): code "
            "the labels -1/+1 in the update",
        )
    return Diagnosis(
        "threshold",
        f"its answers on all {len(pairs)} data sets it answered are w = 0, those of a "
        "perceptron that updates when y·(w·x) < t with t = 0: a zero score w·x = 0 is never "
        "a mistake, so from w = 0 (every score 0) it never updates",
    )


def overflow(
    counter: tuple[Data, Vector],
    pairs: Sequence[tuple[Data, Vector]],
    oracle: Oracle,
    expected: Vector,
) -> Diagnosis | None:
    """A run in b-bit integers that wrap gives every integer answer; or the counterexample's
    answer is the expected one modulo 2^b."""
    if tuple(counter[1]) == tuple(expected):
        return None  # nothing to explain
    integer = [(d, g) for d, g in pairs if oracle.scaled(d).D == 1]
    for bits, dtype in ((8, np.int8), (16, np.int16), (32, np.int32), (64, np.int64)):

        def model(s: Scaled, dtype: Any = dtype) -> Replay | None:
            if s.D != 1:
                return None
            return walk(s, oracle.mistake(), passes=oracle.passes, cap=MAX_EPOCHS, dtype=dtype)

        if (
            integer
            and fits(model, [counter], oracle, Fraction(1))
            and fits(model, integer, oracle, Fraction(1))
        ):
            return Diagnosis(
                "overflow",
                f"its answers on all {len(integer)} integer data sets are those of a run in "
                f"{bits}-bit integers, which wrap past 2^{bits - 1} - 1 (on the counterexample "
                f"the exact weights are {show(expected)})",
            )
    got = counter[1]
    for bits in (8, 16, 32, 64):
        m = 2**bits
        if any(abs(v) >= m // 2 for v in expected) and all(
            g.denominator == 1 and abs(g) < m // 2 and (g - v) % m == 0
            for g, v in zip(got, expected, strict=True)
        ):
            return Diagnosis(
                "overflow",
                f"on the counterexample it returned {show(got)}, the exact weights "
                f"{show(expected)} taken modulo 2^{bits}: {bits}-bit integers wrapped",
            )
    return None


def float_score(
    counter: tuple[Data, Vector],
    pairs: Sequence[tuple[Data, Vector]],
    oracle: Oracle,
    rate: Fraction,
) -> Diagnosis | None:
    """An exact candidate whose decisions are those of w·x summed in float64."""

    def score(s: Scaled) -> Callable[[np.ndarray, np.ndarray], float]:
        def f(w: np.ndarray, x: np.ndarray) -> float:
            total = 0.0
            for a, b in zip(w.tolist(), x.tolist(), strict=True):
                total += float(Fraction(int(a), s.D)) * float(Fraction(int(b), s.D))
            return total

        return f

    def model(s: Scaled) -> Replay:
        wide = Scaled(s.X.astype(object), s.y, s.D)
        return walk(wide, oracle.mistake(), passes=oracle.passes, cap=MAX_EPOCHS, score=score(s))

    if not (fits(model, [counter], oracle, rate) and fits(model, pairs, oracle, rate)):
        return None
    data = counter[0]
    s = oracle.scaled(data)
    seen: list[tuple[int, float]] = []

    def look(step: Any, w: np.ndarray, x: np.ndarray) -> None:
        if step.s == 0 and not seen:
            f = score(s)(w.astype(object), x.astype(object))
            if f != 0:
                seen.append((step.t, f))

    walk(Scaled(s.X.astype(object), s.y, s.D), oracle.mistake(), passes=oracle.passes, sink=look)
    where = ""
    if seen:
        t, f = seen[0]
        where = f" (on the counterexample, at step {t + 1} w·x is exactly 0 but {f:.3g} in float64)"
    return Diagnosis(
        "float-rounding",
        f"its answers on all {len(pairs)} data sets it answered are those of a perceptron that "
        f"sums w·x in float64 over exact weights{where}",
    )


def score_precision(
    counter: tuple[Data, Vector],
    pairs: Sequence[tuple[Data, Vector]],
    oracle: Oracle,
    rate: Fraction,
) -> Diagnosis | None:
    """Its answers are those of the same loop in float64 whose score w·x is then held as a
    float16 or float32 (``np.float16(w @ x)``), or summed in that type: tiny scores round to
    0, large ones to infinity.  Named as the number type, not a threshold."""
    runs = [counter, *pairs]
    if all(_score_in(d, got, oracle, rate, np.float64, "cast") for d, got in runs):
        return None  # float64 scores give the same answers: the score's type is not the cause
    for name, dtype in (("float16", np.float16), ("float32", np.float32)):
        for how in ("cast", "sum"):
            if all(_score_in(d, got, oracle, rate, dtype, how) for d, got in runs):
                what = f"np.{name}(w @ x)" if how == "cast" else f"w @ x summed in {name}"
                return Diagnosis(
                    "float-rounding",
                    f"its answers on all {len(pairs)} data sets it answered are those of a "
                    f"perceptron whose weights are float64 but whose score is a {name} ({what}): "
                    f"scores below {name}'s smallest number round to 0 (a tie), beyond its "
                    "largest to infinity; the number type, not a threshold",
                )
    return None


def int_cast(
    counter: tuple[Data, Vector],
    pairs: Sequence[tuple[Data, Vector]],
    oracle: Oracle,
    rate: Fraction,
) -> Diagnosis | None:
    """Its answers are those of the loop on the examples cast to a b-bit integer type
    (``X.astype(np.int32)``: fractions cut toward 0) and run in it (sums wrap at 2^(b−1))."""
    if rate.denominator != 1:
        return None
    types = ((8, np.int8), (16, np.int16), (32, np.int32), (64, np.int64))
    runs = [counter, *pairs]
    fitting = [b for b, t in types if all(_cast_run(d, g, oracle, rate, t) for d, g in runs)]
    if not fitting:
        return None
    bits = fitting[0]
    wider = " (or wider: no score of these data passes its range)" if len(fitting) > 1 else ""
    return Diagnosis(
        "overflow",
        f"its answers on all {len(pairs)} data sets it answered are those of the loop on the "
        f"examples cast to int{bits}{wider}, as X.astype(np.int{bits}) does: fractions cut "
        f"toward 0, sums wrapping past 2^{bits - 1} - 1; the number type",
    )


def _cast_run(data: Data, got: Vector, oracle: Oracle, rate: Fraction, dtype: Any) -> bool:
    X = np.array([[float(v) for v in x] for x in data[0]], dtype=np.float64)
    with np.errstate(all="ignore"):
        X = X.astype(dtype)
        if oracle.bias:
            X = np.hstack([np.ones((len(X), 1), dtype=dtype), X])
        mistake = oracle.mistake()
        w = np.zeros(X.shape[1], dtype=dtype)
        step = dtype(int(rate))
        for _ in range(MAX_EPOCHS if oracle.passes is None else oracle.passes):
            clean = True
            for x, label in zip(X, data[1], strict=True):
                if mistake(int(w @ x), label):
                    w, clean = (w + step * dtype(label) * x).astype(dtype), False
            if oracle.passes is None and clean:
                break
    return len(w) == len(got) and tuple(Fraction(int(v)) for v in w) == tuple(got)


def int_weights(
    counter: tuple[Data, Vector],
    pairs: Sequence[tuple[Data, Vector]],
    oracle: Oracle,
    rate: Fraction,
) -> Diagnosis | None:
    """Its answers are those of the loop with its weights kept in an integer array
    (``w = np.zeros(d, dtype=int)``, then ``w[j] += y * x[j]``): the examples as given, each
    updated weight cut toward 0 (sums wrapping past the type's range); not on data whose
    every update is a whole number, where it is the reference's loop."""
    if tuple(counter[1]) == tuple(rate * v for v in oracle.trace(counter[0]).weights):
        return None
    runs = [counter, *pairs]
    for bits, dtype in ((64, np.int64), (32, np.int32)):
        if all(_int_weights_run(d, g, oracle, rate, dtype) for d, g in runs):
            return Diagnosis(
                "overflow",
                f"its answers on all {len(pairs)} data sets it answered are those of the loop "
                f"with its weights kept in int{bits} (np.zeros(d, dtype=int), then "
                "w[j] += y * x[j]): each updated weight is cut toward 0, and on the "
                f"counterexample it ends with w = {show(counter[1])}; the number type of w, not "
                "a rule of the loop",
            )
    return None


def _int_weights_run(data: Data, got: Vector, oracle: Oracle, rate: Fraction, dtype: Any) -> bool:
    X = np.array([[float(v) for v in x] for x in data[0]], dtype=np.float64)
    if oracle.bias:
        X = np.hstack([np.ones((len(X), 1)), X])
    mistake = oracle.mistake()
    w = np.zeros(X.shape[1], dtype=dtype)
    step = float(rate)
    with np.errstate(all="ignore"):
        for _ in range(MAX_EPOCHS if oracle.passes is None else oracle.passes):
            clean = True
            for x, label in zip(X, data[1], strict=True):
                if mistake(float(w @ x), label):
                    moved = w + step * label * x
                    if not np.all(np.isfinite(moved)):
                        return False
                    w, clean = moved.astype(dtype), False  # numpy cuts toward 0
            if oracle.passes is None and clean:
                break
    return len(w) == len(got) and tuple(Fraction(int(v)) for v in w) == tuple(got)


def _score_in(
    data: Data, got: Vector, oracle: Oracle, rate: Fraction, dtype: Any, how: str
) -> bool:
    """Run the loop in float64 with the score held as ``dtype``; is its answer ``got``?"""
    X = np.array([[float(v) for v in x] for x in data[0]], dtype=np.float64)
    if oracle.bias:
        X = np.hstack([np.ones((len(X), 1)), X])
    mistake = oracle.mistake()
    w = np.zeros(X.shape[1])
    step = float(rate)
    with np.errstate(all="ignore"):
        for _ in range(MAX_EPOCHS if oracle.passes is None else oracle.passes):
            clean = True
            for x, label in zip(X, data[1], strict=True):
                s = dtype(w @ x) if how == "cast" else w.astype(dtype) @ x.astype(dtype)
                if mistake(float(s), label):
                    w, clean = w + step * label * x, False
            if oracle.passes is None and clean:
                break
    if not np.all(np.isfinite(w)) or len(w) != len(got):
        return False
    return tuple(Fraction(float(v)) for v in w) == tuple(got)


def precision(data: Data, got: Vector, oracle: Oracle, rate: Fraction) -> Diagnosis | None:
    """The counterexample's answer is exactly the same loop's in float32 or float16, and not
    the exact run's (a history that goes on after the run's last step ends with the right w:
    a narrower float, which makes the same w, explains nothing there)."""
    if tuple(got) == tuple(rate * v for v in oracle.trace(data).weights):
        return None
    for name, dtype in (("float32", np.float32), ("float16", np.float16)):
        X = np.array([[float(v) for v in x] for x in data[0]], dtype=np.float64)
        if oracle.bias:
            X = np.hstack([np.ones((len(X), 1)), X])
        with np.errstate(all="ignore"):  # past float16's range: inf, which matches nothing
            narrow = X.astype(dtype)
        if _same_run_in(narrow, data, oracle, rate, dtype, got):
            odd = next((v for x in data[0] for v in x if float(dtype(float(v))) != v), None)
            why = f" ({describe(odd)} is not a {name})" if odd is not None else ""
            return Diagnosis(
                "float-rounding",
                f"on the counterexample its answer is exactly that of the same loop computed in "
                f"{name}{why}: arithmetic with fewer bits than the data need",
            )
    return None


def narrow_everywhere(
    counter: tuple[Data, Vector],
    pairs: Sequence[tuple[Data, Vector]],
    oracle: Oracle,
    rate: Fraction,
) -> Diagnosis | None:
    """:func:`precision`, when the same loop in that float type gives every answer it made
    too: a Float32Array, a ``float``, an ``f32`` (which a few small data sets may not tell
    from weights printed with 6 digits)."""
    found = precision(counter[0], counter[1], oracle, rate)
    if found is None:
        return None
    dtype = np.float32 if "float32" in found.evidence else np.float16
    for data, got in pairs:
        X = np.array([[float(v) for v in x] for x in data[0]], dtype=np.float64)
        if oracle.bias:
            X = np.hstack([np.ones((len(X), 1)), X])
        with np.errstate(all="ignore"):
            narrow = X.astype(dtype)
        if not _same_run_in(narrow, data, oracle, rate, dtype, got):
            return None
    return found


def _same_run_in(
    X: np.ndarray, data: Data, oracle: Oracle, rate: Fraction, dtype: Any, got: Vector
) -> bool:
    """Run the loop in ``dtype`` (numpy's own arithmetic) and compare with ``got``."""
    mistake = oracle.mistake()
    w = np.zeros(X.shape[1], dtype=dtype)
    step = dtype(float(rate))
    with np.errstate(all="ignore"):
        for _ in range(MAX_EPOCHS if oracle.passes is None else oracle.passes):
            clean = True
            for x, label in zip(X, data[1], strict=True):
                if mistake(float(w @ x), label):
                    w, clean = (w + step * dtype(label) * x).astype(dtype), False
            if oracle.passes is None and clean:
                break
    if not np.all(np.isfinite(w)):
        return False
    return tuple(Fraction(float(v)) for v in w) == tuple(got)


def rounding(count: int, step: int, score: Fraction, bound: Fraction) -> Diagnosis:
    return Diagnosis(
        "float-rounding",
        f"on {count} data set{'s' if count != 1 else ''} rounding decided a score: e.g. at "
        f"step {step + 1} the exact score is {describe(score)}, within the float64 error "
        f"bound {describe(bound)} of the candidate's; its weights are those of the exact run "
        "with that step decided the other way (not held against it)",
    )


# -- order ---------------------------------------------------------------------------------------


def order(
    data: Data, answers: Sequence[Vector], oracle: Oracle, rate: Fraction
) -> Diagnosis | None:
    """Each answer is the reference's on some reordering of the examples (the same order in
    every pass, or a new order before each pass)."""
    n = len(data[0])
    if n < 2 or not answers:
        return None
    s = oracle.scaled(data)
    mistake = oracle.mistake()
    perms = list(itertools.permutations(range(n))) if n <= 6 else [tuple(reversed(range(n)))]
    shown = [_unscaled(a, s.D, rate) for a in answers]
    if any(w is None for w in shown):
        return None
    same: dict[tuple[int, ...], tuple[int, ...]] = {}
    for p in perms[1:]:
        r = replay(_permute(s, p), mistake, passes=oracle.passes, cap=MAX_EPOCHS)
        if r.status != "max_epochs":
            same.setdefault(tuple(int(v) for v in r.w.tolist()), p)
    if all(w in same for w in shown):
        p = same[shown[0]]  # type: ignore[index]
        many = len(answers) > 1
        return Diagnosis(
            "order",
            f"its answer{'s' if many else ''} on the counterexample {'are' if many else 'is'} "
            f"the reference's with the examples taken in the order "
            f"{', '.join(str(i + 1) for i in p)} (not "
            f"{', '.join(map(str, range(1, n + 1))) if n <= 4 else f'1, ..., {n}'})",
        )
    if oracle.passes == 1 or n > 4:
        return None
    finals = _per_pass(s, mistake, perms, oracle.passes)
    if all(w in finals for w in shown):
        return Diagnosis(
            "order",
            "its answer on the counterexample is the reference's with the examples reordered "
            "before each pass",
        )
    return None


def _unscaled(answer: Vector, D: int, rate: Fraction) -> tuple[int, ...] | None:
    """w·D/c as integers (a replay's units), or None when the answer is not on that grid."""
    values = [v * D / rate for v in answer]
    if any(v.denominator != 1 for v in values):
        return None
    return tuple(int(v) for v in values)


def _permute(s: Scaled, p: Sequence[int]) -> Scaled:
    return Scaled(s.X[list(p)], s.y[list(p)], s.D)


def _per_pass(
    s: Scaled, mistake: Decide, perms: Sequence[Sequence[int]], passes: int | None
) -> set[tuple[int, ...]]:
    """The final w of every run that takes the examples in any order in each pass."""
    frontier = {tuple([0] * s.X.shape[1])}
    finals: set[tuple[int, ...]] = set()
    for epoch in range(1, 61):
        following: set[tuple[int, ...]] = set()
        for w in frontier:
            for p in perms:
                r = walk(_permute(s, p), mistake, passes=1, start=np.array(w, dtype=object))
                after = tuple(int(v) for v in r.w.tolist())
                if passes is None and r.mistakes == 0:
                    finals.add(w)
                elif passes is not None and epoch == passes:
                    finals.add(after)
                else:
                    following.add(after)
        frontier = following
        if not frontier or len(frontier) > 2000:
            break
    return finals
