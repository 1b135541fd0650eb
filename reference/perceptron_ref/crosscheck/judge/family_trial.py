"""One crosscheck of a family's candidate, from its answers to the report: the core's
:class:`~perceptron_ref.crosscheck.judge.trial.Trial` for the other families.

1. **Answers.**  As for the core: the small data sets in one request, then the large ones one
   at a time; a hang, a load error or the spent budget ends the asking.  Each request tells
   the candidate the algorithm's options its signature names, and the probe points a fitted
   object is asked at (:class:`Calls`).
2. **Reading.**  Each answer is read by the family (:mod:`~perceptron_ref.crosscheck.candidates.
   families`) and compared with each variant's exact answer (:mod:`~perceptron_ref.crosscheck.
   judge.families`), under the first reading that fits every answer: the bias first or last,
   a form the family accepts (α as counts), and, for the perceptron families, the step told
   or one learning rate c read off the answers (theorem ``perceptron/step-invariance-
   extended``).  A fitted object is compared by its predictions, which no positive step
   changes.
3. **Agree** when the reference's variant fits, naming every variant that fits; else
   **disagree** (:mod:`~perceptron_ref.crosscheck.explain.family_verdicts`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import partial
from typing import Any

from perceptron_ref.crosscheck.candidates import Candidate, Runner, parameters
from perceptron_ref.crosscheck.candidates.families import Got, from_command, read
from perceptron_ref.crosscheck.candidates.outcomes import Data, Failure, Outcome, Returned
from perceptron_ref.crosscheck.data.datasets import Case, Needs
from perceptron_ref.crosscheck.explain import diagnosis
from perceptron_ref.crosscheck.explain.diagnosis import Diagnosis
from perceptron_ref.crosscheck.family import Family, Options
from perceptron_ref.crosscheck.judge import tally
from perceptron_ref.crosscheck.judge.equivalence import SPREAD, simplest
from perceptron_ref.crosscheck.judge.families import THEOREM, Dim, Reading, Variant
from perceptron_ref.crosscheck.judge.families import scaled as rescaled
from perceptron_ref.crosscheck.judge.kept import Kept, Run
from perceptron_ref.crosscheck.judge.oracle import SMALL
from perceptron_ref.crosscheck.judge.replay import scaled
from perceptron_ref.crosscheck.judge.tally import STOPS
from perceptron_ref.crosscheck.report.results import Aspect, Coverage, Report
from perceptron_ref.crosscheck.run import sandbox
from perceptron_ref.vectors import Vector

ONE = Fraction(1)


Explained = tuple[Variant, str, str]
"""A diagnosis's model that gives every answer: the variant it runs, the dimension its slip
lies in ("" for none of them) and the slip in words."""

RESULTS = Kept(20_000)
"""The reference's results of this process for the families, by data set."""


class ByData:
    """The reference's results for one family's options, by data set (keyed by the options
    after the data set): the process's (a grading run's crosschecks of one configuration
    share them) and what the cache keeps on disk (:mod:`~perceptron_ref.crosscheck.judge.
    cache`): each is a function of the data, the options and the rest of its key alone."""

    def __init__(self, options: Options) -> None:
        self.options = options

    def get(self, data: Data, key: tuple[Hashable, ...], make: Callable[[], Any]) -> Any:
        return RESULTS.get(data, (self.options, *key), make)

    def remembered(self, sets: Sequence[Data]) -> list[Run]:
        return RESULTS.remembered(sets, (self.options,))

    def remember(self, sets: Sequence[Data], runs: Sequence[Run]) -> None:
        RESULTS.remember(sets, runs, (self.options,))


