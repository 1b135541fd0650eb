"""The theorems about the algorithms' definitions (issue 29, ``proofs/coq/``): each is accepted
by Coq's kernel with no axiom beyond the standard library's, its statement in the source is
the spec's word for word (``spec/theorems/definitions.md``), the kernel accepts the spec's
statement as proved by it, and a statement changed in the spec or in the source, an admitted
proof or a broken one is rejected.  The bounds the theorems conclude are the functions of
``perceptron_ref.bounds``: the extracted Coq functions are compared with them.

The build is the one ``make extract`` makes (``out/coq/definitions``); an unchanged build is
reused, so the kernel's verdicts here cost one ``coqc`` per theorem."""

from __future__ import annotations

import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perceptron_ref import bounds
from perceptron_ref.cli import main
from perceptron_ref_proofs import THEOREMS as SPEC_THEOREMS
from perceptron_ref_proofs._coq_defs import (
    SOURCES,
    SPEC,
    STDLIB_AXIOMS,
    THEOREMS,
    Verdict,
    admits,
    build,
    check,
    source_statement,
    spec_statements,
)

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "out" / "coq" / "definitions"  # where `make extract` builds


@pytest.fixture(scope="module")
def verdicts() -> dict[str, Verdict]:
    assert shutil.which("coqc"), "coqc is missing: sudo apt-get install coq (make setup does)"
    return {v.name: v for v in check(BUILD)}


def test_every_theorem_is_stated_in_the_spec_as_in_the_source() -> None:
    stated = spec_statements()
    assert set(stated) == {t.name for t in THEOREMS}
    for t in THEOREMS:
        assert source_statement(t.name) == stated[t.name], t.name
        assert set(t.instances) <= set(SPEC_THEOREMS), t.name


def test_every_theorem_is_accepted_with_no_axiom(verdicts: dict[str, Verdict]) -> None:
    assert set(verdicts) == {t.name for t in THEOREMS}
    for name, v in verdicts.items():
        assert v.accepted, (name, v.detail)
        assert set(v.axioms) <= STDLIB_AXIOMS
        assert v.axioms == (), name  # over Q, not even the reals' axioms
        assert v.kernel == "accepted; axioms: none"


def test_the_sources_admit_and_posit_nothing() -> None:
    assert admits() == []
    assert (SOURCES / "_CoqProject").read_text(encoding="utf-8").startswith("-R . PerceptronRef")


def copy_sources(tmp_path: Path) -> tuple[Path, Path]:
    sources, spec = tmp_path / "coq", tmp_path / "definitions.md"
    shutil.copytree(SOURCES, sources)
    shutil.copyfile(SPEC, spec)
    return sources, spec


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


MISTAKE_BOUND = next(t for t in THEOREMS if t.name == "Novikoff.mistake_bound")
CONCLUSION = "<= R2 * dot wstar wstar"


def test_a_statement_changed_in_the_spec_alone_is_rejected(tmp_path: Path) -> None:
    sources, spec = copy_sources(tmp_path)
    edit(spec, CONCLUSION, "<= R2 * dot wstar wstar / 2")
    (v,) = check(tmp_path / "build", [MISTAKE_BOUND], sources=sources, spec=spec)
    assert not v.accepted
    assert v.detail == (
        "rejected: Novikoff.mistake_bound in proofs/coq/ is not the statement of definitions.md"
    )


def test_a_statement_changed_in_the_source_alone_is_rejected(tmp_path: Path) -> None:
    sources, spec = copy_sources(tmp_path)
    edit(sources / "Novikoff.v", "0 < eta -> 0 < gamma ->", "0 < eta -> 1 < gamma ->")
    (v,) = check(tmp_path / "build", [MISTAKE_BOUND], sources=sources, spec=spec)
    assert not v.accepted and "is not the statement of" in v.detail


def test_a_stronger_statement_in_both_is_rejected_by_the_kernel(tmp_path: Path) -> None:
    """Spec and source agree, but claim more than is true: coqc refuses the proof."""
    sources, spec = copy_sources(tmp_path)
    edit(spec, CONCLUSION, "<= R2 * dot wstar wstar / 2")
    edit(sources / "Novikoff.v", CONCLUSION + ".\nProof.", CONCLUSION + " / 2.\nProof.")
    (v,) = check(tmp_path / "build", [MISTAKE_BOUND], sources=sources, spec=spec)
    assert not v.accepted
    assert v.detail.startswith('rejected: File "./Novikoff.v", line ')


def test_an_admitted_proof_is_rejected(tmp_path: Path) -> None:
    sources, _ = copy_sources(tmp_path)
    path = sources / "Convergence.v"
    text = path.read_text(encoding="utf-8")
    head, tail = text.rsplit("Qed.", 1)
    path.write_text(head + "Admitted." + tail, encoding="utf-8")
    assert admits(sources) == ["Convergence.v"]
    edit(path, "Admitted.", "(* Admitted. *) Qed.")
    assert admits(sources) == []  # a comment is not a cheat


