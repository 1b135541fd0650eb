"""The six core perceptrons on generated separable-with-margin data: the theorems' invariants,
scaling x or η, and each variant's zero-score rule.

Block–Novikoff (Mehta Thm 1, Gormley slides 30–34, Press §3): after k mistakes
⟨w, w*⟩ ≥ kγ and ‖w‖² ≤ kR², hence k ≤ R²/γ².  The bound is the package's own
``perceptron_mistake_bound`` (via ``SeparableData.bound``), the one the proofs check.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, target
from hypothesis import strategies as st

from perceptron_ref import Trace, run
from perceptron_ref.runner import Epochs
from perceptron_ref.testing import SeparableData, reorderings, separable_data
from perceptron_ref.vectors import dot, norm2, scale
from tests.helpers import BATCH, CORE, ONLINE, RULE, is_mistake

data_sets = separable_data(max_dimension=8, max_size=60)
small_data = separable_data(max_dimension=4, max_size=20)


def assert_novikoff_invariants(
    trace: Trace, data: SeparableData, eta: Fraction = Fraction(1)
) -> int:
    """w·w* ≥ kηγ and ‖w‖² ≤ kη²R² after every step; k ≤ R²/γ² at the end."""
    k = 0
    for s in trace.steps:
        k += s.mistake
        assert dot(s.weights, data.w_star) >= k * eta * data.gamma
        assert norm2(s.weights) <= k * eta**2 * data.R_squared
    assert k == trace.mistakes <= data.bound
    target(float(k / data.bound), label=f"k/(R²/γ²) {trace.algorithm}")
    return k


def assert_separates(trace: Trace, data: SeparableData) -> None:
    """The final w classifies every example correctly under the variant's own zero-score rule."""
    for x, y in zip(data.augmented(), data.y, strict=True):
        assert not is_mistake(RULE[trace.algorithm], dot(trace.weights, x), y)


@pytest.mark.parametrize("algorithm", ONLINE)
@given(data=data_sets)
def test_online_one_pass_obeys_the_novikoff_invariants(algorithm: str, data: SeparableData) -> None:
    assert_novikoff_invariants(run(algorithm, data.X, data.y), data)


@pytest.mark.parametrize("algorithm", CORE)
@given(data=data_sets.flatmap(reorderings))
def test_runs_to_convergence_obey_the_bound_and_separate(
    algorithm: str, data: SeparableData
) -> None:
    """Batch variants (and online ones cycled with `converge`) converge, with zero training
    mistakes in the last pass, after at most R²/γ² updates."""
    epochs: Epochs = 1 if algorithm in BATCH else "converge"
    trace = run(algorithm, data.X, data.y, epochs=epochs)
    assert trace.status == "converged"
    assert_novikoff_invariants(trace, data)
    assert not any(s.mistake for s in trace.steps if s.epoch == trace.epochs)
    assert_separates(trace, data)


@pytest.mark.parametrize("algorithm", CORE)
@given(data=separable_data(max_dimension=5, max_size=30, bias=True))
def test_with_bias_the_invariants_hold_for_the_augmented_vectors(
    algorithm: str, data: SeparableData
) -> None:
    epochs: Epochs = 1 if algorithm in BATCH else "converge"
    trace = run(algorithm, data.X, data.y, bias=True, epochs=epochs)
    assert trace.dimension == len(data.X[0]) + 1
    assert trace.status == "converged"
    assert_novikoff_invariants(trace, data)
    assert_separates(trace, data)


@pytest.mark.parametrize("algorithm", CORE)
@given(data=small_data, c=st.builds(Fraction, st.integers(1, 50), st.integers(1, 50)))
def test_scaling_x_leaves_predictions_and_k_unchanged_and_scales_w(
    algorithm: str, data: SeparableData, c: Fraction
) -> None:
    epochs = 1 if algorithm in BATCH else 2
    base = run(algorithm, data.X, data.y, epochs=epochs)
    scaled = run(algorithm, [scale(c, x) for x in data.X], data.y, epochs=epochs)
    assert [s.prediction for s in scaled.steps] == [s.prediction for s in base.steps]
    assert scaled.mistakes == base.mistakes
    assert [s.weights for s in scaled.steps] == [scale(c, s.weights) for s in base.steps]


