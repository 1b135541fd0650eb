"""The voted perceptron's data: the core's regimes (its training run is the online
perceptron's, a zero score a mistake), where every mistake after the first starts a vector
whose count starts at 1 or 0 and every zero score meets the training rules; realistic sizes
as for a candidate that loops in Python (its answer holds every vector: at most a few
hundred of 784 weights)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.data.datasets import REGIMES as CORE_REGIMES
from perceptron_ref.crosscheck.data.datasets import Case, Needs
from perceptron_ref.crosscheck.data.families import core, core_plan, probes, smallest_first
from perceptron_ref.crosscheck.family_options import Options
from perceptron_ref.vectors import Vector


class Voted:
    names = CORE_REGIMES[1:]

    def draw(
        self, options: Options, needs: Needs, examples: int, seed: int, keep: Callable[[Data], bool]
    ) -> list[Case]:
        return smallest_first(core(replace(needs, vectorized=False), examples, seed, keep))

    def probes(self, data: Data, options: Options) -> tuple[Vector, ...]:
        return probes(data)

    def plan(self, options: dict[str, Any], examples: int, floats: bool) -> tuple[str, ...]:
        return core_plan(examples, floats)


REGIMES = Voted()
