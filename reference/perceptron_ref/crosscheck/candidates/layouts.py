"""Shapes and layouts found, not guessed silently: how a candidate takes its data and gives
its weights, found by probing it on tiny data.

Real code takes X as n × d (or d × n, MIT's 6.036 style, with y as a 1 × n row), labels
±1 (or 0/1: ``prediction = 1 if s >= 0 else 0; error = y - prediction``), X and y apart (or
together: rows with the label last, or (x, y) pairs); it learns a bias of its own (w_[0],
a separate b), or none (then ``--bias`` adds a column of ones for it); and it returns w, or
(w, b), or (w, passes).  :func:`find` calls it on :data:`PROBES` (two data sets of five
examples in two dimensions, separable, on which the notes' six perceptrons, a 0/1 perceptron
given ±1 labels, and a ±1 perceptron given 0/1 labels all end apart; checked by the tests) in
each layout in turn, the usual one first, and keeps the first whose answers are, on both,
a positive multiple of one of the notes' perceptrons' (any zero-score rule: that is judged
later, on every data set), and, when it is not the usual one, the same when asked again (a
candidate that shuffles may fit a layout by chance once).  Most candidates are done after the
first request.  A column of ones is added for the bias only when ``--bias`` asks for one.  Each
choice can be forced (``--orientation``, ``--labels``, ``--bias``/``--no-bias``), and the
report says what was found.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from perceptron_ref.crosscheck.candidates.outcomes import (
    Data,
    Failure,
    Outcome,
    Returned,
    interpret,
)
from perceptron_ref.crosscheck.judge.conventions import variants
from perceptron_ref.crosscheck.judge.equivalence import ANY, Interval, meet, proportional
from perceptron_ref.crosscheck.judge.oracle import Oracle
from perceptron_ref.runner import Epochs

F = Fraction
PROBES: tuple[Data, ...] = (
    (((F(0), F(-3)), (F(0), F(2)), (F(2), F(0)), (F(3), F(1)), (F(-2), F(-1))), (-1, 1, -1, -1, 1)),
    (
        ((F(3), F(-3)), (F(-2), F(2)), (F(-2), F(1)), (F(1), F(1)), (F(-1), F(-3))),
        (1, -1, -1, 1, -1),
    ),
)
PROBES_1D: tuple[Data, ...] = (
    (((F(2),), (F(-1),), (F(3),), (F(-2),), (F(1),)), (1, -1, 1, -1, 1)),
    (((F(-3),), (F(1),), (F(-1),), (F(2),), (F(-2),)), (-1, 1, -1, 1, -1)),
)
"""Tiny data for probing (for ``--dimension 1``, and padded with zeros for a larger D)."""


SENT_01 = "labels 0/1 (-1 sent as 0)"
"""How the report says the candidate was sent labels 0/1 (its ``calling``: the feedback's
snippet writes the labels so)."""


@dataclass(frozen=True)
class Layout:
    """How the data go in and the weights come out."""

    orientation: str = "rows"  # "rows": X is n × d; "columns": d × n
    labels: str = "pm1"  # "pm1": ±1; "01": 0/1
    y: str = "flat"  # "flat", "row" (1 × n) or "column" (n × 1)
    data: str = "separate"  # "separate" (X, y), "label-last" rows or "pairs" (x, y)
    bias: str = "none"  # "none", "inside" (its own bias), "column" (the harness adds 1s first)
    extras: bool = False  # it returns (w, more...): w is its first item

    @property
    def told_bias(self) -> bool:
        """The ``bias`` the candidate is told (its own switch, when it has one)."""
        return self.bias == "inside"

    @property
    def reference_bias(self) -> bool:
        return self.bias != "none"

    def json(self) -> dict[str, object]:
        return {
            "orientation": self.orientation,
            "labels": self.labels,
            "y": self.y,
            "data": self.data,
            "column": self.bias == "column",
        }

    def words(self) -> list[str]:
        """What differs from the usual (X n × d, y flat ±1, apart; w returned), in words."""
        said = []
        if self.orientation == "columns":
            said.append("X as d × n (one example per column)")
        if self.y != "flat":
            said.append(f"y as a {'1 × n row' if self.y == 'row' else 'n × 1 column'}")
        if self.labels == "01":
            said.append(SENT_01)
        if self.data == "label-last":
            said.append("X and y as one argument: rows with the label last")
        elif self.data == "pairs":
            said.append("X and y as one argument: (x, y) pairs")
        if self.bias == "inside":
            said.append("it learns a bias of its own: checked with one")
        elif self.bias == "column":
            said.append("a column of ones added first for the bias (it learns none itself)")
        if self.extras:
            said.append(
                "it returns (w, ...): w read from its first vector (after a count: (k, w, ...); "
                "after the bias: (b, w))"
            )
        return said


@dataclass(frozen=True)
class Found:
    """The layout chosen, whether the probes confirmed it, and the answers' readings."""

    layout: Layout
    confirmed: bool
    tried: int  # layouts tried
    two_classes: bool = False  # it fails on data with one class (scikit-learn's rule)

    def notes(self) -> list[str]:
        words = self.layout.words()
        said = []
        if words:
            how = "found by probing" if self.confirmed else "no layout tried fitted better"
            said.append(f"{'; '.join(words)} ({how})")
        if self.two_classes:
            said.append(
                "it fails on data with one class (as scikit-learn does): only data "
                "with both classes were tried"
            )
        return said


