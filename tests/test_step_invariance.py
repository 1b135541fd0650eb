"""perceptron/step-invariance on the reference's runs: for every core perceptron, from w = 0,
the run with step η is, step for step, ``bounds.step_scaled(η, ·)`` of the run with step 1 —
the relation the proof concludes (proofs/perceptron/step_invariance.py) — with the same
mistakes, on data separable or not, with or without the bias coordinate."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perceptron_ref import run
from perceptron_ref.bounds import step_scaled
from tests.helpers import BATCH, CORE

steps = st.fractions(min_value=Fraction(1, 7), max_value=9, max_denominator=7).filter(
    lambda eta: eta != 1
)
examples = st.lists(
    st.tuples(
        st.lists(st.integers(-3, 3), min_size=2, max_size=2).map(tuple),
        st.sampled_from([-1, 1]),
    ),
    min_size=1,
    max_size=8,
)


@pytest.mark.parametrize("algorithm", CORE)
@given(data=examples, eta=steps, bias=st.booleans())
def test_the_step_eta_run_is_eta_times_the_step_one_run(
    algorithm: str, data: list[tuple[tuple[int, ...], int]], eta: Fraction, bias: bool
) -> None:
    X = [x for x, _ in data]
    y = [label for _, label in data]
    options = {"max_epochs": 6} if algorithm in BATCH else {"epochs": 3}
    one = run(algorithm, X, y, bias=bias, **options)  # type: ignore[arg-type]
    scaled = run(algorithm, X, y, bias=bias, eta=eta, **options)  # type: ignore[arg-type]
    assert len(scaled.steps) == len(one.steps)  # the same stream: a batch run stops alike
    for a, b in zip(one.steps, scaled.steps, strict=True):
        assert (b.epoch, b.index, b.mistake) == (a.epoch, a.index, a.mistake)
        assert b.weights == step_scaled(eta, a.weights)
        assert b.score == eta * a.score
    assert scaled.status == one.status
    assert scaled.weights == step_scaled(eta, one.weights)


def test_a_margin_rule_would_not_be_invariant() -> None:
    """The property is the sign rules': a learner updating when y·s < 1 (a margin perceptron,
    not one of the notes') errs differently at a different step, so the test above can fail."""
    X, y = [(1, 0), (1, 0)], [1, 1]

    def margin_run(eta: Fraction) -> list[bool]:
        w, flags = Fraction(0), []
        for x, label in zip(X, y, strict=True):
            s = w * x[0]
            flags.append(label * s < 1)
            if flags[-1]:
                w += eta * label * x[0]
        return flags

    assert margin_run(Fraction(1)) != margin_run(Fraction(1, 2))


# -- perceptron/step-invariance-extended: what the averaged, voted, kernel (and multiclass)
# perceptrons keep besides w is η times, or the same as, the step-1 run's -------------------


@given(data=examples, eta=steps, bias=st.booleans())
def test_averaged_voted_and_kernel_keep_eta_times_their_sums_and_duals_and_the_same_counts(
    data: list[tuple[tuple[int, ...], int]], eta: Fraction, bias: bool
) -> None:
    """S3-S5 of the extended theorem on the reference's runs: the averaged mean, the voted
    vectors (with the same counts) and the kernel's α, two passes."""
    X = [x for x, _ in data]
    y = [label for _, label in data]
    for average in ("after", "before", "all"):
        one = run("perceptron/averaged", X, y, bias=bias, epochs=2, average=average)
        scaled = run("perceptron/averaged", X, y, bias=bias, epochs=2, eta=eta, average=average)
        assert scaled.model.mean == step_scaled(eta, one.model.mean)  # type: ignore[union-attr]
    one = run("perceptron/voted", X, y, bias=bias, epochs=2)
    scaled = run("perceptron/voted", X, y, bias=bias, epochs=2, eta=eta)
    pairs = one.model.perceptrons, scaled.model.perceptrons  # type: ignore[union-attr]
    assert [(step_scaled(eta, v), c) for v, c in pairs[0]] == list(pairs[1])
    for kernel in ({}, {"kernel": "polynomial", "degree": 2, "c": 1}):
        one = run("perceptron/kernel", X, y, bias=bias, epochs=2, **kernel)  # type: ignore[arg-type]
        scaled = run("perceptron/kernel", X, y, bias=bias, epochs=2, eta=eta, **kernel)  # type: ignore[arg-type]
        assert scaled.weights == step_scaled(eta, one.weights)
        assert [s.mistake for s in scaled.steps] == [s.mistake for s in one.steps]


@given(
    data=st.lists(
        st.tuples(st.lists(st.integers(-2, 2), min_size=2, max_size=2).map(tuple),
                  st.integers(0, 3)),
        min_size=1,
        max_size=10,
    ),
    eta=steps,
)  # fmt: skip
def test_the_multiclass_rows_are_eta_times_and_every_argmax_the_same(
    data: list[tuple[tuple[int, ...], int]], eta: Fraction
) -> None:
    """The extended theorem's remark: every score of the step-η run is η times the step-1
    run's, so the argmax (the first class on a tie) and the mistakes are the same."""
    from perceptron_ref.perceptron.multiclass import run_multiclass

    X = [x for x, _ in data]
    y = [label for _, label in data]
    one = run_multiclass(X, y, epochs=2)
    scaled = run_multiclass(X, y, epochs=2, eta=eta)
    assert scaled.weights == step_scaled(eta, one.weights)
    assert [(s.prediction, s.mistake) for s in scaled.steps] == [
        (s.prediction, s.mistake) for s in one.steps
    ]
