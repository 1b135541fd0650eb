"""What marks a run's picture beside its lines: each separator's + side and number, the
examples that caused updates.

A separator w·a = 0 gets an arrow pointing to its + side (where w·a > 0, what the learner
predicts +1) with a "+" at its head, and its update number on the other side; both texts are
anchored by their corner nearest the line, so that neither overlaps it.
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

from matplotlib.axes import Axes

from perceptron_ref.plotting.geometry import Box, Point, clip
from perceptron_ref.plotting.scene import SUBSCRIPT, Picture, Update, w_label

RING: dict[str, Any] = {"s": 260, "facecolors": "none", "edgecolors": "black", "lw": 1.2}
PLUS: dict[str, Any] = {"fontsize": 12, "fontweight": "bold"}
ARROW: dict[str, Any] = {"arrowstyle": "<|-", "lw": 1.3, "shrinkA": 0, "shrinkB": 0}
TAG_BOX = {"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none", "alpha": 0.8}
PLUS_AT, TAG_AT = 20.0, 4.0
"""How far (points) the "+" and the number sit from the line: each text's nearest corner."""


def xy(points: tuple[Point, ...]) -> tuple[list[float], list[float]]:
    """The floats matplotlib draws (the only place a picture leaves exact arithmetic)."""
    return [float(p[0]) for p in points], [float(p[1]) for p in points]


def draw_update(
    ax: Axes,
    box: Box,
    u: Update,
    *,
    alpha: float,
    bold: bool,
    gid: str,
    ls: Any = "-",
    final: bool = False,
) -> None:
    """w_j's separator, with its + side and its number marked beside it."""
    if u.segment is None or u.line is None:
        return
    sx, sy = xy(u.segment)
    color, lw = ("black", 2.8) if bold else ("tab:purple", 1.1)
    label = w_label(u.j, u.step.weights) + (", final" if final else "")
    ax.plot(sx, sy, color=color, alpha=alpha, ls=ls, lw=lw, gid=gid, label=label, zorder=2.5)
    # The marks sit 4/5 of the way along the part of the line within 3/4 of the view, so that
    # they stay inside the plot (the whole segment when the line only crosses the outer ring).
    a, b = clip(u.line, Box(box.r * 3 / 4)) or u.segment
    p = xy(((a[0] + (b[0] - a[0]) * 4 / 5, a[1] + (b[1] - a[1]) * 4 / 5),))
    # The + side is where c + u·p > 0: along the normal u, which the equal aspect keeps
    # perpendicular on screen.  Each text is anchored by its corner nearest the line, so the
    # whole text lies on its side, at least its offset away.
    norm = math.hypot(float(u.line.u1), float(u.line.u2))
    normal = (float(u.line.u1) / norm, float(u.line.u2) / norm)
    tag = f"w{str(u.j).translate(SUBSCRIPT)}" if final else str(u.j)
    arrow = {"arrowprops": {**ARROW, "color": color, "alpha": alpha}, **PLUS}
    for text, at, extra in (
        ("+", PLUS_AT, arrow),
        (tag, -TAG_AT, {"bbox": TAG_BOX, "fontsize": 9}),
    ):
        dx, dy = at * normal[0], at * normal[1]
        ax.annotate(
            text,
            (p[0][0], p[1][0]),
            xytext=(dx, dy),
            textcoords="offset points",
            ha="left" if dx >= 0 else "right",
            va="bottom" if dy >= 0 else "top",
            color=color,
            alpha=alpha,
            gid=f"side-{u.j}",
            **extra,
        )


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


SIDES = "arrows point to the + side (w·a > 0)"
