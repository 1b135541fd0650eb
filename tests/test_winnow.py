"""Winnow (Blum, Lecture 4): the mistake bounds with explicit constants, the relevant weights,
the LTF analysis's three facts, the k-of-r = LTF(ε = 1/2k) identity, and bad input."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perceptron_ref import InputError, run
from perceptron_ref.bounds import winnow_disjunction_bound, winnow_k_of_r_bound
from perceptron_ref.testing_targets import BooleanTarget, disjunctions, k_of_r, ltfs
from perceptron_ref.trace import Trace
from perceptron_ref.vectors import Vector

WINNOWS = ("winnow/disjunction", "winnow/k-of-r", "winnow/ltf")


def q(*v: int) -> Vector:
    return tuple(Fraction(a) for a in v)


@given(disjunctions(), st.integers(1, 3))
def test_disjunction_mistakes_obey_the_bound(t: BooleanTarget, passes: int) -> None:
    trace = run("winnow/disjunction", t.X, t.y, epochs=passes)
    assert trace.mistakes <= winnow_disjunction_bound(t.r, t.n)


@given(disjunctions(), st.integers(1, 3))
def test_disjunction_never_zeroes_a_relevant_weight(t: BooleanTarget, passes: int) -> None:
    trace = run("winnow/disjunction", t.X, t.y, epochs=passes)
    for s in trace.steps:
        assert all(s.weights[i] >= 1 for i in t.relevant)


@given(disjunctions())
def test_disjunction_converges_to_a_consistent_hypothesis(t: BooleanTarget) -> None:
    """Passes until a clean one: then w·x ≥ n exactly on the positives."""
    trace = run("winnow/disjunction", t.X, t.y, epochs="converge")
    assert trace.status == "converged"
    n = t.n
    for x, y in zip(t.X, t.y, strict=True):
        assert (sum(w * v for w, v in zip(trace.weights, x, strict=True)) >= n) == (y == 1)


@given(k_of_r(), st.integers(1, 3))
def test_k_of_r_mistakes_obey_the_bound(t: BooleanTarget, passes: int) -> None:
    k = int(t.c)
    trace = run("winnow/k-of-r", t.X, t.y, k=k, epochs=passes)
    assert trace.mistakes <= winnow_k_of_r_bound(t.r, k, t.n)


@given(k_of_r())
def test_k_of_r_keeps_every_weight_positive(t: BooleanTarget) -> None:
    """Multiplicative updates never zero a weight: relevant weights stay alive."""
    trace = run("winnow/k-of-r", t.X, t.y, k=int(t.c), epochs=2)
    assert all(w > 0 for s in trace.steps for w in s.weights)


@given(k_of_r(), st.integers(1, 2))
def test_k_of_r_is_the_ltf_winnow_with_epsilon_one_over_2k(t: BooleanTarget, passes: int) -> None:
    k = int(t.c)
    a = run("winnow/k-of-r", t.X, t.y, k=k, epochs=passes)
    b = run("winnow/ltf", t.X, t.y, epsilon=Fraction(1, 2 * k), epochs=passes)
    assert a.steps == b.steps


def promotions_minus_demotions(t: BooleanTarget, trace: Trace) -> list[int]:
    """eᵢ, counted over the mistake steps: +1 per active promotion, −1 per active demotion."""
    e = [0] * t.n
    for s in trace.steps:
        if s.mistake:
            x = t.X[s.index]
            for i in range(t.n):
                e[i] += s.label * int(x[i])
    return e


@given(ltfs(), st.integers(1, 3))
def test_ltf_winnow_satisfies_the_three_facts_of_the_bound(t: BooleanTarget, passes: int) -> None:
    """spec/algorithms/winnow/ltf.md, (A), (B), (C), with ε = γ/2c, checked exactly."""
    epsilon = t.gamma / (2 * t.c)
    trace = run("winnow/ltf", t.X, t.y, epsilon=epsilon, epochs=passes)
    M_pos = sum(1 for s in trace.steps if s.mistake and s.label == 1)
    M_neg = sum(1 for s in trace.steps if s.mistake and s.label == -1)
    assert M_pos + M_neg == trace.mistakes
    n, base = t.n, 1 + epsilon
    e = promotions_minus_demotions(t, trace)
    assert trace.weights == tuple(base**e_i for e_i in e)  # wᵢ = (1 + ε)^eᵢ
    # (A) the total weight stays positive: M₋ < (1 + ε)/ε + (1 + ε)·M₊
    assert M_neg < (1 + epsilon) / epsilon + (1 + epsilon) * M_pos
    # (B) (1 + ε)^(eᵢ − 1) < n
    assert all(base ** (e_i - 1) < n for e_i in e)
    # (C) c·M₊ − (c − γ)·M₋ ≤ Σ w*ᵢeᵢ < L₁·(1 + log_{1+ε} n), the log-free form:
    potential = sum(w * e_i for w, e_i in zip(t.w_star, e, strict=True))
    assert t.c * M_pos - (t.c - t.gamma) * M_neg <= potential
    q = potential / t.L1 - 1  # (1 + ε)^q < n, raised to q's denominator
    assert base**q.numerator < Fraction(n) ** q.denominator


@pytest.mark.parametrize("algorithm", WINNOWS)
def test_winnow_rejects_features_other_than_0_and_1(algorithm: str) -> None:
    with pytest.raises(InputError, match=r"example 1: feature 2 is 1/2; Winnow takes 0/1"):
        run(algorithm, [(1, 0), (0, Fraction(1, 2))], [1, -1])


@pytest.mark.parametrize("algorithm", WINNOWS)
def test_winnow_rejects_a_step_size(algorithm: str) -> None:
    with pytest.raises(InputError, match="takes no eta"):
        run(algorithm, [(1, 0)], [1], eta=2)


def test_options_are_checked() -> None:
    with pytest.raises(InputError, match="k must be a positive integer"):
        run("winnow/k-of-r", [(1, 0)], [1], k=0)
    with pytest.raises(InputError, match="epsilon must be positive"):
        run("winnow/ltf", [(1, 0)], [1], epsilon="-1/2")
    with pytest.raises(InputError, match="takes the option k only"):
        run("winnow/k-of-r", [(1, 0)], [1], epsilon="1/2")
    with pytest.raises(InputError, match="takes no option k"):
        run("winnow/disjunction", [(1, 0)], [1], k=2)


def test_a_cycle_is_found_from_winnows_initial_weights() -> None:
    """w = (1, 1) at the start; epoch 1 zeroes it and every later epoch ends at 0: the cycle is
    (1, 2), not (0, 1) as a detector seeded with w = 0 would claim."""
    X, y = [(1, 1), (1, 1)], [-1, 1]
    trace = run("winnow/disjunction", X, y, epochs="converge")
    assert trace.status == "cycled" and trace.cycle == (1, 2)
    after = [run("winnow/disjunction", X, y, epochs=e).weights for e in (1, 2, 3)]
    assert after[0] == after[1] == after[2] == q(0, 0)
    assert run("winnow/disjunction", X, y, epochs=1).steps[0].weights == q(0, 0)


def test_disjunction_doubles_and_zeroes_as_the_note_says() -> None:
    """Target x₃ over n = 3: the positive (1, 0, 1) doubles w₁ and w₃; the negative (1, 1, 0),
    now scored 3 ≥ n, zeroes w₁ and w₂; w₃ only grows."""
    X = [(1, 0, 1), (1, 1, 0), (0, 0, 1), (1, 1, 1)]
    trace = run("winnow/disjunction", X, [1, -1, 1, 1])
    assert [s.weights for s in trace.steps] == [q(2, 1, 2), q(0, 0, 2), q(0, 0, 4), q(0, 0, 4)]
    assert [s.score for s in trace.steps] == [-1, 0, -1, 1]
    assert [s.mistake for s in trace.steps] == [True, True, True, False]


def test_cli_names_the_line_of_a_non_boolean_feature(tmp_path: Path) -> None:
    data = tmp_path / "d.csv"
    data.write_text("# x1,x2,y\n1,0,1\n0,2,-1\n", encoding="utf-8")
    cli = [sys.executable, "-m", "perceptron_ref", "run", "winnow/k-of-r", str(data), "--k", "2"]
    out = subprocess.run(cli, capture_output=True, text=True, check=False)
    assert out.returncode == 2
    assert out.stderr.strip().endswith(f"{data}:3: feature 2 is 2; Winnow takes 0/1 features")
    assert out.stderr.count("\n") == 1
