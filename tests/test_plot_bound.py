"""``plot-bound``'s campaign and figure: the points are the runs, under the line k = R²/γ²,
and Blum's coordinate-vector adversary (``perceptron_ref.adversaries``) lies exactly on it."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest
from matplotlib.axes import Axes
from matplotlib.collections import PathCollection

from perceptron_ref import run
from perceptron_ref.adversaries.blum_lower_bound import blum_lower_bound
from perceptron_ref.plotting.bound_figure import bound_figure
from perceptron_ref.plotting.campaign import (
    VARIANTS,
    adversary_points,
    campaign,
    separable,
)
from perceptron_ref.vectors import dot, norm2


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
    # The legend's exact worst ratio, recomputed as k·γ²/R².
    labels = ax.get_legend_handles_labels()[1]
    for variant in VARIANTS:
        ratio = max(p.k * p.gamma_squared / p.R_squared for p in points if p.variant == variant)
        (label,) = [t for t in labels if t.startswith(f"{variant}: ")]
        assert label.split(" = ", 1)[1].split(" ≈ ")[0] == str(ratio)
