"""The sandbox side of a part: call a hand-in's functions as the assignment names them.

Not imported: :mod:`~perceptron_ref.crosscheck.candidates.calls` sends this source as the first
line of stdin to ``python -I -c BOOT WORKER``, where WORKER is the path of ``worker.py`` in
the sandbox (its readers of returned values are used: ``exact``, ``kinds``, ``where``).  Each
further line of stdin is one request, ``{"target": {...}, "input": "numpy"|"lists"|
"fractions", "plan": ...}`` (the target as the worker takes it: a file, or a notebook's
source), and the answers stream back one JSON line each:

``{"plan": "calls", "function": NAME, "calls": [[ARG, ...], ...]}``
    one line per call, ``{"result": R, "kinds": [...]}`` or ``{"error": E}``;
``{"plan": "state", "functions": {"initial": ..., "predict": ..., "update": ...},
"kernel": K, "eta": "p/q", "train": [[X, y], ...], "test": [X, ...]}``
    one line for the whole pass: ``{"initial": [labels of every point from the initial
    state], "online": [the label of each training point just before its update],
    "after": [labels of the test points after the pass]}``, or ``{"error": E, "at": WHERE}``.

An ARG is ``{"vector": [...]}``, ``{"matrix": [[...]]}``, ``{"number": "p/q"}``, ``{"label":
n}``, ``{"kernel": {"degree": p, "c": "q"}}`` (a Python function K(a, b) = (a·b + c)^p) or
``{"votes": [[[...], c], ...]}`` (a list of (v, c) tuples, each v a vector, c an int);
numbers come as the input kind says (float64 arrays, lists of ints and floats, Fractions).
"""

import importlib.util
import json
import linecache
import os
import sys
import tempfile
import types
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

Function = Callable[..., Any]


def worker() -> Any:
    spec = importlib.util.spec_from_file_location("_perceptron_ref_worker", sys.argv[1])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


W: Any = None
"""The worker module (loaded by main)."""


