"""The child side of a Python candidate: load it, call it on each data set, print results.

This file runs as a script (``python -I worker.py``) in the candidate's sandboxed process
(see :mod:`perceptron_ref.crosscheck.session`); it imports nothing from ``perceptron_ref``,
so a candidate that patches the reference patches only its own process.  It reads JSON
requests on stdin, one per line: ``{"target": {...}, "input": "numpy"|"fractions"|"lists",
"bias": bool, "epochs": N|"converge", "datasets": [{"X": [["p/q", ...], ...], "y": [1, -1,
...]}, ...]}``
and writes one JSON line per data set on its private copy of stdout: ``{"result": R}``
(R the returned numbers, nested as returned, each exactly as ``"p/q"``) or ``{"error": E,
"memory": bool}``.  Before the candidate is loaded, fd 1 is pointed at stderr, so whatever
the candidate prints never reaches the protocol channel.  Results stream line by line, so
the parent knows which data set a hang or a crash happened on.
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import importlib.util
import json
import os
import resource
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

Function = Callable[..., Any]


def load(target: dict[str, Any]) -> Function:
    """The candidate's function: from a file, a module, or a library adapter."""
    if target["kind"] in ("sklearn", "river"):
        spec = importlib.util.spec_from_file_location(
            "_crosscheck_adapters", Path(__file__).with_name("adapters.py")
        )
        assert spec is not None and spec.loader is not None
        adapters = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(adapters)
        function: Function = getattr(adapters, target["kind"])
        return function
    if target["kind"] == "file":
        path = Path(target["path"]).resolve()
        sys.path.insert(0, str(path.parent))  # a submission may import its own helpers
        spec = importlib.util.spec_from_file_location(f"_candidate_{path.stem}", path)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot load {path.name} as a Python module")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    else:
        module = importlib.import_module(target["module"])
    found: Function | None = getattr(module, target["function"], None)
    if not callable(found):
        raise AttributeError(f"no function {target['function']!r} in the candidate")
    return found


def arguments(data: dict[str, Any], kind: str) -> tuple[Any, Any]:
    """X and y as the candidate takes them (the parent sent only float-exact data for floats)."""
    X = [[Fraction(v) for v in row] for row in data["X"]]
    y = [int(t) for t in data["y"]]
    if kind == "fractions":
        return X, y
    if kind == "lists":
        return [[int(v) if v.denominator == 1 else float(v) for v in row] for row in X], y
    import numpy as np

    return np.array([[float(v) for v in row] for row in X], dtype=np.float64).reshape(
        len(X), -1
    ), np.array(y, dtype=np.int64)


def exact(value: Any) -> Any:
    """The returned value with every number as an exact ``p/q`` string, nesting kept."""
    if hasattr(value, "tolist") and not isinstance(value, (str, bytes)):
        value = value.tolist()  # numpy arrays and scalars
    if isinstance(value, bool) or value is None:
        raise TypeError(f"returned {value!r}, not a number")
    if isinstance(value, int | Fraction):
        return str(Fraction(value))
    if isinstance(value, float):
        return str(Fraction(value)) if value == value and abs(value) != float("inf") else "nan"
    if isinstance(value, list | tuple):
        return [exact(v) for v in value]
    if hasattr(value, "numerator") and hasattr(value, "denominator"):
        return str(Fraction(int(value.numerator), int(value.denominator)))
    raise TypeError(f"returned a {type(value).__name__}, not numbers")


def main() -> None:
    channel = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # the candidate's prints go to stderr
    sys.stdout = sys.stderr
    loaded: dict[str, Function] = {}
    for raw in iter(sys.stdin.readline, ""):  # one request per line, until the parent closes
        request = json.loads(raw)
        target = request["target"]
        key = json.dumps(target, sort_keys=True)
        try:
            function = loaded[key] if key in loaded else loaded.setdefault(key, load(target))
        except BaseException as error:  # whatever loading raises is the verdict
            channel.write(json.dumps({"load_error": f"{type(error).__name__}: {error}"}) + "\n")
            channel.flush()
            return
        for data in request["datasets"]:
            channel.write(json.dumps(answer(function, data, request)) + "\n")
            channel.flush()


def answer(function: Function, data: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    """Call the candidate on one data set: its result as exact numbers, or its error."""
    X, y = arguments(data, request["input"])
    try:
        if request["target"]["kind"] in ("sklearn", "river"):
            returned = function(X, y, bias=request["bias"], epochs=request["epochs"])
        else:
            returned = function(X, y)
        return {"result": exact(returned)}
    except MemoryError:
        return {"error": "MemoryError", "memory": True}
    except BaseException as error:  # a candidate's exception is a verdict
        said = f"{type(error).__name__}: {error}{process_limit(error)}"
        return {"error": said[:500], "memory": False}


def process_limit(error: BaseException) -> str:
    """A note when ``error`` is EAGAIN and the sandbox holds near as many processes and
    threads as RLIMIT_NPROC allows: most likely a fork or a thread refused by the process
    limit (the count is a snapshot, and the kernel's own is not visible, hence "near")."""
    limit = resource.getrlimit(resource.RLIMIT_NPROC)[0]
    if getattr(error, "errno", None) != errno.EAGAIN or limit == resource.RLIM_INFINITY:
        return ""
    tasks = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):  # its own PID namespace's
        with contextlib.suppress(OSError):
            tasks += len(os.listdir(f"/proc/{pid}/task"))
    if tasks < limit // 2:
        return ""
    return f" ({tasks} processes and threads running: the process limit is {limit})"


if __name__ == "__main__":
    main()
