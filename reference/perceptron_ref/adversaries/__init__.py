"""Adversaries: data sets built against a learner, one label at a time.

A *learner* is any deterministic online learner: an algorithm ID of the registry (with
its options), or a Python callable ``predict(history, x) -> ±1`` that sees the labelled
examples so far and the new x.  The adversary shows x, reads the prediction, and gives
the other label, so every round is a mistake.

For an algorithm ID the prediction is read by replaying the algorithm on the history
followed by (x, +1) and taking its last step (a batch algorithm's first pass: the notes'
batch loops are online within a pass).  The label is then −ŷ.  For a learner whose
zero-score rule is "tie → mistake" (``perceptron/ssbd`` reports ŷ = −y at s = 0) the
probe with +1 reports −1 and the label +1 is again a mistake, as the rule says.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from perceptron_ref import registry
from perceptron_ref.algorithm import BatchAlgorithm
from perceptron_ref.errors import InputError
from perceptron_ref.runner import run
from perceptron_ref.vectors import Label, Vector

History = Sequence[tuple[Vector, Label]]
Predictor = Callable[[History, Vector], Label]
"""A deterministic online learner as a function: (labelled examples so far, x) → ŷ."""

Learner = str | Predictor


def predictor(learner: Learner, **options: object) -> Predictor:
    """The learner as a :data:`Predictor`; ``options`` go to :func:`run` (eta, k, epsilon, ...)."""
    if callable(learner):
        if options:
            raise InputError("options apply to an algorithm ID, not to a callable learner")
        return learner
    algo = registry.get(learner)  # an unknown ID fails here, before any round
    once = {"max_epochs": 1} if isinstance(algo, BatchAlgorithm) else {}

    def predict(history: History, x: Vector) -> Label:
        X = [*(h for h, _ in history), x]
        y = [*(t for _, t in history), 1]
        trace = run(learner, X, y, **once, **options)  # type: ignore[arg-type]
        step = trace.steps[len(history)]
        assert (step.epoch, step.index) == (1, len(history))
        return step.prediction

    return predict


def against(predict: Predictor, history: History, x: Vector) -> Label:
    """The adversary's label for x: the one the learner did not predict."""
    y_hat = predict(history, x)
    if y_hat not in (-1, 1):
        raise InputError(f"the learner predicted {y_hat!r}, not -1 or 1")
    return -1 if y_hat == 1 else 1
