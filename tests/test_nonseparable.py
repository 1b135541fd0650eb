"""Non-separable data: for ANY data, ANY unit u and ANY γ > 0, every perceptron's mistakes obey
Blum's hinge-loss bound (for ‖x‖ = 1) and the Freund–Schapire bound (Gormley slide 35).

The bounds are the functions of :mod:`perceptron_ref.bounds`, never retyped here.  R and D
are square roots, so the Freund–Schapire bound is evaluated by sympy on exact surds and
compared with k exactly (:func:`at_most`), with no floating point anywhere.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Any

import pytest
import sympy
from hypothesis import event, given
from hypothesis import strategies as st

from perceptron_ref import Trace, bounds, cli, registry, run
from perceptron_ref.algorithm import OnlineAlgorithm
from perceptron_ref.bounds import (
    blum_hinge_bound,
    freund_schapire_bound,
    hinge_loss,
    perceptron_mistake_bound,
)
from perceptron_ref.limits import SizeLimitError
from perceptron_ref.perceptron.multiclass import run_multiclass
from perceptron_ref.testing import rationals, unit_vectors
from perceptron_ref.vectors import Label, Vector, dot, norm2, zeros
from tests.helpers import BATCH, ONLINE

EXTENDED = ("perceptron/voted", "perceptron/averaged", "perceptron/kernel", "perceptron/structured")
PERCEPTRONS = (*ONLINE, *BATCH, *EXTENDED)


def q(x: Fraction) -> sympy.Rational:
    return sympy.Rational(x.numerator, x.denominator)


def at_most(k: int, bound: sympy.Expr) -> bool:
    """Whether k ≤ bound, exactly, for a bound of the form p + c·√m (p, c, m rational).

    bound − k = p' + c√m ≥ 0 is decided by signs and, when they differ, by squaring.
    """
    e = sympy.expand(bound - k)
    terms = e.as_coefficients_dict()
    p = sympy.Rational(terms.pop(sympy.S.One, 0))
    assert len(terms) <= 1, f"not of the form p + c·√m: {e}"
    if not terms:
        return bool(p >= 0)
    ((surd, c),) = terms.items()
    m = surd**2
    assert surd.is_positive and m.is_Rational and c.is_Rational, f"not a surd term: {surd}"
    if p >= 0 and c >= 0:
        return True
    if p <= 0 and c <= 0:
        return bool(p == 0 and c == 0)
    return bool(p * p >= c * c * m) if p > 0 else bool(c * c * m >= p * p)


def test_at_most_decides_surd_inequalities_exactly() -> None:
    r2, r3 = sympy.sqrt(2), sympy.sqrt(3)
    assert at_most(2, 1 + r2)  # 2 ≤ 2.414…
    assert not at_most(3, 1 + r2)
    assert at_most(2, 4 - r3)  # 2 ≤ 2.267…
    assert not at_most(3, 4 - r3)
    assert at_most(4, (1 + r2) ** 2 - 2 * r2 + 1)  # exactly 4
    assert not at_most(1, r2 - 1)
    assert at_most(0, r2 * r3 - sympy.sqrt(6))  # exactly 0


def run_for(algorithm: str, X: list[Vector], y: list[Label], epochs: int) -> Trace:
    """``epochs`` passes (online), or a batch run capped at ``epochs`` (it may also cycle)."""
    if algorithm in BATCH:
        return run(algorithm, X, y, max_epochs=epochs)
    return run(algorithm, X, y, epochs=epochs)


@st.composite
def unit_data(draw: st.DrawFn) -> tuple[list[Vector], list[Label], Vector, Fraction]:
    """Unit vectors x with arbitrary labels, a unit u and a γ > 0: no separability assumed."""
    d = draw(st.integers(1, 4))
    X = draw(st.lists(unit_vectors(d), min_size=1, max_size=12))
    y: list[Label] = draw(st.lists(st.sampled_from([-1, 1]), min_size=len(X), max_size=len(X)))
    u = draw(unit_vectors(d))
    gamma = draw(st.builds(Fraction, st.integers(1, 6), st.integers(1, 6)))
    return X, y, u, gamma


@pytest.mark.parametrize("algorithm", PERCEPTRONS)
@given(data=unit_data(), epochs=st.integers(1, 3))
def test_mistakes_obey_blums_hinge_loss_bound_for_any_unit_u_and_gamma(
    algorithm: str, data: tuple[list[Vector], list[Label], Vector, Fraction], epochs: int
) -> None:
    X, y, u, gamma = data
    assert all(norm2(x) == 1 for x in X) and norm2(u) == 1
    t = run_for(algorithm, X, y, epochs)
    margins = [y[s.index] * dot(X[s.index], u) for s in t.steps]
    assert t.mistakes <= blum_hinge_bound(gamma, hinge_loss(margins, gamma))


@st.composite
def any_data(draw: st.DrawFn) -> tuple[list[Vector], list[Label], Vector, Fraction]:
    """Any rational x with any labels, a unit u and a γ > 0."""
    d = draw(st.integers(1, 4))
    row = st.lists(rationals(6, 3), min_size=d, max_size=d).map(tuple)
    X: list[Vector] = draw(st.lists(row, min_size=1, max_size=12))
    y: list[Label] = draw(st.lists(st.sampled_from([-1, 1]), min_size=len(X), max_size=len(X)))
    u = draw(unit_vectors(d))
    gamma = draw(st.builds(Fraction, st.integers(1, 12), st.integers(1, 4)))
    return X, y, u, gamma


@pytest.mark.parametrize("algorithm", PERCEPTRONS)
@given(data=any_data(), epochs=st.integers(1, 3))
def test_mistakes_obey_the_freund_schapire_bound_for_any_unit_u_and_gamma(
    algorithm: str, data: tuple[list[Vector], list[Label], Vector, Fraction], epochs: int
) -> None:
    X, y, u, gamma = data
    t = run_for(algorithm, X, y, epochs)
    seen = [(X[s.index], y[s.index]) for s in t.steps]
    R2 = max(norm2(x) for x, _ in seen)
    D2 = sum((max(Fraction(0), gamma - label * dot(u, x)) ** 2 for x, label in seen), Fraction(0))
    bound = freund_schapire_bound(sympy.sqrt(q(R2)), sympy.sqrt(q(D2)), q(gamma))
    assert at_most(t.mistakes, bound)


@given(data=any_data())
def test_with_no_deviation_freund_schapire_is_block_novikoff(
    data: tuple[list[Vector], list[Label], Vector, Fraction],
) -> None:
    """D = 0 (every example has margin ≥ γ) turns ((R + D)/γ)² into R²/γ²."""
    X, _, _, gamma = data
    R2 = max(norm2(x) for x in X)
    fs = freund_schapire_bound(sympy.sqrt(q(R2)), sympy.Integer(0), q(gamma))
    assert sympy.simplify(fs - perceptron_mistake_bound(q(R2), q(gamma))) == 0


def test_press_xor_cycles_and_its_mistakes_obey_the_freund_schapire_bound() -> None:
    """XOR (with the constant 1 first) is not separable: Press's run cycles for ever, yet its
    mistakes until the proven cycle obey the bound for u = (0, 0, 1), γ = 1 (D² = 6 a pass)."""
    X = [(Fraction(1), Fraction(a), Fraction(b)) for a, b in [(0, 0), (0, 1), (1, 0), (1, 1)]]
    y: list[Label] = [-1, 1, 1, -1]
    t = run("perceptron/press", X, y)
    assert t.status == "cycled"
    u, gamma = (Fraction(0), Fraction(0), Fraction(1)), Fraction(1)
    seen = [(X[s.index], y[s.index]) for s in t.steps]
    R2 = max(norm2(x) for x, _ in seen)
    D2 = sum((max(Fraction(0), gamma - label * dot(u, x)) ** 2 for x, label in seen), Fraction(0))
    assert D2 > 0  # no u separates XOR: some deviation is positive
    assert at_most(
        t.mistakes, freund_schapire_bound(sympy.sqrt(q(R2)), sympy.sqrt(q(D2)), q(gamma))
    )


# Termination on data that no learner can fit (issue 7, resource bounds).  A clean pass is
# impossible when one x carries both labels: a pass without a mistake changes nothing, so the
# same state predicts both copies of x alike and errs on one of them.  So every run to
# convergence must end otherwise: a proven cycle, the max_epochs cap, or the size limit.

SMALL_BITS = 256
"""A size limit far below the default, so that runs that drift (Winnow's do) end quickly."""

FAMILIES: dict[str, dict[str, Any]] = {
    **{a: {} for a in (*ONLINE, *BATCH)},
    "perceptron/voted": {},
    "perceptron/averaged": {},
    "perceptron/structured": {},
    "perceptron/kernel": {},
    "perceptron/kernel polynomial": {"kernel": "polynomial", "degree": 2, "c": 1},
    "winnow/disjunction": {},
    "winnow/k-of-r": {"k": 2},
    "winnow/ltf": {"epsilon": "1/3"},
    "halving/cover": {"epsilon": "1/2"},
}
BOOLEAN = ("winnow/disjunction", "winnow/k-of-r", "winnow/ltf")


@st.composite
def contradictory(draw: st.DrawFn, boolean: bool) -> tuple[list[Vector], list[Label]]:
    """Some examples, and one x twice with both labels, in any order."""
    d = draw(st.integers(1, 3))
    value = st.integers(0, 1) if boolean else st.integers(-3, 3)
    row = st.lists(value.map(Fraction), min_size=d, max_size=d).map(tuple)
    X: list[Vector] = draw(st.lists(row, max_size=4))
    y: list[Label] = draw(st.lists(st.sampled_from([-1, 1]), min_size=len(X), max_size=len(X)))
    x = draw(row)
    for label in (1, -1):
        i = draw(st.integers(0, len(X)))
        X.insert(i, x)
        y.insert(i, label)
    return X, y


@st.composite
def xor(draw: st.DrawFn, boolean: bool) -> tuple[list[Vector], list[Label]]:
    """XOR at scale a, in any order: separable by no hyperplane, with or without a bias."""
    a = Fraction(1) if boolean else Fraction(draw(st.integers(1, 3)), draw(st.integers(1, 3)))
    examples: list[tuple[Vector, Label]] = [
        ((Fraction(0), Fraction(0)), -1),
        ((Fraction(0), a), 1),
        ((a, Fraction(0)), 1),
        ((a, a), -1),
    ]
    examples = draw(st.permutations(examples))
    return [x for x, _ in examples], [t for _, t in examples]


def ending(name: str, X: list[Vector], y: list[Label], **options: Any) -> Trace | str:
    """The run to convergence (or the batch run) of a family; the size-limit message if any."""
    algorithm = name.split()[0]
    passes: dict[str, Any] = {} if algorithm in BATCH else {"epochs": "converge"}
    try:
        return run(algorithm, X, y, **passes, **FAMILIES[name], **options, max_bits=SMALL_BITS)
    except SizeLimitError as error:
        return str(error)


def weights_after(name: str, X: list[Vector], y: list[Label], epochs: int, bias: bool) -> Vector:
    """w after exactly ``epochs`` passes, by a second route: a run of that many passes."""
    algorithm = name.split()[0]
    if epochs == 0:  # the initial w: 0, Winnow's (1, …, 1), Halving's first cover point
        algo = registry.get(algorithm, **FAMILIES[name])
        d = len(X[0]) + bias
        return algo.start(d) if isinstance(algo, OnlineAlgorithm) else zeros(d)
    if algorithm in BATCH:  # a batch run capped at e1 < e2 is stopped there by the cap
        return run(algorithm, X, y, bias=bias, max_epochs=epochs).weights
    return run(algorithm, X, y, bias=bias, epochs=epochs, **FAMILIES[name]).weights


@pytest.mark.parametrize("name", FAMILIES)
@given(data=st.data(), bias=st.booleans(), cap=st.none() | st.integers(1, 12))
def test_a_run_on_data_no_learner_fits_ends_cycled_capped_or_at_the_size_limit(
    name: str, data: st.DataObject, bias: bool, cap: int | None
) -> None:
    boolean = name in BOOLEAN
    linear = name != "perceptron/kernel polynomial"  # (x·x' + 1)² separates XOR
    X, y = data.draw(contradictory(boolean) | xor(boolean) if linear else contradictory(boolean))
    if name.startswith("perceptron/kernel"):
        cap = cap or 12  # dual coefficients never repeat: a run to convergence needs a cap
    outcome = ending(name, X, y, bias=bias, max_epochs=cap)
    event(outcome.status if isinstance(outcome, Trace) else "size limit")
    if isinstance(outcome, str):
        assert re.fullmatch(SIZE_LIMIT, outcome), outcome
        return
    t = outcome
    assert t.status in ("cycled", "max_epochs"), t.status
    assert t.mistakes >= t.epochs  # no pass was clean
    if t.status == "max_epochs":
        assert t.epochs == cap
        return
    assert t.cycle is not None and not name.startswith("perceptron/kernel")
    e1, e2 = t.cycle
    assert 0 <= e1 < e2 == t.epochs and (cap is None or e2 <= cap)
    assert weights_after(name, X, y, e1, bias) == t.weights  # w after e1 and e2 coincide
    if name.split()[0] not in BATCH:  # ... and the passes after e2 repeat those after e1
        assert weights_after(name, X, y, 2 * e2 - e1, bias) == t.weights


SIZE_LIMIT = (
    r"exact arithmetic exceeded the size limit: .* over (max_bits|1000 × max_bits) = \d+ "
    r"\((raise it with --max-bits|give --max-epochs, or raise --max-bits)\)"
)


@given(data=st.data(), cap=st.none() | st.integers(1, 12))
def test_a_multiclass_run_on_a_point_with_two_classes_ends_cycled_or_capped(
    data: st.DataObject, cap: int | None
) -> None:
    X, labels = data.draw(contradictory(boolean=False))
    y = ["b" if t == 1 else "a" for t in labels]
    y = [data.draw(st.sampled_from(["a", "c"])) if t == "a" else t for t in y]
    t = run_multiclass(X, y, epochs="converge", max_epochs=cap)
    assert t.status in ("cycled", "max_epochs")
    assert t.mistakes >= t.epochs
    if t.status == "max_epochs":
        assert t.epochs == cap
    else:  # the proof of the cycle, by a second route: w after some earlier pass is w now
        earlier = [run_multiclass(X, y, epochs=e).weights for e in range(1, t.epochs)]
        assert t.weights in [zeros(len(t.weights)), *earlier]


CONFLICT = "1,1,1\n1,1,-1\n0,1,1\n"
"""x = (1, 1) with both labels, and one more example: 0/1 features, so Winnow takes it too."""


@pytest.mark.parametrize(
    ("argv", "status"),
    [
        (["perceptron/press"], "cycled"),
        (["perceptron/gormley-batch", "--max-epochs", "1"], "max_epochs"),
        (["perceptron/gormley-online", "--epochs", "converge"], "cycled"),
        (["perceptron/voted", "--epochs", "converge", "--max-epochs", "2"], "max_epochs"),
        (["perceptron/averaged", "--epochs", "converge"], "cycled"),
        (["perceptron/kernel", "--epochs", "converge", "--max-epochs", "4"], "max_epochs"),
        (["winnow/disjunction", "--epochs", "converge"], "cycled"),
        (["halving/cover", "--epochs", "converge", "--epsilon", "1/2"], "cycled"),
    ],
)
def test_the_cli_says_how_a_run_on_data_no_learner_fits_ended(
    argv: list[str], status: str, tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """Exit 0 (the run is a result, not an error); the status in the text and in the JSON."""
    path = tmp_path / "conflict.csv"
    path.write_text(CONFLICT)
    command = ["run", argv[0], str(path), *argv[1:], "--record", "summary"]
    assert cli.main(command) == 0
    text = capsys.readouterr().out
    if status == "cycled":
        found = re.search(
            r"in (\d+) epochs? \(cycled: w after epoch (\d+) equals w after epoch (\d+)\)", text
        )
        assert found, text
        epochs, e2, e1 = map(int, found.groups())
        assert 0 <= e1 < e2 == epochs
    else:
        assert re.search(rf"in {argv[-1]} epochs? \(max_epochs\)", text), text
    assert cli.main([*command, "--format", "json"]) == 0
    trace = json.loads(capsys.readouterr().out)
    assert trace["status"] == status and trace["mistakes"] >= trace["epochs"]


def test_the_hinge_loss_of_no_examples_is_the_fraction_zero() -> None:
    # An empty sum is 0; the function is declared to return a Fraction, so 0 as a Fraction.
    loss = bounds.hinge_loss([], Fraction(1, 2))
    assert loss == 0
    assert type(loss) is Fraction
