"""Coq's kernel on the generated files: ``check_files`` writes each theorem's file (a cited
theorem's first), runs ``coqc`` on it and accepts it only if the kernel does and
``Print Assumptions`` shows no axiom beyond the standard library's."""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ._coq import LIBRARY, coq_file, file_of

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ._check import Theorem

COQ_TIMEOUT = 300
"""Seconds for one file: a guard against a runaway tactic, far above what any takes."""

STDLIB_AXIOMS = frozenset(
    {
        "ClassicalDedekindReals.sig_not_dec",
        "ClassicalDedekindReals.sig_forall_dec",
        "FunctionalExtensionality.functional_extensionality_dep",
        "Classical_Prop.classic",
    }
)
"""The standard library's axioms a proof about the reals may rest on (Coq 8.16): R is built
from Dedekind cuts with the first three, and the standard library's ln and exp use excluded
middle (Classical_Prop.classic).  A theorem whose Print Assumptions shows any other axiom, or
anything of this project, is rejected."""


@dataclass(frozen=True)
class KernelResult:
    id: str
    accepted: bool
    detail: str
    axioms: tuple[str, ...]
    seconds: float


def coqc() -> str | None:
    return shutil.which("coqc")


def write(theorems: Sequence[Theorem], outdir: Path) -> dict[str, Path]:
    written = {}
    for t in theorems:
        path = outdir / file_of(t.id)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(coq_file(t), encoding="utf-8")
        written[t.id] = path
    return written


def axioms_printed(output: str) -> tuple[str, ...] | None:
    """The axioms of Print Assumptions' output; None if it printed none of its forms."""
    if "Closed under the global context" in output:
        return ()
    if "Axioms:" not in output:
        return None
    tail = output.split("Axioms:", 1)[1]
    return tuple(
        line.split(" :")[0].strip()
        for line in tail.splitlines()
        if line and not line[0].isspace() and not line.startswith("File ")
    )


def check_file(theorem_id: str, outdir: Path) -> KernelResult:
    outdir = outdir.resolve()  # coqc runs in outdir: a relative path would not be found
    start = time.perf_counter()
    path = outdir / file_of(theorem_id)
    command = ["coqc", "-q", "-R", str(outdir), LIBRARY, str(path)]
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=COQ_TIMEOUT, cwd=outdir
        )
    except subprocess.TimeoutExpired:
        return KernelResult(
            theorem_id, False, f"coqc ran over {COQ_TIMEOUT} s", (), time.perf_counter() - start
        )
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        error = (done.stderr or done.stdout).strip().splitlines()
        where = next((line for line in error if line.startswith("File ")), "")
        what = next(
            (line for line in error if line.startswith("Error")), error[-1] if error else ""
        )
        return KernelResult(theorem_id, False, f"rejected: {where} {what}".strip(), (), seconds)
    text = path.read_text(encoding="utf-8")
    if re.search(r"\b(Admitted|admit|Axiom|Parameter|Conjecture)\b", text):
        return KernelResult(
            theorem_id, False, "rejected: the file admits or posits something", (), seconds
        )
    axioms = axioms_printed(done.stdout)
    if axioms is None:
        return KernelResult(theorem_id, False, "rejected: no Print Assumptions output", (), seconds)
    foreign = [a for a in axioms if a not in STDLIB_AXIOMS]
    if foreign:
        return KernelResult(theorem_id, False, f"rejected: axiom {foreign[0]}", axioms, seconds)
    return KernelResult(theorem_id, True, "accepted", axioms, seconds)


def check_files(
    theorems: Sequence[Theorem], outdir: Path, workers: int = 2
) -> dict[str, KernelResult]:
    """Write and compile every theorem's file, a cited theorem before its citers, the others
    side by side on ``workers`` processes (the results do not depend on the order)."""
    from . import theorem as by_id

    needs: dict[str, set[str]] = {}

    def visit(t: Theorem) -> None:
        if t.id in needs:
            return
        needs[t.id] = {r.id for r in t.rules() if r.kind == "theorem"}
        for cited in needs[t.id]:
            visit(by_id(cited))

    for t in theorems:
        visit(t)
    write([by_id(i) for i in needs], outdir)
    results: dict[str, KernelResult] = {}
    with ThreadPoolExecutor(max_workers=workers) as pool:
        while len(results) < len(needs):
            ready = [i for i in needs if i not in results and needs[i] <= set(results)]
            for i, r in zip(ready, pool.map(lambda i: check_file(i, outdir), ready), strict=True):
                results[i] = r
    return {t.id: results[t.id] for t in theorems}
