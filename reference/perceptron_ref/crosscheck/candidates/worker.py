"""The child side of a Python candidate: load it, call it on each data set, print results.

This file runs as a script (``python -I worker.py``) in the candidate's sandboxed process
(see :mod:`perceptron_ref.crosscheck.run.session`); it imports nothing from ``perceptron_ref``,
so a candidate that patches the reference patches only its own process.  It reads JSON
requests on stdin, one per line, and answers each on its private copy of stdout:

* ``{"target": {...}, "describe": true}``: what TARGET names (a function, a class, an
  instance, a factory), its parameters and fitting methods and its source, for the parent to
  plan the call (``adapters.describe``); one line ``{"describe": {...}}``;
* ``{"target": {...}, "input": "numpy"|"fractions"|"lists", "bias": bool, "epochs":
  N|"converge", "eta": "p/q", "plan": {...}, "layout": {...}, "datasets": [{"X": [[x, ...],
  ...], "y": [1, -1, ...]}, ...], "repeat": k}`` (each x a ``"p/q"`` string, or for float
  inputs a JSON number that is exactly its value; for a numpy or plain-lists candidate, a
  large integer X may come as ``{"dtype": D, "shape": [n, d], "bytes": BASE64}``, its
  array's bytes, made the same float64 array, or the same rows of ints that its JSON numbers
  give): one JSON line per data set (and per
  repeat), ``{"result": R, "from": ATTRIBUTES, "seconds": S}`` (R the returned or fitted
  numbers, nested as they came, each exactly as ``"p/q"``; the call's own time) or
  ``{"error": E, "memory": bool}``.  The plan (``parameters.Plan``) says how to construct and
  call it and where its weights are; the layout (``layouts.Layout``) how the data go in; the
  library adapters (``sklearn``, ``river``) take neither.

Before the candidate is loaded, fd 1 is pointed at stderr and fd 0 at /dev/null, so whatever
the candidate prints never reaches the protocol channel, and what it reads is nothing.
Results stream line by line, so the parent knows which data set a hang or a crash happened
on.  Returned values may be numbers of any exact kind (int, float, Fraction, Decimal, numpy
and sympy numbers), nested lists, tuples or arrays, a pair (w, b), (w, more...), a dict with
``w`` and ``b``, or a fitted model.  A forked child of the candidate that returns from it
exits at once: only the process that was called answers.
"""

from __future__ import annotations

import array
import base64
import contextlib
import errno
import importlib
import importlib.util
import inspect
import json
import linecache
import os
import re
import resource
import sys
import tempfile
import time
import types
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

Function = Callable[..., Any]


def seen(path: str) -> Path:
    """Where this process sees the harness's ``path``: outside bubblewrap the sandbox copies
    the candidate's folder, and ``$PERCEPTRON_REF_VIEW`` maps each original to its copy."""
    for original, copy in json.loads(os.environ.get("PERCEPTRON_REF_VIEW", "{}")).items():
        if path == original or path.startswith(original.rstrip("/") + "/"):
            path = copy + path[len(original.rstrip("/")) :]
            break
    return Path(path).resolve()


def load(target: dict[str, Any]) -> Any:
    """What TARGET names: a function, a class, an instance or a library adapter."""
    if target["kind"] in ("sklearn", "river"):
        return getattr(adapters(), target["kind"])
    if target["kind"] == "file" and "source" in target:  # definitions only, read by the parent
        path = seen(target["path"])
        sys.path.insert(0, str(path.parent))
        if target["files"]:  # a notebook's %%writefile modules, in a folder of their own
            written = Path(tempfile.mkdtemp(prefix="notebook-"))
            for name, text in target["files"].items():
                (written / Path(name).name).write_text(text, encoding="utf-8")
            sys.path.insert(0, str(written))
        module = types.ModuleType(f"_candidate_{path.stem}")
        module.__file__ = str(path)
        sys.modules[module.__name__] = module  # dataclasses and pickle look it up
        source = target["source"]
        # inspect.getsource and tracebacks read the kept source, not the file on disk
        linecache.cache[str(path)] = (len(source), None, source.splitlines(True), str(path))
        exec(compile(source, str(path), "exec"), module.__dict__)
    elif target["kind"] == "file":
        path = seen(target["path"])
        sys.path.insert(0, str(path.parent))  # a submission may import its own helpers
        spec = importlib.util.spec_from_file_location(f"_candidate_{path.stem}", path)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot load {path.name} as a Python module")
        module = importlib.util.module_from_spec(spec)
        sys.modules[module.__name__] = module
        spec.loader.exec_module(module)
    else:
        module = importlib.import_module(target["module"])
    if not hasattr(module, target["function"]):
        raise AttributeError(f"no {target['function']!r} in the candidate")
    return getattr(module, target["function"])


