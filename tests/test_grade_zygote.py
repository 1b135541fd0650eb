"""Hand-ins graded in processes forked from one zygote (grading/zygote.py), or from the grading
process itself (``Here``: a platform's autograder): the same results as a fresh grading
process, a dying or overrunning fork costs only its own job, and the cache entry the zygote
read beforehand is used only while its file stays the same."""

from __future__ import annotations

import errno
import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from perceptron_ref.crosscheck.data.datasets import Case
from perceptron_ref.crosscheck.judge import cache
from perceptron_ref.grading import classrun
from perceptron_ref.grading.zygote import Here, Zygote
from tests.hostile import CANDIDATES

SUBMISSIONS = CANDIDATES / "grading"
TESTS = [{"name": "It runs", "check": "runs", "points": 1, "visibility": "visible"}]
FORKS = {"zygote": Zygote, "here": Here}
"""Where a hand-in's grading process is forked from: a class's zygote, or this process."""


def _no_pidfd(pid: int, flags: int = 0) -> int:
    raise OSError(errno.ENOSYS, "pidfd_open")


def _job(tmp_path: Path, name: str, source: Path, **options: Any) -> dict[str, Any]:
    snapshot = tmp_path / name
    snapshot.mkdir()
    shutil.copy(source, snapshot / "hand_in.py")
    return {
        "name": name,
        "snapshot": str(snapshot),
        "entry": str(snapshot / "hand_in.py"),
        "problem": "",
        "function": "train",
        "options": {"algorithm": "perceptron/mehta", "examples": 6} | options,
        "tests": TESTS,
    }


@pytest.mark.parametrize("forks", list(FORKS))
def test_a_forked_grading_gives_what_a_fresh_one_gives(tmp_path: Path, forks: str) -> None:
    right = _job(tmp_path, "alice", SUBMISSIONS / "alice.py")
    wrong = _job(tmp_path, "init_ones", CANDIDATES / "init_ones.py")
    with FORKS[forks]() as zygote:
        forked = [classrun.run_one(j, 120, zygote) for j in (right, wrong)]
    fresh = [classrun.run_one(j, 120) for j in (right, wrong)]
    assert forked == fresh
    assert [g["row"]["verdict"] for g in forked] == ["agree", "disagree"]


@pytest.mark.parametrize("forks", list(FORKS))
def test_a_dying_fork_costs_only_its_job_and_its_row_says_why(tmp_path: Path, forks: str) -> None:
    bad = _job(tmp_path, "x", SUBMISSIONS / "alice.py", no_such_option=1)  # crosscheck raises
    good = _job(tmp_path, "alice", SUBMISSIONS / "alice.py")
    with FORKS[forks]() as zygote:
        died = classrun.run_one(bad, 60, zygote)
        after = classrun.run_one(good, 60, zygote)  # the zygote grades on
    assert died["row"]["verdict"] == "error"
    assert died["row"]["reason"].startswith("not graded: the grading process exited with status 1")
    assert "no_such_option" in died["row"]["reason"]  # the fork's last line of stderr
    assert after["row"]["verdict"] == "agree"


@pytest.mark.parametrize("forks", [*FORKS, "here-without-pidfd"])
def test_a_fork_over_its_budget_is_killed_and_the_zygote_grades_on(
    tmp_path: Path, forks: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if forks == "here-without-pidfd":  # a kernel before 5.3: Here waits by polling
        monkeypatch.setattr(os, "pidfd_open", _no_pidfd)
        forks = "here"
    hangs = _job(tmp_path, "eve", SUBMISSIONS / "eve.py", timeout=30)  # each answer waits 30 s
    good = _job(tmp_path, "alice", SUBMISSIONS / "alice.py")
    with FORKS[forks]() as zygote:
        start = time.monotonic()
        graded = classrun.run_one(hangs, 3, zygote)
        assert time.monotonic() - start < 20
        pid = zygote.pids.get(1) if isinstance(zygote, Zygote) else zygote.last
        assert forks == "zygote" or pid is not None
        after = classrun.run_one(good, 60, zygote)
    assert graded["row"]["reason"] == "time budget: grading took more than 3 s (killed)"
    assert after["row"]["verdict"] == "agree"
    if pid:  # the killed fork is gone (reaped by its parent: the zygote, or this process)
        assert not Path(f"/proc/{pid}").exists()


def test_an_entry_read_beforehand_is_used_only_while_its_file_is_the_same(
    tmp_path: Path,
) -> None:
    store = cache.Store(tmp_path / "cache")
    key = "a" * 64
    case = Case("given", (((1, 2),), (1,)))
    store.save(key, cache.Entry((case,), ()))
    path = store.path(key)
    assert cache.held_in(tmp_path / "cache") == [path]  # written here: named, for the zygote
    assert cache.preread(path)
    read = store.load(key)
    assert read is not None and read.runs == () and store.load(key) is read  # read once, kept
    store.save(key, cache.Entry((case,), ((0, ("x",), 1),)))  # rewritten: another file
    again = store.load(key)
    assert again is not None and again.runs == ((0, ("x",), 1),)
    path.write_bytes(b"garbage")
    assert not cache.preread(path) and store.load(key) is None
    assert not cache.preread(tmp_path / "cache" / "missing.bin")


def test_a_zygote_that_died_leaves_each_hand_in_to_a_fresh_process(tmp_path: Path) -> None:
    good = _job(tmp_path, "alice", SUBMISSIONS / "alice.py")
    with Zygote() as zygote:
        zygote.process.kill()
        zygote.reader.join(timeout=10)
        assert zygote.gone
        graded = classrun.run_one(good, 60, zygote)
    assert graded["row"]["verdict"] == "agree"
