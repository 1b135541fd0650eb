"""What a program's files should hold, from the reference's exact run, and how they compare.

:func:`expected` runs the reference (:func:`perceptron_ref.run`) on the training file with
the assignment's algorithm, bias, step and passes, and predicts every example of both files
with its final w: +1 if w·x > 0, −1 if w·x < 0, and ``zero_label`` at w·x = 0.  The metrics
are exact rationals (an error rate is the number of wrong labels over n).

:func:`compare` reads each output and says whether it is right:

``train_out``, ``test_out``
    one label per line, as the data files write them (``1.0`` for ``1`` is that label), every
    one equal to the reference's prediction;
``metrics_out``
    each line of the template (``error(train): {train_error}``) found, its number within half
    a unit of the stated rounding of the exact value (``decimals``: 6 accepts 0.125000 and
    0.125 for 1/8; a value exactly halfway may be rounded either way);
``weights_out``
    the numbers of w (the bias where the assignment puts it) equal to c × the reference's, one
    c > 0 (a learning rate other than the one told changes no prediction: theorem
    ``perceptron/step-invariance``), each within half a unit of its last printed digit.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from perceptron_ref import registry
from perceptron_ref.algorithm import BatchAlgorithm
from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.candidates.programs import Table
from perceptron_ref.errors import InputError
from perceptron_ref.numbers import parse_rational
from perceptron_ref.runner import Epochs, run
from perceptron_ref.vectors import Label, Vector, dot

MAX_EPOCHS = 1000
QUANTITIES = ("train_error", "test_error", "train_accuracy", "test_accuracy", "mistakes")
NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


@dataclass(frozen=True)
class Settings:
    """What the reference runs: the algorithm, the bias (a constant 1 first), the step, and
    the label a zero score predicts."""

    algorithm: str
    bias: bool = False
    eta: Fraction = Fraction(1)
    zero_label: Label = 1


@dataclass(frozen=True)
class Expected:
    """The reference's answer on one case: labels of both files, w (bias first), the
    mistakes made while training, and the metrics (exact)."""

    train_labels: tuple[Label, ...]
    test_labels: tuple[Label, ...]
    weights: Vector
    mistakes: int
    metrics: dict[str, Fraction] = field(default_factory=dict)


def predict(w: Vector, x: Sequence[Fraction | int], bias: bool, zero: Label) -> Label:
    """The label of x under w (a constant 1 first with ``bias``); ``zero`` at w·x = 0."""
    row = tuple(Fraction(v) for v in x)
    s = dot(w, (Fraction(1), *row) if bias else row)
    return zero if s == 0 else (1 if s > 0 else -1)


def passes(algorithm: str, epochs: Epochs) -> Epochs:
    """A batch algorithm runs to convergence whatever ``epochs`` says."""
    return "converge" if isinstance(registry.get(algorithm), BatchAlgorithm) else epochs


def weights_of(train: Data, settings: Settings, epochs: Epochs) -> tuple[Vector, int]:
    """The reference's final w and its number of mistakes (``epochs``: passes or converge)."""
    X, y = train
    eta = settings.eta
    epochs = passes(settings.algorithm, epochs)
    options: dict[str, object] = {"bias": settings.bias, "eta": eta, "engine": "auto"}
    if epochs == "converge":
        options["max_epochs"] = MAX_EPOCHS
        if not isinstance(registry.get(settings.algorithm), BatchAlgorithm):
            options["epochs"] = "converge"
    else:
        options["epochs"] = epochs
    trace = run(settings.algorithm, X, y, record="summary", **options)  # type: ignore[arg-type]
    return trace.weights, trace.mistakes


def expected(train: Data, test: Data, settings: Settings, epochs: Epochs) -> Expected:
    w, mistakes = weights_of(train, settings, epochs)
    return outcome(train, test, w, mistakes, settings)


def outcome(
    train: Data, test: Data, w: Vector, mistakes: int, settings: Settings, zero: Label | None = None
) -> Expected:
    """The labels and metrics that the weights w give (``zero``: another zero label)."""
    z = settings.zero_label if zero is None else zero
    a = tuple(predict(w, x, settings.bias, z) for x in train[0])
    b = tuple(predict(w, x, settings.bias, z) for x in test[0])
    wrong_a = sum(p != t for p, t in zip(a, train[1], strict=True))
    wrong_b = sum(p != t for p, t in zip(b, test[1], strict=True))
    metrics = {
        "train_error": Fraction(wrong_a, len(a)),
        "test_error": Fraction(wrong_b, len(b)),
        "train_accuracy": 1 - Fraction(wrong_a, len(a)),
        "test_accuracy": 1 - Fraction(wrong_b, len(b)),
        "mistakes": Fraction(mistakes),
    }
    return Expected(a, b, w, mistakes, metrics)


