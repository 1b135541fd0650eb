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
        sympy.Ge(N, 0),
    ]
    ranges = {i: (1, N), j: (1, N)}  # the facts hold for these i and j, and are used there
    assert sympy_verdict(hyps, sympy.Eq(Inner(w, w), N), ranges) == "proved"
    assert sympy_verdict(hyps[1:], sympy.Eq(Inner(w, w), N), ranges) == "refuted"
    assert sympy_verdict(hyps, sympy.Eq(Inner(w, w), N)) != "proved"  # no ranges: not used


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


# --- quantified facts, rules, chains and witnesses (issue 14) ------------------------------

from perceptron_ref_proofs._chain import chain_problems  # noqa: E402
from perceptron_ref_proofs._check import (  # noqa: E402
    At,
    Hypothesis,
    Index,
    Rule,
    Theorem,
    Witness,
    instance,
    substitute,
)
from perceptron_ref_proofs._witness import witness_problems  # noqa: E402

j, m = sympy.symbols("j m", integer=True)
f = sympy.Function("f")
g = sympy.Function("g")


def tiny(*steps: object, hypotheses: tuple[Hypothesis, ...] | None = None, **kw: object) -> Theorem:
    """A theorem over j ∈ [0, m − 1] with f(j) ≥ 1 for every j and m ≥ 1."""
    H = hypotheses or (
        Hypothesis("H1", "f(j) ≥ 1 for every j", sympy.Ge(f(j), 1)),
        Hypothesis("H2", "m ≥ 1", sympy.Ge(m, 1)),
    )
    last = steps[-1].conclusion  # type: ignore[attr-defined]
    return Theorem("x", "test", H, (last,), tuple(steps), None, (), (Index(j, 0, m - 1),), **kw)


def test_a_fact_for_every_j_is_not_used_at_a_single_j() -> None:
    fact = sympy.Ge(f(j), 1)
    single = step(
        "x.1",
        "f(0) ≥ 1",
        "z3",
        [fact, sympy.Ge(m, 1)],
        sympy.Ge(f(0) + 0 * f(j), 1),
        "t",
        broken="none",
    )
    problems = chain_problems(tiny(single))
    assert any("at a single j" in p for p in problems)
    stated = step(
        "x.1",
        "f(0) ≥ 1",
        "z3",
        [At(fact, ((j, 0),)), sympy.Ge(m, 1)],
        sympy.Ge(f(0), 1),
        "t",
        broken="none",
    )
    assert chain_problems(tiny(stated)) == []
    outside = step(
        "x.1",
        "f(m) ≥ 1",
        "z3",
        [At(fact, ((j, m),)), sympy.Ge(m, 1)],
        sympy.Ge(f(m), 1),
        "t",
        broken="none",
    )
    assert any("outside its range" in p for p in chain_problems(tiny(outside)))


def test_a_premise_from_nowhere_and_a_dangling_step_are_refused() -> None:
    stronger = step(
        "x.1",
        "f(j) ≥ 2",
        "z3",
        [sympy.Ge(f(j), 2), sympy.Ge(m, 1)],
        sympy.Ge(f(j), 1),
        "t",
        broken="none",
    )
    assert any(
        "neither a hypothesis nor an earlier step" in p for p in chain_problems(tiny(stronger))
    )
    first = step(
        "x.1", "f(j) ≥ 0", "z3", [sympy.Ge(f(j), 1)], sympy.Ge(f(j), 0), "t", broken="none"
    )
    second = step(
        "x.2",
        "f(j) > 0",
        "z3",
        [sympy.Ge(f(j), 1), sympy.Ge(m, 1)],
        sympy.Gt(f(j), 0),
        "t",
        broken="none",
    )
    assert any("x.1 dangles" in p for p in chain_problems(tiny(first, second)))


def test_the_statement_as_a_hypothesis_is_refused() -> None:
    claim = sympy.Gt(f(j), 0)
    H = (
        Hypothesis("H1", "f(j) ≥ 1", sympy.Ge(f(j), 1)),
        Hypothesis("H2", "the claim itself", claim),
    )
    s = step("x.1", "f(j) > 0", "z3", [claim, sympy.Ge(f(j), 1)], claim, "t", broken="none")
    assert any("is the statement itself" in p for p in chain_problems(tiny(s, hypotheses=H)))


def test_a_rule_step_is_its_instance_exactly() -> None:
    a = sympy.Symbol("a")
    rule = Rule("r", "f is at least 1", "lemma", (a,), (sympy.Gt(a, 0),), sympy.Ge(f(a), 1), "r")
    good = instance("x.1", "f(2) ≥ 1", rule, {a: 2}, "t", broken="at 3", broken_values={a: 3})
    assert good.premises == (sympy.true,)  # 2 > 0 holds by arithmetic
    assert verdict(good) == "proved"
    assert verdict(good.twin()) == "refuted"
    wrong = instance(
        "x.1", "f(2) ≥ 2", rule, {a: 2}, "t", broken="x", broken_conclusion=sympy.Ge(f(2), 2)
    )
    assert verdict(wrong.twin()) == "refuted"


def test_substitution_is_simultaneous() -> None:
    x, z = sympy.symbols("x z")
    assert substitute(f(x) + g(z), {f: g, g: f, x: z, z: x}.items()) == g(z) + f(x)


def test_a_vector_equation_holds_coefficient_by_coefficient() -> None:
    assert z3_verdict([sympy.Eq(v, 2 * u)], sympy.Eq(v + u, 3 * u)) == "proved"
    assert z3_verdict([sympy.Eq(v, 2 * u)], sympy.Eq(v, 3 * u)) == "refuted"


def test_a_sum_is_evaluated_only_where_its_range_is_not_reversed() -> None:
    i, N = sympy.symbols("i N", integer=True)
    count = sympy.Eq(sympy.Sum(1, (i, 1, N)), N)  # false for N = −2: the empty sum is 0
    assert sympy_verdict([], count) != "proved"
    assert sympy_verdict([sympy.Ge(N, 0)], count) == "proved"


def test_a_quantified_fact_is_read_inside_a_sum_only_within_its_range() -> None:
    i, k, N = sympy.symbols("i k N", integer=True)
    s = sympy.Function("s")
    ranges = {k: (1, N)}
    facts = [sympy.Eq(s(k) ** 2, 1), sympy.Ge(N, 0)]
    inside = sympy.Eq(sympy.Sum(s(i) ** 2, (i, 1, N)), N)
    beyond = sympy.Eq(sympy.Sum(s(i) ** 2, (i, 1, N + 1)), N + 1)
    assert sympy_verdict(facts, inside, ranges) == "proved"
    assert sympy_verdict(facts, beyond, ranges) != "proved"


def test_the_witness_checks_every_index_and_an_empty_range_is_vacuous() -> None:
    s = step("x.1", "f(j) > 0", "z3", [sympy.Ge(f(j), 1)], sympy.Gt(f(j), 0), "t", broken="none")
    values = [3, 1, 5]
    ok = tiny(s, witness=lambda: [Witness("f", {f: lambda n: values[n], m: 3})])
    assert witness_problems(ok)[1] == []
    bad_values = [3, 1, 0]  # f(2) ≥ 1 fails at the last index only
    bad = tiny(s, witness=lambda: [Witness("f", {f: lambda n: bad_values[n], m: 3})])
    assert witness_problems(bad)[1][0] == "f: H1 fails at j = 2"
    empty = tiny(s, witness=lambda: [Witness("f", {f: lambda n: 1, m: 0})])
    assert "H1 holds vacuously" in " ".join(witness_problems(empty)[1])
