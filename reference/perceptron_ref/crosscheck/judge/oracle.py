"""The reference's runs on the tried data, each computed once: traces, replays, coverage.

Small data sets run in the literal loops with every step kept (the counterexample's
explanation needs them); large ones (more than ``SMALL`` numbers) in the fast engine, which
returns the same trace, keeping only the totals.  Each data set's integer replay
(:mod:`~perceptron_ref.crosscheck.judge.replay`) is checked against the reference's trace before
it is used.  Results are cached by data set (the same objects are tried again while a
counterexample shrinks, and across crosschecks of one process, e.g. a grading run).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from perceptron_ref import registry
from perceptron_ref.algorithm import BatchAlgorithm
from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.judge.floats import exact
from perceptron_ref.crosscheck.judge.kept import Kept
from perceptron_ref.crosscheck.judge.replay import (
    Decide,
    Replay,
    Scaled,
    rule,
    same_run,
    scaled,
    walk,
    weights,
)
from perceptron_ref.crosscheck.judge.replay import replay as replay_
from perceptron_ref.runner import Epochs, run
from perceptron_ref.trace import Trace
from perceptron_ref.vectors import Vector

SMALL = 20_000
"""Numbers (n·d) above which the fast engine computes a reference run."""
LONG = 2000
"""Examples above which it does too (a literal trace keeps every step, in Fractions)."""
MAX_EPOCHS = 1000
"""Cap on a converging run's passes (the data are separable for the variant under test;
another variant may cycle, which the reference proves, or need more passes)."""
QUICK = 200
"""Numbers (n·d) above which a shrinking try is judged on the integer replay."""
NEAR_ZERO = Fraction(1, 2**10)
"""A score 0 < |w·x| ≤ 2⁻¹⁰ is counted as near zero by the coverage."""
RESULTS = Kept(4000)
"""The reference's results of this process (the core's), by data set."""


def converges(algorithm: str, epochs: Epochs) -> bool:
    """Does a run of ``algorithm`` with ``epochs`` go on until a clean pass?"""
    return isinstance(registry.get(algorithm), BatchAlgorithm) or epochs == "converge"


@dataclass(frozen=True)
class Stats:
    """What one data set's run covered (see :class:`~perceptron_ref.crosscheck.check.Coverage`)."""

    zero: int
    near_zero: int
    epochs: int