@dataclass(frozen=True)
class Metrics:
    """The metrics file: its line templates and the rounding (decimal places; None: exact)."""

    lines: tuple[str, ...] = ()
    decimals: int | None = 6

    def __post_init__(self) -> None:
        for line in self.lines:
            names = re.findall(r"\{(\w*)\}", line)
            if len(names) != 1 or names[0] not in QUANTITIES:
                raise InputError(
                    f"metrics line {line!r}: expected one of {{{'}, {'.join(QUANTITIES)}}}"
                )

    def pattern(self, line: str) -> re.Pattern[str]:
        """A template as a regular expression: its text literally (any spaces where it has
        spaces), the number captured."""
        head, _, tail = re.sub(r"\{\w*\}", "\0", line).partition("\0")

        def literal(text: str) -> str:
            return r"\s*".join(re.escape(part) for part in text.split())

        return re.compile(rf"\s*{literal(head)}\s*({NUMBER})\s*{literal(tail)}\s*")

    def quantity(self, line: str) -> str:
        return str(re.findall(r"\{(\w*)\}", line)[0])

    def tolerance(self, quantity: str) -> Fraction:
        if quantity == "mistakes" or self.decimals is None:
            return Fraction(0)
        return Fraction(1, 2 * 10**self.decimals)

    def render(self, values: dict[str, Fraction]) -> str:
        """The file a right program writes (for feedback): each value at the rounding."""
        out = []
        for line in self.lines:
            q = self.quantity(line)
            out.append(line.replace("{" + q + "}", rounded(values[q], self.decimals, q)))
        return "".join(f"{x}\n" for x in out)


def rounded(value: Fraction, decimals: int | None, quantity: str = "") -> str:
    """``value`` at ``decimals`` places, rounded half to even (an integer for ``mistakes``).

    >>> rounded(Fraction(1, 8), 6), rounded(Fraction(1, 3), 2), rounded(Fraction(7), 2, "mistakes")
    ('0.125000', '0.33', '7')
    """
    if quantity == "mistakes" or (value.denominator == 1 and decimals is None):
        return str(int(value)) if value.denominator == 1 else str(value)
    if decimals is None:
        return str(value)
    scaled = round(value * 10**decimals)  # Fraction's round: half to even
    sign = "-" if scaled < 0 else ""
    digits = str(abs(scaled)).rjust(decimals + 1, "0")
    return f"{sign}{digits[: len(digits) - decimals]}" + (
        f".{digits[len(digits) - decimals :]}" if decimals else ""
    )


@dataclass(frozen=True)
class Weights:
    """The weights file: where the bias is (``first`` or ``last``) when there is one."""

    bias: str = "first"


@dataclass(frozen=True)
class Check:
    """One output compared: right or not, in words (``detail``), and the line (1-based) of
    the first difference."""

    output: str
    right: bool
    detail: str = ""
    line: int | None = None
    rate: Fraction | None = None  # weights: the c of c × the reference's, when c ≠ told


def labels(text: str | None, table: Table) -> tuple[list[int | None], str]:
    """The labels of a labels file (None where a line is not a label), or why none."""
    if text is None:
        return [], "it was not written"
    rows = text.splitlines()
    while rows and not rows[-1].strip():
        rows.pop()
    return [table.label_of(r) for r in rows], ""


def compare_labels(output: str, text: str | None, want: Sequence[Label], table: Table) -> Check:
    got, why = labels(text, table)
    if why:
        return Check(output, False, why)
    if len(got) != len(want):
        return Check(output, False, f"it has {len(got)} lines, expected {len(want)}")
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        if g is None:
            row = (text or "").splitlines()[i].strip()
            return Check(output, False, f"line {i + 1} is {row[:40]!r}, not a label", i + 1)
        if g != w:
            wrong = sum(a != b for a, b in zip(got, want, strict=True))
            said = f"{wrong} of {len(want)} labels differ; the first at line {i + 1}"
            return Check(output, False, said, i + 1)
    return Check(output, True)


def compare_metrics(text: str | None, want: dict[str, Fraction], metrics: Metrics) -> Check:
    if text is None:
        return Check("metrics_out", False, "it was not written")
    rows = text.splitlines()
    for template in metrics.lines:
        q = metrics.quantity(template)
        pattern = metrics.pattern(template)
        hit = next(((i, m) for i, r in enumerate(rows) if (m := pattern.fullmatch(r))), None)
        if hit is None:
            return Check("metrics_out", False, f"no line of the form {template!r}")
        i, match = hit
        value = parse_rational(match.group(1))
        if abs(value - want[q]) > metrics.tolerance(q):
            shown = rounded(want[q], metrics.decimals, q)
            said = f"line {i + 1}: {q} is {match.group(1)}, expected {shown}"
            return Check("metrics_out", False, said, i + 1)
    return Check("metrics_out", True)


