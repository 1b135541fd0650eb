"""An assignment's parts, each checked on its own, each with its own feedback and points.

===============  ==========================================================================
check            how it is judged
===============  ==========================================================================
program outputs  one run of the program per pair of files
                 (:func:`~perceptron_ref.crosscheck.check_program.check_program`); a part is
                 right when its output (``train_out``, ``test_out``, ``metrics_out``,
                 ``weights_out``; ``program``: all of them) is right on every pair
``train``        the function crosschecked (:func:`~perceptron_ref.crosscheck.crosscheck`):
                 exactly the reference's w on every data set (up to a learning rate)
``step``         the step function called on the reference's own states: for each step of
                 the reference's runs, the w before it and that step's example; it must
                 return the w after it (``update``: ``on-mistake``, it tests for the mistake
                 itself; ``always``, called at mistakes only, the caller tests; ``either``:
                 at a step that is no mistake, w unchanged or updated are both accepted)
``predict``      the predict function called with the reference's own weights (every w of
                 its runs) on every example: +1 or −1 by the sign of w·x, the assignment's
                 ``zero_label`` at w·x = 0; for Winnow, the voted and the multiclass
                 perceptron, with their models, against their rules and ties
                 (:mod:`~perceptron_ref.grading.parts_family`)
``state-*``      one pass of the state API per kernel and data set
                 (:mod:`~perceptron_ref.crosscheck.judge.dual`): ``state-initial``, what
                 ``predict`` gives from ``initial_state()`` (a zero score everywhere);
                 ``state-pass``, its prediction before each update; ``state-test``, its
                 predictions on new points after the pass
===============  ==========================================================================

So a wrong training loop costs the train part but not the step part, and a step function that
is right is right whatever the loop around it does.  Every part's feedback is written for the
student: the call or the files to reproduce it, the expected and the given answer, the first
difference in words and a hint from the cause found.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from perceptron_ref import registry, run
from perceptron_ref.algorithm import BatchAlgorithm
from perceptron_ref.crosscheck.candidates import calls as C
from perceptron_ref.crosscheck.candidates import definitions_of
from perceptron_ref.crosscheck.candidates.outcomes import Data, Failure
from perceptron_ref.crosscheck.check import crosscheck
from perceptron_ref.crosscheck.check_program import ProgramReport, Spec, check_program
from perceptron_ref.crosscheck.data import tables
from perceptron_ref.crosscheck.data.tables import Case
from perceptron_ref.crosscheck.judge import dual
from perceptron_ref.crosscheck.judge.files import passes
from perceptron_ref.grading import feedback
from perceptron_ref.grading.assignment import (
    FUNCTION_CHECKS,
    PREDICTS,
    PROGRAM_CHECKS,
    STATE_CHECKS,
    Assignment,
    Part,
)
from perceptron_ref.numbers import parse_rational
from perceptron_ref.vectors import Label, Vector

FAMILY_PREDICTS = tuple(a for a in PREDICTS if a != "perceptron/averaged")
"""The families whose predict part :mod:`~perceptron_ref.grading.parts_family` checks (the
averaged perceptron's is the core's: the sign of w̄·x)."""
MAX_CALLS = 300
"""At most this many calls of a step or predict function (zero scores first)."""
SHOWN = 12
"""Lines of a file shown around a difference."""


@dataclass(frozen=True)
class Result:
    """One part's verdict: right or not, what the student reads, one line for the instructor,
    the causes found, how it failed, and what it did (for grouping hand-ins alike)."""

    part: Part
    passed: bool
    output: str
    reason: str
    causes: tuple[str, ...] = ()
    failure: str = ""
    behaviour: str = ""
    ran: bool = True  # False: nothing of it could run (its code did not load)
    report: Any = None  # the crosscheck Report of a train part (for the class report)

    @property
    def score(self) -> float:
        return self.part.points if self.passed else 0


HINTS = {
    "tie-rule": "{e}: check your test for a mistake at a zero score w·x = 0.",
    "zero-label": "{e}: check what your prediction gives when w·x = 0.",
    "passes": "{e}: count your passes (epochs) over the data.",
    "bias": "{e}: the bias is a constant 1 feature, put first.",
    "order": "{e}: go through the examples in the order of the file.",
    "label-coding": "{e}: turn the labels into -1 and +1 before the update.",
    "label-values": "{e}: answer with the assignment's labels, 0 for the -1 class and 1.",
    "learning-rate": "{e}.",
    "labels-swapped": "{e}: write the label the assignment says for each class.",
    "nondeterministic": "{e}",
    "accuracy": "{e}: the metric asked for is the error (1 - accuracy).",
    "percent": "{e}: write the rate as a fraction, not a percentage.",
    "truncated": "{e}: round to the places asked for.",
    "swapped": "{e}: the training and test values are exchanged.",
    "no-update": "{e}: at a mistake, w must move by η·y·x.",
    "extra-update": "{e}: when there is no mistake, w must stay as it is.",
    "step-size": "{e}: the update is w + η·y·x.",
    "sign": "{e}: the update adds η·y·x (y is the label, -1 or +1).",
    "winnow-tie": "{e}: check what your prediction gives when w·x = θ.",
    "vote-tie": "{e}: check your sign(0), inside the sum of votes and outside.",
    "argmax-tie": "{e}: at a tie, the first of the tied classes wins (as np.argmax).",
}


def fingerprint(text: str) -> str:
    """Six hex digits naming a counterexample (the same in every process: not ``hash``)."""
    return hashlib.sha256(text.encode("utf-8", "backslashreplace")).hexdigest()[:6]


def hint(code: str, evidence: str) -> str:
    return "Hint: " + HINTS.get(code, "{e}.").format(e=feedback.plain(evidence).rstrip("."))


def _failed(failure: Failure, what: str) -> str:
    return f"Your {what} failed: {feedback.plain(str(failure))}."


# -- Programs ------------------------------------------------------------------------------


def _block(text: str, indent: str = "    ") -> list[str]:
    rows = text.splitlines() or ["(empty)"]
    shown = rows[:SHOWN] + ([f"... ({len(rows) - SHOWN} more lines)"] if len(rows) > SHOWN else [])
    return [indent + r for r in shown]


def _around(text: str | None, line: int | None) -> list[str]:
    """A labels file's lines around ``line`` (1-based), marked."""
    if text is None:
        return ["    (not written)"]
    rows = text.splitlines() or ["(empty)"]
    start = max(0, (line or 1) - 1 - SHOWN // 2)
    out = [
        f"    {r}{'   <- line ' + str(i + 1) if i + 1 == line else ''}"
        for i, r in enumerate(rows[start : start + SHOWN], start)
    ]
    if start > 0:
        out.insert(0, f"    ... ({start} lines before)")
    if start + SHOWN < len(rows):
        out.append(f"    ... ({len(rows) - start - SHOWN} more lines)")
    return out


def program_feedback(report: ProgramReport, output: str, assignment: Assignment) -> str:
    """What a student reads for one output (``program``: all of them) of a program."""
    p = assignment.program
    assert p is not None
    names = p.files()
    o = report.output(output) if output != "program" else None
    wrong = (o.failed > 0) if o is not None else report.verdict != "agree"
    if not wrong:
        n = (o.tried if o is not None else report.cases) or report.cases
        which = names[output] if output != "program" else "every output"
        said = f"Right: {which} as expected on all {n} pairs of files."
        return "\n".join([said, *(f"Note: {m}." for m in report.notes)])
    c = report.counterexample
    if c is None:
        return f"Not right: {feedback.plain(o.detail if o else report.reason)}."
    lines = []
    if c.failure is not None:
        lines.append(_failed(c.failure, "program"))
    else:
        bad = [k for k in c.checks if not k.right and (output == "program" or k.output == output)]
        if not bad:
            detail = o.detail if o is not None else report.reason
            return (
                f"Not right on {o.failed if o else 1} pair(s) of files: {feedback.plain(detail)}."
            )
        first = bad[0]
        lines.append(f"Your {names[first.output]} is not right on these files ({first.detail}):")
    lines.append("")
    for name, text in c.files.items():
        lines += [f"  {name}:", *_block(text)]
    lines += ["", f"  $ {c.command}", ""]
    if c.failure is None:
        for k in (k for k in c.checks if not k.right and (output in ("program", k.output))):
            lines.append(f"expected {names[k.output]}:")
            lines += _around(c.expected.get(k.output), k.line)
            lines.append(f"your {names[k.output]}:")
            lines += _around(c.got.get(k.output), k.line)
    lines += [hint(code, e) for code, e in report.causes]
    return "\n".join(lines).rstrip()


def grade_program(
    assignment: Assignment, folder: Path | None, budget: float | None
) -> ProgramReport | Failure:
    if folder is None:
        return Failure("load error", "no program to run")
    assert assignment.program is not None
    spec = Spec(assignment.program, assignment.metrics, assignment.weights)
    return check_program(
        spec,
        folder,
        assignment.settings,
        epochs=assignment.program_epochs or (assignment.epochs,),
        examples=assignment.examples,
        seed=assignment.seed,
        timeout=assignment.timeout,
        memory=assignment.memory * 1024**2,
        budget=budget,
        given=assignment.visible,
        explain_it=assignment.explain,
    )


def program_results(assignment: Assignment, got: ProgramReport | Failure) -> list[Result]:
    out = []
    for part in assignment.parts:
        if part.check not in PROGRAM_CHECKS:
            continue
        if isinstance(got, Failure):
            out.append(
                Result(
                    part,
                    False,
                    f"Not graded: {got.detail}.",
                    got.detail,
                    failure=got.kind,
                    ran=False,
                )
            )
            continue
        o = got.output(part.check)
        right = (o.failed == 0) if o is not None else got.verdict == "agree"
        codes = tuple(code for code, _ in got.causes)
        fail = "" if got.failure is None else got.failure.kind
        behaviour = "right" if right else _program_behaviour(got, part.check, codes, fail)
        reason = "" if right else (o.detail if o is not None else got.reason)
        out.append(
            Result(
                part,
                right,
                program_feedback(got, part.check, assignment),
                reason,
                () if right else codes,
                "" if right else fail,
                behaviour,
            )
        )
    return out


def _program_behaviour(r: ProgramReport, output: str, codes: tuple[str, ...], fail: str) -> str:
    c = r.counterexample
    where = ""
    if c is not None:
        rows = len(c.case.train[0]), len(c.case.test[0]), len(c.case.train[0][0])
        k = next((k for k in c.checks if not k.right and output in ("program", k.output)), None)
        files = "".join(c.files.values())
        where = f"on {rows[0]}+{rows[1]} examples, d = {rows[2]} ({fingerprint(files)})"
        if k is not None and k.line:
            where += f", line {k.line}"
    cause = ", ".join(codes) or fail or "wrong output"
    return f"{output}: {cause} {where}".strip()


# -- Functions: train, step, predict -----------------------------------------------------


def train_options(assignment: Assignment) -> dict[str, Any]:
    """The train part's crosscheck keyword arguments (its ``algorithm`` among them) but the
    candidate and the time it has: what keys the reference's work for the part
    (:mod:`~perceptron_ref.grading.precompute` does it ahead with these)."""
    family: dict[str, Any] = {}
    if not assignment.core:  # a family's options, as crosscheck takes them
        family = dict(assignment.options) | {"max_epochs": assignment.max_epochs}
        # the file says how its functions see the data: told, not probed
        family["orientation"] = "rows"
        if assignment.algorithm != "perceptron/structured":
            family["labels"] = assignment.labels
    elif assignment.labels == "01":  # told as the file says; -1/+1 (the default) is probed,
        family["labels"] = "01"  # so that code written for 0/1 is read as well
    return {
        "algorithm": assignment.algorithm,
        "bias": assignment.bias,
        "epochs": assignment.epochs,
        "input": assignment.input,
        "examples": assignment.examples,
        "seed": assignment.seed,
        "timeout": assignment.timeout,
        "memory": assignment.memory * 1024**2,
        "eta": assignment.eta,
        "data": [(f"visible data {i + 1}", c.train) for i, c in enumerate(assignment.visible)],
        **family,
    }


def train_result(
    assignment: Assignment,
    part: Part,
    entry: Path,
    budget: float | None,
    cache_dir: str | Path | None = None,
) -> Result:
    report = crosscheck(
        target=f"{entry}:{part.function}",
        budget=budget,
        cache_dir=cache_dir,
        **train_options(assignment),
    )
    words = feedback.text(report, kind=assignment.input, entry=part.function)
    right = report.verdict == "agree"
    c = report.counterexample
    fail = c.got.kind if c is not None and isinstance(c.got, Failure) else ""
    codes = tuple(d.code for d in report.diagnosis)
    if right:
        behaviour = "right"
    else:
        d = c.divergence if c is not None else None
        step = f"step {d.step + 1} ({d.spec_line})" if d is not None else "final w"
        tie = "tie rule of " + report.agrees_with[0] if report.agrees_with else ""
        cause = ", ".join(filter(None, [*codes, fail, tie])) or "wrong weights"
        size = f"on {len(c.data[0])} examples ({fingerprint(repr(c.data))})" if c else ""
        behaviour = f"train: {cause} at {step} {size}".strip()
    return Result(
        part,
        right,
        words,
        "" if right else report.reason,
        () if right else codes,
        fail,
        behaviour,
        fail != "load error",
        report,
    )


def _traces(assignment: Assignment, bias: bool) -> list[tuple[Case, Any]]:
    """The reference's full runs on the small data sets the parts draw (the options of the
    assignment, with or without the bias coordinate)."""
    epochs = passes(assignment.algorithm, assignment.epochs)
    separable = epochs == "converge"
    drawn = tables.draw(assignment.examples, seed=assignment.seed, separable=separable, bias=bias)
    out = []
    for case in (c for c in drawn if c.regime != "large"):
        X, y = case.train
        options: dict[str, Any] = {"bias": bias, "eta": assignment.eta}
        if separable:
            options["max_epochs"] = 200
            if not isinstance(registry.get(assignment.algorithm), BatchAlgorithm):
                options["epochs"] = "converge"
        else:
            options["epochs"] = epochs
        out.append((case, run(assignment.algorithm, X, y, **options)))
    return out


Step = tuple[Vector, tuple[Fraction | int, ...], int, bool, Vector, Fraction]
"""(w before, x, y, mistake, w after, score) of one step of the reference."""


def _steps(assignment: Assignment, bias: bool) -> list[Step]:
    """The steps of the reference's runs on small data, at most MAX_CALLS: as many zero
    scores, mistakes and steps that are no mistake as there are, a third of each."""
    found: list[Step] = []
    for case, trace in _traces(assignment, bias):
        X = case.train[0]
        before: Vector = tuple(Fraction(0) for _ in trace.weights)
        for step in trace.steps:
            found.append(
                (before, X[step.index], step.label, step.mistake, step.weights, step.score)
            )
            before = step.weights
    # A third each (as far as they go): zero scores, mistakes, steps that are no mistake.
    zero = [s for s in found if s[5] == 0]
    mistakes = [s for s in found if s[5] != 0 and s[3]]
    fine = [s for s in found if s[5] != 0 and not s[3]]
    third = MAX_CALLS // 3
    chosen = zero[:third] + mistakes[:third] + fine[:third]
    rest = zero[third:] + mistakes[third:] + fine[third:]
    return chosen + rest[: MAX_CALLS - len(chosen)]


def _coded(y: int, labels: str) -> int:
    return (1 if y > 0 else 0) if labels == "01" else y


def _args(
    part: Part, x: Sequence[Fraction | int], y: int, w: Vector, assignment: Assignment, bias: bool
) -> list[C.Arg]:
    out = []
    for role, _ in part.arguments:
        if role == "x":
            out.append(C.vector(x))
        elif role == "X":
            out.append(C.matrix([x]))
        elif role == "y":
            out.append(C.label(_coded(y, assignment.labels)))
        elif role == "w":
            out.append(C.vector(w[1:] if bias else w))
        elif role == "b":
            out.append(C.number(w[0]))
        else:
            out.append(C.number(assignment.eta))
    return out


def _vector_of(answer: Any, part: Part, bias: bool) -> Vector | str:
    """The w a step function returned (bias first when it has one), or why it is unreadable."""
    try:
        if part.returns == "w, b":
            w, b = answer
            if isinstance(w, list) and len(w) == 1 and isinstance(w[0], list):
                w = w[0]
            if isinstance(b, list) and len(b) == 1:
                b = b[0]
            values = [b, *w]
        else:
            values = answer
            if (
                isinstance(values, list)
                and values
                and all(isinstance(v, list) and len(v) == 1 for v in values)
            ):
                values = [v[0] for v in values]  # a column
            if isinstance(values, list) and len(values) == 1 and isinstance(values[0], list):
                values = values[0]
        return tuple(parse_rational(str(v)) for v in values)
    except (TypeError, ValueError, Exception):
        return f"it returned {str(answer)[:60]}, not {part.returns}"


def _call_text(part: Part, args: Sequence[C.Arg], kind: str) -> str:
    """The call as the student would type it."""
    shown = []
    for a in args:
        if "vector" in a:
            row = ", ".join(feedback._py(parse_rational(v), kind) for v in a["vector"])
            shown.append(f"np.array([{row}])" if kind == "numpy" else f"[{row}]")
        elif "matrix" in a:
            rows = ", ".join(
                "[" + ", ".join(feedback._py(parse_rational(v), kind) for v in r) + "]"
                for r in a["matrix"]
            )
            shown.append(f"np.array([{rows}])" if kind == "numpy" else f"[{rows}]")
        elif "number" in a:
            shown.append(feedback._py(parse_rational(a["number"]), kind))
        elif "votes" in a:
            pairs = []
            for v, c in a["votes"]:
                row = ", ".join(feedback._py(parse_rational(q), kind) for q in v)
                pairs.append(f"(np.array([{row}]), {c})" if kind == "numpy" else f"([{row}], {c})")
            shown.append("[" + ", ".join(pairs) + "]")
        else:
            shown.append(str(a["label"]))
    head = "import numpy as np\n" if kind == "numpy" else ""
    head += "from fractions import Fraction as F\n" if kind == "fractions" else ""
    return head + f"{part.function}({', '.join(shown)})"


def step_result(assignment: Assignment, part: Part, session: C.Calls) -> Result:
    bias = any(r == "b" for r, _ in part.arguments)
    steps = _steps(assignment, bias)
    if part.update == "always":
        steps = [s for s in steps if s[3]]
    eta = assignment.eta
    args = [_args(part, s[1], s[2], s[0], assignment, bias) for s in steps]
    answers = session.call(part.function, args)
    zero = sum(1 for s in steps if s[5] == 0)
    mistakes = sum(1 for s in steps if s[3])
    for (before, x, y, mistake, after, score), a, answer in zip(steps, args, answers, strict=True):
        moved = tuple(
            b + eta * y * Fraction(v) for b, v in zip(before, (1, *x) if bias else x, strict=True)
        )
        if isinstance(answer, Failure):
            return _call_failed(assignment, part, a, answer, "step")
        got = _vector_of(answer, part, bias)
        accepted = [after] if mistake or part.update == "on-mistake" else [before, moved]
        if part.update == "always":
            accepted = [moved]
        if got in accepted:
            continue
        return _step_wrong(
            assignment, part, a, got, accepted[0], before, moved, mistake, score, x, y
        )
    said = (
        f"Right on all {len(steps)} calls ({mistakes} at a mistake, {zero} at a zero score "
        f"w·x = 0), each with a w of the reference's own runs."
    )
    return Result(part, True, said, "", behaviour="right")


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())


