"""The disagree side of a :class:`~perceptron_ref.crosscheck.judge.family_trial.FamilyTrial`:
run again in fresh processes, shrink, find the first divergent step, diagnose, explain.

As for the core (:mod:`~perceptron_ref.crosscheck.explain.verdicts`): the failing data set is
run in two fresh processes (two different answers: ``nondeterministic``; a right fresh answer
where the reused process was wrong: ``stateful``), then shrunk to a minimal data set that
still fails the same way (:mod:`~perceptron_ref.crosscheck.explain.shrink`), and run once more
in a fresh process.  For one online pass, the answer on the first k examples is the model
after k steps, so asking every prefix (bisecting beyond 300 examples) finds the first step
after which the candidate's answer differs, and the spec line there.  The cause is named by
the family's code for each way the variant the candidate agrees with differs from the
reference's (:mod:`~perceptron_ref.crosscheck.explain.families`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any

from perceptron_ref.crosscheck.candidates.families import Got
from perceptron_ref.crosscheck.candidates.outcomes import Data, Failure, Outcome
from perceptron_ref.crosscheck.explain import diagnosis
from perceptron_ref.crosscheck.explain.diagnosis import Diagnosis
from perceptron_ref.crosscheck.explain.shrink import shrink
from perceptron_ref.crosscheck.judge.compare import Divergence
from perceptron_ref.crosscheck.judge.families import Reading, Variant, ratio, scaled
from perceptron_ref.crosscheck.judge.families.runs import CODINGS
from perceptron_ref.crosscheck.judge.families.winnow import LINES
from perceptron_ref.crosscheck.report.results import Counterexample, Report, Shown

if TYPE_CHECKING:
    from perceptron_ref.crosscheck.judge.family_trial import Explained, FamilyTrial

SHRUNK = ("wrong", "crash", "unparsable")
SHRINK_SECONDS = 120.0
PREFIXES = 300


def kind_of(t: FamilyTrial, data: Data, outcome: Outcome, reading: Reading, v: Variant) -> str:
    if isinstance(outcome, Failure):
        return outcome.kind
    return "agree" if t.fits(data, outcome, v, reading) else "wrong"


def text(t: FamilyTrial, outcome: Outcome, reading: Reading, data: Data) -> str:
    """An answer as the report shows it (in the reference's layout, at its own rate)."""
    if isinstance(outcome, Failure):
        return outcome.kind
    if not isinstance(outcome, Got):
        return "?"
    if outcome.predictions is not None:
        return "predictions (" + ", ".join(str(p) for p in outcome.predictions) + ")"
    value = t.judge.normalize(outcome, reading, data, t.options)
    return "?" if value is None else t.judge.show(value)


def repeat(
    t: FamilyTrial, data: Data, first: Outcome, reading: Reading, reference: Variant
) -> list[Diagnosis]:
    """Two fresh processes: nondeterministic (they differ) or stateful (the fresh one is
    right where the process that had answered earlier calls was wrong)."""
    a = t.call.fresh([data])[0]
    b = t.call.fresh([data])[0]
    if any(isinstance(o, Failure) and o.kind in ("budget", "hang") for o in (a, b)):
        return []
    shown = [text(t, o, reading, data) for o in (a, b)]
    if shown[0] != shown[1]:
        return [
            Diagnosis(
                "nondeterministic",
                f"two runs on the same data set, each in a fresh process, ended: "
                f"{shown[0]} and {shown[1]}",
            )
        ]
    wrong = kind_of(t, data, first, reading, reference)
    if wrong != "agree" and kind_of(t, data, a, reading, reference) == "agree":
        return [diagnosis.stateful(shown[0], text(t, first, reading, data), t.call.calls)]
    return []


def disagree(
    t: FamilyTrial,
    outcomes: Sequence[Outcome],
    checked: Sequence[int],
    reading: Reading,
    results: Sequence[bool],
    bad: int,
    variants: Sequence[Variant],
    agreeing: Sequence[Variant],
    base: dict[str, Any],
) -> Report:
    reference = variants[0]
    algorithm, options, judge = t.options.algorithm, t.options, t.judge
    case, first = t.cases[bad], outcomes[bad]
    kind = first.kind if isinstance(first, Failure) else "wrong"
    found: list[Diagnosis] = []
    if kind not in ("hang", "load error", "budget"):
        found += repeat(t, case.data, first, reading, reference)
    data, got, note = case.data, first, ""
    if kind in SHRUNK and not any(f.code in ("nondeterministic", "stateful") for f in found):
        data, got, note = _shrunk(t, case.data, first, kind, reading, reference)
    notes = t.notes(checked, outcomes)
    trace = judge.trace(data, options)
    names = tuple(v.name(algorithm, reference) for v in agreeing)
    if isinstance(got, Failure):
        reason = "; ".join([f"{got.kind}: {got.detail}", *notes])
        counter = Counterexample(
            data, trace, got, None, note, _shown(t, data, None, reading, reference)
        )
        return Report(algorithm, t.target, "disagree", reason, len(checked), names, counter,
                      tuple(found), None, **base)  # fmt: skip
    n = len(checked)
    passes = None
    if agreeing:
        dims = judge.dims(options)
        found += t.family.explain.differences(algorithm, dims, reference, agreeing[0], n)
    elif not any(f.code in ("nondeterministic", "stateful") for f in found):
        passes = _passes(t, data, got, outcomes, checked, reading, reference)
    part = coded = None
    explained: Explained | None = None  # the model of every answer that a cause names
    if passes is not None:
        found.append(passes)
        explained = (reference, "", "")
    elif not agreeing and not judge.scales:
        found += _scaled(t, outcomes, checked, reading)
        promoted = (
            None if found else _promotion(t, data, got, outcomes, checked, reading, reference)
        )
        if promoted is not None:
            found.append(promoted[0])
            explained = (promoted[1], "", "")
    elif not agreeing:
        part = _step_part(t, data, got, outcomes, checked, reading, reference)
        if part is not None:
            explained = (reference, judge.step_dim, "its step η reaches part of the update only")
        else:
            labelled = _label_coding(t, data, got, outcomes, checked, reading, reference)
            if labelled is not None:
                coded, variant = labelled
                explained = (variant, "", "")
        found += [d for d in (part, coded) if d is not None]
    if explained is not None:  # each dimension as the model that gives every answer has it
        aspects = t.aspects(outcomes, checked, variants, agreeing, reading, explained)
        base = base | {"aspects": aspects}
    if reading.rate != t.q and part is None:
        found.append(
            Diagnosis(
                "learning-rate",
                f"its answers are read at the learning rate {reading.rate}, not the η = {t.q} "
                "it was told",
            )
        )
    if reading.bias_last:
        found.append(diagnosis.bias_last(sum(results[i] for i in checked)))
    # another number of passes is no step of the loop gone wrong: no spec line to blame
    wrong = [(t.cases[i].data, outcomes[i]) for i in checked if not results[i]]
    divergence = None if passes else _divergence(t, data, reading, reference, agreeing, wrong)
    if divergence is not None and part is not None:  # the update's step, not its decision
        why = "its answer differs after this update, whose step η does not reach all of it"
        divergence = replace(divergence, spec_line=judge.update, rule=why)
    elif divergence is not None and coded is not None:  # the update's y, not a zero score
        why = "its answer differs after this update: a negative example changes nothing"
        divergence = replace(divergence, spec_line=judge.update, rule=why)
    predicted = isinstance(got, Got) and got.predictions is not None
    what = "predictions at the probe points" if predicted else judge.what
    size = len(data[0])
    reason = f"wrong {what} on a data set of {size} example{'s' if size != 1 else ''}"
    if divergence is not None:
        reason += f" (first divergent step {divergence.step + 1}: {divergence.rule}"
        reason += f", spec line {divergence.spec_line})"
    reason = "; ".join([reason, *notes, t.conventions(variants, agreeing)])
    shown = _shown(t, data, got, reading, reference)
    counter = Counterexample(data, trace, got, divergence, note, shown)
    return Report(algorithm, t.target, "disagree", reason, n, names, counter, tuple(found),
                  None, **base)  # fmt: skip


def _passes(
    t: FamilyTrial,
    data: Data,
    got: Outcome,
    outcomes: Sequence[Outcome],
    checked: Sequence[int],
    reading: Reading,
    reference: Variant,
) -> Diagnosis | None:
    """The reference's own run with another number of passes (one fewer, one more, one)
    gives the counterexample's answer and every other one, as in the core's
    :func:`~perceptron_ref.crosscheck.explain.diagnosis.passes`."""
    judge, options = t.judge, t.options
    asked = None if options.epochs == "converge" else int(options.epochs)
    answered = [i for i in checked if isinstance(outcomes[i], Got)]
    for m in diagnosis.counts(asked):
        other = replace(options, epochs=m)

        def fits(d: Data, o: Outcome, other: Any = other) -> bool:
            if not isinstance(o, Got) or o.predictions is not None:
                return False
            value = judge.normalize(o, reading, d, other)
            if value is None:
                return False
            mine, expected = scaled(judge, value, reading.rate), judge.answer(d, reference, other)
            return bool(judge.same(mine, expected, d, reference, other, t.floats))

        if fits(data, got) and all(fits(t.cases[i].data, outcomes[i]) for i in answered):
            short = judge.show(judge.answer(data, reference, other))
            full = judge.show(judge.answer(data, reference, options))
            n = asked if asked is not None else judge.trace(data, options).epochs
            said = f"after {m} pass{'es' * (m != 1)} it is {short}, after {n} {full}"
            return diagnosis.other_passes(m, asked, len(answered), said)
    return None


PARTS = (
    ("the bias only (w ← w + y·x, b ← b + η·y)", False),
    ("the weights only (w ← w + η·y·x, b ← b + y)", True),
)
"""The two ways a step reaches one part of the update (the core's ``diagnosis.step_part``)."""


def _step_part(
    t: FamilyTrial,
    data: Data,
    got: Outcome,
    outcomes: Sequence[Outcome],
    checked: Sequence[int],
    reading: Reading,
    reference: Variant,
) -> Diagnosis | None:
    """Its answers are the reference's run with the step η ≠ 1 applied to one part of the
    update only, for a family whose judge can run it (``Judge.stepped``: averaged, voted):
    η on the bias only is the run at step 1 whose bias moves by η·y; η on the weights only
    is η times the run whose bias moves by y/η.  The model must give the counterexample's
    answer and every other one it answered (:func:`_explains`)."""
    judge, options, q = t.judge, t.options, t.q
    if q == 1:
        return None
    models: list[tuple[str, Callable[[Data], Any]]] = []
    if options.bias and t.family.own_bias:
        for words, weights in PARTS:

            def stepped(d: Data, weights: bool = weights) -> Any:
                found = judge.stepped(d, reference, options, 1 / q if weights else q)
                return scaled(judge, found, 1 / q) if weights else found  # η times the run

            models.append((words, stepped))
    for words, answer in judge.step_parts(options, q):  # the family's own (multiclass rows)
        models.append((words, partial(_of_reference, answer, reference)))
    for words, model in models:
        count = _explains(t, data, got, outcomes, checked, reading, reference, model)
        if count is not None:
            return Diagnosis(
                "learning-rate",
                f"its answers on all {count} data sets it answered are the reference's run "
                f"with the step η = {q} applied to {words}: apply η to the whole update",
            )
    return None


def _promotion(
    t: FamilyTrial,
    data: Data,
    got: Outcome,
    outcomes: Sequence[Outcome],
    checked: Sequence[int],
    reading: Reading,
    reference: Variant,
) -> tuple[Diagnosis, Variant] | None:
    """For a multiplicative family (Winnow): its answers are a variant's run with another
    promotion factor (code written with its own alpha: 3, 1.5, …), read off its answers (a
    weight promoted once and never demoted is the factor: the smallest weight above 1 of
    each answer) and checked on every answer (:func:`_explains`)."""
    judge, options = t.judge, t.options
    own = judge.promotion(options)
    if own is None:
        return None
    seen: set[Fraction] = set()
    for _, o in [(data, got), *((t.cases[i].data, outcomes[i]) for i in checked)]:
        if isinstance(o, Got) and o.predictions is None and o.value:
            above = [Fraction(v) for v in judge.split(o.value)[0] if v > 1]
            if above:
                f = min(above)
                seen.add(f.limit_denominator(1000) if t.floats else f)
    for f in sorted(seen - {own})[:6]:
        for variant in judge.variants(options, predictions=False):

            def model(d: Data, f: Fraction = f, variant: Variant = variant) -> Any:
                return judge.promoted(d, variant, options, f)

            count = _explains(t, data, got, outcomes, checked, reading, reference, model)
            if count is None:
                continue
            name = variant.name(options.algorithm, reference)
            promote = LINES.get(options.algorithm, ("", "", ""))[1]
            said = (
                f"its answers on all {count} data sets it answered are those of {name} with the "
                f"promotion factor {f} (w_i ← {f}·w_i on a mistake on a positive), where "
                f"{options.algorithm} multiplies by {own}, spec line {promote}"
            )
            return Diagnosis("winnow-promotion", said), variant
    return None


def _of_reference(answer: Callable[[Data, Variant], Any], reference: Variant, d: Data) -> Any:
    return answer(d, reference)


def _label_coding(
    t: FamilyTrial,
    data: Data,
    got: Outcome,
    outcomes: Sequence[Outcome],
    checked: Sequence[int],
    reading: Reading,
    reference: Variant,
) -> tuple[Diagnosis, Variant] | None:
    """Its answers are those of the reference's loop with labels coded 0/1 in the update,
    for a family whose judge can run it (``Judge.stepped``: averaged, voted, kernel): w + y·x
    adds 0·x for y = 0, so a negative example never moves w, whether its mistake test is met
    by every negative example (y·(w·x) ≤ 0 with y = 0: a new vote each time), by none, or
    where it predicts 1 (ŷ ≠ y with ŷ in 0/1); or w + (y − ŷ)·x with y in 0/1 and a sign()
    prediction ŷ = ±1 (:data:`~perceptron_ref.crosscheck.judge.families.runs.CODINGS`).
    Each with the reference's zero-score rule in training or another (the 0/1 loop's
    prediction at a zero score is its own).  Told 0/1 (``--label-coding 01``), code written
    for -1/+1 that uses the 0 as it comes makes the same slip.  As the core's
    ``diagnosis.label_coding``: the model must give the counterexample's answer and every
    other one (:func:`_explains`), and some answer must have moved from 0 (a loop that
    never updates gives the zeros this model gives too)."""
    judge, options = t.judge, t.options
    answers = [outcomes[i] for i in checked] + [got]
    if not any(isinstance(o, Got) and o.value and any(judge.split(o.value)[0]) for o in answers):
        return None  # w never moved
    trainings = [
        v
        for v in judge.variants(options, predictions=False)
        if all(v[k] == reference[k] for k, _ in v.values if k != "training")
    ]
    for coded in CODINGS:
        for variant in trainings:

            def model(d: Data, coded: str = coded, variant: Variant = variant) -> Any:
                found = judge.stepped(d, variant, options, Fraction(1), coded)
                return scaled(judge, found, 1 / t.q)  # at the step told

            count = _explains(t, data, got, outcomes, checked, reading, reference, model)
            if count is None:
                continue
            tie = variant.get("training")
            rule = (
                f" (its zero score in training: {tie})" if tie != reference.get("training") else ""
            )
            words = f"are those of the reference's loop{rule} {CODED[coded]}"
            said = f"its answers on all {count} data sets it answered {words}"
            return Diagnosis("label-coding", said), variant
    return None


CODED = dict.fromkeys(
    ("always", "never", "predicted"),
    "whose negative examples never move w, as when the labels are coded 0/1 in the update "
    "(w + y·x adds 0·x for y = 0): code them -1/+1",
) | {
    "sign": "with the labels coded 0/1 in the update w + (y − ŷ)·x where its prediction ŷ is "
    "±1 (a sign()): a positive mistake moves w by 2x, and every negative example by −x where "
    "it predicts +1 and by +x, the wrong way, where it predicts −1: code y and ŷ alike "
    "(both -1/+1, or both 0/1)"
}
"""The cause in words, by 0/1-coded loop (``runs.CODINGS``)."""


def _explains(
    t: FamilyTrial,
    data: Data,
    got: Outcome,
    outcomes: Sequence[Outcome],
    checked: Sequence[int],
    reading: Reading,
    reference: Variant,
    model: Callable[[Data], Any],
) -> int | None:
    """The number of data sets it answered when ``model`` gives the counterexample's answer
    and every other one it answered, in its own units (None if not, or when an answer is
    a fitted model's predictions: no evidence, a wrong weight often predicts as the
    reference does; or when the family cannot run the model)."""
    judge, options = t.judge, t.options
    answered = [(t.cases[i].data, outcomes[i]) for i in checked]
    pairs = [(data, got), *answered]
    if not all(isinstance(o, Got) and o.predictions is None for _, o in pairs):
        return None
    try:
        for d, o in pairs:
            assert isinstance(o, Got)
            mine = judge.normalize(o, reading, d, options)
            if mine is None or not judge.same(mine, model(d), d, reference, options, t.floats):
                return None
    except NotImplementedError:
        return None
    return len(answered)


def _scaled(
    t: FamilyTrial, outcomes: Sequence[Outcome], checked: Sequence[int], reading: Reading
) -> list[Diagnosis]:
    """For a family with no learning rate (Winnow): answers that are a positive multiple of
    the reference's on every data set (weights started at 1/n with θ = 1, …) are named, and
    not accepted."""
    reference = t.variants(outcomes)[0]
    factors = []
    for i in checked:
        o = outcomes[i]
        if not isinstance(o, Got) or o.predictions is not None:
            continue
        got = t.judge.normalize(o, reading, t.cases[i].data, t.options)
        expected = t.answer(t.cases[i].data, reference)
        if got is not None and got == expected and not any(t.judge.split(got)[0]):
            continue  # both 0: any multiple
        c = None if got is None else ratio(t.judge, got, expected)
        if c is None:
            return []
        factors.append(c)
    if not factors or all(c == 1 for c in factors):
        return []
    distinct = [c for c in dict.fromkeys(factors) if c != 1]
    shown = ", ".join(str(c) for c in distinct[:4]) + (", …" if len(distinct) > 4 else "")
    return [
        Diagnosis(
            "scaled-weights",
            f"on every data set ({len(factors)} with a weight other than 0) its weights are a "
            f"positive multiple of the reference's ({shown}): the same predictions, but "
            f"{t.options.algorithm}'s weights are compared as they are: its factor is no "
            "learning rate",
        )
    ]


def _shown(
    t: FamilyTrial, data: Data, got: Outcome | None, reading: Reading, reference: Variant
) -> Shown:
    """The counterexample's answers: predictions at its probes, or the natural answers."""
    judge = t.judge
    rows = tuple(
        (name, tuple(tuple(row) for row in value["rows"]))
        for name, value in t.calls.told(data).items()
        if isinstance(value, dict) and "rows" in value
    )
    if isinstance(got, Got) and got.predictions is not None:
        expected = t.predicted(data, reference)
        probes = tuple(tuple(str(v) for v in p) for p in t.calls.probes(data))
        return Shown(
            "predictions at the probe points",
            [str(p) for p in expected],
            [str(p) for p in got.predictions],
            "(" + ", ".join(map(str, expected)) + ")",
            "(" + ", ".join(map(str, got.predictions)) + ")",
            probes,
            "predictions",
            rows,
        )
    expected_w = judge.answer(data, reference, t.options)
    told = scaled(judge, expected_w, 1 / t.q)  # the answer at the step told
    value = None
    if isinstance(got, Got):
        value = judge.normalize(got, reading, data, t.options)
    return Shown(
        judge.what,
        judge.to_json(told),
        None if value is None else judge.to_json(value),
        judge.show(told),
        "(none)" if value is None else judge.show(value),
        None,
        judge.symbol,
        rows,
    )


def _shrunk(
    t: FamilyTrial, data: Data, first: Outcome, kind: str, reading: Reading, reference: Variant
) -> tuple[Data, Outcome, str]:
    seen: dict[int, tuple[Data, Outcome]] = {id(data): (data, first)}

    def fails(tries: list[Data]) -> list[bool]:
        got = t.call(tries)
        verdicts = [False] * len(tries)
        for k, (d, o) in enumerate(zip(tries, got, strict=True)):
            if kind_of(t, d, o, reading, reference) == kind:
                seen[id(d)] = (d, o)
                verdicts[k] = True
                break
        return verdicts

    def valid(d: Data) -> bool:
        return not t.unusable(d)

    began = time.monotonic()

    def stop() -> bool:
        return t.call.clock.out or time.monotonic() - began > SHRINK_SECONDS

    chunk = 8 if t.candidate.kind == "cmd" else 1000
    small = shrink(data, fails, valid, chunk=chunk, stop=stop)
    cut = "" if not stop() else "shrinking stopped early: it may not be minimal"
    fresh = t.call.fresh([small])[0]
    if kind_of(t, small, fresh, reading, reference) == kind:
        return small, fresh, cut
    observed = seen.get(id(small))
    if observed is None:
        return data, first, cut
    said = "in the process that had answered earlier calls"
    return small, observed[1], "; ".join(n for n in (said, cut) if n)


def _departs(
    t: FamilyTrial, asked: Sequence[tuple[Data, Outcome]], v: Variant
) -> tuple[str, str] | None:
    """For predictions: the spec line where they depart from the reference's (``v``), from
    the data sets ``asked`` (the counterexample's prefixes, and every data set where they
    were wrong) and its answers there.  The reference's step at the first wrong prefix
    (``Judge.blame``) is no evidence: its training cannot be seen.  When another variant's
    model predicts as it does on every one, the first dimension where that variant differs
    (a tiny counterexample alone is no evidence: one example's run is many variants'); when
    none does, the family's prediction line (a vote or a sign that is none of the known
    ones), if it has one."""
    dims = t.judge.dims(t.options)
    answers = [(d, a.predictions) for d, a in asked if isinstance(a, Got) and a.predictions]
    for other in t.judge.variants(t.options, predictions=True):
        if other != v and all(t.predicted(d, other) == p for d, p in answers):
            dim = next(d for d in dims if other.get(d.name) != v.get(d.name))
            name = other.name(t.options.algorithm, v)
            return dim.line, f"from here its predictions are those of {name}"
    line = next((d.line for d in dims if d.predictions), None)
    if line is None:
        return None
    count = len(t.judge.variants(t.options, predictions=True))
    return line, (
        f"from here its predictions are those of none of the {count} variants tried (their "
        "training rules and predictions)"
    )


def _divergence(
    t: FamilyTrial,
    data: Data,
    reading: Reading,
    v: Variant,
    agreeing: Sequence[Variant],
    failed: Sequence[tuple[Data, Outcome]] = (),
) -> Divergence | None:
    """For one online pass: the first prefix whose answer differs (every prefix up to
    :data:`PREFIXES` examples, else bisected).  The spec line blamed is that of the first
    dimension where the variant it agrees with differs from the reference's, else the
    family's line for that step (:meth:`~perceptron_ref.crosscheck.judge.families.Judge.
    blame`)."""
    if t.options.epochs != 1:
        return None
    n = len(data[0])
    # a prefix the family cannot use (multiclass: a class not yet seen) is not asked
    first = next((k for k in range(1, n + 1) if not t.unusable((data[0][:k], data[1][:k]))), n)

    def wrong(ks: Sequence[int]) -> list[bool]:
        prefixes = [(data[0][:k], data[1][:k]) for k in ks]
        answers = t.call(prefixes)
        if any(not isinstance(a, Got) for a in answers):
            raise LookupError  # a prefix it cannot answer: no step to show
        predicted[0] = any(getattr(a, "predictions", None) is not None for a in answers)
        seen.update(zip(ks, answers, strict=True))
        return [not t.fits(p, a, v, reading) for p, a in zip(prefixes, answers, strict=True)]

    predicted = [False]
    seen: dict[int, Outcome] = {}
    try:
        if n - first < PREFIXES:
            flags = wrong(range(first, n + 1))
            if True not in flags:
                return None
            k = flags.index(True) + first
        else:
            lo, hi = first - 1, n
            while hi - lo > 1:
                mid = (lo + hi) // 2
                lo, hi = (lo, mid) if wrong([mid])[0] else (mid, hi)
            k = hi
    except LookupError:
        return None
    line, why = t.judge.blame(data, t.options, k - 1)
    for dim in t.judge.dims(t.options):
        if agreeing and dim.name in dict(v.values) and agreeing[0][dim.name] != v[dim.name]:
            other = agreeing[0].name(t.options.algorithm, v)
            line = dim.line
            why = f"from here its answer is that of {other}"
            break
    else:
        if predicted[0] and isinstance(seen.get(k), Got):
            asked = [((data[0][:j], data[1][:j]), a) for j, a in sorted(seen.items())]
            line, why = _departs(t, [*asked, *failed], v) or (line, why)
    if k == first > 1:  # the earlier prefixes could not be asked: it may have differed before
        why += f" (the shortest prefix it could be asked has {first} examples)"
    prefix = (data[0][:k], data[1][:k])
    if predicted[0]:
        shown = "(" + ", ".join(str(p) for p in t.predicted(prefix, v)) + ")"
    else:
        shown = t.judge.show(scaled(t.judge, t.judge.answer(prefix, v, t.options), 1 / t.q))
    return Divergence(
        k - 1,
        1,
        k - 1,
        None,
        int(data[1][k - 1]),
        (shown,),
        None,
        line,
        why,
    )
