"""Adapters: scikit-learn's and river's perceptrons set up to run the notes' algorithm, and
any candidate's own calling convention carried out as the parent planned it (below).

Loaded by the worker in the candidate's sandboxed process (it imports nothing from
``perceptron_ref``).  What ``../shared/peers.md`` measured, and how each adapter meets it:

scikit-learn ``Perceptron``
    ``shuffle=False`` (it would shuffle before every epoch, the first included),
    ``tol=None`` (it would stop after 5 epochs without improving a float loss),
    ``eta0`` = eta (1 unless ``--eta``), ``penalty=None`` (plain sequential float64: exact on
    the data sent),
    ``fit_intercept`` per ``bias`` on dense X (intercept decay 1.0; it is 0.01 on sparse X),
    ``max_iter`` = epochs.  There is no "until a clean pass": for ``converge`` it makes
    ``CONVERGE_CAP`` passes, which gives the same w on separable data (after a clean pass
    no rule of "tie → mistake" changes w again).  It updates iff y·s ≤ 0 (tie → mistake);
    tie → positive and tie → negative cannot be set.
river ``linear_model.Perceptron``
    labels must be 0/1 or bool (−1 is silently read as a negative *and* wrong): we pass
    ``y == 1``; it always learns an intercept: without ``bias`` its learning rate is set to
    0 so it stays 0; one ``learn_one`` per example, in order, ``epochs`` times (``learn_many``
    takes one mean step per batch instead); ``--eta`` sets its SGD step and intercept step.
    It updates iff y·s ≤ 0 (tie → mistake); its prediction goes through a sigmoid, which we
    never use.

Both return ``(w, b)`` with ``bias`` (the harness puts b first) and ``w`` without.
"""

from __future__ import annotations

import warnings
from typing import Any

CONVERGE_CAP = 1000
"""Passes made for ``epochs="converge"`` (the libraries cannot stop at a clean pass)."""


def _passes(epochs: int | str) -> int:
    return CONVERGE_CAP if epochs == "converge" else int(epochs)


def sklearn(X: Any, y: Any, *, bias: bool, epochs: int | str, eta: Any = 1) -> Any:
    import numpy as np
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.linear_model import Perceptron

    if len(set(np.asarray(y).tolist())) < 2:
        # scikit-learn refuses one-class data; the notes' algorithm does not.
        raise ValueError("scikit-learn cannot fit data with a single class")
    model = Perceptron(
        fit_intercept=bias,
        shuffle=False,
        tol=None,
        eta0=float(eta),
        penalty=None,
        max_iter=_passes(epochs),
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model.fit(np.asarray(X, dtype=np.float64), np.asarray(y))
    w = model.coef_[0]
    return (w, model.intercept_[0]) if bias else w


def river(X: Any, y: Any, *, bias: bool, epochs: int | str, eta: Any = 1) -> Any:
    from river import linear_model, optim

    model = linear_model.Perceptron()
    model.optimizer = optim.SGD(float(eta))
    model.intercept_lr = optim.schedulers.Constant(float(eta) if bias else 0)  # no bias switch
    rows = [[float(v) for v in row] for row in X]
    labels = [int(t) == 1 for t in y]  # river's labels are 0/1: 2y − 1 gives ±1
    for _ in range(_passes(epochs)):
        for x, t in zip(rows, labels, strict=True):
            model.learn_one(dict(enumerate(x)), t)
    w = [float(model.weights.get(j, 0.0)) for j in range(len(rows[0]))]
    return (w, float(model.intercept)) if bias else w


# -- a candidate's own calling convention ------------------------------------------------------
#
# The parent plans the call (:mod:`perceptron_ref.crosscheck.candidates.parameters`) from what
# :func:`describe` says of the target, and finds the data's layout by probing
# (:mod:`perceptron_ref.crosscheck.candidates.layouts`); :func:`call` carries both out.

FITTING = ("fit", "train", "partial_fit", "learn", "training", "fit_perceptron", "train_perceptron")
"""The fitting methods a class is described with (the parent picks one)."""


def _default(value: Any) -> Any:
    """A default as JSON, or a description of it."""
    import json

    try:
        json.dumps(value, allow_nan=False)
        return value
    except (TypeError, ValueError):
        return {"$repr": repr(value)[:60]}


def _parameters(function: Any, drop_self: bool) -> list[dict[str, Any]]:
    import inspect

    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):  # a builtin or a C function
        return []
    kinds = {
        inspect.Parameter.POSITIONAL_ONLY: "positional",
        inspect.Parameter.POSITIONAL_OR_KEYWORD: "positional",
        inspect.Parameter.KEYWORD_ONLY: "keyword",
        inspect.Parameter.VAR_POSITIONAL: "varargs",
        inspect.Parameter.VAR_KEYWORD: "varkw",
    }
    found = []
    for i, p in enumerate(signature.parameters.values()):
        if drop_self and i == 0 and p.kind != inspect.Parameter.VAR_POSITIONAL:
            continue
        entry = {"name": p.name, "kind": kinds[p.kind], "required": p.default is p.empty}
        if p.default is not p.empty:
            entry["default"] = _default(p.default)
        if p.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
            entry["required"] = False
        found.append(entry)
    return found


