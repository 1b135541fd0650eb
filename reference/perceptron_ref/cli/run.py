"""``perceptron-ref run ALGORITHM FILE``: run one algorithm on a data file, print its trace."""

from __future__ import annotations

import argparse
import os
import threading
from typing import TYPE_CHECKING, Any

from perceptron_ref import extras, registry, report
from perceptron_ref.errors import InputError
from perceptron_ref.limits import MAX_BITS, REPEAT_BUDGET, SizeLimitError
from perceptron_ref.numbers import parse_rational
from perceptron_ref.runner import Epochs, run
from perceptron_ref.trace import Trace

if TYPE_CHECKING:
    from perceptron_ref.data import DataSet

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
        from perceptron_ref.coq import read_coq  # the readers a command uses, no other

        return read_coq(args.file), True
    from perceptron_ref.data import read_csv

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
        "mistakes|summary); auto (default): the engine for a perceptron run of much work "
        "(n*d*passes >= 20000), streaming only a file larger than memory",
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
        trace = streamed(args)
        if trace is None:
            trace = literal_run(args) if (data := read_fast(args)) is None else fast_run(args, data)
    except SizeLimitError as error:  # the data's run, not an option: name the file
        raise InputError(error.problem, source=args.file) from None
    print(report.dumps(trace) if args.format == "json" else report.format_text(trace))
    return 0


SMALL = 2**16
"""Bytes: a smaller file is read by the exact reader, which needs no numpy (the engine's
readers pay numpy's import before their first byte)."""


def options(args: argparse.Namespace) -> dict[str, Any]:
    """The options of :func:`~perceptron_ref.runner.run` given on the command line."""
    names = ("eta", "epochs", "max_epochs", "record", "k", "epsilon", "average", "kernel")
    more = ("degree", "c", "engine", "max_bits")
    return {name: getattr(args, name) for name in names + more}


def literal_run(args: argparse.Namespace) -> Trace:
    """FILE read whole by the exact reader, then :func:`~perceptron_ref.runner.run` (which
    may still pick the engine for ``--engine auto|fast``)."""
    from perceptron_ref import winnow

    data, bias = read_data(args)
    if args.algorithm in winnow.IDS:
        winnow.check_data(data)  # names the file's line; run() could only name the example
    return run(args.algorithm, data.X, data.y, bias=bias, **options(args))


def read_fast(args: argparse.Namespace) -> Any:
    """FILE read straight to the engine's scaled integers (numpy), when a perceptron run may
    go to the engine and the file is not small; else None (also without numpy: then the
    exact reader reads it, and run() says why the run is literal).  Same data, same errors."""
    if (
        args.engine == "literal"
        or args.algorithm not in registry.PERCEPTRONS
        or _size(args.file) < SMALL
        or not extras.has("numpy")
    ):
        return None
    reuse_memory()
    if args.input_format == "coq":
        from perceptron_ref.engine.coq import read_coq_scaled

        return read_coq_scaled(args.file)
    from perceptron_ref.engine.csv import read_csv_scaled

    batch = registry.get(args.algorithm).kind == "batch"
    if _size(args.file) >= PREFETCH and (
        batch or args.epochs == "converge" or args.epochs >= PASSES
    ):
        warm()  # many passes over a big file: the compiled kernels load while it is read
    return read_csv_scaled(args.file, labels=args.labels)


def reuse_memory() -> None:
    """Have the C library keep the memory a process frees, for this command's process.

    The fast readers parse a file block by block, each block's working arrays a few hundred
    KiB; glibc hands such blocks back to the system when they are freed, and the next
    block's arrays are then faulted in afresh, page by page: more system time than the
    parsing itself.  With the thresholds raised (glibc's ``mallopt``; elsewhere, nothing
    is done) the same memory serves every block."""
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return  # not glibc
    M_TRIM_THRESHOLD, M_TOP_PAD, M_MMAP_THRESHOLD = -1, -2, -3
    mallopt(M_MMAP_THRESHOLD, 2**25)  # 32 MiB, glibc's largest: every block's arrays
    mallopt(M_TRIM_THRESHOLD, 2**30)
    mallopt(M_TOP_PAD, 2**26)


PREFETCH, PASSES = 2**24, 10
"""A run to convergence (or a batch algorithm's), or of PASSES passes or more, over a CSV
file of PREFETCH bytes or more starts loading the compiled kernels (about a second) in a
second thread while the file is parsed; its passes run in numpy until they are loaded.  A
few passes are quicker in numpy than the load (which competes with the parsing for the
interpreter)."""


def warm() -> None:
    """Start loading the compiled kernels in the background (see :data:`PREFETCH`).  A run
    done first does not wait for it: the command leaves at once (:func:`~perceptron_ref.cli.
    script`), and a daemon thread does not keep a process alive."""
    from perceptron_ref import engine

    threading.Thread(target=engine.load, name="load the compiled kernels", daemon=True).start()


def fast_run(args: argparse.Namespace, data: Any) -> Trace:
    """:func:`~perceptron_ref.runner.run` on data read by :func:`read_fast` (it chooses the
    literal loops or the engine by the work, as for any data)."""
    bias = True if args.input_format == "coq" else args.bias
    return run(args.algorithm, data, data.y, bias=bias, **options(args))


def streamed(args: argparse.Namespace) -> Trace | None:
    """One online pass over a CSV file that does not fit in memory, a block at a time
    (memory O(block), not O(file)); None for every other run, and without numpy."""
    if args.input_format != "csv" or args.engine == "literal" or _size(args.file) < SMALL:
        return None
    if not extras.has("numpy"):
        return None
    from perceptron_ref.engine import stream

    if not stream.streamable(args.algorithm, args.epochs, args.max_epochs, args.record):
        return None
    if args.engine == "auto" and fits(args.file):
        return None
    registry.get(args.algorithm, k=args.k, epsilon=args.epsilon, average=args.average,
                 kernel=args.kernel, degree=args.degree, c=args.c)  # fmt: skip
    reuse_memory()
    return stream.run_csv(
        args.algorithm, args.file, labels=args.labels, bias=args.bias, eta=args.eta,
        record=args.record,
    )  # fmt: skip


def fits(path: str) -> bool:
    """Whether FILE, read into the narrowest integer array, fits in the memory available
    now: such an array takes at most a byte a byte of the file, and the reader's working
    arrays about 256 MiB."""
    try:
        free = os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError):  # not on this system: assume it fits
        return True
    return _size(path) + 2**28 < free


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
