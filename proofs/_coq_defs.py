"""The second layer of proofs: the algorithms as Coq definitions (``proofs/coq/``, written by
hand), the theorems about those definitions, and the OCaml program extracted from them.

``build(outdir)`` copies the Coq sources into ``outdir``, has ``coqc`` check each file in the
order of ``_CoqProject`` (the definitions, their extraction, then the theorems) and links the
extracted OCaml with ``main.ml`` into the program ``perceptron-ref-coq``
(``tests/test_coq_extraction.py`` runs it against the Python reference).  A build whose
sources are byte for byte those of the last build in ``outdir`` is not redone.

``kernel_verdicts(outdir)`` builds, then has the kernel print the assumptions of every
theorem of :data:`THEOREMS`: a theorem is accepted when its file compiles, the sources admit
and posit nothing, and ``Print Assumptions`` names no axiom beyond the standard library's.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

SOURCES = Path(__file__).resolve().parent / "coq"
LIBRARY = "PerceptronRef"
PROGRAM = "perceptron-ref-coq"
EXTRACTED = "perceptron_ref_coq"
"""The module Extract.v writes (``perceptron_ref_coq.ml`` and its ``.mli``)."""

EXTRACTION = ("Vectors.v", "Perceptron.v", "Winnow.v", "Extract.v")
"""The files the program needs: the definitions and their extraction (no theorem)."""

COQ_TIMEOUT = 600
"""Seconds for one file: a guard against a runaway tactic, far above what any takes."""

STDLIB_AXIOMS = frozenset(
    {
        "ClassicalDedekindReals.sig_not_dec",
        "ClassicalDedekindReals.sig_forall_dec",
        "FunctionalExtensionality.functional_extensionality_dep",
        "Classical_Prop.classic",
    }
)
"""The standard library's axioms a theorem may rest on (those of Coq's real numbers and the
excluded middle); the theorems about the definitions are over ℚ and need none of them."""


class BuildError(Exception):
    """coqc or ocamlopt refused a file: the message names the file, line and error."""


def project_files(sources: Path = SOURCES) -> list[str]:
    """The Coq files in dependency order, as ``_CoqProject`` lists them."""
    lines = (sources / "_CoqProject").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip().endswith(".v")]


def _fingerprint(sources: Path, files: list[str]) -> str:
    digest = hashlib.sha256()
    for name in [*files, "main.ml"]:
        digest.update(name.encode() + b"\0" + (sources / name).read_bytes() + b"\0")
    return digest.hexdigest()


def _run(command: list[str], cwd: Path, what: str) -> str:
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=COQ_TIMEOUT, cwd=cwd, check=False
        )
    except subprocess.TimeoutExpired:
        raise BuildError(f"{what}: over {COQ_TIMEOUT} s") from None
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        where = next((line for line in lines if line.startswith("File ")), what)
        error = next(
            (line for line in lines if line.startswith("Error")), lines[-1] if lines else ""
        )
        raise BuildError(f"{where} {error}".strip())
    return done.stdout


def build(outdir: Path, files: list[str] | None = None, sources: Path = SOURCES) -> Path:
    """Check the Coq files (all of ``_CoqProject`` by default) in ``outdir`` and link the
    extracted program; return its path.  ``BuildError`` if coqc or ocamlopt refuses."""
    files = project_files(sources) if files is None else files
    outdir.mkdir(parents=True, exist_ok=True)
    outdir = outdir.resolve()
    program = outdir / PROGRAM
    stamp = outdir / "sources.sha256"
    fingerprint = _fingerprint(sources, files)
    if program.is_file() and stamp.is_file() and stamp.read_text() == fingerprint:
        return program
    for old in outdir.iterdir():
        if old.is_file():
            old.unlink()
    for name in [*files, "main.ml", "_CoqProject"]:
        shutil.copyfile(sources / name, outdir / name)
    for name in files:
        _run(["coqc", "-q", "-R", ".", LIBRARY, name], outdir, name)
    _run(
        ["ocamlopt", "-o", PROGRAM, f"{EXTRACTED}.mli", f"{EXTRACTED}.ml", "main.ml"],
        outdir,
        "ocamlopt",
    )
    stamp.write_text(fingerprint)
    return program


def admits(sources: Path = SOURCES) -> list[str]:
    """The files whose text admits or posits something (none may)."""
    cheat = re.compile(r"\b(Admitted|admit|Axiom|Parameter|Conjecture)\b")
    return [
        name
        for name in project_files(sources)
        if cheat.search(re.sub(r"\(\*.*?\*\)", "", (sources / name).read_text("utf-8"), flags=re.S))
    ]


@dataclass(frozen=True)
class Verdict:
    name: str
    accepted: bool
    detail: str
    axioms: tuple[str, ...]


def axioms_printed(output: str) -> tuple[str, ...] | None:
    """The axioms of one Print Assumptions output; None if it printed none of its forms."""
    if "Closed under the global context" in output:
        return ()
    if "Axioms:" not in output:
        return None
    tail = output.split("Axioms:", 1)[1]
    return tuple(
        line.split(" :")[0].strip() for line in tail.splitlines() if line and not line[0].isspace()
    )


if __name__ == "__main__":  # `make extract`: python -m perceptron_ref_proofs._coq_defs OUTDIR
    import sys

    try:
        print(build(Path(sys.argv[1])))
    except BuildError as error:
        sys.exit(f"perceptron-ref: {error}")
