"""The disagree side of a :class:`~perceptron_ref.crosscheck.judge.trial.Trial`: repeat, shrink,
re-check, diagnose, explain.

The first failing data set is first run again in two fresh processes (twice in the first):
two fresh answers that differ make the candidate ``nondeterministic``; a fresh answer that
is right where the reused process's was wrong, or a second call that differs from the
first, make it ``stateful``, once :data:`STEADY` more fresh processes have all answered alike
(else it is ``nondeterministic``).  Then the data set is shrunk (a nondeterministic candidate
fails a try if one of three runs fails), and the minimal counterexample is run again in
fresh processes: the answer shown is one that fails there, or, when none does, the one the
reused process gave, saying so.  A DISAGREE never shows an answer equal to the expected one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from perceptron_ref.crosscheck.candidates import layouts
from perceptron_ref.crosscheck.candidates.outcomes import Data, Failure, Outcome, Returned
from perceptron_ref.crosscheck.explain import diagnosis, probes
from perceptron_ref.crosscheck.explain.diagnosis import Diagnosis, show
from perceptron_ref.crosscheck.explain.shrink import shrink
from perceptron_ref.crosscheck.judge import compare
from perceptron_ref.crosscheck.judge.compare import Divergence
from perceptron_ref.crosscheck.judge.equivalence import (
    ANY,
    SPREAD,
    Reading,
    proportional,
    reorder,
    simplest,
)
from perceptron_ref.crosscheck.judge.floats import describe, power_of_two
from perceptron_ref.crosscheck.report.results import Counterexample, Report
from perceptron_ref.vectors import Vector

if TYPE_CHECKING:
    from perceptron_ref.crosscheck.judge.trial import Result, Trial

STEADY = 12
"""Fresh runs that must all agree before a difference is put down to state kept between
calls (``stateful``) rather than chance (``nondeterministic``): a candidate that picks one of
two answers at random passes that with probability 2⁻¹²."""
OTHERS = 32
"""At most this many other failing data sets (the smallest, and the largest: a shuffle of a
few examples often repeats itself) are answered by the two fresh processes that look for
nondeterminism."""
OTHERS_CMD = 8
"""The same for a ``cmd:`` candidate, which starts a process (in the sandbox) for every data
set: 16 more processes at most, not 64."""
COSTLY = ("hang", "budget", "memory")
"""Failures not run again to look for nondeterminism: each would cost its limit again."""
SUPPRESS = (
    "initial-weights",
    "nondeterministic",
    "stateful",
    "order",
    "passes",
    "printed-digits",
    "label-coding",
)
SHRUNK = ("wrong", "crash", "unparsable")
"""Failures worth shrinking: a hang, a load error, memory or too much output is shown on the
data set where it happened (each try would cost a timeout, or resources, again)."""
SHRINK_SECONDS = 120.0
"""Shrinking stops after this long (or when --budget is spent); the report then says the
counterexample may not be minimal."""
"""Causes that make the zero-score comparison meaningless: no variant is blamed then."""


def kind_of(
    trial: Trial, data: Data, outcome: Outcome, reading: Reading, quick: bool = False
) -> str:
    if isinstance(outcome, Failure):
        return outcome.kind
    return "agree" if trial.judge(data, outcome, reading, limit=16, quick=quick).ok else "wrong"


def _costly(outcome: Outcome) -> bool:
    return isinstance(outcome, Failure) and outcome.kind in COSTLY


def _describe(outcome: Outcome) -> str:
    return show(outcome.weights) if isinstance(outcome, Returned) else outcome.kind


def repeat(
    trial: Trial,
    data: Data,
    first: Outcome,
    kind: str,
    reading: Reading,
    calls: int,
    others: Sequence[Data] = (),
) -> list[Diagnosis]:
    """Run the failing data set again in fresh processes: nondeterministic? stateful?

    Two runs that each start a fresh process and differ make it nondeterministic (no
    earlier call can explain them).  Each of the two processes answers the data set twice,
    then ``others``, the other failing data sets, in order: code that is deterministic,
    even code that keeps state between calls, answers the two same sequences alike, while a
    random choice between two answers goes unseen on m data sets only with probability 2⁻ᵐ
    (on one data set, half the time; a shuffle of two examples repeats itself half the time
    too)."""
    cap = OTHERS_CMD if trial.candidate.kind == "cmd" else OTHERS
    rest = [d for d in others if d is not data]
    rest = rest[: cap - 1] + rest[-1:] if len(rest) > cap else rest
    # Two processes that share nothing, each given the same sequence (a fresh call, a second
    # one, the others): each process's start is most of a Python candidate's cost, so the
    # sequences go in two processes, not one per question, and those run at once (each
    # waits mostly for its interpreter to start; a program or a JVM may want its memory to
    # itself).
    sequence = [data, data, *rest]
    python = trial.candidate.kind in ("file", "module", "sklearn", "river")
    with ThreadPoolExecutor(max_workers=2 if python else 1) as pool:
        a, b = pool.map(lambda _: trial.call.fresh(sequence), range(2))
    sets = [(data, [a[0], b[0]])]
    sets += [(d, [x, y]) for d, x, y in zip(rest, a[2:], b[2:], strict=True)]
    for d, runs in sets:
        if any(isinstance(o, Failure) and o.kind in ("budget", "hang") for o in (*runs, *a[:2])):
            return []
        if _describe(runs[0]) != _describe(runs[1]):
            answers = [o.weights for o in runs if isinstance(o, Returned)]
            found = diagnosis.nondeterministic(len(d[0]), answers)
            if found is None:
                text = " and ".join(_describe(o) for o in runs)
                found = Diagnosis(
                    "nondeterministic",
                    f"two runs on the same data set, each in a fresh process, ended: {text}",
                )
            return [found]
    if kind_of(trial, data, a[0], reading) == kind and _describe(a[1]) == _describe(a[0]):
        return []
    # Before blaming state kept between calls, make sure fresh processes agree: a random
    # choice between two answers makes two fresh runs agree half the time.
    for _ in range(STEADY):
        again = trial.call.fresh([data])[0]
        if isinstance(again, Failure) and again.kind in ("budget", "hang"):
            return []
        if _describe(again) != _describe(a[0]):
            text = f"{_describe(a[0])} and {_describe(again)}"
            return [
                Diagnosis(
                    "nondeterministic",
                    f"runs on the same data set, each in a fresh process, ended: {text}",
                )
            ]
    if kind_of(trial, data, a[0], reading) != kind:
        return [diagnosis.stateful(_describe(a[0]), _describe(first), calls)]
    return [diagnosis.stateful(_describe(a[0]), _describe(a[1]), 1)]


def disagree(
    trial: Trial,
    outcomes: Sequence[Outcome],
    checked: Sequence[int],
    reading: Reading,
    results: Sequence[Result],
    bad: int,
    base: dict[str, Any],
) -> Report:
    t, oracle = trial, trial.oracle
    bad = _unexplained(t, outcomes, checked, results, bad, reading)
    case, first = t.cases[bad], outcomes[bad]
    kind = first.kind if isinstance(first, Failure) else "wrong"
    found: list[Diagnosis] = []
    data, got, note = case.data, first, ""
    if kind not in ("hang", "load error"):
        failing = [
            i
            for i in checked
            if not _is_ok(results[i]) and t.cases[i].size <= 20_000 and not _costly(outcomes[i])
        ]
        failing.sort(key=lambda i: t.cases[i].size)
        found += repeat(t, case.data, first, kind, reading, bad, [t.cases[i].data for i in failing])
    if kind in SHRUNK:
        data, got, note, late = _shrunk(t, case.data, first, kind, reading, found)
        found += late
    codes = {f.code for f in found}
    expected = oracle.told(data)
    notes = t.notes(checked, outcomes)
    if isinstance(got, Failure):
        reason = "; ".join([f"{got.kind}: {got.detail}", *notes])
        counter = Counterexample(data, expected, got, None, note)
        return Report(oracle.algorithm, t.target, "disagree", reason, len(checked), (), counter,
                      tuple(found), None, **base)  # fmt: skip
    norm = reorder(got, reading.bias_last)
    init = diagnosis.initial_weights(data, norm.weights, t.needs.bias)
    if init is not None and not _started_nonzero(t, reading, len(data[0][0])):
        init = None  # no evidence that w did not start at 0: an update may have written it
    if init is not None:
        found.append(init)
    answered = [i for i in checked if isinstance(outcomes[i], Returned)]
    pairs = [(t.cases[i].data, reorder(outcomes[i], reading.bias_last).weights) for i in answered]  # type: ignore[arg-type]
    counter_pair = (data, norm.weights)
    conv = None if codes & set(SUPPRESS) or init else t.conventions(checked, outcomes, reading)
    agreeing = bool(conv and conv.agrees_with)  # it follows another variant's rule: no threshold
    explained = None
    if not codes & set(SUPPRESS) and init is None:
        # the reference's own run with other passes, or its weights printed with fewer
        # digits, explains every answer: then no rule of the loop is at fault
        wrong = [p for i, p in zip(answered, pairs, strict=True) if not _is_ok(results[i])]
        right = [d for i, (d, _) in zip(answered, pairs, strict=True) if _is_ok(results[i])]
        explained = diagnosis.passes(counter_pair, wrong, right, oracle, reading.rate, t.floats)
        if explained is None and t.floats:
            answers = [g for _, g in pairs]
            explained = diagnosis.printed_digits(counter_pair, wrong, answers, oracle,
                                                 reading.rate)  # fmt: skip
            if explained is not None and t.candidate.kind != "cmd":
                # code that returns its numbers prints none: a narrower float that gives
                # every answer (on data too few to tell them apart) is the likelier cause
                explained = (
                    diagnosis.narrow_everywhere(counter_pair, pairs, oracle, reading.rate)
                    or explained
                )
        if explained is None and t.q != 1:  # the step applied to the bias or w alone
            explained = diagnosis.step_part(counter_pair, wrong, right, oracle, t.floats)
        if explained is None and not agreeing:
            # labels 0/1 in the update (a negative example never moves w) gives every answer
            # exactly: not a threshold the probes bracket, nor a reordering
            explained = diagnosis.label_coding(counter_pair, pairs, oracle, reading.rate)
        if explained is None and not agreeing:
            sent01 = any(s.startswith(layouts.SENT_01) for s in t.calling)
            explained = diagnosis.never_moved(counter_pair, pairs, oracle, sent01)
    # what the explanation, when there is one, makes meaningless to blame on a variant
    split = explained is not None and explained.code == "learning-rate"
    suppress = set(SUPPRESS) | ({"learning-rate"} if split else set())
    if explained is None and "stateful" not in codes and init is None:
        # a number type or a threshold that gives every answer beats an order that gives
        # the counterexample's alone
        number = diagnosis.score_precision(counter_pair, pairs, oracle, reading.rate)
        probed = None if agreeing else _probe(t, reading)
        if number is not None and probed is not None and not _same_edge(number, probed):
            number = None  # the probes show a tolerance the number type does not have
        explained = number
        if explained is None and t.floats:
            explained = diagnosis.int_cast(counter_pair, pairs, oracle, reading.rate)
        if explained is None and t.floats:
            explained = diagnosis.int_weights(counter_pair, pairs, oracle, reading.rate)
            if explained is not None:  # it did update, and w was cut: no rule's line to show
                suppress.add(explained.code)
        explained = explained or probed
        if explained is None and not agreeing and not _probing(t, reading):
            explained = diagnosis.threshold(counter_pair, pairs, oracle, reading.rate)
        if explained is None and t.floats:  # the same loop in float32: not a reordering
            explained = diagnosis.precision(data, norm.weights, oracle, reading.rate)
        ordered = None if explained else diagnosis.order(data, [norm.weights], oracle, reading.rate)
        found += [ordered] if ordered else []
    rates = _rates(t, outcomes, checked, reading, results)
    if explained is not None and explained.code in ("passes", "printed-digits"):
        # a multiple that differs from one data set to the next is then its symptom
        rates = [r for r in rates if r.code != "learning-rate" or reading.rate != t.q]
    if split:
        rates = [r for r in rates if r.code != "learning-rate"]  # (it says which step)
    found += rates
    codes = {f.code for f in found}
    if explained is not None and explained.code in suppress:
        found.append(explained)
    elif not codes & suppress:
        W = oracle.trace(data).weights
        tests: list[Callable[[], Diagnosis | None]] = [
            lambda: explained,
            lambda: diagnosis.overflow(counter_pair, pairs, oracle, W),
            lambda: _floats(t, outcomes, checked, reading, results, counter_pair, pairs),
        ]
        for test in tests:
            d = test()
            if d is not None and d.code not in {f.code for f in found}:
                found.append(d)
    if not {f.code for f in found} - {"bias-last", "dimension"}:  # nothing else explains it
        by_factor = scaled(t, data, got, reading, checked, outcomes)
        found += [by_factor] if by_factor is not None else []
    by_d = [(len(t.cases[i].data[0][0]), _is_ok(results[i])) for i in checked]
    dim = diagnosis.dimension(by_d, len(data[0][0]))
    if dim is not None and t.needs.dimension is None:
        found.append(dim)
    codes = {f.code for f in found}
    if codes & suppress:
        agrees: tuple[str, ...] = ()
        summary = "see the diagnosis: " + ", ".join(c for c in diagnosis.CODES if c in codes)
        divergence = None
    else:
        conv = conv or t.conventions(checked, outcomes, reading)
        agrees, summary = conv.agrees_with, conv.summary()
        divergence = _divergence(t, data, norm, reading, expected, agrees)
    n = len(data[0])
    reason = f"wrong weights on a data set of {n} example{'s' if n != 1 else ''}"
    if divergence is not None:
        reason += f" (first divergent step {divergence.step + 1}: {divergence.rule}"
        reason += f", spec line {divergence.spec_line})"
    reason = "; ".join([reason, *notes, summary])
    counter = Counterexample(data, expected, norm, divergence, note)
    return Report(oracle.algorithm, t.target, "disagree", reason, len(checked), agrees, counter,
                  tuple(found), None, **base)  # fmt: skip


def _same_edge(number: Diagnosis, probed: Diagnosis) -> bool:
    """Do the probes see the number type's edge?  A float16 score is 0 below 2⁻²⁴ (the
    probes' last tie is at 2⁻²⁵); float32's edge is past the probes (they see nothing)."""
    if probed.code != "threshold":
        return True
    return "float16" in number.evidence and describe(Fraction(1, 2**25)) in probed.evidence


def _unexplained(
    t: Trial,
    outcomes: Sequence[Outcome],
    checked: Sequence[int],
    results: Sequence[Result],
    bad: int,
    reading: Reading,
) -> int:
    """The failing data set to shrink: the first, unless its answer is c × the reference's
    (which shows no bug) and another wrong answer is not: then the smallest such."""
    if (
        not isinstance(outcomes[bad], Returned)
        or one_factor(t, t.cases[bad].data, outcomes[bad], reading) is None
    ):
        return bad
    others = [
        i
        for i in checked
        if isinstance(outcomes[i], Returned)
        and not _is_ok(results[i])
        and t.cases[i].size <= 20_000
        and one_factor(t, t.cases[i].data, outcomes[i], reading) is None
    ]
    return min(others, key=lambda i: t.cases[i].size, default=bad)


def _is_ok(result: Any) -> bool:
    return bool(getattr(result, "ok", False))


def _shrunk(
    t: Trial, data: Data, first: Outcome, kind: str, reading: Reading, found: list[Diagnosis]
) -> tuple[Data, Outcome, str, list[Diagnosis]]:
    """Shrink; re-check the result in fresh processes; (data, answer shown, note, causes)."""
    nondet = any(f.code == "nondeterministic" for f in found)
    stateful = any(f.code == "stateful" for f in found)
    times = 3 if nondet else 1
    seen: dict[int, tuple[Data, Outcome]] = {id(data): (data, first)}
    # An answer that is c × the reference's shows no bug: keep to answers that no single
    # factor explains, when the data set found is one (equally small ones exist then).
    unscaled = kind == "wrong" and one_factor(t, data, first, reading) is None

    def fails(tries: list[Data]) -> list[bool]:
        """Which tries fail the same way: judged in order, up to the first that does."""
        got = t.call(tries, repeat=times)
        verdicts = [False] * len(tries)
        for k, d in enumerate(tries):
            runs = got[k * times : (k + 1) * times]
            bad = [
                o
                for o in runs
                if kind_of(t, d, o, reading, quick=True) == kind
                and not (unscaled and one_factor(t, d, o, reading, quick=True) is not None)
            ]
            if bad:
                seen[id(d)] = (d, bad[0])
                verdicts[k] = True
                break
        return verdicts

    def valid(d: Data) -> bool:
        return not t.unusable(d, quick=True)

    chunk = 8 if t.candidate.kind == "cmd" else 1000
    began = time.monotonic()

    def stop() -> bool:
        return t.call.clock.out or time.monotonic() - began > SHRINK_SECONDS

    small = shrink(data, fails, valid, chunk=chunk, stop=stop)
    cut = "" if not stop() else f"shrinking stopped after {round(time.monotonic() - began)} s: "
    cut += "it may not be minimal" if cut else ""
    if small is not data and kind_of(t, small, seen[id(small)][1], reading) != kind:
        small = data  # the replay's judgement was not the reference's: keep what was found
    fresh = [t.call.fresh([small])[0]]
    failing = [o for o in fresh if kind_of(t, small, o, reading) == kind]
    # Once more in a second fresh process; and, before state kept between calls is blamed,
    # in up to STEADY more (a random choice may have given the expected answer twice).
    for _ in range(1 + (0 if nondet or stateful else STEADY)):
        if failing:
            break
        fresh.append(t.call.fresh([small])[0])
        failing = [o for o in fresh if kind_of(t, small, o, reading) == kind]
    late: list[Diagnosis] = []
    if failing:
        if len(fresh) > 1 and not nondet:
            late.append(diagnosis.Diagnosis(
                "nondeterministic",
                "on the counterexample one fresh process returned the expected answer and "
                f"another {_describe(failing[0])}",
            ))  # fmt: skip
        return small, failing[0], cut, late
    observed = seen.get(id(small))
    if observed is None:
        return data, first, cut, late
    if nondet:
        return (
            small,
            observed[1],
            _join("seen in one of several runs: it is nondeterministic", cut),
            late,
        )
    if not stateful:
        late.append(diagnosis.stateful(_describe(fresh[0]), _describe(observed[1]), t.call.calls))
    return small, observed[1], _join("in the process that had answered earlier calls", cut), late


def factor(
    t: Trial, data: Data, outcome: Outcome, reading: Reading, quick: bool = False
) -> Fraction | None:
    """The c > 0 with the answer c × the reference's (η = 1) run, if there is one."""
    if not isinstance(outcome, Returned):
        return None
    W = t.oracle.quick(data)[0] if quick else t.oracle.trace(data).weights
    got = reorder(outcome, reading.bias_last).weights
    found = proportional(got, W, floats=t.floats)
    top = max((abs(g) for g in got), default=Fraction(0))
    if (
        found is None
        or found == ANY
        or any(w == 0 and abs(g) > SPREAD * top for g, w in zip(got, W, strict=True))
    ):
        return None  # a weight the reference leaves at 0 is not 0: no factor explains that
    return simplest(*found)


