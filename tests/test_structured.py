"""Collins' structured perceptron: its decoders are exact argmaxes with the stated tie rule
(checked against brute force), over (−1, +1) it is Blum's perceptron, the learned model is
the argmax of its blocks, and ``separation`` gives the margin δ and R² its bound needs.  Its two
instances have their own modules: ``test_multiclass`` and ``test_tagging`` (Collins' bound on
separable data is checked there)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perceptron_ref import run
from perceptron_ref.perceptron.structured import Multiclass, Structure, separation
from perceptron_ref.report import format_text
from perceptron_ref.vectors import Label, add, dot, scale
from tests.helpers import vector
from tests.test_voted_averaged import Rows, arbitrary_data, etas, passes


@given(data=arbitrary_data(), epochs=passes, eta=etas)
def test_over_minus_one_and_plus_one_it_is_blums_perceptron(
    data: tuple[Rows, list[Label]], epochs: int, eta: Fraction
) -> None:
    """Φ(x, ±1) = x in block ±1: the score (α₊ − α₋)·x and its updates ±2ηx are Blum's
    perceptron with step 2η, whose predictions do not depend on the step."""
    X, y = data
    blum = run("perceptron/blum", X, y, epochs=epochs, eta=2 * eta)
    structured = run("perceptron/structured", X, y, epochs=epochs, eta=eta)
    d = len(X[0])
    for b, s in zip(blum.steps, structured.steps, strict=True):
        assert (b.score, b.prediction, b.mistake) == (s.score, s.prediction, s.mistake)
        minus, plus = s.weights[:d], s.weights[d:]
        assert add(plus, scale(-1, minus)) == b.weights
        assert add(plus, minus) == tuple(Fraction(0) for _ in range(d))  # updates cancel


@given(data=arbitrary_data())
def test_run_to_convergence_it_ends_as_blums_perceptron_does(
    data: tuple[Rows, list[Label]],
) -> None:
    """α = (−w, w) for Blum's w (same η): α repeats at an epoch end exactly when w does."""
    X, y = data
    blum = run("perceptron/blum", X, y, epochs="converge")
    structured = run("perceptron/structured", X, y, epochs="converge")
    assert (structured.status, structured.cycle, structured.epochs, structured.mistakes) == (
        blum.status,
        blum.cycle,
        blum.epochs,
        blum.mistakes,
    )


def brute_force_argmax(scores: list[tuple[object, Fraction]]) -> object:
    """The first output with the largest score, in the order given."""
    best, top = scores[0]
    for z, s in scores[1:]:
        if s > top:
            best, top = z, s
    return best


@given(
    d=st.integers(1, 3),
    K=st.integers(2, 4),
    data=st.data(),
)
def test_the_multiclass_decoder_is_the_first_maximal_class(
    d: int, K: int, data: st.DataObject
) -> None:
    small = st.integers(-1, 1).map(Fraction)  # small integers: ties are frequent
    alpha = tuple(data.draw(st.lists(small, min_size=K * d, max_size=K * d)))
    x = tuple(data.draw(st.lists(small, min_size=d, max_size=d)))
    classes = tuple(range(K))
    m = Multiclass(classes, d)
    scores = [(c, dot(alpha, m.phi(x, c))) for c in classes]
    assert m.decode(alpha, x) == brute_force_argmax(scores)  # type: ignore[arg-type]


# --- the text report, separation and the model, worked by hand ------------------------------------


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
