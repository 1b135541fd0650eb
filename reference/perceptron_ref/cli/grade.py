"""``perceptron-ref grade ALGORITHM SUBMISSIONS_DIR``: crosscheck every hand-in, one row each.

A hand-in is a ``.py`` file, a notebook (``.ipynb``), a ``.zip`` or a folder holding them;
each is copied into its own snapshot first, then graded in a process of its own within
``--budget`` seconds, each candidate in its sandbox.  Writes a CSV (``--out``, else stdout)
with, per hand-in: verdict, reason, the variants it agrees with, examples tried and the
counterexample (JSON); and one Gradescope ``results.json`` per hand-in, with the student's
feedback, into ``--results DIR`` (default: beside the CSV, ``NAME.results/``).  With
``--out``, the CSV is rewritten as rows come.  A progress bar is drawn on stderr when it is
a terminal.

The class report (:mod:`~perceptron_ref.grading.summary`): ``summary.json``,
``summary.png`` and ``report.html`` are written into ``--report DIR`` (default: the CSV's
folder; with neither ``--out`` nor ``--report``, none is written), and the output ends with
the same summary in three lines: on stdout with ``--out``, else on stderr (stdout is the
CSV).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from perceptron_ref.cli import _assignment
from perceptron_ref.cli.crosscheck import (
    EXAMPLES_HELP,
    IDS,
    add_algorithm_options,
    add_cache,
    algorithm_options,
    budget_arg,
    cache_folder,
    megabytes_arg,
    timeout_arg,
)
from perceptron_ref.cli.run import epochs_arg, positive_int, seed_arg
from perceptron_ref.errors import InputError

ORDER = 55
NEEDS = ("grading",)


class _Gone(argparse.Action):
    def __call__(self, parser: Any, *args: object, **kwargs: object) -> None:
        parser.error(
            "--gradescope is gone: grade writes one results.json per submission into "
            "--results DIR (default: beside the CSV); for Gradescope itself see "
            "`perceptron-ref gradescope`"
        )


def add_crosscheck_options(p: Any) -> None:
    """The crosscheck options that grade and gradescope share."""
    p.add_argument("--entry", default="train", help="the function to call (default train)")
    add_algorithm_options(p)
    p.add_argument("--bias", action="store_true", help="prepend a constant 1 (bias first)")
    p.add_argument("--epochs", type=epochs_arg, default=1, metavar="N|converge")
    p.add_argument("--input", choices=("numpy", "fractions", "lists"), default="numpy")
    p.add_argument(
        "--examples",
        type=positive_int,
        default=50,
        metavar="N",
        help=EXAMPLES_HELP,
    )
    p.add_argument("--seed", type=seed_arg, default=0, metavar="S")
    p.add_argument("--timeout", type=timeout_arg, default=10.0, metavar="SECONDS")
    p.add_argument("--memory", type=megabytes_arg, default=1024, metavar="MB")
    p.add_argument(
        "--weights",
        default="",
        metavar="CHECK=POINTS,...",
        help="points of the tests runs, conventions, right-ties, right-near-zero, "
        "right-rationals, right-long, right-realistic (1 each by default; 0 drops a test) "
        "and right (every data set; not scored by default); for the algorithms beyond the "
        "core six, runs, the family's parts (e.g. vectors, counts, vote) and right-REGIME for "
        "its regimes",
    )
    p.add_argument(
        "--require-sandbox",
        action="store_true",
        help="refuse to run (exit 2) unless a strong sandbox holds: bubblewrap, or a uid "
        "of its own and a seccomp filter (as in a container)",
    )


def register(sub: Any) -> None:
    p = sub.add_parser(
        "grade",
        intermixed=True,
        help="crosscheck every submission in a folder (CSV, results.json each)",
        description="Crosscheck every submission in SUBMISSIONS_DIR (a .py file, a notebook, "
        "a .zip, or a folder holding them) against ALGORITHM: each copied into its own "
        "snapshot, graded in its own process and sandbox within a time budget; one CSV row "
        "and one results.json (Gradescope's format, with feedback) each.",
    )
    p.add_argument(
        "algorithm",
        metavar="ALGORITHM",
        nargs="?",
        help="one of: " + ", ".join(IDS) + " (or --assignment FILE)",
    )
    p.add_argument("submissions", metavar="SUBMISSIONS_DIR")
    _assignment.add(p)
    p.add_argument("--out", metavar="CSV", help="write the CSV here (default: stdout)")
    p.add_argument(
        "--results",
        metavar="DIR",
        help="one results.json per submission here (default: beside --out, CSV's name "
        "without .csv plus .results)",
    )
    p.add_argument(
        "--report",
        metavar="DIR",
        help="write the class report here: summary.json, summary.png, report.html (default: "
        "the folder of --out; without --out, not written)",
    )
    p.add_argument("--gradescope", nargs=0, action=_Gone, help=argparse.SUPPRESS)
    p.add_argument(
        "--gradebook",
        choices=("canvas",),
        help="also write gradebook-canvas.csv beside the class report: a CSV Canvas imports "
        "(Student, ID, SIS User ID, SIS Login ID, Section, the assignment's column)",
    )
    p.add_argument(
        "--roster",
        metavar="CSV",
        help="the gradebook Canvas exports: hand-ins are matched to its students by login, "
        "SIS id, Canvas id or name (default: the hand-in's name; a Canvas download's "
        "name_ID_... gives the id)",
    )
    p.add_argument(
        "--previous",
        metavar="OLD_CSV",
        help="a CSV of an earlier grade run: say per student what changed and why (also "
        "written as changes.csv beside the class report)",
    )
    add_crosscheck_options(p)
    p.add_argument("--jobs", type=positive_int, default=None, metavar="N", help="parallel workers")
    p.add_argument(
        "--budget",
        type=budget_arg,
        default=600.0,
        metavar="SECONDS",
        help="wall-clock limit for grading one submission (default 600)",
    )
    add_cache(p, "done once for the class and reused by a regrade")
    p.set_defaults(func=main)


def options_of(args: argparse.Namespace) -> dict[str, Any]:
    """crosscheck's keyword arguments, checked (a usage error is exit 2, not a row)."""
    from fractions import Fraction

    from perceptron_ref.crosscheck.check import family_options, validate

    validate(args.algorithm, args.epochs)
    chosen = algorithm_options(args)
    max_epochs = chosen.pop("max_epochs", None)
    family_options(args.algorithm, args.bias, args.epochs, Fraction(1), max_epochs, chosen)
    if not args.entry.isidentifier():
        raise InputError(f"--entry {args.entry!r} is not a Python function name")
    return {
        "algorithm": args.algorithm,
        "bias": args.bias,
        "epochs": args.epochs,
        "input": args.input,
        "examples": args.examples,
        "seed": args.seed,
        "timeout": args.timeout,
        "memory": args.memory * 1024**2,
    } | algorithm_options(args)


