"""``check_program``: a program that reads and writes files, judged against the exact reference.

It draws pairs of data files (:mod:`~perceptron_ref.crosscheck.data.tables`; files given first),
runs the program on each in its sandbox (:mod:`~perceptron_ref.crosscheck.candidates.programs`),
reads its output files and compares them with the reference's exact run
(:mod:`~perceptron_ref.crosscheck.judge.files`): labels exactly, metrics at the stated rounding,
weights up to a positive factor.  When an output is wrong, the first pair of files it is wrong
on is shrunk (each try one run), and the cause is looked for among the usual slips
(:mod:`~perceptron_ref.crosscheck.explain.files`): which convention reproduces its labels, what
its metrics are instead.  A command with ``{epochs}`` gets each value of ``epochs`` in turn.
The first hang settles the verdict (the program is not run again: each run would cost the
whole time limit); ``budget`` caps the whole check.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import partial
from pathlib import Path

from perceptron_ref.crosscheck.candidates.outcomes import Failure
from perceptron_ref.crosscheck.candidates.programs import Program, Ran, Runs, decimal
from perceptron_ref.crosscheck.data import separating, tables
from perceptron_ref.crosscheck.data.tables import Case
from perceptron_ref.crosscheck.explain import files as explain
from perceptron_ref.crosscheck.judge import files
from perceptron_ref.crosscheck.judge.files import Check, Expected, Metrics, Settings, Weights
from perceptron_ref.crosscheck.run import sandbox
from perceptron_ref.errors import InputError
from perceptron_ref.numbers import parse_rational
from perceptron_ref.runner import Epochs, run


@dataclass(frozen=True)
class Output:
    """One output over every run: how many runs it was checked on, how many it was wrong
    on (a run that failed counts for each output), and the first wrong one's words."""

    output: str
    tried: int
    failed: int
    detail: str = ""


@dataclass(frozen=True)
class Shown:
    """The counterexample: the files, the command line, what the reference's run writes and
    what the program wrote, each output's check."""

    case: Case
    epochs: Epochs
    command: str
    files: dict[str, str]
    expected: dict[str, str]
    got: dict[str, str | None]
    checks: tuple[Check, ...]
    failure: Failure | None = None


@dataclass(frozen=True)
class ProgramReport:
    verdict: str  # "agree" | "disagree"
    reason: str
    cases: int
    outputs: tuple[Output, ...]
    counterexample: Shown | None = None
    causes: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()
    failure: Failure | None = None
    regimes: dict[str, int] = field(default_factory=dict)

    def output(self, name: str) -> Output | None:
        return next((o for o in self.outputs if o.output == name), None)


@dataclass(frozen=True)
class Spec:
    """What the program must write: the metrics lines and the weights file's layout."""

    program: Program
    metrics: Metrics = field(default_factory=Metrics)
    weights: Weights = field(default_factory=Weights)


def converges(case: Case, settings: Settings) -> bool:
    # a batch algorithm runs to convergence by itself: it takes no epochs (run refuses them)
    batch = files.passes(settings.algorithm, 1) == "converge"
    t = run(
        settings.algorithm,
        case.train[0],
        case.train[1],
        bias=settings.bias,
        max_epochs=files.MAX_EPOCHS,
        record="summary",
        engine="auto",
        **({} if batch else {"epochs": "converge"}),  # type: ignore[arg-type]
    )
    return t.status == "converged"


def render(expected: Expected, spec: Spec, bias: bool, got: str | None = None) -> dict[str, str]:
    """What a right program writes, by output (its weights laid out as ``got``, the weights
    file a program wrote, lays its own: :func:`~perceptron_ref.crosscheck.judge.files.laid_out`)."""
    t = spec.program.table
    out = {
        "train_out": "".join(t.labels[v > 0] + "\n" for v in expected.train_labels),
        "test_out": "".join(t.labels[v > 0] + "\n" for v in expected.test_labels),
        "metrics_out": spec.metrics.render(expected.metrics),
    }
    w = list(expected.weights)
    if bias and spec.weights.bias == "last":
        w = [*w[1:], w[0]]
    out["weights_out"] = files.laid_out([files.rounded(Fraction(v), None) for v in w], got)
    return {k: v for k, v in out.items() if k in spec.program.outputs}


