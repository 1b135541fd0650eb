"""``perceptron-ref grade ALGORITHM SUBMISSIONS_DIR``: crosscheck every submission, one row each.

Writes a CSV (``--out``, else stdout) with, per submission: verdict, reason, the variants
it agrees with, examples tried and the counterexample (JSON); ``--gradescope`` also writes
Gradescope's ``results.json``.  Submissions run in parallel; a progress bar is drawn on
stderr when it is a terminal.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from perceptron_ref.cli.crosscheck import PERCEPTRONS, megabytes_arg, timeout_arg
from perceptron_ref.cli.run import epochs_arg, positive_int, seed_arg
from perceptron_ref.errors import InputError

ORDER = 55


def register(sub: Any) -> None:
    p = sub.add_parser(
        "grade",
        help="crosscheck every submission in a folder (CSV, Gradescope)",
        description="Crosscheck every submission in SUBMISSIONS_DIR (a .py file, or a folder "
        "holding one) against ALGORITHM, in parallel, and write one CSV row each.",
    )
    p.add_argument("algorithm", metavar="ALGORITHM", help="one of: " + ", ".join(PERCEPTRONS))
    p.add_argument("submissions", metavar="SUBMISSIONS_DIR")
    p.add_argument("--entry", default="train", help="the function to call (default train)")
    p.add_argument("--out", metavar="CSV", help="write the CSV here (default: stdout)")
    p.add_argument("--gradescope", metavar="JSON", help="also write Gradescope's results.json")
    p.add_argument("--bias", action="store_true", help="prepend a constant 1 (bias first)")
    p.add_argument("--epochs", type=epochs_arg, default=1, metavar="N|converge")
    p.add_argument("--input", choices=("numpy", "fractions", "lists"), default="numpy")
    p.add_argument("--examples", type=positive_int, default=50, metavar="N")
    p.add_argument("--seed", type=seed_arg, default=0, metavar="S")
    p.add_argument("--timeout", type=timeout_arg, default=10.0, metavar="SECONDS")
    p.add_argument("--memory", type=megabytes_arg, default=1024, metavar="MB")
    p.add_argument("--jobs", type=positive_int, default=None, metavar="N", help="parallel workers")
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    from perceptron_ref.crosscheck import grading
    from perceptron_ref.crosscheck.check import validate

    # Check ALGORITHM and the options once, here, so that a usage error is exit 2, not a row.
    options: dict[str, Any] = {
        "algorithm": args.algorithm,
        "bias": args.bias,
        "epochs": args.epochs,
        "input": args.input,
        "examples": args.examples,
        "seed": args.seed,
        "timeout": args.timeout,
        "memory": args.memory * 1024**2,
    }
    validate(args.algorithm, args.epochs)
    rows = grading.grade(
        args.submissions, options | {"entry": args.entry}, jobs=args.jobs, progress=grading.bar
    )
    text = grading.to_csv(rows)
    if args.out:
        _write(args.out, text)
    else:
        print(text, end="")
    if args.gradescope:
        results = grading.to_gradescope(rows, args.algorithm)
        _write(args.gradescope, json.dumps(results, indent=1) + "\n")
    return 0


def _write(path: str, text: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:  # a missing folder, a directory, ...: one line, not a traceback
        raise InputError(f"cannot write {path}: {error.strerror}") from None