def chosen_tests(args: argparse.Namespace) -> list[dict[str, Any]]:
    """The scored tests: ``--weights``, else the default ones."""
    from perceptron_ref.grading import scoring

    algorithm = args.algorithm
    if args.weights:
        return scoring.weights(args.weights, algorithm=algorithm)
    return scoring.tests(algorithm=algorithm)


def platform_config(args: argparse.Namespace) -> dict[str, Any]:
    """What an autograder reads (autograder.json, perceptron-ref-grade.json): the algorithm,
    the entry function, crosscheck's options, the scored tests, the budget, the sandbox rule;
    or, with --assignment, the assignment file (its parts are the tests)."""
    from perceptron_ref.grading import scoring

    a = _assignment.resolve(args)
    if a is not None:
        return {
            "algorithm": a.algorithm,
            "assignment": a.config(),
            "budget": a.budget,
            "require_sandbox": a.require_sandbox,
        }
    options = options_of(args)
    return {
        "algorithm": args.algorithm,
        "function": args.entry,
        "options": options,
        "tests": scoring.configured(chosen_tests(args), options),
        "budget": args.budget,
        "require_sandbox": args.require_sandbox,
    }


def main(args: argparse.Namespace) -> int:
    from perceptron_ref.crosscheck.run import sandbox
    from perceptron_ref.grading import classrun, intake, scoring

    a = _assignment.resolve(args)
    if a is None:
        options = options_of(args)
        tests = scoring.configured(chosen_tests(args), options)
    else:
        options, tests = {}, list(scoring.TESTS)
    sandbox.announce(args.require_sandbox or (a is not None and a.require_sandbox))
    out = Path(args.out) if args.out else None
    results = Path(args.results) if args.results else None
    if results is None and out is not None:
        results = out.with_name(out.name.removesuffix(".csv") + ".results")
    # Fail now, not after hours of grading: the CSV's folder must exist (--results is made).
    if out is not None and not out.parent.is_dir():
        raise InputError(f"cannot write {out}: No such file or directory")
    if args.report and Path(args.report).is_file():
        raise InputError(f"cannot write the report into {args.report}: it is a file")
    previous = _previous(args.previous)
    roster = _roster(args.roster)
    for path in (out, results):
        if path is not None and path.exists() and path.is_dir() == (path is out):
            kind = "a directory" if path is out else "a file"
            raise InputError(f"cannot write {path}: it is {kind}")
    cache = cache_folder(args)
    found, skipped = intake.entries(args.submissions)
    clutter = f"; skipped {len(skipped)} as clutter: {', '.join(skipped)}" if skipped else ""
    plural = "" if len(found) == 1 else "s"
    print(f"perceptron-ref: {len(found)} hand-in{plural} found{clutter}", file=sys.stderr)
    if cache is not None:
        print(f"perceptron-ref: the reference's work is kept in {cache}", file=sys.stderr)
    collected: list[dict[str, Any]] = []
    try:
        rows = classrun.grade(
            args.submissions,
            options,
            function=args.entry,
            tests=tests,
            jobs=args.jobs,
            budget=args.budget if a is None else a.budget,
            out=out,
            results=results,
            progress=classrun.bar,
            collected=collected,
            assignment=None if a is None else a.config(),
            cache=cache,
        )
    except OSError as error:  # a missing folder, a read-only disk, ...: one line
        raise InputError(f"cannot write {error.filename}: {error.strerror}") from None
    if out is None:
        print(classrun.to_csv(rows), end="")
    title = args.algorithm if a is None else a.title
    top = None if a is None else a.points
    return report(args, out, collected, title, rows, previous, roster, top)