def _source(thing: Any) -> str:
    import inspect

    try:
        return inspect.getsource(thing)[:200_000]
    except (TypeError, OSError):
        return ""


def _methods(cls: type) -> dict[str, list[dict[str, Any]]]:
    import inspect

    names = [m for m in dir(cls) if not m.startswith("__")]
    chosen = [m for m in FITTING if m in names]
    chosen += [m for m in names if ("fit" in m or "train" in m) and m not in chosen]
    # and its other public methods after them: a class given its data by its constructor
    # may run them with run() or solve() (the parent picks: parameters.RUNS)
    chosen += [m for m in names if not m.startswith("_") and m not in chosen][:60]
    methods = {}
    for name in chosen:
        member = inspect.getattr_static(cls, name, None)
        function = getattr(cls, name, None)
        if not callable(function):
            continue
        drop = not isinstance(member, staticmethod | classmethod)
        methods[name] = _parameters(
            function, drop_self=drop and not isinstance(member, classmethod)
        )
    return methods


def _fits(thing: Any) -> bool:
    return any(callable(getattr(thing, m, None)) for m in FITTING)


def describe(found: Any, target: str = "") -> dict[str, Any]:
    """What TARGET names, for the parent to plan the call: its kind ("function", "class",
    "instance", "factory"), its (constructor's) parameters, a class's fitting methods, and
    its source (read for the loops a parameter counts and the keys a dict is read with)."""
    import inspect

    name = getattr(found, "__name__", type(found).__name__)
    if inspect.isclass(found):
        init = _parameters(found, drop_self=False)
        source = _source(found)
        return {
            "kind": "class",
            "name": name,
            "call": init,
            "methods": _methods(found),
            "source": source,
        }
    if not callable(found) or (_fits(found) and not inspect.isroutine(found)):
        cls = type(found)
        return {
            "kind": "instance",
            "name": target or name,
            "methods": _methods(cls),
            "source": _source(cls),
        }
    params = _parameters(found, drop_self=False)
    if not any(p["required"] for p in params) and params == [] and inspect.isfunction(found):
        try:  # a factory: called with nothing, it gives a model to fit
            made = found()
        except Exception:
            made = None
        if made is not None and _fits(made) and not inspect.isclass(made):
            return {
                "kind": "factory",
                "name": name,
                "methods": _methods(type(made)),
                "source": _source(type(made)),
            }
    return {"kind": "function", "name": name, "call": params, "source": _source(found)}