class Calls:
    """How a family's candidate is called (:class:`~perceptron_ref.crosscheck.candidates.
    Calls`): each data set's keyword arguments and probe points, and its reader."""

    def __init__(
        self,
        family: Family,
        options: Options,
        told: Callable[[Data], dict[str, Any]],
        labels: str | None = None,
        weights: tuple[str, ...] = (),
    ):
        self.family, self.options, self.told = family, options, told
        self.labels = labels  # "01": its y coded 0/1 (--label-coding), else -1/+1
        # a fitted object's weights: read from these attributes (--weights-attr, else the
        # core's table; a bias only where the family learns one), as the core's plan has it
        w, b = parameters.attributes(weights)
        w = w if weights else tuple(n for n in w if n not in family.not_weights)
        self.weights = (
            {
                "w": list(w),
                "b": list(b) if options.bias else [],
                "forced": bool(weights),
                "prefer": list(family.prefer),
                "untold": list(b) if family.own_bias and not options.bias else [],
            }
            if family.weights
            else None
        )
        self.orientation: str | None = None  # "columns": X as d × n and y as a 1 × n row
        self._probes = ByData(options)

    def probes(self, data: Data) -> tuple[Vector, ...]:
        found: tuple[Vector, ...] = self._probes.get(
            data, ("probes",), lambda: self.family.regimes.probes(data, self.options)
        )
        return found

    def extra(self, data: Data) -> dict[str, Any]:
        points = [[str(v) for v in p] for p in self.probes(data)]
        coded: dict[str, Any] = {"labels": self.labels} if self.labels else {}
        if self.orientation:
            coded["orientation"] = self.orientation
        if self.weights is not None:
            coded["weights"] = self.weights
        return {"told": self.told(data), "probes": points, "roles": parameters.ROLES_JSON} | coded

    def read(self, raw: Any, data: Data) -> Outcome:
        bias = self.options.bias
        got = read(self.family.reader, raw, data, bias, len(self.probes(data)))
        if self.labels == "01" and isinstance(got, Got) and got.predictions is not None:
            # a model fitted on 0/1 labels predicts 0 for the negative class: read as -1
            # (anything else it predicts is kept, and judged as it is)
            got = replace(got, predictions=tuple(-ONE if p == 0 else p for p in got.predictions))
        return got

    def command(self, ran: sandbox.Execution, data: Data) -> Outcome:
        bias = self.options.bias
        return from_command(self.family.reader, ran, data, bias, len(self.probes(data)))


