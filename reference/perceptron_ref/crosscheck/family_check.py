"""``crosscheck`` of an algorithm beyond the core six: its family's options, data and trial.

:func:`~perceptron_ref.crosscheck.check.crosscheck` hands every algorithm that is not one of the
notes' six perceptrons to :func:`crosscheck` here: the options are checked as ``run`` checks
them, the data drawn by the family's regimes (:mod:`~perceptron_ref.crosscheck.data.families`)
and kept when usable (:func:`usable`), and the candidate judged by a
:class:`~perceptron_ref.crosscheck.judge.family_trial.FamilyTrial`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from perceptron_ref.crosscheck import candidates
from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.data import datasets
from perceptron_ref.crosscheck.explain.family_verdicts import disagree
from perceptron_ref.crosscheck.family import Family, Options, of
from perceptron_ref.crosscheck.judge import cache
from perceptron_ref.crosscheck.judge.family_trial import ByData, Calls, FamilyTrial
from perceptron_ref.crosscheck.report.results import Report
from perceptron_ref.errors import InputError


def usable(data: Data, *, family: Family, options: Options, needs: datasets.Needs) -> str:
    """Why a data set cannot be used with these options ("" when it can)."""
    if not data[0] or not data[0][0]:
        return "no examples"
    d = len(data[0][0])
    if needs.dimension is not None and d != needs.dimension:
        return f"d = {d}, but --dimension {needs.dimension} was asked"
    judge = family.judge
    why = judge.refuse(data, options)
    if why:
        return why
    reference = judge.variants(options, predictions=False)[0]
    if needs.floats and not judge.exact(data, reference, options):
        return "not exact in float64 along the run: use --input fractions"
    return ""


def crosscheck(
    target: str,
    options: Options,
    *,
    input: candidates.Input,
    examples: int,
    seed: int,
    timeout: float,
    memory: int,
    entry: str | None,
    data: Sequence[tuple[str, Data]],
    dimension: int | None,
    clock: candidates.Clock,
    labels: str | None = None,
    cache_dir: str | Path | None = None,
    facts: Callable[[datasets.Needs], Mapping[str, Any]] | None = None,
) -> Report:
    """The family's crosscheck (the arguments are :func:`~perceptron_ref.crosscheck.check.
    crosscheck`'s, checked there; ``facts``: what keys the reference's work for these needs
    in the cache ``cache_dir``, :mod:`~perceptron_ref.crosscheck.judge.cache`)."""
    family = of(options.algorithm)
    if target in ("sklearn", "river"):
        raise InputError(f"the {target} adapter runs the core perceptrons, not {options.algorithm}")
    candidate = candidates.parse(target, input=input, entry=entry)
    family.judge.check(options, candidate.floats)
    if labels not in (None, "pm1") and (
        family.name == "multiclass" or candidate.kind not in ("file", "module")
    ):
        raise InputError(
            "labels: a 0/1 coding is told to a two-class Python candidate only (a program "
            "reads -1/+1, as spec/protocol/ says)"
        )
    needs = datasets.Needs(
        options.bias,
        options.epochs == "converge",
        candidate.floats,
        candidate.vectorized,
        dimension,
        "tie-mistake",
        False,
    )
    unusable = functools.partial(usable, family=family, options=options, needs=needs)
    given = []
    for name, d in data:
        why = unusable(d)
        if why:
            raise InputError(f"{name}: {why}")
        given.append(datasets.Case("given", d))
    shared = cache.Shared(cache_dir, facts(needs) if facts else {}, ByData(options))
    drawn = shared.draw(lambda: _draw(family, options, needs, examples, seed))
    cases = [*given, *drawn]
    if not cases:  # e.g. --dimension D with Winnow's targets, or float input where no run is exact
        floats = " in float64 (use --input fractions)" if candidate.floats else ""
        raise InputError(
            f"no data set of {options.algorithm}'s regimes fits these options{floats}: "
            "change --dimension, --input or the algorithm's options"
        )
    coding = labels if labels not in (None, "pm1") else None
    calls = Calls(family, options, family.judge.told_for(options), coding)
    with candidates.Runner(
        candidate,
        bias=options.bias,
        epochs=options.epochs,
        timeout=timeout,
        memory=memory,
        eta=options.eta,
        clock=clock,
        family=calls,
    ) as call:
        trial = FamilyTrial(target, candidate, family, options, needs, cases, call, unusable, calls)
        report = trial.report(disagree)
    shared.keep()
    return report


@functools.lru_cache(maxsize=16)
def _draw(
    family: Family, options: Options, needs: datasets.Needs, examples: int, seed: int
) -> tuple[datasets.Case, ...]:
    """The data sets of every regime, smallest first (cached: a grading run draws once)."""

    def keep(d: Data) -> bool:
        return not usable(d, family=family, options=options, needs=needs)

    found = family.regimes.draw(options, needs, examples, seed, keep)
    return tuple(sorted(found, key=lambda c: c.size))
