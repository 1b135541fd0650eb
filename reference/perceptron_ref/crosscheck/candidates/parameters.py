"""Parameters by their real names: which of a candidate's parameters is the step, the passes,
the bias switch, the dimension, the data; and the call that fills them.

Real code names its parameters in many ways (``eta``, ``l_rate``, ``lr``, ``alpha``; ``n_iter``,
``n_epoch``, ``T``, ``max_iter``; ``params={"T": 10}``).  A candidate's *description* (its
parameters' names, kinds and defaults, and its source when there is one: from the Python
worker's ``inspect``, from a Java driver's reflection, or read from a C, C++ or Rust file)
becomes a :class:`Plan`: the values to pass, by position or by name, with ``--eta`` and
``--epochs`` filling the parameters :data:`ROLES` recognises, ``--param NAME=VALUE`` setting
any one exactly, the data going to the parameters left without a default, and every other
parameter keeping the candidate's own default.  A parameter whose name says nothing is still
recognised as the passes when the source counts a loop with it (``for _ in
range(self.threshold)``), and the keys a ``params`` dict is read with are filled like
parameters (:mod:`~perceptron_ref.crosscheck.candidates.sources`).  The plan says in words
what it filled (:attr:`Plan.filled`).

>>> d = describe("function", "train_weights", [("train",), ("l_rate",), ("n_epoch",)])
>>> p = plan(d, Told(eta=Fraction(1, 10), epochs=3))
>>> p.call_text()
'train_weights(data, l_rate=0.1, n_epoch=3)'
>>> p.data
('data',)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from perceptron_ref.crosscheck.candidates.sources import called_by_init, counted, keys_read
from perceptron_ref.errors import InputError

# -- the vocabulary ------------------------------------------------------------------------------

STEP = re.compile(
    r"^(eta_?(0|init)?|lr_?(0|rate)?|l_?rate|lrate|(learn(ing)?_?)?rate(_?init)?"
    r"|learning_?constant|alpha|mu|step(_?(size|length))?|t)$"
)
PASSES = re.compile(
    r"^(((n|num|nb|max|total|no_?of|num_?of|number_?of|train(ing)?)_?)?"
    r"(epoch|ephoc|epcoh|iter|iteration|pass|round|cycle)(e?s)?(_?(t|count|num|max))?"
    r"|max_?its?)$"
)
MARGIN = re.compile(r"^(margin|threshold|thresh)$")
"""A margin or threshold (``if y * (w @ x) <= margin``): one without a default is given the
notes' 0; one with a default keeps it (and one a loop counts is the passes)."""
BIAS = re.compile(r"^(bias|fit_intercept|intercept|(use|add|with|has|include)_bias|bias_term)$")
DIMENSION = re.compile(
    r"^((n|num|nb|no_?of|number_?of)_?(features?|inputs?|dims?|weights)|input_?(size|dim|length)"
    r"|n_features_in|dims?|d|dimensions?|ndim|feature_(size|dim)|in_features|inputs?_?count)$"
)
FAMILY_DIMENSION = re.compile(r"^(?!d$)" + DIMENSION.pattern[1:])
"""A family's candidate's dimension (``n_features``, ``input_dim``, ...), given d: not a bare
``d``, which a kernel's code may name its degree by."""
CLASSES = re.compile(r"^classes$")
CLASS_COUNT = re.compile(
    r"^((n|num|nb|no_?of|number_?of|count_?of)_?(classes|class|labels|categories)"
    r"|(classes|class|labels)_?(count|num|number|n)|k)$"
)
"""A multiclass candidate's number of classes K (``num_classes``, ``n_classes``, ``k``, ``K``):
filled with each data set's K, as a constructor's ``n_features`` is with d."""
CLASS_LABELS = re.compile(
    r"^(legal_?labels|class_?labels|possible_?labels|label_?(set|list)|classes)$"
)
"""A multiclass candidate's list of its class labels (Berkeley CS 188's ``legalLabels``):
filled with each data set's labels 0, …, K − 1.  Never a bare ``labels``, which names y."""
Y = re.compile(
    r"^(y|ys|labels?|targets?|outputs?|desired|truth|expected|answers|(y|labels?)_?train"
    r"|train_?(y|labels?)|training_?labels?)$"
)
START = re.compile(
    r"^(w_?0|w_?init|init(ial)?_?(w|weights?|theta)|(w|weights?|theta)_?(init|initial|start)"
    r"|start(ing)?_?(w|weights?))$"
)
START_BIAS = re.compile(r"^(b_?0|b_?init|init(ial)?_?(b|bias)|bias_?(init|initial|start))$")
"""A start a parameter takes without a default (``train(X, y, w0)``): the notes' w₀ = 0
(and b₀ = 0), filled as zeros (Python only)."""
DICTS = re.compile(
    r"^(params|hyper_?params|hyper_?parameters|config|options|opts|settings|hp|args)$"
)

