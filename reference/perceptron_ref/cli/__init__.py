"""The ``perceptron-ref`` command line.  Each subcommand is a module of this package with
a ``register(subparsers)`` function and an ``ORDER`` number (its place in ``--help``);
adding a command is adding a module.

Bad input of any kind ends in one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import NoReturn

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

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


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
    args = build_parser().parse_args(argv)
    try:
        status: int = args.func(args)
    except InputError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (e.g. `| head`): not an error of ours
        return 0
    except KeyboardInterrupt:
        return 130
    return status
