"""``perceptron-ref crosscheck ALGORITHM --candidate TARGET``: differential testing.

Exit status: 0 the candidate agrees; 1 it disagrees (a wrong result, a crash, a hang, too
much memory, unparsable output: the report says which); 2 a usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from perceptron_ref.cli.run import (
    add_model_options,
    add_winnow_halving_options,
    epochs_arg,
    positive_int,
    seed_arg,
)
from perceptron_ref.registry import IDS as IDS  # every algorithm of run
from perceptron_ref.registry import PERCEPTRONS as PERCEPTRONS  # the core family

ORDER = 50


def _seconds(text: str, most: int) -> float:
    """A number of seconds in (0, most]; anything else is an argparse error naming it."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value <= most:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise argparse.ArgumentTypeError(f"{shown!r} is not a number of seconds in (0, {most}]")
    return value


def timeout_arg(text: str) -> float:
    """``--timeout``: seconds for one answer, in (0, 3600]."""
    return _seconds(text, 3600)


MAX_MEMORY = 2**24
"""Largest ``--memory`` in MiB (16 TiB): a larger limit overflows setrlimit in the sandbox's
child (SubprocessError, a traceback), and no machine has it to give."""


def megabytes_arg(text: str) -> int:
    """``--memory``: a positive number of MiB, at most MAX_MEMORY."""
    value = positive_int(text)
    if value > MAX_MEMORY:
        shown = text if len(text) <= 20 else text[:17] + "..."
        raise argparse.ArgumentTypeError(f"{shown!r} MiB is more than {MAX_MEMORY} (16 TiB)")
    return value


def eta_arg(text: str) -> Any:
    """``--eta``: a positive rational, read exactly ("0.1" is 1/10, "1/3" is 1/3)."""
    from fractions import Fraction

    from perceptron_ref.numbers import parse_rational

    try:
        value = parse_rational(text)
    except ValueError:
        value = Fraction(0)
    if value <= 0:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise argparse.ArgumentTypeError(
            f"{shown!r} is not a positive rational (e.g. 1, 0.01, 1/3)"
        )
    return value


def budget_arg(text: str) -> float:
    """``--budget``: seconds for the whole run, in (0, 86400]."""
    return _seconds(text, 86400)


def dimension_arg(text: str) -> int:
    """``--dimension``: a positive number of features, at most 100000."""
    value = positive_int(text)
    if value > 100_000:
        raise argparse.ArgumentTypeError(f"{text!r} features: at most 100000")
    return value


def add_algorithm_options(p: Any) -> None:
    """The options of the algorithms beyond the core six, as ``run`` takes them."""
    add_model_options(p)
    add_winnow_halving_options(p)
    p.add_argument(
        "--max-epochs",
        type=positive_int,
        default=None,
        metavar="N",
        help="cap of an --epochs converge run (perceptron/kernel needs it)",
    )


def algorithm_options(args: Any) -> dict[str, Any]:
    """crosscheck's keyword arguments for those options (None: not given)."""
    names = ("average", "kernel", "degree", "c", "k", "epsilon", "max_epochs")
    return {name: getattr(args, name) for name in names if getattr(args, name) is not None}


