"""The ``perceptron-ref`` command line.  Each subcommand is a module of this package with
a ``register(subparsers)`` function and an ``ORDER`` number (its place in ``--help``);
adding a command is adding a module.  A command that needs an extra (:mod:`perceptron_ref.
extras`) names it in ``NEEDS``: without it, the command prints one line saying how to install
it (its ``--help`` works all the same).

Bad input of any kind ends in one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import pkgutil
import re
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any, NoReturn

from perceptron_ref import __version__, extras
from perceptron_ref.errors import InputError


def commands(only: str | None = None) -> list[ModuleType]:
    """The subcommand modules of this package, in ``ORDER``; with ``only``, just the module
    of that name if there is one (``plot-bound`` is ``plot_bound``)."""
    names = [info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_")]
    if only is not None and only.replace("-", "_") in names:
        names = [only.replace("-", "_")]
    found = [importlib.import_module(f"{__name__}.{name}") for name in names]
    return sorted(found, key=lambda m: (getattr(m, "ORDER", 100), m.__name__))


PROG = "perceptron-ref"


class Formatter(argparse.HelpFormatter):
    """argparse's formatter, sized as it sizes itself, without importing shutil (and with it
    bz2 and lzma) for every argument a parser is given."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:  # fmt: skip
        super().__init__(prog, indent_increment, max_help_position, width or columns() - 2)


def columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` finds it: $COLUMNS, the
    terminal of stdout, else 80."""
    try:
        if (size := int(os.environ.get("COLUMNS", "0"))) > 0:
            return size
    except ValueError:
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line and exit status 2."""

    def __init__(self, *args: Any, intermixed: bool = False, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)
        # A command whose first positional is optional ([ALGORITHM] DIR) parses options
        # and positionals intermixed: else argparse fills both from the first positional
        # alone, and `grade ALGORITHM --epochs 3 DIR` refused DIR.
        self.intermixed = intermixed
        self._mixing = False

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        if not self.intermixed or self._mixing:
            return super().parse_known_args(args, namespace)
        self._mixing = True  # parse_known_intermixed_args calls back here (Python < 3.13)
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._mixing = False

    def _get_values(self, action: argparse.Action, arg_strings: list[str]) -> Any:
        # Python 3.11's argparse drops a '--' given as an option's value (--out=--) and
        # stores [] unchecked: choices pass, and open([]) raised TypeError.  Refuse it.
        if action.option_strings and action.nargs is None and arg_strings == ["--"]:
            raise argparse.ArgumentError(action, "expected one argument, got '--'")
        return super()._get_values(action, arg_strings)

    def error(self, message: str) -> NoReturn:
        # argparse quotes the offending value whole: a 100,000-digit value is one unreadable
        # line; show 40 characters of each quoted value and 400 of the message.
        message = re.sub(r"'([^'\n]{37})[^']{4,}'", r"'\1...'", one_line(message))
        message = message if len(message) <= 400 else message[:397] + "..."
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def one_line(text: str) -> str:
    """``text`` with its line breaks escaped: an argument or a file name may hold one.

    >>> one_line("unrecognized arguments: a\\nb\\u2028c")
    'unrecognized arguments: a\\\\nb\\\\u2028c'
    """
    return "".join(repr(c)[1:-1] if c in _BREAKS else c for c in text)


_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
"""What ``str.splitlines`` breaks at."""


def build_parser(command: str | None = None) -> Parser:
    """The parser of every subcommand, or (``command``) of that one alone if it is one: a
    command line registers only the command it runs, so that it imports only that."""
    parser = Parser(
        prog=PROG,
        description="The verified reference implementation of the "
        "perceptron family, in exact rational arithmetic.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=Parser, prog=PROG
    )
    for module in commands(command):
        module.register(sub)
    if command is not None and command not in sub.choices:
        return build_parser()  # not a command's module name: every command, for the error
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``perceptron-ref`` and ``python -m perceptron_ref``."""
    # Exact output prints every digit: a 10,000-digit decimal in a data file is a Fraction
    # whose str() passes Python's 4300-digit guard (which protects programs that read
    # unbounded numbers; ours are bounded by numbers.MAX_DIGITS and data.MAX_LINE).
    sys.set_int_max_str_digits(0)
    words = list(sys.argv[1:] if argv is None else argv)
    first = next((w for w in words if not w.startswith("-")), None)
    args = build_parser(first if first is not None and words[0] == first else None).parse_args(
        words
    )
    try:
        for extra in getattr(commands(args.command)[0], "NEEDS", ()):
            extras.require(extra)
        status: int = args.func(args)
    except extras.MissingExtra as error:
        print(f"{PROG} {args.command}: {one_line(str(error))}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as error:  # a module of an extra, where no NEEDS foresaw it
        extra = extras.extra_of(error.name or "")
        if extra is None:
            raise
        print(f"{PROG} {args.command}: {extras.MissingExtra(extra)}", file=sys.stderr)
        return 2
    except InputError as error:
        print(f"{PROG}: error: {one_line(str(error))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (e.g. `| head`): not an error of ours
        return 0
    except KeyboardInterrupt:
        return 130
    return status


def script() -> NoReturn:
    """The ``perceptron-ref`` command (and ``python -m perceptron_ref``): :func:`main`, then,
    after ``run``, out at once.  The interpreter's own teardown (every module unloaded,
    numpy's arrays freed one by one) takes longer than a small run; ``run`` leaves nothing
    behind it (its output flushed here, no temporary file, no child process), so it skips
    it.  Every other command exits the usual way."""
    status = main()
    if sys.argv[1:2] == ["run"]:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(BrokenPipeError, ValueError):  # the reader went away
                stream.flush()
        os._exit(status)
    sys.exit(status)
