"""The data a default crosscheck tries reach real bugs: every regime is there, at the sizes
the issue names, each float data set is exact in float64 along the whole run (checked
here by computing the run in numpy float64), few data sets are large and many small, the
coverage reports what was tried, and the same seed draws the same data."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from perceptron_ref import run
from perceptron_ref.crosscheck import crosscheck
from perceptron_ref.crosscheck.check import _draw
from perceptron_ref.crosscheck.data.datasets import Case, Needs, plan

CANDIDATES = Path(__file__).resolve().parent / "candidates"


def needs(*, separable: bool = False, floats: bool = True, vectorized: bool = True) -> Needs:
    rule = "tie-positive" if separable else "tie-mistake"
    return Needs(False, separable, floats, vectorized, None, rule)


def cases(algorithm: str, need: Needs, epochs: int | str = 1) -> tuple[Case, ...]:
    return _draw(algorithm, "converge" if need.separable else epochs, need, 50, 0)


def sizes(found: tuple[Case, ...]) -> list[tuple[int, int]]:
    return [(len(c.data[0]), len(c.data[0][0])) for c in found]


def test_a_default_run_tries_every_regime_few_large_and_many_small() -> None:
    found = cases("perceptron/gormley-online", needs())
    regimes = {c.regime for c in found}
    assert regimes == {"ties", "near-zero", "long", "realistic", "round-sizes"}  # no rationals
    large = [c for c in found if c.size > 20_000]
    assert 1 <= len(large) <= 4 and len(found) - len(large) >= 40
    assert max(n for n, _ in sizes(found)) >= 5000 and max(d for _, d in sizes(found)) >= 784
    assert [c.size for c in found] == sorted(c.size for c in found)  # smallest first
    pixels = [c for c in found if len(c.data[0][0]) == 784]
    assert pixels and all(0 <= v <= 255 for x in pixels[0].data[0] for v in x)


def test_exact_candidates_also_get_rationals_with_large_non_dyadic_denominators() -> None:
    found = cases("perceptron/gormley-online", needs(floats=False, vectorized=False))
    rationals = [c for c in found if c.regime == "rationals"]
    assert len(rationals) == plan(50, floats=False)["rationals"]
    numbers = [Fraction(v) for c in rationals for x in c.data[0] for v in x]
    assert max(v.denominator for v in numbers) >= 3**20
    assert any(v.denominator % 3 == 0 for v in numbers)  # not dyadic
    assert max(abs(v.numerator) for v in numbers) > 2**64
    # each has an exact tie (x2 ⟂ x1, after a step on x1) that float64 does not see as one
    for c in rationals:
        assert sum(a * b for a, b in zip(c.data[0][0], c.data[0][1], strict=True)) == 0

    def in_float64(u: tuple[Fraction | int, ...], v: tuple[Fraction | int, ...]) -> float:
        return sum(float(a) * float(b) for a, b in zip(u, v, strict=True))

    assert any(in_float64(c.data[0][0], c.data[0][1]) != 0 for c in rationals)


@pytest.mark.parametrize("separable", [False, True])
def test_every_float_data_set_is_exact_in_float64_along_the_whole_run(separable: bool) -> None:
    """Independently of the harness's check: numpy float64 computes the reference's w."""
    algorithm = "perceptron/gormley-batch" if separable else "perceptron/gormley-online"
    for case in cases(algorithm, needs(separable=separable)):
        X = np.array(case.data[0], dtype=object).astype(np.float64)
        if case.size <= 20_000:
            assert all(Fraction(float(v)) == v for x in case.data[0] for v in x)
        w = np.zeros(X.shape[1])
        for _ in range(1000):
            clean = True
            for x, t in zip(X, case.data[1], strict=True):
                if (1 if w @ x >= 0 else -1) != t if separable else t * (w @ x) <= 0:
                    w, clean = w + t * x, False
            if not separable or clean:
                break
        if case.size > 20_000:  # large data are integers: the engine takes them as an array
            trace = run(algorithm, np.array(case.data[0]), case.data[1], engine="fast")
        else:
            trace = run(algorithm, *case.data)
        assert tuple(Fraction(v) for v in w) == trace.weights, case.regime


def test_weights_outgrow_float32_and_scores_int32_while_float64_stays_exact() -> None:
    found = cases("perceptron/gormley-online", needs())
    weights, scores = [], []
    for case in found:
        if case.size <= 20_000:  # the literal trace of the large ones is long: these suffice
            steps = run("perceptron/gormley-online", *case.data).steps
            weights += [v for s in steps for v in s.weights]
            scores += [abs(s.score) for s in steps]
    assert any(float(np.float32(float(v))) != v for v in weights)  # float32 rounds them
    assert max(scores) > 2**40  # int32 wraps past 2^31; int64 holds them, and float64 too


def test_batch_runs_take_ten_passes_and_more() -> None:
    found = cases("perceptron/gormley-batch", needs(separable=True))
    long = [c for c in found if c.regime == "long"]
    passes = [run("perceptron/gormley-batch", *c.data).epochs for c in long]
    assert len(long) >= 5 and min(passes) >= 10 and max(passes) >= 20


def test_near_zero_scores_reach_two_to_the_minus_forty() -> None:
    found = cases("perceptron/blum", needs())
    scores = [
        abs(s.score)
        for c in found
        if c.regime == "near-zero"
        for s in run("perceptron/blum", *c.data).steps
        if s.score
    ]
    assert min(scores) <= Fraction(1, 2**40) and sum(s <= Fraction(1, 2**10) for s in scores) >= 10


def test_the_same_seed_draws_the_same_data_and_another_seed_other_data() -> None:
    first = cases("perceptron/mehta", needs())
    _draw.cache_clear()
    assert cases("perceptron/mehta", needs()) == first
    assert _draw("perceptron/mehta", 1, needs(), 50, 1) != first


def test_the_coverage_reports_what_was_tried() -> None:
    report = crosscheck("perceptron/gormley-batch", f"{CANDIDATES / 'batch_numpy'}.py:train")
    assert report.verdict == "agree", report.reason
    c = report.coverage
    assert c.data_sets == report.examples == sum(k for _, k in report.regimes)
    assert c.max_examples >= 5000 and c.max_dimension >= 784
    assert c.max_abs_coordinate >= 2**19 and c.zero_scores > 0 and c.near_zero_scores > 0
    assert c.max_epochs >= 10
