"""Hostile submissions: each ends in a clear verdict, and the harness stays intact."""

from __future__ import annotations

from pathlib import Path

import pytest

import perceptron_ref
import perceptron_ref.runner
from perceptron_ref import run
from perceptron_ref.crosscheck import crosscheck
from perceptron_ref.crosscheck.sandbox import execute

ROOT = Path(__file__).resolve().parents[1]
CANDIDATES = ROOT / "tests" / "candidates"


RUN = perceptron_ref.runner.run


@pytest.mark.parametrize(
    ("name", "verdict"),
    [
        ("hostile_loop", "hang: no result within the time limit"),
        ("hostile_memory", "memory: raised MemoryError"),
        ("hostile_crash", "crash: killed by SIGSEGV"),
        ("hostile_garbage", "unparsable: protocol line"),
        ("hostile_output", "too much output: more than"),
        ("hostile_patch", "wrong weights"),
    ],
)
def test_a_hostile_candidate_gets_a_clear_disagree_verdict(name: str, verdict: str) -> None:
    report = crosscheck(
        "perceptron/gormley-online",
        f"{CANDIDATES / name}.py:train",
        examples=4,
        timeout=1.5 if name == "hostile_loop" else 20,
        memory=400 * 1024**2,  # numpy fits; the hog's second 256 MiB block cannot
    )
    assert report.verdict == "disagree"
    assert report.reason.startswith(verdict), report.reason
    assert report.agrees_with == ()
    # The harness is intact: its reference unpatched, still computing slide 15.
    assert perceptron_ref.run is RUN and perceptron_ref.runner.run is RUN
    X = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
    trace = run("perceptron/gormley-online", X, [-1, 1, 1, -1, -1, 1])
    assert [str(v) for v in trace.weights] == ["3", "1"]


def test_the_candidate_runs_in_a_scratch_directory_with_a_minimal_environment() -> None:
    script = "import os, sys; print(os.getcwd()); print(sorted(os.environ))"
    ran = execute(["python3", "-c", script], b"", timeout=10)
    cwd, env = ran.lines[0].decode(), ran.lines[1].decode()
    assert "crosscheck-" in cwd and not Path(cwd).exists()  # removed afterwards
    assert "HOME" in env and "VIRTUAL_ENV" not in env and "PYTHONPATH" not in env


def test_the_memory_limit_is_applied_to_the_candidate() -> None:
    script = "import resource; print(resource.getrlimit(resource.RLIMIT_AS)[0])"
    ran = execute(["python3", "-c", script], b"", timeout=10, memory=700 * 1024**2)
    assert int(ran.lines[0]) == 700 * 1024**2


def test_a_command_candidate_that_prints_garbage_is_unparsable_not_an_error() -> None:
    report = crosscheck("perceptron/blum", "cmd:sh -c 'echo {not json'", examples=2, timeout=5)
    assert report.verdict == "disagree" and report.reason.startswith("unparsable")