def _step_wrong(
    assignment: Assignment,
    part: Part,
    args: Sequence[C.Arg],
    got: Vector | str,
    want: Vector,
    before: Vector,
    moved: Vector,
    mistake: bool,
    score: Fraction,
    x: Any,
    y: int,
) -> Result:
    lines = [
        f"Your {part.signature} returns a different w on:",
        "",
        _indent(_call_text(part, args, assignment.input)),
        "",
    ]
    bias = any(r == "b" for r, _ in part.arguments)
    w = "(b, w)" if bias else "w"  # the bias apart: shown before w, as the reference has it
    if isinstance(got, str):
        lines.append(f"expected {w} = {feedback.vector(want)}; {got}.")
        return Result(
            part,
            False,
            "\n".join(lines),
            got,
            ("unreadable",),
            "unparsable",
            "step: unreadable answer",
        )
    lines += [
        f"expected {w} = {feedback.vector(want)}",
        f"your {w}     = {feedback.vector(got)}",
    ]
    s = f"w·x{' + b' if bias else ''} = {feedback.number(score)}"
    label = f"{y:+d}" if assignment.labels != "01" else "1" if y == 1 else "0 (the -1 class)"
    rule = assignment.algorithm
    if mistake:
        lines.append(f"There {s} and y = {label}: in {rule} that is a mistake, so w must move.")
    else:
        lines.append(f"There {s} and y = {label}: in {rule} that is no mistake, so w must stay.")
    code, evidence = _step_cause(got, before, moved, mistake, score)
    if code == "no-update" and assignment.labels == "01" and y == -1:
        # a 0 label used as the y of w + η·y·x adds nothing
        code, evidence = "label-coding", "yours did not update at a mistake on y = 0"
    if code:
        lines.append(hint(code, evidence))
    kind = "zero score" if score == 0 else "mistake" if mistake else "no mistake"
    return Result(
        part,
        False,
        "\n".join(lines),
        f"wrong w at a step with {kind}",
        (code,) if code else (),
        "",
        f"step: {code or 'wrong w'} at a {kind}",
    )


