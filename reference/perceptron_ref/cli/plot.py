"""``perceptron-ref plot ALGORITHM FILE``: draw a run on 2-D data (or 1-D data with --bias)."""

from __future__ import annotations

import argparse
from typing import Any

from perceptron_ref import registry
from perceptron_ref.cli.run import add_data_options, read_data
from perceptron_ref.errors import InputError
from perceptron_ref.perceptron import blum, gormley_batch, gormley_online, mehta, press, ssbd
from perceptron_ref.runner import run

ORDER = 70
NEEDS = ("plot",)

NOTES = tuple(m.ALGORITHM.id for m in (blum, mehta, gormley_online, gormley_batch, press, ssbd))
"""The algorithms whose trace's w is the separator drawn (the six perceptrons of the notes)."""


def register(sub: Any) -> None:
    p = sub.add_parser(
        "plot",
        help="draw a run on 2-D data: the separator after each update, w*, γ and R",
        description="Run ALGORITHM (a perceptron) on FILE and draw it: the points by "
        "label, the separator after each update (older ones dashed and fainter, numbered; "
        "an arrow points to each one's + side, where w·a > 0), the examples that caused "
        "updates, the final separator (solid, bold, black) and, when the data are "
        "separable, the exact max-margin w*, its margin band γ, the circle of radius R "
        "and k against R²/γ² (exact fractions in the legend, right of the plot).  FILE "
        "must be 2-D, or 1-D with --bias (drawn in the plane of (1, x)).",
    )
    add_data_options(p)
    p.add_argument(
        "--out",
        default="run.svg",
        metavar="FILE.svg|FILE.png",
        help="output file; the format follows the suffix (default run.svg)",
    )
    p.add_argument("--panels", action="store_true", help="one panel per update")
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    # Imported here: matplotlib takes a moment to load, and only this command needs it.
    from perceptron_ref.plotting.run_figure import picture, run_figure
    from perceptron_ref.plotting.scene import bound_label, embedding
    from perceptron_ref.plotting.style import check_out, save

    out = check_out(args.out)
    registry.get(args.algorithm)  # an unknown ID fails here, before the data are read
    if args.algorithm not in NOTES:
        raise InputError(
            f"plot draws the separators w·x = 0 of the notes' perceptrons "
            f"({', '.join(NOTES)}); not {args.algorithm}"
        )
    data, bias = read_data(args)  # --input-format coq implies the bias
    try:
        embedding(len(data.X[0]), bias)
    except InputError as error:
        raise InputError(error.problem, source=args.file) from None
    trace = run(
        args.algorithm,
        data.X,
        data.y,
        bias=bias,
        eta=args.eta,
        epochs=args.epochs,
        max_epochs=args.max_epochs,
    )
    pic = picture(trace, data.X, data.y, source=args.file)
    save(run_figure(pic, panels=args.panels), out)
    print(f"wrote {out}: {trace.algorithm}, {bound_label(pic)}")
    return 0
