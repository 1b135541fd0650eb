"""The scored tests of each family beyond the core six (one module per family).

A family's module names its regimes in words ("Right on …") and its graded parts, each a test
of its own: voted's "The vectors", "The counts" and "The vote at a tie"; Winnow's threshold,
its rule at w·x = θ and its demotion; ….  A part is read off the crosscheck report's
``aspects`` (:class:`~perceptron_ref.crosscheck.report.results.Aspect`): a part the answers do
not show (the vote, when the candidate returned its list of (v, c) rather than a fitted
model) does not apply, and is not listed.  The default tests: it runs, each part, and right
on each regime (``right``, on every data set, is there to add), one point each.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from perceptron_ref.crosscheck.candidates.outcomes import Failure
from perceptron_ref.crosscheck.family import of as family_of
from perceptron_ref.crosscheck.report.results import Report

Test = dict[str, Any]
Check = Callable[[Report, str], tuple[bool, str]]


@dataclass(frozen=True)
class Scored:
    """A family's tests: its regimes (name → words) and its parts (aspect → test name)."""

    regimes: dict[str, str]
    parts: dict[str, str]

    def names(self) -> dict[str, str]:
        return {
            "runs": "It runs",
            **self.parts,
            "right": "Right on every data set",
            **{f"right-{r}": f"Right on {words}" for r, words in self.regimes.items()},
        }

    def tests(self) -> tuple[Test, ...]:
        checks = ("runs", *self.parts, *(f"right-{r}" for r in self.regimes))
        names = self.names()
        return tuple(
            {"name": names[c], "check": c, "points": 1, "visibility": "visible"} for c in checks
        )


def runs(report: Report, words: str) -> tuple[bool, str]:
    """It loads and answers every data set (no crash, hang, memory or unreadable answer)."""
    c = report.counterexample
    if c is not None and isinstance(c.got, Failure):
        return False, words
    n = report.examples
    return True, f"It answered on all {n} data set{'s' * (n != 1)}: {report.compared}."


def part(name: str) -> Check:
    """The test of one graded part: right iff the report's aspect is."""

    def check(report: Report, words: str) -> tuple[bool, str]:
        found = next((a for a in report.aspects if a.name == name), None)
        if found is None or found.ok is None:
            return False, "Not checked: your answers do not show it."
        if found.ok:
            return True, f"Right ({found.evidence})."
        return False, f"Not right: {found.evidence}."

    return check


def of(algorithm: str) -> Scored | None:
    """The family's tests (None for the core six: ``grading/scoring.py``'s own)."""
    name = family_of(algorithm).name
    if name == "core":
        return None
    found: Scored = importlib.import_module(f"{__name__}.{name}").SCORED
    return found