def adapters() -> Any:
    """adapters.py, beside this file (bound read-only with it in the sandbox)."""
    if "_crosscheck_adapters" in sys.modules:
        return sys.modules["_crosscheck_adapters"]
    spec = importlib.util.spec_from_file_location(
        "_crosscheck_adapters", Path(__file__).with_name("adapters.py")
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def named(function: Function, told: dict[str, Any], roles: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments ``function`` takes of ``told``: each option under its own name
    (``epochs``, ``bias``, ``eta``, ``k``, ...) or under a name real code gives it (``n_iter``
    for the passes, ``lr`` for the step: ``roles``, the patterns of ``parameters.py``), and a
    params dict (``params={}``) with the keys its source reads (``params.get("T", 100)``)."""
    try:
        parameters = inspect.signature(function).parameters
    except (TypeError, ValueError):  # a builtin or a C function: call it plainly
        return {}
    kinds = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    found: dict[str, Any] = {}
    for name, parameter in parameters.items():
        if parameter.kind not in kinds:
            continue
        key = _option(name, told, roles)
        if key in told:
            value = told[key]
            if key == "kernel" and isinstance(value, str):
                value = _kernel(value, parameter.default, told)
            found[name] = value
        elif re.match(roles.get("dicts", "$^"), name.strip("_").lower()) and (
            parameter.default is None or parameter.default == {}
        ):
            filled = _dictionary(function, name, told, roles)
            if filled:
                found[name] = filled
    return found


def _option(name: str, told: dict[str, Any], roles: dict[str, Any]) -> str | None:
    """The option a parameter (or a dict's key) called ``name`` takes, if any."""
    key = name if name in told else roles.get("names", {}).get(name)
    if key is None:
        plain = name.strip("_").lower()
        patterns = roles.get("patterns", {}).items()
        key = next((k for k, pattern in patterns if re.match(pattern, plain)), None)
    return key


def _dictionary(
    function: Function, name: str, told: dict[str, Any], roles: dict[str, Any]
) -> dict[str, Any]:
    """A params dict of the options its keys name, the keys read where the source reads
    ``name`` (``params.get("T", 100)``, ``params["T"]``)."""
    try:
        source = inspect.getsource(function)
    except (OSError, TypeError):
        return {}
    pattern = rf"\b{re.escape(name)}\s*(?:\.get\(\s*|\[\s*)[\"'](\w+)[\"']"
    filled = {}
    for k in dict.fromkeys(re.findall(pattern, source)):
        key = _option(k, told, roles)
        if key in told:
            filled[k] = told[key]
    return filled


def _kernel(name: str, default: Any, told: dict[str, Any]) -> Any:
    """The kernel told (``linear``, ``polynomial``) in the form the candidate's parameter
    takes: a function where its default is one (``kernel=polynomial_kernel``), scikit-learn's
    name where its default is one of those (``kernel="rbf"``), else the name."""
    if callable(default):
        p, c = told.get("degree", 1), told.get("c", 0)

        def dot(a: Any, b: Any) -> Any:
            if hasattr(a, "shape") and hasattr(b, "shape"):  # numpy: rows against rows too
                return a @ (b.T if len(b.shape) == 2 else b)
            return sum(u * v for u, v in zip(a, b, strict=True))

        if name == "linear":
            return dot
        return lambda a, b: (dot(a, b) + c) ** p
    if isinstance(default, str) and default in ("poly", "rbf", "sigmoid", "precomputed"):
        return {"polynomial": "poly"}.get(name, name)
    return name


def arguments(data: dict[str, Any], kind: str) -> tuple[Any, Any]:
    """X and y as the candidate takes them (the parent sent only float-exact data for floats)."""
    y = [int(t) for t in data["y"]]
    if kind == "fractions":
        return [[Fraction(v) for v in row] for row in data["X"]], y
    if kind == "lists":
        if isinstance(data["X"], dict):  # an integer array's bytes (the parent's packed.py)
            return _rows(data["X"]), y
        return [[_plain(v) for v in row] for row in data["X"]], y
    import numpy as np

    if isinstance(data["X"], dict):  # an integer array's bytes (the parent's packed.py)
        raw = base64.b64decode(data["X"]["bytes"])
        X = np.frombuffer(raw, dtype=np.dtype(data["X"]["dtype"])).reshape(data["X"]["shape"])
    else:
        rows = data["X"]
        X = np.array([[_plain(v) for v in row] for row in rows] if _strings(data) else rows)
    return X.astype(np.float64).reshape(len(y), -1), np.array(y, dtype=np.int64)


_CODES = {"u1": "B", "i1": "b", "i2": "h", "i4": "i", "i8": "q"}


def _rows(packed: dict[str, Any]) -> list[list[int]]:
    """An integer array's bytes as rows of Python ints, the rows its JSON numbers give; read
    with the standard library's ``array``, not numpy, which a plain-lists candidate may
    never import (its import would cost more than the JSON it saves)."""
    dtype, (n, d) = packed["dtype"], packed["shape"]
    values = array.array(_CODES[dtype[1:]])
    assert values.itemsize == int(dtype[2:]), f"no array type of {dtype[2:]} bytes here"
    values.frombytes(base64.b64decode(packed["bytes"]))
    if dtype[0] == {"little": ">", "big": "<"}[sys.byteorder]:
        values.byteswap()
    flat = values.tolist()
    return [flat[i * d : (i + 1) * d] for i in range(n)]


def _strings(data: dict[str, Any]) -> bool:
    return bool(data["X"]) and bool(data["X"][0]) and isinstance(data["X"][0][0], str)


def _plain(v: Any) -> int | float:
    """An int or a float, from a JSON number or a "p/q" string (exact: float data only)."""
    if isinstance(v, str):
        q = Fraction(v)
        return int(q) if q.denominator == 1 else float(q)
    return v  # type: ignore[no-any-return]


PLAIN = {"builtins.int", "builtins.float", "fractions.Fraction", "builtins.list", "builtins.tuple",
         "numpy.ndarray"}  # fmt: skip


def kinds(value: Any, found: set[str] | None = None) -> set[str]:
    """The kinds of the containers and numbers in a returned value ("numpy.ndarray",
    "decimal.Decimal", ...), the plain Python ones left out: what the report names."""
    found = set() if found is None else found
    if isinstance(value, _Attributes):  # the kinds of what it holds
        for v in value.kept:
            kinds(v, found)
        return found
    kind = f"{type(value).__module__}.{type(value).__qualname__}"
    if kind.startswith("sympy."):  # Half, One, Integer, ... are all sympy Rationals
        rational = any(c.__qualname__ == "Rational" for c in type(value).__mro__)
        kind = "sympy.Rational" if rational else "sympy." + type(value).__qualname__
    if kind not in PLAIN:
        found.add("dict" if isinstance(value, dict) else kind)
    if isinstance(value, list | tuple):
        for v in value[:1000]:
            kinds(v, found)
    return found


def unwrap(value: Any) -> Any:
    """A fitted scikit-learn-like model as (coef_, intercept_), a dict as (w, b), a
    generator (``yield w`` after each step) as the list of what it yields."""
    if inspect.isgenerator(value):
        value = [w.copy() if hasattr(w, "copy") else w for w in value]
    if hasattr(value, "coef_"):  # a fitted scikit-learn-like model
        intercept = getattr(value, "intercept_", None)
        value = value.coef_ if intercept is None else (value.coef_, intercept)
    if isinstance(value, dict):
        w = next((value[k] for k in ("w", "weights", "coef", "theta") if k in value), None)
        b = next((value[k] for k in ("b", "bias", "intercept", "theta_0") if k in value), None)
        if w is None:
            raise TypeError(f"returned a dict with keys {sorted(map(str, value))[:6]}, no 'w'")
        value = w if b is None else (w, b)
    return value


def exact(value: Any, top: bool = True) -> Any:
    """The returned value with every number as an exact ``p/q`` string, nesting kept; at
    the top, a tuple's items after the first that are not numbers become None (a returned
    (w, history) keeps w)."""
    value = unwrap(value)
    if hasattr(value, "tolist") and not isinstance(value, str | bytes):
        value = value.tolist()  # numpy arrays and scalars
    if isinstance(value, bool) or value is None:
        raise TypeError(f"returned {value!r}, not a number")
    if isinstance(value, int | Fraction):
        return str(Fraction(value))
    if isinstance(value, list | tuple):
        if top and isinstance(value, tuple) and value:
            return [exact(value[0], False), *(_or_none(v) for v in value[1:])]
        return [exact(v, False) for v in value]
    if isinstance(value, float) and (value != value or abs(value) == float("inf")):
        return "nan"  # the parent reads it as unparsable
    if isinstance(value, Decimal) and not value.is_finite():
        return "nan"
    if type(value).__module__.startswith("sympy"):
        import sympy

        value = sympy.Rational(value)  # exact for sympy's Float and Rational alike
        return str(Fraction(int(value.p), int(value.q)))
    if hasattr(value, "as_integer_ratio"):  # float, Decimal, numpy's long double: exact
        try:
            p, q = value.as_integer_ratio()
        except (ValueError, OverflowError):  # nan, inf
            return "nan"
        return str(Fraction(int(p), int(q)))
    if hasattr(value, "numerator") and hasattr(value, "denominator"):
        return str(Fraction(int(value.numerator), int(value.denominator)))
    raise TypeError(f"returned a {type(value).__name__}, not numbers")


def _or_none(v: Any) -> Any:
    try:
        return exact(v, False)
    except (TypeError, ValueError, RecursionError):
        return None


def main() -> None:
    channel = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # the candidate's prints go to stderr
    sys.stdout = sys.stderr
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    nothing = os.open(os.devnull, os.O_RDONLY)
    os.dup2(nothing, 0)  # the candidate's input() reads nothing: the requests are private too
    os.close(nothing)
    loaded: dict[str, Any] = {}
    for raw in iter(requests.readline, ""):  # one request per line, until the parent closes
        request = json.loads(raw)
        target = request["target"]
        key = json.dumps(target, sort_keys=True)
        try:
            found = loaded[key] if key in loaded else loaded.setdefault(key, load(target))
        except BaseException as error:  # whatever loading raises is the verdict
            said = f"{type(error).__name__}: {error}{where(error)}"
            channel.write(json.dumps({"load_error": said}) + "\n")
            channel.flush()
            return
        if request.get("describe"):
            described = adapters().describe(found, target.get("function", ""))
            channel.write(json.dumps({"describe": described}) + "\n")
            channel.flush()
            continue
        for data in request["datasets"]:
            for _ in range(request.get("repeat", 1)):
                channel.write(json.dumps(answer(found, data, request)) + "\n")
                channel.flush()


def answer(found: Any, data: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    """Call the candidate on one data set: its result as exact numbers, or its error."""
    X, y = arguments(data, request["input"])
    d = len(X[0]) if len(X) else 0  # its features, before X is laid out as d × n
    if data.get("labels") == "01":  # a family's candidate coded 0/1 (--label-coding 01)
        y = (y > 0).astype(y.dtype) if hasattr(y, "dtype") else [int(t > 0) for t in y]
    if data.get("orientation") == "columns":  # a family's candidate taking X as d × n
        if hasattr(X, "T"):
            X, y = X.T, y.reshape(1, -1)
        else:
            X, y = [[row[j] for row in X] for j in range(len(X[0]))], [y]
    eta = Fraction(request.get("eta", "1"))
    told = {"epochs": request["epochs"], "bias": request["bias"]}
    # Exact input: a Fraction; else an int or the nearest float, as a literal 0.1 would be.
    told["eta"] = eta if request["input"] == "fractions" else _plain(str(eta))
    family = "told" in data  # an algorithm beyond the core six: see the end of this file
    if family:
        told = {k: _told(v, request["input"]) for k, v in data["told"].items()}
    pid = os.getpid()
    began = time.perf_counter()
    called, step = "", ""
    try:
        if request["target"]["kind"] in ("sklearn", "river"):
            returned, source = found(X, y, **told), ""
        else:
            if family:  # a family's candidate: called plainly, with the options it names
                returned, called, step = _family_call(found, X, y, told, data.get("roles", {}))
                returned, source = _family_weights(returned, data.get("weights"), d, X)
            else:
                returned, source = adapters().call(found, X, y, told, request)
        if family:
            probes = data.get("probes")
            points = None if probes is None else _told({"rows": probes}, request["input"])
            result = {"result": structure(returned, points), "kinds": sorted(kinds(returned))[:8]}
            result["called"] = called[:300]
            if step:  # the parameter it took the step in: asked at a second one (judge/step.py)
                result["step"] = step[:100]
        else:
            returned = unwrap(returned)
            result = {"result": exact(returned), "kinds": sorted(kinds(returned))[:8]}
        if source:
            result["from"] = source
    except MemoryError:
        result = {"error": "MemoryError", "memory": True}
    except BaseException as error:  # a candidate's exception is a verdict
        said = f"{type(error).__name__}: {error}{pandas(error)}{where(error)}"
        result = {"error": (said + process_limit(error))[:500], "memory": False}
    if os.getpid() != pid:  # a forked child came back through the candidate: not its call
        os._exit(0)
    result["seconds"] = round(time.perf_counter() - began, 6)
    return result


def where(error: BaseException) -> str:
    """Where in the candidate's own code ``error`` was raised: `` (FILE, line N: CODE)`` for
    the last frame that is neither this worker nor a library, else ""."""
    libraries = (sys.prefix, sys.base_prefix, str(Path(__file__).parent))
    found = ""
    tb = error.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if not name.startswith(libraries) and not name.startswith("<"):
            code = linecache.getline(name, tb.tb_lineno).strip()
            found = f" ({Path(name).name}, line {tb.tb_lineno}: {code[:80]})"
        tb = tb.tb_next
    return found


PANDAS = re.compile(
    r"'numpy\.ndarray' object has no attribute "
    r"'(iloc|loc|iat|at|iterrows|itertuples|iteritems|items|to_numpy|values|columns|index)'"
)


def pandas(error: BaseException) -> str:
    """A note when ``error`` is code written for a pandas DataFrame or Series (``X.iloc``,
    ``df.iterrows()``) given the numpy arrays crosscheck sends: what it takes, what it got."""
    if isinstance(error, AttributeError) and PANDAS.search(str(error)):
        return " (it takes a pandas DataFrame or Series: crosscheck sends numpy arrays)"
    return ""


def process_limit(error: BaseException) -> str:
    """A note when ``error`` is EAGAIN and the sandbox holds near as many processes and
    threads as RLIMIT_NPROC allows: most likely a fork or a thread refused by the process
    limit (the count is a snapshot, and the kernel's own is not visible, hence "near")."""
    limit = resource.getrlimit(resource.RLIMIT_NPROC)[0]
    if getattr(error, "errno", None) != errno.EAGAIN or limit == resource.RLIM_INFINITY:
        return ""
    tasks = 0
    for entry in filter(str.isdigit, os.listdir("/proc")):  # its uid's (its namespace's)
        with contextlib.suppress(OSError):
            if os.stat(f"/proc/{entry}").st_uid == os.getuid():
                tasks += len(os.listdir(f"/proc/{entry}/task"))
    if tasks < limit // 2:
        return ""
    return f" (it reached the sandbox's limit of {limit} processes and threads)"


# -- the algorithms beyond the core six (crosscheck/family.py) ------------------------------
#
# A data set of such a request carries "told": the keyword arguments the algorithm takes
# (each passed when the signature names it; a rational as {"number": "p/q"}, a matrix as
# {"rows": [[...], ...]}), and may carry "probes": points at which a returned object with a
# predict method is asked.  The result keeps the structure the candidate returned: lists
# stay lists, a dict is {"__dict__": [[key, value], ...]}, an object with predict() is
# {"__object__": {"predict": [...], "coef_": ..., "intercept_": ...}} (those present), a
# bool is {"__bool__": b}; every number is exact, as "p/q".  The parent reads it.


FITS = ("fit", "train", "learn", "training", "fit_perceptron", "train_perceptron")
"""A family class's fitting methods, the first it has is called (``partial_fit`` wants
the classes: not a plain call)."""


def _family_call(
    found: Any, X: Any, y: Any, told: dict[str, Any], roles: dict[str, Any]
) -> tuple[Any, str, str]:
    """A function: ``found(X, y, **the options it names)``.  A class (scikit-learn's
    style): constructed with the options its constructor names, then its first fitting
    method is called on (X, y); what that returns, or the fitted object when it returns
    itself or nothing (then its predictions at the probe points are judged).  And the call,
    in words, for the report, and the parameter the step was given in ("" for none)."""
    name = getattr(found, "__name__", "candidate")
    if not inspect.isclass(found):
        given = named(found, told, roles)
        called = f"{name}({_arguments(['X', 'y'], given)})"
        return found(X, y, **given), called, _step(given, told, roles)
    made = named(found, told, roles)
    model = found(**made)
    fit = next((getattr(model, m) for m in FITS if callable(getattr(model, m, None))), None)
    if fit is None:
        raise TypeError(f"{found.__name__} has none of the methods {', '.join(FITS)}")
    given = named(fit, told, roles)
    returned = fit(X, y, **given)
    called = f"{name}({_arguments([], made)}).{fit.__name__}({_arguments(['X', 'y'], given)})"
    step = _step(made, told, roles) or _step(given, told, roles)
    return (model if returned is None or returned is model else returned), called, step


def _step(given: dict[str, Any], told: dict[str, Any], roles: dict[str, Any]) -> str:
    """The parameter of ``given`` (or a key of a params dict in it) that holds the step
    told (``eta``), as the report names it: ``learning_rate``, ``params["lr"]``."""
    for name, value in given.items():
        if "eta" in told and _option(name, told, roles) == "eta":
            return name
        if isinstance(value, dict):
            key = next((k for k in value if _option(k, told, roles) == "eta"), None)
            if key is not None:
                return f"{name}[{key!r}]"
    return ""


def _family_weights(returned: Any, names: dict[str, Any] | None, d: int, X: Any) -> tuple[Any, str]:
    """A fitted object without ``predict`` of a family that reads a weight vector (``names``:
    the data set's "weights", the attributes to try, as the core's plan sends them; d: its
    features): its weights, read by the core's table (``adapters.weights``), and the
    attributes they came from; anything else as it was returned.  An object with
    ``predict`` is judged by its predictions."""
    predict = getattr(returned, "predict", None)
    if callable(predict) or inspect.isclass(returned):
        return returned, ""
    if not adapters().fitted(returned):  # numbers, lists, a dict: the family reads them
        return returned, ""
    if names is None:  # a family whose answer is no weight vector reads it by name
        return _Attributes(returned, X), ""
    if adapters().is_function(returned):
        # a predict it made: the weights its closure holds, an average (w_avg) before the
        # last w beside it, as a fitted object's (it was read as one: "holds no numbers")
        found_inside: tuple[Any, str] = adapters().inside(returned, names, d)
        return found_inside
    rows = _label_rows(returned, names["w"])
    if rows is not None:  # {label: row} (CS 188's self.weights): the multiclass reader's
        return rows
    read = adapters().weights(returned, names, d)
    if read is None:
        raise adapters().missing(returned, names)
    found: tuple[Any, str] = read
    return found


def _label_rows(model: Any, names: list[str]) -> tuple[Any, str] | None:
    """The first attribute of ``names`` that is a dict of rows by integer label, as
    Berkeley CS 188's classifier keeps its weights ({label: row}), and its name."""
    found = getattr(model, "__dict__", {})
    for name in names:
        v = found.get(name)
        if not isinstance(v, dict) or not v:
            continue
        if all(isinstance(k, int | np_integer()) and not isinstance(k, bool) for k in v) and all(
            hasattr(r, "__len__") and not isinstance(r, str | dict) for r in v.values()
        ):
            return {int(k): r for k, r in v.items()}, name
    return None


def np_integer() -> Any:
    """numpy's integer type where numpy is loaded (a label read off a numpy y), else int."""
    numpy = sys.modules.get("numpy")
    return numpy.integer if numpy is not None else int


class _Attributes:
    """A fitted object without ``predict``, sent as its attributes that hold numbers (its
    ``vars``, names without a leading underscore): the family reads its answer from them by
    name (a kernel perceptron's ``alpha``, a voted one's vectors and counts)."""

    def __init__(self, model: Any, X: Any) -> None:
        self.name = type(model).__name__
        self.found: dict[str, Any] = {}
        self.kept: list[Any] = []
        for k, v in list(getattr(model, "__dict__", {}).items())[:100]:
            if v is X or _rows_like(v, X):
                continue  # the training examples, kept: not its answer (and may be large)
            if isinstance(k, str) and not k.startswith("_") and not callable(v):
                self.kept.append(v)
                # (not numbers: a kernel function, a name, another object: left out)
                with contextlib.suppress(TypeError, ValueError, RecursionError):
                    self.found[k] = structure(v)


def _rows_like(v: Any, X: Any) -> bool:
    """Is ``v`` a copy of the examples X (the same n × d shape, as an array or lists)?"""
    n = len(X)
    d = len(X[0]) if n else 0
    if hasattr(v, "shape"):
        return tuple(v.shape) == (n, d)
    return isinstance(v, list | tuple) and len(v) == n > 0 and all(
        isinstance(r, list | tuple) and len(r) == d for r in v[:3]
    )  # fmt: skip


def _arguments(data: list[str], given: dict[str, Any]) -> str:
    """``X, y, epochs=1, kernel=<the kernel asked, as a function>``, as the report says it."""

    def shown(name: str, value: Any) -> str:
        if callable(value):
            return "<the kernel asked, as a function>"
        if isinstance(value, list | tuple) or hasattr(value, "shape"):
            return f"<the {name} told>"  # e.g. Halving's hypotheses: too many to show
        return str(value) if isinstance(value, Fraction) else repr(value)

    return ", ".join([*data, *(f"{k}={shown(k, v)}" for k, v in given.items())])


def _told(value: Any, kind: str) -> Any:
    """A told value as the candidate takes its numbers (see arguments)."""
    if isinstance(value, dict) and "number" in value:
        q = Fraction(value["number"])
        return q if kind == "fractions" else _plain(value["number"])
    if isinstance(value, dict) and "rows" in value:
        if kind == "fractions":
            return [[Fraction(v) for v in row] for row in value["rows"]]
        rows = [[_plain(v) for v in row] for row in value["rows"]]
        if kind == "lists":
            return rows
        import numpy as np

        return np.array(rows, dtype=np.float64).reshape(len(rows), -1)
    return value


def _key(key: Any) -> Any:
    if hasattr(key, "tolist"):  # a numpy scalar
        key = key.tolist()
    return key if isinstance(key, int | str) and not isinstance(key, bool) else repr(key)


def structure(value: Any, probes: Any = None) -> Any:
    """A returned value with its structure kept and every number exact (see above)."""
    if hasattr(value, "predict") and callable(value.predict) and not isinstance(value, type):
        found: dict[str, Any] = {}
        if probes is not None:
            found["predict"] = structure(_predict(value, probes))
        for name in ("coef_", "intercept_"):
            if hasattr(value, name):
                found[name] = structure(getattr(value, name))
        return {"__object__": found}
    if isinstance(value, _Attributes):
        return {"__attributes__": {"class": value.name, "found": value.found}}
    if isinstance(value, dict):
        return {"__dict__": [[_key(k), structure(v)] for k, v in list(value.items())[:100_000]]}
    if hasattr(value, "tolist") and not isinstance(value, str | bytes):
        value = value.tolist()  # numpy arrays and scalars
    if isinstance(value, bool):
        return {"__bool__": value}
    if isinstance(value, list | tuple):
        return [structure(v) for v in value]
    return exact(value)


def _predict(model: Any, probes: Any) -> Any:
    """Its predictions at the probes: predict(X), or predict(x) point by point."""
    try:
        found = model.predict(probes)
        if hasattr(found, "tolist"):
            found = found.tolist()
        if isinstance(found, list | tuple) and len(found) == len(probes):
            return found
    except Exception:  # a predict of one point: asked point by point below
        pass
    return [_one(model.predict(x)) for x in probes]


def _one(value: Any) -> Any:
    """A prediction for one point, given as a number or as a list of one."""
    if hasattr(value, "tolist"):
        value = value.tolist()
    if isinstance(value, list | tuple) and len(value) == 1:
        return value[0]
    return value


if __name__ == "__main__":
    main()
