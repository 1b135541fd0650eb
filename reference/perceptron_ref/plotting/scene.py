"""What a run's picture shows, exactly: the points, each update's separator, w*, γ, R.

Mirrors the notes' pictures of the perceptron (Gormley slide 15, the worked example;
Gormley's geometric margin and Block–Novikoff theorem; Mehta Lecture 3, Fig. of γ and R).
The learner sees vectors a: x itself, or (1, x) with the bias (Gormley slide 16).  Three
planes can be drawn:

* ``plane``: 2-D data without bias, a = p; the separators w·p = 0 pass through 0.
* ``augmented``: 1-D data with bias, drawn in the plane of a = p = (1, x).
* ``affine``: 2-D data with bias, a = (1, p); a separator is the line w₀ + w₁p₁ + w₂p₂ = 0.

Everything is computed here, exactly; :mod:`.run_figure` only draws it.  w* is
the exact max-margin separator (:mod:`.margin`), so γ² and R²/γ² are exact rationals.

>>> from perceptron_ref import run
>>> X = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
>>> y = [-1, 1, 1, -1, -1, 1]
>>> pic = picture(run("perceptron/gormley-online", X, y), X, y)
>>> [show(u.step.weights) for u in pic.updates], pic.margin.gamma_squared, pic.R_squared
(['(1, -2)', '(2, -1)', '(3, 1)'], Fraction(1, 1), Fraction(5, 1))
>>> print(bound_label(pic))
k = 3 ≤ R²/γ² = 5
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from perceptron_ref.errors import InputError
from perceptron_ref.numbers import to_fraction, to_label
from perceptron_ref.plotting.geometry import Box, Line, Point, band, clip, view_box
from perceptron_ref.plotting.margin import Margin, max_margin
from perceptron_ref.trace import Step, Trace
from perceptron_ref.vectors import Label, Vector, norm2, scale, show

Embedding = Literal["plane", "augmented", "affine"]
ONE = Fraction(1)


def embedding(d: int, bias: bool) -> Embedding:
    """Which plane shows data of dimension d (without the bias coordinate)."""
    if d == 2:
        return "affine" if bias else "plane"
    if d == 1 and bias:
        return "augmented"
    need = " (1-D data needs --bias: then the plane of (1, x) is drawn)" if d == 1 else ""
    raise InputError(f"plot draws 2-D data, or 1-D data with --bias; these data have d = {d}{need}")


def separator(kind: Embedding, w: Vector, level: Fraction = Fraction(0)) -> Line | None:
    """The line {p : w·a = level} of the picture, None when it is empty or everything (u = 0)."""
    c, u = (w[0], w[1:]) if kind == "affine" else (Fraction(0), w)
    return Line(c - level, u[0], u[1]) if any(u) else None


@dataclass(frozen=True)
class Update:
    """The j-th update (j = 1, …, k), its step, and the segment of w_j's separator in view."""

    j: int
    step: Step
    line: Line | None
    segment: tuple[Point, Point] | None


@dataclass(frozen=True)
class Picture:
    """Everything a run's picture shows, exact."""

    trace: Trace
    kind: Embedding
    points: tuple[Point, ...]
    y: tuple[Label, ...]
    box: Box
    updates: tuple[Update, ...]
    margin: Margin
    R_squared: Fraction
    source: str
    star: tuple[Point, Point] | None
    """The segment of w*'s separator v·a = 0 in view (None: not separable)."""
    band: tuple[Point, ...]
    """The margin band |w*·a| ≤ γ, i.e. |v·a| ≤ ‖v‖² = γ² (w* = v/‖v‖, γ = ‖v‖)."""

    @property
    def bound(self) -> Fraction | None:
        """R²/γ² with the best γ, when the data are separable through the origin of a."""
        return self.R_squared / self.margin.gamma_squared if self.margin.separable else None

    @property
    def vector(self) -> str:
        """How the learner's vector is written in the labels."""
        return "(1, x)" if self.trace.bias else "x"


def picture(
    trace: Trace, X: Sequence[Sequence[object]], y: Sequence[object], source: str = ""
) -> Picture:
    """The exact content of the picture of ``trace``, a run on ``X``, ``y``."""
    xs = tuple(tuple(to_fraction(v) for v in x) for x in X)
    ys: tuple[Label, ...] = tuple(1 if to_label(t) == 1 else -1 for t in y)
    kind = embedding(len(xs[0]), trace.bias)
    if trace.record != "full":
        raise InputError("plot needs the full trace (record='full')")
    a = tuple((ONE, *x) for x in xs) if trace.bias else xs
    assert len(a[0]) == trace.dimension
    points: tuple[Point, ...] = tuple((p[0], p[1]) for p in (a if kind == "augmented" else xs))
    box = view_box(max(max(norm2(p) for p in points), ONE))
    margin = max_margin([scale(t, v) for v, t in zip(a, ys, strict=True)])
    updates = []
    for j, s in enumerate((s for s in trace.steps if s.mistake), 1):
        line = separator(kind, s.weights)
        updates.append(Update(j, s, line, clip(line, box) if line else None))
    assert len(updates) == trace.mistakes
    R_squared = max(norm2(v) for v in a)
    star = separator(kind, margin.v) if margin.separable else None
    return Picture(
        trace,
        kind,
        points,
        ys,
        box,
        tuple(updates),
        margin,
        R_squared,
        source,
        clip(star, box) if star else None,
        band(star, margin.gamma_squared, box) if star else (),
    )


SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def w_label(j: int, w: Vector) -> str:
    """``w₃ = (3, 1)``: w after update j, exactly."""
    return f"w{str(j).translate(SUBSCRIPT)} = {show(w)}"


def bound_label(pic: Picture) -> str:
    """k against the bound R²/γ², exactly (the legend's last line)."""
    k = pic.trace.mistakes
    if pic.bound is None:
        return f"k = {k}; no bound: not separable (0 is in the hull of the y·{pic.vector})"
    return f"k = {k} ≤ R²/γ² = {pic.bound}"


def margin_labels(pic: Picture) -> tuple[str, str, str]:
    """The labels of w*'s separator, of the band and of the circle, exact."""
    v, a = pic.margin.v, pic.vector
    return (
        f"w* = v/‖v‖ (max margin), v = {show(v)}",
        f"margin band |w*·{a}| ≤ γ, γ² = {pic.margin.gamma_squared}",
        f"‖{a}‖ = R, R² = {pic.R_squared}",
    )


def title(pic: Picture) -> str:
    t = pic.trace
    opts = "".join([", with bias" if t.bias else "", f", eta = {t.eta}" if t.eta != 1 else ""])
    on = f" on {pic.source}" if pic.source else ""
    plural = "" if t.epochs == 1 else "s"
    ran = f"{t.epochs} epoch{plural} ({t.status})"
    return f"{t.algorithm}{on}{opts}: {ran}, final w = {show(t.weights)}"
