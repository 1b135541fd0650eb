"""The kernel perceptron: the linear kernel is the primal perceptron step for step, the
polynomial kernel is a kernel (exact PSD Gram matrices), and on data separable with margin γ
it obeys Novikoff's bound in its feature space.

Worked by hand from ``spec/algorithms/perceptron/kernel.md``: the kernels' table (``linear`` is
the default, ``polynomial`` has default degree 2 and c = 0; a degree or a c asks for the
polynomial kernel), the scores, the documented error texts, and the reports' dual form as the
README shows it (``kernel (x·x' + 1)^2; w above is α; f = (-7)·K((0, 0), ·) + …``)."""

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

from perceptron_ref import InputError, Trace, registry, run
from perceptron_ref.bounds import perceptron_mistake_bound
from perceptron_ref.perceptron import kernel
from perceptron_ref.perceptron.kernel import Dual, Polynomial
from perceptron_ref.report import format_text, trace_to_json
from perceptron_ref.testing import SeparableData, rationals, separable_data
from perceptron_ref.trace import Example
from perceptron_ref.vectors import Label, Vector, add, norm2, scale, zeros
from tests.helpers import vector
from tests.test_voted_averaged import Rows, arbitrary_data, etas, passes

ROOT = Path(__file__).resolve().parents[1]


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


def test_xor_on_plus_minus_one_as_the_spec_says() -> None:
    """kernel.md: Press's {−1, 1}² (spec/figures/xor.csv, its order) takes 4 mistakes in 3
    passes with (x·x' + 1)², α = (−1, −1, 1, 1): not the 21 and 8 of XOR on {0, 1}²."""
    rows = [
        line.split(",")
        for line in (ROOT / "spec" / "figures" / "xor.csv").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    X = [(Fraction(a), Fraction(b)) for a, b, _ in rows]
    y = [int(t) for _, _, t in rows]
    t = run("perceptron/kernel", X, y, epochs="converge", max_epochs=50, degree=2, c=1)
    assert (t.status, t.mistakes, t.epochs) == ("converged", 4, 3)
    assert [str(a) for a in t.weights] == ["-1", "-1", "1", "1"]
    assert [dual(t).predict(x) for x in X] == y


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


# --- the kernels, the scores and the reports, worked by hand --------------------------------------


ONE = Fraction(1)


# One example x = (2,), y = +1, seen twice.  Step 1: α = 0, so s = 0, a mistake (tie → mistake,
# [kernel.4]) and α₀ = 0 + 1 = 1 ([kernel.5]).  Step 2: s = α₀·K(x, x) = K((2,), (2,)) with
# x·x = 4, so s is 4 for the linear kernel, (4 + c)^p for the polynomial one.
@pytest.mark.parametrize(
    ("options", "second_score"),
    [
        ({}, 4),  # the default kernel is linear (kernel.md's table)
        ({"kernel": "linear"}, 4),
        ({"kernel": "polynomial"}, 16),  # default degree 2, c = 0: (4 + 0)² = 16
        ({"degree": 3}, 64),  # a degree alone asks for the polynomial kernel: 4³
        ({"c": 1}, 25),  # a c alone asks for it too, degree 2: (4 + 1)² = 25
        ({"degree": 1, "c": 1}, 5),  # (4 + 1)¹
        ({"kernel": "polynomial", "degree": 2, "c": Fraction(1, 2)}, Fraction(81, 4)),  # (9/2)²
    ],
)
def test_the_second_look_at_one_example_scores_its_kernel_value(
    options: dict[str, object], second_score: Fraction
) -> None:
    t = run("perceptron/kernel", [(2,)], [1], epochs=2, **options)  # type: ignore[arg-type]
    assert [s.score for s in t.steps] == [0, second_score]
    assert [s.mistake for s in t.steps] == [True, False]
    assert t.weights == vector(1)


def test_kernel_configured_with_no_option_is_the_linear_kernel() -> None:
    # configure()'s default: no kernel, degree or c is kernel.md's default `linear`, so the
    # second look at x = (2,) scores x·x = 4 (as above).
    algo = kernel.configure()
    examples = [Example(1, 0, vector(2), 1), Example(2, 0, vector(2), 1)]
    steps = list(algo.learn(iter(examples), d=1, eta=ONE))
    assert [s.score for s in steps] == [0, 4]


def test_the_linear_kernel_refuses_a_c_with_the_documented_message() -> None:
    # kernel.md: c belongs to the polynomial kernel; the linear one takes neither degree nor c.
    with pytest.raises(InputError) as error:
        run("perceptron/kernel", [(1,)], [1], kernel="linear", c=1)
    assert str(error.value) == "the linear kernel takes no degree or c (use kernel='polynomial')"


def test_kernel_names_every_option_it_does_not_take_sorted_and_comma_separated() -> None:
    # registry.get passes the options it is given to configure (registry: "an option the
    # algorithm does not take is an error"); two unknown names show the sorted ", " join.
    with pytest.raises(InputError) as error:
        registry.get("perceptron/kernel", zeta=1, alpha=2)
    assert str(error.value) == "perceptron/kernel takes no option alpha, zeta"


# x₀ = (1, 0), y₀ = +1, then x₁ = (0, 1), y₁ = −1, one pass, linear kernel.  Step 1: s = 0, a
# mistake, α₀ = 1.  Step 2: s = α₀·x₀·x₁ = 0, a mistake (tie → mistake), α₁ = −1.  The model is
# f = (1)·K((1, 0), ·) + (−1)·K((0, 1), ·), written as the README shows the dual form.
TWO_X = [(1, 0), (0, 1)]
TWO_Y = [1, -1]


@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({}, "linear"),
        ({"kernel": "polynomial", "degree": 3, "c": Fraction(1, 2)}, "(x·x' + 1/2)^3"),
        ({"degree": 1}, "linear"),  # Polynomial's docstring: p = 1, c = 0 is the linear kernel
        ({"degree": 1, "c": 2}, "(x·x' + 2)^1"),
    ],
)
def test_the_text_report_writes_the_dual_form_term_by_term(
    options: dict[str, object], name: str
) -> None:
    # Step 2's score is α₀·(x₀·x₁ + c)^p = c^p: 0 for the linear kernel and for c = 0 (a tie,
    # so a mistake), (1/2)³ = 1/8 or 2¹ = 2 for the others, y₁·s < 0, a mistake too; so
    # α = (1, −1) in every case and both examples are in the support, in index order.
    t = run("perceptron/kernel", TWO_X, TWO_Y, **options)  # type: ignore[arg-type]
    assert t.weights == vector(1, -1)
    last = format_text(t).splitlines()[-1]
    assert last == f"kernel {name}; w above is α; f = (1)·K((1, 0), ·) + (-1)·K((0, 1), ·)"


