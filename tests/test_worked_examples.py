"""The notes' worked examples, exactly as the notes print them."""

from __future__ import annotations

from fractions import Fraction
from itertools import islice

import pytest

from perceptron_ref import registry, run
from perceptron_ref.algorithm import BatchAlgorithm
from perceptron_ref.runner import Epochs
from perceptron_ref.vectors import Label, Vector, show
from tests.helpers import BATCH, CORE

# Gormley slide 15 (in order): (−1,2)−, (1,0)+, (1,1)+, (−1,0)−, (−1,−2)−, (1,−1)+.
GORMLEY_X = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
GORMLEY_Y = [-1, 1, 1, -1, -1, 1]


@pytest.mark.parametrize(
    "algorithm",
    ["perceptron/mehta", "perceptron/gormley-online", "perceptron/ssbd", *BATCH],
)
def test_gormley_slide_15_weights_are_the_slides(algorithm: str) -> None:
    """Tie → positive and tie → mistake both give the slide's w₁ … w₄ (peers.md)."""
    trace = run(algorithm, GORMLEY_X, GORMLEY_Y)
    updates = [show(s.weights) for s in trace.steps if s.mistake]
    assert updates == ["(1, -2)", "(2, -1)", "(3, 1)"]
    assert show(trace.weights) == "(3, 1)"
    assert trace.mistakes == 3


def test_gormley_slide_15_under_blums_rule_ends_at_1_0() -> None:
    """Tie → negative makes one mistake and ends at w = (1, 0) (peers.md)."""
    trace = run("perceptron/blum", GORMLEY_X, GORMLEY_Y)
    assert (trace.mistakes, show(trace.weights)) == (1, "(1, 0)")


def test_blums_three_points() -> None:
    """(0,1)−, (1,1)+, (1,0)+: one mistake, on (1,1), w = (1,1)."""
    trace = run("perceptron/blum", [(0, 1), (1, 1), (1, 0)], [-1, 1, 1])
    assert [s.mistake for s in trace.steps] == [False, True, False]
    assert [s.score for s in trace.steps] == [0, 0, 1]
    assert show(trace.weights) == "(1, 1)"


def test_press_xor_is_reported_as_a_cycle() -> None:
    """Press §4: the PLA never stops on XOR; w returns to 0 after the first pass."""
    trace = run("perceptron/press", [(-1, -1), (1, 1), (-1, 1), (1, -1)], [-1, -1, 1, 1])
    assert trace.status == "cycled"
    assert trace.cycle == (0, 1)
    assert trace.weights == (Fraction(0), Fraction(0))
    assert trace.mistakes == 2


@pytest.mark.parametrize("algorithm", CORE)
def test_xor_never_converges(algorithm: str) -> None:
    """No variant converges on XOR: batch runs and `converge` runs end as a proven cycle."""
    X, y = [(-1, -1), (1, 1), (-1, 1), (1, -1)], [-1, -1, 1, 1]
    epochs: Epochs = 1 if algorithm in BATCH else "converge"
    trace = run(algorithm, X, y, epochs=epochs)
    assert trace.status == "cycled"
    assert trace.cycle is not None
    first, second = trace.cycle
    assert first < second == trace.epochs
    at_end = {s.epoch: s.weights for s in trace.steps if s.index == len(X) - 1}
    at_end[0] = (Fraction(0), Fraction(0))
    assert at_end[first] == at_end[second]


def test_max_epochs_stops_a_run_before_it_is_decided() -> None:
    """Slide 15 needs a second, clean pass to converge; a cap of one pass stops it first."""
    trace = run("perceptron/gormley-batch", GORMLEY_X, GORMLEY_Y, max_epochs=1)
    assert (trace.status, trace.epochs, trace.mistakes) == ("max_epochs", 1, 3)
    assert run("perceptron/gormley-batch", GORMLEY_X, GORMLEY_Y, max_epochs=2).status == "converged"


ONE = Fraction(1)


# Gormley slide 15's data, separable: Press's PLA and Gormley's batch loop converge after two
# passes (w = (3, 1) after pass 1, no mistake in pass 2; tests/test_worked_examples.py).
POINTS = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
LABELS: list[Label] = [-1, 1, 1, -1, -1, 1]
GORMLEY: tuple[tuple[Vector, Label], ...] = tuple(
    ((Fraction(a), Fraction(b)), y) for (a, b), y in zip(POINTS, LABELS, strict=True)
)


@pytest.mark.parametrize("algorithm", ["perceptron/press", "perceptron/gormley-batch"])
def test_a_batch_learner_itself_stops_after_its_first_clean_pass(algorithm: str) -> None:
    # Press's do-while "until no mistake in a pass" ([press.8]) and Gormley's "while not
    # converged" ([gormley-batch.2]) end the loop themselves: 2 passes of 6 examples = 12 steps,
    # whatever the runner does.  (The runner stops at a clean pass too, so only the learner
    # alone shows it.)
    learner = registry.get(algorithm)
    assert isinstance(learner, BatchAlgorithm)
    steps = list(islice(learner.learn(GORMLEY, eta=ONE), 100))
    assert len(steps) == 12
    assert [s.epoch for s in steps] == [1] * 6 + [2] * 6
    assert not any(s.mistake for s in steps[6:])