ROLES = {
    "step": "the step (--eta)",
    "passes": "the passes (--epochs)",
    "bias": "the bias switch (--bias)",
    "dimension": "the number of features d",
    "classes": "the labels (scikit-learn's partial_fit)",
    "start": "the starting weights w₀ = 0",
    "start_bias": "the starting bias b₀ = 0",
    "margin": "the margin or threshold 0",
}
"""What a parameter can be filled with, besides the data and --param."""

METHODS = ("fit", "train", "partial_fit", "learn", "training", "fit_perceptron", "train_perceptron")
"""A class's fitting method: the first of these it has (then any other with fit or train in
its name)."""
WEIGHTS = (
    "coef_",
    "w_",
    "weights_",
    "weights",
    "w",
    "W",
    "theta",
    "th",
    "_w",
    "_weights",
    "weight",
    "_coef",
    "coef",
    "wts",
    "weight_vector",
    "params",
)
BIASES = (
    "intercept_",
    "b_",
    "bias_",
    "b",
    "bias",
    "theta_0",
    "theta0",
    "th0",
    "_b",
    "_bias",
    "intercept",
    "w0",
    "b0",
    "bias_weight",
    "offset",
)
"""The attributes a fitted object's weights and bias are read from, first found first."""


def attributes(named: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The attributes a fitted object's weights and bias are read from: those
    ``--weights-attr W[,B]`` names, else the table's (the core's plan and a family's calls).

    >>> attributes(("alpha_w",)), attributes(())[0][:3]
    ((('alpha_w',), ()), ('coef_', 'w_', 'weights_'))
    """
    return (named[:1], named[1:2]) if named else (WEIGHTS, BIASES)


CONVERGE_CAP = 1000
"""The passes a count parameter is given for ``--epochs converge`` (the candidate may stop
at a clean pass itself; after one, more passes change no weight on separable data)."""


ROLES_JSON = {
    "names": {"T": "epochs"}
    | dict.fromkeys(("kernel_fn", "kernel_func", "kernel_function"), "kernel")
    | {"coef0": "c", "power": "degree", "poly_degree": "degree"},
    "patterns": {
        "eta": STEP.pattern,
        "epochs": PASSES.pattern,
        "bias": BIAS.pattern,
        "n_classes": CLASS_COUNT.pattern,
        "class_labels": CLASS_LABELS.pattern,
        "n_features": FAMILY_DIMENSION.pattern,
    },
    "dicts": DICTS.pattern,
}
"""The same names for a family's candidate, which the worker calls with the options it names
(``worker.named``): the worker imports nothing of the package, so the patterns travel."""


def role(name: str, *, constructor: bool = False) -> str:
    """The role a parameter's name says: one of :data:`ROLES`, "y", "dict", or ""."""
    if name == "T":
        return "passes"
    key = name.strip("_").lower()
    if key == "t":
        return "step"
    for found, pattern in (
        ("step", STEP),
        ("passes", PASSES),
        ("bias", BIAS),
        ("classes", CLASSES),
        ("dict", DICTS),
        ("start", START),
        ("start_bias", START_BIAS),
        ("margin", MARGIN),
    ):
        if pattern.match(key):
            return found
    if DIMENSION.match(key) and (constructor or key not in ("d",)):
        return "dimension"
    if Y.match(key):
        return "y"
    return ""


# -- descriptions and plans --------------------------------------------------------------------


@dataclass(frozen=True)
class Parameter:
    """One parameter: its name, whether it has a default (and the default, JSON), its kind
    ("positional", "keyword" for keyword-only, "varargs", "varkw") and, for typed languages,
    its type as written."""

    name: str
    required: bool = True
    default: Any = None
    kind: str = "positional"
    type: str = ""


@dataclass(frozen=True)
class Description:
    """What a target is: ``kind`` "function", "class", "instance" or "factory"; its
    ``name``; ``call`` (a function's parameters, or a class's constructor's); ``methods``
    (a class's fitting methods and their parameters); its ``source`` when known."""

    kind: str
    name: str
    call: tuple[Parameter, ...] = ()
    methods: Mapping[str, tuple[Parameter, ...]] = field(default_factory=dict)
    source: str = ""
    language: str = "python"


def describe(
    kind: str, name: str, call: Iterable[tuple[Any, ...]] = (), **rest: Any
) -> Description:
    """A description from (name,) or (name, default) tuples, for tests and docs."""
    params = tuple(Parameter(c[0], False, c[1]) if len(c) > 1 else Parameter(c[0]) for c in call)
    methods = {
        k: tuple(Parameter(c[0], False, c[1]) if len(c) > 1 else Parameter(c[0]) for c in v)
        for k, v in rest.pop("methods", {}).items()
    }
    return Description(kind, name, params, methods, **rest)


def from_json(raw: Mapping[str, Any], language: str = "python") -> Description:
    """A description as a driver or the Python worker reports it."""

    def params(items: Any) -> tuple[Parameter, ...]:
        return tuple(
            Parameter(
                str(p["name"]),
                bool(p.get("required", True)),
                p.get("default"),
                str(p.get("kind", "positional")),
                str(p.get("type", "")),
            )
            for p in items or ()
        )

    methods = {str(k): params(v) for k, v in (raw.get("methods") or {}).items()}
    return Description(
        str(raw["kind"]),
        str(raw.get("name", "")),
        params(raw.get("call")),
        methods,
        str(raw.get("source", ""))[:200_000],
        language,
    )


@dataclass(frozen=True)
class Told:
    """What the crosscheck tells the candidate: ``eta`` and ``epochs`` (as given), ``bias``
    (None: not said), and ``params`` (``--param NAME=VALUE``: the JSON values)."""

    eta: Any = 1
    epochs: Any = 1
    bias: bool | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    weights: tuple[str, ...] = ()  # --weights-attr W[,B]


HARNESS = "$harness"
"""The key of a placeholder in a plan: {"$harness": "X"} is replaced by the data's X."""


def slot(what: str) -> dict[str, str]:
    return {HARNESS: what}


@dataclass(frozen=True)
class Call:
    """One call: positional values and keyword values (JSON, placeholders allowed)."""

    args: tuple[Any, ...] = ()
    kwargs: tuple[tuple[str, Any], ...] = ()
    order: tuple[Any, ...] = ()  # every parameter's value in order (DEFAULT where none)
    names: tuple[str, ...] = ()  # and its name (a driver finds the overload by them)

    def json(self) -> dict[str, Any]:
        return {
            "args": list(self.args),
            "kwargs": dict(self.kwargs),
            "order": list(self.order),
            "names": list(self.names),
        }


@dataclass(frozen=True)
class Plan:
    """How to call a candidate: construct (a class or factory) with ``construct``, call
    ``method`` (``repeat`` times: partial_fit makes one pass a call) or the function with
    ``call``; read the weights from ``weights`` (names to try) or what it returns.

    ``data`` says where the data go: ("X", "y"), ("data",) for one argument, or () when
    there is nowhere; ``filled`` says in words what was filled, ``step`` the step the
    candidate was given when ``--param`` set it (then it is the η the reference runs with)."""

    kind: str
    name: str
    construct: Call | None = None
    method: str = ""
    repeat: str = ""  # "epochs": call the method once per pass
    call: Call = Call()
    weights: tuple[tuple[str, ...], tuple[str, ...]] = (WEIGHTS, BIASES)
    forced: bool = False  # --weights-attr: those names only
    data: tuple[str, ...] = ("X", "y")
    filled: tuple[str, ...] = ()
    step: Fraction | None = None
    passes: bool = False  # a parameter takes the passes
    # told to converge, it makes CONVERGE_CAP passes whatever the data (a passes parameter
    # other than ``epochs``, or one pass a call): its cost is that many passes
    capped: bool = False
    problem: str = ""  # why it cannot be called (then it is a load error)
    eta: Fraction = Fraction(1)  # what the call text shows for the step
    epochs: Any = 1  # and for the passes

    def json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "construct": None if self.construct is None else self.construct.json(),
            "method": self.method,
            "repeat": self.repeat,
            "call": self.call.json(),
            "weights": {
                "w": list(self.weights[0]),
                "b": list(self.weights[1]),
                "forced": self.forced,
            },
        }

    def words(self, bias: bool) -> list[str]:
        """What was filled, in words, the bias switch's value known."""
        return [f.replace(BIAS_SHOWN, str(bias)) for f in self.filled]

    def call_text(self, bias: bool = False) -> str:
        """The call in Python's words: ``Perceptron(eta=1, n_iter=1).fit(X, y)``."""

        def text(c: Call) -> str:
            shown = {
                "eta": _decimal(self.eta),
                "epochs": repr(self.epochs),
                "bias": str(bias),
                "w_out": "w (it writes)",
                "b_out": "&b (it writes)",
                "passes": str(CONVERGE_CAP if self.epochs == "converge" else self.epochs),
                "zeros": "zeros(d)",
                "zero": "0",
            }
            parts = [_show(v, shown) for v in c.args]
            parts += [f"{k}={_show(v, shown)}" for k, v in c.kwargs]
            return ", ".join(parts)

        if self.kind == "function":
            return f"{self.name}({text(self.call)})"
        head = {
            "class": f"{self.name}({text(self.construct or Call())})",
            "factory": f"{self.name}()",
            "instance": f"copy of {self.name}",
        }[self.kind]
        if not self.method:
            return f"{head} (no method called: it trains in its constructor)"
        times = " once per pass" if self.repeat else ""
        return f"{head}.{self.method}({text(self.call)}){times}"