def _step_cause(
    got: Vector, before: Vector, moved: Vector, mistake: bool, score: Fraction
) -> tuple[str, str]:
    delta = tuple(m - b for m, b in zip(moved, before, strict=True))
    diff = tuple(g - b for g, b in zip(got, before, strict=True))
    tie = " at a zero score w·x = 0" if score == 0 else ""
    if mistake and got == before:
        code = "tie-rule" if score == 0 else "no-update"
        return code, f"yours did not update{tie}, where the step is a mistake"
    if not mistake and got == moved:
        code = "tie-rule" if score == 0 else "extra-update"
        return code, f"yours updated{tie}, where the step is no mistake"
    nonzero = [(g, d) for g, d in zip(diff, delta, strict=True) if d != 0]
    if nonzero and all(g == 0 for g, d in zip(diff, delta, strict=True) if d == 0):
        ratios = {g / d for g, d in nonzero}
        if len(ratios) == 1:
            c = ratios.pop()
            if c == -1:
                return "sign", "yours moved w by -η·y·x"
            if c > 0:
                return "step-size", f"yours moved w by {feedback.number(c)} × η·y·x"
    return "", ""


def _weights_of_runs(assignment: Assignment) -> list[tuple[Vector, Data]]:
    """(w, examples) for every w the reference's runs pass through (each once), with the
    training and test examples of its data set."""
    out = []
    for case, trace in _traces(assignment, assignment.bias):
        seen: list[Vector] = [tuple(Fraction(0) for _ in trace.weights)]
        for step in trace.steps:
            if step.weights not in seen:
                seen.append(step.weights)
        both: Data = (case.train[0] + case.test[0], case.train[1] + case.test[1])
        out += [(w, both) for w in seen]
    return out


