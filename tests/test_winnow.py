"""Winnow (Blum, Lecture 4): the mistake bounds with explicit constants, the relevant weights,
the LTF analysis's three facts, the k-of-r = LTF(ε = 1/2k) identity, and bad input; what
configuring k-of-r and ltf keeps, and check_data's exact messages."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perceptron_ref import InputError, registry, run, winnow
from perceptron_ref.algorithm import OnlineAlgorithm
from perceptron_ref.bounds import winnow_disjunction_bound, winnow_k_of_r_bound
from perceptron_ref.data import parse_csv
from perceptron_ref.testing_targets import BooleanTarget, disjunctions, k_of_r, ltfs
from perceptron_ref.trace import Example, Step, Trace
from perceptron_ref.vectors import Label, Vector
from perceptron_ref.winnow import k_of_r as k_of_r_algorithm
from perceptron_ref.winnow import ltf

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


# --- configuring k-of-r and ltf, and check_data's messages, by hand -------------------------------
# Each test states an independent fact: a line of spec/algorithms/winnow/k-of-r.md, the documented
# error format (one line naming file, line and problem; values quoted up to 40 characters), or what
# configuring an algorithm must keep.


ONE = Fraction(1)


def steps(learn: object, X: Sequence[tuple[int, ...]], y: Sequence[Label]) -> list[Step]:
    """One pass of an online learner over (X, y), called directly (no runner in between)."""
    stream = (
        Example(1, i, tuple(Fraction(v) for v in x), t)
        for i, (x, t) in enumerate(zip(X, y, strict=True))
    )
    assert callable(learn)
    return list(learn(stream, d=len(X[0]), eta=ONE))


def test_k_of_r_configured_without_k_is_the_default_k_1_whose_epsilon_is_one_half() -> None:
    # The module's default k = 1, so ε = 1/2k = 1/2 ([winnow-k-of-r.2]).  With n = 2, w = (1, 1)
    # ([.1]): x = (1, 0) scores w·x − n = 1 − 2 = −1, predicts − ([.3]), a mistake on a positive,
    # so the active weight is multiplied by 1 + ε = 3/2 ([.4]): w = (3/2, 1).  With k = 2 it
    # would be 5/4.
    (step,) = steps(k_of_r_algorithm.configure().learn, [(1, 0)], [1])
    assert (step.score, step.prediction, step.mistake) == (Fraction(-1), -1, True)
    assert step.weights == (Fraction(3, 2), ONE)


def test_k_of_r_names_every_option_it_does_not_take_sorted_and_comma_separated() -> None:
    with pytest.raises(InputError) as error:
        k_of_r_algorithm.configure(k=2, zeta=1, alpha=2)
    assert str(error.value) == "winnow/k-of-r takes the option k only, not alpha, zeta"


def test_k_of_r_configured_keeps_its_id_note_start_and_zero_score_rule() -> None:
    # Configuring k changes ε only: the algorithm is still winnow/k-of-r from the same note,
    # starts at w = (1, …, 1) ([winnow-k-of-r.1]), and predicts + on w·x = n ([.3], "≥"), which
    # is the rule algorithm.ZeroRule calls "tie-positive".
    algo = registry.get("winnow/k-of-r", k=3)
    assert algo.id == "winnow/k-of-r"
    assert algo.note == k_of_r_algorithm.ALGORITHM.note
    assert "Blum, Lecture 4" in algo.note
    assert algo.zero_score == "tie-positive"
    assert isinstance(algo, OnlineAlgorithm)
    assert algo.start(3) == (ONE, ONE, ONE)


def test_k_of_r_configured_predicts_positive_on_a_zero_score_as_its_rule_says() -> None:
    # n = 2, w = (1, 1): x = (1, 1) scores w·x − n = 0; [winnow-k-of-r.3] predicts + (w·x ≥ n),
    # so a positive label is no mistake and w stays (1, 1); a negative one is a mistake and
    # divides both weights by 1 + ε = 1 + 1/4 (k = 2): w = (4/5, 4/5) ([.5]).
    algo = registry.get("winnow/k-of-r", k=2)
    assert isinstance(algo, OnlineAlgorithm)
    assert algo.zero_score == "tie-positive"
    (kept,) = steps(algo.learn, [(1, 1)], [1])
    assert (kept.score, kept.prediction, kept.mistake, kept.weights) == (
        Fraction(0),
        1,
        False,
        (ONE, ONE),
    )
    (cut,) = steps(algo.learn, [(1, 1)], [-1])
    assert (cut.score, cut.prediction, cut.mistake) == (Fraction(0), 1, True)
    assert cut.weights == (Fraction(4, 5), Fraction(4, 5))


def check_data_problem(feature: str) -> str:
    data = parse_csv(["0,1,1", f"1,{feature},-1"], source="w.csv")
    with pytest.raises(InputError) as error:
        winnow.check_data(data)
    return str(error.value)


def test_check_data_names_file_line_and_feature_and_quotes_a_short_value_whole() -> None:
    assert check_data_problem("2") == "w.csv:2: feature 2 is 2; Winnow takes 0/1 features"
    assert check_data_problem("1/2") == "w.csv:2: feature 2 is 1/2; Winnow takes 0/1 features"


def test_check_data_quotes_up_to_40_characters_whole_and_cuts_longer_to_37_and_dots() -> None:
    # The documented cut (as for numbers): a 40-character value whole, a 41-character one as
    # its first 37 characters and "..." (37 + 3 = 40), so the message stays one short line.
    forty, forty_one = "9" * 40, "8" * 41
    assert check_data_problem(forty) == f"w.csv:2: feature 2 is {forty}; Winnow takes 0/1 features"
    assert (
        check_data_problem(forty_one)
        == f"w.csv:2: feature 2 is {'8' * 37}...; Winnow takes 0/1 features"
    )


@pytest.mark.parametrize("algorithm", ["winnow/disjunction", "winnow/k-of-r", "winnow/ltf"])
def test_winnow_refuses_a_step_size_naming_the_algorithm(algorithm: str) -> None:
    # Spec "Departures": eta is not used; a value other than 1 is an InputError naming it.
    algo = registry.get(algorithm)
    assert isinstance(algo, OnlineAlgorithm)
    stream = iter([Example(1, 0, (ONE,), 1)])
    with pytest.raises(InputError) as error:
        list(algo.learn(stream, d=1, eta=Fraction(2)))
    assert str(error.value) == f"{algorithm} takes no eta (its updates are multiplicative)"


def test_ltf_names_every_option_it_does_not_take_and_refuses_a_radius_not_positive() -> None:
    with pytest.raises(InputError) as error:
        ltf.configure(epsilon=ONE, zeta=1, alpha=2)
    assert str(error.value) == "winnow/ltf takes the option epsilon only, not alpha, zeta"
    for epsilon, shown in ((0, "0"), ("-1/2", "-1/2")):
        with pytest.raises(InputError) as error:
            ltf.configure(epsilon=epsilon)
        assert str(error.value) == f"epsilon must be positive, got {shown}"


def test_ltf_configured_keeps_its_id_note_start_and_zero_score_rule() -> None:
    # ε changes the factor only: still winnow/ltf from the same note, w = (1, …, 1) at the start,
    # and predict + on w·x = n: n = 2, w = (1, 1), x = (1, 1) scores 0 and predicts +; on a
    # negative label both weights are divided by 1 + ε = 3/2: w = (2/3, 2/3).
    algo = registry.get("winnow/ltf", epsilon="1/2")
    assert isinstance(algo, OnlineAlgorithm)
    assert algo.id == "winnow/ltf"
    assert algo.note == ltf.ALGORITHM.note
    assert algo.zero_score == "tie-positive"
    assert algo.start(2) == (ONE, ONE)
    (cut,) = steps(algo.learn, [(1, 1)], [-1])
    assert (cut.score, cut.prediction, cut.mistake) == (Fraction(0), 1, True)
    assert cut.weights == (Fraction(2, 3), Fraction(2, 3))


# -- few data sets still tell every variant and a wrong number of passes apart -----------------

WINNOW = """\
def winnow(X, y):
    n = len(X[0])
    w = [1] * n
    for _ in range({passes}):
        for x, label in zip(X, y):
            pos = label == 1
            if (sum(a * b for a, b in zip(w, x)) >= n) != pos:
                for i in range(n):
                    if x[i] == 1:
                        w[i] = 2 * w[i] if pos else {demote}
    return w
"""


@pytest.mark.parametrize(
    ("name", "passes", "demote", "verdict"),
    [
        ("right", 2, "0", "agree"),
        ("one_pass", 1, "0", "disagree"),
        ("halved", 2, "w[i] / 2", "disagree"),
    ],
)
def test_few_data_sets_still_tell_a_variant_and_the_passes_apart(
    tmp_path: Path, name: str, passes: int, demote: str, verdict: str
) -> None:
    from perceptron_ref.crosscheck import crosscheck

    path = tmp_path / f"{name}.py"
    path.write_text(WINNOW.format(passes=passes, demote=demote))
    report = crosscheck("winnow/disjunction", f"{path}:winnow", epochs=2, examples=8,
                        input="lists")  # fmt: skip
    assert report.verdict == verdict, report.reason