def test_the_kernel_refuses_a_spec_statement_the_theorem_does_not_prove(
    verdicts: dict[str, Verdict], tmp_path: Path
) -> None:
    """The Goal-check itself: the spec's statement, made stronger, is not proved."""
    from perceptron_ref_proofs._coq_defs import _check_one, project_files

    stated = spec_statements()[MISTAKE_BOUND.name]
    modules = " ".join(Path(f).stem for f in project_files())
    scratch = tmp_path / "check"
    shutil.copytree(BUILD, scratch)
    ok = _check_one(MISTAKE_BOUND, stated, scratch, modules)
    assert ok.accepted
    stronger = stated.replace("0 < eta -> 0 < gamma ->", "0 < eta ->")
    assert stronger != stated
    bad = _check_one(MISTAKE_BOUND, stronger, scratch, modules)
    assert not bad.accepted and bad.detail.startswith("rejected: ")


# ---------------------------------------------------------------------------------------------
# The bounds: the extracted Coq functions are perceptron_ref.bounds' formulas.


def coq_bounds(lines: list[str]) -> list[Fraction]:
    program = build(BUILD)
    done = subprocess.run(
        [str(program)], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True
    )
    return [Fraction(v) for v in done.stdout.split()]


positive = st.fractions(min_value=Fraction(1, 10**6), max_value=10**6).filter(lambda v: v > 0)


@given(st.lists(st.tuples(positive, positive), min_size=1, max_size=20))
def test_the_mistake_bound_is_the_packages(values: list[tuple[Fraction, Fraction]]) -> None:
    got = coq_bounds([f"bound perceptron {r2} {gamma}" for r2, gamma in values])
    assert got == [bounds.perceptron_mistake_bound(r2, gamma) for r2, gamma in values]


@given(st.lists(st.tuples(positive, positive, positive), min_size=1, max_size=20))
def test_the_freund_schapire_bound_is_the_packages(
    values: list[tuple[Fraction, Fraction, Fraction]],
) -> None:
    got = coq_bounds([f"bound freund-schapire {r} {d} {gamma}" for r, d, gamma in values])
    assert got == [bounds.freund_schapire_bound(r, d, gamma) for r, d, gamma in values]


@given(st.lists(positive, min_size=1, max_size=20))
def test_the_blum_unit_bound_is_the_packages(values: list[Fraction]) -> None:
    got = coq_bounds([f"bound blum-unit {gamma}" for gamma in values])
    assert got == [bounds.blum_unit_bound(gamma) for gamma in values]


@given(st.lists(st.tuples(positive, positive), min_size=1, max_size=20))
def test_the_blum_hinge_bound_is_the_packages(values: list[tuple[Fraction, Fraction]]) -> None:
    got = coq_bounds([f"bound blum-hinge {gamma} {loss}" for gamma, loss in values])
    assert got == [bounds.blum_hinge_bound(gamma, loss) for gamma, loss in values]


def test_the_winnow_disjunction_bound_is_the_packages() -> None:
    grid = [(r, n) for r in range(0, 7) for n in range(1, 70)]
    got = coq_bounds([f"bound winnow-disjunction {r} {n}" for r, n in grid])
    assert got == [bounds.winnow_disjunction_bound(r, n) for r, n in grid]


def test_the_winnow_k_of_r_bound_is_the_packages() -> None:
    """At L = ⌈log_{1+ε} n⌉, the least L the Coq theorem allows ((1 + ε)ᴸ ≥ n)."""
    grid = [(r, k, n) for r in range(0, 5) for k in range(1, 5) for n in (1, 2, 3, 7, 16, 100)]
    ells = [bounds._ceil_log(1 + Fraction(1, 2 * k), n) for _, k, n in grid]
    for (_, k, n), ell in zip(grid, ells, strict=True):
        assert (1 + Fraction(1, 2 * k)) ** ell >= n  # the theorem's premise holds at L
        assert ell == 0 or (1 + Fraction(1, 2 * k)) ** (ell - 1) < n  # and L is the least
    got = coq_bounds(
        [f"bound winnow-k-of-r {r} {k} {ell}" for (r, k, _), ell in zip(grid, ells, strict=True)]
    )
    assert got == [bounds.winnow_k_of_r_bound(r, k, n) for r, k, n in grid]


# ---------------------------------------------------------------------------------------------
# `prove` reports the second layer.


def test_prove_reports_the_theorems_about_the_definitions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    outdir = ROOT / "out" / "coq"  # `make prove`'s folder: the build in definitions/ is reused
    assert main(["prove", "perceptron/step-invariance", "--coq", str(outdir)]) == 0
    lines = capsys.readouterr().out.splitlines()
    start = lines.index(
        "theorems about the definitions (proofs/coq/, spec/theorems/definitions.md):"
    )
    assert lines[start + 1] == (
        "  StepInvariance.step_invariance: of perceptron/step-invariance; "
        "about run_perceptron: the six perceptrons, every option"
    )
    assert lines[start + 2] == "    Coq kernel: accepted; axioms: none"
    assert lines[-2] == "2/2 theorems about the definitions accepted by the Coq kernel"
    assert lines[-1].endswith("1/1 accepted by the Coq kernel")
