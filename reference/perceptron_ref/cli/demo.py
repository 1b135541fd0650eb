"""``perceptron-ref demo``: the notes' worked examples, then a property campaign."""

from __future__ import annotations

import argparse
import importlib
from typing import Any

from perceptron_ref import extras, registry
from perceptron_ref.cli.run import positive_int, seed_arg
from perceptron_ref.runner import run
from perceptron_ref.vectors import show

ORDER = 5

GORMLEY = ([(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)], [-1, 1, 1, -1, -1, 1])
BLUM = ([(0, 1), (1, 1), (1, 0)], [-1, 1, 1])
XOR = ([(-1, -1), (1, 1), (-1, 1), (1, -1)], [-1, -1, 1, 1])


def register(sub: Any) -> None:
    p = sub.add_parser(
        "demo",
        help="run the notes' worked examples and a property campaign",
        description="Run the notes' worked examples with every core variant, "
        "then a property campaign on generated separable data, and print what "
        "was verified.",
    )
    p.add_argument(
        "--examples",
        type=positive_int,  # 0 or -1 reached Hypothesis (InvalidArgument, a traceback)
        default=400,
        metavar="N",
        help="generated data sets in the campaign (default 400)",
    )
    p.add_argument(
        "--seed",
        type=seed_arg,  # as every command's --seed (int() echoed a 5000-digit value whole)
        default=None,
        metavar="S",
        help="random seed (default: derandomized, the same every run)",
    )
    p.set_defaults(func=main)


def worked_examples() -> None:
    print("Worked examples (exact)")
    print(f"  {'algorithm':<27} {'zero score':<13} {'slide 15: k, w':<16} {'Blum: k, w':<12} XOR")
    for a in registry.PERCEPTRONS:  # the core variants, in the notes' order
        batch = registry.get(a).kind == "batch"
        epochs = {} if batch else {"epochs": "converge"}
        g = run(a, *GORMLEY)
        b = run(a, *BLUM)
        x = run(a, *XOR, **epochs)  # type: ignore[arg-type]
        xor = f"{x.status} {x.cycle}" if x.cycle else x.status
        print(
            f"  {a:<27} {registry.get(a).zero_score:<13} {g.mistakes}, {show(g.weights):<13}"
            f" {b.mistakes}, {show(b.weights):<9} {xor}"
        )
    print()


def proofs_summary() -> None:
    if extras.missing("proofs"):  # sympy and z3: the proofs extra
        print(f"Proofs: not checked here (sympy and z3: {extras.hint('proofs')})")
        return
    try:
        proofs = importlib.import_module("perceptron_ref_proofs")
    except ImportError:  # pragma: no cover - the proofs package ships with the project
        return
    check_all = getattr(proofs, "check_all", None)
    if check_all is None:
        return
    results = check_all()
    steps = [s for t in results for s in t.steps]
    proved = sum(s.status == "proved" for s in steps)
    theorems = sum(r.proved for r in results)
    print(
        f"Proofs: {theorems}/{len(results)} theorems proved, {proved}/{len(steps)} steps "
        "(sympy, z3; chains, twins, witnesses at every index); "
        "with the Coq kernel: perceptron-ref prove"
    )


def main(args: argparse.Namespace) -> int:
    from perceptron_ref.campaign import campaign  # Hypothesis: loaded only for this command

    worked_examples()
    print(
        f"Property campaign: {args.examples} generated separable data sets "
        "(dimensions 1-8, 1-60 examples), every variant run to convergence"
    )
    tally = campaign(args.examples, args.seed)
    print(f"  {'algorithm':<27} {'data sets':>9} {'steps checked':>14} {'max k/(R^2/gamma^2)':>20}")
    for a, t in tally.items():
        print(f"  {a:<27} {t.data_sets:>9} {t.steps:>14} {t.worst!s:>20}")
    steps = sum(t.steps for t in tally.values())
    runs = sum(t.data_sets for t in tally.values())
    worst = max(t.worst for t in tally.values())
    print("  Theorems (novikoff/mehta, novikoff/gormley, novikoff/press), all held:")
    print(f"    <w, w*> >= k*gamma         after each of {steps} steps")
    print(f"    |w|^2 <= k*R^2             after each of {steps} steps")
    print(
        f"    k <= R^2/gamma^2           in each of {runs} runs (largest k/(R^2/gamma^2): {worst})"
    )
    print()
    proofs_summary()
    return 0