Ask = Callable[[Sequence[Data], Layout], list[object]]
"""Call the candidate on data sets laid out so; its raw answers (or Failures)."""


def probes(dimension: int | None) -> tuple[Data, ...]:
    if dimension == 1:
        return PROBES_1D
    if dimension is None or dimension == 2:
        return PROBES
    pad = (F(0),) * (dimension - 2)
    return tuple((tuple(x + pad for x in X), y) for X, y in PROBES)


def _readings(bias: bool | None) -> list[tuple[str, bool]]:
    """(bias reading, extras) to try on one call's answers."""
    modes = {None: ["none", "inside"], True: ["inside"], False: ["none"]}[bias]
    return [(m, extras) for extras in (False, True) for m in modes]


def _calls(bias: bool | None, switch: bool, data: str, forced: dict[str, str]) -> list[Layout]:
    """The call layouts to try, the usual first (``switch``: it has a bias parameter)."""
    kinds = ["label-last", "pairs"] if data == "data" else ["separate"]
    shapes = [("rows", "flat"), ("columns", "row"), ("columns", "flat"), ("rows", "column")]
    if "orientation" in forced:
        shapes = [s for s in shapes if s[0] == forced["orientation"]]
    labels = [forced["labels"]] if "labels" in forced else ["pm1", "01"]
    told = [False, True] if switch and bias is None else [bool(bias)] if switch else [False]
    found = []
    for t, lab, (o, y), k in itertools.product(told, labels, shapes, kinds):
        found.append(Layout(o, lab, y, k, "inside" if t else "none"))
    if bias:  # asked for a bias: the harness's column of ones, for a candidate with none
        found += [replace(f, bias="column") for f in found if f.bias == "none"]
    return found


def find(
    ask: Ask,
    algorithm: str,
    epochs: Epochs,
    *,
    bias: bool | None,
    switch: bool,
    data: str,
    dimension: int | None = None,
    forced: dict[str, str] | None = None,
) -> Found:
    """The first layout whose answers on the probes match one of the notes' perceptrons up
    to a learning rate (see the module's docstring); else the first whose answers at least
    read as weights; else the usual one."""
    sets = probes(dimension)
    forced = forced or {}
    readable: list[Layout] = []
    calls = _calls(bias, switch, data, forced)
    one_class: Data = (sets[0][0], tuple(1 for _ in sets[0][1]))
    two_classes = False
    for tried, layout in enumerate(calls, 1):
        answers = ask([*sets, one_class], layout)
        *answers, alone = answers
        refused = isinstance(alone, Failure) and alone.kind == "crash"
        modes = (
            _readings(bias) if layout.bias != "column" else [("column", False), ("column", True)]
        )
        if layout.bias == "inside":
            modes = [m for m in modes if m[0] == "inside"]
        elif layout.bias == "none" and switch:
            modes = [m for m in modes if m[0] == "none"]
        for mode, extras in modes:
            chosen = replace(layout, bias=mode, extras=extras)
            outcomes = [_read(a, d, chosen) for a, d in zip(answers, sets, strict=True)]
            if all(isinstance(o, Returned) for o in outcomes):
                readable.append(chosen)
                two_classes = two_classes or refused
                if _matches(outcomes, sets, algorithm, epochs, chosen.reference_bias):  # type: ignore[arg-type]
                    if tried > 1 and _results(ask(sets, layout)) != _results(answers):
                        continue  # answered otherwise when asked again: chance, not a layout
                    return Found(chosen, True, tried, refused)
    # nothing fitted: the first layout whose answers read as weights (all of them first)
    whole = [r for r in readable if not r.extras] or readable
    usual = calls[0] if calls else Layout()
    return Found(whole[0] if whole else usual, False, len(calls), two_classes)


def _results(answers: Sequence[object]) -> list[object]:
    """What the answers say, their timings aside."""
    return [a.get("result") if isinstance(a, dict) else str(a) for a in answers]


def _read(answer: object, data: Data, layout: Layout) -> Outcome:
    if not isinstance(answer, dict) or "result" not in answer:
        return answer  # type: ignore[return-value]  # a Failure
    return interpret(answer["result"], data, layout.reference_bias, extras=layout.extras)


def _matches(
    outcomes: Sequence[Returned], sets: Sequence[Data], algorithm: str, epochs: Epochs, bias: bool
) -> bool:
    """Is every answer c·W for one c > 0, W one of the comparable variants' runs (bias first
    or last)?"""
    for last in (False, True) if bias else (False,):
        per_set: list[list[Interval]] = []
        for o, d in zip(outcomes, sets, strict=True):
            got = o.weights if not last else (o.weights[-1], *o.weights[:-1])
            runs = [
                Oracle(v, bias=bias, epochs=epochs, eta=F(1)).trace(d).weights
                for v in variants(algorithm, epochs)
            ]
            spans = [s for W in runs if (s := proportional(got, W, floats=True)) is not None]
            if not spans:
                break
            per_set.append(spans)
        else:
            for choice in itertools.product(*per_set):
                real = [s for s in choice if s != ANY]
                if not real or meet(real) is not None:
                    return True
    return False
