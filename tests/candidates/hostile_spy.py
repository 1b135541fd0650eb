"""Hostile: reads the command lines and environments of every process it can see (the
harness's would name the reference and its files), and tries to import the reference to
answer with it; without it, it returns a wrong answer."""

import contextlib
from pathlib import Path
from typing import Any


def train(X: Any, y: Any) -> Any:
    seen = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            for what in ("cmdline", "environ"):
                with contextlib.suppress(OSError):
                    seen.append((entry / what).read_bytes())
    with contextlib.suppress(ImportError):
        from perceptron_ref import run  # the reference, if it were visible

        trace = run("perceptron/mehta", [[float(v) for v in x] for x in X], [int(t) for t in y])
        return [float(v) for v in trace.weights]
    return [0.0] * len(X[0])
