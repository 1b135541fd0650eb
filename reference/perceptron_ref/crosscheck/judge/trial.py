"""One crosscheck from the candidate's answers to the report.

1. **Answers.**  The small data sets go to the candidate in one request, then the large
   ones one at a time, smallest first, each cut to the candidate's measured speed; a hang, a
   load error or the spent budget ends the asking (a hang is asked again once, on a quarter
   of its data, in case the loop is right but slow; then it settles the verdict: it is not
   paid for again on every data set).
2. **Reading.**  The answers are read as the reference's: as returned, or with the bias
   last, at the rate the candidate was told or at one learning rate c read off its answers
   (:mod:`~perceptron_ref.crosscheck.judge.equivalence`); a float candidate within the float64
   bound (:mod:`~perceptron_ref.crosscheck.judge.floats`).  The first reading that fits every
   answer is the verdict's; else the one that fits the most small data sets.
3. **Agree**, naming the conventions and any accepted equivalence; or **disagree**: the
   first failing data set is run again in fresh processes (nondeterministic? stateful?),
   shrunk (:mod:`~perceptron_ref.crosscheck.explain.shrink`), checked again in a fresh process,
   and diagnosed (:mod:`~perceptron_ref.crosscheck.explain.diagnosis`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from perceptron_ref import registry
from perceptron_ref.crosscheck.candidates import Candidate, Runner
from perceptron_ref.crosscheck.candidates.outcomes import Data, Failure, Outcome, Returned
from perceptron_ref.crosscheck.candidates.parameters import CONVERGE_CAP
from perceptron_ref.crosscheck.data import sizes
from perceptron_ref.crosscheck.data.datasets import Case, Needs
from perceptron_ref.crosscheck.explain import diagnosis
from perceptron_ref.crosscheck.explain.diagnosis import Diagnosis
from perceptron_ref.crosscheck.judge import conventions, tally
from perceptron_ref.crosscheck.judge.equivalence import (
    ANY,
    Interval,
    Match,
    Reading,
    matches,
    meet,
    most,
    proportional,
    reorder,
    simplest,
)
from perceptron_ref.crosscheck.judge.floats import bounded
from perceptron_ref.crosscheck.judge.oracle import MAX_EPOCHS, SMALL, Oracle
from perceptron_ref.crosscheck.judge.tally import STOPS
from perceptron_ref.crosscheck.report.results import Coverage, Report
from perceptron_ref.vectors import Vector


def _is(outcome: Outcome, kind: str) -> bool:
    return isinstance(outcome, Failure) and outcome.kind == kind


OUTPUT_NUMBERS = 400_000
"""A candidate that answers with every step's w is not sent data whose trace has more
numbers than this (it would pass the sandbox's 4 MiB output limit)."""
Result = Match | Failure


class Trial:
    def __init__(
        self,
        target: str,
        candidate: Candidate,
        oracle: Oracle,
        needs: Needs,
        cases: Sequence[Case],
        call: Runner,
        unusable: Callable[..., str],
        calling: Sequence[str] = (),
    ) -> None:
        self.target, self.candidate, self.oracle, self.needs = target, candidate, oracle, needs
        self.cases, self.call, self.unusable = list(cases), call, unusable
        self.calling = list(calling)  # how it was called, in words (see check._calling)
        self.planned: dict[int, int] = {}  # data sets cut to its speed: examples planned
        self.prices: dict[int, sizes.Speed] = {}  # and the speed each was cut to
        self.retried = False  # a hang asked again on a quarter of its data (once)
        self.ceiling: int | None = None  # the examples it then answered
        self.hung: tuple[int, Case, int | None] | None = None  # the set it hung on, whole
        self.speed = sizes.Speed(0.0, None)
        self.q = oracle.eta
        self.floats = candidate.floats
        self._judged: dict[tuple[int, Reading, str], Match] = {}

    # -- 1. answers ------------------------------------------------------------------------

    def answers(self) -> list[Outcome]:
        cases = self.cases
        plan = self.call.plan
        # Small data sets go in one request; a candidate that makes all CONVERGE_CAP passes
        # gets only tiny ones so, the rest one at a time, each sized to its measured speed.
        batched = SMALL // 20 if plan is not None and plan.capped else SMALL
        small = [i for i, c in enumerate(cases) if c.size <= batched]
        outcomes: dict[int, Outcome] = {}
        while small:
            asked: dict[int, Outcome] = {}
            for i, o in zip(small, self.call([self.cases[i].data for i in small]), strict=True):
                seen = any(o is p for p in asked.values())  # a death repeats its Failure
                asked[i] = Failure("not run", f"not run after: {o}") if seen else o
            outcomes |= asked
            hung = next((i for i, o in asked.items() if _is(o, "hang")), None)
            if hung is None or not self.slower(hung):
                break
            outcomes[hung] = self.call([self.cases[hung].data])[0]
            if not self.answered(hung, outcomes, asked[hung]):
                break
            # the batch goes on after it, no larger than it answered
            small = [i for i in small if i > hung and _is(asked[i], "not run")]
            for i in small:
                self.fit(i)
        stop = next(
            (o for o in outcomes.values() if isinstance(o, Failure) and o.kind in STOPS), None
        )
        traces = any(isinstance(o, Returned) and o.trace is not None for o in outcomes.values())
        timed = [
            (self.work(i), o.seconds)
            for i, o in outcomes.items()
            if isinstance(o, Returned) and o.seconds is not None
        ]
        for i, case in enumerate(cases):
            if i in outcomes:
                continue
            if stop is not None:
                outcomes[i] = Failure("not run", f"not run after: {stop}")
                continue
            numbers = self.oracle.trace(case.data).epochs * case.size
            if traces and numbers > OUTPUT_NUMBERS:
                outcomes[i] = Failure("not run", "its trace would pass the output limit")
                continue
            self.fit(i, sizes.Speed.measured(timed))
            outcomes[i] = got = self.call([self.cases[i].data])[0]
            if _is(got, "hang") and self.slower(i):
                outcomes[i] = self.call([self.cases[i].data])[0]
                self.answered(i, outcomes, got)
                got = outcomes[i]
            if isinstance(got, Returned) and got.seconds is not None:
                timed.append((self.work(i), got.seconds))
            if isinstance(got, Failure) and got.kind in STOPS:
                stop = got
        self.speed = sizes.Speed.measured(timed)
        return [outcomes[i] for i in range(len(cases))]

    def slower(self, i: int) -> bool:
        """After a hang on data set i: cut it to a quarter to ask it again?  A right but slow
        loop whose cost grows faster than n (which the speed timed on a prefix does not see)
        hangs on large data and answers on a quarter.  Asked again once per crosscheck, so a
        real hang costs at most two time limits."""
        if self.retried:
            return False
        self.retried = True
        self.hung = (i, self.cases[i], self.planned.get(i))
        return self.fit(i, slow=True)

    def answered(self, i: int, outcomes: dict[int, Outcome], hang: Outcome) -> bool:
        """Did data set i, cut to a quarter after a hang, show a slow loop?  Only when its
        answer took long enough that a cost growing as n³ would pass the time limit on the
        whole: then no later data set has more examples than it answered (the speed still
        prices each: the cost per example varies with d).  Else (an answer in no time, or
        none) the hang stands, on the data it hung on."""
        assert self.hung is not None and self.hung[0] == i
        _, whole, planned = self.hung
        got, n, kept = outcomes[i], len(whole.data[0]), len(self.cases[i].data[0])
        seconds = got.seconds if isinstance(got, Returned) else None
        if seconds is not None and seconds * (n / kept) ** 3 >= self.call.timeout:
            self.ceiling = kept
            return True
        self.cases[i], outcomes[i] = whole, hang
        if planned is None:
            self.planned.pop(i, None)
        else:
            self.planned[i] = planned
        return False

    def work(self, i: int) -> int:
        """The multiply-adds of the reference's run on data set i (steps × D)."""
        data = self.cases[i].data
        return self._passes(data) * len(data[0]) * (len(data[0][0]) + self.oracle.bias)

    def _passes(self, data: Data) -> int:
        """The passes the candidate makes: the reference's, or the cap it was given in place
        of "until a clean pass" (then it makes them all: ``Plan.capped``)."""
        plan = self.call.plan
        if plan is not None and plan.capped:
            return CONVERGE_CAP
        return max(1, self.oracle.trace(data).epochs)

    def fit(self, i: int, speed: sizes.Speed | None = None, *, slow: bool = False) -> bool:
        """Cut data set i to the candidate's speed (``slow``: to a quarter, after a hang; no
        speed: only to the size it answered after a hang); whether it was cut (to examples
        it can still be judged on)."""
        case = self.cases[i]
        n = kept = len(case.data[0])
        if slow:
            kept = max(sizes.SMALLEST, n // 4) if n > sizes.SMALLEST else n
        elif speed is not None:
            limit = self.call.timeout
            left = self.call.clock.left()
            if left is not None:
                limit = min(limit, left / 2)
            if sizes.keep(n, self.work(i), speed, limit) < n:
                speed = self.priced(i, speed)  # per example of this d, timed on a prefix of it
                kept = sizes.keep(n, self.work(i), speed, limit)
                self.prices[i] = speed
        if self.ceiling is not None and not slow:
            kept = min(kept, self.ceiling)
        while kept < n:
            smaller = (case.data[0][:kept], case.data[1][:kept])
            if not self.unusable(smaller):
                planned = self.planned.get(i, n)
                self.cases[i] = Case(case.regime, smaller)
                self.planned[i] = planned
                return True
            kept = kept * 3 // 4 if kept > sizes.SMALLEST else n  # e.g. not exact: fewer
        return False

    def priced(self, i: int, speed: sizes.Speed) -> sizes.Speed:
        """The candidate's speed on data set i's own dimension: timed on its first examples
        (vectorized code pays per example, a plain loop per multiply-add: only the data's
        own d tells which)."""
        X, y = self.cases[i].data
        m = min(len(y), sizes.PREFIX)
        prefix = (X[:m], y[:m])
        if m >= len(y) or self.unusable(prefix):
            return speed
        got = self.call([prefix])[0]
        if not isinstance(got, Returned) or got.seconds is None:
            return speed
        work = self._passes(prefix) * m * (len(X[0]) + self.oracle.bias)
        return sizes.Speed.measured([(0, speed.overhead), (max(work, sizes.MIN_WORK), got.seconds)])

    def sized(self) -> list[sizes.Sized]:
        """The data sets cut to the candidate's speed."""
        return [
            sizes.Sized(
                self.cases[i].regime,
                planned,
                len(self.cases[i].data[0]),
                len(self.cases[i].data[0][0]),
            )
            for i, planned in sorted(self.planned.items())
        ]

    # -- 2. reading ------------------------------------------------------------------------

    def judge(
        self,
        data: Data,
        outcome: Returned,
        reading: Reading,
        variant: str = "",
        limit: int = 64,
        quick: bool = False,
    ) -> Match:
        """Does this answer match the reference's run (of ``variant``) as ``reading`` reads it?
        (``quick``: a shrinking try, see :meth:`Oracle.quick`.)"""
        oracle, v = self.oracle, variant or self.oracle.algorithm
        got = reorder(outcome, reading.bias_last)
        steps = None
        if got.trace is not None:
            steps = tuple(s.weights for s in oracle.trace(data, v, full=True).steps)
        return matches(
            got,
            oracle.quick(data, v)[0] if quick else oracle.trace(data, v).weights,
            steps,
            reading.rate,
            floats=self.floats,
            data=oracle.scaled(data),
            mistake=oracle.mistake(v),
            passes=oracle.passes,
            cap=MAX_EPOCHS,
            limit=limit if len(data[0]) * len(data[0][0]) <= SMALL else min(limit, 8),
            walked=(lambda: oracle.walked(data, v)) if self._kept(data, quick) else None,
        )

    def _kept(self, data: Data, quick: bool) -> bool:
        """Is ``data`` one of the data sets a class's entry keeps results for (not a try of
        shrinking, made and dropped)?"""
        return not quick and any(data is c.data for c in self.cases)

    def match(self, i: int, outcome: Outcome, reading: Reading, variant: str = "") -> Match:
        if not isinstance(outcome, Returned):
            return Match(False)
        key = (i, reading, variant)
        if key not in self._judged:
            data = self.cases[i].data
            if variant and self.floats and not self._exact_for(data, variant):
                # the data are float-exact for the algorithm under test, not for this
                # variant's run: a float answer says nothing about it here
                self._judged[key] = Match(True)
            else:
                self._judged[key] = self.judge(data, outcome, reading, variant)
        return self._judged[key]

    def _exact_for(self, data: Data, variant: str) -> bool:
        if registry.get(variant).zero_score == registry.get(self.oracle.algorithm).zero_score:
            return True
        return self.oracle.float_exact(data, variant)

    def rates(self, outcomes: Sequence[Outcome], bias_last: bool) -> list[tuple[int, Interval]]:
        """Each answered data set's interval of c with answer ≈ c·W (W at η = 1)."""
        found = []
        for i, o in enumerate(outcomes):
            if isinstance(o, Returned):
                W = self.oracle.trace(self.cases[i].data).weights
                got = reorder(o, bias_last).weights
                interval = proportional(got, W, floats=self.floats)
                if interval is not None and interval != ANY:
                    found.append((i, interval))
        return found

    def rate(self, outcomes: Sequence[Outcome], bias_last: bool) -> Fraction | None:
        """One learning rate that fits the answers, read as simply as they allow."""
        per_set = self.rates(outcomes, bias_last)
        found = most([iv for _, iv in per_set])
        if found is None or 2 * found[1] < sum(isinstance(o, Returned) for o in outcomes):
            return None
        common = found[0]
        c = simplest(*common)
        if not self.floats:
            return c
        tight: list[Interval] = [common]
        near = [i for i, (lo, hi) in per_set if lo <= c <= hi]
        for i in near[:3]:  # the float64 bound at c narrows c down
            data, got = self.cases[i].data, reorder(outcomes[i], bias_last).weights  # type: ignore[arg-type]
            b = bounded(
                self.oracle.scaled(data), self.oracle.mistake(), c, passes=self.oracle.passes
            )
            W = self.oracle.trace(data).weights
            for g, w, e in zip(got, W, b.e, strict=True):
                if w:
                    lo, hi = (g - e) / w, (g + e) / w
                    tight.append((min(lo, hi), max(lo, hi)))
        narrow = meet(tight)
        return simplest(*narrow) if narrow is not None else c

    def read(self, outcomes: Sequence[Outcome]) -> tuple[Reading, list[Result]]:
        answered = [(i, o) for i, o in enumerate(outcomes) if isinstance(o, Returned)]
        readings = []
        for bias_last in (False, True) if self.needs.bias else (False,):
            readings.append(Reading(bias_last, self.q))
            c = self.rate(outcomes, bias_last) if answered else None
            if c is not None and c != self.q:
                readings.append(Reading(bias_last, c))
        fit = next((r for r in readings if all(self.match(i, o, r).ok for i, o in answered)), None)
        if fit is not None:
            chosen = fit
        else:
            small = [(i, o) for i, o in answered if self.cases[i].size <= 2000]
            chosen = max(readings, key=lambda r: sum(self.match(i, o, r).ok for i, o in small))
        results: list[Result] = [
            self.match(i, o, chosen) if isinstance(o, Returned) else o
            for i, o in enumerate(outcomes)
        ]
        return chosen, results

    # -- 3. the report ---------------------------------------------------------------------

    def report(self, disagree: Callable[..., Report]) -> Report:
        """The report: ``disagree`` (:func:`~perceptron_ref.crosscheck.explain.verdicts.disagree`)
        makes it when a data set fails."""
        outcomes = self.answers()
        checked = tally.checked(outcomes)
        reading, results = self.read(outcomes)
        answered = [o for o in outcomes if isinstance(o, Returned)]
        coverage, regimes = self.coverage(checked)
        bad = next((i for i in checked if not _ok(results[i])), None)
        drawn = Counter(c.regime for c in self.cases)
        right = Counter(self.cases[i].regime for i in checked if _ok(results[i]))
        failed = tuple((r, drawn[r] - right[r]) for r in sorted(drawn))  # wrong or not run
        base = {
            "coverage": coverage,
            "regimes": regimes,
            "failed": failed,
            "dimension": self.needs.dimension,
            "shapes": tuple(sorted({o.shape for o in answered if o.shape})),
            "kinds": tuple(sorted({k for o in answered for k in o.kinds})),
            "calling": tuple(self.calling + _read_from(answered) + self.speed_words()),
        }
        if bad is None:
            return self.agree(outcomes, checked, reading, results, base)
        return disagree(self, outcomes, checked, reading, results, bad, base)

    def speed_words(self) -> list[str]:
        """The sizes reached, when cut, and whether ``--input lists`` runs faster."""
        cut = self.sized()
        if not cut:
            return []
        lists = None
        if self.candidate.input == "numpy" and self.candidate.kind in ("file", "module"):
            X, y = self.cases[max(self.planned)].data
            quarter = max(sizes.SMALLEST, len(y) // 4)  # timed twice more: a quarter will do
            lists = self.call.faster_with("lists", (X[:quarter], y[:quarter]))
        top = max(self.planned, key=lambda i: self.cases[i].size)
        said = sizes.words(cut, self.prices.get(top, self.speed), lists)
        if self.ceiling is not None and self.hung is not None:
            X = self.hung[1].data[0]
            n, d = len(X), len(X[0])
            said += (
                f"; it hung at n = {n}, d = {d} and answered on a quarter of it, so no data set "
                f"after had more than {self.ceiling} examples (a right but slow loop, whose "
                "cost grows faster than n, is not a hang)"
            )
        return [said]

    def coverage(self, checked: Sequence[int]) -> tuple[Coverage, tuple[tuple[str, int], ...]]:
        sets = [self.cases[i] for i in checked]
        stats = (self.oracle.stats(c.data) for c in sets)
        largest = (self.oracle.largest(c.data, self.needs.bias) for c in sets)
        return tally.coverage(sets, stats, largest)

    def notes(self, checked: Sequence[int], outcomes: Sequence[Outcome]) -> list[str]:
        """The verdict's limits: --dimension, the budget, data sets not run."""
        return tally.limits(self.needs.dimension, outcomes, checked)

    def conventions(
        self, checked: Sequence[int], outcomes: Sequence[Outcome], reading: Reading
    ) -> conventions.Conventions:
        def steps(k: int) -> Sequence[Vector] | None:
            o = outcomes[checked[k]]
            if not isinstance(o, Returned) or o.trace is None:
                return None
            return [tuple(v / reading.rate for v in w) for w in reorder(o, reading.bias_last).trace]  # type: ignore[union-attr]

        rates: dict[str, Fraction | None] = {}
        used: set[str] = set()  # variants some answer matched only at their own rate

        def match(k: int, v: str) -> bool:
            i = checked[k]
            if self.match(i, outcomes[i], reading, v).ok:
                return True
            # Its own learning rate against another variant: a candidate right up to a rate
            # for a variant it was not checked against still follows that variant's rule.
            if v not in rates:
                rates[v] = self._rate_for(v, [outcomes[j] for j in checked], checked, reading)
            c = rates[v]
            ok = c is not None and self.match(i, outcomes[i], Reading(reading.bias_last, c), v).ok
            if ok:
                used.add(v)
            return ok

        return conventions.detect(
            self.oracle.algorithm,
            len(checked),
            epochs=self.oracle.epochs,
            match=match,
            trace=lambda k, v: self.oracle.trace(self.cases[checked[k]].data, v, full=True),
            steps=steps,
            rate=lambda v: rates.get(v) if v in used else None,
        )

    def _rate_for(
        self, variant: str, answers: Sequence[Outcome], indices: Sequence[int], reading: Reading
    ) -> Fraction | None:
        """The one rate c (≠ the reading's) with answers ≈ c × ``variant``'s run, if any."""
        per_set = []
        for o, i in zip(answers, indices, strict=True):
            if isinstance(o, Returned) and self.cases[i].size <= 20_000:
                W = self.oracle.trace(self.cases[i].data, variant).weights
                got = reorder(o, reading.bias_last).weights
                interval = proportional(got, W, floats=self.floats)
                if interval is None:
                    return None  # no single rate makes this answer that variant's
                if interval != ANY:
                    per_set.append(interval)
        common = meet(per_set) if per_set else None
        if common is None:
            return None
        c = simplest(*common)
        return None if c == reading.rate or c <= 0 else c

    def agree(
        self,
        outcomes: Sequence[Outcome],
        checked: Sequence[int],
        reading: Reading,
        results: Sequence[Result],
        base: dict[str, Any],
    ) -> Report:
        found = self.conventions(checked, outcomes, reading)
        found_diagnoses: list[Diagnosis] = []
        head = f"agrees on all {len(checked)} data sets"
        if cut := self.sized():  # said in the verdict, where every grade shows it
            top = max(cut, key=lambda s: s.planned * s.dimension)
            head += (
                f", {len(cut)} of them cut to its speed (the largest from n = {top.planned} "
                f"to n = {top.kept}, d = {top.dimension})"
            )
        if reading.rate != self.q:
            moved = sum(1 for i in checked if any(self.oracle.trace(self.cases[i].data).weights))
            found_diagnoses.append(diagnosis.learning_rate(reading.rate, self.q, moved))
            head += f" up to its learning rate {reading.rate} (perceptron/step-invariance)"
        if reading.bias_last:
            found_diagnoses.append(diagnosis.bias_last(len(checked)))
            head += ", with the bias last"
        answers = [o for o in outcomes if isinstance(o, Returned)]
        shapes = sorted({o.shape for o in answers if o.shape})
        kinds = sorted({k for o in answers for k in o.kinds})
        if shapes or kinds:
            what = " and ".join(shapes[:3]) or "vectors"
            head += f"; its answers were read exactly as {what}" + (
                f" of {', '.join(kinds[:6])}" if kinds else ""
            )
        rounded = [
            r
            for i in checked
            if isinstance(r := results[i], Match) and r.rounding and r.rounding.flips
        ]
        if rounded:
            t, score, bound = rounded[0].rounding.flips[0]  # type: ignore[union-attr]
            found_diagnoses.append(diagnosis.rounding(len(rounded), t, score, bound))
        if self.floats and not _power_of_two(reading.rate):
            head += (
                "; its float64 weights lie within a rigorous forward-error bound of "
                f"{reading.rate} × the exact run's, computed from the exact trace (no tolerance)"
            )
        reason = "; ".join([head, *self.notes(checked, outcomes), found.summary()])
        return Report(
            self.oracle.algorithm,
            self.target,
            "agree",
            reason,
            len(checked),
            found.agrees_with,
            None,
            tuple(found_diagnoses),
            reading.rate if reading.rate != self.q else None,
            **base,
        )


def _read_from(answered: Sequence[Returned]) -> list[str]:
    """Where its weights were read from, and what else a program printed."""
    said = []
    places = sorted({o.read_from for o in answered if o.read_from})
    if places:
        said.append(f"weights read from {' and '.join(p.replace(',', ' and ') for p in places)}")
    printed = next((o.output for o in answered if o.output), "")
    if printed:
        first = printed.splitlines()[0][:80]
        said.append(f"its other output on stdout was set aside (e.g. {first!r})")
    return said


def _ok(result: Result) -> bool:
    return isinstance(result, Match) and result.ok


def _power_of_two(c: Fraction) -> bool:
    p, q = c.numerator, c.denominator
    return p & (p - 1) == 0 and q & (q - 1) == 0


__all__ = ["Trial"]