def _label(answer: Any, assignment: Assignment) -> int | None:
    try:
        q = parse_rational(str(answer))
    except (ValueError, Exception):
        return None
    if assignment.labels == "01":
        return {0: -1, 1: 1}.get(int(q)) if q.denominator == 1 else None
    return int(q) if q in (1, -1) else None


def predict_result(assignment: Assignment, part: Part, session: C.Calls) -> Result:
    from perceptron_ref.crosscheck.judge.files import predict

    if assignment.algorithm in FAMILY_PREDICTS:  # Winnow, the voted and multiclass perceptrons
        return _family_predict_result(assignment, part, session)

    bias = assignment.bias
    roles = [r for r, _ in part.arguments]
    split = "b" in roles  # w and b apart: w holds no bias coordinate then
    calls: list[list[C.Arg]] = []
    wanted: list[tuple[list[Label], list[Any], Vector, list[Fraction]]] = []
    z = assignment.zero_label
    for w, (X, _) in _weights_of_runs(assignment):
        if len(calls) >= MAX_CALLS:
            break
        want = [predict(w, x, bias, z) for x in X]  # type: ignore[arg-type]
        scores = [
            sum(
                (a * Fraction(v) for a, v in zip(w, (1, *x) if bias else x, strict=True)),
                Fraction(0),
            )
            for x in X
        ]
        if "X" in roles:
            calls.append(_predict_args(part, None, X, w, split))
            wanted.append((want, list(X), w, scores))
        else:
            for x, t, s in zip(X, want, scores, strict=True):
                calls.append(_predict_args(part, x, None, w, split))
                wanted.append(([t], [x], w, [s]))
    answers = session.call(part.function, calls)
    zero = 0
    failed: Result | None = None  # the first problem: a failed call, or a wrong answer
    found: (
        tuple[Any, Any, list[Label], list[int | None], list[Any], Vector, list[Fraction], int]
        | None
    ) = None
    off_zero = False  # a wrong answer where the score is not 0 (or a failure), in any call
    for args, (want, xs, w, scores), answer in zip(calls, wanted, answers, strict=True):
        if isinstance(answer, Failure):
            if failed is None and found is None:
                failed = _call_failed(assignment, part, args, answer, "predict")
            off_zero = True
            continue
        got, labels = _labels_of(answer, part, lambda g: _label(g, assignment))
        zero += sum(1 for s in scores if s == 0)
        if labels == want:
            continue
        wrong = [s for g, t, s in zip(labels, want, scores, strict=False) if g != t]
        off_zero = off_zero or len(labels) != len(want) or any(s != 0 for s in wrong)
        if failed is None and found is None:
            i = next((i for i, (g, t) in enumerate(zip(labels, want, strict=False)) if g != t), 0)
            if len(labels) != len(want):
                i = 0
            found = (args, got, want, labels, xs, w, scores, i)
    if failed is not None:
        return failed
    if found is not None:  # the first wrong call, and whether every wrong answer is at a tie
        return _predict_wrong(assignment, part, *found, ties_only=not off_zero)
    said = (
        f"Right on all {len(calls)} calls, with the reference's own weights ({zero} "
        "predictions at a zero score w·x = 0)."
    )
    return Result(part, True, said, "", behaviour="right")


