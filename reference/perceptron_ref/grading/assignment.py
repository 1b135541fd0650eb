"""The assignment file: one small TOML file says what a hand-in must do and what each part is
worth (``grade``, ``gradescope``, ``prairielearn``, ``crosscheck`` and ``audit`` take it with
``--assignment FILE``).  The keys, with their defaults:

Top level
    ``title`` (the gradebook's column; the file's name), ``algorithm`` (required: any
    algorithm ID of ``run``; the state API below is the kernel perceptron with one of the
    six perceptrons' zero-score rule, ``perceptron/kernel`` for Gormley's), ``bias``
    (false: a constant 1 first), ``epochs`` (1, or ``"converge"``), ``eta`` (1; a string
    ``"1/3"`` is exact), ``labels`` (``"pm1"``: functions see -1/+1; ``"01"``: 0/1),
    ``zero_label`` (the label a zero score w·x = 0 predicts: ``"+1"`` or ``"-1"``; by default
    the algorithm's own, and +1 for the rules that make no prediction of their own),
    ``input`` (``numpy``, ``lists`` or ``fractions``: what functions receive), ``examples``
    (20 data sets per part), ``seed`` (0), ``timeout`` (10 s per answer), ``memory`` (1024
    MiB), ``budget`` (600 s per hand-in), ``require_sandbox`` (false).
``[options]``
    the algorithm's own options, as ``run`` takes them, for an algorithm beyond the six
    perceptrons: ``average`` (``perceptron/averaged``: ``"after"``, ``"before"``, ``"all"``),
    ``kernel``, ``degree``, ``c`` (``perceptron/kernel``), ``k`` (``winnow/k-of-r``),
    ``epsilon`` (``winnow/ltf``, ``halving/cover``; exact: ``"1/2"``), ``max_epochs`` (the
    cap of a run to ``"converge"``).  Such an assignment has ``train`` parts (its function
    crosschecked as ``crosscheck`` judges the family: FUNCTION(X, y) returns the family's
    answer -- w̄, the votes (v, c), α, the class rows, Winnow's w, the hypotheses), and
    ``predict`` parts given the reference's trained model (:data:`PREDICTS`): w̄ for
    ``perceptron/averaged`` and Winnow's w (roles ``w``, ``b``), the list of (v, c) for
    ``perceptron/voted`` (role ``votes``), the class rows for ``perceptron/structured``
    (role ``W``; see :mod:`~perceptron_ref.grading.parts_family`).  ``perceptron/kernel`` is
    graded through a train function or through the state API below (its prediction needs the
    training points, α and the kernel: ``state-test``), ``halving/cover`` through a train
    function (:data:`NO_PREDICT`).
``[program]``
    ``command`` (required: e.g. ``"python perceptron.py {train} {test} {train_out}
    {test_out} {metrics_out} {epochs}"``, see
    :mod:`~perceptron_ref.crosscheck.candidates.programs`), ``format`` (``tsv`` or ``csv``),
    ``header`` (true), ``label_column`` (``last`` or ``first``), ``labels`` (how the files
    write the negative and the positive label: ``["0", "1"]``), ``epochs`` (the values
    ``{epochs}`` takes in turn: the top level's), ``metrics`` (its lines, e.g.
    ``["error(train): {train_error}", "error(test): {test_error}"]``; also
    ``{train_accuracy}``, ``{test_accuracy}``, ``{mistakes}``), ``decimals`` (6: the
    rounding of the metrics), ``weights_bias`` (``first`` or ``last``), ``stdin``,
    ``stdout`` (a file streamed instead), ``build`` (a command run once first).
``[state]``
    a state API over one pass: the names of ``initial_state``, ``predict`` and
    ``update_state`` (these by default), and the ``kernels`` the grader passes
    (``[{degree = 1, c = 0}, {degree = 2, c = 1}]``: K(a, b) = (a·b + c)^degree).
``[[parts]]``
    each with ``name``, ``points``, ``visibility`` (Gradescope's: ``visible`` by default) and
    ``check``, one of: ``train_out``, ``test_out``, ``metrics_out``, ``weights_out``,
    ``program`` (every output) for a program; ``train`` (``function``, ``returns`` ``"w"``
    or ``"w, b"``), ``step`` (``function``, ``arguments`` such as ``["x", "y", "w"]`` --
    roles x, y, w, b, eta, each may be ``"name=role"`` --, ``returns``, ``update``:
    ``"on-mistake"`` if it tests for a mistake itself, ``"always"`` if the caller does,
    ``"either"``) and ``predict`` (``function``, ``arguments`` with x or X and the model: w
    and b -- b only with ``bias = true`` --, or a family's ``votes`` or ``W``; ``returns``
    ``"label"`` or ``"labels"``) for functions; ``state-initial``, ``state-pass``,
    ``state-test`` for a state API.

Bad input is one line naming the file, the line and the problem (an
:class:`~perceptron_ref.errors.InputError`); nothing unknown is ignored.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from perceptron_ref import registry
from perceptron_ref.crosscheck.candidates.programs import OUTPUTS, Program, Table
from perceptron_ref.crosscheck.data.tables import Case
from perceptron_ref.crosscheck.family_options import SETTINGS, Options
from perceptron_ref.crosscheck.family_options import options as family_options
from perceptron_ref.crosscheck.judge.files import Metrics, Settings, Weights
from perceptron_ref.errors import InputError
from perceptron_ref.numbers import parse_rational
from perceptron_ref.runner import Epochs

if sys.version_info >= (3, 11):
    import tomllib
else:  # the grading extra brings tomli, the same parser, to Python 3.10
    import tomli as tomllib

PROGRAM_CHECKS = (*OUTPUTS, "program")
FUNCTION_CHECKS = ("train", "step", "predict")
STATE_CHECKS = ("state-initial", "state-pass", "state-test")
CHECKS = (*PROGRAM_CHECKS, *FUNCTION_CHECKS, *STATE_CHECKS)
VISIBILITY = ("hidden", "after_due_date", "after_published", "visible")
ROLES = {"step": ("x", "y", "w", "b", "eta"), "predict": ("x", "X", "w", "b", "votes", "W")}
ALGORITHMS = registry.IDS
FAMILY_CHECKS = ("train", "predict")
"""The checks of an algorithm beyond the core six (the kernel perceptron's state API aside):
its training function crosschecked, and its prediction with the reference's trained model."""
PREDICTS = (
    "perceptron/averaged",
    "perceptron/voted",
    "perceptron/structured",
    "winnow/disjunction",
    "winnow/k-of-r",
    "winnow/ltf",
)
"""The algorithms beyond the core six with ``predict`` parts."""
MODELS = {"perceptron/voted": "votes", "perceptron/structured": "W"}
"""The argument role of the trained model a predict function is given (``w`` otherwise: the
weights, with ``b`` apart when the function takes it)."""
NO_PREDICT = {
    "perceptron/kernel": "a kernel perceptron's prediction needs the training points, α and "
    "the kernel: grade it through the state API ([state], check state-test)",
    "halving/cover": "the halving algorithm predicts by the majority of the surviving "
    "hypotheses, which a train part already compares one by one",
}
"""Why an algorithm beyond the core six has no ``predict`` part (in its error line)."""


def model_role(algorithm: str) -> str:
    """The role of the model a predict function of ``algorithm`` is given: ``w``, ``votes``
    (the voted perceptron's list of (v, c)) or ``W`` (the multiclass rows)."""
    return MODELS.get(algorithm, "w")


OPTIONS = {*SETTINGS, "max_epochs"}
TOP = {
    "title",
    "algorithm",
    "bias",
    "epochs",
    "eta",
    "labels",
    "zero_label",
    "input",
    "examples",
    "seed",
    "timeout",
    "memory",
    "budget",
    "require_sandbox",
    "program",
    "state",
    "parts",
    "visible",
    "options",
}
PROGRAM = {
    "command",
    "format",
    "header",
    "label_column",
    "labels",
    "epochs",
    "metrics",
    "decimals",
    "weights_bias",
    "stdin",
    "stdout",
    "build",
}
STATE = {"initial_state", "predict", "update_state", "kernels"}
PART = {"name", "points", "visibility", "check", "function", "arguments", "returns", "update"}


@dataclass(frozen=True)
class Part:
    """One scored part: its name, points, visibility, check, and for a function its name,
    arguments (role, name) and what it returns."""

    name: str
    points: float
    check: str
    visibility: str = "visible"
    function: str = ""
    arguments: tuple[tuple[str, str], ...] = ()
    returns: str = ""
    update: str = "either"

    @property
    def signature(self) -> str:
        """``perceptron_update(x, y, w)``, as the student reads it."""
        if not self.function:
            return ""
        names = ", ".join(n for _, n in self.arguments) if self.arguments else "X, y"
        return f"{self.function}({names})"


@dataclass(frozen=True)
class State:
    initial: str = "initial_state"
    predict: str = "predict"
    update: str = "update_state"
    kernels: tuple[tuple[int, Fraction], ...] = ((1, Fraction(0)), (2, Fraction(1)))


@dataclass(frozen=True)
class Assignment:
    """A parsed assignment file (see the module docstring); ``text`` is the file as read."""

    title: str
    algorithm: str
    parts: tuple[Part, ...]
    bias: bool = False
    epochs: Epochs = 1
    eta: Fraction = Fraction(1)
    labels: str = "pm1"
    zero_label: int = 1
    input: str = "numpy"
    examples: int = 20
    seed: int = 0
    timeout: float = 10.0
    memory: int = 1024
    budget: float = 600.0
    require_sandbox: bool = False
    program: Program | None = None
    program_epochs: tuple[Epochs, ...] = ()
    metrics: Metrics = field(default_factory=Metrics)
    weights: Weights = field(default_factory=Weights)
    state: State | None = None
    text: str = ""
    source: str = ""
    options: tuple[tuple[str, Any], ...] = ()  # [options]: the algorithm's, as run takes them
    max_epochs: int | None = None

    @property
    def core(self) -> bool:
        """Is the algorithm one of the notes' six perceptrons (or the kernel perceptron's
        state API, graded by the core's zero-score rules)?"""
        return self.algorithm in registry.PERCEPTRONS or (
            self.algorithm == "perceptron/kernel" and self.state is not None
        )

    @property
    def family_options(self) -> Options:
        """The options of a family's crosscheck (its judge's variants are drawn from them)."""
        return family_options(
            self.algorithm,
            bias=self.bias,
            epochs=self.epochs,
            eta=self.eta,
            max_epochs=self.max_epochs,
            **dict(self.options),
        )

    @property
    def settings(self) -> Settings:
        return Settings(self.algorithm, self.bias, self.eta, self.zero_label)  # type: ignore[arg-type]

    @property
    def functions(self) -> tuple[str, ...]:
        """The functions a hand-in must define, in the order of the parts."""
        names: list[str] = []
        for p in self.parts:
            if p.function and p.function not in names:
                names.append(p.function)
        if self.state is not None and any(p.check in STATE_CHECKS for p in self.parts):
            names += [
                n
                for n in (self.state.initial, self.state.predict, self.state.update)
                if n not in names
            ]
        return tuple(names)

    @property
    def points(self) -> float:
        return sum(p.points for p in self.parts)

    overrides: tuple[tuple[str, Any], ...] = ()
    stated: frozenset[str] = frozenset()  # the top-level keys the file gives
    explain: bool = True
    visible: tuple[Case, ...] = ()
    visible_texts: tuple[tuple[str, str, str], ...] = ()  # (name, train, test) as read

    def config(self) -> dict[str, Any]:
        """What a platform's configuration and a grading child carry: the file itself, and
        the run options a command line changed (``--examples``, ``--timeout``, ...)."""
        return {
            "name": self.source,
            "text": self.text,
            "overrides": dict(self.overrides),
            "visible": [list(v) for v in self.visible_texts],
        }

    def override(self, **options: Any) -> Assignment:
        """The same assignment with these run options (``examples``, ``seed``, ``timeout``,
        ``memory``, ``budget``, ``require_sandbox``) changed."""
        unknown = set(options) - set(OVERRIDES)
        assert not unknown, unknown
        merged = dict(self.overrides) | options
        return replace(self, **options, overrides=tuple(sorted(merged.items())))


OVERRIDES = ("examples", "seed", "timeout", "memory", "budget", "require_sandbox", "explain")
"""The run options a command line may change without editing the file (``explain``: shrink
and diagnose a program's failure; an audit needs only the points)."""


def from_config(config: dict[str, Any]) -> Assignment:
    given = tuple(tuple(str(x) for x in v) for v in config.get("visible") or ())
    a = parse(str(config["text"]), str(config["name"]), given)  # type: ignore[arg-type]
    overrides = config.get("overrides") or {}
    return a.override(**overrides) if overrides else a


def read(path: str | Path) -> Assignment:
    """Read and check an assignment file."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{path}: no such assignment file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"{path}: cannot read it ({error})") from None
    return parse(text, str(path))


class _Where:
    """Names the line of a key in the file's text, for the one-line error."""

    def __init__(self, text: str, source: str) -> None:
        self.lines = text.splitlines()
        self.source = source

    def line(self, table: str, index: int | None, key: str | None) -> int | None:
        name = re.escape(table)
        header = re.compile(
            rf"\s*\[\[\s*{name}\s*\]\]" if table == "parts" else rf"\s*\[\[?\s*{name}\s*\]"
        )
        start, seen = 0, -1
        if table:
            for i, row in enumerate(self.lines):
                if header.match(row):
                    seen += 1
                    if index is None or seen == index:
                        start = i
                        break
            else:
                return None
        if key is None:
            return start + 1 if table else None
        for i in range(start + (1 if table else 0), len(self.lines)):
            row = self.lines[i]
            if row.lstrip().startswith("[") and (table or i > start):
                if not table:
                    break
                if i > start:
                    break
            if re.match(rf"\s*{re.escape(key)}\s*=", row):
                return i + 1
        return start + 1 if table else None

    def error(
        self, message: str, table: str = "", index: int | None = None, key: str | None = None
    ) -> InputError:
        n = self.line(table, index, key)
        where = f"{self.source}:{n}" if n else self.source
        return InputError(f"{where}: {message}")


def _rational(value: object, what: str, where: _Where, table: str = "") -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | str):
        hint = (
            f' (write it as a string, "{value}", to be read exactly)'
            if isinstance(value, float)
            else ""
        )
        raise where.error(f"{what} must be a rational number{hint}", table, None, what)
    try:
        q = parse_rational(str(value))
    except (ValueError, InputError):
        raise where.error(f"{what} = {value!r} is not a number", table, None, what) from None
    if q <= 0:
        raise where.error(f"{what} must be positive, got {value}", table, None, what)
    return q