def layout(X: Any, y: Any, request: dict[str, Any]) -> dict[str, Any]:
    """The data as the candidate takes them (``request["layout"]``, see layouts.Layout):
    a column of ones first, labels 0/1, d × n, y as a row or a column, X and y together
    as rows with the label last or as (x, y) pairs; and what its placeholders stand for."""
    found = request.get("layout") or {}
    numpy = request["input"] == "numpy"
    if numpy:
        import numpy as np
    if found.get("column"):
        X = (
            np.hstack([np.ones((len(X), 1)), X])
            if numpy
            else [[type(r[0])(1), *r] if r else [1] for r in X]
        )
    zero_one = found.get("labels") == "01"
    if zero_one:
        y = (y + 1) // 2 if numpy else [(t + 1) // 2 for t in y]
    d = (X.shape[1] if numpy else len(X[0])) if len(y) else 0
    data = None
    if found.get("data") == "label-last":
        data = (
            np.hstack([X, y.reshape(-1, 1).astype(X.dtype)])
            if numpy
            else [[*r, t] for r, t in zip(X, y, strict=True)]
        )
    elif found.get("data") == "pairs":
        data = [list(pair) for pair in zip(X, y.tolist() if numpy else y, strict=True)]
    if found.get("orientation") == "columns":
        X = X.T if numpy else [list(c) for c in zip(*X, strict=True)]
    shape = found.get("y", "flat")
    if shape == "row":
        y = y.reshape(1, -1) if numpy else [list(y)]
    elif shape == "column":
        y = y.reshape(-1, 1) if numpy else [[t] for t in y]
    classes = [0, 1] if zero_one else [-1, 1]
    epochs = request["epochs"]
    passes = 1000 if epochs == "converge" else epochs
    return {
        "X": X,
        "y": y,
        "data": data,
        "d": d,
        "zeros": np.zeros(d) if numpy else [0] * d,  # a start w₀ it must be given
        "zero": 0,
        "classes": classes,
        "epochs": epochs,
        "passes": passes,
    }


def _fill(value: Any, slots: dict[str, Any]) -> Any:
    if isinstance(value, dict):
        if set(value) == {"$harness"}:
            return slots[value["$harness"]]
        return {k: _fill(v, slots) for k, v in value.items()}
    if isinstance(value, list):
        return [_fill(v, slots) for v in value]
    return value


def _invoke(function: Any, call: dict[str, Any], slots: dict[str, Any]) -> Any:
    args = [_fill(v, slots) for v in call.get("args", [])]
    kwargs = {k: _fill(v, slots) for k, v in call.get("kwargs", {}).items()}
    return function(*args, **kwargs)


NOT_WEIGHTS = (
    "error",
    "loss",
    "cost",
    "hist",
    "mistake",
    "label",
    "class",
    "pred",
    "acc",
    "score",
    "epoch",
    "iter",
    "step",
    "rate",
    "eta",
    "lr",
)


def _history(name: str) -> bool:
    """Is ``name`` that of a history or a setting (``errors_``, ``n_iter``, ``lossHistory``,
    ``eta0``), not of weights?  Matched word by word (snake_case, camelCase): ``theta_`` and
    ``beta`` hold weights though "eta" is inside them.
    A word of NOT_WEIGHTS of four letters or more counts anywhere in a word (``nerrors``,
    ``totalloss``); a shorter one only at a word's start (``eta0``, ``lr``, ``acc_w``)."""
    words = _words(name)
    return any(
        (word in w if len(word) >= 4 else w.startswith(word)) for w in words for word in NOT_WEIGHTS
    )


def _numeric(value: Any) -> bool:
    """Numbers, or a vector of them (nested singletons allowed)."""
    if hasattr(value, "tolist") and not isinstance(value, str | bytes):
        value = value.tolist()
    if isinstance(value, list | tuple):
        return bool(value) and all(_numeric(v) for v in value)
    return not isinstance(value, bool | str | bytes | type(None)) and (
        hasattr(value, "as_integer_ratio") or hasattr(value, "numerator")
    )


def _vector(value: Any) -> bool:
    """A list, a tuple or an array of at least one dimension (not one bare number)."""
    if isinstance(value, list | tuple):
        return True
    return bool(getattr(value, "ndim", 0)) and hasattr(value, "tolist")