def _labels_of(
    answer: Any, part: Part, read: Callable[[Any], int | None]
) -> tuple[Any, list[int | None]]:
    """A predict function's answer (a label, or the labels of X; a row of one is unwrapped)
    and the labels read from it (None where none can be read)."""
    got = answer if part.returns == "labels" else [answer]
    if isinstance(got, list) and len(got) == 1 and isinstance(got[0], list):
        got = got[0]
    return got, [read(g) for g in got] if isinstance(got, list) else [None]


def _family_predict_result(assignment: Assignment, part: Part, session: C.Calls) -> Result:
    """A family's predict part (:mod:`~perceptron_ref.grading.parts_family`): called with the
    reference's own model, the ties first."""
    from perceptron_ref.crosscheck.family import of
    from perceptron_ref.grading import parts_family as F

    family = of(assignment.algorithm).name
    asked = F.asks(assignment)
    if not asked:  # never passed on nothing asked
        said = (
            f"no data set of {assignment.algorithm} fits these options in float64: set "
            'input = "fractions" in the assignment'
        )
        return Result(part, False, f"Not graded: {said}.", said, (), "load error", said, False)
    groups = F.groups(part, asked)
    calls = [F.arguments(part, g) for g in groups]
    answers = session.call(part.function, calls)
    read = F.read_class if family == "multiclass" else (lambda g: _label(g, assignment))
    off_tie = False  # a wrong answer that is not at a tie (or a failure), in any call
    for group, answer in zip(groups, answers, strict=True):
        if isinstance(answer, Failure):
            off_tie = True
            continue
        _, labels = _labels_of(answer, part, read)
        off = len(labels) != len(group) or any(
            g != a.want and not a.tie for a, g in zip(group, labels, strict=True)
        )
        off_tie = off_tie or off
    for args, group, answer in zip(calls, groups, answers, strict=True):
        if isinstance(answer, Failure):
            return _call_failed(assignment, part, args, answer, "predict")
        got, labels = _labels_of(answer, part, read)
        if labels == [a.want for a in group]:
            continue
        lines, code, evidence = F.explain(
            assignment, family, group, got, labels, lambda t: _written(t, assignment)
        )
        if off_tie:  # wrong elsewhere too: not only where the tie rule decides
            code, evidence = "", ""
        if any(v is None for v in labels) and assignment.labels == "01" and family != "multiclass":
            code, evidence = "label-values", "yours does not answer 0 or 1"
        call = _indent(_call_text(part, args, assignment.input))
        head = [f"Your {part.signature} gives a different answer on:", "", call, ""]
        hinted = [hint(code, evidence)] if code else []
        return Result(
            part,
            False,
            "\n".join([*head, *lines, *hinted]),
            "wrong label",
            (code,) if code else (),
            "",
            f"predict: {code or 'wrong label'}",
        )
    return Result(part, True, F.right(asked, family), "", behaviour="right")