def judge(ran: Ran, expected: Expected, spec: Spec, settings: Settings) -> tuple[Check, ...]:
    """Every output of one run compared (all wrong when the run failed)."""
    if ran.failure is not None:
        return tuple(Check(o, False, str(ran.failure)) for o in spec.program.outputs)
    table = spec.program.table
    checks = []
    for o in spec.program.outputs:
        text = ran.outputs.get(o)
        if o == "train_out":
            checks.append(files.compare_labels(o, text, expected.train_labels, table))
        elif o == "test_out":
            checks.append(files.compare_labels(o, text, expected.test_labels, table))
        elif o == "metrics_out":
            checks.append(files.compare_metrics(text, expected.metrics, spec.metrics))
        else:
            checks.append(
                files.compare_weights(text, expected.weights, settings.bias, spec.weights)
            )
    return tuple(checks)


def values(epochs: Epochs, settings: Settings) -> dict[str, str]:
    """The command's values: ``{epochs}``, and ``{eta}`` as a decimal (or p/q)."""
    return {"epochs": str(epochs), "eta": decimal(settings.eta)}


def check_program(
    spec: Spec,
    folder: Path,
    settings: Settings,
    *,
    epochs: Sequence[Epochs] = (1,),
    examples: int = 12,
    seed: int = 0,
    timeout: float = 10.0,
    memory: int = sandbox.MEMORY,
    budget: float | None = None,
    given: Sequence[Case] = (),
    explain_it: bool = True,
) -> ProgramReport:
    """Run the program of ``folder`` on ``examples`` pairs of files (``given`` ones first) and
    judge every output (see the module docstring); ``explain_it``: shrink and diagnose a
    failure (an audit needs only the verdicts)."""
    started = time.monotonic()
    deadline = None if budget is None else started + budget
    if not epochs:
        raise InputError("epochs: at least one value")
    separable = (
        any(e == "converge" for e in epochs) or files.passes(settings.algorithm, 1) == "converge"
    )
    drawn = tables.draw(examples, seed=seed, separable=separable, bias=settings.bias)
    if separable:
        # a run to convergence is judged on data where the reference's run converges: on a
        # large set (a hidden separator with a tiny margin) it may not within MAX_EPOCHS
        # passes, or ever without a bias, and a right `while mistakes:` loop would hang
        # the float32 trap of the long sets, as two examples of their own
        drawn = [c for c in [*drawn, *tables.traps(settings.bias)] if converges(c, settings)]
    planned = [(c, epochs[(len(given) + i) % len(epochs)]) for i, c in enumerate(drawn)]
    if examples < separating.SEPARATE:  # few data sets: add those that tell wrong loops apart
        planned += _separating(examples, seed, separable, settings, tuple(epochs), len(given),
                               "weights_out" in spec.program.outputs)  # fmt: skip
    planned = [
        *((c, epochs[i % len(epochs)]) for i, c in enumerate(given)),
        *((_on_boundary(c, settings, e), e) for c, e in planned),
    ]
    cases = [c for c, _ in planned]
    outputs = spec.program.outputs
    tried = dict.fromkeys(outputs, 0)
    failed = dict.fromkeys(outputs, 0)
    first: dict[str, str] = {}
    wrong: list[tuple[Case, Epochs, Ran, tuple[Check, ...]]] = []
    answered: list[tuple[Case, Epochs, Ran]] = []
    regimes: dict[str, int] = {}
    rates: set[Fraction] = set()
    settled: Failure | None = None
    with Runs(spec.program, folder, timeout=timeout, memory=memory) as runs:
        for case, e in planned:
            left = None if deadline is None else deadline - time.monotonic()
            if settled is not None or (left is not None and left <= 0):
                why = settled or Failure("budget", "not run: the budget was spent")
                for o in outputs:
                    failed[o] += 1
                    first.setdefault(o, f"{why.kind}: not run after {why}")
                continue
            wait = timeout if left is None else max(0.5, min(timeout, left))
            ran = runs(case.train, case.test, values(e, settings), timeout=wait)
            expected = files.expected(case.train, case.test, settings, e)
            checks = judge(ran, expected, spec, settings)
            regimes[case.regime] = regimes.get(case.regime, 0) + 1
            if ran.failure is None:
                answered.append((case, e, ran))
            for c in checks:
                tried[c.output] += 1
                if not c.right:
                    failed[c.output] += 1
                    first.setdefault(c.output, c.detail)
                elif c.rate is not None:
                    rates.add(c.rate)
            if not all(c.right for c in checks):
                wrong.append((case, e, ran, checks))
            if ran.failure is not None and ran.failure.kind == "hang":
                settled = ran.failure
        report = ProgramReport(
            "agree" if not wrong and not any(failed.values()) else "disagree",
            "",
            len(cases),
            tuple(Output(o, tried[o], failed[o], first.get(o, "")) for o in outputs),
            regimes=regimes,
        )
        notes = tuple(
            f"its weights are {r} × the reference's: a learning rate other than the one "
            "told, which changes no prediction (accepted)"
            for r in sorted(rates)
        )
        report = replace(report, notes=notes)
        if not wrong:
            return replace(report, reason=f"every output right on all {len(cases)} pairs of files")
        case, e, ran, checks = wrong[0]
        reason = _reason(ran, checks)
        if explain_it and ran.failure is None and (deadline is None or time.monotonic() < deadline):
            case, ran, checks = _shrunk(runs, case, e, ran, checks, spec, settings, deadline)
        shown = _shown(case, e, ran, checks, spec, settings)
        report = replace(report, reason=reason, counterexample=shown, failure=ran.failure)
        if not explain_it or ran.failure is not None:
            return report
        found = _causes(runs, case, e, ran, checks, spec, settings, answered, epochs, cases)
        return replace(report, causes=tuple(found))