def _show(v: Any, shown: Mapping[str, str]) -> str:
    if isinstance(v, dict) and set(v) == {HARNESS}:
        return shown.get(v[HARNESS], v[HARNESS])
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k!r}: {_show(u, shown)}" for k, u in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(_show(u, shown) for u in v) + "]"
    return repr(v)


def _decimal(q: Fraction) -> str:
    """A rational as the number a user would type: 0.1, 3, 1/3."""
    if q.denominator == 1:
        return str(q.numerator)
    d = q.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d == 1:
        text = f"{q.numerator / q.denominator!r}"
        if Fraction(text) == q:
            return text
    return str(q)


# -- planning -------------------------------------------------------------------------------------

STEP_RANK = (
    "eta",
    "eta0",
    "eta_0",
    "eta_init",
    "lr",
    "lr0",
    "lr_0",
    "lr_rate",
    "l_rate",
    "lrate",
    "learning_rate",
    "learningrate",
    "learn_rate",
    "learning_rate_init",
    "learning_constant",
    "rate",
    "step_size",
    "stepsize",
    "step_length",
    "step",
    "mu",
    "alpha",
    "t",
)
"""When a candidate has several step names, the first of these is filled (``alpha`` is
scikit-learn's regularisation beside ``eta0``)."""


def _rank(name: str) -> int:
    key = name.strip("_").lower()
    return STEP_RANK.index(key) if key in STEP_RANK else len(STEP_RANK)


