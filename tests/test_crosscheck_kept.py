"""The reference's results kept by data set (crosscheck/judge/kept.py): computed once while
kept, never mistaken for another data set's, the least recently used dropped first, and taken
back from the disk cache's form under the same key."""

from __future__ import annotations

from typing import Any

from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.judge.kept import Kept


def _data(v: int) -> Data:
    return (((v, 1),), (1,))


def test_a_result_is_made_once_while_kept_and_again_once_dropped() -> None:
    kept, made = Kept(2), []

    def make(v: int) -> Any:
        made.append(v)
        return v * 10

    a, b, c = _data(1), _data(2), _data(3)
    assert kept.get(a, ("run",), lambda: make(1)) == 10
    assert kept.get(a, ("run",), lambda: make(1)) == 10 and made == [1]
    kept.get(b, ("run",), lambda: make(2))
    kept.get(a, ("run",), lambda: make(1))  # a used last: b is the least recent
    kept.get(c, ("run",), lambda: make(3))
    assert kept.has(a, ("run",)) and not kept.has(b, ("run",)) and kept.has(c, ("run",))
    kept.get(b, ("run",), lambda: make(2))
    assert made == [1, 2, 3, 2]


def test_equal_data_sets_are_distinct_and_keys_do_not_mix() -> None:
    kept = Kept(10)
    a, twin = _data(1), _data(1)  # equal, not the same object
    kept.get(a, ("trace",), lambda: "a")
    assert not kept.has(twin, ("trace",)) and not kept.has(a, ("stats",))
    assert kept.get(twin, ("trace",), lambda: "twin") == "twin"


def test_what_is_remembered_is_taken_back_by_index_and_prefix() -> None:
    kept = Kept(10)
    sets = [_data(1), _data(2)]
    kept.get(sets[1], ("family-A", "run"), lambda: "A's")
    kept.get(sets[1], ("family-B", "run"), lambda: "B's")
    kept.get(_data(3), ("family-A", "run"), lambda: "not among the sets")
    runs = kept.remembered(sets, ("family-A",))
    assert runs == [(1, ("run",), "A's")]
    other = Kept(10)
    again = [_data(1), _data(2)]  # as read back from disk: new objects
    other.remember(again, runs, ("family-A",))
    assert other.get(again[1], ("family-A", "run"), lambda: "recomputed") == "A's"
    assert not other.has(again[1], ("family-B", "run"))