class Oracle:
    """The reference runs of one crosscheck's options (``eta`` = 1; see ``told``)."""

    def __init__(self, algorithm: str, *, bias: bool, epochs: Epochs, eta: Fraction) -> None:
        self.algorithm, self.bias, self.epochs, self.eta = algorithm, bias, epochs, eta
        self.converge = converges(algorithm, epochs)
        self.passes: int | None = None if epochs == "converge" or self.converge else int(epochs)

    def _key(self, *what: Hashable) -> tuple[Hashable, ...]:
        return (self.bias, self.epochs, *what)

    def trace(self, data: Data, algorithm: str | None = None, *, full: bool = False) -> Trace:
        """The run of ``algorithm`` (the one under test) with η = 1."""
        algorithm = algorithm or self.algorithm
        n = len(data[0])
        small = full or (n * len(data[0][0]) <= SMALL and n <= LONG)
        return RESULTS.get(  # type: ignore[no-any-return]
            data,
            self._key("trace", algorithm, small),
            lambda: self._run(algorithm, data, Fraction(1), small),
        )

    def told(self, data: Data) -> Trace:
        """The run as the candidate was told it (η as given): the expected answer shown."""
        return RESULTS.get(  # type: ignore[no-any-return]
            data,
            self._key("told", self.eta),
            lambda: self._run(self.algorithm, data, self.eta, True),
        )

    def _run(self, algorithm: str, data: Data, eta: Fraction, small: bool) -> Trace:
        X: Any = data[0]
        y = data[1]
        options: dict[str, Any] = {"bias": self.bias, "eta": eta}
        if not small:
            options |= {"engine": "fast", "record": "summary"}
            s = self.scaled(data)
            if s.D == 1 and s.X.dtype == np.int64:  # hand the engine its integers directly
                X = s.X[:, 1:] if self.bias else s.X
        if isinstance(registry.get(algorithm), BatchAlgorithm):
            return run(algorithm, X, y, max_epochs=MAX_EPOCHS, **options)
        if self.converge:
            return run(algorithm, X, y, epochs="converge", max_epochs=MAX_EPOCHS, **options)
        return run(algorithm, X, y, epochs=self.epochs, **options)

    def quick(self, data: Data, algorithm: str | None = None) -> tuple[Vector, str]:
        """The run's final w and status, as cheaply as they are known: the reference's trace
        for small data or data already run, else the integer replay (shrinking tries many
        data sets; the counterexample it ends with is run by the reference itself)."""
        algorithm = algorithm or self.algorithm
        small = len(data[0]) * len(data[0][0]) <= QUICK
        if small or RESULTS.has(data, self._key("trace", algorithm, False)):
            t = self.trace(data, algorithm)
            return t.weights, t.status
        s = self.scaled(data)
        r = replay_(s, self.mistake(algorithm), passes=self.passes, cap=MAX_EPOCHS)
        return weights(s, r), r.status

    def scaled(self, data: Data) -> Scaled:
        return RESULTS.get(  # type: ignore[no-any-return]
            data, (self.bias, "scaled"), lambda: scaled(*data, bias=self.bias)
        )

    def walked(self, data: Data, algorithm: str) -> Replay:
        """The exact walk of ``algorithm``'s rule (a variant of the one under test) on
        ``data``, as the float64 bound replays it (:func:`~perceptron_ref.crosscheck.judge.
        floats.bounded`).  Cached: every wrong float answer is held against it, and a class's
        entry keeps it."""

        def make() -> Replay:
            s = self.scaled(data)
            return walk(s, self.mistake(algorithm), passes=self.passes, cap=MAX_EPOCHS)

        return RESULTS.get(data, self._key("walk", algorithm), make)  # type: ignore[no-any-return]

    def largest(self, data: Data, bias: bool) -> Fraction:
        """The largest |xⱼ| in ``data`` (the bias's column of 1s left out when ``bias``), for
        the coverage line.  Cached: every crosscheck's coverage asks, and a class's entry
        keeps it."""

        def make() -> Fraction:
            s = self.scaled(data)
            X = s.X[:, 1:] if bias else s.X
            return Fraction(int(abs(X).max()) if X.size else 0, s.D)

        return RESULTS.get(data, (self.bias, "largest", bias), make)  # type: ignore[no-any-return]

    def float_exact(self, data: Data, algorithm: str) -> bool:
        """Is the run of ``algorithm`` (a variant of the one under test) float64-exact on
        ``data`` (:func:`~perceptron_ref.crosscheck.judge.floats.exact`)?  Cached: every
        float answer a variant is held against asks, and a class's entry keeps it."""

        def make() -> bool:
            return exact(self.scaled(data), self.mistake(algorithm), passes=self.passes,
                         cap=MAX_EPOCHS)  # fmt: skip

        key = self._key("exact", self.algorithm, algorithm)
        return RESULTS.get(data, key, make)  # type: ignore[no-any-return]

    def mistake(self, algorithm: str | None = None) -> Decide:
        return rule(registry.get(algorithm or self.algorithm).zero_score)

    def replay(self, data: Data) -> Replay:
        """The integer replay of the run under test (every step's score kept), checked
        against the reference's trace."""

        def make() -> Replay:
            s = self.scaled(data)
            r = replay_(s, self.mistake(), passes=self.passes, cap=MAX_EPOCHS, keep=True)
            assert same_run(s, r, self.trace(data)), "the replay differs from the reference"
            return r

        return RESULTS.get(data, self._key("replay", self.algorithm), make)  # type: ignore[no-any-return]

    def stats(self, data: Data) -> Stats:
        """Zero and near-zero scores of the run under test, and its passes (cached: every
        crosscheck's coverage asks)."""

        def make() -> Stats:
            s, r = self.scaled(data), self.replay(data)
            limit = NEAR_ZERO * s.D * s.D
            zero = sum(1 for step in r.steps if step.s == 0)
            near = sum(1 for step in r.steps if step.s != 0 and abs(int(step.s)) <= limit)
            return Stats(zero, near, r.epochs)

        return RESULTS.get(data, self._key("stats", self.algorithm), make)  # type: ignore[no-any-return]