DEFAULT = slot("default")
BIAS_SHOWN = "<bias>"
"""Stands for the bias switch's value in the words of a plan, until probing finds it."""
"""A parameter left at its default, in a positional call (JavaScript: ``undefined``)."""


class _Unfilled(Exception):
    pass


class _Filler:
    """Fills the parameters of one description (the constructor's and a method's)."""

    def __init__(self, d: Description, told: Told) -> None:
        self.d, self.told = d, told
        self.counted = counted(d.source) if d.source else set()
        self.filled: list[str] = []
        self.used: set[str] = set()
        self.step: Fraction | None = None
        self.passes = False
        self.capped = False
        self.data: list[str] = []
        everything = [*d.call, *(p for ps in d.methods.values() for p in ps)]
        steps = [p.name for p in everything if role(p.name) == "step" and p.name not in told.params]
        self.best_step = min(steps, key=_rank) if steps else ""

    def role_of(self, p: Parameter, constructor: bool) -> str:
        r = role(p.name, constructor=constructor)
        if r == "step" and _rank(p.name) > _rank(self.best_step) and not p.required:
            return ""  # alpha beside eta0: its own
        if r == "bias" and not p.required and not isinstance(p.default, bool | None):
            return ""  # bias=0.0: its starting value, not a switch
        if r in ("", "margin") and p.name in self.counted and (p.required or _int(p.default)):
            return "passes"  # for _ in range(self.threshold)
        if r == "margin" and not p.required:
            return ""  # its own margin, kept

        if r == "classes" and not p.required and p.default is not None:
            return ""
        if r in ("start", "start_bias") and (not p.required or self.d.language != "python"):
            return ""  # its own start (w0=None: zeros made inside), or a typed language's
        return r

    def value(self, p: Parameter, constructor: bool) -> Any:
        """The value for one parameter, or :data:`DEFAULT`; data go to ``self.data``."""
        told, name = self.told, p.name
        if p.kind == "varargs":
            return DEFAULT
        if p.kind in ("count", "dimension", "output"):  # a C parameter: n, d, where w goes
            if p.kind == "output":
                return slot("b_out" if name in BIASES else "w_out")
            return slot("n" if p.kind == "count" else "d")
        if name in told.params:
            self.used.add(name)
            value = told.params[name]
            self.filled.append(f"{name} = {json.dumps(value)} (--param)")
            r = role(name, constructor=constructor)
            if r == "step" and _number(value):
                self.step = Fraction(json.dumps(value))
            self.passes |= r == "passes"
            return value
        r = self.role_of(p, constructor)
        if p.kind == "varkw" or (r == "dict" and (not p.required or p.default in ({}, None))):
            keys = keys_read(self.d.source, name) if self.d.source else []
            return self.dictionary(p, keys)
        if r in ROLES:
            self.note(name, r, named=role(name, constructor=constructor) == r)
            return _told_value(r, name if self.told_as_is(name) else "")
        if p.required:
            which = "y" if (r == "y" or self.data == ["X"]) else "X"
            if which in self.data or len(self.data) >= 2:
                raise _Unfilled(name)
            self.data.append(which)
            return slot(which)
        return DEFAULT

    def told_as_is(self, name: str) -> bool:
        """Whether a passes parameter is told ``--epochs`` as it is, ``"converge"`` included:
        one named ``epochs``, unless the run converges and nothing in its source reads the
        word ``"converge"`` (``for _ in range(epochs)`` wants a count: it gets
        :data:`CONVERGE_CAP`, as every other passes parameter does)."""
        if name != "epochs" or self.told.epochs != "converge" or not self.d.source:
            return name == "epochs"
        return re.search(r"""["']converge["']""", self.d.source) is not None

    def note(self, name: str, r: str, named: bool = True) -> None:
        t = self.told
        if r == "step":
            self.filled.append(f"{name} = {_decimal(_eta_value(t.eta))} (--eta)")
        elif r == "passes":
            self.passes = True
            e = t.epochs
            as_is = self.told_as_is(name)
            self.capped |= e == "converge" and not as_is
            shown = e if as_is or e != "converge" else f"{CONVERGE_CAP} (converge)"
            why = "" if named else ": it counts a loop"
            self.filled.append(f"{name} = {shown} (--epochs{why})")
        elif r == "bias":
            self.filled.append(f"{name} = {BIAS_SHOWN} (--bias, or found by probing)")
        elif r == "dimension":
            self.filled.append(f"{name} = d, the number of features")
        elif r == "classes":
            self.filled.append(f"{name} = the two labels")
        elif r == "start":
            self.filled.append(f"{name} = zeros (the notes' w₀ = 0)")
        elif r == "start_bias":
            self.filled.append(f"{name} = 0 (the notes' b₀ = 0)")
        elif r == "margin":
            self.filled.append(f"{name} = 0 (the notes' threshold 0)")

    def dictionary(self, p: Parameter, keys: list[str]) -> Any:
        filled: dict[str, Any] = {}
        for k in keys:
            label = f"{p.name}[{json.dumps(k)}]"
            if k in self.told.params:
                self.used.add(k)
                filled[k] = self.told.params[k]
                self.filled.append(f"{label} = {json.dumps(filled[k])} (--param)")
                if role(k) == "step" and _number(filled[k]):
                    self.step = Fraction(json.dumps(filled[k]))
                self.passes |= role(k) == "passes"
                continue
            r = role(k)
            if r in ("step", "passes"):
                filled[k] = _told_value(r, k)
                self.note(label, r)
        if not filled:
            return DEFAULT
        if p.kind == "varkw":
            return filled
        base = dict(p.default) if isinstance(p.default, dict) else {}
        return base | filled