def _epochs(value: object, what: str, where: _Where, table: str = "") -> Epochs:
    if value == "converge":
        return "converge"
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise where.error(
            f'{what} must be a positive integer or "converge", got {value!r}', table, None, what
        )
    return value


def _choice(
    data: dict[str, Any],
    key: str,
    allowed: tuple[str, ...],
    default: str,
    where: _Where,
    table: str = "",
    index: int | None = None,
) -> str:
    value = data.get(key, default)
    if value not in allowed:
        said = ", ".join(repr(a) for a in allowed)
        raise where.error(f"{key} = {value!r}: expected one of {said}", table, index, key)
    return str(value)


def _typed(
    data: dict[str, Any],
    key: str,
    kind: type | tuple[type, ...],
    default: Any,
    where: _Where,
    table: str = "",
    index: int | None = None,
) -> Any:
    value = data.get(key, default)
    bad = isinstance(value, bool) and kind is not bool
    if bad or not isinstance(value, kind):
        name = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        names = {
            "str": "a string",
            "bool": "true or false",
            "int": "an integer",
            "list": "a list",
            "dict": "a table",
            "float": "a number",
        }
        said = names.get(name, name)
        raise where.error(f"{key} must be {said}, got {value!r}", table, index, key)
    return value


def _unknown(
    data: dict[str, Any], known: set[str], where: _Where, table: str = "", index: int | None = None
) -> None:
    for key in data:
        if key not in known:
            said = ", ".join(sorted(known))
            raise where.error(f"unknown key {key!r} (known: {said})", table, index, key)


