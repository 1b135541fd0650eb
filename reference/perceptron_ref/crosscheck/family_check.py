"""``crosscheck`` of an algorithm beyond the core six: its family's options, data and trial.

:func:`~perceptron_ref.crosscheck.check.crosscheck` hands every algorithm that is not one of the
notes' six perceptrons to :func:`crosscheck` here: the options are checked as ``run`` checks
them, the data drawn by the family's regimes (:mod:`~perceptron_ref.crosscheck.data.families`)
and kept when usable (:func:`usable`), the labels a two-class Python candidate takes (-1/+1
or 0/1) found by probing it (:func:`find_coding`) unless ``--label-coding`` tells them, and the
candidate judged by a :class:`~perceptron_ref.crosscheck.judge.family_trial.FamilyTrial`.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from perceptron_ref.crosscheck import candidates
from perceptron_ref.crosscheck.candidates.outcomes import Data, Failure
from perceptron_ref.crosscheck.data import datasets
from perceptron_ref.crosscheck.explain.family_verdicts import disagree
from perceptron_ref.crosscheck.family import Family, Options, of
from perceptron_ref.crosscheck.judge.family_trial import STOPS, Calls, FamilyTrial
from perceptron_ref.crosscheck.judge.oracle import SMALL
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
) -> Report:
    """The family's crosscheck (the arguments are :func:`~perceptron_ref.crosscheck.check.
    crosscheck`'s, checked there)."""
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
    cases = [*given, *_draw(family, options, needs, examples, seed)]
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
        said = _told(labels)
        if labels is None and family.name not in ONE_CODING and candidate.kind in PYTHON:

            def trial_on(sets: Sequence[datasets.Case]) -> FamilyTrial:
                return FamilyTrial(
                    target, candidate, family, options, needs, sets, call, unusable, calls
                )

            pool = list(cases)
            if len(probe_sets(pool)[1]) < PROBES:  # few data sets: more of the regimes'
                pool += _draw(family, options, needs, PROBE_DRAW, seed)
            found = find_coding(trial_on, pool)
            calls.labels = None if found.coding == "pm1" else found.coding
            said = found.notes()
        trial = FamilyTrial(target, candidate, family, options, needs, cases, call, unusable, calls)
        report = trial.report(disagree)
        return dataclasses.replace(report, calling=(*report.calling, *said))


ONE_CODING = ("multiclass",)
"""The families whose labels have one coding (class labels 0 … K − 1 as they are)."""
PYTHON = ("file", "module")
"""The candidates whose labels are probed (a program reads -1/+1: ``spec/protocol/``)."""
CODINGS = {"pm1": "labels -1/+1", "01": "labels 0/1 (-1 sent as 0)"}
PROBES = 6
"""Data sets per probe of the label coding (the smallest with both labels)."""
PROBE_DRAW = 24
"""Data sets drawn for probing when ``--examples`` gives too few with both labels."""


@dataclass(frozen=True)
class Coding:
    """The label coding chosen, and how: ``found`` by probing, or kept as the usual ±1
    because no coding fitted better."""

    coding: str = "pm1"
    found: bool = False  # False: no coding fitted (a wrong candidate), the usual one kept
    fitted: str = "all"  # "all": every probe fitted a variant; "more": more of them did

    def notes(self) -> list[str]:
        if self.coding == "pm1":
            return []  # the usual coding: nothing to say (as for the core's usual layout)
        how = "found by probing"
        if self.fitted == "more":
            how += ": more of its answers on the probes fit a variant so than with -1/+1"
        return [f"{CODINGS[self.coding]} ({how})"]


def _told(labels: str | None) -> list[str]:
    """The report's words for a coding told by --label-coding."""
    return [] if labels is None else [f"{CODINGS[labels]} (told: --label-coding {labels})"]


def probe_sets(cases: Sequence[datasets.Case]) -> tuple[list[datasets.Case], list[datasets.Case]]:
    """Two probes of the label coding: the smallest data sets with both labels (those of
    four examples or more first), :data:`PROBES` each; the second the next ones."""
    both = [c for c in cases if len(set(c.data[1])) == 2 and c.size <= SMALL]
    both.sort(key=lambda c: (len(c.data[0]) < 4, c.size))
    first, second = both[:PROBES], both[PROBES : 2 * PROBES]
    return first, second


def find_coding(
    trial_on: Callable[[Sequence[datasets.Case]], FamilyTrial], cases: Sequence[datasets.Case]
) -> Coding:
    """The labels a two-class candidate takes, found by probing it on tiny data of the
    family's regimes: -1/+1 when its answers there are each those of one of the family's
    variants (any variant: which is judged after); else 0/1 when, given 0/1, they are, and
    are again on a second probe (a candidate that fits by chance once is not taken for
    one coded 0/1); else 0/1 when more of its answers fit a variant so than with -1/+1, on
    each probe (a wrong candidate coded 0/1, whose difference is none of the variants);
    else -1/+1, the usual coding."""
    first, second = probe_sets(cases)
    if not first:
        return Coding()
    second = second or first  # asked again: a candidate that fits by chance may not

    stopped = ""

    def fitted(coding: str | None, sets: Sequence[datasets.Case]) -> tuple[bool, int]:
        """Do its answers all fit one variant, and how many fit one each?"""
        nonlocal stopped
        trial = trial_on(sets)
        trial.calls.labels = coding
        outcomes = trial.call([c.data for c in sets])
        stop = next((o for o in outcomes if isinstance(o, Failure) and o.kind in STOPS), None)
        stopped = "" if stop is None else stop.kind
        every = range(len(sets))
        each = sum(bool(trial.fitting(outcomes, [i])) for i in every)
        return each == len(sets) and bool(trial.fitting(outcomes, every)), each

    whole, usual = fitted(None, first)
    if whole:
        return Coding("pm1", True)
    if stopped in ("load error", "budget"):  # the trial says so
        return Coding()
    # a hang given -1/+1 may be a loop coded 0/1 that never ends so: asked 0/1 once
    whole01, coded = fitted("01", first)
    if stopped or (not whole01 and coded <= usual):
        return Coding()
    again, coded_again = fitted("01", second)
    if whole01 and again:
        return Coding("01", True)
    if stopped:
        return Coding()
    usual_again = fitted(None, second)[1]
    if coded > usual and coded_again > usual_again:
        return Coding("01", True, "more")
    return Coding()


@functools.lru_cache(maxsize=16)
def _draw(
    family: Family, options: Options, needs: datasets.Needs, examples: int, seed: int
) -> tuple[datasets.Case, ...]:
    """The data sets of every regime, smallest first (cached: a grading run draws once)."""

    def keep(d: Data) -> bool:
        return not usable(d, family=family, options=options, needs=needs)

    found = family.regimes.draw(options, needs, examples, seed, keep)
    return tuple(sorted(found, key=lambda c: c.size))
