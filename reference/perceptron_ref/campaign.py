"""A property campaign: many generated separable data sets, every core variant, every step
checked against the Block–Novikoff invariants.  ``perceptron-ref demo`` prints its tally.

>>> tally = campaign(examples=3)
>>> sorted(tally) == sorted(CORE)
True
>>> all(t.data_sets == 3 and t.steps > 0 and t.worst <= 1 for t in tally.values())
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from hypothesis import HealthCheck, given, seed, settings, target

from perceptron_ref import registry
from perceptron_ref.algorithm import BatchAlgorithm
from perceptron_ref.registry import PERCEPTRONS
from perceptron_ref.runner import run
from perceptron_ref.testing import SeparableData, separable_data
from perceptron_ref.trace import Trace
from perceptron_ref.vectors import dot, norm2

CORE = PERCEPTRONS


@dataclass
class Tally:
    """What was verified for one variant."""

    data_sets: int = 0
    steps: int = 0
    worst: Fraction = Fraction(0)
    """The largest k/(R²/γ²) seen (the theorem says ≤ 1)."""


def check(trace: Trace, data: SeparableData) -> int:
    """Assert ⟨w, w*⟩ ≥ kγ and ‖w‖² ≤ kR² after every step and k ≤ R²/γ²; return steps checked."""
    k = 0
    for s in trace.steps:
        k += s.mistake
        assert dot(s.weights, data.w_star) >= k * data.gamma, (trace.algorithm, s)
        assert norm2(s.weights) <= k * data.R_squared, (trace.algorithm, s)
    assert k == trace.mistakes <= data.bound, (trace.algorithm, k, data.bound)
    return len(trace.steps)


def campaign(examples: int = 400, random_seed: int | None = None) -> dict[str, Tally]:
    """Run every core variant to convergence on ``examples`` generated data sets.

    Derandomized (reproducible) unless ``random_seed`` is given.  Hypothesis steers the data
    toward runs with many mistakes (``target``).  A violated invariant raises AssertionError,
    with Hypothesis's shrunk counterexample.
    """
    tally = {a: Tally() for a in CORE}

    @settings(
        max_examples=examples,
        derandomize=random_seed is None,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(separable_data(max_dimension=8, max_size=60))
    def every_variant(data: SeparableData) -> None:
        for algorithm in CORE:
            batch = isinstance(registry.get(algorithm), BatchAlgorithm)
            trace = run(algorithm, data.X, data.y, epochs=1 if batch else "converge")
            assert trace.status == "converged", trace.status
            t = tally[algorithm]
            t.data_sets += 1
            t.steps += check(trace, data)
            t.worst = max(t.worst, trace.mistakes / data.bound)
            target(float(trace.mistakes / data.bound), label=algorithm)

    test = every_variant if random_seed is None else seed(random_seed)(every_variant)
    test()
    return tally
