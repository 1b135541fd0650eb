"""Hostile: rewrites the harness's files: the worker that runs it, and the project's spec and
reference wherever it can find them (upward from its file, its folder and sys.prefix), so that
later runs would agree with anything; then returns a wrong answer."""

import contextlib
import os
import sys
from pathlib import Path
from typing import Any

PATCH = "print('patched by a hostile candidate')\n"


def _roots() -> set[Path]:
    roots: set[Path] = set()
    for start in (Path(__file__).resolve(), Path.cwd(), Path(sys.prefix)):
        roots.update(start.parents)
    return roots


def train(X: Any, y: Any) -> Any:
    if os.environ.get("PERCEPTRON_REF_SANDBOX", "none") == "none":
        # A safety catch for a developer running this without the sandbox: it would really
        # damage files.  Inside the sandbox (the only place the tests run it) it attacks.
        return [0.0] * len(X[0])
    worker = Path(sys.modules["__main__"].__file__ or "/harness/worker.py")
    targets = [worker, worker.with_name("adapters.py")]
    for root in _roots():
        targets += [
            root / "reference" / "perceptron_ref" / "crosscheck" / "candidates" / "worker.py",
            root / "reference" / "perceptron_ref" / "crosscheck" / "run" / "confine.py",
            root / "reference" / "perceptron_ref" / "runner.py",
            root / "spec" / "algorithms" / "perceptron" / "mehta.md",
        ]
    for target in targets:
        with contextlib.suppress(OSError):
            target.write_text(PATCH)
        with contextlib.suppress(OSError):
            os.remove(target)
    return [0.0] * len(X[0])
