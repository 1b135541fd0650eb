"""``crosscheck``: try a candidate on Hypothesis's data, shrink a disagreement, name conventions.

The candidate never sees an expected result: the reference runs here, in the parent,
after the candidate's process has answered (see :mod:`~perceptron_ref.crosscheck.sandbox`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from perceptron_ref import registry
from perceptron_ref.algorithm import BatchAlgorithm
from perceptron_ref.crosscheck import candidates, conventions, datasets, sandbox
from perceptron_ref.crosscheck.compare import Divergence, first_divergence
from perceptron_ref.crosscheck.outcomes import Data, Failure, Outcome, Returned
from perceptron_ref.crosscheck.shrink import shrink
from perceptron_ref.errors import InputError
from perceptron_ref.runner import Epochs
from perceptron_ref.trace import Trace


@dataclass(frozen=True)
class Counterexample:
    """A minimal failing data set, the reference's w, the candidate's, the first divergence."""

    data: Data
    expected: Trace
    got: Outcome
    divergence: Divergence | None


@dataclass(frozen=True)
class Report:
    algorithm: str
    candidate: str
    verdict: str  # "agree" | "disagree"
    reason: str
    examples: int
    agrees_with: tuple[str, ...]
    counterexample: Counterexample | None


@dataclass(frozen=True)
class Options:
    algorithm: str
    bias: bool
    epochs: Epochs
    timeout: float
    memory: int

    @property
    def converge(self) -> bool:
        return conventions.converges(self.algorithm, self.epochs)

    def expected(self, data: Data) -> Trace:
        return conventions.reference(
            self.algorithm, data, bias=self.bias, epochs=self.epochs, converge=self.converge
        )


def signature(outcome: Outcome, trace: Trace) -> str:
    """What kind of result: agree, wrong (a wrong w), or the failure's kind."""
    if isinstance(outcome, Failure):
        return outcome.kind
    return "agree" if conventions.agrees(outcome, trace) else "wrong"


def validate(algorithm: str, epochs: Epochs) -> Epochs:
    """Check ALGORITHM and ``epochs``; return the epochs the candidate is told."""
    algo = registry.get(algorithm)
    if algorithm not in conventions.VARIANTS:
        known = ", ".join(conventions.VARIANTS)
        raise InputError(f"crosscheck compares weight vectors of the perceptrons: {known}")
    if isinstance(algo, BatchAlgorithm):
        if epochs not in (1, "converge"):
            raise InputError(f"{algorithm} is a batch algorithm: it runs until convergence")
        return "converge"  # what the candidate is told: passes until a clean one
    return epochs


def crosscheck(
    algorithm: str,
    target: str,
    *,
    bias: bool = False,
    epochs: Epochs = 1,
    input: candidates.Input = "numpy",
    examples: int = 50,
    seed: int = 0,
    timeout: float = 10.0,
    memory: int = sandbox.MEMORY,
    entry: str | None = None,
    data: Sequence[tuple[str, Data]] = (),
) -> Report:
    """Compare the candidate ``target`` with ``algorithm`` on ``examples`` data sets.

    ``timeout`` (seconds) bounds the wait for each answer; ``memory`` (bytes) the
    candidate's address space; ``entry`` is the function of a TARGET without one; ``data``
    are (name, data set) pairs, e.g. from files, tried first."""
    epochs = validate(algorithm, epochs)
    candidate = candidates.parse(target, input=input, entry=entry)
    options = Options(algorithm, bias, epochs, timeout, memory)

    def usable(data: Data) -> bool:
        trace = options.expected(data)
        if options.converge and trace.status != "converged":
            return False
        if candidate.two_classes and len(set(data[1])) < 2:
            return False
        return not candidate.floats or datasets.float_exact(data, trace)

    strategy = datasets.strategy(bias=bias, floats=candidate.floats, separable=options.converge)
    for name, given in data:
        if not usable(given):
            raise InputError(f"{name}: {_unusable(given, candidate, options)}")
    tried = [d for _, d in data] + datasets.draw(strategy, examples, seed, usable)
    call = candidates.Runner(candidate, bias=bias, epochs=epochs, timeout=timeout, memory=memory)
    with call:
        return _judge(target, candidate, options, tried, call, usable)


