"""Draw a run's :class:`~perceptron_ref.plotting.scene.Picture` with matplotlib.

One panel shows the points by label, the separator after each update (older ones dashed
and fainter, numbered j = 1, …, k), the examples that caused an update (ringed, with their
update numbers), the final separator solid, bold and black, and, on separable data, w*'s
separator, the margin band and the circle of radius R; the legend (inside the figure, right
of the plot) gives the exact values and k against R²/γ².  An arrow marks the + side of each
separator (where w·a > 0); its number sits on the other side, off the line.  With
``panels`` there is one panel per update: w_{j−1} dashed, w_j solid, the example ringed.

Every drawn object has a ``gid`` (kept as the ``id`` of its SVG group), so tests and
readers find the separators: ``separator-j``, ``previous-j``, ``w-star``, ``margin-band``,
``radius-R``, ``points+``, ``points-``, ``mistakes``, ``bound``, and ``side-j`` for the "+"
and the number beside separator j (:mod:`.marks`).

>>> from perceptron_ref import run
>>> X, y = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)], [-1, 1, 1, -1, -1, 1]
>>> fig = run_figure(picture(run("perceptron/gormley-online", X, y), X, y))
>>> [(line.get_gid(), line.get_label()) for line in fig.axes[0].lines][1:3]
[('separator-2', 'w₂ = (2, -1)'), ('separator-3', 'w₃ = (3, 1), final')]
>>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "side-3"]
['+', 'w₃']
"""

from __future__ import annotations

import math
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Polygon

from perceptron_ref.errors import InputError
from perceptron_ref.plotting.legend import side_legend, wrapped
from perceptron_ref.plotting.marks import SIDES, draw_update, ring, xy
from perceptron_ref.plotting.scene import (
    Picture,
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
        final = u.j == k  # the final separator stands out: solid, bold, black, on top
        alpha = 1.0 if final else 0.3 + 0.5 * u.j / k
        ls = "-" if final else (0, (5, 3))
        draw_update(
            ax, pic.box, u, alpha=alpha, bold=final, gid=f"separator-{u.j}", ls=ls, final=final
        )
    base(ax, pic)
    ring(ax, pic, pic.updates)
    handles = [*ax.get_legend_handles_labels()[0], bound_handle(pic)]
    if k == 0 or pic.updates[-1].segment is None:  # w = 0, or a line that misses the view
        final_w = f"final w = {show(pic.trace.weights)}: no line in view"
        handles.insert(0, Line2D([], [], ls="none", label=final_w))
    updates = f"k = {k} update{'s' if k != 1 else ''}; "
    side_legend(fig, handles, updates + SIDES, plot_width=7.6)
    ax.set_title(wrapped(title(pic), 80, whole_words=False), fontsize=10)
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
            gid = f"previous-{before.j}"
            draw_update(ax, pic.box, before, alpha=0.4, bold=False, gid=gid, ls="--")
        draw_update(ax, pic.box, u, alpha=1.0, bold=True, gid=f"separator-{u.j}")
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
    side_legend(fig, [*handles, bound_handle(pic)], SIDES, plot_width=4.5 * cols)
    chars = int(fig.get_size_inches()[0] * 100 / 7.5)  # about 7 pixels a character at 10 points
    fig.suptitle(wrapped(title(pic), chars, whole_words=False), fontsize=10)
    return fig