def parse(
    text: str,
    source: str = "assignment.toml",
    visible: tuple[tuple[str, str, str], ...] | None = None,
) -> Assignment:
    """Parse and check an assignment's TOML text (``source`` names it in errors; its visible
    data files are read beside it, unless ``visible`` gives their texts)."""
    where = _Where(text, source)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        found = re.search(r"\(at line (\d+), column \d+\)", message)
        head = re.sub(r"\s*\((at line \d+, column \d+|at end of document)\)", "", message)
        line = found.group(1) if found else str(max(1, len(text.splitlines())))
        where_ = f"{source}:{line}"
        raise InputError(f"{where_}: not TOML: {head}") from None
    _unknown(data, TOP, where)
    algorithm = data.get("algorithm")
    if algorithm not in ALGORITHMS:
        raise where.error(
            f"algorithm = {algorithm!r}: expected one of {', '.join(ALGORITHMS)}",
            "",
            None,
            "algorithm",
        )
    rule = registry.get(algorithm).zero_score
    epochs = _epochs(data.get("epochs", 1), "epochs", where)
    zero = {"+1": 1, "1": 1, "-1": -1, "positive": 1, "negative": -1}
    default_zero = "-1" if rule == "tie-negative" else "+1"
    zero_text = str(data.get("zero_label", default_zero))
    if zero_text not in zero:
        raise where.error(
            f'zero_label = {zero_text!r}: expected "+1" or "-1"', "", None, "zero_label"
        )
    common: dict[str, Any] = {
        "title": _typed(data, "title", str, Path(source).stem, where),
        "algorithm": algorithm,
        "bias": _typed(data, "bias", bool, False, where),
        "epochs": epochs,
        "eta": _rational(data.get("eta", 1), "eta", where),
        "labels": _choice(data, "labels", ("pm1", "01"), "pm1", where),
        "zero_label": zero[zero_text],
        "input": _choice(data, "input", ("numpy", "lists", "fractions"), "numpy", where),
        "examples": _positive(data, "examples", 20, where, most=500),
        "seed": _typed(data, "seed", int, 0, where),
        "timeout": _seconds(data, "timeout", 10.0, where, 3600),
        "memory": _positive(data, "memory", 1024, where, most=2**24),
        "budget": _seconds(data, "budget", 600.0, where, 86400),
        "require_sandbox": _typed(data, "require_sandbox", bool, False, where),
        "text": text,
        "source": source,
        "stated": frozenset(data),
        "options": (),
        "max_epochs": None,
    }
    if "options" in data:
        common |= _options(_typed(data, "options", dict, {}, where), common, where)
    if "program" in data:
        common |= _program(_typed(data, "program", dict, {}, where), epochs, where)
    if "state" in data:
        common["state"] = _state(_typed(data, "state", dict, {}, where), where)
    parts = data.get("parts")
    if not isinstance(parts, list) or not parts:
        raise where.error("no [[parts]]: at least one part, each with name, points and check")
    common["parts"] = tuple(_part(p, i, common, where) for i, p in enumerate(parts))
    if "visible" in data:
        texts = visible if visible is not None else _visible_texts(data["visible"], source, where)
        common["visible_texts"] = texts
        common["visible"] = tuple(_visible(t, common) for t in texts)
    names = [p.name for p in common["parts"]]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise where.error(f"two parts are named {name!r}", "parts", i, "name")
    _family_parts(algorithm, common, where)
    return Assignment(**common)


