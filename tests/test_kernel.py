"""The kernel perceptron: the linear kernel is the primal perceptron step for step, the
polynomial kernel is a kernel (exact PSD Gram matrices), and on data separable with margin γ
it obeys Novikoff's bound in its feature space."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
import sympy
from hypothesis import assume, given
from hypothesis import strategies as st

from perceptron_ref import InputError, Trace, run
from perceptron_ref.bounds import perceptron_mistake_bound
from perceptron_ref.perceptron.kernel import Dual, Polynomial
from perceptron_ref.testing import SeparableData, rationals, separable_data
from perceptron_ref.vectors import Label, Vector, add, norm2, scale, zeros
from tests.test_voted_averaged import Rows, arbitrary_data, etas, passes


def dual(t: Trace) -> Dual:
    assert isinstance(t.model, Dual)
    return t.model


def primal(alpha: Vector, X: Rows) -> Vector:
    """w = Σⱼ αⱼxⱼ, the primal vector the dual coefficients stand for."""
    w = zeros(len(X[0]))
    for a, x in zip(alpha, X, strict=False):
        w = add(w, scale(a, x))
    return w


@given(data=arbitrary_data(), epochs=passes, eta=etas)
def test_the_linear_kernel_is_the_primal_perceptron_step_for_step(
    data: tuple[Rows, list[Label]], epochs: int, eta: Fraction
) -> None:
    X, y = data
    primal_run = run("perceptron/gormley-online", X, y, epochs=epochs, eta=eta)
    dual_run = run("perceptron/kernel", X, y, epochs=epochs, eta=eta)
    assert len(dual_run.steps) == len(primal_run.steps)
    for p, q in zip(primal_run.steps, dual_run.steps, strict=True):
        assert (p.epoch, p.index, p.score, p.prediction, p.mistake) == (
            q.epoch,
            q.index,
            q.score,
            q.prediction,
            q.mistake,
        )
        assert primal(q.weights, X) == p.weights
    assert dual_run.mistakes == primal_run.mistakes


@given(data=arbitrary_data(), epochs=passes)
def test_x_dot_x_plus_1_is_the_primal_perceptron_with_the_bias_coordinate(
    data: tuple[Rows, list[Label]], epochs: int
) -> None:
    X, y = data
    with_bias = run("perceptron/gormley-online", X, y, epochs=epochs, bias=True)
    kernel = run("perceptron/kernel", X, y, epochs=epochs, kernel="polynomial", degree=1, c=1)
    assert [s.score for s in kernel.steps] == [s.score for s in with_bias.steps]
    assert [s.mistake for s in kernel.steps] == [s.mistake for s in with_bias.steps]
    augmented = [(Fraction(1), *x) for x in X]
    assert primal(kernel.weights, augmented) == with_bias.weights


@given(data=arbitrary_data(), epochs=passes)
def test_the_dual_model_predicts_the_sign_of_the_primal_score(
    data: tuple[Rows, list[Label]], epochs: int
) -> None:
    X, y = data
    t = run("perceptron/kernel", X, y, epochs=epochs)
    w = run("perceptron/gormley-online", X, y, epochs=epochs).weights
    for x in X:
        score = sum((a * b for a, b in zip(w, x, strict=True)), Fraction(0))
        assert dual(t).predict(x) == (1 if score >= 0 else -1)


def is_positive_semidefinite(G: list[list[Fraction]]) -> bool:
    """Exact symmetric elimination: every Schur-complement pivot ≥ 0, a zero pivot's row 0."""
    A = [row[:] for row in G]
    n = len(A)
    for k in range(n):
        if A[k][k] < 0:
            return False
        if A[k][k] == 0:
            if any(A[k][j] != 0 for j in range(k + 1, n)):
                return False
            continue
        for i in range(k + 1, n):
            f = A[i][k] / A[k][k]
            for j in range(k + 1, n):
                A[i][j] -= f * A[k][j]
    return True


def test_the_psd_check_can_fail() -> None:
    F = Fraction
    assert is_positive_semidefinite([[F(1), F(1)], [F(1), F(1)]])
    assert not is_positive_semidefinite([[F(1), F(2)], [F(2), F(1)]])
    assert not is_positive_semidefinite([[F(0), F(1)], [F(1), F(0)]])
    assert not is_positive_semidefinite([[F(-1)]])


