"""Draw a run's :class:`~perceptron_ref.plotting.scene.Picture` with matplotlib.

One panel shows the points by label, the separator after each update (older ones fainter,
numbered j = 1, …, k), the examples that caused an update (ringed, with their update
numbers), the final separator in bold, and, on separable data, w*'s separator, the margin
band and the circle of radius R; the legend gives the exact values and k against R²/γ².
With ``panels`` there is one panel per update: w_{j−1} dashed, w_j solid, the example ringed.

Every drawn object has a ``gid`` (kept as the ``id`` of its SVG group), so tests and
readers find the separators: ``separator-j``, ``previous-j``, ``w-star``, ``margin-band``,
``radius-R``, ``points+``, ``points-``, ``mistakes``, ``bound``.

>>> from perceptron_ref import run
>>> X, y = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)], [-1, 1, 1, -1, -1, 1]
>>> fig = run_figure(picture(run("perceptron/gormley-online", X, y), X, y))
>>> [(line.get_gid(), line.get_label()) for line in fig.axes[0].lines][:3]
[('separator-1', 'w₁ = (1, -2)'), ('separator-2', 'w₂ = (2, -1)'), ('separator-3', 'w₃ = (3, 1)')]
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Polygon

from perceptron_ref.errors import InputError
from perceptron_ref.plotting.geometry import Point
from perceptron_ref.plotting.scene import (
    Picture,
    Update,
    bound_label,
    margin_labels,
    picture,
    title,
    w_label,
)
from perceptron_ref.plotting.style import style
from perceptron_ref.vectors import show

__all__ = ["MAX_PANELS", "picture", "run_figure"]

MAX_PANELS = 36
"""--panels draws one panel per update; beyond this many the figure is unreadable."""

AXES = {"plane": ("x₁", "x₂"), "affine": ("x₁", "x₂"), "augmented": ("1 (bias coordinate)", "x₁")}
BAND: dict[str, Any] = {"facecolor": "tab:green", "alpha": 0.12, "edgecolor": "none"}
CIRCLE: dict[str, Any] = {"fill": False, "color": "0.5", "ls": ":", "lw": 1.2}
RING: dict[str, Any] = {"s": 260, "facecolors": "none", "edgecolors": "black", "lw": 1.2}
NUMBER: dict[str, Any] = {"fontsize": 9, "ha": "center", "va": "center"}
NUMBER_BOX = {"boxstyle": "circle,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.8}


def xy(points: tuple[Point, ...]) -> tuple[list[float], list[float]]:
    """The floats matplotlib draws (the only place a picture leaves exact arithmetic)."""
    return [float(p[0]) for p in points], [float(p[1]) for p in points]


def base(ax: Axes, pic: Picture) -> None:
    """The view, the points by label, and (separable data) w*, the band γ and the circle R."""
    r = float(pic.box.r)
    ax.set_xlim(-r, r)
    ax.set_ylim(-r, r)
    ax.set_aspect("equal")
    ax.axhline(0, color="0.85", lw=0.8, zorder=0)
    ax.axvline(0, color="0.85", lw=0.8, zorder=0)
    ax.set_xlabel(AXES[pic.kind][0])
    ax.set_ylabel(AXES[pic.kind][1])
    if pic.margin.separable:
        star, band_text, circle_text = margin_labels(pic)
        if pic.band:
            px, py = xy(pic.band)
            corners = list(zip(px, py, strict=True))
            ax.add_patch(Polygon(corners, closed=True, gid="margin-band", label=band_text, **BAND))
        if pic.star is not None:
            sx, sy = xy(pic.star)
            ax.plot(sx, sy, color="tab:green", ls="--", lw=1.5, gid="w-star", label=star)
        radius2 = pic.R_squared - 1 if pic.kind == "affine" else pic.R_squared
        # R is irrational in general: only the drawing takes the square root.
        circle = Circle((0, 0), math.sqrt(radius2), gid="radius-R", label=circle_text, **CIRCLE)
        ax.add_patch(circle)
    for label, marker, color in ((1, "P", "tab:blue"), (-1, "o", "tab:red")):
        chosen = tuple(p for p, t in zip(pic.points, pic.y, strict=True) if t == label)
        if chosen:
            px, py = xy(chosen)
            gid = f"points{'+' if label == 1 else '-'}"
            ax.scatter(
                px, py, marker=marker, s=60, color=color, zorder=3, gid=gid, label=f"y = {label:+d}"
            )


def draw_update(ax: Axes, u: Update, *, alpha: float, bold: bool, gid: str, ls: str = "-") -> None:
    """w_j's separator, numbered near its end."""
    if u.segment is None:
        return
    sx, sy = xy(u.segment)
    color, lw, label = (
        ("black" if bold else "tab:purple"),
        (2.5 if bold else 1.2),
        w_label(u.j, u.step.weights),
    )
    ax.plot(sx, sy, color=color, alpha=alpha, ls=ls, lw=lw, gid=gid, label=label)
    a, b = u.segment  # the number sits 9/10 of the way along the segment, inside the view
    tx, ty = xy(((a[0] + (b[0] - a[0]) * 9 / 10, a[1] + (b[1] - a[1]) * 9 / 10),))
    ax.annotate(str(u.j), (tx[0], ty[0]), color=color, alpha=alpha, bbox=NUMBER_BOX, **NUMBER)