def _family_parts(algorithm: str, common: dict[str, Any], where: _Where) -> None:
    """An algorithm beyond the core six: ``train`` parts (those of :data:`PREDICTS` also
    ``predict`` parts), or the kernel perceptron's state API; nothing the family has not."""
    checks = [p.check for p in common["parts"]]
    if algorithm in registry.PERCEPTRONS:
        return
    if algorithm == "perceptron/kernel" and any(c in STATE_CHECKS for c in checks):
        if any(c not in STATE_CHECKS for c in checks):
            raise where.error(
                "perceptron/kernel: a state API (state-initial, state-pass, state-test) or "
                "a train function, not both",
                "",
                None,
                "algorithm",
            )
        if common["options"] or common["max_epochs"] is not None:
            raise where.error(
                "[options]: a state API is given its kernels by [state] kernels", "options"
            )
        return
    allowed = FAMILY_CHECKS if algorithm in PREDICTS else ("train",)
    for i, part in enumerate(common["parts"]):
        if part.check not in allowed:
            said = " and ".join(allowed)
            why = (
                f"; no predict: {NO_PREDICT[algorithm]}"
                if part.check == "predict" and algorithm in NO_PREDICT
                else ""
            )
            raise where.error(
                f"check {part.check!r}: a {algorithm} assignment has {said} parts (its "
                "function crosschecked against the reference's run"
                + (", its prediction with the reference's model" if "predict" in allowed else "")
                + f"){why}",
                "parts",
                i,
                "check",
            )
    try:  # run's own check of the options (a k-of-r Winnow without k, ...)
        family_options(
            algorithm,
            bias=common["bias"],
            epochs=common["epochs"],
            eta=common["eta"],
            max_epochs=common["max_epochs"],
            **dict(common["options"]),
        )
    except InputError as error:
        raise where.error(str(error), "options" if common["options"] else "", None) from None
    if algorithm == "perceptron/structured" and common["labels"] != "pm1":
        raise where.error(
            "labels: perceptron/structured's labels are the classes 0 … K-1", "", None, "labels"
        )
    if common["input"] == "fractions" or algorithm != "halving/cover":
        return
    raise where.error(
        'halving/cover\'s hypotheses are exact: set input = "fractions"',
        "",
        None,
        "input" if "input" in common["stated"] else "algorithm",
    )


