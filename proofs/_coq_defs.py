"""The second layer of proofs: the algorithms as Coq definitions (``proofs/coq/``, written by
hand), the theorems about those definitions, and the OCaml program extracted from them.

``build(outdir)`` copies the Coq sources into ``outdir``, has ``coqc`` check each file in the
order of ``_CoqProject`` (the definitions, their extraction, then the theorems) and links the
extracted OCaml with ``main.ml`` into the program ``perceptron-ref-coq``
(``tests/test_coq_extraction.py`` runs it against the Python reference).  A build whose
sources are byte for byte those of the last build in ``outdir`` is not redone.

``check(outdir)`` builds, then has the kernel check every theorem of :data:`THEOREMS`: a
theorem is accepted when every file compiles, no source admits or posits anything, its
statement in the source is, word for word, the one ``spec/theorems/definitions.md`` gives,
the kernel accepts that spec statement as proved by the theorem (``Goal … exact …``), and
``Print Assumptions`` names no axiom beyond the standard library's.
"""

from __future__ import annotations

import fcntl
import hashlib
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

SOURCES = Path(__file__).resolve().parent / "coq"
SPEC = Path(__file__).resolve().parent.parent / "spec" / "theorems" / "definitions.md"
LIBRARY = "PerceptronRef"
PROGRAM = "perceptron-ref-coq"
EXTRACTED = "perceptron_ref_coq"
"""The module Extract.v writes (``perceptron_ref_coq.ml`` and its ``.mli``)."""

