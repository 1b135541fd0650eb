"""Feedback a student can act on: the counterexample as they would type it, numbers exact and
in decimals, the first divergent step in words, a hint, and no internal names.

Built from a crosscheck :class:`~perceptron_ref.crosscheck.check.Report`.  The data set is
written as a call of their function with the input type they were graded with (numpy
arrays, lists of ``Fraction``, or plain lists; a ``cmd:`` program gets its JSON line).  A
rational is shown exactly with its decimal beside it (``1/3 ≈ 0.333333``); one too long to
read (more than :data:`LONG` characters) only as a decimal with its number of digits.
Texts from the harness lose the names only it knows ("data set 2", spec line IDs).

>>> number(Fraction(3, 4)), number(Fraction(1, 3)), number(Fraction(-2))
('3/4 = 0.75', '1/3 ≈ 0.333333', '-2')
>>> number(Fraction(10**70 + 1, 3))
'≈ 3.33333e+69 (an exact fraction of 72 digits)'
>>> plain("hang: no result within the time limit (killed) on data set 3")
'hang: no result within the time limit (killed)'
>>> hint("learning-rate", "your weights are 1/100 of the expected ones")
'Hint: your weights are 1/100 of the expected ones: a learning rate (step size) other than 1?'
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Sequence
from fractions import Fraction

from perceptron_ref import registry
from perceptron_ref.crosscheck.candidates import layouts
from perceptron_ref.crosscheck.candidates.outcomes import Failure, Returned
from perceptron_ref.crosscheck.check import Report

LONG = 24
RULES = {
    "tie-positive": "a zero score w·x = 0 predicts +1",
    "tie-negative": "a zero score w·x = 0 predicts -1",
    "tie-mistake": "a zero score w·x = 0 is always a mistake",
}
HINTS = {
    "learning-rate": "{e}: a learning rate (step size) other than 1?",
    "initial-weights": "{e}: w must start at the zero vector.",
    "nondeterministic": "{e}: do you shuffle, or use randomness? The same data must give "
    "the same w.",
    "order": "{e}: go through the examples in the order given.",
    "threshold": "{e}: check the mistake test at w·x = 0 (< versus <=).",
    "float-rounding": "{e}: your numbers are rounded; avoid divisions and float tricks.",
    "overflow": "{e}: fixed-width integers overflow and cut fractions toward 0; use float64 "
    "(or Python ints on integer data).",
    "stateful": "{e}: start afresh on every call (no global or default-argument state).",
    "bias-last": "{e}: return the bias as the FIRST weight (the constant 1 comes first).",
    "dimension": "{e}: return one weight per feature (plus the bias, first, with a bias).",
    "passes": "{e}: count your passes (epochs) over the data.",
    "printed-digits": "{e}.",
    "label-coding": "{e}.",
    # the families beyond the core six (crosscheck/family.py)
    "average-span": "{e}: average the weights after each example, w₁ … w_N.",
    "average-updates": "{e}: add w to the sum after every example, not only after an update.",
    "average-divisor": "{e}: divide the sum by the number of examples seen.",
    "training-tie": "{e}: count a zero score as a mistake (y·(w·x) <= 0).",
    "predict-tie": "{e}: predict +1 where the score is 0.",
    "vote-count": "{e}: a new vector's count starts at 1 (the example that made it).",
    "vote-tie": "{e}: take sign(0) = +1 in the vote (np.sign(0) is 0).",
    "kernel-swapped": "{e}: the kernel is (x·x' + c)^degree.",
    "kernel-scaled": "{e}: do not scale x·x' (scikit-learn's gamma defaults to 1/d).",
    "kernel-bias": "{e}: no bias apart: the kernel is K itself.",
    "kernel-offset": "{e}: add the offset c before the power: (x·x' + c)^degree.",
    "argmax-tie": "{e}: the first class wins a tie in the argmax (as np.argmax).",
    "update-true-only": "{e}: also subtract x from the predicted class's row.",
    "update-predicted-only": "{e}: also add x to the true class's row.",
    "half-step": "{e}: subtract x itself from the predicted class's row.",
    "winnow-threshold": "{e}: the threshold is n, the number of features.",
    "winnow-tie": "{e}: predict + when w·x equals the threshold (>=).",
    "winnow-demotion": "{e}: demote the active weights as the notes do.",
    "winnow-promotion": "{e}: promote by the notes' factor (2 for a disjunction, 1 + ε).",
    "scaled-weights": "{e}: start the weights at 1 and use the threshold n.",
    "sign-zero": "{e}: a hypothesis predicts +1 where ⟨w, x⟩ = 0.",
    "majority-tie": "{e}: a tied vote predicts +1.",
}


def hint(code: str, evidence: str) -> str:
    """One diagnosis (a code and its evidence, one sentence with numbers) as a hint."""
    evidence = plain(evidence).rstrip(".")
    return "Hint: " + HINTS.get(code, "{e}.").format(e=evidence)


def decimal(q: Fraction, digits: int = 6) -> str:
    """q in decimals: exactly when it ends within 12 places, else to ``digits`` figures."""
    for places in range(13):
        if (q * 10**places).denominator == 1:
            digits_ = str(abs(int(q * 10**places))).rjust(places + 1, "0")
            whole, part = digits_[: len(digits_) - places], digits_[len(digits_) - places :]
            text = ("-" if q < 0 else "") + whole + ("." + part if part else "")
            if len(text) <= LONG:
                return text
            break
    return f"{float(q):.{digits}g}"


def number(q: Fraction) -> str:
    """q exactly, with its decimal beside it (only the decimal when q is too long)."""
    exact = str(q)
    if len(exact) > LONG:
        digits = len(str(abs(q.numerator))) + (len(str(q.denominator)) if q.denominator > 1 else 0)
        return f"≈ {float(q):.6g} (an exact fraction of {digits} digits)"
    if q.denominator == 1:
        return exact
    value = decimal(q)
    return f"{exact} {'=' if Fraction(value) == q else '≈'} {value}"


def vector(w: Sequence[Fraction]) -> str:
    return "(" + ", ".join(number(v) for v in w) + ")"


def plain(text: str) -> str:
    """A harness text without internal names, long numbers shortened."""
    text = re.sub(r"\(final weights on data set \d+\)", "(in the final weights)", text)
    text = re.sub(r" on (?:data set \d+|this data set)", "", text)
    text = re.sub(r"\s*\((?:on )?data set \d+\)", "", text)
    text = re.sub(r"data set \d+", "a data set", text)
    text = re.sub(r",? ?spec line [\w-]+\.\d+", "", text)
    long = rf"-?\d[\d/]{{{LONG},}}"
    return re.sub(long, lambda m: number(Fraction(m.group())), text)


def _py(v: Fraction | int, kind: str) -> str:
    if kind == "fractions":
        return f"F({v.numerator})" if v.denominator == 1 else f"F({v.numerator}, {v.denominator})"
    if kind == "lists" and v.denominator == 1:
        return str(v.numerator)
    return repr(float(v))


TOLD_ROWS = 64
"""At most this many rows of a told argument are written out in a snippet: Halving's cover has
16 hypotheses in 2 dimensions, 312 in 3 and 4096 in 4 (a shrunk counterexample is small)."""


def as_typed(
    X: Sequence[Sequence[Fraction | int]],
    y: Sequence[int],
    kind: str,
    entry: str,
    told: Sequence[tuple[str, Sequence[Sequence[str]]]] = (),
    called: str = "",
    labels01: bool = False,
) -> str:
    """The data set as the student would type it: a call of their function, with the told
    arguments that are rows (``told``: Halving's hypotheses) defined before it and passed as
    the candidate was given them (``called``, the worker's words for its call), else in order
    after ``X, y``; with no rows told, ``called`` itself when it is a call Python runs on
    ``X`` and ``y`` alone (``train(X, y, eta=0.5)``: the step it was told, which the student's
    function may require).  ``labels01``: the candidate was sent 0 for -1.

    >>> print(as_typed([[1]], [1], "fractions", "halving", [("hypotheses", [["-1"], ["1"]])]))
    from fractions import Fraction as F
    X = [[F(1)]]
    y = [1]
    hypotheses = [[F(-1)], [F(1)]]
    halving(X, y, hypotheses)
    >>> print(as_typed([[1]], [1], "fractions", "halving", [("hypotheses", [["1"]])],
    ...                "halving(X, y, epochs=1, H=<the H told>)").splitlines()[-2:])
    ['H = [[F(1)]]', 'halving(X, y, epochs=1, H=H)']
    """
    rows = ", ".join("[" + ", ".join(_py(v, kind) for v in x) + "]" for x in X)
    labels = ", ".join(str(0 if labels01 and t == -1 else t) for t in y)
    if kind == "cmd":
        line: dict[str, object] = {"X": [[str(v) for v in x] for x in X], "y": list(y)}
        if told:
            line["options"] = {name: [list(row) for row in value] for name, value in told}
        return "echo '" + json.dumps(line) + "' | your-program"
    names = [name for name, _ in told]
    call = f"{entry}(X, y{''.join(', ' + n for n in names)})"
    placed = re.findall(r"<the (\w+) told>", called)
    if told and len(placed) == len(told) and "<the kernel" not in called:
        names, call = placed, re.sub(r"<the (\w+) told>", r"\1", called)
    elif not told and _runs(called):
        call = called
    defined = [f"{n} = {_told_rows(v, kind)}" for n, (_, v) in zip(names, told, strict=True)]
    if kind == "numpy":
        return "\n".join(
            ["import numpy as np", f"X = np.array([{rows}])", f"y = np.array([{labels}])",
             *defined, call]
        )  # fmt: skip
    head = ["from fractions import Fraction as F"] if kind == "fractions" else []
    return "\n".join([*head, f"X = [{rows}]", f"y = [{labels}]", *defined, call])


def _runs(call: str) -> bool:
    """Whether ``call`` is one call (or a method of one) that Python runs given ``X`` and
    ``y``: ``train(X, y, eta=0.5)``, ``Perceptron(eta=0.5).fit(X, y)``; not a description
    (``... once per pass``, ``w (it writes)``, ``zeros(d)``)."""
    try:
        tree = ast.parse(call, mode="eval").body
    except SyntaxError:
        return False
    root = tree
    while isinstance(root, ast.Call | ast.Attribute):
        root = root.func if isinstance(root, ast.Call) else root.value
    if not isinstance(tree, ast.Call) or not isinstance(root, ast.Name):
        return False
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    return names <= {root.id, "X", "y"}


def _told_rows(value: Sequence[Sequence[str]], kind: str) -> str:
    """Rows told to the candidate, as it was given them (see the worker's ``_told``)."""
    if len(value) > TOLD_ROWS:
        return f"...  # the {len(value)} rows crosscheck told (too many to show here)"
    rows = ", ".join("[" + ", ".join(_py(Fraction(v), kind) for v in row) + "]" for row in value)
    return f"np.array([{rows}])" if kind == "numpy" else f"[{rows}]"


def _step(report: Report) -> list[str]:
    """The first divergent step, in words."""
    c = report.counterexample
    assert c is not None
    d = c.divergence
    if d is None:
        return []
    X, y = c.data
    steps = c.expected.steps
    if d.index is None or d.step >= len(steps):
        return [f"After step {d.step}, your code went on updating where the algorithm stops."]
    step = steps[d.step]
    where = f"step {d.step + 1}" + (f" (pass {d.epoch})" if d.epoch and d.epoch > 1 else "")
    x = ", ".join(number(Fraction(v)) for v in X[d.index])
    lines = [f"First difference at {where}: example {d.index + 1}, x = ({x}), y = {y[d.index]:+d}."]
    before = steps[d.step - 1].weights if d.step else tuple(0 * v for v in step.weights)
    got = None if d.got is None else tuple(Fraction(v) for v in d.got)
    score = f"w·x = {number(step.score)}"
    if got is None:
        lines.append(f"There {score}; your code had stopped before this step.")
    elif step.mistake and got == before:
        lines.append(f"There {score}: that is a mistake, so w must change, but yours did not.")
    elif not step.mistake:
        lines.append(f"There {score}: that is no mistake, so w must stay, but yours changed.")
    else:
        lines.append(f"There {score}: a mistake; both update w, but to different values.")
    lines.append(f"  expected w after it: {vector(step.weights)}")
    if got is not None:
        lines.append(f"  your w after it:     {vector(got)}")
    return lines


def _family(report: Report) -> list[str]:
    """A family's counterexample: its answers as the report shows them, the first step after
    which they differ."""
    c = report.counterexample
    assert c is not None and c.shown is not None
    shown = c.shown
    lines = []
    if shown.probes is not None:
        points = ", ".join("(" + ", ".join(p) + ")" for p in shown.probes)
        lines.append(f"asked at the points {points}:")
    lines.append(f"expected {shown.symbol} = {plain(shown.expected_text)}")
    if not isinstance(c.got, Failure):
        lines.append(f"your {shown.symbol}     = {plain(shown.got_text)}")
    d = c.divergence
    if d is not None and d.index is not None:
        x = ", ".join(number(Fraction(v)) for v in c.data[0][d.index])
        lines.append(f"First difference after example {d.index + 1}, x = ({x}): {plain(d.rule)}.")
    return lines


def conventions(report: Report) -> str:
    """What the zero-score conventions say, in words ("" when it follows the algorithm's)."""
    algorithm = report.algorithm
    if algorithm in report.agrees_with or not report.agrees_with:
        return ""
    if algorithm not in registry.PERCEPTRONS:  # a family's variants: its diagnosis says it
        return ""
    other = report.agrees_with[0]
    mine, theirs = registry.get(algorithm).zero_score, registry.get(other).zero_score
    return (
        f"Your code computes {other} instead: there {RULES[theirs]}; in {algorithm}, {RULES[mine]}."
    )


def text(report: Report, *, kind: str = "numpy", entry: str = "train") -> str:
    """The feedback for one student (``kind``: numpy, fractions, lists or cmd)."""
    if report.verdict == "agree":
        said = f"Your {entry} agrees with {report.algorithm} on all {report.examples} data sets"
        if report.equivalence is not None and report.equivalence != 1:
            said += f", up to a learning rate of {number(report.equivalence)}"
        # accepted, so no hint to change anything: what was accepted, with its evidence
        notes = [f"Note: {plain(d.evidence).rstrip('.')}." for d in report.diagnosis]
        return "\n".join([said + ".", *notes])
    c = report.counterexample
    lines = []
    if c is not None and isinstance(c.got, Failure):
        lines.append(f"Your code failed: {plain(str(c.got))}.")
        if c.got.kind == "load error":
            return "\n".join(lines)
        lines.append("It failed on:")
    elif c is not None and c.shown is not None:
        lines.append(f"Your {entry}'s {c.shown.what} differ from {report.algorithm}'s on:")
    else:
        lines.append(f"Your {entry} returns a different w from {report.algorithm} on:")
    if c is None:
        return plain(report.reason)
    told = c.shown.told if c.shown is not None else ()
    called = c.got.called if isinstance(c.got, Returned) else ""
    call_said = [s.removeprefix("called as ") for s in report.calling if s.startswith("called as ")]
    labels01 = any(s.startswith(layouts.SENT_01) for s in report.calling)
    typed = as_typed(*c.data, kind, entry, told, called or next(iter(call_said), ""), labels01)
    lines += ["", *("    " + line for line in typed.split("\n")), ""]
    if c.shown is not None:  # a family's answers (crosscheck/family.py)
        lines += _family(report)
    elif isinstance(c.got, Returned):
        if len(c.expected.weights) == len(c.data[0][0]) + 1:
            lines.append("(w has the bias first: a constant 1 is put before each x)")
        lines.append(f"expected w = {vector(c.expected.weights)}")
        lines.append(f"your w     = {vector(c.got.weights)}")
        lines += _step(report)
    lines += [s for s in (conventions(report),) if s]
    lines += hints(report)
    return "\n".join(lines)


def hints(report: Report) -> list[str]:
    """The hints of a report: one per diagnosis, with its evidence, and the learning rate c
    of ``report.equivalence`` (the candidate's weights are c × the reference's) when no
    diagnosis names it."""
    said = [hint(d.code, d.evidence) for d in report.diagnosis]
    c = report.equivalence
    codes = {d.code for d in report.diagnosis}
    if c is not None and c != 1 and "learning-rate" not in codes:
        said.append(hint("learning-rate", f"your weights are {number(c)} × the expected ones"))
    return said