class FamilyTrial:
    def __init__(
        self,
        target: str,
        candidate: Candidate,
        family: Family,
        options: Options,
        needs: Needs,
        cases: Sequence[Case],
        call: Runner,
        unusable: Callable[..., str],
        calls: Calls,
    ) -> None:
        self.target, self.candidate, self.family, self.options = target, candidate, family, options
        self.needs, self.cases, self.call, self.unusable = needs, list(cases), call, unusable
        self.calls, self.judge, self.q = calls, family.judge, options.eta
        self.floats = candidate.floats
        self._runs = ByData(options)
        self.step = ""  # the parameter its answers took the step in (judge/step.py)

    # -- 1. answers ------------------------------------------------------------------------

    def answers(self) -> list[Outcome]:
        cases = self.cases
        small = [i for i, c in enumerate(cases) if c.size <= SMALL]
        outcomes: dict[int, Outcome] = {}
        for i, o in zip(small, self.call([cases[i].data for i in small]), strict=True):
            seen = any(o is p for p in outcomes.values())  # a death repeats its Failure
            outcomes[i] = Failure("not run", f"not run after: {o}") if seen else o
        stop = next(
            (o for o in outcomes.values() if isinstance(o, Failure) and o.kind in STOPS), None
        )
        for i, case in enumerate(cases):
            if i in outcomes:
                continue
            if stop is not None:
                outcomes[i] = Failure("not run", f"not run after: {stop}")
                continue
            outcomes[i] = got = self.call([case.data])[0]
            if isinstance(got, Failure) and got.kind in STOPS:
                stop = got
        return [outcomes[i] for i in range(len(cases))]

    # -- 2. reading ------------------------------------------------------------------------

    def answer(self, data: Data, variant: Variant) -> Any:
        """The variant's exact answer at step 1 (cached by data set)."""

        def make() -> Any:
            found = self.judge.answer(data, variant, self.options)
            reference = self.judge.variants(self.options, predictions=True)[0]
            small = self.judge.checked(data, self.options)
            if small and all(reference.get(k) == v for k, v in variant.values):
                # the reference variant's answer, checked against the reference's own run
                assert found == self.judge.reference(data, self.options), (
                    f"the {self.family.name} family's answer differs from the reference's"
                )
            return found

        return self._runs.get(data, ("answer", variant.values), make)

    def predicted(self, data: Data, variant: Variant) -> tuple[Fraction, ...]:
        points = self.calls.probes(data)
        found: tuple[Fraction, ...] = self._runs.get(
            data,
            ("predict", variant.values),
            lambda: self.judge.predict(data, variant, self.options, points),
        )
        return found

    def fits(self, data: Data, outcome: Outcome, variant: Variant, reading: Reading) -> bool:
        """Is this answer the variant's, read as ``reading`` says?"""
        if not isinstance(outcome, Got):
            return False
        if outcome.predictions is not None:
            return outcome.predictions == self.predicted(data, variant)
        if self.floats and not self._exact_for(data, variant):
            # the data are float-exact for the reference's run, not for this variant's: a
            # float answer says nothing about it here (as the core's Trial.match)
            return True
        got = self.judge.normalize(outcome, reading, data, self.options)
        if got is None:
            return False
        expected = self.answer(data, variant)
        mine = rescaled(self.judge, got, reading.rate)
        return self.judge.same(mine, expected, data, variant, self.options, self.floats)

    def _exact_for(self, data: Data, variant: Variant) -> bool:
        found: bool = self._runs.get(
            data, ("exact", variant.values), lambda: self.judge.exact(data, variant, self.options)
        )
        return found

    def rate(self, outcomes: Sequence[Outcome], variant: Variant, base: Reading) -> Fraction | None:
        """One learning rate c that fits most answers (read as simply as they allow)."""
        found: Counter[Fraction] = Counter()
        answered = 0
        for case, o in zip(self.cases, outcomes, strict=True):
            if not isinstance(o, Got) or o.predictions is not None:
                continue
            got = self.judge.normalize(o, base, case.data, self.options)
            if got is None:
                continue
            answered += 1
            c = self._ratio(got, self.answer(case.data, variant))
            if c is not None:
                found[c] += 1
        if not found:
            return None
        c, count = found.most_common(1)[0]
        return c if 2 * count >= answered else None

    def _ratio(self, got: Any, expected: Any) -> Fraction | None:
        g, _ = self.judge.split(got)
        e, _ = self.judge.split(expected)
        if len(g) != len(e) or not any(e):
            return None
        if any(a != 0 for a, b in zip(g, e, strict=True) if b == 0) and not self.floats:
            return None
        ratios = [a / b for a, b in zip(g, e, strict=True) if b != 0]
        lo, hi = min(ratios), max(ratios)
        if lo <= 0:
            return None
        if lo == hi:
            return lo
        if not self.floats or hi - lo > SPREAD * hi:
            return None
        return simplest(lo * (1 - SPREAD), hi * (1 + SPREAD))

    def reading(
        self, outcomes: Sequence[Outcome], variant: Variant, indices: Sequence[int]
    ) -> Reading | None:
        """The first reading under which the answers of ``indices`` are all the variant's."""
        answered = [i for i in indices if isinstance(outcomes[i], Got)]
        if not answered:
            return None
        for bias_last in (False, True) if self.options.bias else (False,):
            for form in self.judge.forms(self.options):
                tried = [Reading(self.q, bias_last, form)]
                if self.judge.scales:
                    c = self.rate(outcomes, variant, tried[0])
                    if c is not None and c != self.q:
                        tried.append(Reading(c, bias_last, form))
                for r in tried:
                    if all(
                        self.fits(self.cases[i].data, outcomes[i], variant, r) for i in answered
                    ):
                        return r
        return None

    def fitting(self, outcomes: Sequence[Outcome], indices: Sequence[int]) -> list[Variant]:
        """The variants whose answers are those of ``indices``, each of which answered; a
        float answer is compared only where the variant's run is float-exact (elsewhere it
        would fit anything: see :meth:`fits`), and a variant compared nowhere fits not."""
        if not indices or not all(isinstance(outcomes[i], Got) for i in indices):
            return []
        found = []
        for v in self.variants(outcomes):
            compared = [
                i
                for i in indices
                if not self.floats
                or getattr(outcomes[i], "predictions", None) is not None
                or self._exact_for(self.cases[i].data, v)
            ]
            if compared and self.reading(outcomes, v, compared) is not None:
                found.append(v)
        return found

    def variants(self, outcomes: Sequence[Outcome]) -> list[Variant]:
        predictions = any(isinstance(o, Got) and o.predictions is not None for o in outcomes)
        return self.judge.variants(self.options, predictions=predictions)

    # -- 3. the report ---------------------------------------------------------------------

    def report(self, disagree: Callable[..., Report]) -> Report:
        """The report; ``disagree`` (:func:`~perceptron_ref.crosscheck.explain.family_verdicts.
        disagree`) makes it when a data set fails."""
        outcomes = self.answers()
        checked = tally.checked(outcomes)
        variants = self.variants(outcomes)
        reference = variants[0]
        reading = self.reading(outcomes, reference, checked)
        if reading is None:  # the one that fits the most small data sets
            small = [i for i in checked if self.cases[i].size <= 2000]
            readings = [
                Reading(self.q, b, form)
                for b in ((False, True) if self.options.bias else (False,))
                for form in self.judge.forms(self.options)
            ]  # its form too: α as counts read as signed α would be wrong on every data set
            reading = max(
                readings,
                key=lambda r: sum(
                    self.fits(self.cases[i].data, outcomes[i], reference, r) for i in small
                ),
            )
        results = [
            self.fits(self.cases[i].data, o, reference, reading)
            if isinstance(o, Returned)
            else False
            for i, o in enumerate(outcomes)
        ]
        answered = [o for o in outcomes if isinstance(o, Got)]
        coverage, regimes = self.coverage(checked)
        bad = next((i for i in checked if not results[i]), None)
        drawn = Counter(c.regime for c in self.cases)
        right = Counter(self.cases[i].regime for i in checked if results[i])
        agreeing = [v for v in variants if self.reading(outcomes, v, checked) is not None]
        called = next((o.called for o in answered if o.called), "")
        self.step = next((o.step for o in answered if o.step), "")
        # how it was called, when more than NAME(X, y) (the worker says it), and where a
        # fitted object's weights were read from, in the core's words
        calling = [f"called as {called}"] if called.count("(") > 1 or "=" in called else []
        places = sorted({o.read_from for o in answered if o.read_from})
        if places:
            calling.append(f"weights read from {' and '.join(places).replace(',', ' and ')}")
        base: dict[str, Any] = {
            "calling": tuple(calling),
            "coverage": coverage,
            "regimes": regimes,
            "failed": tuple((r, drawn[r] - right[r]) for r in sorted(drawn)),
            "dimension": self.needs.dimension,
            "shapes": tuple(sorted({o.shape for o in answered if o.shape})),
            "kinds": tuple(sorted({k for o in answered for k in o.kinds})),
            "aspects": self.aspects(outcomes, checked, variants, agreeing, reading),
            "compared": self.compared(outcomes, checked),
        }
        if bad is None:
            return self.agree(outcomes, checked, reading, variants, agreeing, base)
        return disagree(self, outcomes, checked, reading, results, bad, variants, agreeing, base)

    def compared(self, outcomes: Sequence[Outcome], checked: Sequence[int]) -> str:
        """What was compared, in words."""
        got = [i for i in checked if isinstance(outcomes[i], Got)]
        predicted = [i for i in got if getattr(outcomes[i], "predictions", None) is not None]
        if not predicted:
            return f"its {self.judge.what}"
        points = sum(len(self.calls.probes(self.cases[i].data)) for i in predicted)
        what = f"the predictions of its fitted model at {points} probe points"
        return what if len(predicted) == len(got) else f"its {self.judge.what}, or {what}"

    def coverage(self, checked: Sequence[int]) -> tuple[Coverage, tuple[tuple[str, int], ...]]:
        sets = [self.cases[i] for i in checked]
        runs, judge = self._runs, self.judge
        stats = [
            runs.get(c.data, ("stats",), partial(judge.stats, c.data, self.options)) for c in sets
        ]
        largest = (runs.get(c.data, ("largest",), partial(_largest, c.data)) for c in sets)
        return tally.coverage(sets, stats, largest)

    def aspects(
        self,
        outcomes: Sequence[Outcome],
        checked: Sequence[int],
        variants: Sequence[Variant],
        agreeing: Sequence[Variant],
        reading: Reading,
        explained: Explained | None = None,
    ) -> tuple[Aspect, ...]:
        """The graded parts: each dimension's value (does a variant it agrees with have the
        reference's?), and the family's parts of the answer (voted: vectors, counts).

        A candidate that agrees with no variant has a dimension right only on evidence that
        cannot come from a chance fit: when a diagnosis's model gives every answer
        (``explained``: the reference's run with a slip of its own, a step on part of the
        update, labels coded 0/1, another number of passes), the model's value of each
        dimension, the one its slip lies in wrong; else only where its answers are the
        reference's on every data set that shows the dimension (:meth:`shown`).  No value
        is named from a data set alone: one that fails can be any variant's by chance."""
        found: list[Aspect] = []
        reference = variants[0]
        names = {name for name, _ in reference.values}
        algorithm = self.options.algorithm
        for dim in self.judge.dims(self.options):
            if not dim.aspect:
                continue
            if dim.name not in names:
                found.append(Aspect(dim.aspect, None, "not shown by the answers (no prediction)"))
                continue
            values = sorted({v[dim.name] for v in agreeing})
            if not agreeing and explained is not None:
                variant, slip, model = explained
                if dim.name == slip:
                    found.append(Aspect(dim.aspect, False, f"{dim.name}: {model}"))
                    continue
                values = [variant[dim.name]]
            if not agreeing and explained is None:
                found.append(self.shown(outcomes, checked, variants, reading, dim))
            elif reference[dim.name] in values:
                found.append(Aspect(dim.aspect, True, f"{dim.name}: {reference[dim.name]}"))
            else:
                words = self.family.explain.dims.get(dim.name)
                if words is None:
                    said = f"{dim.name}: {', '.join(values)}, not {reference[dim.name]}"
                else:
                    said = "; ".join(words.says[v] for v in values)
                    said += f", where {algorithm} {words.reference}"
                found.append(Aspect(dim.aspect, False, said))
        parts: dict[str, list[bool]] = {}
        for i in checked:
            o = outcomes[i]
            if not isinstance(o, Got) or o.predictions is not None:
                continue
            got = self.judge.normalize(o, reading, self.cases[i].data, self.options)
            if got is None:
                continue
            mine = rescaled(self.judge, got, reading.rate)
            for name, ok in self.judge.parts(
                mine, self.answer(self.cases[i].data, reference)
            ).items():
                parts.setdefault(name, []).append(ok)
        for name, oks in parts.items():
            wrong = oks.count(False)
            said = (
                f"right on all {len(oks)} data sets"
                if not wrong
                else f"its {name} differ on {wrong} of the {len(oks)} data sets"
            )
            found.append(Aspect(name, not wrong, said))
        return tuple(found)

    def shown(
        self,
        outcomes: Sequence[Outcome],
        checked: Sequence[int],
        variants: Sequence[Variant],
        reading: Reading,
        dim: Dim,
    ) -> Aspect:
        """One dimension of a candidate that agrees with no variant: right only when its
        answers are the reference's on every data set where the dimension shows (a variant
        that differs from the reference's in it alone answers otherwise there), and it shows
        somewhere; else wrong, naming no value."""
        reference = variants[0]
        alone = [
            v
            for v in variants
            if v[dim.name] != reference[dim.name]
            and all(v[k] == reference[k] for k, _ in v.values if k != dim.name)
        ]
        shows = [i for i in checked if self._shows(i, outcomes[i], reference, alone)]
        wrong = sum(
            not self.fits(self.cases[i].data, outcomes[i], reference, reading) for i in shows
        )
        none = f"its answers are those of none of the {len(variants)} variants tried"
        if not shows:
            return Aspect(dim.aspect, False, f"{none}, and no data set tried shows {dim.name}")
        m = len(shows)
        if wrong:
            said = f"its answers differ from the reference's on {wrong} of the {m} data sets"
            return Aspect(dim.aspect, False, f"{said} that show {dim.name} ({none})")
        said = f"its answers are the reference's on all {m} data sets that show {dim.name}"
        return Aspect(dim.aspect, True, f"{dim.name}: {reference[dim.name]} ({said}; {none})")

    def _shows(self, i: int, o: Outcome, reference: Variant, alone: Sequence[Variant]) -> bool:
        """Does data set ``i`` show the dimension: does a variant of ``alone`` answer
        otherwise than the reference there (in predictions when it answered with a model)?"""
        if not isinstance(o, Got):
            return False
        data = self.cases[i].data
        if o.predictions is not None:
            expected = self.predicted(data, reference)
            return any(self.predicted(data, v) != expected for v in alone)
        answer = self.answer(data, reference)
        return any(self.answer(data, v) != answer for v in alone)

    def notes(self, checked: Sequence[int], outcomes: Sequence[Outcome]) -> list[str]:
        return tally.limits(self.needs.dimension, outcomes, checked)

    def conventions(self, variants: Sequence[Variant], agreeing: Sequence[Variant]) -> str:
        algorithm = self.options.algorithm
        names = [v.name(algorithm, variants[0]) for v in agreeing]
        agree = f"agrees with {', '.join(names)}" if names else "agrees with no variant"
        others = len(variants) - len(agreeing)
        return f"{agree}; differs from the other {others} variant{'s' * (others != 1)} tried"

    def agree(
        self,
        outcomes: Sequence[Outcome],
        checked: Sequence[int],
        reading: Reading,
        variants: Sequence[Variant],
        agreeing: Sequence[Variant],
        base: dict[str, Any],
    ) -> Report:
        found: list[Diagnosis] = []
        n = len(checked)
        head = f"agrees on all {n} data sets"
        if reading.rate != self.q:
            found.append(learning_rate(reading.rate, self.q, n))
            head += f" up to its learning rate {reading.rate} ({THEOREM})"
        if reading.bias_last:
            found.append(diagnosis.bias_last(n))
            head += ", with the bias last"
        found += self.family.explain.accepted(reading, n)
        head += f"; compared: {base['compared']}"
        reason = "; ".join(
            [head, *self.notes(checked, outcomes), self.conventions(variants, agreeing)]
        )
        algorithm = self.options.algorithm
        return Report(
            algorithm,
            self.target,
            "agree",
            reason,
            n,
            tuple(v.name(algorithm, variants[0]) for v in agreeing),
            None,
            tuple(found),
            reading.rate if reading.rate != self.q else None,
            **base,
        )


