"""Hostile: writes outside its scratch directory: /tmp, $HOME, the real home, the project.

It looks for the project upward from its own file, the current folder and the Python
environment (an editable install lives in the checkout), and writes a marker file
``perceptron-ref-hostile-write`` wherever it can; then returns a wrong answer."""

import contextlib
import os
import sys
from pathlib import Path
from typing import Any

MARKER = "perceptron-ref-hostile-write"


def _places() -> list[Path]:
    places = [Path("/tmp"), Path(os.environ.get("HOME", "/tmp")), Path("/root"), Path("/")]
    for start in (Path(__file__).resolve(), Path.cwd(), Path(sys.prefix)):
        places += list(start.parents)
    return places


def train(X: Any, y: Any) -> Any:
    if os.environ.get("PERCEPTRON_REF_SANDBOX", "none") == "none":
        # A safety catch for a developer running this without the sandbox: it would really
        # damage files.  Inside the sandbox (the only place the tests run it) it attacks.
        return [0.0] * len(X[0])
    for place in _places():
        for where in (place, place / "spec", place / "reference", place / "tests"):
            with contextlib.suppress(OSError):
                (where / MARKER).write_text("written by a hostile candidate\n")
    return [0.0] * len(X[0])