PREFIXES = 16
"""Up to this many examples, an answer c × the reference's is checked on its prefixes too."""


def one_factor(
    t: Trial, data: Data, outcome: Outcome, reading: Reading, quick: bool = False
) -> Fraction | None:
    """The c with the whole run c × the reference's, as far as can be seen: the answer is,
    and (one online pass, up to :data:`PREFIXES` examples) so is the answer on every prefix
    of the data (w after each step).  Such a counterexample shows the author no bug: its
    answer is what a learning rate of c would give.  None when no one c explains it."""
    c = factor(t, data, outcome, reading, quick)
    n = len(data[0])
    if c is None or t.oracle.converge or t.oracle.passes != 1 or not 1 < n <= PREFIXES:
        return c
    prefixes = [(data[0][:k], data[1][:k]) for k in range(1, n)]
    for p, got in zip(prefixes, t.call(prefixes), strict=True):
        W = t.oracle.quick(p)[0]
        if not any(W) and isinstance(got, Returned) and not any(got.weights):
            continue  # w = 0 so far, in both: any factor
        if factor(t, p, got, reading, quick=True) != c:
            return None  # a step that no one factor explains: the bug shows
    return c


def scaled(
    t: Trial,
    data: Data,
    got: Returned,
    reading: Reading,
    checked: Sequence[int],
    outcomes: Sequence[Outcome],
) -> Diagnosis | None:
    """A counterexample whose answer is c × the reference's: the factor, and the data set
    that breaks it (no one learning rate explains every answer)."""
    c = one_factor(t, data, got, reading)
    if c is None:
        return None
    for i in checked:
        o = outcomes[i]
        if not isinstance(o, Returned):
            continue
        if not any(t.oracle.trace(t.cases[i].data).weights) and not any(o.weights):
            continue  # w = 0 in both: any factor (as on a prefix, in one_factor)
        other = factor(t, t.cases[i].data, o, reading)
        if other != c:
            n = len(t.cases[i].data[0])
            what = "not a multiple of" if other is None else f"{other / t.q} ×"
            return Diagnosis(
                "learning-rate",
                f"on the counterexample its answer is {c / t.q} × the reference's (as a step of "
                f"{c} would give), but on data set {i + 1} ({n} example{'s' if n != 1 else ''}) "
                f"its weights are {what} the reference's: no one learning rate explains its "
                "answers (a step that depends on the data, such as a half step at a tie or an "
                "LMS rule's y − w·x)",
            )
    return None


