"""``perceptron-ref prove [THEOREM …]``: check every step of the notes' proofs.

Each step is a claim checked by sympy (an identity of inner products) or by z3 (an
inequality or implication, as the unsatisfiability of hypotheses ∧ ¬conclusion); a step is
proved when its check succeeds and z3 shows its hypotheses satisfiable.  Exit 0 iff every
step of every theorem named is proved.  The theorems are in ``spec/theorems/``.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from perceptron_ref.errors import InputError

ORDER = 30


def register(sub: Any) -> None:
    from perceptron_ref_proofs import THEOREMS

    p = sub.add_parser(
        "prove",
        help="machine-check every step of the notes' proofs (sympy, z3)",
        description="Check each step of each theorem's proof: identities with sympy, "
        "inequalities and implications with z3. Exit 0 iff every step is proved.",
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
    p.set_defaults(func=main)


def to_json(results: list[Any]) -> dict[str, Any]:
    """The output contract of issue 3."""
    steps = [s for r in results for s in r.steps]
    return {
        "theorems": [
            {
                "id": r.id,
                "source": r.source,
                "steps": [
                    {
                        "id": s.id,
                        "claim": s.claim,
                        "method": s.method,
                        "status": s.status,
                        "seconds": round(s.seconds, 3),
                    }
                    for s in r.steps
                ],
            }
            for r in results
        ],
        "proved": sum(s.status == "proved" for s in steps),
        "failed": sum(s.status == "failed" for s in steps),
    }


def format_text(results: list[Any]) -> str:
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
    summary = to_json(results)
    theorems = f"{len(results)} theorem" + "s" * (len(results) != 1)
    lines.append(f"{summary['proved']} steps proved, {summary['failed']} failed, in {theorems}")
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    from perceptron_ref_proofs import THEOREMS, check_all

    unknown = [t for t in args.theorems if t not in THEOREMS]
    if unknown:
        raise InputError(f"unknown theorem {unknown[0]!r} (known: {', '.join(THEOREMS)})")
    results = check_all(args.theorems or None)
    print(
        json.dumps(to_json(results), ensure_ascii=False, indent=2)
        if args.format == "json"
        else format_text(results)
    )
    return 0 if all(r.proved for r in results) else 1
