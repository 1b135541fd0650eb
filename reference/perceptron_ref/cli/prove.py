"""``perceptron-ref prove [THEOREM …] [--coq OUTDIR] [--no-kernel]``: check the notes' proofs.

A theorem is ``proved`` when every step is proved (identities by sympy, implications and
inductions by z3, rule instances syntactically) and its broken twin refuted, the steps
compose from the hypotheses to the statement of ``spec/theorems/<ID>.md`` (no premise from
nowhere, no fact used at a single index, nothing dangling), and an actual run of the
reference satisfies every hypothesis at every index.  Then Coq's kernel checks each proof,
written as a Coq file (to OUTDIR with ``--coq``), and must print no axiom beyond the standard
library's.  A second layer: the theorems of ``proofs/coq/`` about the algorithms'
definitions (issue 29), each with the kernel's verdict.  Exit 0 iff every theorem named is
proved and accepted by the kernel, and so is every theorem about the definitions that
proves one of them.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from perceptron_ref.errors import InputError

ORDER = 30


def register(sub: Any) -> None:
    from perceptron_ref_proofs import THEOREMS

    p = sub.add_parser(
        "prove",
        help="machine-check the notes' proofs (sympy, z3, the Coq kernel)",
        description="Check each theorem's proof: every step (identities with sympy, "
        "inequalities and inductions with z3) and its broken twin, the chain from the "
        "hypotheses to the spec's statement, the hypotheses on an actual run at every index; "
        "then Coq's kernel checks each proof written as a Coq file. Exit 0 iff every theorem "
        "is proved and accepted.",
    )
    p.add_argument(
        "theorems",
        nargs="*",
        metavar="THEOREM",
        help="theorem IDs (default: all): " + ", ".join(THEOREMS),
    )
    p.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text table (default) or one JSON object",
    )
    p.add_argument(
        "--coq",
        metavar="OUTDIR",
        help="write one Coq file per theorem under OUTDIR (and keep coqc's output there)",
    )
    p.add_argument(
        "--no-kernel",
        action="store_true",
        help="skip the Coq kernel check (the exit status then ignores it)",
    )
    p.set_defaults(func=main)


def definitions_json(definitions: list[tuple[Any, str]]) -> list[dict[str, Any]]:
    return [
        {"name": t.name, "of": list(t.instances), "about": t.about, "kernel": kernel}
        for t, kernel in definitions
    ]


def to_json(results: list[Any], definitions: list[tuple[Any, str]] | None = None) -> dict[str, Any]:
    """The output contract of issues 3 and 14: the step table of issue 3, and per theorem its
    status, the whole-proof checks, its assumptions and the kernel's verdict; and (issue 29)
    the theorems about the definitions, each with the kernel's verdict."""
    steps = [s for r in results for s in r.steps]
    return {
        "theorems": [
            {
                "id": r.id,
                "source": r.source,
                "status": r.status,
                "kernel": r.kernel,
                "checks": dict(r.checks),
                "problems": list(r.problems),
                "assumptions": list(r.assumptions),
                "steps": [
                    {
                        "id": s.id,
                        "claim": s.claim,
                        "method": s.method,
                        "status": s.status,
                        "twin": s.twin,
                        "seconds": round(s.seconds, 3),
                    }
                    for s in r.steps
                ],
            }
            for r in results
        ],
        "proved": sum(s.status == "proved" for s in steps),
        "failed": sum(s.status == "failed" for s in steps),
        "definitions": definitions_json(definitions or []),
    }


def format_text(results: list[Any], definitions: list[tuple[Any, str]] | None = None) -> str:
    rows = [("theorem", "step", "method", "status", "seconds")]
    rows += [
        (r.id, s.id.rsplit(".", 1)[1], s.method, s.status, f"{s.seconds:.3f}")
        for r in results
        for s in r.steps
    ]
    widths = [max(len(row[c]) for row in rows) for c in range(5)]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]
    lines.append("")
    for r in results:
        lines.append(f"{r.id}: {r.status}; Coq kernel: {r.kernel}")
        lines += [f"  {name}: {text}" for name, text in r.checks.items()]
        lines += [f"  problem: {p}" for p in r.problems[1:]]
        lines.append("  assumptions:" + ("" if r.assumptions else " none"))
        lines += [f"    {a}" for a in r.assumptions]
    if definitions:
        lines.append("theorems about the definitions (proofs/coq/, spec/theorems/definitions.md):")
        for t, kernel in definitions:
            of = ", ".join(t.instances) or "the runner itself"
            lines.append(f"  {t.name}: of {of}; about {t.about}")
            lines.append(f"    Coq kernel: {kernel}")
        accepted_defs = sum(kernel.startswith("accepted") for _, kernel in definitions)
        lines.append(
            f"{accepted_defs}/{len(definitions)} theorems about the definitions accepted by the "
            "Coq kernel"
        )
    summary = to_json(results)
    n = len(results)
    theorems = f"{n} theorem" + "s" * (n != 1)
    proved = sum(r.proved for r in results)
    accepted = sum(r.kernel.startswith("accepted") for r in results)
    lines.append(
        f"{summary['proved']} steps proved, {summary['failed']} failed, in {theorems}; "
        f"{proved}/{n} proved, {accepted}/{n} accepted by the Coq kernel"
    )
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    from perceptron_ref_proofs import THEOREMS, check_all, definitions_check, kernel_check

    unknown = [t for t in args.theorems if t not in THEOREMS]
    if unknown:
        raise InputError(f"unknown theorem {unknown[0]!r} (known: {', '.join(THEOREMS)})")
    if args.coq is not None and args.no_kernel:
        raise InputError("--coq writes the files the kernel checks: drop --no-kernel")
    outdir = None if args.coq is None else Path(args.coq)
    if outdir is not None and outdir.exists() and not outdir.is_dir():
        raise InputError(f"--coq {args.coq}: not a folder")
    results = check_all(args.theorems or None)
    if not args.no_kernel:
        if outdir is not None:
            try:
                outdir.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise InputError(f"--coq {args.coq}: {error.strerror}") from None
        results = kernel_check(results, outdir)
        definitions = definitions_check(
            args.theorems or None, None if outdir is None else outdir / "definitions"
        )
    else:
        definitions = [(t, "not run") for t, _ in definitions_check_list(args.theorems or None)]
    print(
        json.dumps(to_json(results, definitions), ensure_ascii=False, indent=2)
        if args.format == "json"
        else format_text(results, definitions)
    )
    kernel_ok = args.no_kernel or (
        all(r.kernel.startswith("accepted") for r in results)
        and all(kernel.startswith("accepted") for _, kernel in definitions)
    )
    return 0 if kernel_ok and all(r.proved for r in results) else 1


def definitions_check_list(ids: list[str] | None) -> list[tuple[Any, str]]:
    """The theorems about the definitions that prove one of ``ids``, without the kernel."""
    from perceptron_ref_proofs._coq_defs import THEOREMS

    return [(t, "") for t in THEOREMS if ids is None or set(ids) & set(t.instances)]