def _eta_value(eta: Any) -> Fraction:
    return eta if isinstance(eta, Fraction) else Fraction(str(eta))


def _told_value(r: str, name: str) -> Any:
    if r == "passes":
        return slot("epochs") if name == "epochs" else slot("passes")
    named = {"step": "eta", "bias": "bias", "dimension": "d", "classes": "classes"}
    return slot((named | {"start": "zeros", "start_bias": "zero", "margin": "zero"})[r])


def _number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and v > 0


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v > 0


def _fill(filler: _Filler, params: Sequence[Parameter], constructor: bool) -> Call:
    """Python's call: the leading required parameters by position, the rest by name; and
    every value in order (:data:`DEFAULT` where none) for languages without names."""
    args: list[Any] = []
    kwargs: list[tuple[str, Any]] = []
    order: list[Any] = []
    names = tuple(p.name for p in params if p.kind not in ("varargs", "varkw"))
    positional = True
    for p in params:
        value = filler.value(p, constructor)
        if p.kind == "varkw":
            if value is not DEFAULT:
                kwargs.extend(value.items())
            continue
        if p.kind != "varargs":
            order.append(value)
        if value is DEFAULT:
            positional = False  # a later parameter must go by name
        elif positional and p.kind == "positional" and _is_data(value):
            args.append(value)
        else:
            kwargs.append((p.name, value))
            positional = False
    return Call(tuple(args), tuple(kwargs), tuple(order), names)