@functools.lru_cache(maxsize=8)
def _separating(
    examples: int,
    seed: int,
    separable: bool,
    settings: Settings,
    epochs: tuple[Epochs, ...],
    offset: int,
    weights: bool,
) -> tuple[tuple[Case, Epochs], ...]:
    """Cases (and the passes each is run with) that tell the usual wrong loops apart from
    the reference (:mod:`~perceptron_ref.crosscheck.data.separating`), of
    :data:`~perceptron_ref.crosscheck.data.separating.SEPARATE` more drawn, added one at a
    time until every loop is told apart by a case drawn (each run with the passes of its
    place after ``offset`` given ones) or added, or none of them tells it apart.  A program
    shows its w (``weights``) or only the labels it predicts, on the training and test
    examples and on the exact w's boundary (:func:`_on_boundary`).  Cached: a class's
    hand-ins are all tried on the same."""
    drawn = tables.draw(examples, seed=seed, separable=separable, bias=settings.bias)
    more = tables.draw(separating.SEPARATE, seed=seed + 1, separable=separable,
                       bias=settings.bias)  # fmt: skip
    more = [c for c in more if c.size <= separating.SMALL]  # only the small are replayed
    if separable:
        drawn = [c for c in [*drawn, *tables.traps(settings.bias)] if converges(c, settings)]
        more = [c for c in more if converges(c, settings)]
    more = [c for c in more if c not in drawn]
    added: list[tuple[Case, Epochs]] = []
    tried = [(c, epochs[(offset + i) % len(epochs)]) for i, c in enumerate(drawn)]
    while True:
        cases = [c for c, _ in [*tried, *added]]
        rest = [c for c in more if c not in cases]
        shows = partial(_shows, cases=cases, rest=rest, settings=settings, weights=weights)
        for e in dict.fromkeys(epochs):
            hits = separating.separating(
                [(c.train, f) for c, f in [*tried, *added]], [c.train for c in rest],
                settings.algorithm, e, bias=settings.bias, shows=shows,
            )  # fmt: skip
            if hits:
                added.append((rest[hits[0]], e))
                break
        else:
            return tuple(added)


