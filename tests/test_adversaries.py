"""The adversaries: Blum's 1/γ² lower bound and SSBD's shattered tree force exactly one mistake
per round on every learner, and the data they build satisfy the theorems' hypotheses."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_ref import InputError, registry, run
from perceptron_ref.adversaries import History, Predictor
from perceptron_ref.adversaries.blum_lower_bound import blum_lower_bound
from perceptron_ref.adversaries.shattered_tree import shattered_tree
from perceptron_ref.bounds import blum_unit_bound
from perceptron_ref.data import read_csv
from perceptron_ref.trace import Trace
from perceptron_ref.vectors import Label, Vector, dot, norm2

PERCEPTRONS = sorted(a for a in registry.ALGORITHMS if a.startswith("perceptron/"))
GAMMAS = [Fraction(1), Fraction(1, 2), Fraction(1, 3)]


def first_pass_mistakes(trace: Trace) -> int:
    """Mistakes on the examples' first showing (a batch run goes on past it)."""
    return sum(s.mistake for s in trace.steps if s.epoch == 1)


def replay(algorithm: str, X: tuple[Vector, ...], y: tuple[Label, ...]) -> Trace:
    """The learner on the finished data, as an ordinary run (batch: capped, first pass used)."""
    batch = registry.get(algorithm).kind == "batch"
    return run(algorithm, X, y, max_epochs=50 if batch else None)


@pytest.mark.parametrize("gamma", GAMMAS)
@pytest.mark.parametrize("algorithm", [*PERCEPTRONS, "winnow/disjunction", "winnow/k-of-r"])
def test_blum_lower_bound_forces_exactly_one_over_gamma_squared(
    algorithm: str, gamma: Fraction
) -> None:
    data = blum_lower_bound(gamma, algorithm)
    N = blum_unit_bound(gamma)
    assert len(data.X) == data.mistakes == N
    # Blum's hypotheses: unit examples, a unit w*, margin exactly γ.
    assert norm2(data.w_star) == 1
    assert all(norm2(x) == 1 for x in data.X)
    assert all(y * dot(data.w_star, x) == gamma for x, y in zip(data.X, data.y, strict=True))
    # Independently: the learner, run on the data, errs on every example of its first pass.
    assert first_pass_mistakes(replay(algorithm, data.X, data.y)) == N


def test_blum_lower_bound_meets_the_perceptrons_upper_bound() -> None:
    """1/γ² forced mistakes = Blum's upper bound 1/γ²: the bound is tight."""
    for algorithm in ("perceptron/blum", "perceptron/mehta"):
        data = blum_lower_bound(Fraction(1, 4), algorithm)
        assert run(algorithm, data.X, data.y).mistakes == blum_unit_bound(Fraction(1, 4)) == 16


Oracle = Callable[[int, tuple[Fraction, ...]], int]


def oracle_shape(t: int, x: tuple[Fraction, ...]) -> int:
    """The signature Hypothesis draws learners for: (round, x) → ±1."""
    raise NotImplementedError


def as_predictor(oracle: Oracle) -> Predictor:
    """A deterministic learner that depends on the round and on x."""

    def predict(history: History, x: Vector) -> Label:
        return 1 if oracle(len(history), x) == 1 else -1

    return predict


def errs_every_round(predict: Predictor, X: tuple[Vector, ...], y: tuple[Label, ...]) -> bool:
    return all(predict(list(zip(X[:t], y[:t], strict=True)), X[t]) != y[t] for t in range(len(X)))


@settings(max_examples=30)
@given(st.functions(like=oracle_shape, returns=st.sampled_from([-1, 1]), pure=True),
       st.sampled_from(GAMMAS))  # fmt: skip
def test_blum_lower_bound_beats_any_callable_learner(oracle: Oracle, gamma: Fraction) -> None:
    predict = as_predictor(oracle)
    data = blum_lower_bound(gamma, predict)
    assert data.mistakes == blum_unit_bound(gamma)
    assert errs_every_round(predict, data.X, data.y)
    assert all(y * dot(data.w_star, x) == gamma for x, y in zip(data.X, data.y, strict=True))