@given(
    points=st.integers(1, 3).flatmap(
        lambda d: st.lists(
            st.lists(rationals(4, 3), min_size=d, max_size=d).map(tuple), min_size=1, max_size=6
        )
    ),
    degree=st.integers(1, 4),
    c=st.builds(Fraction, st.integers(0, 6), st.integers(1, 3)),
)
def test_polynomial_kernels_with_c_at_least_0_have_psd_gram_matrices(
    points: list[Vector], degree: int, c: Fraction
) -> None:
    K = Polynomial(degree, c)
    assert is_positive_semidefinite([[K(u, v) for v in points] for u in points])


def test_a_negative_c_can_break_positive_semidefiniteness_so_it_is_refused() -> None:
    K = Polynomial(1, Fraction(-1))
    x = (Fraction(0),)
    assert not is_positive_semidefinite([[K(x, x)]])
    with pytest.raises(InputError, match="c must be non-negative"):
        run("perceptron/kernel", [(1,)], [1], kernel="polynomial", c=-1)


@given(
    data=separable_data(max_dimension=3, max_size=12),
    degree=st.integers(1, 3),
    c=st.builds(Fraction, st.integers(1, 4), st.integers(1, 2)),
)
def test_on_separable_data_the_kernel_run_obeys_novikoff_in_feature_space(
    data: SeparableData, degree: int, c: Fraction
) -> None:
    """φ(x) holds √(p·c^(p−1))·x (the x·x' term of the binomial expansion of (x·x' + c)^p), so
    the unit u ∝ (0, w*, 0, …) has margin γ·√(p·c^(p−1)), and R_φ² = max K(x, x)."""
    R2_phi = max((norm2(x) + c) ** degree for x in data.X)
    gamma_phi = sympy.Rational(data.gamma.numerator, data.gamma.denominator) * sympy.sqrt(
        sympy.Rational(degree) * sympy.Rational(c.numerator, c.denominator) ** (degree - 1)
    )
    bound = perceptron_mistake_bound(
        sympy.Rational(R2_phi.numerator, R2_phi.denominator), gamma_phi
    )
    assert bound.is_Rational  # the square root squares away: an exact rational bound
    B = Fraction(int(bound.p), int(bound.q))
    assume(B <= 200)
    t = run(
        "perceptron/kernel",
        data.X,
        data.y,
        epochs="converge",
        max_epochs=int(B) + 1,
        kernel="polynomial",
        degree=degree,
        c=c,
        record="summary",
    )
    assert t.mistakes <= B
    assert t.status == "converged"
    assert [dual(t).predict(x) for x in data.X] == list(data.y)


def test_press_xor_is_learned_with_a_quadratic_kernel_and_not_with_the_linear_one() -> None:
    X = [(Fraction(a), Fraction(b)) for a, b in [(0, 0), (0, 1), (1, 0), (1, 1)]]
    y = [-1, 1, 1, -1]
    t = run("perceptron/kernel", X, y, epochs="converge", max_epochs=50, degree=2, c=1)
    assert (t.status, t.mistakes, t.epochs) == ("converged", 21, 8)
    assert [dual(t).predict(x) for x in X] == y
    linear = run("perceptron/kernel", X, y, epochs="converge", max_epochs=50)
    assert linear.status == "max_epochs"


def test_bad_kernel_options_are_input_errors() -> None:
    X, y = [(1,)], [1]
    for options, message in [
        ({"kernel": "rbf"}, "kernel must be"),
        ({"kernel": "polynomial", "degree": 0}, "degree must be a positive integer"),
        ({"kernel": "linear", "degree": 2}, "linear kernel takes no degree"),
    ]:
        with pytest.raises(InputError, match=message):
            run("perceptron/kernel", X, y, **options)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="needs max_epochs"):
        run("perceptron/kernel", X, y, epochs="converge")


def test_the_cli_runs_the_kernel_perceptron(tmp_path: Path) -> None:
    data = tmp_path / "xor.csv"
    data.write_text("# Press's XOR\n0,0,-1\n0,1,1\n1,0,1\n1,1,-1\n")
    cli = [sys.executable, "-m", "perceptron_ref", "run", "perceptron/kernel", str(data)]
    options = ["--kernel", "polynomial", "--degree", "2", "--c", "1", "--epochs", "converge"]
    out = subprocess.run(
        [*cli, *options, "--max-epochs", "20", "--format", "json", "--record", "summary"],
        capture_output=True,
        text=True,
        check=True,
    )
    trace = json.loads(out.stdout)
    assert (trace["status"], trace["weights"]) == ("converged", ["-7", "5", "5", "-4"])
    assert trace["kernel"] == {"degree": 2, "c": "1"}
    assert [s["alpha"] for s in trace["support"]] == ["-7", "5", "5", "-4"]
    bad = subprocess.run([*cli, *options], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "max_epochs" in bad.stderr