def _previous(path: str | None) -> list[dict[str, str]] | None:
    """The rows of --previous (checked before any grading)."""
    if path is None:
        return None
    from perceptron_ref.grading import gradebook

    return gradebook.read_rows(path)


def _roster(path: str | None) -> list[dict[str, str]] | None:
    if path is None:
        return None
    from perceptron_ref.grading import gradebook

    return gradebook.read_roster(path)


def report(
    args: argparse.Namespace,
    out: Path | None,
    graded: list[dict[str, Any]],
    title: str,
    rows: list[dict[str, str]],
    previous: list[dict[str, str]] | None = None,
    roster: list[dict[str, str]] | None = None,
    top: float | None = None,
) -> int:
    """Write the class report (--report, else beside --out), the gradebook and the changes
    since --previous, and end with the report's lines."""
    from perceptron_ref.grading import classrun, gradebook, summary

    folder = Path(args.report) if args.report else None if out is None else out.parent
    stream = sys.stdout if out is not None else sys.stderr
    try:
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            said = summary.write(folder, graded, title)
        else:
            said = summary.lines(summary.tally([g["summary"] for g in graded]))
        if args.gradebook == "canvas":
            where = folder or Path(".")
            text, unmatched = gradebook.canvas(rows, title, top, roster)
            classrun.write_atomic(where / gradebook.CANVAS, text)
            said.append(
                f"gradebook: {where / gradebook.CANVAS} ({len(rows)} hand-ins"
                + (f"; not in the roster: {', '.join(unmatched)}" if unmatched else "")
                + ")"
            )
        if previous is not None:
            changes = gradebook.changes(previous, rows)
            if folder is not None:
                classrun.write_atomic(folder / gradebook.CHANGES, gradebook.changes_csv(changes))
            said += gradebook.changes_lines(changes)
    except OSError as error:
        raise InputError(f"cannot write {error.filename}: {error.strerror}") from None
    print("\n".join(said), file=stream)
    return 0