def ring(ax: Axes, pic: Picture, updates: tuple[Update, ...]) -> None:
    """Ring the examples that caused the updates, with the update numbers beside them."""
    numbers: defaultdict[int, list[int]] = defaultdict(list)
    for u in updates:
        numbers[u.step.index].append(u.j)
    if not numbers:
        return
    px, py = xy(tuple(pic.points[i] for i in sorted(numbers)))
    ax.scatter(px, py, zorder=4, gid="mistakes", label="mistake (update number)", **RING)
    for x, yv, i in zip(px, py, sorted(numbers), strict=True):
        text = ",".join(map(str, numbers[i]))
        ax.annotate(text, (x, yv), xytext=(9, 7), textcoords="offset points", fontsize=9)


def bound_handle(pic: Picture) -> Line2D:
    return Line2D([], [], ls="none", gid="bound", label=bound_label(pic))


def run_figure(pic: Picture, *, panels: bool = False) -> Figure:
    """The figure of a run: one panel, or one panel per update."""
    with style():
        return draw_panels(pic) if panels else draw_one(pic)


def draw_one(pic: Picture) -> Figure:
    fig = Figure(figsize=(11, 6.5), layout="constrained")
    ax = fig.add_subplot()
    k = len(pic.updates)
    for u in pic.updates:
        final = u.j == k
        draw_update(
            ax, u, alpha=1.0 if final else 0.25 + 0.5 * u.j / k, bold=final, gid=f"separator-{u.j}"
        )
    base(ax, pic)
    ring(ax, pic, pic.updates)
    handles = [*ax.get_legend_handles_labels()[0], bound_handle(pic)]
    if k == 0:
        handles.insert(
            0, Line2D([], [], ls="none", label=f"final w = {show(pic.trace.weights)}: no line")
        )
    ax.legend(
        handles=handles,
        loc="upper left",
        bbox_to_anchor=(1.02, 1),
        fontsize=9,
        title=f"k = {k} update{'s' if k != 1 else ''}",
        title_fontsize=9,
    )
    ax.set_title(title(pic), fontsize=10)
    return fig


def draw_panels(pic: Picture) -> Figure:
    k = len(pic.updates)
    if k > MAX_PANELS:
        raise InputError(f"--panels draws one panel per update: k = {k} (at most {MAX_PANELS})")
    cols = min(max(k, 1), 3)
    rows = max(math.ceil(k / cols), 1)
    fig = Figure(figsize=(4.2 * cols + 3.5, 4.2 * rows + 0.6), layout="constrained")
    axes = fig.subplots(rows, cols, squeeze=False).ravel()
    for ax in axes[max(k, 1) :]:
        ax.set_axis_off()
    for ax, u in zip(axes, pic.updates, strict=False):
        if u.j > 1:
            before = pic.updates[u.j - 2]
            draw_update(ax, before, alpha=0.4, bold=False, gid=f"previous-{before.j}", ls="--")
        draw_update(ax, u, alpha=1.0, bold=True, gid=f"separator-{u.j}")
        base(ax, pic)
        ring(ax, pic, (u,))
        s = u.step
        ax.set_title(
            f"update {u.j}: epoch {s.epoch}, example {s.index}, y = {s.label:+d}, "
            f"s = {s.score}\n{w_label(u.j, s.weights)}",
            fontsize=9,
        )
    if k == 0:
        base(axes[0], pic)
        axes[0].set_title("no update: w stays 0", fontsize=9)
    handles = [
        h
        for h in axes[0].get_legend_handles_labels()[0]
        if h.get_gid() not in ("separator-1", "mistakes")
    ]
    fig.legend(handles=[*handles, bound_handle(pic)], loc="outside right upper", fontsize=9)
    fig.suptitle(title(pic), fontsize=10)
    return fig
