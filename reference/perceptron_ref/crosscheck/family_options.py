"""A family's options (:class:`Options`), checked as ``run`` checks them (:func:`options`):
below :mod:`~perceptron_ref.crosscheck.family`, so that every stage's family module can take
them without importing the catalogue that names those modules."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from perceptron_ref import registry
from perceptron_ref.errors import InputError
from perceptron_ref.numbers import to_fraction
from perceptron_ref.runner import Epochs


@dataclass(frozen=True)
class Options:
    """The options of one crosscheck of a family, as ``run`` takes them (checked)."""

    algorithm: str
    bias: bool = False
    epochs: Epochs = 1
    eta: Fraction = Fraction(1)  # the step the candidate is told
    max_epochs: int | None = None
    settings: tuple[tuple[str, Any], ...] = field(default=())  # average, kernel, degree, c, k, ε

    @property
    def given(self) -> dict[str, Any]:
        return dict(self.settings)

    def get(self, name: str, default: Any = None) -> Any:
        return self.given.get(name, default)

    def run(self, eta: Fraction = Fraction(1)) -> dict[str, Any]:
        """``run``'s keyword arguments for the reference's run at step ``eta``."""
        options: dict[str, Any] = {"bias": self.bias, "eta": eta, "epochs": self.epochs}
        if self.epochs == "converge":
            options["max_epochs"] = self.max_epochs or MAX_EPOCHS
        return options | self.given


MAX_EPOCHS = 1000
"""Passes a family's run to convergence may make (the core's cap: ``oracle.MAX_EPOCHS``)."""

SETTINGS = ("average", "kernel", "degree", "c", "k", "epsilon")


def options(
    algorithm: str,
    *,
    bias: bool = False,
    epochs: Epochs = 1,
    eta: Fraction = Fraction(1),
    max_epochs: int | None = None,
    **settings: object,
) -> Options:
    """Check a family's options as ``run`` does (the same errors) and keep them."""
    given = {k: v for k, v in settings.items() if v is not None}
    unknown = sorted(set(given) - set(SETTINGS))
    if unknown:
        raise InputError(f"unknown option {unknown[0]!r}")
    registry.get(algorithm, **given)  # run's own check of every option
    for name in ("c", "epsilon"):  # rationals, read exactly as run reads them
        if name in given:
            given[name] = to_fraction(given[name])
    if max_epochs is not None and (type(max_epochs) is not int or max_epochs < 1):
        raise InputError(f"max_epochs must be a positive integer, got {max_epochs!r}")
    if max_epochs is not None and epochs != "converge":
        raise InputError("max_epochs caps 'converge' runs; with a number of epochs it is unused")
    return Options(algorithm, bias, epochs, eta, max_epochs, tuple(sorted(given.items())))
