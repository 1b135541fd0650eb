"""One theorem, every check: each step and its twin, the chain, the spec, the witness; the
Coq kernel separately (``kernel``), since it compiles files."""

from __future__ import annotations

import dataclasses
import tempfile
from collections.abc import Sequence
from pathlib import Path

from ._chain import chain_problems
from ._check import Theorem, TheoremResult, check_step
from ._coq_kernel import KernelResult, check_files, coqc
from ._forms import Inner
from ._spec import KIND, rule_formula, spec_problems
from ._witness import witness_problems

SPACE = (
    "inner-product space: ⟨·,·⟩ is symmetric and bilinear (inner products are expanded "
    "by the checker; Coq: section hypotheses inner_sym, inner_add_l, inner_scal_l)"
)


def assumptions(theorem: Theorem) -> list[str]:
    """What the theorem rests on beyond its hypotheses, as Coq's Print Assumptions lists it:
    the space, and every rule its proof instantiates, a cited theorem's own included."""
    from . import theorem as by_id

    formulas = [h.formula for h in theorem.hypotheses] + [s.conclusion for s in theorem.steps]
    out = [SPACE] if any(f.has(Inner) for f in formulas) else []
    for rule in theorem.rules():
        line = f"{rule.id} ({KIND[rule.kind]}): {rule_formula(rule)}"
        if line not in out:
            out.append(line)
        if rule.kind == "theorem":
            out += [a for a in assumptions(by_id(rule.id)) if a not in out]
    return out


def verify(theorem: Theorem) -> TheoremResult:
    """Every check but the kernel's."""
    steps = tuple(check_step(s, theorem.indices) for s in theorem.steps)
    chain = chain_problems(theorem)
    spec = spec_problems(theorem)
    witness, unmet = witness_problems(theorem)
    proved = sum(s.verdict == "proved" and s.satisfiable for s in steps)
    refuted = sum(s.twin == "refuted" for s in steps)
    checks = {
        "steps": f"{proved}/{len(steps)} proved",
        "twins": f"{refuted}/{len(steps)} refuted",
        "chain": chain[0] if chain else "complete: every premise given, nothing dangles",
        "statement": spec[0] if spec else "the last conclusion is the spec's statement",
        "witness": unmet[0] if unmet else f"every hypothesis holds at every index: {witness}",
    }
    return TheoremResult(
        theorem.id,
        theorem.source,
        steps,
        tuple(chain + spec + unmet),
        checks,
        tuple(assumptions(theorem)),
    )


def kernel(
    theorems: Sequence[Theorem], results: Sequence[TheoremResult], outdir: Path | None
) -> list[TheoremResult]:
    """The Coq kernel's verdict on each theorem's file (written to ``outdir``, or to a
    temporary folder)."""
    if coqc() is None:
        why = "not run: coqc is not installed (sudo apt-get install coq)"
        return [dataclasses.replace(r, kernel=why) for r in results]
    with tempfile.TemporaryDirectory(prefix="perceptron-coq-") as scratch:
        target = outdir if outdir is not None else Path(scratch)
        verdicts: dict[str, KernelResult] = check_files(theorems, target)
    out = []
    for r in results:
        v = verdicts[r.id]
        axioms = ", ".join(a.rsplit(".", 1)[-1] for a in v.axioms) or "none"
        text = f"accepted; its axioms, all the standard library's: {axioms}"
        out.append(dataclasses.replace(r, kernel=text if v.accepted else v.detail))
    return out