def _call_failed(
    assignment: Assignment, part: Part, args: Sequence[C.Arg], answer: Failure, check: str
) -> Result:
    """A call that crashed, hung, ran out of memory, or found no code to call."""
    ran = answer.kind not in ("load error", "missing")
    words = (
        _failed(answer, part.signature) if ran else f"Not graded: {feedback.plain(answer.detail)}."
    )
    if ran:
        words += "\n\nIt failed on:\n\n" + _indent(_call_text(part, args, assignment.input))
    return Result(part, False, words, str(answer), (), answer.kind, f"{check}: {answer.kind}", ran)


def _predict_args(part: Part, x: Any, X: Any, w: Vector, split: bool) -> list[C.Arg]:
    out = []
    for role, _ in part.arguments:
        if role == "x":
            out.append(C.vector(x))
        elif role == "X":
            out.append(C.matrix(X))
        elif role == "w":
            out.append(C.vector(w[1:] if split else w))
        else:
            out.append(C.number(w[0]))
    return out


def _written(label: int, assignment: Assignment) -> str:
    return str(_coded(label, assignment.labels)) if assignment.labels == "01" else f"{label:+d}"


def _predict_wrong(
    assignment: Assignment,
    part: Part,
    args: Sequence[C.Arg],
    got: Any,
    want: list[Label],
    labels: list[int | None],
    xs: list[Any],
    w: Vector,
    scores: list[Fraction],
    i: int,
    ties_only: bool = True,
) -> Result:
    """``ties_only``: every wrong answer of every call was at a zero score (the hint names
    the zero-score label only then)."""
    lines = [
        f"Your {part.signature} gives a different answer on:",
        "",
        _indent(_call_text(part, args, assignment.input)),
        "",
    ]
    shown = ", ".join(_written(t, assignment) for t in want)
    lines.append(f"expected {shown}")
    # as the expected line is written: the labels, not the list that carried them (['1'])
    yours = ", ".join(map(str, got)) if isinstance(got, list) else str(got)
    lines.append(f"yours    {yours[:200]}")
    code, evidence = "", ""
    if len(labels) == len(want) and i < len(scores):
        s = scores[i]
        x = ", ".join(feedback.number(Fraction(v)) for v in xs[i])
        lines.append(
            f"For x = ({x}): w·x = {feedback.number(s)}, so the label is "
            f"{_written(want[i], assignment)}."
        )
        wrong = [j for j, (g, t) in enumerate(zip(labels, want, strict=True)) if g != t]
        if ties_only and all(scores[j] == 0 for j in wrong):
            code = "zero-label"
            evidence = (
                f"yours predicts {_written(-assignment.zero_label, assignment)} at a zero "
                f"score, the assignment {_written(assignment.zero_label, assignment)}"
            )
    if any(v is None for v in labels) and assignment.labels == "01":
        code, evidence = "label-values", "yours does not answer 0 or 1"
    if code:
        lines.append(hint(code, evidence))
    return Result(
        part,
        False,
        "\n".join(lines),
        "wrong label",
        (code,) if code else (),
        "",
        f"predict: {code or 'wrong label'}",
    )


