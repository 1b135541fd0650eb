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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from perceptron_ref.crosscheck import candidates
from perceptron_ref.crosscheck.candidates import layouts
from perceptron_ref.crosscheck.candidates.outcomes import Data, Failure
from perceptron_ref.crosscheck.data import datasets
from perceptron_ref.crosscheck.explain.family_verdicts import disagree
from perceptron_ref.crosscheck.family import Family, Options, of
from perceptron_ref.crosscheck.judge import cache, step
from perceptron_ref.crosscheck.judge.families import ratio, scaled
from perceptron_ref.crosscheck.judge.family_trial import ByData, Calls, FamilyTrial
from perceptron_ref.crosscheck.judge.oracle import SMALL
from perceptron_ref.crosscheck.judge.tally import STOPS
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
    orientation: str | None = None,
    weights: tuple[str, ...] = (),
    cache_dir: str | Path | None = None,
    facts: Callable[[datasets.Needs], Mapping[str, Any]] | None = None,
) -> Report:
    """The family's crosscheck (the arguments are :func:`~perceptron_ref.crosscheck.check.
    crosscheck`'s, checked there; ``weights``: its ``--weights-attr`` names; ``facts``: what
    keys the reference's work for these needs in the cache ``cache_dir``,
    :mod:`~perceptron_ref.crosscheck.judge.cache`)."""
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
    if orientation == "columns" and candidate.kind not in PYTHON:
        raise InputError(
            "orientation: X as d × n is given to a Python candidate only (a program reads "
            "rows, as spec/protocol/ says)"
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
    given = datasets.given(data, unusable)
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
    calls = Calls(family, options, family.judge.told_for(options), coding, weights)
    calls.orientation = "columns" if orientation == "columns" else None
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
        said = _told(labels if family.name not in ONE_CODING else None, orientation)
        codings = (labels,) if labels else ("pm1",) if family.name in ONE_CODING else PM1_01
        orientations = (orientation,) if orientation else ("rows", "columns")
        if candidate.kind in PYTHON and len(codings) * len(orientations) > 1:

            def trial_on(sets: Sequence[datasets.Case]) -> FamilyTrial:
                return FamilyTrial(
                    target, candidate, family, options, needs, sets, call, unusable, calls
                )

            pool = list(cases)
            if len(probe_sets(pool)[1]) < PROBES:  # few data sets: more of the regimes'
                pool += _draw(family, options, needs, PROBE_DRAW, seed)
            found = find_coding(trial_on, pool, codings, orientations)
            calls.labels = None if found.coding == "pm1" else found.coding
            calls.orientation = None if found.orientation == "rows" else found.orientation
            said += found.notes(labels is not None, orientation is not None)
        trial = FamilyTrial(target, candidate, family, options, needs, cases, call, unusable, calls)
        report = trial.report(disagree)
        report = step.again_family(report, trial, disagree)  # a step applied to part of it
    shared.keep()
    return dataclasses.replace(report, calling=(*report.calling, *said))


ONE_CODING = ("multiclass",)
"""The families whose labels have one coding (class labels 0 … K − 1 as they are)."""
PYTHON = ("file", "module")
"""The candidates whose labels are probed (a program reads -1/+1: ``spec/protocol/``)."""
CODINGS = {"pm1": "labels -1/+1", "01": layouts.SENT_01}
PM1_01 = ("pm1", "01")
PROBES = 6
"""Data sets per probe of the label coding (the smallest with both labels)."""
PROBE_DRAW = 24
"""Data sets drawn for probing when ``--examples`` gives too few with both labels."""


@dataclass(frozen=True)
class Coding:
    """The layout chosen (the label coding and the orientation of X), and how: ``found`` by
    probing, or the usual one kept because none fitted better."""

    coding: str = "pm1"
    found: bool = False  # False: no layout fitted (a wrong candidate), the usual one kept
    fitted: str = "all"  # "all": every probe fitted a variant; "more": more of them did
    orientation: str = "rows"

    def notes(self, labels: bool = False, orientation: bool = False) -> list[str]:
        """What differs from the usual (X n × d, labels -1/+1), in words, but what was told
        (``labels``, ``orientation``: said apart)."""
        words = []
        if self.orientation == "columns" and not orientation:
            words.append(COLUMNS)
        if self.coding == "01" and not labels:
            words.append(CODINGS["01"])
        if not words:
            return []  # the usual layout: nothing to say (as for the core's)
        how = "found by probing"
        if self.fitted == "more":
            how += ": more of its answers on the probes fit a variant so than with -1/+1"
        return [f"{'; '.join(words)} ({how})"]


COLUMNS = "X as d × n (one example per column), y as a 1 × n row"


def _told(labels: str | None, orientation: str | None) -> list[str]:
    """The report's words for a layout told by --label-coding and --orientation."""
    said = [] if labels is None else [f"{CODINGS[labels]} (told: --label-coding {labels})"]
    if orientation is not None:
        words = COLUMNS if orientation == "columns" else "X as n × d (one example per row)"
        said.append(f"{words} (told: --orientation {orientation})")
    return said


def probe_sets(cases: Sequence[datasets.Case]) -> tuple[list[datasets.Case], list[datasets.Case]]:
    """Two probes of the layout: the smallest data sets with two labels or more (those of
    four examples or more first), :data:`PROBES` each; the second the next ones."""
    both = [c for c in cases if len(set(c.data[1])) >= 2 and c.size <= SMALL]
    both.sort(key=lambda c: (len(c.data[0]) < 4, c.size))
    first, second = both[:PROBES], both[PROBES : 2 * PROBES]
    return first, second


def find_coding(
    trial_on: Callable[[Sequence[datasets.Case]], FamilyTrial],
    cases: Sequence[datasets.Case],
    codings: Sequence[str] = ("pm1", "01"),
    orientations: Sequence[str] = ("rows", "columns"),
) -> Coding:
    """The labels a two-class candidate takes (``codings``) and how it takes X
    (``orientations``), found by probing it on tiny data of the family's regimes, the usual
    layout first: X as n × d, labels -1/+1, kept when its answers there are each those of
    one of the family's variants (any variant: which is judged after); else the first other
    one in which they are, and are again on a second probe (a candidate that fits by chance
    once is not taken for one coded 0/1, or taking X as d × n); else 0/1 when more of its
    answers fit a variant so than with -1/+1, on each probe (a wrong candidate coded 0/1,
    whose difference is none of the variants); else the usual one.  A load error or the
    spent budget ends the probing, and so does a second hang (a loop until no mistake,
    coded 0/1, never ends given -1/+1: it is asked so once)."""
    first, second = probe_sets(cases)
    layouts = [(o, c) for o in orientations for c in codings]
    usual = Coding(codings[0], False, "all", orientations[0])
    if not first:
        return usual
    second = second or first  # asked again: a candidate that fits by chance may not
    hangs = 0

    def fitted(layout: tuple[str, str], sets: Sequence[datasets.Case]) -> tuple[bool, int]:
        """Do its answers all fit one variant, and how many fit one each?"""
        nonlocal hangs
        trial = trial_on(sets)
        trial.calls.orientation = None if layout[0] == "rows" else layout[0]
        trial.calls.labels = None if layout[1] == "pm1" else layout[1]
        outcomes = trial.call([c.data for c in sets])
        stop = next((o for o in outcomes if isinstance(o, Failure) and o.kind in STOPS), None)
        if stop is not None:
            hangs = hangs + 1 if stop.kind == "hang" else 2  # a load error, the budget: done
        every = range(len(sets))
        each = sum(bool(trial.fitting(outcomes, [i])) for i in every)
        return each == len(sets) and bool(trial.fitting(outcomes, every)), each

    counts: dict[tuple[str, str], int] = {}
    for k, layout in enumerate(layouts):
        whole, counts[layout] = fitted(layout, first)
        if whole and (k == 0 or fitted(layout, second)[0]):
            return Coding(layout[1], True, "all", layout[0])
        if hangs >= 2 or (hangs and len(codings) == 1):
            return usual
    usual_layout, coded = layouts[0], (layouts[0][0], "01")
    if usual_layout[1] != "pm1" or coded not in counts or counts[coded] <= counts[usual_layout]:
        return usual
    if fitted(coded, second)[1] > fitted(usual_layout, second)[1] and hangs < 2:
        return Coding("01", True, "more", usual_layout[0])
    return usual


@functools.lru_cache(maxsize=16)
def _draw(
    family: Family, options: Options, needs: datasets.Needs, examples: int, seed: int
) -> tuple[datasets.Case, ...]:
    """The data sets of every regime, smallest first (cached: a grading run draws once)."""

    def keep(d: Data) -> bool:
        return not usable(d, family=family, options=options, needs=needs)

    found = family.regimes.draw(options, needs, examples, seed, keep)
    if examples < SEPARATE:
        found += _separating(family, options, found, family.regimes.draw(
            options, needs, SEPARATE, seed + 1, keep))  # fmt: skip
    return tuple(sorted(found, key=lambda c: c.size))


SEPARATE = 48
"""Fewer data sets than this (``--examples``, an assignment's ``examples``) may all leave some
variant's answer, or the answer after a pass too few or too many, equal to the reference's:
then the smallest data set that tells each apart, of this many more drawn, is added."""


def _wrong_runs(family: Family, options: Options) -> list[tuple[Any, Options]]:
    """(variant, options) of the answers a wrong candidate gives that the data must tell
    apart from the reference's: each other variant of the training run, and the reference
    variant with one pass fewer, one more, or one whatever the number asked."""
    judge = family.judge
    variants = judge.variants(options, predictions=False)
    runs = [(v, options) for v in variants[1:]]
    if isinstance(options.epochs, int):
        for m in dict.fromkeys((options.epochs - 1, options.epochs + 1, 1)):
            if m >= 1 and m != options.epochs:
                runs.append((variants[0], dataclasses.replace(options, epochs=m)))
    return runs


def _separating(
    family: Family,
    options: Options,
    found: Sequence[datasets.Case],
    more: Sequence[datasets.Case],
) -> list[datasets.Case]:
    """The smallest of ``more`` that tells apart from the reference's answer each wrong run
    (:func:`_wrong_runs`) that no data set of ``found`` does (small data sets only: each
    answer is computed here once more)."""
    judge = family.judge
    reference = judge.variants(options, predictions=False)[0]

    def apart(case: datasets.Case, variant: Any, told: Options) -> bool:
        data = case.data
        if not judge.checked(data, told) or not judge.checked(data, options):
            return False
        try:
            got = judge.answer(data, variant, told)
            expected = judge.answer(data, reference, options)
        except (InputError, ValueError, ArithmeticError):
            return False
        if got == expected:
            return False
        if judge.scales:  # c × the reference's is an equivalence: it tells nothing apart
            r = ratio(judge, got, expected)
            if r is not None and judge.same(
                scaled(judge, got, r), expected, data, reference, options, False
            ):
                return False
        return not judge.same(got, expected, data, reference, options, False)

    def single(case: datasets.Case) -> bool:
        """Does the reference's answer hold a number float32 cannot (a loop in float32,
        to save memory on image data, cannot give it)?"""
        if not judge.checked(case.data, options):
            return False
        try:
            part, _ = judge.split(judge.answer(case.data, reference, options))
        except (InputError, ValueError, ArithmeticError):
            return False
        return any(not _float32(v) for v in part)

    added: list[datasets.Case] = []
    pool = sorted(more, key=lambda c: c.size)
    for variant, told in _wrong_runs(family, options):
        if any(apart(c, variant, told) for c in [*found, *added]):
            continue
        case = next((c for c in pool if apart(c, variant, told)), None)
        if case is not None and case not in added:
            added.append(case)
    if not any(single(c) for c in [*found, *added]):
        case = next((c for c in pool if single(c)), None)
        if case is not None:
            added.append(case)
    return added


def _float32(v: Fraction) -> bool:
    """Is ``v`` a float32 exactly (24 significant bits, an exponent float32 reaches)?"""
    if v == 0:
        return True
    n, d = abs(v.numerator), v.denominator
    if d & (d - 1):
        return False  # not a dyadic rational
    bits = n.bit_length() - (n & -n).bit_length() + 1  # significant bits of the numerator
    exponent = n.bit_length() - d.bit_length()  # about log2 |v|
    return bits <= 24 and -126 <= exponent <= 127
