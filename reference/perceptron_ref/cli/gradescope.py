"""``perceptron-ref gradescope ALGORITHM OUTDIR [crosscheck options]``: write the Gradescope
autograder, ``OUTDIR/autograder.zip`` (see :mod:`perceptron_ref.grading.gradescope`)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from perceptron_ref.cli import _assignment
from perceptron_ref.cli.crosscheck import IDS, budget_arg
from perceptron_ref.cli.grade import add_crosscheck_options

ORDER = 56
NEEDS = ("grading",)


def register(sub: Any) -> None:
    p = sub.add_parser(
        "gradescope",
        intermixed=True,
        help="write a Gradescope autograder (autograder.zip) for ALGORITHM",
        description="Write OUTDIR/autograder.zip for Gradescope: setup.sh (installs "
        "bubblewrap and the bundled wheel of perceptron-ref with its [grading] dependencies, "
        "pinned in requirements-ubuntu-*.txt), "
        "run_autograder (grades /autograder/submission, writes /autograder/results/"
        "results.json), autograder.json (the options and the tests' points: edit it, or use "
        "--weights) and the wheel.  The tests, 1 point each by default: "
        "'It runs'; 'Its zero-score convention'; and one for each data regime, 'Right on "
        "small data with ties (w·x = 0)', 'Right on scores just off zero', 'Right on "
        "rationals with large denominators', 'Right on long runs with large weights', "
        "'Right on data of realistic size' -- each only where the options draw data of it "
        "(no rationals without --input fractions; no long runs or realistic sizes under a "
        "small --examples).",
    )
    p.add_argument(
        "algorithm",
        metavar="ALGORITHM",
        nargs="?",
        help="one of: " + ", ".join(IDS) + " (or --assignment FILE)",
    )
    p.add_argument("outdir", metavar="OUTDIR", help="folder to write autograder.zip into")
    add_crosscheck_options(p)
    _assignment.add(p)
    p.add_argument(
        "--budget",
        type=budget_arg,
        default=300.0,
        metavar="SECONDS",
        help="wall-clock limit for grading one submission (default 300)",
    )
    p.add_argument(
        "--wheel",
        metavar="FILE",
        help="bundle this wheel of perceptron-ref instead of building one (pip wheel)",
    )
    p.add_argument(
        "--pins",
        metavar="DIR",
        help="the requirements files (requirements-*.txt) of an earlier autograder, unpacked in "
        "DIR: the same versions again, no package index asked (default: the versions installed "
        "here, where they run on the image's Python, resolved with pip)",
    )
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    from perceptron_ref.cli.grade import platform_config
    from perceptron_ref.grading import gradescope

    config = platform_config(args)
    built = Path(args.wheel) if args.wheel else None
    pinned = Path(args.pins) if args.pins else None
    print(gradescope.build(args.outdir, config, built=built, pinned=pinned))
    return 0
