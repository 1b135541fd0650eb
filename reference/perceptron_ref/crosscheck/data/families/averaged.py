"""The averaged perceptron's data: the core's regimes (its training run is the online
perceptron's, a zero score a mistake), where the averages differ on every data set with a
mistake after the first example (``before`` and ``after`` by (w_N − w₀)/N) and the training
rules at every zero score."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.data.datasets import REGIMES as CORE_REGIMES
from perceptron_ref.crosscheck.data.datasets import Case, Needs
from perceptron_ref.crosscheck.data.families import core, core_plan, probes, smallest_first
from perceptron_ref.crosscheck.family_options import Options
from perceptron_ref.vectors import Vector


class Averaged:
    names = CORE_REGIMES[1:]

    def draw(
        self, options: Options, needs: Needs, examples: int, seed: int, keep: Callable[[Data], bool]
    ) -> list[Case]:
        return smallest_first(core(needs, examples, seed, keep))

    def probes(self, data: Data, options: Options) -> tuple[Vector, ...]:
        return probes(data)

    def plan(self, options: dict[str, Any], examples: int, floats: bool) -> tuple[str, ...]:
        return core_plan(examples, floats)


REGIMES = Averaged()
