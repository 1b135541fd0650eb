"""Kills for mutants of ``perceptron_ref.perceptron.kernel`` and ``.structured`` that ``make
mutation`` found alive (issue 7).

Each test states an independent fact: a line of ``spec/algorithms/perceptron/kernel.md`` or
``structured.md`` (the kernels' table: ``linear`` is the default, ``polynomial`` has default
degree 2 and c = 0; "a degree or a c asks for the polynomial kernel", kernel.configure's
docstring), a score worked out by hand from those lines, the documented error texts, or the text
report's form as the README shows it (``kernel (x·x' + 1)^2; w above is α; f = (-7)·K((0, 0), ·)
+ …``).  Expected values are worked out in the comments, never by re-running the code under test.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from perceptron_ref import registry, run
from perceptron_ref.errors import InputError
from perceptron_ref.perceptron import kernel
from perceptron_ref.perceptron.structured import Structure, separation
from perceptron_ref.report import format_text, trace_to_json
from perceptron_ref.trace import Example
from perceptron_ref.vectors import Vector

ONE = Fraction(1)


def vector(*a: int) -> Vector:
    return tuple(Fraction(v) for v in a)


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


# Gormley's six points (slide 15), as in structured.py's docstring.
X = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
Y = [-1, 1, 1, -1, -1, 1]


def test_the_structured_text_report_names_the_classes_in_the_order_of_their_blocks() -> None:
    # structured.md: the registry's perceptron/structured is the multiclass perceptron over the
    # classes (−1, +1), and w is α = (α₋, α₊), the classes' blocks in that order; the report's
    # model line says so, listing the classes as show() lists coordinates (", ").
    t = run("perceptron/structured", X, Y)
    last = format_text(t).splitlines()[-1]
    assert last == "classes: -1, 1 (α = their blocks of w, in order)"


# A hand-made structure with outputs 0, 1, 2 and Φ(x, z) = (z, z²) (x plays no part), so
# Φ(x, 0) = (0, 0), Φ(x, 1) = (1, 1), Φ(x, 2) = (2, 4); the decoder is never called here.
SQUARES: Structure[None, int] = Structure(2, lambda x, z: vector(z, z * z), lambda alpha, x: 0)


def test_separation_is_the_least_margin_and_the_largest_squared_difference() -> None:
    # Collins' δᵢ = min over z ≠ y of U·(Φ(x,y) − Φ(x,z)) and Rᵢ² = max of ‖Φ(x,y) − Φ(x,z)‖²
    # (structured.md, "The mistake bound").  y = 2, U = (0, 1), z over (1, 2, 0), 2 skipped:
    #   z = 1: Φ(x,2) − Φ(x,1) = (1, 3): U· = 3, ‖·‖² = 1 + 9 = 10;
    #   z = 0: Φ(x,2) − Φ(x,0) = (2, 4): U· = 4, ‖·‖² = 4 + 16 = 20.
    # So δ = 3 (from the first z) and R² = 20 (from the last).
    assert separation(SQUARES, vector(0, 1), None, 2, [1, 2, 0]) == (Fraction(3), Fraction(20))


def test_separation_over_no_output_besides_y_fails_its_invariant_by_name() -> None:
    # With GEN(x) = {y} there is no z ≠ y: δ and R² are a min and a max over nothing.  That is
    # a caller's error inside the library, an internal invariant (an assert naming it).
    with pytest.raises(AssertionError, match=r"^GEN\(x\) must hold an output besides y$"):
        separation(SQUARES, vector(0, 1), None, 2, [2])


def test_the_structured_model_is_the_argmax_of_the_learned_blocks() -> None:
    # One pass over Gormley's points, classes (−1, +1), ties to −1 (structured.md):
    #   (−1, 2), y = −1: α = 0, both scores 0, a tie → −1, right;
    #   (1, 0), y = +1: a tie again → −1, a mistake: α₋ = −x = (−1, 0), α₊ = +x = (1, 0);
    #   (1, 1) → α₊·x = 1 > α₋·x = −1: +1;  (−1, 0) → 1 > −1 for −1;  (−1, −2) → −1;
    #   (1, −1) → +1: all right.  So w = (α₋, α₊) = (−1, 0, 1, 0), and the model predicts
    # every label of the data, +1 for (1, 0) and (2, 7) (α₊·x = 2 > −2), and −1 at a tie
    # (0, 5) (both 0).
    t = run("perceptron/structured", X, Y)
    assert t.weights == vector(-1, 0, 1, 0)
    assert t.model is not None
    predict = t.model.predict
    assert [predict(vector(*x)) for x in X] == Y
    assert [predict(vector(*x)) for x in [(1, 0), (2, 7), (0, 5)]] == [1, 1, -1]
