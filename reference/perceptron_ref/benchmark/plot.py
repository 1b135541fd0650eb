"""The benchmark's figure: ``out/bench.png`` (matplotlib, Agg backend)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np


def draw(plot: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    for ax, key, title in (
        (axes[0], "coq", "Coq sets, end to end"),
        (axes[1], "pixels", "60000x784"),
    ):
        names = [row[0] for row in plot[key]]
        at = np.arange(len(names))
        ax.bar(at - 0.2, [row[1] for row in plot[key]], 0.4,
               label="literal" if key == "coq" else "scikit-learn")  # fmt: skip
        ax.bar(at + 0.2, [row[2] for row in plot[key]], 0.4, label="engine")
        ax.set(xticks=at, xticklabels=names, yscale="log", ylabel="seconds", title=title)
        ax.legend()
    for axis in ("n", "d"):
        sizes, times = zip(*plot[f"scaling {axis}"], strict=True)
        x = np.array(sizes) / sizes[-1]
        axes[2].plot(x, np.array(times) * 1e3, marker="o", label=f"{axis} (up to {sizes[-1]})")
    axes[2].set(xscale="log", yscale="log", xlabel="fraction of 60000x784", ylabel="ms per pass",
                title="engine: time per pass")  # fmt: skip
    axes[2].legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
