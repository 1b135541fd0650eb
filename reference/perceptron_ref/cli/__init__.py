"""The ``perceptron-ref`` command line.  Each subcommand is a module of this package with
a ``register(subparsers)`` function and an ``ORDER`` number (its place in ``--help``);
adding a command is adding a module.

Bad input of any kind ends in one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import re
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any, NoReturn

from perceptron_ref import __version__
from perceptron_ref.errors import InputError


def commands() -> list[ModuleType]:
    """The subcommand modules of this package, in ``ORDER``."""
    found = [
        importlib.import_module(f"{__name__}.{info.name}")
        for info in pkgutil.iter_modules(__path__)
        if not info.name.startswith("_")
    ]
    return sorted(found, key=lambda m: (getattr(m, "ORDER", 100), m.__name__))


PROG = "perceptron-ref"


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line and exit status 2."""

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


def build_parser() -> Parser:
    parser = Parser(
        prog=PROG,
        description="The verified reference implementation of the "
        "perceptron family, in exact rational arithmetic.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=Parser
    )
    for module in commands():
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``perceptron-ref`` and ``python -m perceptron_ref``."""
    # Exact output prints every digit: a 10,000-digit decimal in a data file is a Fraction
    # whose str() passes Python's 4300-digit guard (which protects programs that read
    # unbounded numbers; ours are bounded by numbers.MAX_DIGITS and data.MAX_LINE).
    sys.set_int_max_str_digits(0)
    args = build_parser().parse_args(argv)
    try:
        status: int = args.func(args)
    except InputError as error:
        print(f"{PROG}: error: {one_line(str(error))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (e.g. `| head`): not an error of ours
        return 0
    except KeyboardInterrupt:
        return 130
    return status
