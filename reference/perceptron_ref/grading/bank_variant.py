"""One hand-in of the audit bank (:mod:`~perceptron_ref.grading.bank` for the core six,
:mod:`~perceptron_ref.grading.bank_family` for the families): a module of its own, so that
the family bank, which the core bank hands a family's assignment to, does not import it back."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Variant:
    """One hand-in of the bank: its name, what it does, the checks it is right and wrong in
    (others: not judged), its knobs, and its files."""

    name: str
    what: str
    right: frozenset[str]
    wrong: frozenset[str]
    knobs: dict[str, Any] = field(default_factory=dict)
    files: dict[str, str] = field(default_factory=dict)

    @property
    def correct(self) -> bool:
        return not self.wrong
