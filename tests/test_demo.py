"""`perceptron-ref demo` prints the worked examples and a campaign that really checked steps;
``campaign.check`` counts mistakes and accepts a run that meets its bound exactly, and a seeded
campaign is reproducible."""

from __future__ import annotations

import re
from fractions import Fraction as F

import pytest
from hypothesis import strategies as st

from perceptron_ref import run
from perceptron_ref.campaign import CORE, campaign, check
from perceptron_ref.cli import main
from perceptron_ref.testing import SeparableData
from perceptron_ref.vectors import Label


def test_demo_prints_worked_examples_and_the_campaign_tally(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", "--examples", "5"]) == 0
    out = capsys.readouterr().out
    assert "perceptron/blum             tie-negative  1, (1, 0)" in out
    assert "perceptron/press            tie-positive  3, (3, 1)" in out
    rows = re.findall(r"^  (perceptron/\S+) +(\d+) +(\d+) +([\d/]+)$", out, re.MULTILINE)
    assert [r[0] for r in rows] == list(CORE)
    assert all(int(r[1]) >= 5 and int(r[2]) > 0 and F(r[3]) <= 1 for r in rows)
    steps = sum(int(r[2]) for r in rows)
    assert f"<w, w*> >= k*gamma         after each of {steps} steps" in out


def test_the_campaign_checker_rejects_a_violated_invariant() -> None:
    """The campaign's check can fail: a certificate claiming a larger margin is caught."""
    X = ((1, 0), (0, 1))
    y: tuple[Label, ...] = (1, -1)
    trace = run("perceptron/mehta", X, y)
    honest = SeparableData(
        tuple(tuple(map(F, x)) for x in X), y, (F(3, 5), F(-4, 5)), F(3, 5), F(1)
    )
    assert check(trace, honest) == 2
    lying = SeparableData(honest.X, y, honest.w_star, F(2), F(1))
    with pytest.raises(AssertionError):
        check(trace, lying)


def test_a_seeded_campaign_counts_every_data_set() -> None:
    tally = campaign(examples=4, random_seed=7)
    assert {t.data_sets for t in tally.values()} == {4}


# --- campaign.check and campaign(), worked by hand ------------------------------------------------


def test_campaign_check_counts_mistakes_and_accepts_tight_invariants() -> None:
    # Mehta (sgn(0) = +1) on (1,0) -1, (0,1) +1: s = 0, ŷ = +1, a mistake, w = (-1, 0); then
    # s = 0, ŷ = +1 = y.  w* = (-3/5, 4/5): margins 3/5 and 4/5, so γ = 3/5, R² = 1.  After the
    # mistake ⟨w, w*⟩ = 3/5 = 1·γ and ‖w‖² = 1 = 1·R²: both invariants hold with equality.
    X = ((F(1), F(0)), (F(0), F(1)))
    y: tuple[Label, ...] = (-1, 1)
    data = SeparableData(X, y, (F(-3, 5), F(4, 5)), F(3, 5), F(1))
    trace = run("perceptron/mehta", X, y)
    assert [s.mistake for s in trace.steps] == [True, False]
    assert check(trace, data) == 2


def test_campaign_check_accepts_a_run_that_meets_the_bound_exactly() -> None:
    # Gormley online (tie-mistake) on (1, 0) +1: one mistake; w* = (1, 0), γ = 1, R² = 1,
    # R²/γ² = 1: k = 1 = the bound.  The invariants hold with R² = 2 as well (a looser R).
    X = ((F(1), F(0)),)
    y: tuple[Label, ...] = (1,)
    trace = run("perceptron/gormley-online", X, y)
    assert check(trace, SeparableData(X, y, (F(1), F(0)), F(1), F(1))) == 1
    # ‖w‖² = 1 ≤ 1·R² for R² = 2, but not ≤ 1/R² = 1/2.
    assert check(trace, SeparableData(X, y, (F(1), F(0)), F(1), F(2))) == 1
    # And a norm the invariant must refuse: w = (2, 0) after one mistake with eta = 2.
    doubled = run("perceptron/gormley-online", X, y, eta=2)
    with pytest.raises(AssertionError):
        check(doubled, SeparableData(X, y, (F(1), F(0)), F(1), F(3)))


def test_a_seeded_campaign_is_reproducible() -> None:
    first = campaign(examples=3, random_seed=11)
    again = campaign(examples=3, random_seed=11)
    assert sorted(first) == sorted(CORE)
    assert first == again  # Tally is a dataclass: equal counts, steps and worst ratios


def test_campaign_checks_400_data_sets_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    # The default the demo documents ("generated data sets in the campaign (default 400)"):
    # with one variant and a cheap data strategy (a fixed tiny separable set, drawn from an
    # unbounded space so that Hypothesis never runs out of examples) every example is counted.
    import perceptron_ref.campaign as module

    tiny = SeparableData(((F(1),),), (1,), (F(1),), F(1), F(1))
    monkeypatch.setattr(module, "CORE", ("perceptron/mehta",))
    monkeypatch.setattr(module, "separable_data", lambda **_: st.integers().map(lambda _: tiny))
    tally = campaign()
    assert list(tally) == ["perceptron/mehta"]
    assert (tally["perceptron/mehta"].data_sets, tally["perceptron/mehta"].steps) == (400, 400)