def _join(*notes: str) -> str:
    return "; ".join(n for n in notes if n)


def _rates(
    t: Trial,
    outcomes: Sequence[Outcome],
    checked: Sequence[int],
    reading: Reading,
    results: Sequence[Result],
) -> list[Diagnosis]:
    found = []
    if reading.rate != t.q:
        hits = sum(1 for i in checked if _is_ok(results[i]))
        found.append(Diagnosis(
            "learning-rate",
            f"on {hits} of the {len(checked)} data sets its weights are {reading.rate / t.q} × "
            f"the reference's (a learning rate of {reading.rate}); the others differ beyond that",
        ))  # fmt: skip
    else:
        varying = diagnosis.varying_rate(t.rates(outcomes, reading.bias_last))
        if varying is not None:
            found.append(varying)
    if reading.bias_last:
        found.append(diagnosis.bias_last(sum(1 for i in checked if _is_ok(results[i]))))
    return found


def _started_nonzero(t: Trial, reading: Reading, d: int) -> bool:
    """Do probes show a nonzero weight before any update (see probes.started_nonzero)?"""
    if t.call.clock.out:
        return False

    def ask(sets: Sequence[Data]) -> list[Outcome]:
        return [
            reorder(o, reading.bias_last) if isinstance(o, Returned) else o for o in t.call(sets)
        ]

    return probes.started_nonzero(ask, d) is not None


