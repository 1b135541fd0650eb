"""Machine-checked proofs of the notes' theorems (installed as ``perceptron_ref_proofs``).

One module per theorem (``novikoff/mehta`` → ``novikoff/mehta.py``), each defining ``THEOREM``:
its indices, hypotheses, statement, steps and witness.  A theorem is proved when every step
is (sympy identities, z3 implications and inductions, rule instances; ``_check``), every
step's broken twin is refuted, the steps compose from the hypotheses to the statement
(``_chain``), the statement and hypotheses are those of ``spec/theorems/<ID>.md``
(``_spec``), and an actual run of the reference satisfies every hypothesis at every index
(``_witness``).  Separately, ``kernel_check`` has Coq's kernel check each theorem's proof,
written as a Coq file (``_coq``).

A second layer (issue 29): ``proofs/coq/`` defines the algorithms themselves in Coq, proves
theorems about those definitions, and extracts them to the program the tests run against the
Python reference (``_coq_defs``); ``definitions_check`` has the kernel check those theorems.

Usage: ``all(r.proved for r in check_all())``; ``check_all(["novikoff/mehta"])`` checks one.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # sympy and z3 load only when a proof is checked (the CLI stays quick)
    from ._check import StepResult, Theorem, TheoremResult

__all__ = [
    "THEOREMS",
    "StepResult",
    "Theorem",
    "TheoremResult",
    "check_all",
    "definitions_check",
    "kernel_check",
    "theorem",
]


def __getattr__(name: str) -> object:
    """The result types, from ``_check`` on first use (it loads sympy and z3)."""
    if name in ("StepResult", "Theorem", "TheoremResult"):
        from . import _check

        return getattr(_check, name)
    raise AttributeError(name)


THEOREMS: tuple[str, ...] = (
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
"""The theorem IDs (a contract): the eleven of issue 3, then step-invariance (issue 14) and
its extension to the averaged, voted and kernel perceptrons (issue 26)."""


def theorem(id: str) -> Theorem:
    """The theorem with this ID; KeyError for an unknown ID."""
    if id not in THEOREMS:
        raise KeyError(id)
    module = importlib.import_module("." + id.replace("/", ".").replace("-", "_"), __name__)
    found: Theorem = module.THEOREM
    assert found.id == id, f"{module.__name__} proves {found.id}, not {id}"
    return found


def check_all(ids: Iterable[str] | None = None) -> list[TheoremResult]:
    """Every check but the kernel's, on the theorems named (all by default), in that order."""
    from ._verify import verify

    return [verify(theorem(id)) for id in (THEOREMS if ids is None else ids)]


def kernel_check(results: list[TheoremResult], outdir: Path | None = None) -> list[TheoremResult]:
    """The results with the Coq kernel's verdict on each theorem's Coq file (written to
    ``outdir`` if given); 'not run' when coqc is not installed."""
    from ._verify import kernel

    return kernel([theorem(r.id) for r in results], results, outdir)


def definitions_check(
    ids: Iterable[str] | None = None, outdir: Path | None = None
) -> list[tuple[object, str]]:
    """The theorems about the definitions that prove one of ``ids`` (all by default), each
    with the kernel's verdict as ``prove`` prints it; built in ``outdir`` (or a temporary
    folder).  'not run: …' when coqc or ocamlopt is missing."""
    import shutil
    import tempfile

    from . import _coq_defs

    wanted = None if ids is None else set(ids)
    theorems = [t for t in _coq_defs.THEOREMS if wanted is None or wanted & set(t.instances)]
    if not theorems:
        return []
    missing = [tool for tool in ("coqc", "ocamlopt") if shutil.which(tool) is None]
    if missing:
        package = {"coqc": "coq", "ocamlopt": "ocaml"}[missing[0]]
        why = f"not run: {missing[0]} is not installed (sudo apt-get install {package})"
        return [(t, why) for t in theorems]
    with tempfile.TemporaryDirectory(prefix="perceptron-coq-defs-") as scratch:
        target = outdir if outdir is not None else Path(scratch)
        verdicts = _coq_defs.check(target, theorems)
    return [(t, v.kernel) for t, v in zip(theorems, verdicts, strict=True)]
