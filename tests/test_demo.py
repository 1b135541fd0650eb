"""`perceptron-ref demo` prints the worked examples and a campaign that really checked steps."""

from __future__ import annotations

import re
from fractions import Fraction as F

import pytest

from perceptron_ref.campaign import CORE, campaign, check
from perceptron_ref.cli import main
from perceptron_ref.runner import run
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
