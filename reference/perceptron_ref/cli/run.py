"""``perceptron-ref run ALGORITHM FILE``: run one algorithm on a data file, print its trace."""

from __future__ import annotations

import argparse
import os
from typing import Any

from perceptron_ref import registry, report, winnow
from perceptron_ref.coq import read_coq
from perceptron_ref.data import DataSet, read_csv
from perceptron_ref.errors import InputError
from perceptron_ref.limits import MAX_BITS, REPEAT_BUDGET, SizeLimitError
from perceptron_ref.numbers import parse_rational
from perceptron_ref.runner import Epochs, run
from perceptron_ref.trace import Trace

ORDER = 10


def _natural(text: str) -> int | None:
    """The value of a run of decimal digits, or None.  ``str.isdecimal``, not ``isdigit``:
    '²' is a digit that int() refuses; at most 4000 digits, int()'s own limit being 4300."""
    return int(text) if text.isdecimal() and len(text) <= 4000 else None


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


def epochs_arg(text: str) -> Epochs:
    """``--epochs``: a positive integer or ``converge``."""
    if text == "converge":
        return "converge"
    if (n := _natural(text)) is not None and n >= 1:
        return n
    raise argparse.ArgumentTypeError(f"{_shown(text)} is not a positive integer or 'converge'")


def positive_int(text: str) -> int:
    if (n := _natural(text)) is not None and n >= 1:
        return n
    raise argparse.ArgumentTypeError(f"{_shown(text)} is not a positive integer")


def seed_arg(text: str) -> int:
    """``--seed``: a non-negative integer."""
    if (n := _natural(text)) is not None:
        return n
    raise argparse.ArgumentTypeError(f"{_shown(text)} is not a non-negative integer")


def rational_arg(text: str) -> str:
    try:
        parse_rational(text)
    except InputError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def add_data_options(p: argparse.ArgumentParser) -> None:
    """The options shared by every command that runs an algorithm on a data file."""
    p.add_argument(
        "algorithm",
        metavar="ALGORITHM",
        help="algorithm ID: " + ", ".join(sorted(registry.ALGORITHMS)),
    )
    p.add_argument("file", metavar="FILE", help="data file (CSV: x1,...,xd,y per line)")
    p.add_argument(
        "--bias",
        action="store_true",
        help="prepend a constant 1 to every x (the bias is the first weight)",
    )
    p.add_argument(
        "--eta",
        type=rational_arg,
        default="1",
        metavar="Q",
        help="positive rational step size (default 1, as in the notes)",
    )
    p.add_argument(
        "--epochs",
        type=epochs_arg,
        default=1,
        metavar="N|converge",
        help="passes for online algorithms (default 1), or 'converge': "
        "until a pass makes no mistake",
    )
    p.add_argument(
        "--max-epochs",
        type=positive_int,
        default=None,
        metavar="N",
        help="stop a run that cycles (batch, or --epochs converge) after N passes",
    )
    p.add_argument(
        "--labels",
        choices=("pm1", "01"),
        default="pm1",
        help="label set in the file: -1/1 (pm1, default) or 0/1 (01)",
    )
    p.add_argument(
        "--input-format",
        choices=("csv", "coq"),
        default="csv",
        help="csv (default) or coq: the Coq-verified perceptron's benchmark format "
        "(one number a line; implies --bias and 0/1 labels)",
    )


def read_data(args: argparse.Namespace) -> tuple[DataSet, bool]:
    """FILE read in ``--input-format``, and whether to add the bias coordinate.

    The coq format implies ``--bias --labels 01``: its labels are 0/1, and the verified
    implementation prepends a constant 1 to every vector.
    """
    if args.input_format == "coq":
        return read_coq(args.file), True
    return read_csv(args.file, labels=args.labels), args.bias


def register(sub: Any) -> None:
    p = sub.add_parser(
        "run",
        help="run an algorithm on a data file and print its trace",
        description="Run ALGORITHM on the examples in FILE, in exact rational "
        "arithmetic, and print the trace (every step and the totals).",
    )
    add_data_options(p)
    p.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text table (default) or one JSON object",
    )
    p.add_argument(
        "--record",
        choices=("full", "mistakes", "summary"),
        default="full",
        help="keep every step (default), only mistakes, or only the totals",
    )
    p.add_argument(
        "--engine",
        choices=("literal", "fast", "auto"),
        default="auto",
        help="literal: the notes' Fraction loops; fast: the exact integer engine (the "
        "perceptrons only, same output; streams the file for one online pass with --record "
        "mistakes|summary); auto (default): fast on large data when it can",
    )
    p.add_argument(
        "--max-bits",
        type=positive_int,
        default=MAX_BITS,
        metavar="B",
        help=f"size limit of exact arithmetic (default {MAX_BITS}): a run whose weights or "
        "scores need a numerator or denominator of more than B bits stops with an error, and "
        f"so does a run without --max-epochs once its repeat test holds {REPEAT_BUDGET}*B bits",
    )
    add_model_options(p)
    add_winnow_halving_options(p)
    p.set_defaults(func=main)


def add_winnow_halving_options(p: argparse.ArgumentParser) -> None:
    """The options of winnow/k-of-r (k), winnow/ltf and halving/cover (epsilon)."""
    p.add_argument(
        "--k", type=positive_int, default=None, metavar="K", help="winnow/k-of-r: k (ε = 1/2k)"
    )
    p.add_argument(
        "--epsilon",
        type=rational_arg,
        default=None,
        metavar="Q",
        help="winnow/ltf: the factor 1 + ε; halving/cover: the cover radius ε = γ/2R",
    )


