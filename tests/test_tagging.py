"""Tag sequences (``perceptron/tagging.py``): Collins' Figure 1 with a Viterbi decoder.

Viterbi is the lexicographically first argmax of brute force; on separable corpora training
obeys Collins' bound R²/δ² whatever the number of tag sequences.  Runs on a one- or
two-sentence corpus are worked out by hand from ``spec/algorithms/perceptron/structured.md``
([structured.1]–[structured.6]), with the documented stopping rules and error texts of
``train``, and Φ(x, y) counted by hand.  Expected values are never obtained by re-running the
code under test.

The feature layout, from the module and ``Tagger.transition``'s docstrings: for tags T and
vocabulary V, first the emissions "tag t on word v" at t·|V| + v, then the transitions "tag t
after tag p" at |T|·|V| + (p + 1)·|T| + t, with p = −1 for START.  For tags (A, B) and words
(u, v), D = 2·2 + 3·2 = 10:

    0 A:u   1 A:v   2 B:u   3 B:v   4 START→A   5 START→B   6 A→A   7 A→B   8 B→A   9 B→B
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from perceptron_ref import InputError
from perceptron_ref.bounds import perceptron_mistake_bound
from perceptron_ref.perceptron.structured import separation
from perceptron_ref.perceptron.tagging import Sentence, Tagged, Tagger, Tags, train
from perceptron_ref.testing import unit_vectors
from perceptron_ref.vectors import dot
from tests.helpers import vector
from tests.test_structured import brute_force_argmax


@st.composite
def tagging_problems(draw: st.DrawFn) -> tuple[Tagger, list[Sentence]]:
    tags = ("A", "B", "C")[: draw(st.integers(2, 3))]
    words = ("u", "v", "w")[: draw(st.integers(1, 3))]
    sentences = draw(
        st.lists(
            st.lists(st.sampled_from(words), min_size=1, max_size=4).map(tuple),
            min_size=1,
            max_size=5,
        )
    )
    vocabulary = tuple(sorted({v for x in sentences for v in x}))
    return Tagger(tags, vocabulary), sentences


@given(problem=tagging_problems(), data=st.data())
def test_viterbi_is_the_lexicographically_first_argmax_of_brute_force(
    problem: tuple[Tagger, list[Sentence]], data: st.DataObject
) -> None:
    tagger, sentences = problem
    small = st.integers(-1, 1).map(Fraction)
    alpha = tuple(data.draw(st.lists(small, min_size=tagger.dimension, max_size=tagger.dimension)))
    for x in [*sentences, ("unseen", *sentences[0])]:
        everything = list(product(tagger.tags, repeat=len(x)))  # lexicographic order
        scores = [(y, dot(alpha, tagger.phi(x, y))) for y in everything]
        assert tagger.decode(alpha, x) == brute_force_argmax(scores)  # type: ignore[arg-type]


@given(problem=tagging_problems(), data=st.data())
def test_tagging_runs_obey_collins_bound_whatever_the_number_of_tag_sequences(
    problem: tuple[Tagger, list[Sentence]], data: st.DataObject
) -> None:
    tagger, X = problem
    U = data.draw(unit_vectors(tagger.dimension))
    Y: list[Tags] = []
    for x in X:
        ranked = sorted((dot(U, tagger.phi(x, z)), z) for z in product(tagger.tags, repeat=len(x)))
        assume(ranked[-1][0] > ranked[-2][0])  # a unique gold sequence: margin δ > 0
        Y.append(ranked[-1][1])
    pairs = [
        separation(tagger.structure(), U, x, y, list(product(tagger.tags, repeat=len(x))))
        for x, y in zip(X, Y, strict=True)
    ]
    delta, R2 = min(p[0] for p in pairs), max(p[1] for p in pairs)
    bound = perceptron_mistake_bound(R2, delta)
    assume(bound <= 400)
    result = train(X, Y, tags=tagger.tags, epochs="converge", max_epochs=int(bound) + 1)
    assert result.tagger == tagger
    assert result.mistakes <= bound
    assert result.status == "converged"
    assert [tagger.decode(result.weights, x) for x in X] == Y


# --- runs of train on one or two sentences, and Φ, worked by hand ---------------------------------


AB = ("A", "B")


# One sentence "u v" tagged "B A".  At α = 0 every one of the four sequences scores 0, and the
# tie goes to the lexicographically first, z = (A, A) ([structured.3]): a mistake.  Update
# ([structured.5]) α = Φ(x, (B, A)) − Φ(x, (A, A)):
#   Φ(x, (B, A)) = START→B + B:u + B→A + A:v  = e5 + e2 + e8 + e1
#   Φ(x, (A, A)) = START→A + A:u + A→A + A:v  = e4 + e0 + e6 + e1
# so α₁ = e2 + e5 + e8 − e0 − e4 − e6 (A:v cancels).
X1 = [("u", "v")]
Y1 = [("B", "A")]
ALPHA_1 = vector(-1, 0, 1, 0, -1, 1, -1, 0, 1, 0)


# Under α₁ the four sequences score (A,A) −1−1−1+0 = −3, (A,B) −1−1+0+0 = −2,
# (B,A) 1+1+1+0 = 3, (B,B) 1+1+0+0 = 2: the second pass predicts (B, A) with score 3, no mistake.


def summary(result: Tagged) -> list[tuple[int, int, Fraction, tuple[str, ...], bool]]:
    return [(s.epoch, s.index, s.score, s.prediction, s.mistake) for s in result.steps]


def test_one_pass_with_the_defaults_adds_gold_minus_the_first_tied_sequence_once() -> None:
    # Defaults: eta = 1 (the source's, structured.md "Departures"), epochs = 1: one pass of one
    # example, status "online" (a fixed number of passes), the weights α₁ above.
    result = train(X1, Y1, tags=AB)
    assert result.tagger == Tagger(AB, ("u", "v"))
    assert result.tagger.dimension == 10
    assert result.weights == ALPHA_1
    assert summary(result) == [(1, 0, Fraction(0), ("A", "A"), True)]
    assert (result.mistakes, result.epochs, result.status) == (1, 1, "online")
    assert result.steps[0].label == ("B", "A")


def test_two_passes_with_eta_three_halves_scale_the_update_and_number_the_epochs() -> None:
    # The update is η·(Φ(x, y) − Φ(x, z)): α = (3/2)·α₁; the second pass decodes (B, A) as under
    # α₁ (scaling keeps the argmax) with score (3/2)·3 = 9/2 and no mistake.
    result = train(X1, Y1, tags=AB, eta=Fraction(3, 2), epochs=2)
    assert result.weights == tuple(Fraction(3, 2) * a for a in ALPHA_1)
    assert summary(result) == [
        (1, 0, Fraction(0), ("A", "A"), True),
        (2, 0, Fraction(9, 2), ("B", "A"), False),
    ]
    assert (result.mistakes, result.epochs, result.status) == (1, 2, "online")


def test_run_to_convergence_it_stops_after_the_first_pass_without_a_mistake() -> None:
    # Pass 1 errs (α₁ ≠ 0 is new), pass 2 is clean: "converged" after 2 passes, 1 mistake.
    result = train(X1, Y1, tags=AB, epochs="converge")
    assert summary(result) == [
        (1, 0, Fraction(0), ("A", "A"), True),
        (2, 0, Fraction(3), ("B", "A"), False),
    ]
    assert (result.weights, result.mistakes, result.epochs, result.status) == (
        ALPHA_1,
        1,
        2,
        "converged",
    )


def test_max_epochs_stops_a_run_at_exactly_that_many_passes() -> None:
    # With max_epochs = 1 the run ends after pass 1 (it erred, α₁ is new): status "max_epochs",
    # although pass 2 would have converged.
    result = train(X1, Y1, tags=AB, epochs="converge", max_epochs=1)
    assert summary(result) == [(1, 0, Fraction(0), ("A", "A"), True)]
    assert (result.weights, result.mistakes, result.epochs, result.status) == (
        ALPHA_1,
        1,
        1,
        "max_epochs",
    )


def test_a_pass_that_brings_alpha_back_to_zero_is_a_cycle_found_after_one_pass() -> None:
    # The word "u" tagged B, then A.  Vocabulary (u,): D = 2·1 + 3·2 = 8, layout
    #   0 A:u  1 B:u  2 START→A  3 START→B  4 A→A  5 A→B  6 B→A  7 B→B.
    # Step 1: α = 0, a tie, z = (A,) ≠ (B,): α = e1 + e3 − e0 − e2.
    # Step 2: (A,) scores α[2] + α[0] = −2, (B,) scores α[3] + α[1] = 2: z = (B,) ≠ (A,),
    # α += e0 + e2 − e1 − e3 = 0.  The pass ends at α = 0, the starting point: every later pass
    # repeats it, so the run stops "cycled" after one pass with two mistakes.
    result = train([("u",), ("u",)], [("B",), ("A",)], tags=AB, epochs="converge")
    assert summary(result) == [
        (1, 0, Fraction(0), ("A",), True),
        (1, 1, Fraction(2), ("B",), True),
    ]
    assert (result.weights, result.mistakes, result.epochs, result.status) == (
        vector(*[0] * 8),
        2,
        1,
        "cycled",
    )


SHAPE = "need non-empty sentences, each with one tag per word"


@pytest.mark.parametrize(
    ("X", "Y"),
    [
        ([], []),  # no sentence
        ([("u",)], []),  # a sentence without tags
        ([("u",)], [("A",), ("B",)]),  # tags without a sentence
        ([("u", "v")], [("A",)]),  # one tag for two words
        ([("u",)], [("A", "B")]),  # two tags for one word
        ([()], [()]),  # an empty sentence
        ([("u",), ()], [("A",), ()]),  # an empty sentence after a good one
    ],
)
def test_a_corpus_of_the_wrong_shape_is_an_input_error_with_the_documented_text(
    X: list[tuple[str, ...]], Y: list[tuple[str, ...]]
) -> None:
    with pytest.raises(InputError) as caught:
        train(X, Y, tags=AB)
    assert str(caught.value) == SHAPE


def test_an_unknown_tag_is_an_input_error_listing_the_tags() -> None:
    with pytest.raises(InputError) as caught:
        train([("u", "v")], [("A", "C")], tags=AB)
    assert str(caught.value) == "a tag is not one of A, B"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"max_epochs": 0}, "max_epochs must be a positive integer, got 0"),
        ({"epochs": 0}, "epochs must be a positive integer or 'converge', got 0"),
        ({"eta": 0}, "eta must be positive, got 0"),
    ],
)
def test_bad_options_are_input_errors_with_the_runners_texts(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(InputError) as caught:
        train(X1, Y1, tags=AB, **options)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_phi_counts_each_transition_and_each_known_words_emission() -> None:
    tagger = Tagger(AB, ("u", "v"))
    # "u w" tagged "B A": START→B (5), B:u (2), B→A (8); "w" is not in the vocabulary, so it
    # has no emission feature (structured.md "Departures").
    assert tagger.phi(("u", "w"), ("B", "A")) == vector(0, 0, 1, 0, 0, 1, 0, 0, 1, 0)
    # "u u u" tagged "A A A": A:u three times (0), START→A once (4), A→A twice (6).
    assert tagger.phi(("u", "u", "u"), ("A", "A", "A")) == vector(3, 0, 0, 0, 1, 0, 2, 0, 0, 0)


def test_phi_dot_alpha_is_the_sum_of_the_local_scores() -> None:
    # Two routes to Φ(x, y)·α (module docstring: Σᵢ α[p→yᵢ] + α[yᵢ:xᵢ]): the dot product
    # with phi, and the sum of local() over the words, with an unknown word in the middle.
    tagger = Tagger(AB, ("u", "v"))
    alpha = vector(*[Fraction(k * k - 7, k + 1) for k in range(10)])  # all distinct
    x = ("v", "w", "u", "v")
    for y in [("A", "B", "B", "A"), ("B", "B", "A", "A"), ("B", "A", "B", "B")]:
        tags = [AB.index(t) for t in y]
        local = sum(
            tagger.local(alpha, x, i, -1 if i == 0 else tags[i - 1], tags[i]) for i in range(4)
        )
        assert dot(tagger.phi(x, y), alpha) == local