def _options(data: dict[str, Any], common: dict[str, Any], where: _Where) -> dict[str, Any]:
    """``[options]``: the algorithm's own options (``average``, ``kernel``, ``degree``,
    ``c``, ``k``, ``epsilon``, ``max_epochs``), checked as ``run`` checks them."""
    t = "options"
    _unknown(data, OPTIONS, where, t)
    algorithm = common["algorithm"]
    given = dict(data)
    max_epochs = given.pop("max_epochs", None)
    for key, value in given.items():
        if isinstance(value, float):
            raise where.error(
                f'{key} must be exact: write it as a string ("{value}") or an integer',
                t,
                None,
                key,
            )
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise where.error(f"{key} = {value!r}: a number or a word", t, None, key)
    if algorithm in registry.PERCEPTRONS:
        raise where.error(f"{algorithm} takes no [options]", t)
    try:
        checked = family_options(
            algorithm,
            bias=common["bias"],
            epochs=common["epochs"],
            eta=common["eta"],
            max_epochs=max_epochs,
            **given,
        )
    except InputError as error:
        said = next((k for k in data if k in str(error)), None)
        raise where.error(str(error), t, None, said) from None
    return {"options": checked.settings, "max_epochs": max_epochs}


def _visible_texts(given: object, source: str, where: _Where) -> tuple[tuple[str, str, str], ...]:
    """The visible data files (``[[visible]]`` with ``train`` and ``test``), read beside the
    assignment file."""
    if not isinstance(given, list) or not all(isinstance(v, dict) for v in given):
        raise where.error("visible: a list of {train = FILE, test = FILE}", "", None, "visible")
    out = []
    for v in given:
        if set(v) - {"train", "test"} or "train" not in v:
            raise where.error("visible: each is {train = FILE, test = FILE}", "visible", None)
        texts = []
        for key in ("train", "test"):
            name = v.get(key, v["train"])
            if not isinstance(name, str):
                raise where.error(f"visible: {key} must be a file name", "visible", None)
            path = Path(source).parent / name
            try:
                texts.append(path.read_text(encoding="utf-8"))
            except OSError as error:
                raise where.error(
                    f"visible: cannot read {path} ({error.strerror})", "visible", None
                ) from None
        out.append((str(v["train"]), texts[0], texts[1]))
    return tuple(out)