def test_a_dual_form_with_no_support_is_f_equal_to_the_rational_zero() -> None:
    # f = Σ over an empty support is the empty sum, 0, and f is typed Fraction (exact rationals
    # throughout); sign(0) = +1 (kernel.md, "Zero score").
    empty = kernel.Dual(kernel.LINEAR, ())
    f = empty.f(vector(3, -1))
    assert f == 0 and type(f) is Fraction
    assert empty.predict(vector(3, -1)) == 1
    assert empty.to_text() == "kernel linear; w above is α; f = 0"


def test_the_json_report_writes_the_kernel_and_the_support_as_kernel_md_says() -> None:
    # kernel.md "Returns": keys `kernel`: {"degree": p, "c": Q} and `support`: [{"x": [Q, …],
    # "alpha": Q}, …] for αⱼ ≠ 0.  The run of TWO_X with (x·x' + 1/2)³ has α = (1, −1) (see the
    # text report's test), so both examples are in the support, rationals as strings.
    options: dict[str, object] = {"kernel": "polynomial", "degree": 3, "c": Fraction(1, 2)}
    t = run("perceptron/kernel", TWO_X, TWO_Y, **options)  # type: ignore[arg-type]
    report = trace_to_json(t)
    assert report["kernel"] == {"degree": 3, "c": "1/2"}
    assert report["support"] == [
        {"x": ["1", "0"], "alpha": "1"},
        {"x": ["0", "1"], "alpha": "-1"},
    ]


def test_the_first_score_is_the_rational_zero_and_a_tie_predicts_minus_y() -> None:
    # [kernel.3] with α = 0: s is the empty sum, the rational 0 (a step's score is a Fraction).
    # kernel.md "Zero score": s = 0 is a mistake and the trace reports −y.  Both labels:
    # x = (1, 0), y = −1 first (s = 0: prediction +1), then x = (0, 1), y = +1, where
    # s = α₀·x₀·x₁ = −1·0 = 0 again (prediction −1), both mistakes.
    t = run("perceptron/kernel", [(1, 0), (0, 1)], [-1, 1])
    assert [s.score for s in t.steps] == [0, 0]
    assert all(type(s.score) is Fraction for s in t.steps)
    assert [s.prediction for s in t.steps] == [1, -1]
    assert [s.mistake for s in t.steps] == [True, True]
    assert t.weights == vector(-1, 1)


def test_a_score_between_zero_and_one_predicts_by_its_sign() -> None:
    # x₀ = (1,), y₀ = +1: s = 0, mistake, α₀ = η = 1/2.  x₁ = (1,), y₁ = +1: s = α₀·1·1 = 1/2 > 0,
    # prediction +1, no mistake ([kernel.4]: y·s = 1/2 > 0).  x₂ = (−1,), y₂ = +1:
    # s = α₀·(1·−1) = −1/2 < 0, prediction −1, a mistake, α₂ = 1/2.
    t = run("perceptron/kernel", [(1,), (1,), (-1,)], [1, 1, 1], eta=Fraction(1, 2))
    half = Fraction(1, 2)
    assert [s.score for s in t.steps] == [0, half, -half]
    assert [s.prediction for s in t.steps] == [-1, 1, -1]
    assert [s.mistake for s in t.steps] == [True, False, True]
    assert t.weights == (half, Fraction(0), half)


def test_the_kernel_learner_refuses_a_stream_that_changes_an_example() -> None:
    # The learner keeps xᵢ as the stream first shows it; the runner always repeats the same
    # data, so a stream showing another x under the same index breaks an internal invariant.
    algo = kernel.configure()
    examples = [Example(1, 0, vector(1), 1), Example(2, 0, vector(2), 1)]
    with pytest.raises(AssertionError, match=r"^the stream must repeat the same data$"):
        list(algo.learn(iter(examples), d=1, eta=ONE))