def _probing(t: Trial, reading: Reading) -> bool:
    """Can the decisions be probed?  One online pass, no bias, an exact learning rate."""
    oracle = t.oracle
    if oracle.converge or oracle.passes != 1 or t.needs.bias:
        return False
    return not t.floats or power_of_two(reading.rate)


def _probe(t: Trial, reading: Reading) -> Diagnosis | None:
    """Probe the decisions (else the threshold models are replayed on the data tried)."""
    if not _probing(t, reading) or t.call.clock.out:
        return None
    return probes.probe(
        t.call,
        t.needs.rule,
        reading.rate,
        floats=t.floats,
        dimension=t.needs.dimension or 1,
    )


def _floats(
    t: Trial,
    outcomes: Sequence[Outcome],
    checked: Sequence[int],
    reading: Reading,
    results: Sequence[Result],
    counter: tuple[Data, Vector],
    pairs: Sequence[tuple[Data, Vector]],
) -> Diagnosis | None:
    if not t.floats:
        return diagnosis.float_score(counter, pairs, t.oracle, reading.rate)
    return diagnosis.precision(counter[0], counter[1], t.oracle, reading.rate)


def _divergence(
    t: Trial, data: Data, got: Returned, reading: Reading, expected: Any, agreeing: tuple[str, ...]
) -> Divergence | None:
    """The first divergent step: from the candidate's own trace; for an online single pass,
    from its answers on every prefix of the data (w after k steps is its answer on the first
    k examples); else from the trace of a variant it agrees with."""
    q, c = t.q, reading.rate

    def told(w: Vector) -> Vector:
        return tuple(v * q / c for v in w)

    exact = not t.floats or power_of_two(c)
    if got.trace is not None and exact:
        return compare.first_divergence(expected, tuple(told(w) for w in got.trace))
    oracle = t.oracle
    if not oracle.converge and oracle.passes == 1:
        found = _prefixes(t, data, reading, expected, told)
        if found is not None:
            return found
    if agreeing:
        variant = oracle.trace(data, agreeing[0], full=True)
        found = compare.first_divergence(
            expected, tuple(told_q(s.weights, q) for s in variant.steps)
        )
        if found is not None:  # the candidate returned only its final w: say so
            rule = f"{found.rule} (as {agreeing[0]} does, which the candidate agrees with)"
            return replace(found, rule=rule)
    return None


