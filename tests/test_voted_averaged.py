"""The voted and averaged perceptrons: their training is Gormley's online perceptron, and the
survival counts, the vote and the three averages are what their definitions say, checked
against facts computed independently from the trace (or by another algorithm); the models'
predictions on a zero score, and the options and their refusals, worked by hand."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Literal

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from perceptron_ref import InputError, Trace, registry, run
from perceptron_ref.perceptron import averaged, voted
from perceptron_ref.perceptron.averaged import Averaged
from perceptron_ref.perceptron.voted import Votes
from perceptron_ref.testing import rationals
from perceptron_ref.trace import Example
from perceptron_ref.vectors import Label, Vector, add, dot, scale, zeros

Rows = list[tuple[Fraction, ...]]


@st.composite
def arbitrary_data(
    draw: st.DrawFn, max_dimension: int = 4, max_size: int = 12
) -> tuple[Rows, list[Label]]:
    """Any rational points with any labels: separable or not, zero scores included."""
    d = draw(st.integers(1, max_dimension))
    n = draw(st.integers(1, max_size))
    X = [tuple(draw(st.lists(rationals(3, 2), min_size=d, max_size=d))) for _ in range(n)]
    y: list[Label] = draw(st.lists(st.sampled_from([-1, 1]), min_size=n, max_size=n))
    return X, y


data_sets = arbitrary_data()
passes = st.integers(1, 3)
etas = st.builds(Fraction, st.integers(1, 9), st.integers(1, 9))


def votes(t: Trace) -> Votes:
    assert isinstance(t.model, Votes)
    return t.model


def averaged_of(t: Trace) -> Averaged:
    assert isinstance(t.model, Averaged)
    return t.model


def sum_of(vectors: list[Vector], d: int) -> Vector:
    total = zeros(d)
    for v in vectors:
        total = add(total, v)
    return total


def steps_without_model(t: Trace) -> list[tuple[object, ...]]:
    return [
        (s.epoch, s.index, s.score, s.prediction, s.label, s.mistake, s.weights) for s in t.steps
    ]


@pytest.mark.parametrize("algorithm", ["perceptron/voted", "perceptron/averaged"])
@given(data=data_sets, epochs=passes, eta=etas)
def test_training_steps_are_gormley_online_steps(
    algorithm: str, data: tuple[Rows, list[Label]], epochs: int, eta: Fraction
) -> None:
    X, y = data
    plain = run("perceptron/gormley-online", X, y, epochs=epochs, eta=eta)
    extended = run(algorithm, X, y, epochs=epochs, eta=eta)
    assert steps_without_model(extended) == steps_without_model(plain)
    assert (extended.mistakes, extended.weights) == (plain.mistakes, plain.weights)


@given(data=data_sets, epochs=passes, eta=etas)
def test_survival_counts_are_the_run_lengths_of_the_weight_vectors(
    data: tuple[Rows, list[Label]], epochs: int, eta: Fraction
) -> None:
    """cⱼ = the number of steps after which vⱼ was in force; Σ cⱼ = N; v₁ = 0, c₁ = 0 here."""
    X, y = data
    t = run("perceptron/voted", X, y, epochs=epochs, eta=eta)
    pairs = votes(t).perceptrons
    runs: list[tuple[Vector, int]] = [(zeros(len(X[0])), 0)]
    for s in t.steps:
        if s.mistake:
            runs.append((s.weights, 1))
        else:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
    assert list(pairs) == runs
    assert sum(c for _, c in pairs) == len(X) * epochs
    assert len(pairs) == t.mistakes + 1
    assert pairs[0] == (zeros(len(X[0])), 0)  # tie → mistake: w = 0 never survives an example


@given(data=data_sets, epochs=passes, probe=st.lists(rationals(3, 2), min_size=4, max_size=4))
def test_the_vote_is_the_majority_of_the_vectors_after_each_step(
    data: tuple[Rows, list[Label]], epochs: int, probe: list[Fraction]
) -> None:
    X, y = data
    x = tuple(probe[: len(X[0])])
    t = run("perceptron/voted", X, y, epochs=epochs)
    ballots = sum(1 if dot(s.weights, x) >= 0 else -1 for s in t.steps)
    assert votes(t).predict(x) == (1 if ballots >= 0 else -1)


@given(data=data_sets, epochs=passes, eta=etas)
def test_the_vote_counts_weight_the_average_after_each_example(
    data: tuple[Rows, list[Label]], epochs: int, eta: Fraction
) -> None:
    """Freund & Schapire's Σ cⱼvⱼ / Σ cⱼ is the averaged perceptron's "after" average."""
    X, y = data
    pairs = votes(run("perceptron/voted", X, y, epochs=epochs, eta=eta)).perceptrons
    weighted = sum_of([scale(c, v) for v, c in pairs], len(X[0]))
    mean = averaged_of(run("perceptron/averaged", X, y, epochs=epochs, eta=eta)).mean
    assert scale(Fraction(1, len(X) * epochs), weighted) == mean


Convention = Literal["after", "before", "all"]


@pytest.mark.parametrize("average", ["after", "before", "all"])
@given(data=data_sets, epochs=passes, eta=etas)
def test_each_average_is_the_mean_of_its_vectors_in_the_trace(
    average: Convention, data: tuple[Rows, list[Label]], epochs: int, eta: Fraction
) -> None:
    X, y = data
    t = run("perceptron/averaged", X, y, epochs=epochs, eta=eta, average=average)
    w = [zeros(len(X[0]))] + [s.weights for s in t.steps]  # w₀, w₁, …, w_N
    chosen = {"after": w[1:], "before": w[:-1], "all": w}[average]
    model = averaged_of(t)
    assert model.count == len(chosen)
    assert model.mean == scale(Fraction(1, len(chosen)), sum_of(chosen, len(X[0])))


def running_average_trick(
    X: Rows, y: list[Label], epochs: int, eta: Fraction, c0: int, divide_by_n_plus: int
) -> Vector:
    """The memory-efficient route: u accumulates c·(η y x) at each mistake, the average is
    w − u/c_end; no mean of vectors is ever formed (Daumé, CIML §4.6, generalised)."""
    d = len(X[0])
    w, u, c = zeros(d), zeros(d), c0
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            if label * dot(w, x) <= 0:
                w = add(w, scale(eta * label, x))
                u = add(u, scale(c * eta * label, x))
            c += 1
    n = len(X) * epochs + divide_by_n_plus
    return add(w, scale(Fraction(-1, n), u))


@pytest.mark.parametrize(
    ("average", "c0", "plus"), [("after", 0, 0), ("before", 1, 0), ("all", 1, 1)]
)
@given(data=data_sets, epochs=passes, eta=etas)
def test_each_average_equals_the_running_average_trick(
    average: Convention,
    c0: int,
    plus: int,
    data: tuple[Rows, list[Label]],
    epochs: int,
    eta: Fraction,
) -> None:
    X, y = data
    t = run("perceptron/averaged", X, y, epochs=epochs, eta=eta, average=average)
    assert averaged_of(t).mean == running_average_trick(X, y, epochs, eta, c0, plus)


@given(data=data_sets, epochs=passes)
def test_after_and_before_differ_by_the_last_vector_over_n(
    data: tuple[Rows, list[Label]], epochs: int
) -> None:
    """N·mean(w₁…w_N) − N·mean(w₀…w_{N−1}) = w_N − w₀ = w_N."""
    X, y = data
    after = run("perceptron/averaged", X, y, epochs=epochs, average="after")
    before = run("perceptron/averaged", X, y, epochs=epochs, average="before")
    n = len(X) * epochs
    assert (
        add(scale(n, averaged_of(after).mean), scale(-n, averaged_of(before).mean)) == after.weights
    )


@given(data=data_sets, c=st.builds(Fraction, st.integers(1, 20), st.integers(1, 20)))
def test_scaling_x_leaves_the_vote_and_the_average_predictions_unchanged(
    data: tuple[Rows, list[Label]], c: Fraction
) -> None:
    X, y = data
    Xc = [scale(c, x) for x in X]
    for algorithm in ("perceptron/voted", "perceptron/averaged"):
        a, b = run(algorithm, X, y), run(algorithm, Xc, y)
        assert a.model is not None and b.model is not None
        assert [a.model.predict(x) for x in X] == [b.model.predict(x) for x in Xc]


def test_gormley_slide_15_counts_and_averages() -> None:
    X = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
    y: list[Label] = [-1, 1, 1, -1, -1, 1]
    pairs = votes(run("perceptron/voted", X, y)).perceptrons
    F = Fraction
    assert [c for _, c in pairs] == [0, 2, 2, 2]
    assert [v for v, _ in pairs] == [(F(0), F(0)), (F(1), F(-2)), (F(2), F(-1)), (F(3), F(1))]
    means = {
        a: averaged_of(run("perceptron/averaged", X, y, average=a)).mean
        for a in ("after", "before", "all")
    }
    assert means == {
        "after": (F(2), F(-2, 3)),
        "before": (F(3, 2), F(-5, 6)),
        "all": (F(12, 7), F(-4, 7)),
    }


def test_a_bad_average_is_an_input_error() -> None:
    with pytest.raises(InputError, match="average must be one of"):
        run("perceptron/averaged", [(1,)], [1], average="middle")
    with pytest.raises(InputError, match="takes no option"):
        run("perceptron/voted", [(1,)], [1], average="after")


def test_the_cli_prints_the_votes_and_the_average_as_json(tmp_path: Path) -> None:
    data = tmp_path / "g.csv"
    data.write_text("-1,2,-1\n1,0,1\n1,1,1\n-1,0,-1\n-1,-2,-1\n1,-1,1\n")
    cli = [sys.executable, "-m", "perceptron_ref", "run"]
    out = subprocess.run(
        [*cli, "perceptron/voted", str(data), "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    trace = json.loads(out.stdout)
    assert [v["count"] for v in trace["votes"]] == [0, 2, 2, 2]
    assert trace["weights"] == ["3", "1"]
    out = subprocess.run(
        [*cli, "perceptron/averaged", str(data), "--format", "json", "--average", "before"],
        capture_output=True,
        text=True,
        check=True,
    )
    trace = json.loads(out.stdout)
    assert (trace["average"], trace["averaged"], trace["mean"]) == ("before", 6, ["3/2", "-5/6"])
    bad = subprocess.run(
        [*cli, "perceptron/voted", str(data), "--average", "all"], capture_output=True, text=True
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "takes no option" in bad.stderr


@given(
    data=st.integers(1, 3).flatmap(
        lambda d: st.lists(
            st.tuples(
                st.lists(st.integers(-5, 5), min_size=d, max_size=d), st.sampled_from([-1, 1])
            ),
            min_size=2,
            max_size=12,
        )
    ),
    epochs=passes,
)
def test_the_after_average_is_scikit_learns_sgdclassifier_average(
    data: list[tuple[list[int], Label]], epochs: int
) -> None:
    """peers.md: SGDClassifier(average=True) averages w₁…w_T.  Small integers keep float64's
    training exact; the averages themselves are compared to 1e-9 (they are divided)."""
    linear_model = pytest.importorskip("sklearn.linear_model")
    import warnings

    X = [tuple(Fraction(v) for v in x) for x, _ in data]
    y: list[Label] = [label for _, label in data]
    assume(len(set(y)) == 2)
    model = linear_model.SGDClassifier(
        loss="perceptron",
        learning_rate="constant",
        eta0=1,
        penalty=None,
        fit_intercept=False,
        shuffle=False,
        max_iter=epochs,
        tol=None,
        average=True,
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ConvergenceWarning: max_iter is the point here
        model.fit([[float(v) for v in x] for x in X], y)
    mean = averaged_of(run("perceptron/averaged", X, y, epochs=epochs)).mean
    assert [float(a) for a in model.coef_[0]] == pytest.approx([float(a) for a in mean], abs=1e-9)


# --- the models' predictions and the options, by hand ---------------------------------------------
# Each test states an independent fact: a line of spec/algorithms/perceptron/voted.md or averaged.md
# (the vote ŷ = sign(Σᵢ cᵢ·sign(vᵢ · x)) and the averaged model sign(w̄ · x), both with sign(0) =
# +1, Gormley slide 18), the weights of Gormley's worked example (slide 15) as the spec lists them,
# or the documented error text.


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