def _visible(texts: tuple[str, str, str], common: dict[str, Any]) -> Case:
    """A visible data set as the grader tries it: a program's format, else CSV
    x1,...,xd,y with the assignment's labels."""
    program = common.get("program")
    table = (
        program.table
        if program is not None
        else Table(",", False, "last", ("0", "1") if common["labels"] == "01" else ("-1", "1"))
    )
    name, train, test = texts
    return Case("visible", table.read(train, name), table.read(test, name + " (test)"))


def _positive(data: dict[str, Any], key: str, default: int, where: _Where, most: int) -> int:
    value = _typed(data, key, int, default, where)
    if not 1 <= value <= most:
        raise where.error(f"{key} must be between 1 and {most}, got {value}", "", None, key)
    return int(value)


def _seconds(data: dict[str, Any], key: str, default: float, where: _Where, most: int) -> float:
    value = _typed(data, key, (int, float), default, where)
    if not 0 < value <= most:
        raise where.error(f"{key} must be a number of seconds in (0, {most}]", "", None, key)
    return float(value)


def _program(data: dict[str, Any], epochs: Epochs, where: _Where) -> dict[str, Any]:
    t = "program"
    _unknown(data, PROGRAM, where, t)
    if "command" not in data:
        raise where.error("[program] needs a command", t)
    fmt = _choice(data, "format", ("tsv", "csv"), "tsv", where, t)
    labels = _typed(data, "labels", list, ["0", "1"], where, t)
    if (
        len(labels) != 2
        or not all(isinstance(v, str) and v.strip() for v in labels)
        or labels[0] == labels[1]
    ):
        raise where.error(
            'labels must be two different strings, the negative label first (e.g. ["0", "1"])',
            t,
            None,
            "labels",
        )
    table = Table(
        "\t" if fmt == "tsv" else ",",
        _typed(data, "header", bool, True, where, t),
        _choice(data, "label_column", ("last", "first"), "last", where, t),
        (labels[0], labels[1]),
    )
    build = _typed(data, "build", str, "", where, t)
    try:
        program = Program.parse(
            _typed(data, "command", str, "", where, t),
            table,
            stdin=_typed(data, "stdin", str, "", where, t),
            stdout=_typed(data, "stdout", str, "", where, t),
            build=tuple(build.split()) if build else (),
        )
    except InputError as error:
        raise where.error(str(error), t, None, "command") from None
    given = data.get("epochs", [epochs])
    given = given if isinstance(given, list) else [given]
    values = tuple(_epochs(v, "epochs", where, t) for v in given)
    if not values:
        raise where.error("epochs: at least one value", t, None, "epochs")
    if "epochs" in program.placeholders and "converge" in values:
        raise where.error(
            'the command passes {epochs}: give numbers of passes, not "converge"', t, None, "epochs"
        )
    if "epochs" not in program.placeholders and len(set(values)) > 1:
        raise where.error(
            "epochs lists several values, but the command has no {epochs}", t, None, "epochs"
        )
    lines = _typed(data, "metrics", list, [], where, t)
    decimals = data.get("decimals", 6)
    if isinstance(decimals, bool) or not isinstance(decimals, int) or not 0 <= decimals <= 30:
        raise where.error("decimals must be an integer from 0 to 30", t, None, "decimals")
    try:
        metrics = Metrics(tuple(str(v) for v in lines), decimals)
    except InputError as error:
        raise where.error(str(error), t, None, "metrics") from None
    if "metrics_out" in program.outputs and not metrics.lines:
        raise where.error(
            "the command writes {metrics_out}: say its lines with metrics = "
            '["error(train): {train_error}", ...]',
            t,
            None,
            "metrics",
        )
    weights = Weights(_choice(data, "weights_bias", ("first", "last"), "first", where, t))
    return {"program": program, "program_epochs": values, "metrics": metrics, "weights": weights}


