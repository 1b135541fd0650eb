"""A trace as JSON (the CLI's contract) and as a readable text table."""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

from perceptron_ref.trace import Step, Trace
from perceptron_ref.vectors import Vector, show


def _q(v: Vector) -> list[str]:
    return [str(a) for a in v]


def step_extras(s: Step) -> dict[str, Any]:
    """The fields a learner's Step subclass adds (halving/cover: ``version_space``)."""
    return {f.name: getattr(s, f.name) for f in fields(s)[len(fields(Step)) :]}


def step_to_json(s: Step) -> dict[str, Any]:
    return {
        "epoch": s.epoch,
        "index": s.index,
        "score": str(s.score),
        "prediction": s.prediction,
        "label": s.label,
        "mistake": s.mistake,
        "weights": _q(s.weights),
        **step_extras(s),
    }


def trace_to_json(t: Trace) -> dict[str, Any]:
    """The trace as the JSON object of the CLI contract (every rational a ``str(Fraction)``).

    >>> from perceptron_ref import run
    >>> sorted(trace_to_json(run("perceptron/blum", [(1,)], [1])))
    ['algorithm', 'bias', 'dimension', 'epochs', 'eta', 'mistakes', 'status', 'steps', 'weights']
    """
    return {
        "algorithm": t.algorithm,
        "dimension": t.dimension,
        "bias": t.bias,
        "eta": str(t.eta),
        "mistakes": t.mistakes,
        "epochs": t.epochs,
        "status": t.status,
        "weights": _q(t.weights),
        **({} if t.model is None else t.model.to_json()),  # the vote, the average, the dual form
        "steps": [step_to_json(s) for s in t.steps],
    }


def dumps(t: Trace) -> str:
    """One JSON object, keys in contract order, byte-identical for the same run."""
    return json.dumps(trace_to_json(t), ensure_ascii=False)


def format_text(t: Trace) -> str:
    """A table of the steps kept, then the totals.

    >>> from perceptron_ref import run
    >>> print(format_text(run("perceptron/blum", [(0, 1), (1, 1)], [-1, 1])))
    epoch  index  score  prediction  label  mistake  w
        1      0      0          -1     -1           (0, 0)
        1      1      0          -1      1  *        (1, 1)
    <BLANKLINE>
    perceptron/blum: 1 mistake in 1 epoch (online); d = 2, eta = 1
    w = (1, 1)
    """
    header = ("epoch", "index", "score", "prediction", "label", "mistake", "w")
    rows = [
        (
            str(s.epoch),
            str(s.index),
            str(s.score),
            f"{s.prediction:+d}".replace("+", ""),
            str(s.label),
            "*" if s.mistake else "",
            show(s.weights) + "".join(f"  {k} = {v}" for k, v in step_extras(s).items()),
        )
        for s in t.steps
    ]
    lines = []
    if rows:
        widths = [max(len(r[c]) for r in [header, *rows]) for c in range(len(header))]
        for r in [header, *rows]:
            cells = [r[c].rjust(widths[c]) for c in range(5)]
            cells.append(r[5].ljust(widths[5]))
            lines.append("  ".join([*cells, r[6]]).rstrip())
        lines.append("")
    if t.record != "full":
        lines.append(f"(record = {t.record}: {len(t.steps)} steps kept)")
    plural = "" if t.mistakes == 1 else "s"
    eplural = "" if t.epochs == 1 else "s"
    status: str = t.status
    if t.cycle is not None:
        status = f"cycled: w after epoch {t.cycle[1]} equals w after epoch {t.cycle[0]}"
    lines.append(
        f"{t.algorithm}: {t.mistakes} mistake{plural} in {t.epochs} epoch{eplural} "
        f"({status}); d = {t.dimension}{' with bias' if t.bias else ''}, eta = {t.eta}"
    )
    lines.append(f"w = {show(t.weights)}")
    if t.model is not None:
        lines.append(t.model.to_text())
    return "\n".join(lines)
