"""The proofs of issue 3: every step proved, never vacuously; every broken twin refuted; every
chain complete from the theorem's hypotheses to its statement; every bound the very expression
of perceptron_ref.bounds; every spec file naming exactly its module's steps."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import sympy

from perceptron_ref import bounds
from perceptron_ref_proofs import THEOREMS, check_all, theorem
from perceptron_ref_proofs._check import TheoremResult, verdict

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


def step_of(theorem_id: str, step_id: str) -> Any:
    return next(s for s in theorem(theorem_id).steps if s.id == step_id)


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
    )


@pytest.mark.parametrize(("theorem_id", "step_id"), STEPS)
def test_every_step_is_proved(theorem_id: str, step_id: str) -> None:
    result = next(s for s in results()[theorem_id].steps if s.id == step_id)
    assert result.verdict == "proved", f"{step_id}: {result.claim}"
    assert result.status == "proved"


@pytest.mark.parametrize(("theorem_id", "step_id"), STEPS)
def test_every_step_has_satisfiable_hypotheses(theorem_id: str, step_id: str) -> None:
    result = next(s for s in results()[theorem_id].steps if s.id == step_id)
    assert result.satisfiable, f"{step_id} is vacuous: its hypotheses are contradictory"


@pytest.mark.parametrize(("theorem_id", "step_id"), STEPS)
def test_every_broken_twin_is_refuted(theorem_id: str, step_id: str) -> None:
    step = step_of(theorem_id, step_id)
    twin = step.twin()
    assert (
        twin.hypotheses != step.hypotheses
        or twin.conclusion != step.conclusion
        or (twin.induction is not step.induction)
    ), f"{step_id}: the twin changes nothing"
    assert verdict(twin) == "refuted", f"{step_id}: the checker accepts '{step.broken.change}'"


@pytest.mark.parametrize("theorem_id", THEOREMS)
def test_the_chain_is_complete(theorem_id: str) -> None:
    """Each step uses only the theorem's hypotheses and earlier conclusions; the last step
    concludes the statement."""
    t = theorem(theorem_id)
    known = [h.formula for h in t.hypotheses]
    for step in t.steps:
        for h in step.hypotheses:
            assert any(h == k for k in known), f"{step.id} assumes {h}, which nothing gives"
        known.append(step.conclusion)
    assert t.steps[-1].conclusion == t.statement
    ids = [s.id for s in t.steps]
    assert ids == [f"{theorem_id}.{n}" for n in range(1, len(ids) + 1)]
    assert len({h.id for h in t.hypotheses}) == len(t.hypotheses)


@pytest.mark.parametrize("theorem_id", sorted(BOUNDS))
def test_the_concluded_bound_is_the_bounds_module_expression(theorem_id: str) -> None:
    t = theorem(theorem_id)
    assert t.bound is BOUNDS[theorem_id]
    assert t.statement.rhs == BOUNDS[theorem_id](*t.bound_args)
    upper = theorem_id != "perceptron/blum-lower-bound"
    assert isinstance(t.statement, sympy.Le if upper else sympy.Ge)


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