EXTRACTION = ("Vectors.v", "Perceptron.v", "Winnow.v", "Bounds.v", "Extract.v")
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
    with (outdir.parent / f".{outdir.name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two test workers may build the same folder
        return _build(outdir, files, sources)


def _build(outdir: Path, files: list[str], sources: Path) -> Path:
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
class DefinitionTheorem:
    """A theorem of ``proofs/coq/`` about the algorithms' definitions."""

    name: str
    """Its Coq name, qualified by its file: ``Novikoff.mistake_bound``."""
    instances: tuple[str, ...]
    """The theorems of ``spec/theorems/`` it proves about the definitions (none for a fact of
    the runner itself, such as the cycle verdict)."""
    about: str
    """The definitions it is about."""


THEOREMS: tuple[DefinitionTheorem, ...] = (
    DefinitionTheorem(
        "Novikoff.mistake_bound",
        ("novikoff/mehta", "novikoff/gormley", "novikoff/press"),
        "run_perceptron: the six perceptrons, every option",
    ),
    DefinitionTheorem(
        "Novikoff.mistake_bound_div",
        ("novikoff/mehta", "novikoff/gormley", "novikoff/press"),
        "run_perceptron: the six perceptrons, every option",
    ),
    DefinitionTheorem(
        "Novikoff.blum_unit_mistake_bound",
        ("perceptron/blum-unit",),
        "run_perceptron: the six perceptrons, every option",
    ),
    DefinitionTheorem(
        "Convergence.converges",
        ("novikoff/gormley", "novikoff/press"),
        "run_perceptron: the batch perceptrons and epochs = converge",
    ),
    DefinitionTheorem(
        "Convergence.press_loop_ends",
        ("novikoff/press",),
        "run_perceptron press: Press's PLA",
    ),
    DefinitionTheorem(
        "StepInvariance.step_invariance",
        ("perceptron/step-invariance",),
        "run_perceptron: the six perceptrons, every option",
    ),
    DefinitionTheorem(
        "StepInvariance.step_invariance_mistakes",
        ("perceptron/step-invariance",),
        "run_perceptron: the six perceptrons, every option",
    ),
    DefinitionTheorem(
        "FreundSchapire.freund_schapire",
        ("perceptron/freund-schapire",),
        "run_perceptron: one pass of the online perceptrons, data in a fixed dimension",
    ),
    DefinitionTheorem(
        "FreundSchapire.freund_schapire_div",
        ("perceptron/freund-schapire",),
        "run_perceptron: one pass of the online perceptrons, data in a fixed dimension",
    ),
    DefinitionTheorem(
        "LowerBound.lower_bound",
        ("perceptron/blum-lower-bound",),
        "every deterministic learner (a Coq function) against the adversary (a Coq function)",
    ),
    DefinitionTheorem(
        "LowerBound.blum_lower_bound",
        ("perceptron/blum-lower-bound",),
        "every deterministic learner (a Coq function) against the adversary (a Coq function)",
    ),
    DefinitionTheorem(
        "Hinge.blum_hinge_mistake_bound",
        ("perceptron/blum-hinge",),
        "run_perceptron: one pass of the online perceptrons",
    ),
    DefinitionTheorem(
        "Cycles.cycle_verdict",
        (),
        "run_perceptron's cycled status, and the notes' loop without a cycle test (do_while)",
    ),
    DefinitionTheorem(
        "Cycles.checked_run_agrees",
        (),
        "run_perceptron's converged status, and the notes' loop without a cycle test (do_while)",
    ),
    DefinitionTheorem(
        "WinnowBounds.winnow_disjunction_mistake_bound",
        ("winnow/disjunction",),
        "run_winnow disjunction: every option",
    ),
    DefinitionTheorem(
        "WinnowBounds.winnow_k_of_r_mistake_bound",
        ("winnow/k-of-r",),
        "run_winnow (k_of_r k): every option",
    ),
    DefinitionTheorem(
        "LowerBound.lower_bound_run",
        ("perceptron/blum-lower-bound",),
        "run_perceptron: one pass of each online perceptron on its adversary's sequence",
    ),
)
"""The theorems about the definitions (a contract: ``prove`` reports them, the spec states
them, the README's table lists them)."""


def _normal(text: str) -> str:
    return " ".join(text.split())


def spec_statements(spec: Path = SPEC) -> dict[str, str]:
    """Each theorem's statement as the spec gives it: the ```coq block under ``## `Name` ``."""
    text = spec.read_text(encoding="utf-8")
    found = re.findall(r"^## `([A-Za-z_.]+)`\n.*?```coq\n(.*?)```", text, re.MULTILINE | re.DOTALL)
    return {name: _normal(block) for name, block in found}


def source_statement(name: str, sources: Path = SOURCES) -> str | None:
    """The theorem's statement in its source file (what follows ``Theorem name :``)."""
    module, short = name.split(".")
    path = sources / f"{module}.v"
    if not path.is_file():
        return None
    text = re.sub(r"\(\*.*?\*\)", " ", path.read_text(encoding="utf-8"), flags=re.DOTALL)
    match = re.search(
        rf"^(?:Theorem|Lemma|Corollary)\s+{re.escape(short)}\s*:(.*?)\.\s*\n\s*Proof\.",
        text,
        re.MULTILINE | re.DOTALL,
    )
    return _normal(match.group(1)) if match else None


@dataclass(frozen=True)
class Verdict:
    name: str
    accepted: bool
    detail: str
    axioms: tuple[str, ...]

    @property
    def kernel(self) -> str:
        """The verdict as ``prove`` prints it."""
        if not self.accepted:
            return self.detail
        axioms = ", ".join(a.rsplit(".", 1)[-1] for a in self.axioms) or "none"
        return f"accepted; axioms: {axioms}"


PREAMBLE = """From Coq Require Import QArith Qminmax List.
From PerceptronRef Require Import {modules}.
Import ListNotations.
Open Scope Q_scope.
"""


def _check_one(theorem: DefinitionTheorem, statement: str, outdir: Path, modules: str) -> Verdict:
    """The kernel on the spec's statement, proved by the theorem, then its assumptions.  The
    file goes to a folder of its own inside ``outdir`` (two test workers may check at once)."""
    with tempfile.TemporaryDirectory(dir=outdir, prefix="checks_") as scratch:
        path = Path(scratch) / f"Check_{theorem.name.replace('.', '_')}.v"
        path.write_text(
            PREAMBLE.format(modules=modules)
            + f"Goal {statement}.\nProof. exact {theorem.name}. Qed.\n"
            + f"Print Assumptions {theorem.name}.\n",
            encoding="utf-8",
        )
        try:
            output = _run(["coqc", "-q", "-R", ".", LIBRARY, str(path)], outdir, path.name)
        except BuildError as error:
            return Verdict(theorem.name, False, f"rejected: {error}", ())
    axioms = axioms_printed(output)
    if axioms is None:
        return Verdict(theorem.name, False, "rejected: no Print Assumptions output", ())
    foreign = [a for a in axioms if a not in STDLIB_AXIOMS]
    if foreign:
        return Verdict(theorem.name, False, f"rejected: axiom {foreign[0]}", axioms)
    return Verdict(theorem.name, True, "accepted", axioms)


def check(
    outdir: Path,
    theorems: Iterable[DefinitionTheorem] = THEOREMS,
    sources: Path = SOURCES,
    spec: Path = SPEC,
    workers: int = 2,
) -> list[Verdict]:
    """Build everything in ``outdir``, then the kernel's verdict on each theorem."""
    theorems = list(theorems)
    stated = spec_statements(spec)
    out: list[Verdict | None] = []
    jobs = []
    for t in theorems:
        statement = stated.get(t.name)
        if statement is None:
            out.append(Verdict(t.name, False, f"rejected: {spec.name} states no {t.name}", ()))
        elif source_statement(t.name, sources) != statement:
            why = f"rejected: {t.name} in proofs/coq/ is not the statement of {spec.name}"
            out.append(Verdict(t.name, False, why, ()))
        else:
            out.append(None)
            jobs.append((len(out) - 1, t, statement))
    if jobs:
        try:
            build(outdir, sources=sources)
        except BuildError as error:
            return [Verdict(t.name, False, f"rejected: {error}", ()) for t in theorems]
        cheats = admits(sources)
        if cheats:
            why = f"rejected: {cheats[0]} admits or posits something"
            return [Verdict(t.name, False, why, ()) for t in theorems]
    modules = " ".join(Path(f).stem for f in project_files(sources))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        done = pool.map(lambda job: _check_one(job[1], job[2], outdir.resolve(), modules), jobs)
        for (index, _, _), verdict in zip(jobs, done, strict=True):
            out[index] = verdict
    return [v for v in out if v is not None]


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