@settings(max_examples=20)
@given(st.sampled_from(PERCEPTRONS), st.integers(1, 12), st.integers(2, 4))
def test_shattered_tree_forces_a_mistake_every_round(algorithm: str, T: int, d: int) -> None:
    tree = shattered_tree(T, algorithm, d)
    assert tree.mistakes == T == len(tree.X)
    assert all(len(v) == d and v[1:] == (1, *(0,) * (d - 2)) for v in tree.X)
    # Realizable by a halfspace: y_t·⟨w, v_t⟩ > 0 for every t (no zero score, whatever the rule).
    assert all(y * dot(tree.w, v) > 0 for v, y in zip(tree.X, tree.y, strict=True))
    assert first_pass_mistakes(replay(algorithm, tree.X, tree.y)) == T


@settings(max_examples=30)
@given(st.functions(like=oracle_shape, returns=st.sampled_from([-1, 1]), pure=True),
       st.integers(1, 16))  # fmt: skip
def test_shattered_tree_beats_any_callable_learner(oracle: Oracle, T: int) -> None:
    predict = as_predictor(oracle)
    tree = shattered_tree(T, predict)
    assert errs_every_round(predict, tree.X, tree.y)
    assert all(y * dot(tree.w, v) > 0 for v, y in zip(tree.X, tree.y, strict=True))
    # Bisection: the a_t are distinct dyadic rationals in (0, 1).
    a = [v[0] for v in tree.X]
    assert len(set(a)) == T and all(0 < a_t < 1 and a_t.denominator <= 2**T for a_t in a)


def test_the_trees_first_points_are_the_books() -> None:
    """v₁ = (1/2, 1), then (1/4, 1) or (3/4, 1), as in §21.4."""
    tree = shattered_tree(2, "perceptron/blum")
    one = Fraction(1)
    assert tree.X[0] == (Fraction(1, 2), one)
    assert tree.X[1] in ((Fraction(1, 4), one), (Fraction(3, 4), one))


def test_adversary_arguments_are_checked() -> None:
    with pytest.raises(InputError, match="1/gamma² an integer"):
        blum_lower_bound(Fraction(2, 3), "perceptron/mehta")
    with pytest.raises(InputError, match="unknown algorithm"):
        blum_lower_bound(Fraction(1, 2), "perceptron/nope")
    with pytest.raises(InputError, match="d ≥ 2"):
        shattered_tree(3, "perceptron/mehta", d=1)
    with pytest.raises(InputError, match="Winnow takes 0/1 features"):
        shattered_tree(3, "winnow/disjunction")


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "perceptron_ref", *args]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def test_cli_writes_a_data_set_the_learner_then_fails_on(tmp_path: Path) -> None:
    out = tmp_path / "blum.csv"
    made = cli("adversary", "blum-lower-bound", "--gamma", "1/3", "--learner",
               "perceptron/gormley-online", "--out", str(out))  # fmt: skip
    assert made.returncode == 0, made.stderr
    data = read_csv(str(out))
    assert len(data.X) == 9
    assert run("perceptron/gormley-online", data.X, data.y).mistakes == 9
    tree = tmp_path / "tree.csv"
    made = cli("adversary", "shattered-tree", "--rounds", "6", "--learner", "perceptron/ssbd",
               "--dimension", "3", "--out", str(tree))  # fmt: skip
    assert made.returncode == 0, made.stderr
    data = read_csv(str(tree))
    assert run("perceptron/ssbd", data.X, data.y).mistakes == 6
    again = cli("adversary", "shattered-tree", "--rounds", "6", "--learner", "perceptron/ssbd",
                "--dimension", "3")  # fmt: skip
    assert again.stdout == tree.read_text(encoding="utf-8")  # deterministic, byte for byte


def test_cli_bad_gamma_is_one_line_and_exit_2() -> None:
    bad = cli("adversary", "blum-lower-bound", "--gamma", "2/3")
    assert bad.returncode == 2
    assert bad.stderr.count("\n") == 1 and "1/gamma² an integer" in bad.stderr