def _state(data: dict[str, Any], where: _Where) -> State:
    t = "state"
    _unknown(data, STATE, where, t)
    names = {}
    for key in ("initial_state", "predict", "update_state"):
        name = _typed(data, key, str, key, where, t)
        if not name.isidentifier():
            raise where.error(f"{key} = {name!r} is not a Python name", t, None, key)
        names[key] = name
    kernels = []
    for k in _typed(
        data, "kernels", list, [{"degree": 1, "c": 0}, {"degree": 2, "c": 1}], where, t
    ):
        if not isinstance(k, dict) or set(k) - {"degree", "c"}:
            raise where.error("kernels: each is {degree = P, c = C}", t, None, "kernels")
        degree = k.get("degree", 1)
        if isinstance(degree, bool) or not isinstance(degree, int) or not 1 <= degree <= 4:
            raise where.error("kernels: degree must be 1 to 4", t, None, "kernels")
        c = k.get("c", 0)
        if isinstance(c, bool) or not isinstance(c, int | str):
            raise where.error(
                'kernels: c must be an integer or a string ("1/2")', t, None, "kernels"
            )
        q = parse_rational(str(c))
        if q < 0:
            raise where.error("kernels: c must be >= 0", t, None, "kernels")
        kernels.append((degree, q))
    if not kernels:
        raise where.error("kernels: at least one", t, None, "kernels")
    return State(names["initial_state"], names["predict"], names["update_state"], tuple(kernels))


def _roles(check: str, algorithm: str) -> tuple[str, ...]:
    """The argument roles of a check: a predict function takes x or X and the algorithm's
    model (w and b, the voted perceptron's votes, the multiclass rows W)."""
    if check != "predict":
        return ROLES[check]
    model = model_role(algorithm)
    return ("x", "X", *(("w", "b") if model == "w" else (model,)))


