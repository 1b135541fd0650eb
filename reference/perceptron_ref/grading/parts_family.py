"""The ``predict`` part of a family beyond the core six: the student's prediction function,
called with the reference's own trained model, against the reference's prediction.

``winnow/*``
    given ``w`` (the bias first; ``b`` apart when the function takes it): +1 iff w·x ≥ θ,
    θ = n the number of weights (``winnow-*.2``); at w·x = θ the assignment's
    ``zero_label`` (+1 by default, the notes').
``perceptron/voted``
    given ``votes``, a list of (v, c) tuples: sign(Σ c·sign(v·x)) (``voted.8``), sign(0)
    the assignment's ``zero_label`` (+1 by default, the reference's), inside the sum and out.
``perceptron/structured``
    given ``W``, one row per class 0 … K−1 (the bias first): the class of the largest
    W[k]·x (``structured.3``), the first of tied classes (np.argmax's).

x (or each row of X) comes without the bias's 1, as a core predict's.  The voted perceptron's
``votes`` is the list its train part returns: each v with the bias first when the assignment
has one, c the number of examples it survived, without the initial (0, 0) that has no vote.
The models are the first 8 the reference's runs pass through (from the start) on each of the
family's own small data sets (:mod:`~perceptron_ref.crosscheck.data.families`: Winnow's 0/1
points, multiclass labels 0 … K−1), and the points are the data's examples and the family's
probe points (the origin: a zero score for every v and a tie of every class; Winnow's all-ones
point: w·x = θ while w is still 1).  The ties are asked first (up to half the calls), so a
prediction wrong only at the tie loses this part, and only this part: a wrong training loop
never reaches it.  With float input, only the calls whose every score float64 computes
exactly, in any order.

The averaged perceptron's ``predict`` is the core's (sign of w̄·x):
:func:`~perceptron_ref.grading.parts.predict_result`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from perceptron_ref import run
from perceptron_ref.crosscheck.candidates import calls as C
from perceptron_ref.crosscheck.data import datasets
from perceptron_ref.crosscheck.family import of as family_of
from perceptron_ref.crosscheck.family_check import usable
from perceptron_ref.crosscheck.judge.families import with_bias
from perceptron_ref.crosscheck.judge.families.voted import canonical
from perceptron_ref.crosscheck.judge.families.winnow import summed_exactly
from perceptron_ref.grading import feedback
from perceptron_ref.grading.assignment import Assignment, Part
from perceptron_ref.perceptron.multiclass import run_multiclass
from perceptron_ref.perceptron.structured import Argmax
from perceptron_ref.perceptron.voted import vote
from perceptron_ref.vectors import Vector, dot

MAX_CALLS = 300
"""At most this many predictions asked (ties first)."""
SMALL = (60, 40)
"""The data sets drawn: at most this many examples and features (the family's large regimes,
Winnow's 300 features, are for its train part)."""
CODES = {"winnow": "winnow-tie", "voted": "vote-tie", "multiclass": "argmax-tie"}
"""The diagnosis code of a prediction wrong only at the tie (crosscheck's, for the train)."""


@dataclass(frozen=True)
class Ask:
    """One prediction asked: the model, the point (without the bias's 1), the reference's
    answer, whether the point is at the tie, and the scores in words."""

    model: Any
    x: Vector
    want: int
    tie: bool
    why: str


def _sign(s: Fraction, at_zero: int) -> int:
    return at_zero if s == 0 else (1 if s > 0 else -1)


def _winnow(w: Vector, x: Vector, z: int, bias: bool) -> Ask:
    s, theta = dot(w, x), Fraction(len(w))
    tie = s == theta
    want = z if tie else (1 if s > theta else -1)
    words = "=" if tie else ">" if s > theta else "<"
    n = "the number of weights, the bias's among them" if bias else "the number of weights"
    why = f"w·x = {feedback.number(s)} and θ = n = {len(w)} ({n}): w·x {words} θ"
    return Ask(w, x, want, tie, why)


def _voted(votes: tuple[tuple[Vector, int], ...], x: Vector, z: int) -> Ask:
    scores = [dot(v, x) for v, _ in votes]
    total = sum(c * _sign(s, z) for (_, c), s in zip(votes, scores, strict=True))
    want = vote(votes, x) if z == 1 else _sign(Fraction(total), z)  # the reference's vote
    zeros = scores.count(Fraction(0))
    tie = zeros > 0 or total == 0
    why = f"Σ c·sign(v·x) = {total}" + (
        f", with v·x = 0 for {zeros} of the {len(votes)} vectors" if zeros else ""
    )
    return Ask(votes, x, want, tie, why)


def _multiclass(W: tuple[Vector, ...], x: Vector) -> Ask:
    scores = [dot(w, x) for w in W]
    alpha = tuple(a for w in W for a in w)
    want = int(Argmax(tuple(range(len(W))), alpha).predict(x))  # the reference's argmax
    top = [k for k, s in enumerate(scores) if s == max(scores)]
    said = ", ".join(f"W[{k}]·x = {feedback.number(s)}" for k, s in enumerate(scores))
    why = said + (f": classes {', '.join(map(str, top))} tie" if len(top) > 1 else "")
    return Ask(W, x, want, len(top) > 1, why)


def _models(assignment: Assignment, X: Any, y: Any) -> list[Any]:
    """Every model the reference's run passes through (each once), from the start."""
    options = assignment.family_options
    family = family_of(assignment.algorithm).name
    out: list[Any] = []
    if family == "multiclass":
        t = run_multiclass(X, y, **options.run())
        d = t.dimension
        K = len(t.classes)
        found = [tuple(s.weights[k * d : (k + 1) * d] for k in range(K)) for s in t.steps]
        out = [tuple((Fraction(0),) * d for _ in range(K)), *found]
    else:
        trace = run(assignment.algorithm, X, y, **options.run())
        if family == "voted":
            out = [canonical(s.model.perceptrons) for s in trace.steps]  # type: ignore[union-attr]
        else:
            out = [(Fraction(1),) * len(trace.weights), *(s.weights for s in trace.steps)]
    kept: dict[Any, None] = {}
    for m in out:
        if m:  # the voted perceptron's first pairs: (0, 0) has no vote
            kept.setdefault(m, None)
    return list(kept)


def _exact(ask: Ask, bias: bool, family: str) -> bool:
    """Does float64 compute every score of this call exactly, in any order?"""
    x = with_bias([ask.x], bias)[0]
    rows = (
        [v for v, _ in ask.model]
        if family == "voted"
        else list(ask.model)
        if family == "multiclass"
        else [ask.model]
    )
    return all(summed_exactly([a * b for a, b in zip(w, x, strict=True)]) for w in rows)


def asks(assignment: Assignment) -> list[Ask]:
    """The predictions asked: ties first (up to a half), then the rest, at most MAX_CALLS."""
    options = assignment.family_options
    family = family_of(assignment.algorithm)
    floats = assignment.input != "fractions"
    needs = datasets.Needs(assignment.bias, assignment.epochs == "converge", floats, False)

    def keep(d: Any) -> bool:  # small data only: each model asked at each point
        small = len(d[0]) <= SMALL[0] and len(d[0][0]) <= SMALL[1]
        return small and not usable(d, family=family, options=options, needs=needs)

    drawn = family.regimes.draw(options, needs, assignment.examples, assignment.seed, keep)
    z = assignment.zero_label
    make: Callable[[Any, Vector], Ask] = {
        "winnow": lambda m, x: _winnow(m, x, z, assignment.bias),
        "voted": lambda m, x: _voted(m, x, z),
        "multiclass": _multiclass,
    }[family.name]
    found: list[Ask] = []
    for case in sorted(drawn, key=lambda c: c.size):  # each data set: 8 models × 12 points
        X, y = case.data
        points = [tuple(Fraction(v) for v in x) for x in X]
        points += [p for p in family.regimes.probes(case.data, options) if p not in points]
        if family.name == "winnow":  # Winnow's points are 0/1
            points = [p for p in points if all(v in (0, 1) for v in p)]
        for m in _models(assignment, X, y)[:8]:
            for p in points[:12]:
                a = make(m, with_bias([p], assignment.bias)[0])
                a = Ask(a.model, p, a.want, a.tie, a.why)
                if not floats or _exact(a, assignment.bias, family.name):
                    found.append(a)
        at_tie = sum(1 for a in found if a.tie)
        if len(found) >= 3 * MAX_CALLS or (at_tie >= MAX_CALLS // 2 and len(found) >= MAX_CALLS):
            break
    ties = [a for a in found if a.tie][: MAX_CALLS // 2]
    rest = [a for a in found if not a.tie]
    return ties + rest[: MAX_CALLS - len(ties)]


def _args(part: Part, ask: Ask, xs: list[Vector] | None) -> list[C.Arg]:
    out = []
    for role, _ in part.arguments:
        if role == "x":
            out.append(C.vector(ask.x))
        elif role == "X":
            out.append(C.matrix(xs or [ask.x]))
        elif role == "votes":
            out.append(C.votes(ask.model))
        elif role == "W":
            out.append(C.matrix(ask.model))
        elif role == "w":
            split = any(r == "b" for r, _ in part.arguments)
            out.append(C.vector(ask.model[1:] if split else ask.model))
        else:  # b
            out.append(C.number(ask.model[0]))
    return out


def groups(part: Part, asked: list[Ask]) -> list[list[Ask]]:
    """The calls: one per prediction, or with X one per model, its points together."""
    if not any(r == "X" for r, _ in part.arguments):
        return [[a] for a in asked]
    by: dict[Any, list[Ask]] = {}
    for a in asked:
        by.setdefault(a.model, []).append(a)
    return list(by.values())


def arguments(part: Part, group: list[Ask]) -> list[C.Arg]:
    """One call's arguments, in the part's order."""
    return _args(part, group[0], [a.x for a in group])


def read_class(answer: Any) -> int | None:
    """A multiclass prediction: an integer class, or None."""
    try:
        q = Fraction(str(answer))
    except (ValueError, ZeroDivisionError):
        return None
    return int(q) if q.denominator == 1 else None


def right(asked: list[Ask], family: str) -> str:
    """What a student reads when every prediction is right."""
    ties = sum(1 for a in asked if a.tie)
    model = {"winnow": "weights", "voted": "votes", "multiclass": "rows W"}[family]
    tie = {"winnow": "w·x = θ", "voted": "a zero score", "multiclass": "a tie in the argmax"}
    return (
        f"Right on all {len(asked)} predictions, with the reference's own {model} ({ties} at "
        f"{tie[family]})."
    )


def explain(
    assignment: Assignment,
    family: str,
    group: list[Ask],
    got: Any,
    labels: list[int | None],
    written: Callable[[int], str],
) -> tuple[list[str], str, str]:
    """The lines after the call of a wrong answer (expected, yours, the first difference in
    words) and, when every wrong prediction is at the tie, its code and evidence."""

    def said(label: int) -> str:
        return str(label) if family == "multiclass" else written(label)

    want = [a.want for a in group]
    readable = None not in labels and len(labels) == len(want)
    raw = ", ".join(map(str, got)) if isinstance(got, list) else str(got)
    lines = [
        "expected " + ", ".join(said(t) for t in want),
        "yours    "
        + (", ".join(said(g) for g in labels if g is not None) if readable else raw[:200]),
    ]
    if len(labels) != len(want):
        return [*lines, f"It gave {len(labels)} answers for {len(want)} points."], "", ""
    wrong = [a for a, g in zip(group, labels, strict=True) if g != a.want]
    first = wrong[0]
    x = ", ".join(feedback.number(v) for v in first.x)
    kind = "class " if family == "multiclass" else ""
    lines.append(f"For x = ({x}): {first.why}, so the answer is {kind}{said(first.want)}.")
    if not all(a.tie for a in wrong):
        return lines, "", ""
    z = said(assignment.zero_label)
    evidence = {
        "winnow": f"yours is wrong only where w·x = θ, where the assignment predicts {z}",
        "voted": f"yours is wrong only where a score is 0, where sign(0) = {z}",
        "multiclass": "yours is wrong only at a tie in the argmax",
    }[family]
    return lines, CODES[family], evidence
