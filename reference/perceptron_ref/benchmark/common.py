"""What the benchmark's parts share: paths, whole-command timing, the table's rows.

A command is timed from outside, as a user meets it: from its start to its exit, the
interpreter's start-up included.  Two commands are run in turn, A B A B …, and each ratio is
taken pair by pair, so that a machine whose speed drifts (other work on it) moves both
sides of a pair alike; the median of the pairs is reported.  Peak memory is the operating
system's own figure for the finished child (``wait4``'s ``ru_maxrss``), not tracemalloc.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from perceptron_ref.trace import Trace

ROOT = Path(__file__).resolve().parents[3]
SHARED = ROOT.parent / "shared" / "benchmarks" / "coq-perceptron"
OUT = ROOT / "out"
DATA = OUT / "bench"
ALGORITHM = "perceptron/gormley-online"  # tie → mistake, as the Coq perceptron
PYTHON = sys.executable
CLI = [PYTHON, "-m", "perceptron_ref"]
NUMPY = [PYTHON, "-c", "import numpy"]
T = TypeVar("T")


@dataclass(frozen=True)
class Run:
    """One finished command: wall seconds, peak resident memory in bytes, CPU seconds."""

    seconds: float
    peak: int
    cpu: float = 0.0


LAUNCHER = """
import os, sys, time
argv, stdin = sys.argv[2:], os.open(sys.argv[1], os.O_RDONLY)
null = os.open(os.devnull, os.O_WRONLY)
actions = [(os.POSIX_SPAWN_DUP2, stdin, 0), (os.POSIX_SPAWN_DUP2, null, 1)]
start = time.perf_counter()
pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)
_, status, usage = os.wait4(pid, 0)
print(time.perf_counter() - start, usage.ru_maxrss * 1024, os.waitstatus_to_exitcode(status),
      usage.ru_utime + usage.ru_stime)
"""
"""Runs a command and prints its wall seconds, its peak RSS (bytes), its exit status and its
CPU seconds (user + system).  A
process's peak RSS counts what the process it was spawned from held when it was spawned (the
kernel keeps that high-water mark across exec): so commands are spawned from this small
launcher, not from the benchmark, which holds hundreds of MB of data."""


def measure(command: Sequence[str], stdin: Path | None = None, env: dict[str, str] | None = None,
            ) -> Run:  # fmt: skip
    """Run ``command`` once (its output thrown away), timed from outside."""
    launcher = [PYTHON, "-c", LAUNCHER, str(stdin or os.devnull), *map(str, command)]
    done = subprocess.run(launcher, capture_output=True, env=env, check=False)
    seconds, peak, status, cpu = done.stdout.split() if done.returncode == 0 else (0, 0, 1, 0)
    if int(status):
        problem = done.stderr.decode(errors="replace")[-400:]
        raise RuntimeError(f"{' '.join(map(str, command))} failed: {problem}")
    return Run(float(seconds), int(peak), float(cpu))


def paired(runs: int, *commands: Callable[[], Run]) -> list[list[Run]]:
    """``runs`` rounds of the commands in turn (a warm-up round first, not counted)."""
    for command in commands:
        command()
    return [[command() for command in commands] for _ in range(runs)]


def median(values: Sequence[float]) -> float:
    return float(statistics.median(values))


def timed(f: Callable[[], T], repeat: int = 1, clock: Callable[[], float] = time.perf_counter,
          ) -> tuple[float, T]:  # fmt: skip
    """The best of ``repeat`` times of f() (wall-clock, or ``clock``), and its result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = clock()
        result = f()
        best = min(best, clock() - start)
    return best, result  # type: ignore[return-value]


def same(a: Trace, b: Trace) -> bool:
    return (a.weights, a.mistakes, a.epochs, a.status) == (b.weights, b.mistakes, b.epochs,
                                                           b.status)  # fmt: skip


def cpp() -> Path | None:
    """Their double-precision C++ program, built with -O2 into out/bench/ when g++ is
    present (never committed); None without g++ or the source."""
    source = SHARED / "cpp" / "perceptron_float.cpp"
    binary = DATA / "perceptron_float"
    compiler = shutil.which("g++")
    if not source.is_file() or compiler is None:
        return None
    if not binary.is_file() or binary.stat().st_mtime < source.stat().st_mtime:
        DATA.mkdir(parents=True, exist_ok=True)
        subprocess.run([compiler, "-std=c++11", "-O2", str(source), "-o", str(binary)], check=True)
    return binary


@dataclass
class Row:
    """A line of the table: the case, what was measured, the ratio, the target, the verdict."""

    case: str
    measured: str
    ratio: str
    target: str
    met: bool | None  # None: not measured here

    def cells(self) -> list[str]:
        verdict = "n/a" if self.met is None else "met" if self.met else "NOT met"
        return [self.case, self.measured, self.ratio, self.target, verdict]


def mib(size: float) -> str:
    return f"{size / 2**20:.0f} MiB"