def _shows(
    key: int,
    expected: separating.Answer,
    got: separating.Answer,
    *,
    cases: Sequence[Case],
    rest: Sequence[Case],
    settings: Settings,
    weights: bool,
) -> bool:
    """Does a program whose run ends with ``got`` write otherwise than the reference on the
    ``key``-th case (< 0: of ``cases``, else of ``rest``)?"""
    if got[1] != expected[1] or (weights and got[0] != expected[0]):
        return True
    case = cases[-1 - key] if key < 0 else rest[key]
    w = expected[0]
    points = [*case.train[0], *case.test[0], *tables.boundary(w, settings.bias)]
    z = settings.zero_label
    return any(
        files.predict(got[0], x, settings.bias, z) != files.predict(w, x, settings.bias, z)
        for x in points
    )


def _on_boundary(case: Case, settings: Settings, epochs: Epochs) -> Case:
    """The case with test points on the exact run's boundary added (w·x = 0): a w that
    differs a little from the exact one (float32, one pass more or less) is likely to label
    them otherwise, and the label of a zero score decides them."""
    w, _ = files.weights_of(case.train, settings, epochs)
    extra = tables.boundary(w, settings.bias)
    if not extra or len(case.test[0]) + len(extra) > 5000:
        return case
    X = case.test[0] + tuple(extra)
    y = case.test[1] + tuple(settings.zero_label for _ in extra)
    return replace(case, test=(X, y))


def _reason(ran: Ran, checks: Sequence[Check]) -> str:
    if ran.failure is not None:
        return str(ran.failure)
    bad = [c for c in checks if not c.right]
    return "; ".join(f"{c.output}: {c.detail}" for c in bad)


def _shrunk(
    runs: Runs,
    case: Case,
    epochs: Epochs,
    ran: Ran,
    checks: tuple[Check, ...],
    spec: Spec,
    settings: Settings,
    deadline: float | None,
) -> tuple[Case, Ran, tuple[Check, ...]]:
    """The case made small while the same outputs stay wrong (the first wrong one at least)."""
    target = next(c.output for c in checks if not c.right)
    separable = files.passes(settings.algorithm, epochs) == "converge"

    def verdict(c: Case) -> tuple[Ran, tuple[Check, ...]]:
        r = runs(c.train, c.test, values(epochs, settings))
        return r, judge(r, files.expected(c.train, c.test, settings, epochs), spec, settings)

    def fails(c: Case) -> bool:
        r, cs = verdict(c)
        return r.failure is None and any(x.output == target and not x.right for x in cs)

    def valid(c: Case) -> bool:
        ok = bool(c.train[0]) and bool(c.test[0]) and len(c.train[0][0]) >= 1
        return ok and (not separable or converges(c, settings))

    # One test example: the first wrong one when only the test file is wrong, else the first.
    row = next((c.line for c in checks if c.output == "test_out" and not c.right), None)
    keep = (row or 1) - 1
    one = replace(case, test=((case.test[0][keep],), (case.test[1][keep],)))
    if len(case.test[0]) > 1 and valid(one) and fails(one):
        case = one
    seconds = 60.0 if deadline is None else max(0.0, min(60.0, deadline - time.monotonic()))
    case = explain.shrink(case, fails, valid, seconds=seconds)
    ran, checks = verdict(case)
    return case, ran, checks


def _shown(
    case: Case, epochs: Epochs, ran: Ran, checks: tuple[Check, ...], spec: Spec, settings: Settings
) -> Shown:
    p = spec.program
    names = p.files()
    expected = files.expected(case.train, case.test, settings, epochs)
    return Shown(
        case,
        epochs,
        p.shown(values(epochs, settings)),
        {names["train"]: p.table.write(case.train), names["test"]: p.table.write(case.test)},
        render(expected, spec, settings.bias, ran.outputs.get("weights_out")),
        dict(ran.outputs),
        checks,
        ran.failure,
    )


