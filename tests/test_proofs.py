"""The proofs of issues 3 and 14: every step proved, never vacuously; every broken twin
refuted; every chain complete from the hypotheses to the spec's statement; every hypothesis
satisfied, at every index, by an actual run of the reference; every bound the very
expression of perceptron_ref.bounds; every spec file naming exactly its module's steps."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import sympy

from perceptron_ref import bounds
from perceptron_ref_proofs import THEOREMS, check_all, theorem
from perceptron_ref_proofs._chain import chain_problems
from perceptron_ref_proofs._check import TheoremResult
from perceptron_ref_proofs._spec import spec_problems
from perceptron_ref_proofs._witness import witness_problems

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "spec" / "theorems"

STEPS = [(t, s.id) for t in THEOREMS for s in theorem(t).steps]

# The bound each theorem concludes, named here independently of the proof modules.
BOUNDS: dict[str, Any] = {
    "novikoff/mehta": bounds.perceptron_mistake_bound,
    "novikoff/gormley": bounds.perceptron_mistake_bound,
    "novikoff/press": bounds.perceptron_mistake_bound,
    "perceptron/blum-unit": bounds.blum_unit_bound,
    "perceptron/blum-hinge": bounds.blum_hinge_bound,
    "perceptron/freund-schapire": bounds.freund_schapire_bound,
    "perceptron/blum-lower-bound": bounds.blum_unit_bound,
    "halving/mehta-cover": bounds.halving_cover_bound,
    "winnow/disjunction": bounds.winnow_disjunction_bound,
    "winnow/k-of-r": bounds.winnow_k_of_r_bound,
}


@cache
def results() -> dict[str, TheoremResult]:
    return {r.id: r for r in check_all()}


def result_of(theorem_id: str, step_id: str) -> Any:
    return next(s for s in results()[theorem_id].steps if s.id == step_id)


def test_the_theorem_ids_are_the_contract() -> None:
    assert THEOREMS == (
        "novikoff/mehta",
        "novikoff/gormley",
        "novikoff/press",
        "perceptron/blum-unit",
        "perceptron/blum-hinge",
        "perceptron/freund-schapire",
        "perceptron/blum-lower-bound",
        "halving/mehta-cover",
        "winnow/disjunction",
        "winnow/k-of-r",
        "ssbd/hinge-surrogate",
        "perceptron/step-invariance",
        "perceptron/step-invariance-extended",
    )


@pytest.mark.parametrize("theorem_id", THEOREMS)
def test_every_theorem_is_proved(theorem_id: str) -> None:
    r = results()[theorem_id]
    assert r.problems == ()
    assert r.status == "proved", r.checks


@pytest.mark.parametrize(("theorem_id", "step_id"), STEPS)
def test_every_step_is_proved(theorem_id: str, step_id: str) -> None:
    result = result_of(theorem_id, step_id)
    assert result.verdict == "proved", f"{step_id}: {result.claim}"
    assert result.status == "proved"


@pytest.mark.parametrize(("theorem_id", "step_id"), STEPS)
def test_every_step_has_satisfiable_premises(theorem_id: str, step_id: str) -> None:
    assert result_of(theorem_id, step_id).satisfiable, f"{step_id} is vacuous"


@pytest.mark.parametrize(("theorem_id", "step_id"), STEPS)
def test_every_broken_twin_is_refuted(theorem_id: str, step_id: str) -> None:
    step = next(s for s in theorem(theorem_id).steps if s.id == step_id)
    twin = step.twin()
    assert (
        twin.hypotheses != step.hypotheses
        or twin.conclusion != step.conclusion
        or twin.induction is not step.induction
        or twin.instance != step.instance
    ), f"{step_id}: the twin changes nothing"
    assert result_of(theorem_id, step_id).twin == "refuted", step.broken.change


@pytest.mark.parametrize("theorem_id", THEOREMS)
def test_the_chain_is_complete(theorem_id: str) -> None:
    """Premises given, quantifiers kept, nothing dangling, the statement concluded last."""
    assert chain_problems(theorem(theorem_id)) == []


@pytest.mark.parametrize("theorem_id", THEOREMS)
def test_an_actual_run_satisfies_every_hypothesis_at_every_index(theorem_id: str) -> None:
    text, problems = witness_problems(theorem(theorem_id))
    assert problems == []
    checked = int(re.search(r"\((\d+) instances checked\)", text).group(1))  # type: ignore[union-attr]
    # far more instances than the theorem has facts: every index, not one
    t = theorem(theorem_id)
    assert checked > len(t.hypotheses) + len(t.steps)


@pytest.mark.parametrize("theorem_id", THEOREMS)
def test_the_proof_says_what_the_spec_says(theorem_id: str) -> None:
    assert spec_problems(theorem(theorem_id)) == []


@pytest.mark.parametrize("theorem_id", sorted(BOUNDS))
def test_the_concluded_bound_is_the_bounds_module_expression(theorem_id: str) -> None:
    t = theorem(theorem_id)
    assert t.bound is BOUNDS[theorem_id]
    assert t.statement[-1].rhs == BOUNDS[theorem_id](*t.bound_args)
    upper = theorem_id != "perceptron/blum-lower-bound"
    assert isinstance(t.statement[-1], sympy.Le if upper else sympy.Ge)


def test_step_invariance_states_the_bounds_module_relation() -> None:
    t = theorem("perceptron/step-invariance")
    assert t.bound is bounds.step_scaled
    eta, u = t.bound_args
    assert t.statement[0].rhs == bounds.step_scaled(eta, u)


def spec_text(theorem_id: str) -> str:
    return (SPEC / f"{theorem_id}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("theorem_id", THEOREMS)
def test_the_spec_names_exactly_the_modules_steps_and_hypotheses(theorem_id: str) -> None:
    text = spec_text(theorem_id)
    step_ids = re.findall(rf"^\| `({re.escape(theorem_id)}\.\d+)` \|", text, re.MULTILINE)
    assert step_ids == [s.id for s in theorem(theorem_id).steps]
    hypothesis_ids = re.findall(r"^\| (H\d+) \|", text, re.MULTILINE)
    assert hypothesis_ids == [h.id for h in theorem(theorem_id).hypotheses]


@pytest.mark.parametrize("theorem_id", THEOREMS)
def test_the_spec_says_whose_each_step_is(theorem_id: str) -> None:
    rows = re.findall(
        rf"^\| `{re.escape(theorem_id)}\.\d+` \|.*\| (note|ours) \|$",
        spec_text(theorem_id),
        re.MULTILINE,
    )
    assert len(rows) == len(theorem(theorem_id).steps)


def test_the_proof_module_is_named_after_the_theorem() -> None:
    for theorem_id in THEOREMS:
        path = ROOT / "proofs" / (theorem_id.replace("-", "_") + ".py")
        assert path.is_file(), path
        assert (SPEC / f"{theorem_id}.md").is_file()


def test_the_spec_readme_lists_every_theorem() -> None:
    text = (ROOT / "spec" / "README.md").read_text(encoding="utf-8")
    for theorem_id in THEOREMS:
        assert f"(theorems/{theorem_id}.md)" in text, theorem_id
