"""The picture of a run shows the trace: its separators, its exact values, its bound.

The lines are read back from the matplotlib Figure (each artist has a gid) and checked
against the trace: each drawn separator j satisfies w_j·a = 0 at both ends, its label is
w_j exactly, the legend's k and R²/γ² are the trace's k and the data's exact bound.

What a student reads at a glance is checked on the drawn figure (Agg, as it is saved): the
"+" beside each separator lies where w_j·a > 0 and its number where w_j·a < 0, neither text
touches its line, the final separator is drawn bolder, darker and solid, and the legend and
every text lie inside the figure, with long exact labels, a long file name, or panels.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import matplotlib
import numpy as np
import pytest
from hypothesis import given, settings
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg, RendererAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.path import Path as DrawnPath
from matplotlib.text import Annotation, Text
from matplotlib.transforms import Bbox

from perceptron_ref import run
from perceptron_ref.plotting.run_figure import picture, run_figure
from perceptron_ref.plotting.style import save, style
from perceptron_ref.testing import SeparableData, separable_data
from perceptron_ref.vectors import Vector, show

if TYPE_CHECKING:  # matplotlib 3.11's; 3.10 (Python 3.10's newest) has none
    from matplotlib.typing import RcKeyType

# A layout that cannot make room (a legend or label squeezed out) fails the test.
pytestmark = pytest.mark.filterwarnings("error:constrained_layout not applied:UserWarning")

VARIANTS = (
    "perceptron/blum",
    "perceptron/mehta",
    "perceptron/gormley-online",
    "perceptron/gormley-batch",
    "perceptron/press",
    "perceptron/ssbd",
)
X15 = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
Y15 = [-1, 1, 1, -1, -1, 1]
SUB = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")


def pairs(data: object) -> list[tuple[float, float]]:
    """Drawn coordinates (a Line2D's xy data, a scatter's offsets) as float pairs."""
    return [(float(a), float(b)) for a, b in np.asarray(data, dtype=float).tolist()]


def lines(ax: Axes, prefix: str) -> dict[int, Line2D]:
    return {
        int(str(line.get_gid()).rsplit("-", 1)[1]): line
        for line in ax.get_lines()
        if str(line.get_gid()).startswith(prefix)
    }


def parse_w(label: str) -> tuple[int, Vector]:
    """``w₃ = (3, 1)`` → (3, (3, 1)), reading the exact fractions back (the final
    separator's label ends in ``, final``)."""
    m = re.fullmatch(r"w(\S+) = \((.*)\)(?:, final)?", label)
    assert m, label
    return int(m[1].translate(SUB)), tuple(Fraction(a) for a in m[2].split(", "))


def on_separator(w: Vector, bias: bool, xy: tuple[float, float], tol: float = 1e-9) -> bool:
    """Is the drawn point on {w·a = 0}, a = p (no bias, or 1-D with bias), a = (1, p)?"""
    a = (1.0, *xy) if bias and len(w) == 3 else xy
    return abs(sum(float(c) * t for c, t in zip(w, a, strict=True))) <= tol


def legend_texts(fig: Figure) -> list[str]:
    legends = [*(ax.get_legend() for ax in fig.axes), *fig.legends]
    return [t.get_text() for legend in legends if legend is not None for t in legend.texts]


def check_separators(fig: Figure, trace_weights: list[Vector], bias: bool, r: float = 3) -> None:
    """Separator j is drawn iff w_j's line crosses the view [−r, r]², and lies on w_j·a = 0."""
    drawn = lines(fig.axes[0], "separator-")
    for j, w in enumerate(trace_weights, 1):
        c, u = (float(w[0]), w[1:]) if bias and len(w) == 3 else (0.0, w)
        reach = r * sum(abs(float(a)) for a in u)  # max of |u·p| over the box
        if j not in drawn:
            assert abs(c) >= reach  # w = 0, or a line that misses the view
            continue
        line = drawn.pop(j)
        assert parse_w(str(line.get_label())) == (j, w)
        assert str(line.get_label()).endswith(", final") == (j == len(trace_weights))
        for point in pairs(line.get_xydata()):
            assert on_separator(w, bias, point)
    assert not drawn  # no line that is not one of the trace's


def test_gormley_slide_15_figure_shows_the_three_updates() -> None:
    trace = run("perceptron/gormley-online", X15, Y15)
    fig = run_figure(picture(trace, X15, Y15, "slide15.csv"))
    updates = [s.weights for s in trace.steps if s.mistake]
    assert [show(w) for w in updates] == ["(1, -2)", "(2, -1)", "(3, 1)"]  # the slide's values
    check_separators(fig, updates, bias=False)
    texts = legend_texts(fig)
    assert "k = 3 ≤ R²/γ² = 5" in texts  # R² = |(−1, 2)|² = 5, γ = 1 by hand (w* = (1, 0))
    assert "margin band |w*·x| ≤ γ, γ² = 1" in texts and "‖x‖ = R, R² = 5" in texts
    # The final separator is drawn boldest, older ones fainter.
    alphas = [lines(fig.axes[0], "separator-")[j].get_alpha() or 1.0 for j in (1, 2, 3)]
    assert alphas[0] < alphas[1] < alphas[2] == 1.0
    # w*'s separator x₁ = 0 and the band |x₁| ≤ 1.
    (star,) = lines_by_gid(fig.axes[0], "w-star")
    assert all(abs(p[0]) < 1e-12 for p in pairs(star.get_xydata()))
    (patch,) = [p for p in fig.axes[0].patches if p.get_gid() == "margin-band"]
    xs = [v[0] for v in pairs(patch.get_xy())]  # type: ignore[attr-defined]
    assert min(xs) == -1.0 and max(xs) == 1.0


def lines_by_gid(ax: Axes, gid: str) -> list[Line2D]:
    return [line for line in ax.get_lines() if line.get_gid() == gid]


def test_mistakes_are_ringed_at_the_examples_that_caused_updates() -> None:
    trace = run("perceptron/mehta", X15, Y15)
    fig = run_figure(picture(trace, X15, Y15))
    (rings,) = [c for c in fig.axes[0].collections if c.get_gid() == "mistakes"]
    ringed = set(pairs(rings.get_offsets()))
    assert ringed == {
        (float(X15[s.index][0]), float(X15[s.index][1])) for s in trace.steps if s.mistake
    }


@settings(max_examples=8)
@given(separable_data(min_dimension=2, max_dimension=2, max_size=10))
def test_drawn_lines_are_the_traces_separators_on_2d_data(data: SeparableData) -> None:
    for variant in ("perceptron/blum", "perceptron/gormley-batch"):
        batch = variant.endswith("batch")
        trace = (
            run(variant, data.X, data.y)
            if batch
            else run(variant, data.X, data.y, epochs="converge")
        )
        pic = picture(trace, data.X, data.y)
        fig = run_figure(pic)
        weights = [s.weights for s in trace.steps if s.mistake]
        check_separators(fig, weights, bias=False, r=float(pic.box.r))
        assert pic.bound is not None and trace.mistakes <= pic.bound <= data.bound
        assert f"k = {trace.mistakes} ≤ R²/γ² = {pic.bound}" in legend_texts(fig)


@settings(max_examples=8)
@given(separable_data(min_dimension=2, max_dimension=2, max_size=10, bias=True))
def test_with_bias_the_lines_are_w0_plus_w_dot_x_zero(data: SeparableData) -> None:
    trace = run("perceptron/press", data.X, data.y, bias=True)
    pic = picture(trace, data.X, data.y)
    fig = run_figure(pic)
    weights = [s.weights for s in trace.steps if s.mistake]
    check_separators(fig, weights, bias=True, r=float(pic.box.r))
    assert any(t.startswith("‖(1, x)‖ = R, R² = ") for t in legend_texts(fig))


def test_one_dimensional_data_with_bias_is_drawn_in_the_plane_of_1_x() -> None:
    X, y = [(1,), (-2,), (3,)], [1, -1, 1]
    trace = run("perceptron/ssbd", X, y, bias=True, epochs="converge")
    pic = picture(trace, X, y)
    fig = run_figure(pic)
    weights = [s.weights for s in trace.steps if s.mistake]
    check_separators(fig, weights, bias=True, r=float(pic.box.r))
    drawn = {
        p
        for c in fig.axes[0].collections
        if str(c.get_gid()).startswith("points")
        for p in pairs(c.get_offsets())
    }
    assert drawn == {(1.0, 1.0), (1.0, -2.0), (1.0, 3.0)}


def test_panels_show_one_update_each_with_the_previous_separator() -> None:
    trace = run("perceptron/gormley-online", X15, Y15)
    fig = run_figure(picture(trace, X15, Y15), panels=True)
    updates = [s for s in trace.steps if s.mistake]
    for j, (ax, s) in enumerate(zip(fig.axes, updates, strict=False), 1):
        (now,) = lines(ax, "separator-").items()
        assert parse_w(str(now[1].get_label())) == (j, s.weights)
        assert list(lines(ax, "previous-")) == ([j - 1] if j > 1 else [])
        assert f"s = {s.score}" in ax.get_title() and f"example {s.index}" in ax.get_title()
    assert "k = 3 ≤ R²/γ² = 5" in legend_texts(fig)


def test_not_separable_data_get_no_w_star_and_no_bound() -> None:
    X, y = [(1, 0), (-1, 0), (0, 1)], [1, 1, -1]  # x and −x both positive: no w through 0
    trace = run("perceptron/mehta", X, y, epochs="converge", max_epochs=5)
    pic = picture(trace, X, y)
    fig = run_figure(pic)
    assert pic.bound is None and not lines_by_gid(fig.axes[0], "w-star")
    assert any(t.startswith(f"k = {trace.mistakes}; no bound") for t in legend_texts(fig))


def test_svg_is_byte_identical_across_runs_and_keeps_exact_text(tmp_path: Path) -> None:
    a, b = tmp_path / "a.svg", tmp_path / "b.svg"
    for path in (a, b):
        trace = run("perceptron/gormley-online", X15, Y15)
        save(run_figure(picture(trace, X15, Y15)), path)
    assert a.read_bytes() == b.read_bytes()
    text = a.read_text(encoding="utf-8")
    assert 'id="separator-3"' in text and "w₃ = (3, 1)" in text and "R²/γ² = 5" in text
    assert "<dc:date>" not in text


def test_png_is_byte_identical_across_runs(tmp_path: Path) -> None:
    data = []
    for name in ("a.png", "b.png"):
        trace = run("perceptron/gormley-online", X15, Y15)
        data.append(save(run_figure(picture(trace, X15, Y15)), tmp_path / name).read_bytes())
    assert data[0] == data[1] and data[0].startswith(b"\x89PNG")


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_of_the_notes_can_be_pictured(variant: str) -> None:
    trace = run(variant, X15, Y15)
    pic = picture(trace, X15, Y15)
    assert len(pic.updates) == trace.mistakes and pic.bound == 5


def test_a_users_matplotlib_settings_do_not_change_the_file(tmp_path: Path) -> None:
    trace = run("perceptron/gormley-online", X15, Y15)
    plain = save(run_figure(picture(trace, X15, Y15)), tmp_path / "a.svg").read_bytes()
    user: dict[RcKeyType, Any] = {
        "font.family": "serif",
        "lines.linewidth": 7.0,
        "svg.fonttype": "path",
    }
    with matplotlib.rc_context(user):
        styled = save(run_figure(picture(trace, X15, Y15)), tmp_path / "b.svg").read_bytes()
    assert styled == plain


# --- what a student reads at a glance, on the drawn figure -----------------------------------

AND_X, AND_Y = [(0, 0), (0, 1), (1, 0), (1, 1)], [-1, -1, -1, 1]  # AND of two bits, 11 updates
F = Fraction
LONG_X = [(F(1, 7), F(22, 7)), (F(-3, 11), F(5, 13)), (2, F(-9, 17)), (F(-5, 3), F(-1, 19))]
XOR_X, XOR_Y = [(-1, -1), (1, 1), (-1, 1), (1, -1)], [-1, -1, 1, 1]
CASES: dict[str, tuple[str, list[Any], list[int], dict[str, Any], str]] = {
    "slide 15": ("perceptron/gormley-online", X15, Y15, {}, "slide15.csv"),
    "AND with bias": ("perceptron/mehta", AND_X, AND_Y, {"bias": True, "epochs": "converge"}, ""),
    # v = (-23065851/59762147, …): legend labels of 90 characters
    "long fractions": ("perceptron/mehta", LONG_X, [1, -1, 1, -1], {"bias": True}, ""),
    "1-D with bias": ("perceptron/ssbd", [(1,), (-2,), (3,)], [1, -1, 1], {"bias": True}, ""),
    "not separable": ("perceptron/press", XOR_X, XOR_Y, {"bias": True}, "xor.csv"),
    "long file name": (
        "perceptron/blum",
        X15,
        Y15,
        {},
        "/data/" + "very-long-folder/" * 9 + "d.csv",
    ),
}


@cache  # drawn once, read by several tests
def case_figure(name: str, panels: bool = False) -> tuple[Figure, RendererAgg, list[Vector], bool]:
    """The case's figure drawn as it is saved, its renderer, the updates' w, and the bias."""
    algorithm, X, y, options, source = CASES[name]
    trace = run(algorithm, X, y, **options)
    fig = run_figure(picture(trace, X, y, source), panels=panels)
    renderer = RendererAgg(*fig.bbox.size, fig.dpi)  # type: ignore[no-untyped-call]
    FigureCanvasAgg(fig)
    with style():
        fig.draw(renderer)
    weights = [s.weights for s in trace.steps if s.mistake]
    return fig, renderer, weights, bool(options.get("bias"))


def marks(ax: Axes, j: int) -> tuple[Annotation, Annotation]:
    """The "+" and the number drawn beside separator j."""
    plus, tag = [t for t in ax.texts if t.get_gid() == f"side-{j}"]
    assert isinstance(plus, Annotation) and isinstance(tag, Annotation)
    return plus, tag


def value_at(w: Vector, bias: bool, xy: tuple[float, float]) -> float:
    """w·a at a drawn point: a = p, or (1, p) for 2-D data with the bias."""
    a = (1.0, *xy) if bias and len(w) == 3 else xy
    return sum(float(c) * t for c, t in zip(w, a, strict=True))


def text_box(text: Annotation, renderer: RendererAgg) -> Bbox:
    """Where a mark's text is drawn, its background box included (an Annotation's own
    extent would include its arrow, which starts on the line)."""
    patch = text.get_bbox_patch()
    box = patch.get_window_extent(renderer) if patch else Text.get_window_extent(text, renderer)
    assert isinstance(box, Bbox)
    return box


def centre(ax: Axes, text: Annotation, renderer: RendererAgg) -> tuple[float, float]:
    """The data coordinates of the middle of a drawn text."""
    box = text_box(text, renderer)
    x, y = ax.transData.inverted().transform(((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2))
    return float(x), float(y)


@pytest.mark.parametrize("panels", [False, True])
@pytest.mark.parametrize("name", CASES)
def test_the_legend_and_every_text_lie_inside_the_figure(name: str, panels: bool) -> None:
    fig, renderer, _, _ = case_figure(name, panels)
    page = fig.bbox.padded(0.5)  # half a pixel of rounding

    def inside(box: Bbox | None) -> bool:
        assert box is not None
        return bool(
            page.x0 <= box.x0 <= box.x1 <= page.x1 and page.y0 <= box.y0 <= box.y1 <= page.y1
        )

    assert fig.legends and all(ax.get_legend() is None for ax in fig.axes)  # a figure legend
    assert all(inside(legend.get_window_extent(renderer)) for legend in fig.legends), name
    # An axes' tight box holds its tick labels, axis labels, title and annotations.
    assert all(inside(ax.get_tightbbox(renderer)) for ax in fig.axes if ax.axison), name
    assert all(inside(text.get_window_extent(renderer)) for text in fig.texts), name


@pytest.mark.parametrize("panels", [False, True])
@pytest.mark.parametrize("name", CASES)
def test_the_plus_sits_on_each_separators_plus_side_and_its_number_on_the_other(
    name: str, panels: bool
) -> None:
    fig, renderer, weights, bias = case_figure(name, panels)
    checked = 0
    for ax in fig.axes:
        for line in ax.get_lines():
            gid = str(line.get_gid())
            if not gid.startswith(("separator-", "previous-")):
                continue
            j = int(gid.rsplit("-", 1)[1])
            w = weights[j - 1]
            plus, tag = marks(ax, j)
            assert (plus.get_text(), plus.arrow_patch is not None) == ("+", True)
            assert tag.get_text() in (str(j), f"w{str(j).translate(MAKE_SUB)}")
            assert on_separator(w, bias, plus.xy, tol=1e-6)  # the arrow starts on the line
            assert value_at(w, bias, centre(ax, plus, renderer)) > 0  # w·a > 0: the + side
            assert value_at(w, bias, centre(ax, tag, renderer)) < 0
            checked += 1
    assert checked >= (0 if name == "not separable" else 1)


MAKE_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


@pytest.mark.parametrize("panels", [False, True])
@pytest.mark.parametrize("name", CASES)
def test_no_separators_marks_touch_its_line(name: str, panels: bool) -> None:
    fig, renderer, _, _ = case_figure(name, panels)
    for ax in fig.axes:
        for line in ax.get_lines():
            gid = str(line.get_gid())
            if not gid.startswith(("separator-", "previous-")):
                continue
            drawn = DrawnPath(line.get_transform().transform(line.get_xydata()))
            half_width = line.get_linewidth() * fig.dpi / 72 / 2
            for text in marks(ax, int(gid.rsplit("-", 1)[1])):
                box = text_box(text, renderer).padded(half_width)
                assert not drawn.intersects_bbox(box, filled=False), (gid, text.get_text())


def test_the_final_separator_stands_out_from_the_earlier_ones() -> None:
    fig, _, weights, _ = case_figure("AND with bias")
    drawn = lines(fig.axes[0], "separator-")
    k = len(weights)
    final, earlier = drawn.pop(k), list(drawn.values())
    assert len(earlier) >= 5  # AND: 11 updates, most of them drawn
    assert str(final.get_label()).endswith(", final")
    assert final.get_linestyle() == "-" and {e.get_linestyle() for e in earlier} == {"--"}
    assert final.get_linewidth() >= 2 * max(e.get_linewidth() for e in earlier)
    assert final.get_alpha() == 1.0 and max(e.get_alpha() or 1.0 for e in earlier) < 1.0
    assert final.get_color() == "black" and "black" not in {e.get_color() for e in earlier}
    assert final.get_zorder() >= max(e.get_zorder() for e in earlier)
    assert marks(fig.axes[0], k)[1].get_text() == f"w{str(k).translate(MAKE_SUB)}"


def test_a_final_w_without_a_line_is_named_in_the_legend() -> None:
    # Press on XOR with the bias comes back to w = (0, 0, 0), which has no line (u = 0).
    fig, _, weights, _ = case_figure("not separable")
    assert show(weights[-1]) == "(0, 0, 0)"
    assert "final w = (0, 0, 0): no line in view" in legend_texts(fig)