def _prefixes(
    t: Trial, data: Data, reading: Reading, expected: Any, told: Any
) -> Divergence | None:
    """For one online pass, w after k steps is the answer on the first k examples: every
    prefix is asked (up to 300 examples), or the prefixes are bisected (then the step
    found is one whose w differs right after a prefix that agrees)."""
    n = len(data[0])

    def ask(ks: Sequence[int]) -> list[Vector | None]:
        """Per prefix length k: None if the answer agrees, else its w in told units."""
        prefixes = [(data[0][:k], data[1][:k]) for k in ks]
        out: list[Vector | None] = []
        for p, a in zip(prefixes, t.call(prefixes), strict=True):
            if not isinstance(a, Returned):
                raise LookupError  # a prefix it cannot answer: no step to show
            ok = t.judge(p, a, reading, limit=16, quick=True).ok
            out.append(None if ok else told(reorder(a, reading.bias_last).weights))
        return out

    try:
        if n <= 300:
            got = ask(range(1, n + 1))
            steps = [g if g is not None else expected.steps[k].weights for k, g in enumerate(got)]
            return compare.first_divergence(expected, tuple(steps))
        lo, hi = 0, n  # the prefix of length lo agrees (0: w = 0), that of length hi does not
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if ask([mid])[0] is None:
                lo = mid
            else:
                hi = mid
        wrong = ask([hi])[0]
    except LookupError:
        return None
    if wrong is None:
        return None
    steps = [s.weights for s in expected.steps[: hi - 1]] + [wrong]
    found = compare.first_divergence(expected, tuple(steps))
    if found is None:
        return None
    return replace(
        found, rule=f"{found.rule} (found by bisecting the prefixes: w agrees after step {hi - 1})"
    )


def told_q(w: Vector, q: Fraction) -> Vector:
    return tuple(q * v for v in w)