def register(sub: Any) -> None:
    p = sub.add_parser(
        "crosscheck",
        help="test another implementation against the reference",
        description="Run the candidate TARGET (in a sandboxed process) on data of several "
        "regimes (ties, near-zero scores, exact rationals, long runs, realistic sizes up to "
        "5000 x 784), compare it with ALGORITHM (exactly, or within a rigorous float64 error "
        "bound), accept and name a learning rate or the bias returned last, shrink a "
        "disagreement to a minimal counterexample, diagnose its cause, name the variants it "
        "agrees with and report what the data covered. Exit 0 agree, 1 disagree (wrong "
        "result, crash, hang, memory, unparsable output), 2 usage error.",
    )
    p.add_argument("algorithm", metavar="ALGORITHM", help="one of: " + ", ".join(IDS))
    add_algorithm_options(p)
    p.add_argument(
        "--candidate",
        required=True,
        metavar="TARGET",
        help="FILE.py:FUNCTION, NOTEBOOK.ipynb:FUNCTION (its imports, definitions and "
        "constants), MODULE:FUNCTION (called as FUNCTION(X, y)), "
        "'cmd:COMMAND ...' (JSON on stdin/stdout, see spec/protocol/), sklearn or river",
    )
    p.add_argument("--bias", action="store_true", help="prepend a constant 1 (the bias is first)")
    p.add_argument(
        "--epochs",
        type=epochs_arg,
        default=1,
        metavar="N|converge",
        help="passes the candidate makes (online algorithms; default 1)",
    )
    p.add_argument(
        "--input",
        choices=("numpy", "fractions", "lists"),
        default="numpy",
        help="what the candidate takes: float64 numpy arrays (default), lists of Fractions, "
        "or lists of ints/floats; with numpy and lists it gets only float-exact data",
    )
    p.add_argument(
        "--eta",
        type=eta_arg,
        default=1,
        metavar="Q",
        help="the step the candidate is told (its 'eta' argument, the protocol's \"eta\"); "
        "default 1. A candidate that uses another one agrees up to its learning rate",
    )
    p.add_argument(
        "--dimension",
        type=dimension_arg,
        default=None,
        metavar="D",
        help="only data of dimension D (for code written for 2-D); the verdict then holds "
        "at d = D only",
    )
    p.add_argument("--examples", type=positive_int, default=50, metavar="N", help="data sets (50)")
    p.add_argument("--seed", type=seed_arg, default=0, metavar="S", help="Hypothesis seed (0)")
    p.add_argument(
        "--timeout",
        type=timeout_arg,
        default=10.0,
        metavar="SECONDS",
        help="wall-clock limit per data set's answer (default 10)",
    )
    p.add_argument(
        "--budget",
        type=budget_arg,
        default=None,
        metavar="SECONDS",
        help="wall-clock cap on the whole run (default: none); what it leaves unchecked is "
        "reported",
    )
    p.add_argument(
        "--memory",
        type=megabytes_arg,
        default=1024,
        metavar="MB",
        help="the candidate's address-space limit in MiB (default 1024)",
    )
    p.add_argument(
        "--data",
        action="append",
        default=[],
        metavar="FILE",
        help="also try the candidate on the examples of FILE (repeatable), first",
    )
    p.add_argument(
        "--input-format",
        choices=("csv", "coq"),
        default="csv",
        help="format of --data: csv (default) or coq, the Coq-verified perceptron's "
        "benchmark format (implies --bias and 0/1 labels)",
    )
    p.add_argument(
        "--labels", choices=("pm1", "01"), default="pm1", help="label set of CSV --data files"
    )
    p.add_argument("--format", choices=("text", "json", "gradescope"), default="text")
    p.add_argument(
        "--require-sandbox",
        action="store_true",
        help="refuse to run (exit 2) unless a strong sandbox holds: bubblewrap, or a uid "
        "of its own and a seccomp filter (as in a container)",
    )
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    from perceptron_ref.coq import read_coq
    from perceptron_ref.crosscheck import crosscheck
    from perceptron_ref.crosscheck.report import reporting
    from perceptron_ref.crosscheck.run import sandbox
    from perceptron_ref.data import read_csv

    sandbox.announce(args.require_sandbox)  # one line when there is no sandbox
    if args.candidate.rpartition(":")[0].endswith(".ipynb"):  # say what of it is graded
        from perceptron_ref.crosscheck import candidates

        for note in candidates.parse(args.candidate).notes:
            print(f"perceptron-ref: {note}", file=sys.stderr)
    files = [
        read_coq(f) if args.input_format == "coq" else read_csv(f, labels=args.labels)
        for f in args.data
    ]
    report = crosscheck(
        args.algorithm,
        args.candidate,
        data=[(f.source, (f.X, f.y)) for f in files],
        bias=args.bias or args.input_format == "coq",
        epochs=args.epochs,
        input=args.input,
        examples=args.examples,
        seed=args.seed,
        timeout=args.timeout,
        memory=args.memory * 1024**2,
        eta=args.eta,
        dimension=args.dimension,
        budget=args.budget,
        **algorithm_options(args),
    )
    if args.format == "json":
        print(reporting.dumps(report))
    elif args.format == "gradescope":
        print(json.dumps(reporting.gradescope(report), ensure_ascii=False))
    else:
        print(reporting.format_text(report))
    return 0 if report.verdict == "agree" else 1
