"""The voted perceptron's answers: the list ⟨(v₀, c₀), …, (v_M, c_M)⟩ and the vote.

Real implementations differ in where a new vector's count starts (``voted.6``: Freund &
Schapire's c_{k+1} := 1, or 0: the examples it survived), in sign(0) in training
(``voted.3``: the reference counts a zero score as a mistake; copysign(1, 0.0) = +1 does
not) and in sign(0) in the vote (the reference's +1, np.sign's 0, or −1).  The initial pair
(0, 0) with count 0 has no vote: an answer may leave it out (both sides are compared without
it).  A learning rate scales the vectors, never the counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

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
from perceptron_ref.crosscheck.judge.families.averaged import RULES, TRAINING, training
from perceptron_ref.crosscheck.judge.replay import rule as decide
from perceptron_ref.crosscheck.judge.replay import scaled
from perceptron_ref.vectors import Vector, dot

Votes = tuple[tuple[Vector, int], ...]
SIGNS = ("sign(0) = +1", "sign(0) = 0", "sign(0) = −1")
AT_ZERO = dict(zip(SIGNS, (1, 0, -1), strict=True))


def canonical(votes: Votes) -> Votes:
    """The votes without a leading (0, 0) of count 0 (it has no vote)."""
    if votes and votes[0][1] == 0 and not any(votes[0][0]):
        return votes[1:]
    return votes


def sign(s: Fraction, at_zero: int) -> int:
    return at_zero if s == 0 else (1 if s > 0 else -1)


class VotedJudge(Judge[Votes]):
    what = "votes (v, c)"
    symbol = "votes"
    decide = "voted.3"
    update = "voted.5"

    def dims(self, options: Options) -> tuple[Dim, ...]:
        return (
            Dim("count", ("count 1", "count 0"), "voted.6"),
            Dim("training", TRAINING, "voted.3"),
            Dim("vote", SIGNS, "voted.8", "vote", predictions=True),
        )

    def converges(self, data: Data, options: Options) -> bool:
        return training(data, options.bias, options.epochs, "tie-mistake").status == "converged"

    def answer(self, data: Data, variant: Variant, options: Options) -> Votes:
        return self.stepped(data, variant, options, Fraction(1))

    def stepped(
        self, data: Data, variant: Variant, options: Options, bias_step: Fraction, coded: str = ""
    ) -> Votes:
        rule = RULES[variant["training"]]
        r = training(data, options.bias, options.epochs, rule, bias_step, coded)
        votes = r.votes
        if variant["count"] == "count 0":  # a new vector starts at 0: one less each
            votes = votes[:1] + tuple((v, c - 1) for v, c in votes[1:])
        return canonical(votes)

    def reference(self, data: Data, options: Options) -> Votes:
        trace = run_reference(data, options)
        return canonical(trace.model.perceptrons)

    def predict(
        self, data: Data, variant: Variant, options: Options, probes: Sequence[Vector]
    ) -> tuple[Fraction, ...]:
        votes = self.answer(data, variant, options)
        at_zero = AT_ZERO[variant["vote"]]
        found = []
        for x in with_bias(probes, options.bias):
            s = sum(c * sign(dot(v, x), at_zero) for v, c in votes)
            found.append(Fraction(sign(Fraction(s), at_zero)))
        return tuple(found)

    def normalize(self, got: Got, reading: Reading, data: Data, options: Options) -> Votes | None:
        votes: Votes = got.value
        last = reading.bias_last and options.bias and got.shape != "(w, b, c) triples"
        return canonical(tuple((move_bias(v, last), c) for v, c in votes))

    def split(self, value: Votes) -> tuple[Vector, tuple[Any, ...]]:
        d = len(value[0][0]) if value else 0
        return tuple(a for v, _ in value for a in v), (d, *(c for _, c in value))

    def join(self, scaled: Vector, rest: tuple[Any, ...]) -> Votes:
        d, counts = rest[0], rest[1:]
        return tuple((scaled[k * d : (k + 1) * d], c) for k, c in enumerate(counts))

    def parts(self, got: Votes, expected: Votes) -> dict[str, bool]:
        return {
            "vectors": [v for v, _ in got] == [v for v, _ in expected],
            "counts": [c for _, c in got] == [c for _, c in expected],
        }

    def exact(self, data: Data, variant: Variant, options: Options) -> bool:
        s = scaled(*data, bias=options.bias)
        passes = None if options.epochs == "converge" else int(options.epochs)
        return floats.exact(s, decide(RULES[variant["training"]]), passes=passes)

    def stats(self, data: Data, options: Options) -> Stats:
        r = training(data, options.bias, options.epochs, "tie-mistake")
        return Stats(r.zero, r.near_zero, r.epochs)

    def blame(self, data: Data, options: Options, step: int) -> tuple[str, str]:
        s = run_reference(data, options).steps[step]
        where = f"w·x = {s.score} and y = {s.label:+d}"
        if s.score == 0:
            return self.decide, f"its votes differ after a zero score, {where}"
        return (self.update if s.mistake else "voted.4"), f"its votes differ after {where}"

    def show(self, value: Votes) -> str:
        return ", ".join(f"{show_vector(v)} × {c}" for v, c in value) or "(none)"

    def to_json(self, value: Votes) -> Any:
        return [{"weights": [str(a) for a in v], "count": c} for v, c in value]


def run_reference(data: Data, options: Options) -> Any:
    from perceptron_ref import run

    return run(options.algorithm, *data, **options.run())


JUDGE = VotedJudge()
