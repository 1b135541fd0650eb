"""Draw a campaign: k against R²/γ² on log axes, the line k = R²/γ², Blum's adversary on it.

Each variant has its own marker and colour, drawn hollow so that runs of several variants on
the same point stay visible (the campaign's runs small, the adversary's as concentric marks on
the line).  The legend, right of the plot, gives the largest ratio k/(R²/γ²) seen, as an
exact fraction, once for the variants that share it.  Runs with k = 0 have no place on a log
axis: they are counted in the title, not hidden.  Artists carry gids: ``runs:ID``,
``adversary:ID``, ``bound-line``, ``ratio``.

>>> from perceptron_ref.plotting.campaign import adversary_points, campaign
>>> fig = bound_figure(campaign(2, 0, max_size=5), adversary_points(1), examples=2, seed=0)
>>> [c.get_gid() for c in fig.axes[0].collections][:3]
['runs:perceptron/blum', 'adversary:perceptron/blum', 'runs:perceptron/mehta']
>>> runs = (Point("perceptron/blum", 1, Fraction(1), Fraction(1, 2)),)  # k = 1, R²/γ² = 2
>>> ratio_lines(runs)[0]
'max k/(R²/γ²) = 1/2 ≈ 0.500 for perceptron/blum'
>>> len(ratio_lines(runs))  # the other five variants (no run) share one line
2
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from perceptron_ref.plotting.campaign import VARIANTS, Point
from perceptron_ref.plotting.legend import side_legend
from perceptron_ref.plotting.style import style

PALETTE = ("tab:blue", "tab:orange", "tab:green", "tab:red", "tab:purple", "tab:brown")
COLOURS = dict(zip(VARIANTS, PALETTE, strict=True))
MARKERS = dict(zip(VARIANTS, ("o", "s", "^", "v", "D", "X"), strict=True))


def worst(points: tuple[Point, ...], variant: str) -> Fraction | None:
    """The largest k/(R²/γ²) of a variant's runs, exact (None: no run)."""
    ratios = [Fraction(p.k) / p.bound for p in points if p.variant == variant]
    return max(ratios) if ratios else None


def approx(q: Fraction | None) -> str:
    """An exact ratio, with a 3-digit reading when the fraction is long: ``3/7 ≈ 0.429``."""
    if q is None:
        return "no run"
    return str(q) if q.denominator == 1 else f"{q} ≈ {float(q):.3f}"


def ratio_lines(points: tuple[Point, ...]) -> list[str]:
    """Each distinct largest ratio k/(R²/γ²) once, with the variants that reach it."""
    shared: dict[Fraction | None, list[str]] = {}
    for variant in VARIANTS:
        shared.setdefault(worst(points, variant), []).append(variant)
    lines = []
    for q, variants in shared.items():
        who = "every variant" if len(variants) == len(VARIANTS) else ", ".join(variants)
        lines.append(f"max k/(R²/γ²){': ' if q is None else ' = '}{approx(q)} for {who}")
    return lines


def bound_figure(
    points: tuple[Point, ...], adversary: tuple[Point, ...], *, examples: int, seed: int
) -> Figure:
    """The figure of a campaign (``points``) and of Blum's adversary (``adversary``)."""
    with style():
        fig = Figure(figsize=(11, 6.5), layout="constrained")
        ax = fig.add_subplot()
        ax.set_xscale("log")
        ax.set_yscale("log")
        shown = [p for p in (*points, *adversary) if p.k > 0]
        bounds = [float(p.bound) for p in shown] or [1.0]
        lo, hi = min([*bounds, 1.0]), max(bounds)
        ax.plot(
            [lo, hi],
            [lo, hi],
            color="black",
            lw=1.2,
            gid="bound-line",
            label="k = R²/γ² (Block–Novikoff bound)",
        )
        for n, variant in enumerate(VARIANTS):
            runs = [p for p in points if p.variant == variant and p.k > 0]
            mark: dict[str, Any] = {"marker": MARKERS[variant], "facecolors": "none"}
            ax.scatter(
                [float(p.bound) for p in runs],
                [p.k for p in runs],
                s=28,
                edgecolors=COLOURS[variant],
                linewidths=1.1,
                gid=f"runs:{variant}",
                label=variant,
                **mark,
            )
            adv = [p for p in adversary if p.variant == variant]
            # Concentric marks: all six variants sit on the same points of the line.
            ax.scatter(
                [float(p.bound) for p in adv],
                [p.k for p in adv],
                s=(8 + 4 * (len(VARIANTS) - 1 - n)) ** 2,
                edgecolors=COLOURS[variant],
                linewidths=1.6,
                zorder=3,
                gid=f"adversary:{variant}",
                **mark,
            )
        ms = sorted({p.k for p in adversary})
        ax.scatter(
            [],
            [],
            marker="o",
            s=200,
            facecolors="none",
            edgecolors="black",
            gid="adversary-legend",
            label=f"Blum's adversary: N coordinate vectors, γ² = 1/N, k = N ({ms})",
        )
        for text in ratio_lines(points):  # each shared ratio once, as text in the legend
            ax.add_line(Line2D([], [], ls="none", gid="ratio", label=text))
        zero = sum(p.k == 0 for p in points)
        ax.set_xlabel("R²/γ²  (R² = max‖x‖², γ = exact max margin)")
        ax.set_ylabel("k (mistakes until a clean pass)")
        ax.set_title(
            f"{examples} seeded data sets (seed {seed}) × {len(VARIANTS)} variants: "
            f"{len(points)} runs, {zero} with k = 0 not drawn",
            fontsize=10,
        )
        side_legend(fig, ax.get_legend_handles_labels()[0], None, plot_width=7.5)
        ax.grid(True, which="major", color="0.9")
        return fig
