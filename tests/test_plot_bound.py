"""``plot-bound``'s campaign and figure: the points are the runs, under the line k = R²/γ²,
and Blum's coordinate-vector adversary (``perceptron_ref.adversaries``) lies exactly on it.
Each variant has its own marker and colour; the largest ratio k/(R²/γ²) is given once for
the variants that share it (recomputed here as k·γ²/R²); the legend lies inside the figure."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg, RendererAgg
from matplotlib.collections import PathCollection
from matplotlib.colors import to_hex

from perceptron_ref import run
from perceptron_ref.adversaries.blum_lower_bound import blum_lower_bound
from perceptron_ref.plotting.bound_figure import bound_figure, ratio_lines
from perceptron_ref.plotting.campaign import (
    VARIANTS,
    Point,
    adversary_points,
    campaign,
    separable,
)
from perceptron_ref.plotting.legend import unfold
from perceptron_ref.plotting.style import style
from perceptron_ref.vectors import dot, norm2

# A layout that cannot make room (a legend or label squeezed out) fails the test.
pytestmark = pytest.mark.filterwarnings("error:constrained_layout not applied:UserWarning")


def pairs(data: object) -> list[tuple[float, float]]:
    return [(float(a), float(b)) for a, b in np.asarray(data, dtype=float).tolist()]


def collection(ax: Axes, gid: str) -> PathCollection:
    (found,) = [c for c in ax.collections if c.get_gid() == gid]
    assert isinstance(found, PathCollection)
    return found


@pytest.mark.parametrize("seed", range(5))
def test_generated_data_carry_a_valid_certificate(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(10):
        data = separable(rng, max_dimension=5, max_size=20)
        assert norm2(data.w_star) == 1 and data.gamma > 0
        margins = [t * dot(data.w_star, x) for x, t in zip(data.X, data.y, strict=True)]
        assert min(margins) == data.gamma
        assert data.R_squared == max(sum(a * a for a in x) for x in data.X)


def test_same_seed_same_campaign_other_seed_other_campaign() -> None:
    assert campaign(3, 7, max_size=10) == campaign(3, 7, max_size=10)
    assert campaign(3, 7, max_size=10) != campaign(3, 8, max_size=10)


def test_every_run_of_the_campaign_is_within_the_bound() -> None:
    points = campaign(6, 1, max_size=20)
    assert len(points) == 6 * len(VARIANTS)
    assert all(0 <= p.k <= p.bound for p in points)
    assert {p.variant for p in points} == set(VARIANTS)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("root", [1, 2, 3])
def test_the_adversary_forces_a_mistake_on_every_coordinate_vector(variant: str, root: int) -> None:
    data = blum_lower_bound(Fraction(1, root), variant)
    N = root * root
    identity = tuple(tuple(Fraction(int(i == j)) for j in range(N)) for i in range(N))
    assert identity == data.X
    first_pass = [s for s in run(variant, data.X, data.y).steps if s.epoch == 1]
    assert len(first_pass) == N and all(s.mistake for s in first_pass)


@pytest.mark.parametrize("root", [1, 2, 3])
def test_adversary_points_lie_exactly_on_the_line(root: int) -> None:
    # w* = Σ yᵢeᵢ/root: margin 1/root, so γ² = 1/N; R² = ‖eᵢ‖² = 1; the bound is N = k.
    N = root * root
    for p in adversary_points(root):
        assert (p.k, p.R_squared, p.gamma_squared, p.bound) == (
            N,
            Fraction(1),
            Fraction(1, N),
            Fraction(N),
        )


def test_figure_points_are_the_campaigns_runs() -> None:
    points = campaign(4, 2, max_size=15)
    adversary = adversary_points(1) + adversary_points(2)
    fig = bound_figure(points, adversary, examples=4, seed=2)
    ax = fig.axes[0]
    assert ax.get_xscale() == "log" and ax.get_yscale() == "log"
    (line,) = [x for x in ax.get_lines() if x.get_gid() == "bound-line"]
    xs, ys = line.get_data()
    assert np.asarray(xs, dtype=float).tolist() == np.asarray(ys, dtype=float).tolist()
    for variant in VARIANTS:
        drawn = sorted(pairs(collection(ax, f"runs:{variant}").get_offsets()))
        runs = sorted((float(p.bound), float(p.k)) for p in points if p.variant == variant)
        assert drawn == [r for r in runs if r[1] > 0]
        assert all(k <= b for b, k in drawn)
        on_line = pairs(collection(ax, f"adversary:{variant}").get_offsets())
        assert sorted(on_line) == [(1.0, 1.0), (4.0, 4.0)]  # exactly on k = R²/γ²
    # The legend's exact worst ratios, recomputed as k·γ²/R², each once (as drawn, unfolded).
    assert ratio_texts(ax.get_legend_handles_labels()[1]) == shared_ratios(points)
    (legend,) = fig.legends
    assert ratio_texts([unfold(x.get_text()) for x in legend.texts]) == shared_ratios(points)


def shared_ratios(points: tuple[Point, ...]) -> dict[str, set[str]]:
    """Each variant's largest k·γ²/R² as the legend writes it, and the variants reaching it."""
    shared: dict[str, set[str]] = {}
    for variant in VARIANTS:
        ratio = max(p.k * p.gamma_squared / p.R_squared for p in points if p.variant == variant)
        text = str(ratio) if ratio.denominator == 1 else f"{ratio} ≈ {float(ratio):.3f}"
        shared.setdefault(text, set()).add(variant)
    return shared


