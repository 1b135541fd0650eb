"""``perceptron-ref crosscheck ALGORITHM --candidate TARGET``: differential testing.

Exit status: 0 the candidate agrees; 1 it disagrees (a wrong result, a crash, a hang, too
much memory, unparsable output: the report says which); 2 a usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from perceptron_ref.cli import _assignment
from perceptron_ref.cli.run import (
    add_model_options,
    add_winnow_halving_options,
    epochs_arg,
    positive_int,
    seed_arg,
)
from perceptron_ref.errors import InputError
from perceptron_ref.registry import IDS as IDS  # every algorithm of run
from perceptron_ref.registry import PERCEPTRONS as PERCEPTRONS  # the core family

ORDER = 50
NEEDS = ("grading",)  # the harness (numpy; nbformat for notebooks)


EXAMPLES_HELP = (
    "data sets drawn (50); with fewer than 48, data sets that tell the usual wrong loops "
    "apart (a tolerance, float32, a pass too many, another variant) are added"
)
"""``--examples``, for crosscheck and grade alike."""


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


def param_arg(text: str) -> tuple[str, Any]:
    """``--param NAME=VALUE``: VALUE read as JSON (a bare word is a string)."""
    from perceptron_ref.crosscheck.candidates.parameters import parse_param
    from perceptron_ref.errors import InputError

    try:
        return parse_param(text)
    except InputError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


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
    p.add_argument(
        "algorithm",
        metavar="ALGORITHM",
        nargs="?",
        help="one of: " + ", ".join(IDS) + " (or --assignment FILE)",
    )
    add_algorithm_options(p)
    p.add_argument(
        "--candidate",
        required=True,
        metavar="TARGET",
        help="FILE.py:NAME or MODULE:NAME (a function, a class with fit or train, a fitted-"
        "model factory or instance), NOTEBOOK.ipynb:NAME (its imports, definitions and "
        "constants), 'cmd:COMMAND ...' (JSON on stdin/stdout, see spec/protocol/), sklearn or "
        "river; with --assignment, a hand-in (a file, a folder or a zip) graded part by part",
    )
    _assignment.add(p)
    bias = p.add_mutually_exclusive_group()
    bias.add_argument(
        "--bias",
        action="store_const",
        const=True,
        default=None,
        help="check with a bias (prepend a constant 1; the bias is first). Default: found by "
        "probing (a candidate that learns a bias of its own is checked with one)",
    )
    bias.add_argument(
        "--no-bias", dest="bias", action="store_const", const=False, help="check without a bias"
    )
    p.add_argument(
        "--epochs",
        type=epochs_arg,
        default=1,
        metavar="N|converge",
        help="passes the candidate makes, through its parameter for them (epochs, n_iter, "
        "max_iter, n_epoch, T, ...; online algorithms; default 1)",
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
        help="the step the candidate is told, through its parameter for it (eta, lr, l_rate, "
        'alpha, learning_rate, ...; the protocol\'s "eta"); default 1. A candidate that uses '
        "another one agrees up to its learning rate",
    )
    p.add_argument(
        "--param",
        action="append",
        default=[],
        type=param_arg,
        metavar="NAME=VALUE",
        help="set the candidate's parameter NAME (or a key of its params dict) to VALUE, read "
        "as JSON (repeatable): --param shuffle=false --param tol=null; the others keep their "
        "defaults, but for the step (--eta), the passes (--epochs) and the bias",
    )
    p.add_argument(
        "--weights-attr",
        default=None,
        metavar="W[,B]",
        help="read a fitted object's weights (and bias) from these attributes (default: the "
        "first of coef_, w_, weights, w, theta, ... it has; see the README's table)",
    )
    p.add_argument(
        "--orientation",
        choices=("rows", "columns"),
        default=None,
        help="X as n x d (rows) or d x n (columns); default: found by probing",
    )
    p.add_argument(
        "--label-coding",
        choices=("pm1", "01"),
        default=None,
        help="labels the candidate takes: -1/+1 or 0/1; default: found by probing (a Python "
        "candidate of the core or of a two-class family; a program reads -1/+1)",
    )
    p.add_argument(
        "--dimension",
        type=dimension_arg,
        default=None,
        metavar="D",
        help="only data of dimension D (for code written for 2-D); the verdict then holds "
        "at d = D only",
    )
    p.add_argument(
        "--examples",
        type=positive_int,
        default=50,
        metavar="N",
        help=EXAMPLES_HELP,
    )
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
    add_cache(p, "reused by the next crosscheck of the same configuration")
    p.set_defaults(func=main)


def add_cache(p: Any, reuse: str) -> None:
    """``--cache DIR`` / ``--no-cache``: where the reference's work for a configuration is kept."""
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--cache",
        metavar="DIR",
        help=f"keep the reference's work for this configuration (data drawn, exact runs) here, "
        f"{reuse} (default: $XDG_CACHE_HOME/perceptron-ref, else ~/.cache/perceptron-ref; "
        "made 0700)",
    )
    where.add_argument(
        "--no-cache",
        action="store_true",
        help="do the reference's work again, keeping nothing",
    )