def _arguments(
    value: object, check: str, where: _Where, i: int, algorithm: str = ""
) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise where.error("arguments must be a list of strings", "parts", i, "arguments")
    out = []
    roles_ = _roles(check, algorithm)
    for v in value:
        name, _, role = v.partition("=")
        name, role = name.strip(), (role or name).strip()
        if role not in roles_ or not name.isidentifier():
            said = ", ".join(roles_)
            whose = f" of a {algorithm} predict function" if check == "predict" else ""
            raise where.error(
                f"argument {v!r}: a role{whose} among {said}, or NAME=ROLE",
                "parts",
                i,
                "arguments",
            )
        out.append((role, name))
    roles = [r for r, _ in out]
    need = ("x", "y", "w") if check == "step" else (model_role(algorithm),)
    missing = [r for r in need if r not in roles]
    if check == "predict" and not ({"x", "X"} & set(roles)):
        missing.append("x or X")
    if missing or len(set(roles)) != len(roles):
        raise where.error(
            f"arguments of a {check} function: need {', '.join(missing)} (each role once)",
            "parts",
            i,
            "arguments",
        )
    return tuple(out)


def _part(data: object, i: int, common: dict[str, Any], where: _Where) -> Part:
    t = "parts"
    if not isinstance(data, dict):
        raise where.error("each [[parts]] is a table", t, i)
    _unknown(data, PART, where, t, i)
    for key in ("name", "points", "check"):
        if key not in data:
            raise where.error(f"a part needs {key}", t, i)
    name = _typed(data, "name", str, "", where, t, i)
    points = _typed(data, "points", (int, float), 0, where, t, i)
    if points < 0:
        raise where.error("points must be >= 0", t, i, "points")
    check = _choice(data, "check", CHECKS, "", where, t, i)
    visibility = _choice(data, "visibility", VISIBILITY, "visible", where, t, i)
    part: dict[str, Any] = {
        "name": name,
        "points": points,
        "check": check,
        "visibility": visibility,
    }
    if check in PROGRAM_CHECKS:
        program = common.get("program")
        if program is None:
            raise where.error(f"check {check!r} needs a [program]", t, i, "check")
        if check != "program" and check not in program.outputs:
            raise where.error(f"check {check!r}: the command writes no {{{check}}}", t, i, "check")
    if check in STATE_CHECKS and common.get("state") is None:
        raise where.error(f"check {check!r} needs a [state] table", t, i, "check")
    if check in FUNCTION_CHECKS:
        function = _typed(data, "function", str, "", where, t, i)
        if not function.isidentifier():
            raise where.error(f"a {check} part needs function = NAME", t, i, "function")
        part["function"] = function
        returns = {"train": ("w", "w, b"), "step": ("w", "w, b"), "predict": ("label", "labels")}
        default = returns[check][0]
        part["returns"] = _choice(data, "returns", returns[check], default, where, t, i)
        if check in ROLES:
            if "arguments" not in data:
                e_g = ["x", "y", "w"] if check == "step" else ["x", model_role(common["algorithm"])]
                raise where.error(f"a {check} part needs arguments (e.g. {e_g})", t, i)
            part["arguments"] = _arguments(data["arguments"], check, where, i, common["algorithm"])
        elif "arguments" in data:
            args = _typed(data, "arguments", list, [], where, t, i)
            part["arguments"] = tuple(("", str(a)) for a in args)
        if check == "step":
            updates = ("on-mistake", "always", "either")
            part["update"] = _choice(data, "update", updates, "either", where, t, i)
        if part["returns"] == "w, b" and not common["bias"] and check == "train":
            raise where.error('returns = "w, b" needs bias = true', t, i, "returns")
        if check == "predict" and not common["bias"] and "b" in dict(part.get("arguments", ())):
            # the model is the reference's run's: it has a bias to give apart only with one
            raise where.error("a predict function's b needs bias = true", t, i, "arguments")
    else:
        for key in ("function", "arguments", "returns", "update"):
            if key in data:
                raise where.error(f"{key}: only for the checks train, step and predict", t, i, key)
    return Part(**part)


def example(name: str) -> Path:
    """The path of an example assignment shipped with the package (``cmu-10601``, ...)."""
    return Path(__file__).with_name("assignments") / f"{name}.toml"


def dumps(assignment: Assignment) -> str:
    """The assignment as JSON (for the platforms' configuration): its file's text."""
    return json.dumps(assignment.config())
