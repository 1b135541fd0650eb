"""A second step: a candidate that takes a learning rate is told η = 1/2 too.

From w = 0 every positive step η gives a perceptron the same mistakes, its weights η times
those at η = 1 (theorem ``perceptron/step-invariance``).  So at the default η = 1 a
candidate that applies its step to part of the update only (the bias and not the weights,
say), or that ignores the step it is given on some branch, answers exactly as the
reference does.  Only another step shows it.

When the candidate takes a step that crosscheck fills (``--eta``, under whatever name) and
it agreed at η = 1 without ``--eta`` given, up to :data:`COUNT` of the small data sets that
moved w are asked again with η = :data:`SECOND` (exact in binary: a float candidate's
answers stay as exact as at η = 1), and judged as at η = 1: at the step it was told, or at
one learning rate of its own (from w = 0, a step of its own is no mistake).  Wrong answers
there turn the verdict, with the reason saying so.  A failure there does not (a crash, a
hang): code that keeps its weights in integers cannot take 1/2, and is right at the step it
was asked; the report says what happened.

The families whose step is an equivalence too (averaged, voted, kernel, multiclass: theorem
``perceptron/step-invariance-extended``) get the same second step (:func:`again_family`),
when the parameter the worker filled with the step is named in their answers.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from perceptron_ref.crosscheck.candidates.outcomes import Failure, Outcome, Returned
from perceptron_ref.crosscheck.candidates.parameters import Plan
from perceptron_ref.crosscheck.judge.oracle import SMALL, Oracle
from perceptron_ref.crosscheck.judge.trial import Trial
from perceptron_ref.crosscheck.report.results import Report

if TYPE_CHECKING:
    from perceptron_ref.crosscheck.judge.family_trial import FamilyTrial

SECOND = Fraction(1, 2)
"""The second step a candidate is told."""

COUNT = 8
"""Data sets asked again at the second step: the first small ones whose run moved w."""

FILLED = " (--eta)"
"""How :class:`~perceptron_ref.crosscheck.candidates.parameters.Plan` marks the parameter it
filled with the step (``learning_rate = 1 (--eta)``)."""


def parameter(plan: Plan | None) -> str | None:
    """The name of the candidate's parameter that crosscheck fills with the step, if any
    (None too when ``--param`` set it: the step is then the user's)."""
    if plan is None or plan.step is not None:
        return None
    filled = next((f for f in plan.filled if f.endswith(FILLED)), None)
    return None if filled is None else filled.split(" = ")[0]


def again(
    report: Report,
    trial: Trial,
    disagree: Callable[..., Report],
    calling: Callable[[Plan], list[str]],
) -> Report:
    """``report`` (an agreement at η = 1) checked at η = :data:`SECOND` too: the report of
    that check when its answers are wrong, else ``report`` with a line on what it showed."""
    call, plan = trial.call, trial.call.plan
    name = parameter(plan)
    if report.verdict != "agree" or name is None or trial.q != 1 or call.failed is not None:
        return report
    assert plan is not None
    o = trial.oracle
    moved = [c for c in trial.cases if c.size <= SMALL and o.trace(c.data).mistakes > 0][:COUNT]
    if not moved:
        return report
    shown = f"{name} = {float(SECOND)}"  # 0.5, exactly
    filled = tuple(shown + FILLED if f.startswith(f"{name} = ") and f.endswith(FILLED) else f
                   for f in plan.filled)  # fmt: skip
    told = dataclasses.replace(plan, eta=SECOND, filled=filled)

    def ask(judged: Callable[..., Report]) -> Report:
        call.eta, call.plan = SECOND, told
        try:
            oracle = Oracle(o.algorithm, bias=o.bias, epochs=o.epochs, eta=SECOND)
            second = Trial(
                trial.target, trial.candidate, oracle, trial.needs, moved, call, trial.unusable,
                calling=calling(told),
            )  # fmt: skip
            return second.report(judged)
        finally:
            call.eta, call.plan = Fraction(1), plan

    return _second(report, name, len(moved), disagree, ask)


def again_family(report: Report, trial: FamilyTrial, disagree: Callable[..., Report]) -> Report:
    """The same for a family whose step is an equivalence (averaged, voted, kernel,
    multiclass: ``Judge.scales``), for a Python candidate that took the step told in a
    parameter of its own (the worker names it): from w = 0 a step applied to the bias alone
    gives the reference's answers at η = 1 as well."""
    from perceptron_ref.crosscheck.judge.family_trial import FamilyTrial

    name, judge = trial.step, trial.judge
    if report.verdict != "agree" or not name or trial.q != 1 or not judge.scales:
        return report
    reference = judge.variants(trial.options, predictions=False)[0]
    moved = [
        c
        for c in trial.cases
        if c.size <= SMALL and any(judge.split(trial.answer(c.data, reference))[0])
    ][:COUNT]
    if not moved:
        return report
    options = dataclasses.replace(trial.options, eta=SECOND)
    calls = copy.copy(trial.calls)  # its layout and probes; the options told at η = 1/2
    calls.options, calls.told = options, judge.told_for(options)

    def ask(judged: Callable[..., Report]) -> Report:
        call = trial.call
        before, call.family = call.family, calls
        try:
            second = FamilyTrial(
                trial.target, trial.candidate, trial.family, options, trial.needs, moved, call,
                trial.unusable, calls,
            )  # fmt: skip
            return second.report(judged)
        finally:
            call.family = before

    return _second(report, name, len(moved), disagree, ask)


def _second(
    report: Report,
    name: str,
    count: int,
    disagree: Callable[..., Report],
    ask: Callable[[Callable[..., Report]], Report],
) -> Report:
    """``report`` after asking ``count`` data sets again at η = :data:`SECOND` (``ask``
    runs the trial there with the judging it is given): the second report when an answer
    is wrong, else ``report`` with a line on what the second step showed."""
    shown = f"{name} = {float(SECOND)}"  # 0.5, exactly
    failed: list[Failure] = []

    def judged(t: Any, outcomes: Sequence[Outcome], checked: Sequence[int], reading: Any,
               results: Sequence[Any], bad: int, *rest: Any) -> Report:  # fmt: skip
        """The disagreement explained, when an answer is wrong; when it only failed (a crash,
        a hang), the failure noted and nothing more spent on it."""
        wrong = [
            i
            for i in checked
            if isinstance(outcomes[i], Returned) and not getattr(results[i], "ok", results[i])
        ]
        if wrong:
            return disagree(t, outcomes, checked, reading, results, wrong[0], *rest)
        failed.append(next(o for o in outcomes if isinstance(o, Failure)))
        return report

    got = ask(judged)
    asked = f"told {shown} too, on {count} data sets"
    if failed:
        said = f"{asked}: {failed[0]} (not held against it: the step asked is 1)"
        return dataclasses.replace(report, calling=(*report.calling, said))
    if got.verdict == "agree":
        said = f"{asked}: agrees" + _rate(report.equivalence, got.equivalence, name)
        return dataclasses.replace(report, calling=(*report.calling, said))
    why = (
        f"told {shown}: {got.reason}; told {name} = 1 it agrees on all {report.examples} data "
        "sets, where from w = 0 a step that is not applied to the whole update changes no "
        "mistake"
    )
    return dataclasses.replace(got, reason=why)


def _rate(first: Fraction | None, second: Fraction | None, name: str) -> str:
    """What the learning rates read at η = 1 (``first``) and at η = 1/2 (``second``; None: the
    step it was told) say of how it uses its step."""
    c1, c2 = first or Fraction(1), second or SECOND
    if c2 == c1 * SECOND:
        return "" if c1 == 1 else f", at a learning rate of {c2} ({c1} × {name}, as at {name} = 1)"
    if c2 == c1:
        return f", at the same learning rate as at {name} = 1, {c2} (it does not use {name})"
    return f", at a learning rate of its own, {c2}"