def load(target: dict[str, Any]) -> dict[str, Any]:
    """The namespace of the hand-in's module (a file, or a notebook's kept source)."""
    path = W.seen(target["path"])
    sys.path.insert(0, str(path.parent))
    if "source" in target:
        if target.get("files"):
            written = Path(tempfile.mkdtemp(prefix="notebook-"))
            for name, text in target["files"].items():
                (written / Path(name).name).write_text(text, encoding="utf-8")
            sys.path.insert(0, str(written))
        module = types.ModuleType(f"_candidate_{path.stem}")
        module.__file__ = str(path)
        lines = target["source"].splitlines(True)
        linecache.cache[str(path)] = (len(target["source"]), None, lines, str(path))
        sys.modules[module.__name__] = module
        exec(compile(target["source"], str(path), "exec"), module.__dict__)
        return module.__dict__
    spec = importlib.util.spec_from_file_location(f"_candidate_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path.name} as a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module.__name__] = module
    spec.loader.exec_module(module)
    return module.__dict__


def function(namespace: dict[str, Any], name: str) -> Function:
    found = namespace.get(name)
    if not callable(found):
        raise AttributeError(f"no function {name}() in the hand-in")
    return found  # type: ignore[no-any-return]


def number(text: str, kind: str) -> Any:
    q = Fraction(text)
    if kind == "fractions":
        return q
    return int(q) if q.denominator == 1 else float(q)


def kernel(given: dict[str, Any], kind: str) -> Function:
    p, c = int(given["degree"]), number(given["c"], kind)

    def K(a: Any, b: Any) -> Any:
        if kind == "numpy":
            import numpy as np

            return (float(np.dot(np.ravel(a), np.ravel(b))) + c) ** p
        return (sum(u * v for u, v in zip(a, b, strict=True)) + c) ** p

    return K


def value(arg: dict[str, Any], kind: str) -> Any:
    """One argument as the input kind has it."""
    if "label" in arg:
        return int(arg["label"])
    if "number" in arg:
        return number(arg["number"], kind)
    if "kernel" in arg:
        return kernel(arg["kernel"], kind)
    if "votes" in arg:  # a list of (v, c) tuples: v as a vector is, c an int
        return [(value({"vector": v}, kind), int(c)) for v, c in arg["votes"]]
    if "vector" in arg:
        row = [number(v, kind) for v in arg["vector"]]
        if kind == "numpy":
            import numpy as np

            return np.array(row, dtype=np.float64)
        return row
    rows = [[number(v, kind) for v in r] for r in arg["matrix"]]
    if kind == "numpy":
        import numpy as np

        return np.array(rows, dtype=np.float64).reshape(len(rows), -1)
    return rows


def said(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}{W.where(error)}"[:500]


def calls(namespace: dict[str, Any], request: dict[str, Any], out: Any) -> None:
    kind = request["input"]
    try:
        f = function(namespace, request["function"])
    except AttributeError as error:
        for _ in request["calls"]:
            out.write(json.dumps({"error": str(error), "missing": True}) + "\n")
        out.flush()
        return
    for args in request["calls"]:
        try:
            returned = truth(f(*[value(a, kind) for a in args]))
            line = {"result": W.exact(returned), "kinds": sorted(W.kinds(returned))[:8]}
        except MemoryError:
            line = {"error": "MemoryError", "memory": True}
        except BaseException as error:
            line = {"error": said(error)}
        out.write(json.dumps(line) + "\n")
        out.flush()


def truth(returned: Any) -> Any:
    """A prediction written as a comparison (``w @ x >= 0``, ``X @ w > 0``): its booleans as
    the 0 and 1 they are in Python's arithmetic (a bool, a numpy bool, an array or a list of
    them); anything else as it is."""
    if isinstance(returned, bool):
        return int(returned)
    if getattr(getattr(returned, "dtype", None), "kind", "") == "b" and hasattr(returned, "astype"):
        return returned.astype(int)
    flags = isinstance(returned, list | tuple) and returned
    if flags and all(isinstance(v, bool) for v in returned):
        return [int(v) for v in returned]
    return returned


def label(returned: Any) -> Any:
    return W.exact(truth(returned))


def state(namespace: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    names = request["functions"]
    kind = request["input"]
    try:
        initial = function(namespace, names["initial"])
        predict = function(namespace, names["predict"])
        update = function(namespace, names["update"])
    except AttributeError as error:
        return {"error": str(error), "missing": True}
    K = kernel(request["kernel"], kind)
    eta = number(request["eta"], kind)
    train = [(value({"vector": x}, kind), int(y)) for x, y in request["train"]]
    test = [value({"vector": x}, kind) for x in request["test"]]
    at = "initial_state()"
    first: list[Any] = []
    online: list[Any] = []
    after: list[Any] = []
    try:
        s = initial()
        at = "predict() on the initial state"
        points = [x for x, _ in train] + test
        first = [label(predict(s, K, x)) for x in points]
        for i, (x, y) in enumerate(train, 1):
            at = f"predict() before update {i}"
            online.append(label(predict(s, K, x)))
            at = f"update_state() at example {i}"
            returned = update(s, K, eta, x, y)
            if returned is not None:
                s = returned
        at = "predict() after the pass"
        after = [label(predict(s, K, x)) for x in test]
    except MemoryError:
        return {
            "error": "MemoryError",
            "at": at,
            "memory": True,
            "initial": first,
            "online": online,
        }
    except BaseException as error:
        return {"error": said(error), "at": at, "initial": first, "online": online}
    return {"initial": first, "online": online, "after": after}


def main() -> None:
    global W
    W = worker()
    channel = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    namespace: dict[str, Any] | None = None
    for raw in iter(sys.stdin.readline, ""):
        request = json.loads(raw)
        if namespace is None:
            try:
                namespace = load(request["target"])
            except BaseException as error:
                channel.write(json.dumps({"load_error": said(error)}) + "\n")
                channel.flush()
                return
        if request["plan"] == "calls":
            calls(namespace, request, channel)
        else:
            channel.write(json.dumps(state(namespace, request)) + "\n")
            channel.flush()


if __name__ == "__main__":
    main()