AHEAD_TINY = 100
"""Data sets up to this size (n·d) get every variant's float-exactness done ahead: where a
right candidate's answers first differ from another variant's (:func:`ahead`)."""


def ahead(trial: FamilyTrial) -> None:
    """Do now, for every data set of ``trial``, the reference's work the crosscheck of a
    right candidate returning its answer (not a fitted model) asks for, so that the
    platforms' graders carry it (:mod:`~perceptron_ref.grading.precompute`): the probe
    points, the coverage, each variant's exact answer (a learning rate is read off every
    variant's answers on every data set: :meth:`FamilyTrial.rate`), and the float-exactness
    of the reference's variant (of every variant on the tiniest sets).  What a wrong
    candidate or a fitted model asks for beyond it is done where it is graded.  The
    candidate is never called."""
    judge, options = trial.judge, trial.options
    variants = judge.variants(options, predictions=False)
    for case in trial.cases:
        trial.calls.probes(case.data)
        for variant in variants:
            trial.answer(case.data, variant)
        if trial.floats:
            for variant in variants if case.size <= AHEAD_TINY else variants[:1]:
                trial._exact_for(case.data, variant)
    trial.coverage(range(len(trial.cases)))


def _largest(data: Data) -> Fraction:
    """The largest |x_i| of the data (on their integers: no Fraction per number)."""
    s = scaled(data[0], [1] * len(data[0]), bias=False)
    return Fraction(int(abs(s.X).max()) if s.X.size else 0, s.D)


def learning_rate(rate: Fraction, told: Fraction, count: int) -> Diagnosis:
    """One learning rate c ≠ η on every data set (accepted: the extended theorem)."""
    spec = f"the η = {told} it was told" if told != 1 else "the notes' η = 1"
    return Diagnosis(
        "learning-rate",
        f"on all {count} data sets its answers are {rate / told} × the reference's: its "
        f"learning rate is {rate}, not {spec}; from w = 0 a positive step changes no prediction "
        f"(theorem {THEOREM})",
    )


__all__ = ["Calls", "Explained", "FamilyTrial", "ahead", "learning_rate"]