def add_model_options(p: argparse.ArgumentParser) -> None:
    """The options of perceptron/averaged and perceptron/kernel (None: not given)."""
    p.add_argument(
        "--average",
        choices=("after", "before", "all"),
        default=None,
        help="perceptron/averaged: average w1..wN (after each example, default), "
        "w0..w(N-1) (before) or w0..wN (all)",
    )
    p.add_argument(
        "--kernel",
        choices=("linear", "polynomial"),
        default=None,
        help="perceptron/kernel: K(x,x') = x.x' (default) or (x.x' + c)^degree",
    )
    p.add_argument(
        "--degree", type=positive_int, default=None, metavar="P", help="polynomial degree (2)"
    )
    p.add_argument(
        "--c", type=rational_arg, default=None, metavar="Q", help="polynomial offset c >= 0 (0)"
    )


def main(args: argparse.Namespace) -> int:
    if args.algorithm == "perceptron/structured":  # class labels, not ±1: its own reader
        # Its reader takes CSV only, and the fast engine does not run it: refuse rather than
        # read a Coq file as CSV or run the literal loop under --engine fast.
        if args.input_format != "csv":
            raise InputError("perceptron/structured reads CSV only, not --input-format coq")
        if args.engine == "fast":
            raise InputError(
                "perceptron/structured has no fast engine: use engine 'literal' or 'auto'"
            )
        return structured(args)
    try:
        trace = engine_run(args) if args.engine != "literal" else None
        if trace is None:
            trace = literal_run(args)
    except SizeLimitError as error:  # the data's run, not an option: name the file
        raise InputError(error.problem, source=args.file) from None
    print(report.dumps(trace) if args.format == "json" else report.format_text(trace))
    return 0


def literal_run(args: argparse.Namespace) -> Trace:
    """FILE read whole, then :func:`~perceptron_ref.runner.run` (which may still pick the
    engine for ``--engine auto|fast``)."""
    data, bias = read_data(args)
    if args.algorithm in winnow.IDS:
        winnow.check_data(data)  # names the file's line; run() could only name the example
    return run(
        args.algorithm,
        data.X,
        data.y,
        bias=bias,
        eta=args.eta,
        epochs=args.epochs,
        max_epochs=args.max_epochs,
        record=args.record,
        k=args.k,
        epsilon=args.epsilon,
        average=args.average,
        kernel=args.kernel,
        degree=args.degree,
        c=args.c,
        engine=args.engine,
        max_bits=args.max_bits,
    )


def engine_run(args: argparse.Namespace) -> Trace | None:
    """The runs the engine reads its own way: a CSV streamed for one online pass (memory
    O(d), not O(file)); a Coq file parsed straight to integers.  None: the usual path."""
    from perceptron_ref.engine import AUTO_BYTES, SUPPORTED

    if args.algorithm not in SUPPORTED or (args.engine == "auto" and _size(args.file) < AUTO_BYTES):
        return None  # (and numba is not even loaded)
    from perceptron_ref.engine import stream
    from perceptron_ref.engine.coq import read_coq_scaled

    if args.input_format == "coq":
        data = read_coq_scaled(args.file)
        return run(
            args.algorithm, data, data.y, bias=True, eta=args.eta, epochs=args.epochs,
            max_epochs=args.max_epochs, record=args.record, engine=args.engine,
            max_bits=args.max_bits,
        )  # fmt: skip
    if stream.streamable(args.algorithm, args.epochs, args.max_epochs, args.record):
        return stream.run_csv(
            args.algorithm, args.file, labels=args.labels, bias=args.bias, eta=args.eta,
            record=args.record,
        )  # fmt: skip
    return None


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0  # the usual path reports the file's problem


def structured(args: argparse.Namespace) -> int:
    """``run perceptron/structured FILE``: class labels, the multiclass trace; a file whose
    labels are all −1/+1 gets exactly the trace of ``run("perceptron/structured", …)``."""
    from perceptron_ref.perceptron import multiclass

    given = [o for o in ("average", "kernel", "degree", "c") if getattr(args, o, None) is not None]
    if given or getattr(args, "labels", "pm1") != "pm1":
        wrong = ", ".join(given) or "labels (class names are read as they are)"
        raise InputError(f"perceptron/structured takes no option {wrong}")
    X, y = multiclass.read_classes(args.file)
    options: dict[str, Any] = {
        "bias": args.bias,
        "eta": args.eta,
        "epochs": args.epochs,
        "max_epochs": args.max_epochs,
        "record": args.record,
        "max_bits": args.max_bits,
    }
    try:
        if set(y) <= {-1, 1}:  # binary data: exactly the trace of run("perceptron/structured", …)
            binary = run("perceptron/structured", X, y, **options)
            print(report.dumps(binary) if args.format == "json" else report.format_text(binary))
        else:
            trace = multiclass.run_multiclass(X, y, **options)
            text = multiclass.format_text(trace)
            print(multiclass.dumps(trace) if args.format == "json" else text)
    except SizeLimitError as error:  # the data's run, not an option: name the file
        raise InputError(error.problem, source=str(args.file)) from None
    return 0
