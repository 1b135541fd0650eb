"""Kills for mutants of ``perceptron_ref.winnow`` that ``make mutation`` found alive (issue 7).

Each test states an independent fact: a line of ``spec/algorithms/winnow/k-of-r.md``, the
documented error format (one line naming file, line and problem; values quoted up to 40
characters), or what configuring an algorithm must keep.  Expected values are worked out by
hand in the comments from the spec lines, never by re-running the code under test.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest

from perceptron_ref import registry, winnow
from perceptron_ref.algorithm import OnlineAlgorithm
from perceptron_ref.data import parse_csv
from perceptron_ref.errors import InputError
from perceptron_ref.trace import Example, Step
from perceptron_ref.vectors import Label
from perceptron_ref.winnow import k_of_r, ltf

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
    (step,) = steps(k_of_r.configure().learn, [(1, 0)], [1])
    assert (step.score, step.prediction, step.mistake) == (Fraction(-1), -1, True)
    assert step.weights == (Fraction(3, 2), ONE)


def test_k_of_r_names_every_option_it_does_not_take_sorted_and_comma_separated() -> None:
    with pytest.raises(InputError) as error:
        k_of_r.configure(k=2, zeta=1, alpha=2)
    assert str(error.value) == "winnow/k-of-r takes the option k only, not alpha, zeta"


def test_k_of_r_configured_keeps_its_id_note_start_and_zero_score_rule() -> None:
    # Configuring k changes ε only: the algorithm is still winnow/k-of-r from the same note,
    # starts at w = (1, …, 1) ([winnow-k-of-r.1]), and predicts + on w·x = n ([.3], "≥"), which
    # is the rule algorithm.ZeroRule calls "tie-positive".
    algo = registry.get("winnow/k-of-r", k=3)
    assert algo.id == "winnow/k-of-r"
    assert algo.note == k_of_r.ALGORITHM.note
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
