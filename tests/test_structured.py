"""Collins' structured perceptron: its decoders are exact argmaxes with the stated tie rule
(checked against brute force), over (−1, +1) it is Blum's perceptron, and on separable data
(multiclass and tag sequences) it obeys Collins' mistake bound R²/δ² at every step."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from perceptron_ref import InputError, run
from perceptron_ref.bounds import perceptron_mistake_bound
from perceptron_ref.perceptron.multiclass import class_order, read_classes, run_multiclass
from perceptron_ref.perceptron.structured import Multiclass, separation
from perceptron_ref.perceptron.tagging import Sentence, Tagger, Tags, train
from perceptron_ref.testing import rationals, unit_vectors
from perceptron_ref.vectors import Label, Vector, add, dot, scale
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


@st.composite
def separable_multiclass(draw: st.DrawFn) -> tuple[list[Vector], list[int], Vector, int]:
    """Points labelled by argmax_c U_c·x for a unit U ∈ Q^(K·d), ties dropped."""
    d, K = draw(st.integers(1, 3)), draw(st.integers(2, 4))
    U = draw(unit_vectors(K * d))
    m = Multiclass(tuple(range(K)), d)
    X: list[Vector] = []
    y: list[int] = []
    for x in draw(
        st.lists(st.lists(rationals(6, 3), min_size=d, max_size=d), min_size=1, max_size=25)
    ):
        scores = sorted((dot(U, m.phi(tuple(x), c)), c) for c in range(K))
        if scores[-1][0] > scores[-2][0]:
            X.append(tuple(x))
            y.append(scores[-1][1])
    assume(len(set(y)) >= 2)
    return X, y, U, K


@given(problem=separable_multiclass(), eta=etas)
def test_multiclass_runs_obey_collins_bound_at_every_step_and_separate(
    problem: tuple[list[Vector], list[int], Vector, int], eta: Fraction
) -> None:
    X, y, U, K = problem
    m = Multiclass(tuple(range(K)), len(X[0]))
    pairs = [separation(m.structure(), U, x, c, range(K)) for x, c in zip(X, y, strict=True)]
    delta, R2 = min(p[0] for p in pairs), max(p[1] for p in pairs)
    assert delta > 0
    bound = perceptron_mistake_bound(R2, delta)
    assume(bound <= 400)
    classes = tuple(sorted(set(y)))
    t = run_multiclass(X, y, eta=eta, epochs="converge", max_epochs=int(bound) + 1)
    # U restricted to the classes present: dropping blocks keeps the margin, shrinks ‖U‖.
    U_seen = tuple(a for c in classes for a in m.block(U, c))
    k = 0
    for s in t.steps:
        k += s.mistake
        assert dot(U_seen, s.weights) >= k * eta * delta  # α·U ≥ kηδ
        assert dot(s.weights, s.weights) <= k * eta**2 * R2  # ‖α‖² ≤ kη²R²
    assert t.mistakes <= bound
    assert t.status == "converged"
    assert [t.model.predict(x) for x in X] == y


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


def test_class_order_puts_integers_first_numerically_then_names() -> None:
    assert class_order(["b", 10, -1, "a", 2]) == (-1, 2, 10, "a", "b")


def test_bad_multiclass_input_names_the_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("1,2,cat\n1,x,dog\n")
    with pytest.raises(InputError, match=r"bad.csv:2: "):
        read_classes(bad)
    bad.write_text("1,2,cat\n1,dog\n")
    with pytest.raises(InputError, match=r"bad.csv:2: expected 2 features and a class"):
        read_classes(bad)
    with pytest.raises(InputError, match="at least two classes"):
        run_multiclass([(1,)], ["cat"])


def test_the_cli_runs_multiclass_data(tmp_path: Path) -> None:
    data = tmp_path / "animals.csv"
    data.write_text("# x1,x2,class\n1,0,cat\n0,1,dog\n-1,-1,eel\n2,1,cat\n")
    cli = [sys.executable, "-m", "perceptron_ref", "run", "perceptron/structured", str(data)]
    out = subprocess.run(
        [*cli, "--epochs", "converge", "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    trace = json.loads(out.stdout)
    assert (trace["classes"], trace["status"], trace["mistakes"]) == (
        ["cat", "dog", "eel"],
        "converged",
        2,
    )
    assert trace["weights"] == ["1", "0", "0", "1", "-1", "-1"]
    assert [s["prediction"] for s in trace["steps"]][-4:] == ["cat", "dog", "eel", "cat"]
    bad = subprocess.run([*cli, "--labels", "01"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_on_plus_minus_one_files_the_cli_prints_the_python_api_trace(tmp_path: Path) -> None:
    from perceptron_ref.report import dumps

    data = tmp_path / "g.csv"
    data.write_text("-1,2,-1\n1,0,1\n1,1,1\n-1,0,-1\n-1,-2,-1\n1,-1,1\n")
    cli = [sys.executable, "-m", "perceptron_ref", "run", "perceptron/structured", str(data)]
    out = subprocess.run([*cli, "--format", "json"], capture_output=True, text=True, check=True)
    X = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
    assert out.stdout.strip() == dumps(run("perceptron/structured", X, [-1, 1, 1, -1, -1, 1]))


@pytest.mark.parametrize(
    ("option", "problem"),
    [
        (["--input-format", "coq"], "perceptron/structured reads CSV only, not --input-format coq"),
        (
            ["--engine", "fast"],
            "perceptron/structured has no fast engine: use engine 'literal' or 'auto'",
        ),
    ],
)
def test_the_cli_refuses_options_structured_cannot_honour(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: list[str], problem: str
) -> None:
    # A Coq file was read as CSV, and --engine fast ran the literal loop, both silently (exit 0).
    from perceptron_ref.cli import main

    data = tmp_path / "d.csv"
    data.write_text("1,2,1\n-1,0,-1\n")
    assert main(["run", "perceptron/structured", str(data), *option]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"perceptron-ref: error: {problem}\n")
