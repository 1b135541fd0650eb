"""``perceptron-ref plot-bound``: k against R²/γ² over a seeded property campaign."""

from __future__ import annotations

import argparse
from typing import Any

from perceptron_ref.cli.run import positive_int, seed_arg

ORDER = 71
NEEDS = ("plot",)

ADVERSARY = (1, 2, 3, 4)
"""Blum's adversary with γ = 1/1, …, 1/4: N = 1/γ² = 1, 4, 9, 16 coordinate vectors."""


def register(sub: Any) -> None:
    p = sub.add_parser(
        "plot-bound",
        help="draw k against R²/γ² for every variant over a seeded campaign",
        description="Generate seeded separable data sets (as perceptron_ref.testing."
        "separable_data builds them), run the six perceptrons of the notes to convergence, "
        "and draw k against R²/γ² (γ: the exact max margin) on log axes, each variant with "
        "its own marker and colour, with the line k = R²/γ² and Blum's lower-bound adversary "
        "(N = 1/γ² coordinate vectors, perceptron_ref.adversaries.blum_lower_bound) on it.  "
        "The largest k/(R²/γ²) is printed exactly, once for the variants that share it.",
    )
    p.add_argument(
        "--examples",
        type=positive_int,
        default=40,
        metavar="N",
        help="number of data sets (default 40)",
    )
    p.add_argument("--seed", type=seed_arg, default=0, metavar="S", help="seed (default 0)")
    p.add_argument(
        "--max-dimension",
        type=positive_int,
        default=8,
        metavar="D",
        help="largest dimension of a data set (default 8)",
    )
    p.add_argument(
        "--max-size",
        type=positive_int,
        default=60,
        metavar="N",
        help="largest number of examples in a data set (default 60)",
    )
    p.add_argument(
        "--out",
        default="bound.svg",
        metavar="FILE.svg|FILE.png",
        help="output file; the format follows the suffix (default bound.svg)",
    )
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    # Imported here: matplotlib takes a moment to load, and only the plot commands need it.
    from perceptron_ref.plotting.bound_figure import bound_figure, ratio_lines
    from perceptron_ref.plotting.campaign import adversary_points, campaign
    from perceptron_ref.plotting.style import check_out, save

    out = check_out(args.out)
    points = campaign(
        args.examples, args.seed, max_dimension=args.max_dimension, max_size=args.max_size
    )
    adversary = tuple(p for root in ADVERSARY for p in adversary_points(root))
    assert all(p.k == p.bound for p in adversary), "Blum's adversary meets the bound"
    save(bound_figure(points, adversary, examples=args.examples, seed=args.seed), out)
    print(f"wrote {out}: {len(points)} runs on {args.examples} data sets (seed {args.seed})")
    for line in ratio_lines(points):  # a ratio the variants share is printed once
        print(f"  {line}")
    sizes = ", ".join(str(root * root) for root in ADVERSARY)
    print(f"  Blum's adversary, N = {sizes}: k = N = R²/γ² for every variant")
    return 0