def cache_folder(args: Any) -> Path | None:
    """The cache folder (--cache, else the default), checked to be ours; None: --no-cache."""
    import os

    from perceptron_ref.crosscheck.judge import cache

    if getattr(args, "no_cache", False):
        return None
    folder = args.cache or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "perceptron-ref"
    )
    return cache.Store(folder).folder.resolve()


def main(args: argparse.Namespace) -> int:
    import contextlib
    import threading

    from perceptron_ref.crosscheck.run import sandbox

    def find() -> None:  # an error here is raised again where the plan is first used
        with contextlib.suppress(Exception):
            sandbox.plan()

    # The sandbox's layers are tried (a trivial program run in them) while the rest loads.
    probing = threading.Thread(target=find, name="sandbox-plan")
    probing.start()
    try:
        return _main(args)
    finally:
        probing.join()


def _main(args: argparse.Namespace) -> int:
    from perceptron_ref.coq import read_coq
    from perceptron_ref.crosscheck import crosscheck
    from perceptron_ref.crosscheck.report import reporting
    from perceptron_ref.crosscheck.run import sandbox
    from perceptron_ref.data import read_csv

    a = _assignment.resolve(args)
    if a is not None:
        return _assigned(args, a)
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
        bias=True if args.input_format == "coq" else args.bias,
        epochs=args.epochs,
        input=args.input,
        examples=args.examples,
        seed=args.seed,
        timeout=args.timeout,
        memory=args.memory * 1024**2,
        eta=args.eta,
        dimension=args.dimension,
        budget=args.budget,
        params=dict(args.param),
        weights_attr=args.weights_attr,
        orientation=args.orientation,
        labels=args.label_coding,
        cache_dir=cache_folder(args),
        **algorithm_options(args),
    )
    if args.format == "json":
        print(reporting.dumps(report))
    elif args.format == "gradescope":
        print(json.dumps(reporting.gradescope(report), ensure_ascii=False))
    else:
        print(reporting.format_text(report))
    return 0 if report.verdict == "agree" else 1


def _assigned(args: argparse.Namespace, a: Any) -> int:
    """``--assignment``: grade the hand-in ``--candidate`` part by part; exit 0 when every
    part is right, 1 otherwise."""
    from perceptron_ref.crosscheck.run import sandbox
    from perceptron_ref.grading import assigned

    if args.format == "gradescope":
        raise InputError(
            "--format gradescope with --assignment: use grade --results, or "
            "perceptron-ref gradescope --assignment"
        )
    sandbox.announce(args.require_sandbox or a.require_sandbox)
    name, results, problem, notes = assigned.one(a, args.candidate, cache_folder(args))
    if args.format == "json":
        print(json.dumps(assigned.to_json(a, name, results, problem, notes), ensure_ascii=False))
    else:
        print(assigned.text(a, name, results, problem, notes))
    return 0 if assigned.verdict(results, problem) == "agree" else 1
