"""``--assignment FILE`` for ``grade``, ``gradescope``, ``prairielearn``, ``crosscheck`` and
``audit``: the assignment file says what the command-line flags of a single function would
(ALGORITHM, ``--bias``, ``--epochs``, ...), so giving both is a usage error; the run options
(``--examples``, ``--seed``, ``--timeout``, ``--memory``, ``--budget``,
``--require-sandbox``) given on the command line change the file's values.
"""

from __future__ import annotations

import argparse
from typing import Any

from perceptron_ref.errors import InputError

DEFINED = {
    "algorithm": "ALGORITHM",
    "entry": "--entry",
    "bias": "--bias",
    "epochs": "--epochs",
    "input": "--input",
    "eta": "--eta",
    "weights": "--weights",
    "dimension": "--dimension",
    "data": "--data",
    "labels": "--labels",
    "input_format": "--input-format",
    "param": "--param",
    "weights_attr": "--weights-attr",
    "orientation": "--orientation",
    "label_coding": "--label-coding",
    "average": "--average",
    "kernel": "--kernel",
    "degree": "--degree",
    "c": "--c",
    "k": "--k",
    "epsilon": "--epsilon",
    "max_epochs": "--max-epochs",
}
"""The options an assignment file defines (dest → how the command line spells it)."""
RUN = ("examples", "seed", "timeout", "memory", "budget", "require_sandbox")


def add(p: Any) -> None:
    p.add_argument(
        "--assignment",
        metavar="FILE",
        help="an assignment file (TOML: the algorithm, its options, the parts and their "
        "points; see the README); it replaces ALGORITHM and the flags that describe the code",
    )
    p.set_defaults(parser=p)


def resolve(args: argparse.Namespace) -> Any:
    """The assignment of ``--assignment`` with the run options given (or None without it);
    a flag the file already says, or a missing ALGORITHM without it, is a usage error."""
    parser: argparse.ArgumentParser = args.parser
    if not getattr(args, "assignment", None):
        if getattr(args, "algorithm", "") is None:
            raise InputError("give ALGORITHM, or --assignment FILE")
        return None
    from perceptron_ref.grading import assignment  # (only then: crosscheck imports none of it)

    for dest, flag in DEFINED.items():
        if dest in vars(args) and getattr(args, dest) != parser.get_default(dest):
            raise InputError(
                f"{flag}: the assignment file {args.assignment} says it (drop {flag}, or "
                "edit the file)"
            )
    a = assignment.read(args.assignment)
    changed: dict[str, Any] = {}
    for dest in RUN:
        if dest not in vars(args):
            continue
        value = getattr(args, dest)
        if value == parser.get_default(dest):
            continue
        if dest == "memory":
            value = int(value)
        elif dest in ("timeout", "budget"):
            value = float(value)
        changed[dest] = value
    return a.override(**changed) if changed else a
