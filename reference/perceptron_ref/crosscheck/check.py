"""``crosscheck``: try a candidate on data of several regimes, read its answers (learning
rate, bias last, float64 error bounds), shrink a disagreement, diagnose it, name conventions.

The candidate never sees an expected result: the reference runs here, in the parent,
after the candidate's process has answered (see :mod:`~perceptron_ref.crosscheck.run.sandbox`).
The work itself is :class:`~perceptron_ref.crosscheck.judge.trial.Trial`'s; this module checks
the options, draws the data and defines what a crosscheck returns.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import inspect
import json
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from perceptron_ref import registry
from perceptron_ref.algorithm import BatchAlgorithm
from perceptron_ref.crosscheck import candidates, family
from perceptron_ref.crosscheck.candidates import layouts, parameters
from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.data import datasets, separating
from perceptron_ref.crosscheck.explain.diagnosis import Diagnosis
from perceptron_ref.crosscheck.explain.verdicts import disagree
from perceptron_ref.crosscheck.judge import cache, floats, step
from perceptron_ref.crosscheck.judge.conventions import VARIANTS
from perceptron_ref.crosscheck.judge.oracle import MAX_EPOCHS, Oracle, converges
from perceptron_ref.crosscheck.judge.trial import Trial
from perceptron_ref.crosscheck.report.results import Counterexample, Coverage, Report
from perceptron_ref.crosscheck.run import sandbox
from perceptron_ref.errors import InputError
from perceptron_ref.numbers import to_fraction
from perceptron_ref.runner import Epochs
from perceptron_ref.vectors import Label

__all__ = ["Counterexample", "Coverage", "Diagnosis", "Report", "crosscheck", "validate"]


def validate(algorithm: str, epochs: Epochs) -> Epochs:
    """Check ALGORITHM and ``epochs``; return the epochs the candidate is told."""
    algo = registry.get(algorithm)
    if algorithm not in VARIANTS:  # a family's (crosscheck/family.py): as run takes them
        if epochs != "converge" and (type(epochs) is not int or epochs < 1):
            raise InputError(f"epochs must be a positive integer or 'converge', got {epochs!r}")
        return epochs
    if isinstance(algo, BatchAlgorithm):
        if epochs not in (1, "converge"):
            raise InputError(f"{algorithm} is a batch algorithm: it runs until convergence")
        return "converge"  # what the candidate is told: passes until a clean one
    return epochs


def family_options(
    algorithm: str,
    bias: bool,
    epochs: Epochs,
    eta: Fraction,
    max_epochs: int | None,
    settings: dict[str, object],
) -> family.Options | None:
    """A family's options, checked as ``run`` checks them (None for the core six, which
    take none: an InputError when some are given)."""
    chosen = {k: v for k, v in settings.items() if v is not None}
    if algorithm in VARIANTS:
        if chosen or max_epochs is not None:
            name = sorted(chosen)[0] if chosen else "max_epochs"
            raise InputError(f"{algorithm} takes no option {name}")
        return None
    return family.options(
        algorithm, bias=bias, epochs=epochs, eta=eta, max_epochs=max_epochs, **chosen
    )


def _eta(eta: object) -> Fraction:
    value = to_fraction(eta)
    if value <= 0:
        raise InputError(f"eta must be a positive rational, got {value}")
    return value


def crosscheck(
    algorithm: str,
    target: str,
    *,
    bias: bool | None = None,
    epochs: Epochs = 1,
    input: candidates.Input = "numpy",
    examples: int = 50,
    seed: int = 0,
    timeout: float = 10.0,
    memory: int = sandbox.MEMORY,
    entry: str | None = None,
    data: Sequence[tuple[str, Data]] = (),
    eta: object = 1,
    dimension: int | None = None,
    budget: float | None = None,
    params: Mapping[str, Any] | None = None,
    weights_attr: str | None = None,
    orientation: str | None = None,
    labels: str | None = None,
    max_epochs: int | None = None,
    cache_dir: str | Path | None = None,
    **settings: object,
) -> Report:
    """Compare the candidate ``target`` with ``algorithm`` on ``examples`` data sets.

    ``timeout`` (seconds) bounds the wait for each answer and ``budget`` (seconds) the
    whole run; ``memory`` (bytes) the candidate's address space; ``entry`` is the function
    of a TARGET without one; ``data`` are (name, data set) pairs, e.g. from files, tried
    first; ``eta`` is the step the candidate is told (it may use its own: its learning rate
    is then named); ``dimension`` restricts every data set to d = D.  ``bias`` None: found
    by probing (it learns a bias of its own, or not).  ``params`` (``--param``) set the
    candidate's parameters by name (JSON values), ``weights_attr`` names the attributes
    ("W" or "W,B") a fitted object's weights are read from, ``orientation`` ("rows",
    "columns") and ``labels`` ("pm1", "01") force what probing would find.  ``max_epochs``
    and ``settings`` (``average``, ``kernel``, ``degree``, ``c``, ``k``, ``epsilon``) are the
    options of the algorithms beyond the core six, as ``run`` takes them
    (:mod:`~perceptron_ref.crosscheck.family_check`).  ``cache_dir``: a folder where the
    reference's work for these options (the data drawn, its runs) is kept and read back by
    the next crosscheck of the same configuration (:mod:`~perceptron_ref.crosscheck.judge.cache`;
    ``grade`` shares it across a class)."""
    asked = {k: v for k, v in locals().items() if k != "settings"} | settings  # for the cache
    clock = candidates.Clock(budget)  # the budget counts from here: drawing data included
    epochs = validate(algorithm, epochs)
    q = _eta(eta)
    if dimension is not None and (type(dimension) is not int or dimension < 1):
        raise InputError(f"dimension must be a positive integer, got {dimension!r}")
    if budget is not None and not budget > 0:
        raise InputError(f"budget must be a positive number of seconds, got {budget!r}")
    options = family_options(algorithm, bool(bias), epochs, q, max_epochs, settings)
    if options is not None:
        from perceptron_ref.crosscheck import family_check

        # a family's candidate is called plainly (FUNCTION(X, y, its options by name))
        if params:
            raise InputError(f"params: not taken for {algorithm} (only the core six)")
        attributes = _attributes(weights_attr)
        if attributes and not family.of(algorithm).weights:
            raise InputError(
                f"weights_attr: not taken for {algorithm}: its answer is no weight vector "
                "(a fitted object is judged by its predict)"
            )
        if len(attributes) == 2 and not options.bias:
            raise InputError(
                f"weights_attr: {attributes[1]} would be a bias, and {algorithm} is checked "
                "without one (--bias)"
            )

        def checked(options: family.Options) -> Report:
            return family_check.crosscheck(
                target,
                options,
                input=input,
                examples=examples,
                seed=seed,
                timeout=timeout,
                memory=memory,
                entry=entry,
                data=data,
                dimension=dimension,
                clock=clock,
                labels=labels,
                orientation=orientation,
                weights=attributes,
                cache_dir=cache_dir,
                facts=lambda needs: facts(asked, needs, q),
            )

        report = checked(options)
        if (
            bias is None
            and family.of(algorithm).own_bias
            and report.verdict != "agree"
            and report.reason.startswith("unparsable")
        ):
            # a bias of its own ((w̄, b), d + 1 numbers) is unreadable as d numbers: asked
            # again with one, its answers read so are judged (the core finds it by probing)
            try:
                again = checked(dataclasses.replace(options, bias=True))
            except InputError:  # a family that takes no bias
                again = report
            if not again.reason.startswith("unparsable"):
                said = "it learns a bias of its own: checked with one (found by its answers)"
                report = dataclasses.replace(again, calling=(*again.calling, said))
        elif (
            bias is None
            and family.of(algorithm).own_bias
            and report.verdict != "agree"
            and "predictions" in report.compared
        ):
            # a fitted model's predictions show no bias apart: one that learns its own
            # is judged with one too, and kept only where it then agrees on every data set
            try:
                again = checked(dataclasses.replace(options, bias=True))
            except InputError:
                again = report
            if again.verdict == "agree":
                said = "it learns a bias of its own: checked with one (its predictions agree so)"
                report = dataclasses.replace(again, calling=(*again.calling, said))
        return _something_checked(report)
    candidate = candidates.parse(target, input=input, entry=entry)
    told = parameters.Told(q, epochs, bias, dict(params or {}), _attributes(weights_attr))
    zero = registry.get(algorithm).zero_score
    guess = datasets.Needs(  # the needs of most code: no bias of its own, labels ±1
        bool(bias), converges(algorithm, epochs), candidate.floats, candidate.vectorized,
        dimension, zero, candidate.two_classes,
    )  # fmt: skip
    ahead = cache.Ahead(cache_dir, facts(asked, guess, q))
    try:
        forced = {k: v for k, v in (("orientation", orientation), ("labels", labels)) if v}
        with candidates.Runner(
            candidate,
            bias=bool(bias),
            epochs=epochs,
            timeout=timeout,
            memory=memory,
            eta=q,
            clock=clock,
            told=told,
        ) as call:
            plan = call.prepare()
            if plan is not None and plan.step is not None:
                q = call.eta = plan.step  # --param set the step: the reference runs with it
            found = None
            if call.language is not None and call.language.rows_only:
                forced.setdefault("orientation", "rows")
            if plan is not None and call.failed is None:
                switch = '"bias"' in json.dumps(plan.json())
                found = layouts.find(
                    call.probe,
                    algorithm,
                    epochs,
                    bias=bias,
                    switch=switch,
                    data="data" if plan.data == ("data",) else "separate",
                    dimension=dimension,
                    forced=forced,
                )
                call.layout = found.layout
            has_bias = call.layout.reference_bias if found is not None else bool(bias)
            oracle = Oracle(algorithm, bias=has_bias, epochs=epochs, eta=q)
            needs = datasets.Needs(
                has_bias,
                oracle.converge,
                candidate.floats,
                candidate.vectorized,
                dimension,
                zero,
                candidate.two_classes or (found is not None and found.two_classes),
            )
            usable = functools.partial(_unusable, oracle=oracle, needs=needs)
            given = datasets.given(data, usable)
            shared = cache.Shared(cache_dir, facts(asked, needs, q))
            ahead.settle(shared.key)
            drawn = shared.draw(lambda: _draw(algorithm, epochs, needs, examples, seed))
            calling = _calling(candidate, plan, found, told)
            trial = Trial(
                target, candidate, oracle, needs, [*given, *drawn], call, usable, calling=calling
            )
            report = trial.report(disagree)
            words = functools.partial(_calling, candidate, found=found, told=told)
            report = step.again(report, trial, disagree, words)
            shared.keep()
            return _something_checked(report)
    finally:
        ahead.settle()


def _something_checked(report: Report) -> Report:
    """No agreement on nothing: a run whose budget was spent before any data set was checked
    is not an AGREE (it would pass a grader unseen)."""
    if report.verdict != "agree" or report.examples > 0:
        return report
    said = "budget: no data set was checked (the --budget was spent before the first one ran)"
    return dataclasses.replace(report, verdict="disagree", reason=said, agrees_with=())


UNSHAPING = ("target", "timeout", "memory", "budget", "cache_dir")
"""crosscheck's arguments that do not shape the reference's work (they bound the candidate)."""
RESOLVED = ("bias", "input", "entry", "weights_attr", "orientation", "labels")
"""crosscheck's arguments that shape the reference's work only through what they select of the
candidate, which the needs hold as resolved (``--bias`` told or found: ``needs.bias``; the
input kind: ``floats``, ``vectorized``; the label coding: ``two_classes``), so that ``grade``,
which tells them, and ``crosscheck``, which finds them, key one run by one entry."""


def facts(asked: Mapping[str, Any], needs: datasets.Needs, q: Fraction) -> dict[str, Any]:
    """What keys the reference's work for one crosscheck (:mod:`~perceptron_ref.crosscheck.
    judge.cache`): its options (``asked``: crosscheck's keyword arguments; those not given at
    crosscheck's defaults) but :data:`UNSHAPING` and :data:`RESOLVED`, the needs its
    candidate selected and the step the reference runs with."""
    named = inspect.signature(crosscheck).parameters
    options = {
        n: asked.get(n, p.default)
        for n, p in named.items()
        if n not in UNSHAPING + RESOLVED and p.kind is inspect.Parameter.KEYWORD_ONLY
    }
    options["algorithm"] = asked["algorithm"]
    options["params"] = dict(options["params"] or {})  # none given: None (grade) or {} (the CLI)
    options["data"] = [hashlib.sha256(repr(d).encode()).hexdigest() for _, d in options["data"]]
    options["settings"] = {k: v for k, v in asked.items() if k not in named}
    return {"options": options, "needs": dataclasses.asdict(needs), "eta": str(q)}


def _attributes(text: str | None) -> tuple[str, ...]:
    """``--weights-attr W[,B]``: one or two attribute names."""
    if text is None:
        return ()
    names = tuple(n.strip() for n in text.split(","))
    if not 1 <= len(names) <= 2 or not all(n.isidentifier() for n in names):
        raise InputError(f"--weights-attr {text!r}: expected W or W,B (attribute names)")
    return names


def _calling(
    candidate: candidates.Candidate,
    plan: parameters.Plan | None,
    found: layouts.Found | None,
    told: parameters.Told,
) -> list[str]:
    """How the candidate was called, in words, for the report."""
    said = []
    told_bias = found is not None and found.layout.told_bias
    if plan is not None and plan.problem:  # never called (no fitting method, ...)
        said.append(f"not called: {plan.problem}")
    elif plan is not None:
        if plan.filled or plan.kind != "function" or plan.data != ("X", "y"):
            said.append(f"called as {plan.call_text(told_bias)}")  # more than NAME(X, y)
        said += [f"filled {', '.join(plan.words(told_bias))}"] if plan.filled else []
        if plan.kind in ("factory", "instance"):
            what = "a factory" if plan.kind == "factory" else "an instance"
            said.append(f"{what}: its model keeps its own settings")
        if not plan.passes and told.epochs != 1:
            said.append("no parameter takes the passes: it makes its own number of them")
        if plan.step is None and told.eta != 1 and not any("(--eta)" in f for f in plan.filled):
            said.append("no parameter takes the step: it uses its own")
    if found is not None:
        said += found.notes()
    said += list(candidate.notes)
    return said


def _unusable(data: Data, *, oracle: Oracle, needs: datasets.Needs, quick: bool = False) -> str:
    """Why a data set cannot be used with these options ("" when it can); ``quick``: a
    shrinking try (see :meth:`Oracle.quick`)."""
    d = len(data[0][0]) if data[0] else 0
    if needs.dimension is not None and d != needs.dimension:
        return f"d = {d}, but --dimension {needs.dimension} was asked"
    status = (
        (oracle.quick(data)[1] if quick else oracle.trace(data).status) if oracle.converge else ""
    )
    if oracle.converge and status != "converged":
        return f"{oracle.algorithm} does not converge on these data within {MAX_EPOCHS} epochs"
    if needs.two_classes and len(set(data[1])) < 2:
        return "the candidate refuses data with one class (as scikit-learn does): give both"
    if needs.floats and not floats.exact(
        oracle.scaled(data), oracle.mistake(), passes=oracle.passes, cap=MAX_EPOCHS
    ):
        return "not exact in float64 along the run: use --input fractions"
    return ""


@functools.lru_cache(maxsize=16)
def _draw(
    algorithm: str, epochs: Epochs, needs: datasets.Needs, examples: int, seed: int
) -> tuple[datasets.Case, ...]:
    """The data sets of every regime, smallest first (cached: a grading run draws once)."""
    oracle = Oracle(algorithm, bias=needs.bias, epochs=epochs, eta=Fraction(1))

    def keep(d: Data) -> bool:
        return not _unusable(d, oracle=oracle, needs=needs)

    first: Label = -1 if needs.rule == "tie-positive" else 1

    found = datasets.regimes(datasets.plan(examples, floats=needs.floats), needs, seed, keep,
                             first=first)  # fmt: skip
    if examples < separating.SEPARATE:  # few data sets: add those that tell wrong loops apart
        more = separating.pool(floats=needs.floats)
        drawn = datasets.regimes(more, needs, seed + 1, keep, first=first)
        pool = [c for c in drawn if c not in found]
        at = separating.separating([(c.data, epochs) for c in found], [c.data for c in pool],
                                   algorithm, epochs, bias=needs.bias)  # fmt: skip
        found += [pool[i] for i in at]
    return tuple(sorted(found, key=lambda c: c.size))
