"""Sizes that fit the candidate: the large data sets cut to what its measured speed finishes.

A right plain-Python loop takes seconds where numpy takes milliseconds; given 5000 × 784 it
would pass the time limit and be judged ``hang``.  So the small data sets' answers are timed
(by the worker's clock: the call alone), and each large data set is first priced: its
*work* is the multiply-adds of the reference's run on it (steps × D), the candidate's speed
the seconds per multiply-add beyond a call's overhead, read off the answers with the most
work.  A data set priced past :data:`SHARE` of the time limit is timed again on its own
first :data:`PREFIX` examples (vectorized code pays per example, a plain loop per
multiply-add: only its own d tells which), and if still priced past it keeps only as many
of its examples (its first ones; d stays) as fit in :data:`TARGET` of it.  A large data set that
passes the limit anyway is tried again at a quarter of its size: an answer in time makes the
candidate slow, not hung (its speed is measured again); no answer is a hang.  The report
says the largest size reached, and for a numpy candidate whether ``--input lists`` is faster.

>>> s = Speed.measured([(10, 0.0001), (50_000, 0.05), (200_000, 0.2)])
>>> round(s.seconds(4_000_000), 2)
4.0
>>> keep(5000, 4_000_000, s, limit=6.0)
2251
>>> keep(5000, 4_000_000, Speed.measured([(10, 0.0001), (50_000, 0.0001)]), limit=10.0)
5000
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

SHARE = 0.5
"""A data set priced past this share of the time limit is cut."""
TARGET = 0.3
"""... to what is priced at this share of it."""
MIN_WORK = 2000
"""Only answers with at least this much work price the candidate (below, overhead rules)."""
SMALLEST = 8
"""A data set is never cut below this many examples."""
PREFIX = 100
"""A large data set priced past the limit is first timed on this many of its examples."""


@dataclass(frozen=True)
class Speed:
    """A call's overhead (seconds) and the seconds per multiply-add beyond it (None: not
    known yet: no answer had work enough)."""

    overhead: float
    rate: float | None

    @classmethod
    def measured(cls, timed: Sequence[tuple[int, float]]) -> Speed:
        """From (work, seconds) of the answers so far."""
        if not timed:
            return cls(0.0, None)
        overhead = min(s for _, s in timed)
        rates = [(s - overhead) / w for w, s in timed if w >= MIN_WORK]
        return cls(overhead, max(rates) if rates else None)

    def seconds(self, work: int) -> float | None:
        """The price of ``work`` multiply-adds (None when the speed is not known)."""
        return None if self.rate is None else self.overhead + self.rate * work

    def per_step(self) -> str:
        """The speed in words: "2.1 µs per multiply-add"."""
        if self.rate is None:
            return "speed not measured"
        ns = self.rate * 1e9
        return (
            f"{ns / 1000:.3g} µs per multiply-add"
            if ns >= 1000
            else f"{ns:.3g} ns per multiply-add"
        )


def keep(n: int, work: int, speed: Speed, limit: float) -> int:
    """How many of n examples to keep (n when it fits) for ``work`` at ``speed`` within
    ``limit`` seconds."""
    price = speed.seconds(work)
    if price is None or price <= SHARE * limit or speed.rate is None:
        return n
    per_example = speed.rate * work / n
    fitting = int((TARGET * limit - speed.overhead) / per_example) if per_example else n
    return max(SMALLEST, min(n, fitting))


@dataclass(frozen=True)
class Sized:
    """A data set cut to the candidate's speed: its regime, examples planned and kept, d."""

    regime: str
    planned: int
    kept: int
    dimension: int


def words(sized: Sequence[Sized], speed: Speed, lists: float | None) -> str:
    """The report's sentence: the largest size reached, and ``--input lists`` when it ran
    that many times faster (``lists``: the ratio measured, None: not measured)."""
    top = max(sized, key=lambda s: s.kept * s.dimension)
    said = (
        f"data sized to its speed ({speed.per_step()}): {len(sized)} data "
        f"set{'s' if len(sized) != 1 else ''} cut, the largest reached n = {top.kept}, "
        f"d = {top.dimension} ({top.planned} examples planned)"
    )
    if lists is not None and lists >= 1.5:
        said += (
            f"; with --input lists it ran {lists:.2g}× faster (plain Python loops over numpy "
            "arrays are slow)"
        )
    return said