RUNS = re.compile(
    r"^(run|solve|iterate|optimi[sz]e|execute|perceptron|pla|algorithm|start|go|compute|learn"
    r"|estimate|converge|fit|train)$"
)
NOT_RUNS = re.compile(
    r"^(predict|plot|score|show|print|eval|evaluate|test|accuracy|errors?|loss|draw|get|set"
    r"|save|load|classify|decision|activation|net|update|step|reset|summary|report)$"
)
"""The words of a method that runs what a constructor was given (``Perceptron(X, y).run()``,
``solve``, ``run_pla``), and of those that do something else (``predict``, ``plot_errors``)."""


def method_of(d: Description) -> str:
    for name in METHODS:
        if name in d.methods:
            return name
    return next((m for m in d.methods if "fit" in m or "train" in m), "")


def _runs(name: str) -> bool:
    words = [w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+", name)]
    return (
        not name.startswith("_")
        and any(RUNS.match(w) for w in words)
        and not any(NOT_RUNS.match(w) for w in words)
    )


def _constructed(d: Description, told: Told) -> tuple[_Filler, Call, str, Call] | None:
    """A class whose constructor takes the data (``Perceptron(X, y, epochs=10)``, ``new
    Perceptron(X, y, epochs)`` in Java or JavaScript, ``Perceptron::new(&x, &y, epochs)`` in
    Rust): constructed with them, then its method that runs them with no data of its own
    (``train()``, ``run()``), one its constructor calls itself left out (it trained there),
    or none: its weights are read from what the constructor made.  None when the
    constructor takes no data.  (filler, construct, method, call)."""
    first = _Filler(d, told)
    try:
        construct = _fill(first, d.call, constructor=True)
    except _Unfilled:
        return None
    if d.kind != "class" or not first.data:
        return None
    done = called_by_init(d.source, d.language, d.name) if d.source else set()
    usual = method_of(d)
    if usual and usual not in done:  # Perceptron(X, y).fit(), .train(epochs=10)
        filler = _Filler(d, told)
        construct = _fill(filler, d.call, constructor=True)
        try:
            return filler, construct, usual, _fill(filler, d.methods[usual], constructor=False)
        except _Unfilled:  # its fit takes data too: the constructor's "data" are not (size)
            return None
    for name in (m for m in d.methods if m not in done and m != usual and _runs(m)):
        filler = _Filler(d, told)
        construct = _fill(filler, d.call, constructor=True)
        took = len(filler.data)
        try:
            call = _fill(filler, d.methods[name], constructor=False)
        except _Unfilled:
            continue
        if len(filler.data) == took:  # a runner runs on what it was given
            return filler, construct, name, call
    return first, construct, "", Call()


def plan(d: Description, told: Told) -> Plan:
    """The call of ``d`` with what it is told (see the module's docstring).  A ``--param``
    that names no parameter is an InputError; a parameter that cannot be filled makes a
    plan with a ``problem`` (the candidate is then a load error, saying which)."""
    filler = _Filler(d, told)
    base = Plan(d.kind, d.name, weights=attributes(told.weights), forced=bool(told.weights))
    method = method_of(d) if d.kind != "function" else ""
    constructed = _constructed(d, told) if d.kind == "class" else None
    try:
        if d.kind == "function":
            call = _fill(filler, d.call, constructor=False)
            result = replace(base, call=call)
        elif constructed is not None:
            filler, made, method, call = constructed
            result = replace(base, construct=made, method=method, call=call)
        elif not method:
            names = ", ".join(METHODS[:3])
            return replace(base, problem=f"{d.name} has no fitting method ({names}, ...)")
        else:
            construct = _fill(filler, d.call, constructor=True) if d.kind == "class" else None
            call = _fill(filler, d.methods[method], constructor=False)
            repeat = "epochs" if method == "partial_fit" and not filler.passes else ""
            if repeat:
                filler.passes = True
                filler.filled.append("partial_fit called once per pass (--epochs)")
            result = replace(base, construct=construct, method=method, repeat=repeat, call=call)
    except _Unfilled as e:
        why = (
            f"cannot call {d.name}: its parameter {e.args[0]!r} has no default and no option "
            f"names it (give it with --param {e.args[0]}=VALUE)"
        )
        return replace(base, problem=why)
    unknown = sorted(set(told.params) - filler.used)
    if unknown:
        known = sorted({p.name for p in (*d.call, *d.methods.get(method, ()))})
        raise InputError(
            f"--param {unknown[0]}: {d.name} has no parameter {unknown[0]!r} "
            f"(its parameters: {', '.join(known) or 'none'})"
        )
    data = ("data",) if len(filler.data) == 1 else tuple(filler.data)
    if data == ("data",):
        result = _one_argument(result)
    return replace(
        result,
        data=data,
        filled=tuple(filler.filled),
        step=filler.step,
        passes=filler.passes,
        capped=filler.capped or (result.repeat == "epochs" and told.epochs == "converge"),
        eta=_eta_value(told.eta),
        epochs=told.epochs,
    )


def _one_argument(p: Plan) -> Plan:
    """One data parameter: it takes X and y together (rows with the label last, or pairs)."""

    def fix(v: Any) -> Any:
        return slot("data") if _is_data(v) else v

    def swap(c: Call) -> Call:
        return Call(
            tuple(map(fix, c.args)),
            tuple((k, fix(v)) for k, v in c.kwargs),
            tuple(map(fix, c.order)),
            c.names,
        )

    return replace(
        p, construct=None if p.construct is None else swap(p.construct), call=swap(p.call)
    )


def _is_data(value: Any) -> bool:
    return isinstance(value, dict) and value.get(HARNESS) in ("X", "y", "data")


def parse_param(text: str) -> tuple[str, Any]:
    """``--param NAME=VALUE``: a name and a JSON value (a bare word is a string)."""
    name, eq, raw = text.partition("=")
    name = name.strip()
    if not eq or not name.isidentifier():
        raise InputError(f"--param {text!r}: expected NAME=VALUE, e.g. --param shuffle=false")
    try:
        value = json.loads(raw)
    except ValueError:
        value = raw  # a bare word: a string
    return name, value
