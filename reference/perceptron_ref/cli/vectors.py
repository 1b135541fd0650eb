"""``perceptron-ref vectors OUTDIR``: write the language-neutral JSON test vectors."""

from __future__ import annotations

import argparse
from typing import Any

from perceptron_ref import registry, testvectors
from perceptron_ref.errors import InputError

ORDER = 60


def register(sub: Any) -> None:
    p = sub.add_parser(
        "vectors",
        help="write JSON test vectors (Wycheproof style), one file per algorithm",
        description="Write one JSON file of test vectors per algorithm under OUTDIR, named "
        "by its ID (perceptron/blum -> OUTDIR/perceptron/blum.json): the notes' worked "
        "examples, zero scores, the bias, eta != 1, non-separable and capped runs, numbers "
        "beyond 64 bits, each with its expected trace (FloatInexact marks the tests "
        "float64 cannot reproduce exactly), and beside them schema.json (their JSON Schema) and "
        "two checkers, check.py (Python) and check.mjs (node).  The files are deterministic; "
        "spec/vectors/ holds them.",
    )
    p.add_argument("outdir", metavar="OUTDIR", help="folder to write into (created if missing)")
    p.add_argument(
        "--algorithm",
        action="append",
        choices=sorted(registry.ALGORITHMS),
        metavar="ID",
        help="only this algorithm (repeatable; default: every algorithm)",
    )
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    try:
        for path in testvectors.write(args.outdir, args.algorithm):
            print(path)
        for path in testvectors.write_kit(args.outdir):  # self-contained: schema and checkers
            print(path)
    except OSError as error:  # OUTDIR under a file, read-only, ...: one line, not a traceback
        raise InputError(f"cannot write {error.filename}: {error.strerror}") from None
    return 0
