"""``perceptron-ref prairielearn ALGORITHM OUTDIR [crosscheck options]``: write PrairieLearn's
external grader into OUTDIR (see :mod:`perceptron_ref.grading.prairielearn`)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from perceptron_ref.cli import Formatter, _assignment
from perceptron_ref.cli.crosscheck import IDS, budget_arg
from perceptron_ref.cli.grade import add_crosscheck_options

ORDER = 57
NEEDS = ("grading",)
EPILOG = """\
The question's info.json needs (OUTDIR/info.json.example has it, with --image):
  "gradingMethod": "External",
  "externalGradingOptions": {"enabled": true, "image": NAME,
    "entrypoint": "/opt/perceptron-ref/perceptron-ref-grade",
    "timeout": BUDGET + 30, "enableNetworking": false}
Build and push the image first: docker build -t NAME OUTDIR && docker push NAME.
The entry grades $GRADE_ROOT/student (default /grade/student) and always writes
$GRADE_ROOT/results/results.json: score in [0, 1], tests with points and
max_points.  A hand-in that cannot be graded (no Python file, a syntax error,
no entry function), or a grader that fails, is "gradable": false with
format_errors: the student loses no attempt."""


class _KeepsLines(Formatter):
    """The description wrapped, the epilog (JSON, commands) as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" not in text:
            return super()._fill_text(text, width, indent)
        return "".join(indent + line for line in text.splitlines(keepends=True))


def register(sub: Any) -> None:
    p = sub.add_parser(
        "prairielearn",
        intermixed=True,
        help="write a PrairieLearn external grader (Dockerfile, entry script) for ALGORITHM",
        description="Write PrairieLearn's external grader for ALGORITHM into OUTDIR: "
        "perceptron-ref-grade (the entry script), perceptron-ref-grade.json (the options "
        "and the tests' points: edit it, or use --weights), the wheel of perceptron-ref, "
        "requirements-debian-13.txt (its [grading] dependencies, pinned with their hashes), a "
        "Dockerfile for the course's image (Debian 13 and its Python 3.13, bubblewrap, the "
        "pinned dependencies, the wheel) and "
        "info.json.example (the question's externalGradingOptions).  The same sources and "
        "options give the same files, byte for byte.",
        epilog=EPILOG,
        formatter_class=_KeepsLines,
    )
    p.add_argument(
        "algorithm",
        metavar="ALGORITHM",
        nargs="?",
        help="one of: " + ", ".join(IDS) + " (or --assignment FILE)",
    )
    p.add_argument("outdir", metavar="OUTDIR", help="folder to write the grader into")
    add_crosscheck_options(p)
    _assignment.add(p)
    p.add_argument(
        "--budget",
        type=budget_arg,
        default=60.0,
        metavar="SECONDS",
        help="wall-clock limit for grading one submission (default 60; at most 570: "
        "PrairieLearn's timeout, at most 600, is set 30 s above it)",
    )
    p.add_argument(
        "--image",
        default="perceptron-ref-grader",
        metavar="NAME",
        help="the image's name in info.json.example, as PrairieLearn pulls it (e.g. "
        "ORG/perceptron-grader on Docker Hub; default perceptron-ref-grader)",
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
    from perceptron_ref.grading import prairielearn

    config = platform_config(args)
    if config.get("assignment") and "budget" not in config["assignment"]["overrides"]:
        # The file's budget is a class run's (600 s by default) unless it says one.
        from perceptron_ref.grading.assignment import from_config

        if "budget" not in from_config(config["assignment"]).stated:
            config["budget"] = args.budget
            config["assignment"]["overrides"]["budget"] = args.budget
    prairielearn.timeout(float(config["budget"]))  # one PrairieLearn cannot give: exit 2 now
    built = Path(args.wheel) if args.wheel else None
    pinned = Path(args.pins) if args.pins else None
    for path in prairielearn.build(
        args.outdir, config, image=args.image, built=built, pinned=pinned
    ):
        print(path)
    return 0