def _labels(ran: Ran, spec: Spec) -> dict[str, list[int | None]]:
    out: dict[str, list[int | None]] = {}
    for o in ("train_out", "test_out"):
        if o in ran.outputs and ran.outputs[o] is not None:
            out[o] = files.labels(ran.outputs[o], spec.program.table)[0]
    return out


def _causes(
    runs: Runs,
    case: Case,
    epochs: Epochs,
    ran: Ran,
    checks: tuple[Check, ...],
    spec: Spec,
    settings: Settings,
    answered: list[tuple[Case, Epochs, Ran]],
    schedule: Sequence[Epochs],
    cases: Sequence[Case],
) -> list[tuple[str, str]]:
    """The causes the evidence shows: a convention that reproduces its labels (on the
    counterexample and every case answered), a slip in its metrics, nondeterminism."""
    found: list[tuple[str, str]] = []
    again = runs(case.train, case.test, values(epochs, settings))
    if again.failure is None and again.outputs != ran.outputs:
        differs = next(o for o in ran.outputs if again.outputs.get(o) != ran.outputs[o])
        found.append(
            (
                "nondeterministic",
                f"two runs on the same files wrote different "
                f"{differs} files: does it shuffle, or use randomness?",
            )
        )
    epoch_of = {id(c): e for c, e, _ in answered} | {id(case): epochs}

    def epochs_for(c: Case) -> Epochs:
        return epoch_of.get(id(c), schedule[0])

    seen = [(case, _labels(ran, spec))] + [(c, _labels(r, spec)) for c, _, r in answered]
    written01 = set(spec.program.table.labels) == {"0", "1"}
    if not found:
        found += explain.causes(settings, epochs_for, seen, written01)
    metrics = next((c for c in checks if c.output == "metrics_out" and not c.right), None)
    if metrics is not None and ran.outputs.get("metrics_out"):
        text = ran.outputs["metrics_out"] or ""
        slips = _metric_slips(text, case, epochs, spec, settings, ran)
        # A slip is named only when every other file pair it wrote wrong metrics for
        # shows it too (one small pair can make two slips give the same number).
        for c, e, r in answered[:12]:
            other = r.outputs.get("metrics_out")
            if other and c.size <= 4000:
                shown = _metric_slips(other, c, e, spec, settings, r)
                if shown:
                    codes = {code for code, _ in shown}
                    slips = [s for s in slips if s[0] in codes]
        found += slips
    return found


def _metric_slips(
    text: str, case: Case, epochs: Epochs, spec: Spec, settings: Settings, ran: Ran
) -> list[tuple[str, str]]:
    """Slips in the metrics, judged against the metrics of the program's own labels when it
    wrote them (wrong labels make wrong metrics: that is no slip of the metrics)."""
    want = dict(files.expected(case.train, case.test, settings, epochs).metrics)
    got = _labels(ran, spec)
    for part, data in (("train", case.train), ("test", case.test)):
        own = got.get(f"{part}_out")
        if own and None not in own and len(own) == len(data[1]):
            wrong = Fraction(sum(a != b for a, b in zip(own, data[1], strict=True)), len(own))
            want[f"{part}_error"], want[f"{part}_accuracy"] = wrong, 1 - wrong
    found: list[tuple[str, str]] = []
    rows = text.splitlines()
    for template in spec.metrics.lines:
        q = spec.metrics.quantity(template)
        pattern = spec.metrics.pattern(template)
        match = next((m for r in rows if (m := pattern.fullmatch(r))), None)
        if match is None:
            continue
        value = parse_rational(match.group(1))
        if abs(value - want[q]) > spec.metrics.tolerance(q):
            slips = explain.metric_slips(value, want, q, spec.metrics.decimals)
            found += [s for s in slips if s not in found]
    return found