def _unusable(data: Data, candidate: candidates.Candidate, options: Options) -> str:
    """Why a given data set cannot be used (see ``usable``)."""
    if options.converge and options.expected(data).status != "converged":
        limit = conventions.MAX_EPOCHS
        return f"{options.algorithm} does not converge on these data within {limit} epochs"
    if candidate.two_classes and len(set(data[1])) < 2:
        return "scikit-learn needs both classes"
    return "not exact in float64 (small dyadic rationals only): use --input fractions"


def _judge(
    target: str,
    candidate: candidates.Candidate,
    options: Options,
    tried: list[Data],
    call: candidates.Runner,
    usable: Callable[[Data], bool],
) -> Report:
    """Run the candidate on the data, and shrink and explain its first disagreement."""
    algorithm, bias, epochs = options.algorithm, options.bias, options.epochs
    expected = [options.expected(d) for d in tried]
    outcomes = call(tried)
    bad = next((i for i, o in enumerate(outcomes) if signature(o, expected[i]) != "agree"), None)
    if bad is None:
        found = conventions.detect(algorithm, tried, outcomes, bias=bias, epochs=epochs)
        reason = f"agrees on all {len(tried)} data sets; {found.summary()}"
        return Report(algorithm, target, "agree", reason, len(tried), found.agrees_with, None)

    kind = signature(outcomes[bad], expected[bad])
    data = tried[bad]
    if kind not in ("hang", "load error"):  # a hang costs a timeout per try: keep it as found

        def fails(tries: list[Data]) -> list[bool]:
            got = call(tries)
            return [
                signature(o, options.expected(t)) == kind for o, t in zip(got, tries, strict=True)
            ]

        chunk = 8 if candidate.kind == "cmd" else 1000
        data = shrink(data, fails, usable, chunk=chunk)
    trace = options.expected(data)
    got = outcomes[bad] if data == tried[bad] else call([data])[0]
    if isinstance(got, Failure):
        reason = f"{got.kind}: {got.detail}"
        counter = Counterexample(data, trace, got, None)
        return Report(algorithm, target, "disagree", reason, len(tried), (), counter)

    found = conventions.detect(
        algorithm, [*tried, data], [*outcomes, got], bias=bias, epochs=epochs
    )
    divergence = _divergence(call, options, data, trace, got, found.agrees_with)
    n = len(data[0])
    reason = f"wrong weights on a data set of {n} example{'s' if n != 1 else ''}"
    if divergence is not None:
        reason += f" (first divergent step {divergence.step + 1}: {divergence.rule}"
        reason += f", spec line {divergence.spec_line})"
    reason += f"; {found.summary()}"
    counter = Counterexample(data, trace, got, divergence)
    return Report(algorithm, target, "disagree", reason, len(tried), found.agrees_with, counter)


def _divergence(
    call: candidates.Runner,
    options: Options,
    data: Data,
    trace: Trace,
    got: Returned,
    agreeing: tuple[str, ...],
) -> Divergence | None:
    """The first divergent step: from the candidate's own trace; for an online single pass,
    from its answers on every prefix of the data (w after t steps is its answer on the first
    t examples); else from the trace of a variant it agrees with."""
    if got.trace is not None:
        return first_divergence(trace, got.trace)
    if not options.converge and options.epochs == 1:
        prefixes = [(data[0][:t], data[1][:t]) for t in range(1, len(data[0]) + 1)]
        answers = [a for a in call(prefixes) if isinstance(a, Returned)]
        if len(answers) == len(prefixes):
            return first_divergence(trace, tuple(a.weights for a in answers))
    if agreeing:
        variant = conventions.reference(
            agreeing[0], data, bias=options.bias, epochs=options.epochs, converge=options.converge
        )
        found = first_divergence(trace, tuple(s.weights for s in variant.steps))
        if found is not None:  # the candidate returned only its final w: say so
            rule = f"{found.rule} (as {agreeing[0]} does, which the candidate agrees with)"
            return replace(found, rule=rule)
    return None
