"""The reference's results kept by data set, in one process: the core's oracle
(:mod:`~perceptron_ref.crosscheck.judge.oracle`) and a family's trial
(:mod:`~perceptron_ref.crosscheck.judge.family_trial`) keep theirs here.

A result is a function of its data set and the rest of its key alone, so it is computed once
while it is kept: the same data sets are tried again while a counterexample shrinks, and by
every crosscheck of a grading run.  A data set is keyed by its ``id`` and kept with its
result, so that its id is never reused while the result lives (shrinking makes and drops
many data sets); the least recently used go first.  What is kept for a crosscheck's data
sets is what :mod:`~perceptron_ref.crosscheck.judge.cache` writes to disk, and takes back.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from perceptron_ref.crosscheck.candidates.outcomes import Data

Run = tuple[int, tuple[Hashable, ...], Any]
"""One result as the disk cache keeps it: the data set's index among the crosscheck's cases,
the rest of its key, the value."""


class Kept:
    """At most ``size`` results, by data set and the rest of their key."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._results: OrderedDict[tuple[Hashable, ...], tuple[Data, Any]] = OrderedDict()

    def has(self, data: Data, key: tuple[Hashable, ...]) -> bool:
        """Is the result for ``data`` and ``key`` kept (without counting it as used)?"""
        found = self._results.get((id(data), *key))
        return found is not None and found[0] is data

    def get(self, data: Data, key: tuple[Hashable, ...], make: Callable[[], Any]) -> Any:
        """The result for ``data`` and ``key``: ``make()`` unless it is kept."""
        full = (id(data), *key)
        found = self._results.get(full)
        if found is not None and found[0] is data:
            self._results.move_to_end(full)
            return found[1]
        value = make()
        self._put(full, data, value)
        return value

    def remembered(self, sets: Sequence[Data], prefix: tuple[Hashable, ...] = ()) -> list[Run]:
        """The results kept for these data sets whose key starts with ``prefix``: (index in
        ``sets``, rest of the key after the prefix, value)."""
        where = {id(d): i for i, d in enumerate(sets)}
        start = 1 + len(prefix)
        return [
            (where[k[0]], k[start:], value)
            for k, (data, value) in self._results.items()
            if k[0] in where and k[1:start] == prefix and data is sets[where[k[0]]]
        ]

    def remember(
        self, sets: Sequence[Data], runs: Sequence[Run], prefix: tuple[Hashable, ...] = ()
    ) -> None:
        """Take results computed before (by :meth:`remembered`, maybe in another process)
        for these data sets, as if they had been computed here."""
        for i, tail, value in runs:
            self._put((id(sets[i]), *prefix, *tail), sets[i], value)

    def _put(self, key: tuple[Hashable, ...], data: Data, value: Any) -> None:
        self._results[key] = (data, value)
        while len(self._results) > self.size:
            self._results.popitem(last=False)


__all__ = ["Kept", "Run"]