@pytest.mark.parametrize("algorithm", CORE)
@given(data=small_data, eta=st.builds(Fraction, st.integers(1, 50), st.integers(1, 50)))
def test_any_positive_eta_leaves_the_mistakes_unchanged_and_scales_w(
    algorithm: str, data: SeparableData, eta: Fraction
) -> None:
    """SSBD's step size (and the others' η): w starts at 0, so every w is η times the η = 1 one."""
    epochs = 1 if algorithm in BATCH else 2
    base = run(algorithm, data.X, data.y, epochs=epochs)
    stepped = run(algorithm, data.X, data.y, epochs=epochs, eta=eta)
    assert [s.mistake for s in stepped.steps] == [s.mistake for s in base.steps]
    assert stepped.weights == scale(eta, base.weights)
    assert_novikoff_invariants(stepped, data, eta)


@pytest.mark.parametrize("algorithm", CORE)
@given(data=small_data)
def test_every_step_follows_the_variants_zero_score_rule(
    algorithm: str, data: SeparableData
) -> None:
    """A step is a mistake iff its rule says so for its score, and iff prediction ≠ label."""
    for s in run(algorithm, data.X, data.y).steps:
        assert s.mistake == is_mistake(RULE[algorithm], s.score, s.label)
        assert s.mistake == (s.prediction != s.label)


ties = st.lists(st.tuples(st.integers(-2, 2), st.integers(-2, 2)), min_size=1, max_size=12)


@given(X=ties, y=st.lists(st.sampled_from([-1, 1]), min_size=12, max_size=12))
def test_variants_differ_only_where_their_zero_score_rules_differ(
    X: list[tuple[int, int]], y: list[int]
) -> None:
    """On small integer data (many zero scores) two variants' first passes agree step for step
    up to the first zero score on which their rules disagree, and differ exactly there."""
    labels = y[: len(X)]
    first_pass = {
        a: [
            s for s in run(a, X, labels, max_epochs=1 if a in BATCH else None).steps if s.epoch == 1
        ]
        for a in CORE
    }
    for a in CORE:
        for b in CORE:
            for sa, sb in zip(first_pass[a], first_pass[b], strict=True):
                assert sa.score == sb.score  # same w so far, same example
                if is_mistake(RULE[a], sa.score, sa.label) != is_mistake(
                    RULE[b], sb.score, sb.label
                ):
                    assert sa.score == 0 and sa.mistake != sb.mistake
                    break
                assert sa == sb


@given(X=ties, y=st.lists(st.sampled_from([-1, 1]), min_size=12, max_size=12))
def test_batch_runs_always_end_converged_or_in_a_proven_cycle(
    X: list[tuple[int, int]], y: list[int]
) -> None:
    """Arbitrary (often non-separable) data: the run ends, and its verdict is checked from the
    trace itself: a clean last pass, or equal weights at the end of the two reported epochs."""
    for algorithm in BATCH:
        trace = run(algorithm, X, y[: len(X)], bias=True)
        at_end = {0: (Fraction(0),) * 3} | {
            s.epoch: s.weights for s in trace.steps if s.index == len(X) - 1
        }
        if trace.status == "converged":
            assert not any(s.mistake for s in trace.steps if s.epoch == trace.epochs)
        else:
            assert trace.status == "cycled" and trace.cycle is not None
            assert at_end[trace.cycle[0]] == at_end[trace.cycle[1]]
            assert len(set(at_end.values())) == trace.cycle[1]  # no earlier repeat was missed