# -- A state API -------------------------------------------------------------------------


def _state_cases(assignment: Assignment) -> list[Case]:
    """Small data sets for a state API: ties, scores just off zero, mixed (no long or large
    ones: a kernel of degree 2 squares their numbers past float64's exactness)."""
    drawn = tables.draw(max(6, assignment.examples // 2), seed=assignment.seed, separable=False)
    return [c for c in drawn if c.regime in ("ties", "near-zero", "mixed")][:6]


def state_results(assignment: Assignment, session: C.Calls) -> list[Result]:
    assert assignment.state is not None
    st = assignment.state
    rule = registry.get(assignment.algorithm).zero_score
    z = assignment.zero_label
    epochs = assignment.epochs if assignment.epochs != "converge" else 1
    wrong: dict[str, tuple[str, str, str]] = {}
    failure: Failure | None = None
    tried = 0
    for case in _state_cases(assignment):
        for degree, c in st.kernels:
            if case.regime == "near-zero" and c != 0 and degree > 1:
                continue  # (x·x' + c)^p on numbers of 2^-k: past float64's 53 bits
            ref = dual.run(
                case.train[0],
                case.train[1],
                degree=degree,
                c=c,
                eta=assignment.eta,
                rule=rule,
                zero=1 if z > 0 else -1,
                epochs=int(epochs),
            )
            train = [
                [[str(Fraction(v)) for v in x], _coded(t, assignment.labels)]
                for x, t in zip(*case.train, strict=True)
            ] * int(epochs)
            request = {
                "functions": {"initial": st.initial, "predict": st.predict, "update": st.update},
                "kernel": {"degree": degree, "c": str(c)},
                "eta": str(assignment.eta),
                "train": train,
                "test": [[str(Fraction(v)) for v in x] for x in case.test[0]],
            }
            got, failed = session.state(request)
            tried += 1
            setting = _setting(case, degree, c, assignment)
            points = len(case.train[0]) + len(case.test[0])
            expect: dict[str, list[Label]] = {
                "state-initial": [1 if z > 0 else -1] * points,
                "state-pass": list(ref.online),
                "state-test": [ref.predict(x) for x in case.test[0]],
            }
            keys = {"state-initial": "initial", "state-pass": "online", "state-test": "after"}
            for check, key in keys.items():
                if check in wrong:
                    continue
                labels = [_label(v, assignment) for v in got.get(key, [])]
                if labels == expect[check]:
                    continue
                if failed is not None and len(labels) < len(expect[check]):
                    failure = failure or failed
                    wrong[check] = (
                        _failed(failed, "state API") + "\n\nIt failed on:\n\n" + setting,
                        failed.kind,
                        str(failed),
                    )
                    continue
                wrong[check] = _state_wrong(check, labels, expect[check], case, setting, assignment)
    out = []
    for part in assignment.parts:
        if part.check not in STATE_CHECKS:
            continue
        if part.check in wrong:
            words, kind, reason = wrong[part.check]
            ran = kind not in ("load error", "missing")
            if not ran:
                words = f"Not graded: {feedback.plain(reason)}."
            fail = (
                kind
                if kind in ("crash", "hang", "memory", "load error", "missing", "unparsable")
                else ""
            )
            codes = () if fail else (kind,) if kind else ()
            out.append(
                Result(
                    part,
                    False,
                    words,
                    reason,
                    codes,
                    fail,
                    f"{part.check}: {kind or 'wrong label'}",
                    ran,
                )
            )
        else:
            said = (
                f"Right on all {tried} passes ({len(st.kernels)} kernel"
                f"{'s' * (len(st.kernels) != 1)}, {tried // max(1, len(st.kernels))} data sets)."
            )
            out.append(Result(part, True, said, "", behaviour="right"))
    return out


def _setting(case: Case, degree: int, c: Fraction, assignment: Assignment) -> str:
    X, y = case.train
    rows = "\n".join(
        f"    x = ({', '.join(feedback.number(Fraction(v)) for v in x)}), "
        f"y = {_coded(t, assignment.labels)}"
        for x, t in zip(X, y, strict=True)
    )
    kernel = "a·b" if degree == 1 and c == 0 else f"(a·b + {c})^{degree}"
    test = "\n".join(
        f"    x = ({', '.join(feedback.number(Fraction(v)) for v in x)})" for x in case.test[0]
    )
    return (
        f"  kernel K(a, b) = {kernel}, learning rate {feedback.number(assignment.eta)}\n"
        f"  training examples, in order:\n{rows}\n  new points:\n{test}"
    )


def _state_wrong(
    check: str,
    labels: list[int | None],
    want: list[Label],
    case: Case,
    setting: str,
    assignment: Assignment,
) -> tuple[str, str, str]:
    i = next(
        (i for i, (g, t) in enumerate(zip(labels, want, strict=False)) if g != t),
        min(len(labels), len(want)),
    )

    def written(t: int | None) -> str:
        return _written(t, assignment) if t is not None else "no label"

    z = _written(assignment.zero_label, assignment)
    got = written(labels[i]) if i < len(labels) else "nothing"
    if check == "state-initial":
        said = (
            f"From initial_state(), every score is 0, so predict must give {z} for every "
            f"point; yours gave {got} for point {i + 1}."
        )
        code = (
            "zero-label"
            if all(v == -assignment.zero_label for v in labels if v is not None)
            else ""
        )
    elif check == "state-pass":
        said = (
            f"Over the pass, just before update {i + 1}, predict must give {written(want[i])}"
            f" for training example {i + 1}; yours gave {got}."
        )
        code = "update" if i > 0 else "zero-label"
    else:
        said = (
            f"After the pass, predict must give {written(want[i])} for new point {i + 1}; "
            f"yours gave {got}."
        )
        code = ""
    words = f"{said}\n\nOn:\n\n{setting}"
    return words, code, said


# -- A hand-in ------------------------------------------------------------------------------


def grade(
    assignment: Assignment,
    entry: Path | None,
    folder: Path | None,
    *,
    problem: str = "",
    budget: float | None = None,
    cache_dir: str | Path | None = None,
) -> list[Result]:
    """Every part of one hand-in, in the assignment's order: ``entry`` is its Python file
    (functions), ``folder`` the folder its program runs in; ``problem`` why there is none;
    ``cache_dir`` where the reference's work for the train part is kept and shared by the
    class (:mod:`~perceptron_ref.crosscheck.judge.cache`)."""
    deadline = None if budget is None else time.monotonic() + budget

    def left() -> float | None:
        return None if deadline is None else max(1.0, deadline - time.monotonic())

    done: dict[str, Result] = {}
    parts = assignment.parts
    not_run = f"Not graded: {problem or 'no code to run'}."
    if any(p.check in PROGRAM_CHECKS for p in parts):
        got = (
            grade_program(assignment, folder, left())
            if folder is not None
            else Failure("load error", problem or "no program to run")
        )
        done |= {r.part.name: r for r in program_results(assignment, got)}
    calls = [p for p in parts if p.check in ("step", "predict") or p.check in STATE_CHECKS]
    for part in (p for p in parts if p.check == "train"):
        if entry is None:
            done[part.name] = Result(part, False, not_run, problem, failure="load error", ran=False)
        else:
            done[part.name] = train_result(assignment, part, entry, left(), cache_dir)
    if calls and entry is None:
        for part in calls:
            done[part.name] = Result(part, False, not_run, problem, failure="load error", ran=False)
    elif calls:
        assert entry is not None
        with C.Calls(
            entry,
            input=assignment.input,
            timeout=assignment.timeout,
            memory=assignment.memory * 1024**2,
            source=definitions_of(entry),  # as the train part loads it: no demo run
        ) as session:
            for part in (p for p in calls if p.check in FUNCTION_CHECKS):
                worker = step_result if part.check == "step" else predict_result
                done[part.name] = worker(assignment, part, session)
            if any(p.check in STATE_CHECKS for p in calls):
                done |= {r.part.name: r for r in state_results(assignment, session)}
    return [done[p.name] for p in parts]
