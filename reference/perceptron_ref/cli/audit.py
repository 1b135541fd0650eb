"""``perceptron-ref audit ASSIGNMENT``: run the bank of known variants through the grader
before release (see :mod:`perceptron_ref.grading.audit`).

Exit status: 0 when no wrong variant gets full marks and no right code loses a point, 1
otherwise, 2 a usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from perceptron_ref.cli.crosscheck import budget_arg, megabytes_arg, timeout_arg
from perceptron_ref.cli.run import positive_int, seed_arg

ORDER = 58
NEEDS = ("grading",)  # the harness that grades the bank


def register(sub: Any) -> None:
    p = sub.add_parser(
        "audit",
        help="grade a bank of right and wrong code with an assignment before release",
        description="Write a bank of known variants for ASSIGNMENT's exact interface (right "
        "code in the usual styles; every core variant the reference names and the family's "
        "others; the wrong kinds crosscheck diagnoses: tie rules, passes off by one, float32, "
        "int16 overflow, shuffles, tolerances, no bias, labels 0/1, the zero label, metrics "
        "slips, a hard-coded answer), grade it as a class with the assignment's exact "
        "configuration and report which wrong code earns which points and which right code "
        "loses any. Exit 0 when no wrong variant gets full marks and no right code loses a "
        "point, 1 otherwise, 2 usage error.",
    )
    p.add_argument("assignment", metavar="ASSIGNMENT", help="the assignment file (TOML)")
    p.add_argument(
        "--report", metavar="DIR", help="write the bank's class report and audit.json here"
    )
    p.add_argument(
        "--keep",
        metavar="DIR",
        help="write the bank's hand-ins here (a new or empty folder) and keep them",
    )
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--jobs", type=positive_int, default=None, metavar="N", help="parallel workers")
    p.add_argument(
        "--examples",
        type=positive_int,
        default=None,
        metavar="N",
        help="data sets per part (default: the assignment's)",
    )
    p.add_argument("--seed", type=seed_arg, default=None, metavar="S")
    p.add_argument("--timeout", type=timeout_arg, default=None, metavar="SECONDS")
    p.add_argument("--memory", type=megabytes_arg, default=None, metavar="MB")
    p.add_argument("--budget", type=budget_arg, default=None, metavar="SECONDS")
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    from perceptron_ref.crosscheck.run import sandbox
    from perceptron_ref.errors import InputError
    from perceptron_ref.grading import assignment, audit

    a = assignment.read(args.assignment)
    changed = {
        k: getattr(args, k)
        for k in ("examples", "seed", "timeout", "memory", "budget")
        if getattr(args, k) is not None
    }
    if changed:
        a = a.override(**changed)
    keep = Path(args.keep) if args.keep else None
    if keep is not None and keep.exists() and (not keep.is_dir() or any(keep.iterdir())):
        raise InputError(f"--keep {args.keep}: not a new or empty folder")
    report = Path(args.report) if args.report else None
    if report is not None and report.is_file():
        raise InputError(f"cannot write the report into {args.report}: it is a file")
    sandbox.announce(a.require_sandbox)
    result = audit.run(a, jobs=args.jobs, keep=keep, report=report)
    if args.format == "json":
        print(json.dumps(audit.to_json(result), indent=1))
    else:
        print(audit.table(result))
    sys.stdout.flush()
    return 0 if result.passed else 1
