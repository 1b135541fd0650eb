"""What a trial's answers checked, covered and left out: counted once for the core's
:class:`~perceptron_ref.crosscheck.judge.trial.Trial` and the families'
:class:`~perceptron_ref.crosscheck.judge.family_trial.FamilyTrial`, so that their reports
say it in the same words."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Protocol

from perceptron_ref.crosscheck.candidates.outcomes import Failure, Outcome
from perceptron_ref.crosscheck.data.datasets import Case
from perceptron_ref.crosscheck.report.results import Coverage

NOT_RUN = ("budget", "not run")
"""The failures that mean a data set was not checked (it says nothing of the candidate)."""
STOPS = ("hang", "load error", "budget")
"""The failures that end the asking: the data sets after them are not run."""


class Stats(Protocol):
    """A run's counts (the oracle's, a family judge's)."""

    @property
    def zero(self) -> int: ...
    @property
    def near_zero(self) -> int: ...
    @property
    def epochs(self) -> int: ...


def checked(outcomes: Sequence[Outcome]) -> list[int]:
    """The data sets checked: all but those not run."""
    return [i for i, o in enumerate(outcomes) if not (isinstance(o, Failure) and o.kind in NOT_RUN)]


def coverage(
    sets: Sequence[Case], stats: Iterable[Stats], largest: Iterable[Fraction]
) -> tuple[Coverage, tuple[tuple[str, int], ...]]:
    """The coverage of the data sets checked (their runs' ``stats``; ``largest``: each one's
    largest coordinate, as the candidate saw it), and how many came from each regime."""
    if not sets:
        return Coverage(), ()
    stats = list(stats)
    cover = Coverage(
        len(sets),
        max(len(c.data[0]) for c in sets),
        max(len(c.data[0][0]) for c in sets),
        max(largest),
        sum(s.zero for s in stats),
        sum(s.near_zero for s in stats),
        max(s.epochs for s in stats),
    )
    return cover, tuple(sorted(Counter(c.regime for c in sets).items()))


def limits(dimension: int | None, outcomes: Sequence[Outcome], checked: Sequence[int]) -> list[str]:
    """The verdict's limits: ``--dimension``, and the data sets not checked (and why)."""
    parts = []
    if dimension is not None:
        parts.append(f"checked at d = {dimension} only")
    skipped = len(outcomes) - len(checked)
    if skipped:
        why = next(o for o in outcomes if isinstance(o, Failure) and o.kind in NOT_RUN)
        parts.append(f"{skipped} data set{'s' if skipped != 1 else ''} not checked ({why.detail})")
    return parts
