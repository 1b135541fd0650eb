"""The checker itself: it proves what holds, refutes what does not, and refuses vacuity."""

from __future__ import annotations

import pytest
import sympy

from perceptron_ref_proofs._check import (
    Gram,
    Induction,
    Inner,
    Norm,
    Vector,
    check_step,
    expand_inner,
    satisfiable,
    step,
    sympy_verdict,
    vector_sequence,
    verdict,
    z3_verdict,
)

u, v, w = Vector("u"), Vector("v"), Vector("w")
y, a, b, c = sympy.symbols("y a b c")


def test_inner_products_are_expanded_by_bilinearity_and_symmetry() -> None:
    expanded = expand_inner(Inner(a * u + v, w - b * u), {})
    assert (
        sympy.expand(
            expanded - (-a * b * Gram(u, u) + a * Gram(u, w) - b * Gram(u, v) + Gram(v, w))
        )
        == 0
    )
    assert expand_inner(Inner(u, v), {}) == expand_inner(Inner(v, u), {})


def test_the_norm_of_an_update_is_an_identity_only_with_y_squared_one() -> None:
    identity = sympy.Eq(
        Inner(w + y * u, w + y * u), Inner(w, w) + 2 * y * Inner(w, u) + Inner(u, u)
    )
    assert sympy_verdict([sympy.Eq(y**2, 1)], identity) == "proved"
    assert sympy_verdict([], identity) == "refuted"


def test_a_vector_definition_is_substituted() -> None:
    claim = sympy.Eq(Inner(w, u), Inner(v, u) + y * Inner(u, u))
    assert sympy_verdict([sympy.Eq(w, v + y * u)], claim) == "proved"
    assert sympy_verdict([sympy.Eq(w, v - y * u)], claim) == "refuted"


def test_z3_proves_an_implication_and_finds_a_counterexample_to_a_false_one() -> None:
    k, R, gamma = sympy.symbols("k R gamma")
    hyps = [sympy.Le(gamma * k, R * sympy.sqrt(k)), sympy.Gt(gamma, 0), sympy.Ge(k, 0)]
    assert z3_verdict(hyps, sympy.Le(k, R**2 / gamma**2)) == "proved"
    assert z3_verdict(hyps, sympy.Le(k, R**2 / (2 * gamma**2))) == "refuted"


def test_cauchy_schwarz_for_a_unit_vector_follows_from_positivity() -> None:
    z = v - Inner(u, v) * u
    hyps = [sympy.Eq(Inner(u, u), 1), sympy.Ge(Inner(z, z), 0)]
    assert z3_verdict(hyps, sympy.Le(Inner(u, v), Norm(v))) == "proved"
    assert z3_verdict(hyps[:1], sympy.Le(Inner(u, v), Norm(v))) == "refuted"


def test_contradictory_hypotheses_are_not_satisfiable_and_fail_the_step() -> None:
    contradiction = [sympy.Gt(a, 0), sympy.Lt(a, 0)]
    assert not satisfiable(contradiction)
    vacuous = step("x.1", "anything", "z3", contradiction, sympy.Gt(b, c), "test", broken="none")
    result = check_step(vacuous)
    assert result.verdict == "proved"  # ex falso …
    assert result.status == "failed"  # … but not accepted


def test_induction_needs_both_the_base_and_the_step() -> None:
    j, m = sympy.symbols("j m", integer=True)
    s = sympy.Function("s")
    hyps = [sympy.Eq(s(0), 0), sympy.Ge(m, 0), sympy.Ge(s(j + 1), s(j) + 1)]
    claim = Induction(j, lambda n: sympy.Ge(s(n), n), 0, m)
    good = step(
        "x.1", "s(m) ≥ m", "z3", hyps, claim.predicate(m), "test", broken="none", induction=claim
    )
    assert verdict(good) == "proved"
    no_base = step(
        "x.2",
        "s(m) ≥ m",
        "z3",
        hyps[1:],
        claim.predicate(m),
        "test",
        broken="none",
        induction=claim,
    )
    assert verdict(no_base) == "refuted"
    too_much = Induction(j, lambda n: sympy.Ge(s(n), 2 * n), 0, m)
    bad = step(
        "x.3",
        "s(m) ≥ 2m",
        "z3",
        hyps,
        too_much.predicate(m),
        "test",
        broken="none",
        induction=too_much,
    )
    assert verdict(bad) == "refuted"


def test_sums_over_a_symbolic_dimension() -> None:
    i, j, N = sympy.symbols("i j N", integer=True)
    e = vector_sequence("e")
    s = sympy.Function("s")
    hyps = [
        sympy.Eq(Inner(e(i), e(j)), sympy.KroneckerDelta(i, j)),
        sympy.Eq(w, sympy.Sum(s(i) * e(i), (i, 1, N))),
        sympy.Eq(s(i) ** 2, 1),
    ]
    assert sympy_verdict(hyps, sympy.Eq(Inner(w, w), N)) == "proved"
    assert sympy_verdict(hyps[1:], sympy.Eq(Inner(w, w), N)) == "refuted"


def test_z3_answers_within_a_deterministic_budget_and_says_unknown_beyond_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The budget is z3's resource count: the hardest step fits in it, and a step starved of
    it is 'unknown', never 'proved'.  Each question has a fresh z3 context, so the answer to one
    does not depend on the questions asked before it in the same process."""
    from perceptron_ref_proofs import _z3, theorem

    hardest = next(s for s in theorem("winnow/k-of-r").steps if s.id == "winnow/k-of-r.10")
    first = verdict(hardest)
    for other in theorem("winnow/k-of-r").steps:  # fill the process with other questions
        verdict(other.twin())
    assert first == verdict(hardest) == "proved"
    monkeypatch.setattr(_z3, "RLIMIT", 1_000)
    assert verdict(hardest) == "unknown"
