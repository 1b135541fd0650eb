"""Halving's answers: the hypotheses of the cover that survive, and the majority vote.

The hypotheses are the cover the reference builds (``halving/cover``: exact rational unit
vectors) and the candidate is told (``hypotheses``).  Real implementations differ in sgn(0)
(``halving-cover.2``: Mehta's f_w(x) = +1 at ⟨w, x⟩ = 0; −1; or numpy's 0, which is no label,
so the hypothesis is dropped on any example on its boundary) and in a tied vote (the
reference predicts +1, ``halving-cover.4``; it shows only in predictions: the surviving set
does not depend on it).  Halving has no step: no learning rate is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from perceptron_ref import run
from perceptron_ref.crosscheck.candidates.families import Got, Unreadable
from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.data.families.halving import hypotheses
from perceptron_ref.crosscheck.family_options import MAX_EPOCHS, Options
from perceptron_ref.crosscheck.judge.families import (
    Dim,
    Judge,
    Reading,
    Stats,
    Variant,
    show_vector,
    with_bias,
)
from perceptron_ref.errors import InputError
from perceptron_ref.vectors import Vector, dot

Survivors = tuple[Vector, ...]
SIGNS = ("sgn(0) = +1", "sgn(0) = −1", "sgn(0) = 0")
VOTES = ("a tie predicts +1", "a tie predicts −1")
AT_ZERO = dict(zip(SIGNS, (1, -1, 0), strict=True))


def vote(w: Vector, x: Vector, at_zero: int) -> int:
    s = dot(w, x)
    return at_zero if s == 0 else (1 if s > 0 else -1)


class HalvingJudge(Judge[Survivors]):
    what = "surviving hypotheses"
    symbol = "survivors"
    scales = False
    decide = "halving-cover.5"
    update = "halving-cover.6"

    def dims(self, options: Options) -> tuple[Dim, ...]:
        return (
            Dim("sgn(0)", SIGNS, "halving-cover.2", "sign"),
            Dim("vote", VOTES, "halving-cover.4", "vote", predictions=True),
        )

    def check(self, options: Options, floats: bool) -> None:
        if floats:
            raise InputError(
                "halving/cover's hypotheses are exact rational unit vectors (denominators such "
                "as 4321): crosscheck it with --input fractions"
            )

    def told_for(self, options: Options) -> Any:
        base = super().told_for(options)

        def told(data: Data) -> dict[str, Any]:
            H = hypotheses(len(data[0][0]), options)
            return base(data) | {"hypotheses": {"rows": [[str(v) for v in w] for w in H]}}

        return told

    def survivors(self, data: Data, variant: Variant, options: Options) -> Survivors:
        at_zero = AT_ZERO[variant["sgn(0)"]]
        C = hypotheses(len(data[0][0]), options)
        rows = with_bias(data[0], options.bias)
        passes = MAX_EPOCHS if options.epochs == "converge" else int(options.epochs)
        for epoch in range(passes):
            before = len(C)
            for x, y in zip(rows, data[1], strict=True):
                C = tuple(w for w in C if vote(w, x, at_zero) == y)
            if options.epochs == "converge" and epoch and len(C) == before:
                break
        return C

    def converges(self, data: Data, options: Options) -> bool:
        return True  # C only shrinks: a pass that removes none is clean

    def answer(self, data: Data, variant: Variant, options: Options) -> Survivors:
        return self.survivors(data, variant, options)

    def reference(self, data: Data, options: Options) -> Survivors:
        t = run(options.algorithm, *data, **options.run())
        last = t.steps[-1]
        C = self.survivors(data, self.variants(options, predictions=False)[0], options)
        # the trace keeps |C| and |C|·(the first survivor): check the survivors against them
        assert last.version_space == len(C)  # type: ignore[attr-defined]
        assert not C or tuple(v / len(C) for v in t.weights) == C[0]
        return C

    def predict(
        self, data: Data, variant: Variant, options: Options, probes: Sequence[Vector]
    ) -> tuple[Fraction, ...]:
        C = self.answer(data, variant, options)
        at_zero = AT_ZERO[variant["sgn(0)"]]
        tie = 1 if variant["vote"] == VOTES[0] else -1
        found = []
        for x in with_bias(probes, options.bias):
            s = sum(vote(w, x, at_zero) for w in C)
            found.append(Fraction(tie if s == 0 else (1 if s > 0 else -1)))
        return tuple(found)

    def normalize(
        self, got: Got, reading: Reading, data: Data, options: Options
    ) -> Survivors | None:
        kind, value = got.value
        H = hypotheses(len(data[0][0]), options)
        if kind == "vectors":
            return tuple(value)
        if kind == "mask":
            if len(value) != len(H):
                raise Unreadable(f"a mask of {len(value)}, but {len(H)} hypotheses")
            return tuple(w for w, keep in zip(H, value, strict=True) if keep)
        if any(i >= len(H) for i in value):
            return None
        return tuple(H[i] for i in value)

    def split(self, value: Survivors) -> tuple[Vector, tuple[Any, ...]]:
        return (), (value,)

    def join(self, scaled: Vector, rest: tuple[Any, ...]) -> Survivors:
        found: Survivors = rest[0]
        return found

    def exact(self, data: Data, variant: Variant, options: Options) -> bool:
        return False  # refused for float candidates (check)

    def stats(self, data: Data, options: Options) -> Stats:
        C = hypotheses(len(data[0][0]), options)
        rows = with_bias(data[0], options.bias)
        zero = sum(1 for x in rows for w in C if dot(w, x) == 0)
        return Stats(zero, 0, 1 if options.epochs == "converge" else int(options.epochs))

    def blame(self, data: Data, options: Options, step: int) -> tuple[str, str]:
        return self.update, "its surviving hypotheses differ from here on"

    def show(self, value: Survivors) -> str:
        return (
            f"{len(value)}: "
            + (", ".join(show_vector(w) for w in value[:6]) or "none")
            + (", …" if len(value) > 6 else "")
        )

    def to_json(self, value: Survivors) -> Any:
        return [[str(a) for a in w] for w in value]


JUDGE = HalvingJudge()
