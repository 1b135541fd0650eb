"""``perceptron-ref prove`` itself rejects a broken proof (issue 14): each kind of mutant of
proofs/ that issue 14 lists is made in a copy of proofs/ (with the spec unchanged), and prove,
run on that copy, exits 1 and names the problem.  The unmutated copy passes (the control)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent

PROVE = (
    "import sys; sys.path.insert(0, sys.argv[1]); "
    "from perceptron_ref.cli import main; "
    "sys.exit(main(['prove', sys.argv[2], '--no-kernel', '--format', 'json']))"
)


def prove_copy(tmp_path: Path, theorem: str, path: str = "", old: str = "", new: str = "") -> Any:
    """prove on a copy of proofs/ (as perceptron_ref_proofs) and spec/, one text replaced."""
    package = tmp_path / "perceptron_ref_proofs"
    shutil.copytree(ROOT / "proofs", package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "spec", tmp_path / "spec")
    if path:
        source = package / path
        text = source.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"the mutation's anchor is not unique in {path}"
        source.write_text(text.replace(old, new), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", PROVE, str(tmp_path), theorem],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.stderr == "" or "Traceback" not in done.stderr, done.stderr
    (result,) = json.loads(done.stdout)["theorems"]
    return done.returncode, result


def test_the_unmutated_copy_is_proved(tmp_path: Path) -> None:
    code, result = prove_copy(tmp_path, "novikoff/mehta")
    assert (code, result["status"], result["problems"]) == (0, "proved", [])


MUTANTS = {
    "an imported theorem strengthened": (
        "perceptron/freund-schapire",
        "perceptron/freund_schapire.py",
        "NOVIKOFF = cite(gormley.THEOREM)",
        # one hypothesis fewer (‖u'‖ = 1 no longer needed): a stronger theorem than gormley's
        "NOVIKOFF = __import__('dataclasses').replace(cite(gormley.THEOREM), "
        "premises=tuple(p for n, p in enumerate(cite(gormley.THEOREM).premises) if n != 6))",
        "cites novikoff/gormley with other hypotheses or another conclusion",
    ),
    "an imported fact strengthened": (
        "halving/mehta-cover",
        "_rules.py",
        '    sympy.Le(sympy.log(_a), sympy.log(_b)),\n    "log_increasing",',
        '    sympy.Lt(sympy.log(_a), sympy.log(_b)),\n    "log_increasing",',
        "halving/mehta-cover.16 fails",  # false at the witness, where 8R/γ is an integer
    ),
    "the theorem's conclusion slipped into a hypothesis": (
        "novikoff/mehta",
        "novikoff/mehta.py",
        "s11 = step(\n",
        "H = (*H, Hypothesis('H11', 'the bound', sympy.Le(m, R**2 / gamma**2)))\n"
        "s10 = step(s10.id, s10.claim, 'z3', [], sympy.true, '', broken='x')\n"
        "s11 = step(\n",
        "H11 is the statement itself",
    ),
    "a conditional axiom made unconditional": (
        "halving/mehta-cover",
        "halving/mehta_cover.py",
        "    (sympy.Eq(member(_w), 1), sympy.Gt(y(t) * Inner(_w, x(t)), 0)),",
        "    (),",
        "the assumptions differ from the proof's",
    ),
    "a hypothesis that, read for every j, contradicts w0 = 0": (
        "novikoff/mehta",
        "novikoff/mehta.py",
        "sympy.Le(y(j) * Inner(w(j), x(j)), 0),",
        "sympy.Lt(y(j) * Inner(w(j), x(j)), 0),",
        "H4 fails at j = 0",
    ),
    "a twin replaced by a true claim": (
        "novikoff/mehta",
        "novikoff/mehta.py",
        "broken_conclusion=sympy.Le(m, perceptron_mistake_bound(R**2, gamma) / 2),",
        "broken_conclusion=sympy.Le(m, perceptron_mistake_bound(R**2, gamma) * 2),",
        "twin of novikoff/mehta.11",
    ),
    "a step fed a stronger fact that no step derives": (
        "novikoff/mehta",
        "novikoff/mehta.py",
        "    [s7.conclusion, s9.conclusion, s4.conclusion],",
        "    [s7.conclusion, s9.conclusion, sympy.Le(Norm(w(m)), R * sympy.sqrt(m) / 2)],",
        "which is neither a hypothesis nor an earlier step",
    ),
    "a fact for every j used at one j": (
        "novikoff/mehta",
        "novikoff/mehta.py",
        "    [s10.conclusion, gamma_pos, R_pos, m_nonneg],",
        "    [s10.conclusion, gamma_pos, R_pos, m_nonneg, mistake],",
        "at a single j",
    ),
}


@pytest.mark.parametrize("kind", MUTANTS)
def test_prove_rejects_the_mutant(tmp_path: Path, kind: str) -> None:
    theorem, path, old, new, expected = MUTANTS[kind]
    code, result = prove_copy(tmp_path, theorem, path, old, new)
    assert code == 1
    assert result["status"] == "failed"
    failed_twins = [f"twin of {s['id']}" for s in result["steps"] if s["twin"] != "refuted"]
    failed_steps = [f"{s['id']} fails" for s in result["steps"] if s["status"] != "proved"]
    said = " | ".join(result["problems"] + failed_twins + failed_steps)
    assert expected in said, said
