"""What a run returns: an immutable, typed trace of every step and the totals.

A :class:`Step` is one example seen: its epoch and index, the score s = ⟨w, x⟩ the
learner computed, its prediction, the label, whether the step was a mistake, and w
after the step.  A :class:`Trace` holds the steps and the totals of the run.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal, NamedTuple, Protocol

from perceptron_ref.vectors import Label, Vector

Status = Literal["online", "converged", "cycled", "max_epochs"]
"""How a run ended: ``online``: the requested number of passes was made;
``converged``: a pass made no mistake; ``cycled``: w repeated at an epoch boundary,
which proves the run would cycle for ever; ``max_epochs``: stopped at the cap."""

Record = Literal["full", "mistakes", "summary"]
"""What a trace keeps: every step, only the mistake steps, or only the totals."""


class Model(Protocol):
    """What an algorithm learns besides its current w: the vote of the voted perceptron,
    the average of the averaged one, the dual form of the kernel one."""

    def predict(self, x: Vector) -> Label:
        """The model's label for a new x."""
        ...

    def to_json(self) -> dict[str, Any]:
        """Extra keys of the JSON trace (every rational a ``str(Fraction)``)."""
        ...

    def to_text(self) -> str:
        """Extra lines of the text trace."""
        ...


class Example(NamedTuple):
    """One example as an online learner receives it: epoch, its index i in the data, x, y."""

    epoch: int
    i: int
    x: Vector
    y: Label


@dataclass(frozen=True, slots=True)
class Step:
    """One example seen, with the learner's score, prediction and w after the step."""

    epoch: int
    index: int
    score: Fraction
    prediction: Label
    label: Label
    mistake: bool
    weights: Vector
    model: Model | None = field(default=None, kw_only=True)
    """The model after the step, for algorithms that learn more than w (else None)."""


@dataclass(frozen=True)
class Trace:
    """A whole run: the steps kept (see ``record``) and the totals.

    ``cycle`` is the pair of epochs (e₁, e₂) whose final weights coincide when the
    status is ``cycled``: the passes after e₁ repeat for ever with period e₂ − e₁
    (epoch 0 stands for the initial w = 0).
    """

    algorithm: str
    dimension: int
    bias: bool
    eta: Fraction
    mistakes: int
    epochs: int
    status: Status
    weights: Vector
    steps: tuple[Step, ...]
    record: Record = "full"
    cycle: tuple[int, int] | None = None
    model: Model | None = field(default=None, kw_only=True)
    """The final model of algorithms that learn more than w (the vote, the average, the
    dual form); None for the plain perceptrons, whose model is ``weights``."""
