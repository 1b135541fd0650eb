"""The benchmark's figure: ``out/bench.png`` (matplotlib, Agg backend): each row's ratio
against its target, on one scale where 1 is the target (left of 1: met)."""

from __future__ import annotations

import re
from pathlib import Path

from perceptron_ref.benchmark.common import Row


def share(row: Row) -> float | None:
    """The row's ratio over its target, oriented so that at most 1 meets it."""
    got = re.match(r"[\d.]+", row.ratio)
    goal = re.search(r"[\d.]+", row.target)
    if row.met is None or got is None or goal is None:
        return None
    value, target = float(got[0]), float(goal[0])
    if "MiB" in row.ratio:
        value = float(got[0])  # MiB against MiB
    return target / value if row.target.startswith(">=") else value / target


def draw(rows: list[Row], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    shown = [(r.case.strip(), s) for r in rows if (s := share(r)) is not None]
    fig, ax = plt.subplots(figsize=(10, 0.32 * len(shown) + 1.2))
    names = [name for name, _ in shown]
    values = [value for _, value in shown]
    colours = ["tab:green" if v <= 1 else "tab:red" for v in values]
    ax.barh(range(len(shown)), values, color=colours)
    ax.axvline(1, color="black", linewidth=1)
    ax.set(yticks=range(len(shown)), yticklabels=names, xlabel="measured / target (<= 1: met)",
           title="make bench: issues 15's and 30's targets")  # fmt: skip
    ax.invert_yaxis()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
