"""What the benchmark's parts share: paths, the algorithm, timing, trace comparison."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from perceptron_ref.trace import Trace

ROOT = Path(__file__).resolve().parents[3]
SHARED = ROOT.parent / "shared" / "benchmarks" / "coq-perceptron"
OUT = ROOT / "out"
ALGORITHM = "perceptron/gormley-online"  # tie → mistake, as the Coq perceptron
T = TypeVar("T")


def timed(f: Callable[[], T], repeat: int = 1) -> tuple[float, T]:
    """The best of ``repeat`` wall-clock times of f(), and its result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = f()
        best = min(best, time.perf_counter() - start)
    return best, result  # type: ignore[return-value]


def same(a: Trace, b: Trace) -> bool:
    return (a.weights, a.mistakes, a.epochs, a.status) == (
        b.weights,
        b.mistakes,
        b.epochs,
        b.status,
    )
