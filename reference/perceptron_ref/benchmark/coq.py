"""Part 1 of the benchmark: the Coq-verified perceptron's data sets, end to end.

Literal reference (:func:`perceptron_ref.coq.read_coq`, then the Fraction loops) against
the engine (:func:`perceptron_ref.engine.coq.read_coq_scaled`, then the integer passes),
parsing included; the published figures are quoted from the shared README at run time.
"""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from perceptron_ref import Trace, run
from perceptron_ref.benchmark.common import ALGORITHM, OUT, SHARED, same, timed
from perceptron_ref.coq import read_coq
from perceptron_ref.engine.coq import read_coq_scaled

COQ_SETS = ("vec50_1.dat", "vec100_1.dat", "vec200_1.dat", "vec400_1.dat")
BIG = "vec3200_1.dat"


def coq_file(name: str) -> Path:
    """The shared file, or one of the same shape (n × 1000, p/250) generated into out/."""
    if (SHARED / name).is_file():
        return SHARED / name
    n = int(re.findall(r"\d+", name)[0])
    rng = np.random.default_rng(n)
    w = rng.integers(-250, 251, size=1001)
    X = rng.integers(-250, 251, size=(4 * n, 1000))
    s = X @ w[1:] + 250 * w[0]
    X, s = X[s != 0][:n], s[s != 0][:n]
    lines = [str(n), "1000"]
    for x, label in zip(X.tolist(), (s > 0).tolist(), strict=True):
        lines += [str(int(label)), *(f"{v} % 250" for v in x)]
    path = OUT / f"generated_{name}"
    path.write_text("\n".join(lines) + "\n")
    return path


def coq_literal(path: Path) -> Trace:
    data = read_coq(path)
    return run(ALGORITHM, data.X, data.y, bias=True, epochs="converge", record="summary")


def coq_engine(path: Path) -> Trace:
    data = read_coq_scaled(path)
    return run(
        ALGORITHM, data, data.y, bias=True, epochs="converge", record="summary", engine="fast"
    )


def published() -> list[str]:
    """The README's timing table and its measured line, quoted as they are (never stored)."""
    readme = SHARED / "README.md"
    if not readme.is_file():
        return ["(../shared/benchmarks/coq-perceptron/README.md absent: no published figures)"]
    text = readme.read_text(encoding="utf-8")
    part = text[text.find("## Published timings") :]
    return [line for line in part.splitlines()[1:] if line.strip()]


def coq_section(table: list[list[str]], plot: dict[str, Any]) -> float:
    run(ALGORITHM, [(1, 2)], [1], engine="fast")  # load the compiled kernels first
    ratio = 0.0
    for name in COQ_SETS:
        path = coq_file(name)
        t_lit, lit = timed(partial(coq_literal, path))
        t_eng, eng = timed(partial(coq_engine, path), repeat=3)
        assert same(lit, eng), f"{name}: the engine's result differs from the literal one"
        ratio = t_lit / t_eng
        table.append(
            [
                path.name,
                f"{eng.epochs} passes",
                f"{t_lit:.2f} s",
                f"{t_eng * 1e3:.1f} ms",
                f"{ratio:.0f}x",
            ]
        )
        plot["coq"].append((name.split("_")[0], t_lit, t_eng))
    # The published table's other size: generated (not among the shared files); the
    # literal reference would take many minutes here, so the engine runs alone.
    path = coq_file(BIG)
    t_eng, eng = timed(partial(coq_engine, path))
    table.append([path.name, f"{eng.epochs} passes", "(literal not run)", f"{t_eng:.2f} s", ""])
    return ratio  # the last shared set: vec400_1
