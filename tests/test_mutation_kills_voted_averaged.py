"""Kills for mutants of ``perceptron_ref.perceptron.voted`` and ``.averaged`` that ``make
mutation`` found alive (issue 7).

Each test states an independent fact: a line of ``spec/algorithms/perceptron/voted.md`` or
``averaged.md`` (the vote ŷ = sign(Σᵢ cᵢ·sign(vᵢ · x)) and the averaged model sign(w̄ · x), both
with sign(0) = +1, Gormley slide 18), the weights of Gormley's worked example (slide 15) as the
spec lists them, or the documented error text.  Expected values are worked out by hand in the
comments, never by re-running the code under test.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from perceptron_ref import registry, run
from perceptron_ref.errors import InputError
from perceptron_ref.perceptron import averaged, voted
from perceptron_ref.trace import Example
from perceptron_ref.vectors import Label, Vector

ONE = Fraction(1)

# Gormley's six points (slide 15), as in both modules' docstrings.
X = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
Y: list[Label] = [-1, 1, 1, -1, -1, 1]


def vector(*a: int) -> Vector:
    return tuple(Fraction(v) for v in a)


def test_the_averaged_model_predicts_plus_on_a_zero_score_and_minus_below_it() -> None:
    # averaged.md, worked example: w₁ … w₆ = (1,−2), (1,−2), (2,−1), (2,−1), (3,1), (3,1), so
    # with `after` the running sum is w̄ = (1+1+2+2+3+3, −2−2−1−1+1+1) = (12, −4), n = 6.
    # The model is sign(w̄ · x) with sign(0) = +1 (spec "Zero score", Gormley slide 18):
    #   x = (1, 3):  12 − 12 = 0  → +1 (the zero score);
    #   x = (1, 0):  12 > 0       → +1;
    #   x = (−1, 0): −12 < 0      → −1;
    #   x = (0, 1):  −4 < 0       → −1.
    model = run("perceptron/averaged", X, Y).model
    assert isinstance(model, averaged.Averaged)
    assert (model.total, model.count) == (vector(12, -4), 6)
    got = [model.predict(vector(*x)) for x in [(1, 3), (1, 0), (-1, 0), (0, 1)]]
    assert got == [1, 1, -1, -1]
    assert all(type(label) is int for label in got)


def test_averaged_configured_without_average_averages_the_vectors_after_each_example() -> None:
    # configure()'s default is `after` (averaged.md: "after (default)"): on one example x = (1,)
    # with y = +1, w₀ = 0 scores 0, a mistake ([averaged.3]), so w₁ = (1,) ([averaged.4]).
    # `after` sums w₁ only: w̄ = (1,), n = 1 ([averaged.5]); `before` would sum w₀ = (0,) and
    # `all` both, n = 2.
    algo = averaged.configure()
    (step,) = algo.learn(iter([Example(1, 0, vector(1), 1)]), d=1, eta=ONE)
    assert step.mistake
    model = step.model
    assert isinstance(model, averaged.Averaged)
    assert (model.average, model.total, model.count) == ("after", vector(1), 1)


def test_averaged_names_every_option_it_does_not_take_sorted_and_comma_separated() -> None:
    # registry.get passes options it is given to configure (registry: "an option the algorithm
    # does not take is an error"); two unknown names show the sorted ", " join.
    with pytest.raises(InputError) as error:
        registry.get("perceptron/averaged", zeta=1, alpha=2)
    assert str(error.value) == "perceptron/averaged takes no option alpha, zeta"


def test_an_unknown_average_convention_is_refused_naming_the_three_conventions() -> None:
    # The three conventions of averaged.md's table, in its order, and the value given (repr).
    with pytest.raises(InputError) as error:
        run("perceptron/averaged", X, Y, average="median")
    assert str(error.value) == "average must be one of after, before, all, got 'median'"


def test_a_vote_summing_to_minus_one_predicts_minus() -> None:
    # One example x = (1,), y = +1: v₁ = 0, c₁ = 0 ([voted.1]); v₁ · x = 0 is a mistake
    # (spec "Zero score": tie → mistake), so v₂ = (1,), c₂ = 1 ([voted.5], [voted.6]).
    # The votes are (0,) × 0, (1,) × 1.  On x = (−1,): s = 0·sign(0) + 1·sign(−1) = 0 − 1 = −1,
    # so ŷ = sign(−1) = −1; a sum that started anywhere above 0 would reach sign(0) = +1.
    model = run("perceptron/voted", [(1,)], [1]).model
    assert isinstance(model, voted.Votes)
    assert model.perceptrons == ((vector(0), 0), (vector(1), 1))
    assert model.predict(vector(-1)) == -1
    assert model.predict(vector(1)) == 1


@pytest.mark.parametrize(
    ("c_plus", "c_minus", "label"),
    [
        (2**53, 2**53 + 1, -1),  # s = −1 exactly; 2⁵³ + 1 has no double, it rounds to 2⁵³
        (2**53 + 1, 2**53, 1),  # s = +1
        (10**400, 10**400 + 1, -1),  # past the largest double
    ],
    ids=["2^53-minus", "2^53-plus", "10^400-minus"],
)
def test_the_vote_counts_exactly_however_large_the_counts(
    c_plus: int, c_minus: int, label: Label
) -> None:
    # The vote is an exact integer sum (no float in the reference path): (1,) votes +1 with
    # count c_plus on x = (1,), (−1,) votes −1 with count c_minus, so s = c_plus − c_minus, and
    # ŷ = sign(s).  Counts this large come from a model built directly, not from a run.
    model = voted.Votes(vector(-1), c_minus, voted.Votes(vector(1), c_plus, None))
    assert model.predict(vector(1)) == label