def numbers(text: str) -> list[tuple[Fraction, Fraction]]:
    """Every number of a weights file, with its tolerance (half a unit of its last digit; 0
    for an integer without an exponent)."""
    found = []
    # p/q is one number, as str(Fraction) writes it (and the expected file shows it)
    for token in re.findall(NUMBER + r"(?:/\d+)?", text):
        top, _, below = token.partition("/")
        mantissa, _, exponent = top.lower().partition("e")
        places = len(mantissa.partition(".")[2])
        tolerance = Fraction(1, 2 * 10**places) * Fraction(10) ** int(exponent or 0)
        exact = "." not in mantissa and not exponent
        denominator = int(below) if below else 1
        if denominator == 0:
            raise ValueError(f"it holds {token}, a division by zero")
        value = parse_rational(top) / denominator
        found.append((value, Fraction(0) if exact else tolerance / denominator))
    return found


def describe_factor(c: Fraction) -> str:
    """A positive factor as it reads best: 4/5, or 0.8 within 6 digits."""
    return str(c) if c.denominator < 1000 else f"{float(c):.6g}"


def _places(text: str) -> list[int]:
    """The line (1-based) of each number of a weights file, in :func:`numbers`' order."""
    return [text.count("\n", 0, m.start()) + 1 for m in re.finditer(NUMBER + r"(?:/\d+)?", text)]


def laid_out(values: Sequence[str], like: str | None) -> str:
    """The numbers ``values`` as the weights file ``like`` lays its own out: on one line, with
    the separator it puts between its first two numbers (``0.5,-1``, ``0.5 -1``), when that
    is how it writes them; else one a line, as the reference writes them."""
    found = list(re.finditer(NUMBER + r"(?:/\d+)?", like or ""))
    rows = [r for r in (like or "").splitlines() if r.strip()]
    if len(found) >= 2 and len(rows) == 1:
        separator = (like or "")[found[0].end() : found[1].start()]
        if separator.strip(" \t,;") == "":
            return separator.join(values) + "\n"
    return "".join(f"{v}\n" for v in values)


def compare_weights(text: str | None, want: Vector, bias: bool, weights: Weights) -> Check:
    """``text`` against the reference's w (the bias first, when there is one), each number
    named as the file holds it: its place, and whether it is the bias or which w_j."""
    if text is None:
        return Check("weights_out", False, "it was not written")
    if re.search(r"\b(nan|inf)", text.lower()):
        return Check("weights_out", False, "it holds nan or inf")
    try:
        got = numbers(text)
    except ValueError as error:
        return Check("weights_out", False, str(error))
    if len(got) != len(want):
        return Check("weights_out", False, f"it holds {len(got)} numbers, expected {len(want)}")
    at = list(range(len(got)))  # at[i]: where the file holds want[i]
    if bias and weights.bias == "last":
        at = [len(got) - 1, *range(len(got) - 1)]
    got = [got[j] for j in at]
    lines = _places(text)

    def name(i: int) -> str:
        what = "the bias" if bias and i == 0 else f"w{i if bias else i + 1}"
        return f"{what}, number {at[i] + 1},"

    big = max(range(len(want)), key=lambda i: abs(want[i]))
    c = Fraction(1) if want[big] == 0 else got[big][0] / want[big]
    slack = got[big][1] / abs(want[big]) if want[big] else Fraction(0)
    for i, ((g, tol), w) in enumerate(zip(got, want, strict=True)):
        if c <= 0 or abs(g - c * w) > tol + abs(w) * slack:
            if c > 0 and c != 1 and c.denominator < 1000:
                # a step other than η scales every weight: the factor its largest weight
                # gives, said, or the two would seem to agree
                said = f"{name(i)} is {g}, expected {w} times {describe_factor(c)}, as "
                return Check("weights_out", False, said + f"{name(big)} is (= {c * w})",
                             lines[at[i]])  # fmt: skip
            # no step gives that factor (16777216/16777217: float32 rounded the largest
            # weight): the first weight that differs as it stands
            off = [j for j, ((h, t), v) in enumerate(zip(got, want, strict=True)) if abs(h - v) > t]
            if not off:  # every weight as printed is the reference's own: right at c = 1
                return Check("weights_out", True)
            j = off[0]
            return Check("weights_out", False, f"{name(j)} is {got[j][0]}, expected {want[j]}",
                         lines[at[j]])  # fmt: skip
    rate = None if c == 1 else c.limit_denominator(10**6)
    return Check("weights_out", True, rate=rate)