def _flat(value: Any) -> Any:
    """The one number of a size-1 value (``1.0``, ``[1.0]``, ``array([[1.0]])``)."""
    if hasattr(value, "tolist") and not isinstance(value, str | bytes):
        value = value.tolist()
    while isinstance(value, list | tuple):
        value = value[0]
    return value


def _size(value: Any) -> int:
    if hasattr(value, "tolist") and not isinstance(value, str | bytes):
        value = value.tolist()
    if isinstance(value, list | tuple):
        return sum(_size(v) for v in value)
    return 1


def _words(name: str) -> list[str]:
    import re

    return [w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+", name) if w]


BIAS_WORDS = ("b", "b0", "bias", "intercept", "offset", "theta0", "th0")


def _preferred(found: dict[str, Any], words: list[str]) -> tuple[str | None, str | None]:
    """The attributes named with one of ``words`` (an averaged perceptron's ``avg_w``,
    ``w_avg``, ``averaged_weights``, ``b_avg``: the family's answer beside the last w,
    which the table would read first): (its weights, its bias), None where none is."""
    marked = [
        n
        for n, v in found.items()
        if _numeric(v) and not _history(n) and any(w in words for w in _words(n))
    ]
    bias = [n for n in marked if _size(found[n]) == 1 and set(_words(n)) & set(BIAS_WORDS)]
    w = [n for n in marked if n not in bias]
    return (w[0] if len(w) == 1 else None), (bias[0] if len(bias) == 1 else None)


def weights(model: Any, names: dict[str, Any], d: int) -> tuple[Any, str] | None:
    """The weights of a fitted object: the first of ``names["w"]`` it has (with the first
    bias of ``names["b"]``, a number), else its one attribute of d or d + 1 numbers whose
    name is not that of a history (errors_, ...); None when it has none.  ``names["prefer"]``
    (the averaged family's words: avg, average, ...): its one attribute named with one of
    them comes before the table (with a bias so named, where the family reads one)."""
    found = vars(model) if hasattr(model, "__dict__") else {}
    b_first = None
    if names.get("prefer") and not names.get("forced"):
        w_first, b_first = _preferred(found, list(names["prefer"]))
        if w_first is not None:
            if names["b"] and b_first is not None:
                return (found[w_first], found[b_first]), f"{w_first},{b_first}"
            names = names | {"w": [w_first]}  # its bias, if any, found as the table's

    def attribute(name: str) -> Any:
        if name in found:
            return found[name]
        try:
            value = getattr(model, name)
        except Exception:  # a property that raises before fit, ...
            return None
        return None if callable(value) else value

    w_name = next(
        (
            n
            for n in names["w"]
            if (_numeric(attribute(n)) and _size(attribute(n)) > 1)
            or (n in found and _numeric(found[n]))
        ),
        None,
    )
    if w_name is None and names.get("forced"):
        raise AttributeError(f"the fitted {type(model).__name__} has no numeric {names['w'][0]!r}")
    if w_name is None:
        near = [  # at d = 1 a setting (self.T = 1) is one number too: not a vector
            n
            for n, v in found.items()
            if _numeric(v) and _size(v) in (d, d + 1) and not _history(n) and _vector(v)
        ]
        if len(near) != 1:
            return None if names.get("within") else _within(model, names, d)
        w_name = near[0]
    w = attribute(w_name)
    b_name = next(
        (
            n
            for n in names["b"]
            if n != w_name and _numeric(attribute(n)) and _size(attribute(n)) == 1
        ),
        None,
    )
    if names.get("forced") and names["b"] and b_name is None:
        raise AttributeError(f"the fitted {type(model).__name__} has no numeric {names['b'][0]!r}")
    if b_name is None and names.get("untold") and not names.get("forced"):
        # checked with no bias, it learned one (b ≠ 0): (w, b) is returned, unreadable so,
        # and the family's crosscheck asks it again with one (check.py)
        b_name = next(
            (
                n
                for n in (b_first, *names["untold"])
                if n is not None
                and n != w_name
                and _numeric(attribute(n))
                and _size(attribute(n)) == 1
            ),
            None,
        )
        if b_name is not None and _flat(attribute(b_name)) == 0:
            b_name = None  # a bias that stayed 0: none to read
    if b_name is None:
        return w, w_name
    return (w, attribute(b_name)), f"{w_name},{b_name}"


class _Keys:
    """A dict's string keys as attributes: its weights are read as a fitted object's."""

    def __init__(self, found: dict[Any, Any]) -> None:
        self.__dict__.update({k: v for k, v in found.items() if isinstance(k, str)})


def _within(model: Any, names: dict[str, Any], d: int) -> tuple[Any, str] | None:
    """The weights a fitted object keeps one level down: in a dict attribute
    (``self.params = {"w": w, "b": b}``), a function it keeps (``self._decide = lambda Z:
    Z @ w > 0``: the w its closure holds) or an object it keeps (``self.model``, or a
    closure's ``m`` with ``m.w``); None when there are none, or more than one place holds
    some."""
    inner = names | {"within": True}
    places = []
    for name, value in list(getattr(model, "__dict__", {}).items())[:100]:
        if isinstance(value, dict):
            read = weights(_Keys(value), inner, d)
            if read is not None:
                keys = read[1].split(",")
                places.append((read[0], ",".join(f"{name}[{k!r}]" for k in keys)))
        elif is_function(value):
            read = weights(_Inside(value), inner, d)
            if read is not None:
                places.append((read[0], f"{read[1]} of its function {name}"))
        elif fitted(value) and hasattr(value, "__dict__") and not isinstance(value, type):
            read = weights(value, inner, d)  # an object it keeps (self.model, a closure's m)
            if read is not None:
                keys = read[1].split(",")
                places.append((read[0], ",".join(f"{name}.{k}" for k in keys)))
    return places[0] if len(places) == 1 else None


def missing(model: Any, names: dict[str, Any]) -> AttributeError:
    """The error of a fitted object whose weights :func:`weights` cannot find: the names it
    tried, and how to name its own; what it holds, and that a predict is not judged."""
    held = [n for n, v in list(getattr(model, "__dict__", {}).items())[:100] if _numeric(v)]
    has = f"; it holds {', '.join(held[:6])}" if held else "; it holds no numbers"
    if callable(getattr(model, "predict", None)):
        has += " (it has predict, but the perceptron is judged by its weights)"
    return AttributeError(
        f"cannot find the weights of the fitted {type(model).__name__}: none of "
        f"{', '.join(names['w'][:6])}, ... (name them with --weights-attr){has}"
    )


def fitted(value: Any) -> bool:
    """Is ``value`` a fitted object (not numbers, a dict, a list or a tuple)?"""
    return (
        value is not None
        and not _numeric(value)
        and not isinstance(value, dict | list | tuple | str | bytes)
        and not hasattr(value, "tolist")  # a numpy array: numbers, or an error to report
    )


class _Inside:
    """What a returned function computes with, as a fitted object's attributes: the
    variables its closure holds (``def predict(x): return sign(w @ x + b)`` made inside
    ``train`` holds w and b), the defaults it was given (``lambda x, w=w: ...``) and the
    module globals it reads; a bound method's object's own attributes.  Only what the
    function refers to is there: its w is the one it predicts with."""

    def __init__(self, function: Any) -> None:
        import inspect

        self.name = getattr(function, "__name__", type(function).__name__)
        owner = getattr(function, "__self__", None)
        if owner is not None and not inspect.ismodule(owner):  # model.predict, returned
            self.__dict__.update(
                {k: v for k, v in getattr(owner, "__dict__", {}).items() if k != "name"}
            )
            return
        function = getattr(function, "func", function)  # functools.partial: its function
        code = getattr(function, "__code__", None)
        if code is None:
            return
        found: dict[str, Any] = {}
        scope = getattr(function, "__globals__", {})
        for name in _names(code):
            if name in scope and _numeric(scope[name]):
                found[name] = scope[name]
        for name, default in _defaults(function).items():
            found[name] = default
        for name, cell in zip(code.co_freevars, function.__closure__ or (), strict=False):
            try:
                found[name] = cell.cell_contents
            except ValueError:  # a cell never assigned
                continue
        self.__dict__.update({k: v for k, v in found.items() if k != "name"})

    def variables(self) -> list[str]:
        return [k for k in vars(self) if k != "name"]


def _names(code: Any) -> list[str]:
    """The global names a code object reads, its nested code's too (a comprehension)."""
    import types

    found = list(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            found += _names(const)
    return found


def _defaults(function: Any) -> dict[str, Any]:
    """The parameters after the first that have a default (``lambda x, w=w: ...``)."""
    import inspect

    try:
        params = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        return {}
    return {p.name: p.default for p in params[1:] if p.default is not p.empty}


def is_function(value: Any) -> bool:
    """A function, a lambda, a bound method or a partial, returned instead of numbers."""
    import functools
    import inspect

    return (
        inspect.isfunction(value) or inspect.ismethod(value) or isinstance(value, functools.partial)
    )


def inside(returned: Any, names: dict[str, Any], d: int) -> tuple[Any, str]:
    """The weights a returned function (a ``predict``) computes with (:class:`_Inside`),
    read as a fitted object's are; and where they were read from.  A TypeError that says
    what it returned and what is needed when none can be read."""
    view = _Inside(returned)
    try:
        read = weights(view, names, d)
    except AttributeError:
        read = None
    if read is None:
        held = ", ".join(view.variables()[:4]) or "nothing"
        raise TypeError(
            f"returned a function ({view.name[:30]}), not weights, and none could be read "
            f"from what it holds ({held[:40]}): return w (and b), or an object with them"
        )
    value, where = read
    return value, f"{where} of the function it returned ({view.name})"


def call(
    found: Any, X: Any, y: Any, told: dict[str, Any], request: dict[str, Any]
) -> tuple[Any, str]:
    """Call the candidate as the parent planned (``request["plan"]``) on data laid out as
    it found (``request["layout"]``); (what it returned or its fitted weights, and the
    attributes they were read from, "" when returned)."""
    import copy

    plan = request["plan"]
    slots = layout(X, y, request) | {"eta": told["eta"], "bias": told["bias"]}
    kind = plan["kind"]
    if kind == "function":
        returned = _invoke(found, plan["call"], slots)
        read = _returned(returned, plan["weights"], slots["d"])
        if read is not None:
            return read
        model = returned if fitted(returned) else None
    else:
        if kind == "class":
            model = _invoke(found, plan["construct"], slots)
        elif kind == "factory":
            model = found()
        else:
            model = copy.deepcopy(found)
        returned = None  # trained by its constructor: no method to call
        if plan["method"]:
            method = getattr(model, plan["method"])
            times = slots["passes"] if plan.get("repeat") else 1
            for _ in range(times):
                returned = _invoke(method, plan["call"], slots)
    if model is not None:
        read = weights(model, plan["weights"], slots["d"])
        if read is not None:
            return read
        if kind != "function" and (returned is None or returned is model):
            raise missing(model, plan["weights"])
        if kind != "function":  # what its method returned: a dict, a predict, ...
            read = _returned(returned, plan["weights"], slots["d"])
            if read is not None:
                return read
    return returned, ""


def _returned(returned: Any, names: dict[str, Any], d: int) -> tuple[Any, str] | None:
    """The weights of an answer that is no numbers: a predict it made (:func:`inside`),
    also first in a tuple ((predict, w, b): the rest is read), a dict (its keys read as
    attributes: ``{"theta": θ, "theta0": θ₀}``); None for the others, read as returned."""
    while isinstance(returned, tuple) and len(returned) > 1 and is_function(returned[0]):
        returned = returned[1:] if len(returned) > 2 else returned[1]
        if not is_function(returned) and not isinstance(returned, dict):
            return returned, ""
    if is_function(returned):  # a predict it made, holding its weights
        return inside(returned, names, d)
    if isinstance(returned, dict):
        read = weights(_Keys(returned), names, d)
        if read is not None:
            return read[0], f"{read[1]} of the dict it returned"
    return None