def ratio_texts(lines: list[str]) -> dict[str, set[str]]:
    """The ratio lines read back: ``max k/(R²/γ²) = Q for A, B`` → {Q: {A, B}}, each Q once."""
    read: dict[str, set[str]] = {}
    for line in lines:
        if line.startswith("max k/(R²/γ²) = "):
            ratio, who = line.removeprefix("max k/(R²/γ²) = ").split(" for ")
            assert ratio not in read  # a shared ratio is written once
            read[ratio] = set(VARIANTS) if who == "every variant" else set(who.split(", "))
    return read


def test_each_variant_has_its_own_marker_and_colour() -> None:
    fig = bound_figure(campaign(4, 2, max_size=15), adversary_points(2), examples=4, seed=2)
    ax = fig.axes[0]

    def look(c: PathCollection) -> tuple[tuple[tuple[float, float], ...], str]:
        (path,) = c.get_paths()  # one marker for the whole collection
        corners: list[list[float]] = np.asarray(path.vertices, dtype=float).tolist()
        vertices = tuple((round(x, 6), round(y, 6)) for x, y in corners)
        edge: Any = c.get_edgecolor()  # an (n, 4) array of RGBA rows
        rgba: list[float] = np.asarray(edge, dtype=float)[0].tolist()
        r, g, b, a = rgba
        return vertices, to_hex((r, g, b, a))

    runs = {v: look(collection(ax, f"runs:{v}")) for v in VARIANTS}
    assert len({marker for marker, _ in runs.values()}) == len(VARIANTS)
    assert len({colour for _, colour in runs.values()}) == len(VARIANTS)
    for variant in VARIANTS:  # the adversary's marks and the legend's are the variant's own
        assert look(collection(ax, f"adversary:{variant}")) == runs[variant]
        (legend,) = fig.legends
        (handle,) = [
            h for h, t in zip(legend.legend_handles, legend.texts, strict=True)
            if t.get_text() == variant
        ]  # fmt: skip
        assert isinstance(handle, PathCollection) and look(handle) == runs[variant]


def test_a_ratio_shared_by_variants_is_written_once_naming_them() -> None:
    # k·γ²/R²: blum and mehta 1·(1/2)/1 = 1/2, press 1·(1/3)/1 = 1/3; the rest have no run.
    one = Fraction(1)
    points = (
        Point("perceptron/blum", 1, one, Fraction(1, 2)),
        Point("perceptron/mehta", 1, one, Fraction(1, 2)),
        Point("perceptron/press", 1, one, Fraction(1, 3)),
    )
    assert ratio_lines(points) == [
        "max k/(R²/γ²) = 1/2 ≈ 0.500 for perceptron/blum, perceptron/mehta",
        "max k/(R²/γ²): no run for perceptron/gormley-online, perceptron/gormley-batch, "
        "perceptron/ssbd",
        "max k/(R²/γ²) = 1/3 ≈ 0.333 for perceptron/press",
    ]
    every = tuple(Point(v, 2, one, Fraction(1, 4)) for v in VARIANTS)  # 2·(1/4)/1 = 1/2
    assert ratio_lines(every) == ["max k/(R²/γ²) = 1/2 ≈ 0.500 for every variant"]


@pytest.mark.parametrize(("examples", "seed", "size"), [(6, 0, 20), (6, 5, 20), (2, 3, 6)])
def test_the_legend_lies_inside_the_figure(examples: int, seed: int, size: int) -> None:
    # Seed 3 with 2 data sets of at most 6 examples: ratios of 40-digit fractions.
    points = campaign(examples, seed, max_size=size)
    fig = bound_figure(points, adversary_points(1), examples=examples, seed=seed)
    renderer = RendererAgg(*fig.bbox.size, fig.dpi)  # type: ignore[no-untyped-call]
    FigureCanvasAgg(fig)
    with style():
        fig.draw(renderer)
    (legend,) = fig.legends
    page = fig.bbox
    for box in (legend.get_window_extent(renderer), fig.axes[0].get_tightbbox(renderer)):
        assert box is not None
        assert page.x0 <= box.x0 <= box.x1 <= page.x1 and page.y0 <= box.y0 <= box.y1 <= page.y1
