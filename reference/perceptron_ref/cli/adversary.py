"""``perceptron-ref adversary KIND``: build the data an adversary forces on a learner.

``blum-lower-bound --gamma 1/3 --learner perceptron/mehta`` writes Blum's 1/γ² coordinate
vectors labelled against the learner; ``shattered-tree --rounds T --learner ID`` writes
Shalev-Shwartz & Ben-David's v_t = (a_t, 1, 0, …).  The CSV (``--out FILE``, default
stdout) is the ``run`` command's format, with comment lines giving the certificate (w*,
γ, or the realizing w) and the forced mistake count, which a summary line on stderr
repeats when writing to a file.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from perceptron_ref import registry
from perceptron_ref.adversaries.blum_lower_bound import blum_lower_bound
from perceptron_ref.adversaries.shattered_tree import shattered_tree
from perceptron_ref.cli.run import positive_int, rational_arg
from perceptron_ref.errors import InputError
from perceptron_ref.vectors import Label, Vector, show

ORDER = 40


def csv_lines(X: tuple[Vector, ...], y: tuple[Label, ...], comments: list[str]) -> list[str]:
    """The data set as the ``run`` command reads it: ``x1,…,xd,y``, rationals exact."""
    return [f"# {c}" for c in comments] + [
        ",".join([*(str(v) for v in x), str(t)]) for x, t in zip(X, y, strict=True)
    ]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "adversary",
        help="write the data set an adversary builds against a learner",
        description="Build, against a deterministic online learner, the data of Blum's "
        "1/gamma^2 lower bound or of the shattered tree of Shalev-Shwartz & Ben-David, "
        "and write it as CSV.",
    )
    kinds = p.add_subparsers(dest="kind", required=True, metavar="KIND", parser_class=type(p))
    blum = kinds.add_parser(
        "blum-lower-bound",
        help="1/gamma^2 coordinate vectors, each labelled against the learner",
        description="N = 1/gamma^2 coordinate vectors e1..eN, each labelled against the "
        "learner: N mistakes, margin gamma for the unit w* = sum y_i gamma e_i.",
    )
    blum.add_argument(
        "--gamma", type=rational_arg, required=True, metavar="Q", help="1/m for an integer m"
    )
    tree = kinds.add_parser(
        "shattered-tree",
        help="T points (a_t, 1, 0, ...) by bisection, each labelled against the learner",
        description="T points v_t = (a_t, 1, 0, ...), a_t by bisection of [0, 1], each "
        "labelled against the learner: T mistakes, realizable by w = (-1, a, 0, ...).",
    )
    tree.add_argument("--rounds", type=positive_int, required=True, metavar="T")
    tree.add_argument(
        "--dimension", type=positive_int, default=2, metavar="D", help="d >= 2 (default 2)"
    )
    for q in (blum, tree):
        q.add_argument(
            "--learner",
            default="perceptron/mehta",
            metavar="ID",
            help="algorithm ID (default perceptron/mehta): "
            + ", ".join(sorted(registry.ALGORITHMS)),
        )
        q.add_argument(
            "--eta", type=rational_arg, default=None, metavar="Q", help="the learner's eta"
        )
        q.add_argument("--k", type=positive_int, default=None, help="the learner's k (k-of-r)")
        q.add_argument(
            "--epsilon", type=rational_arg, default=None, metavar="Q", help="the learner's epsilon"
        )
        q.add_argument("--out", default="-", metavar="FILE", help="output CSV (default: stdout)")
        q.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    options = {
        name: getattr(args, name)
        for name in ("eta", "k", "epsilon")
        if getattr(args, name) is not None
    }
    if args.kind == "blum-lower-bound":
        data = blum_lower_bound(args.gamma, args.learner, **options)
        X, y = data.X, data.y
        comments = [
            f"Blum's lower bound against {args.learner}: gamma = {data.gamma}, "
            f"{data.mistakes} mistakes forced",
            f"w* = {show(data.w_star)} (unit), y*<w*,x> = {data.gamma} for every x (unit)",
        ]
    else:
        tree = shattered_tree(args.rounds, args.learner, args.dimension, **options)
        X, y = tree.X, tree.y
        comments = [
            f"shattered tree against {args.learner}: {tree.mistakes} rounds, "
            f"{tree.mistakes} mistakes forced",
            f"realized by w = {show(tree.w)}",
        ]
    text = "\n".join(csv_lines(X, y, comments)) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        try:
            with open(args.out, "w", encoding="utf-8") as out:
                out.write(text)
        except OSError as error:
            raise InputError(f"cannot write {args.out}: {error.strerror}") from None
        print(f"{args.out}: {len(X)} examples; {comments[0]}", file=sys.stderr)
    return 0
