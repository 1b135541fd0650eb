"""The benchmark's data: pixels labelled by a hyperplane, and CSV files of them (in out/bench/).

Every file is generated from a fixed seed and rewritten only when absent, so two runs of
``make bench`` read the same bytes.  A CSV line is built by numpy: each value written
right-aligned in a fixed width from a table of its digits, then the padding removed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from perceptron_ref.benchmark.common import DATA

GORMLEY = "# Gormley, slide 15: x1,x2,y\n-1,2,-1\n1,0,1\n1,1,1\n-1,0,-1\n-1,-2,-1\n1,-1,1\n"


def pixels(n: int = 60000, d: int = 784, seed: int = 2024) -> tuple[Any, Any]:
    """n×d integers 0..255 (uint8) labelled by a random integer hyperplane through the mean;
    points within a tenth of a standard deviation of it are left out, so that a run
    converges in tens of passes."""
    rng = np.random.default_rng(seed)
    w = rng.integers(-100, 101, size=d)
    w[-1] -= w.sum()  # centred: about as many positive as negative examples
    X = rng.integers(0, 256, size=(2 * n, d), dtype=np.uint8)
    s = X @ w
    keep = np.abs(s) >= 0.1 * s.std()
    X, s = np.ascontiguousarray(X[keep][:n]), s[keep][:n]
    return X, np.where(s > 0, 1, -1).astype(np.int8)


def wide(n: int = 60000, d: int = 784, seed: int = 2024) -> tuple[Any, Any]:
    """n×d integers of ±30000 (int16) labelled by a random integer hyperplane.  The engine
    bounds them by their type while int64 holds (n·2**15 times d·2**15), which at the
    benchmark's sizes is past the float64 certificate from the first pass, so that a numpy
    pass scores them within a margin (:func:`perceptron_ref.engine.blas.margin`)."""
    rng = np.random.default_rng(seed)
    X = rng.integers(-30000, 30001, size=(n, d), dtype=np.int16)
    w = rng.integers(-100, 101, size=d)
    return X, np.where(X @ w > 0, 1, -1).astype(np.int8)


def normal(n: int = 60000, d: int = 784, seed: int = 2024) -> tuple[Any, Any]:
    """n×d standard normal float64s labelled by a random hyperplane: data as a library
    caller has it after standardizing.  Exactly, each float is a dyadic rational; scaled to
    integers they take 70 to 80 bits, past int64
    (:func:`perceptron_ref.engine.given.from_float_array`)."""
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d))
    return X, np.where(X @ rng.standard_normal(d) > 0, 1, -1).astype(np.int8)


def _table(texts: list[str], width: int) -> npt.NDArray[np.uint8]:
    return np.array([list(t.rjust(width).encode()) for t in texts], dtype=np.uint8)


def csv_text(X: npt.NDArray[Any], y: npt.NDArray[Any], decimals: bool = False) -> bytes:
    """``x1,...,xd,y`` lines: integers, or (``decimals``) X/100 with two decimals."""
    if decimals:
        table = _table([f"{v // 100}.{v % 100:02d}," for v in range(int(X.max()) + 1)], 7)
    else:
        table = _table([f"{v}," for v in range(int(X.max()) + 1)], 4)
    cells = table[X]  # n × d × width
    labels = _table(["-1\n", "1\n"], 3)[(y > 0).astype(np.intp)]
    lines = np.concatenate([cells.reshape(len(X), -1), labels], axis=1)
    return lines.tobytes().replace(b" ", b"")


def csv_file(name: str, n: int, d: int, decimals: bool = False) -> Path:
    """out/bench/NAME: ``pixels(n, d)`` as CSV (values times 39 mod 10000 over 100 with
    ``decimals``: two decimals each), written once."""
    path = DATA / name
    if not path.is_file():
        DATA.mkdir(parents=True, exist_ok=True)
        X, y = pixels(n, d)
        values = (X.astype(np.int64) * 39) % 10000 if decimals else X
        part = path.with_suffix(".part")
        with part.open("wb") as out:
            for start in range(0, n, 5000):  # a block of lines at a time: memory stays small
                out.write(csv_text(values[start : start + 5000], y[start : start + 5000], decimals))
        part.replace(path)
    return path


def small_file() -> Path:
    """out/bench/gormley.csv: Gormley's six examples (slide 15)."""
    path = DATA / "gormley.csv"
    if not path.is_file():
        DATA.mkdir(parents=True, exist_ok=True)
        path.write_text(GORMLEY, encoding="utf-8")
    return path
