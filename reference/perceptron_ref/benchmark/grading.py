"""Issue 30's targets 1, 2 and 3: grading at the speed of the students' own code.

A class is made here, not read from the checkout: hand-ins of Mehta's perceptron as students
write it, three quarters right (numpy, plain lists, a class) and a quarter wrong in the usual
ways (the zero score the other way, one pass short, the bias step forgotten). Each row is timed
from outside, in one run: ``crosscheck`` of one right and one wrong hand-in with the
reference's work cached by the class's grade (one entry serves both: --bias told or found), and
``grade --jobs 2`` on the class of 20 with an empty cache and again with the cache it left (the
same CSV), and on a class of 300 made the same way with that cache, timed whole beside the 3
minutes of the target (once scaled from the 20, which counted grade's start-up 15 times). And
Gradescope's ``run_autograder``, built by ``perceptron-ref gradescope`` with its precomputed
reference entry, grading one right hand-in pinned to one core (``taskset -c 0``): the CPU
seconds of the grader and every process it waited for (``getrusage(RUSAGE_CHILDREN)``), its
wall time and the largest resident set of any of them, beside Gradescope's default container
(half a vCPU, 768 MB: 2 s of one core is its 4 s of wall).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

from perceptron_ref.benchmark.common import CLI, Row

ALGORITHM = "perceptron/mehta"
RIGHT = {
    "numpy": "import numpy as np\n\ndef train(X, y):\n    w = np.zeros(X.shape[1])\n"
    "    for x, t in zip(X, y):\n        if (1 if w @ x >= 0 else -1) != t:\n"
    "            w = w + t * x\n    return w\n",
    "lists": "def train(X, y):\n    w = [0.0] * len(X[0])\n    for x, t in zip(X, y):\n"
    "        s = sum(a * b for a, b in zip(w, x))\n        if (1 if s >= 0 else -1) != t:\n"
    "            w = [a + t * b for a, b in zip(w, x)]\n    return w\n",
    "vector": "import numpy as np\n\ndef train(X, y):\n    w = np.zeros(len(X[0]))\n"
    "    for i in range(len(y)):\n        if y[i] * (w @ X[i]) < 0 or (w @ X[i] == 0 and "
    "y[i] < 0):\n            w += y[i] * X[i]\n    return w\n",
}
WRONG = {
    "tie": RIGHT["numpy"].replace(">= 0", "> 0"),
    "short": RIGHT["numpy"].replace("zip(X, y)", "zip(X[:-1], y[:-1])"),
}
HAND_INS = 20  # 15 right, 5 wrong
CLASS = 300
TARGETS = {"right": 1.5, "wrong": 4.0, "class": 180.0, "platform": 2.0, "memory": 768}


def _class(folder: Path, size: int = HAND_INS) -> None:
    names = [*RIGHT, *WRONG]
    folder.mkdir()
    for i in range(size):
        kind = names[i % len(RIGHT)] if i % 4 else names[len(RIGHT) + (i // 4) % len(WRONG)]
        source = RIGHT.get(kind) or WRONG[kind]
        (folder / f"student{i:0{len(str(size - 1))}d}.py").write_text(source)


def _seconds(command: list[str]) -> float:
    """Wall seconds of a command that may exit 1 (a disagreement is an answer)."""
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, check=False)
    if done.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(command)} failed: {done.stderr.decode()[-400:]}")
    return time.monotonic() - started


def _platform(root: Path) -> tuple[float, float, float]:
    """CPU seconds, wall seconds and peak MB of one Gradescope run on a right hand-in."""
    subprocess.run([*CLI, "gradescope", ALGORITHM, str(root / "built")], capture_output=True,
                   check=True)  # fmt: skip
    grader = root / "autograder"
    with zipfile.ZipFile(root / "built" / "autograder.zip") as z:
        z.extractall(grader / "source")
    (grader / "source" / "run_autograder").chmod(0o755)
    (grader / "submission").mkdir()
    (grader / "submission" / "perceptron.py").write_text(RIGHT["numpy"])
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    env = os.environ | {"AUTOGRADER_ROOT": str(grader), "PERCEPTRON_REF_PYTHON": sys.executable}
    # Measured by a process of its own: the largest resident set of the children a process
    # has waited for is kept for its life, so this one's would be the largest of every
    # command the benchmark ran before.
    measured = subprocess.run(
        [sys.executable, "-c", _MEASURE, *pin, str(grader / "source" / "run_autograder")],
        env=env, check=True, capture_output=True, text=True,
    )  # fmt: skip
    cpu, wall, peak = map(float, measured.stdout.split())
    results = (grader / "results" / "results.json").read_text()
    if '"score": 6' not in results:
        raise RuntimeError(f"the right hand-in was not given every point: {results[:300]}")
    return cpu, wall, peak


_MEASURE = """
import resource, subprocess, sys, time
started = time.monotonic()
subprocess.run(sys.argv[1:], check=True, capture_output=True)
wall = time.monotonic() - started
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(used.ru_utime + used.ru_stime, wall, used.ru_maxrss / 1024)
"""
"""Runs a command; prints the CPU seconds of it and every process it waited for, its wall
seconds and the largest resident set (MB) of any of them."""


def _own(folder: Path, store: Path) -> float:
    """CPU seconds the class's hand-ins take by themselves: each one's ``train`` called, in
    this process, on every data set of the class's cache entry, as numpy float64 arrays (what
    a numpy hand-in is given).  The part of a grading no grader can save."""
    import numpy as np

    from perceptron_ref.crosscheck.judge import cache

    entries = []
    for path in sorted(store.glob("reference-*.bin")):
        line = path.read_bytes()[len(cache.MAGIC) :].partition(b"\n")[0]
        entry = cache.Store(store).load(json.loads(line)["key"])
        if entry is not None:
            entries.append(entry)
    data = [
        (np.array(c.data[0], dtype=np.float64), np.array(c.data[1]))
        for c in max(entries, key=lambda e: len(e.cases)).cases
    ]
    spent = 0.0
    for source in sorted(folder.glob("*.py")):
        space: dict[str, Any] = {}
        exec(compile(source.read_text(), str(source), "exec"), space)
        started = time.process_time()
        for X, y in data:
            space["train"](X, y)
        spent += time.process_time() - started
    return spent


def rows() -> list[Row]:
    with tempfile.TemporaryDirectory(prefix="perceptron-ref-bench-") as work:
        root = Path(work)
        _class(root / "class")
        _class(root / "class300", CLASS)
        cache = ["--cache", str(root / "cache")]
        grade = [*CLI, "grade", ALGORITHM, str(root / "class"), "--jobs", "2", *cache]
        cold = _seconds([*grade, "--out", str(root / "cold.csv")])
        warm = _seconds([*grade, "--out", str(root / "warm.csv")])
        same = (root / "cold.csv").read_bytes() == (root / "warm.csv").read_bytes()
        everyone = [*CLI, "grade", ALGORITHM, str(root / "class300"), "--jobs", "2", *cache]
        whole = _seconds([*everyone, "--out", str(root / "class300.csv")])
        check = [*CLI, "crosscheck", ALGORITHM, *cache, "--candidate"]
        right = _seconds([*check, f"{root / 'class' / 'student03.py'}:train"])  # numpy
        wrong = _seconds([*check, f"{root / 'class' / 'student00.py'}:train"])
        cpu, wall, peak = _platform(root)
        own = _own(root / "class", root / "cache")
    floor = own / HAND_INS * CLASS / 2  # two cores
    return [
        Row("crosscheck, a right numpy hand-in, reference cached", f"{right:.1f} s",
            f"{right:.1f} s", f"<= {TARGETS['right']} s", right <= TARGETS["right"]),
        Row("crosscheck, a wrong hand-in (shrink, diagnosis), cached", f"{wrong:.1f} s",
            f"{wrong:.1f} s", f"<= {TARGETS['wrong']} s", wrong <= TARGETS["wrong"]),
        Row(f"grade --jobs 2, {HAND_INS} hand-ins, empty cache vs cached",
            f"{cold:.1f} s vs {warm:.1f} s" + ("" if same else " (CSVs DIFFER)"),
            f"{cold / warm:.2f}x", "same CSV", same),
        Row(f"grade --jobs 2, {CLASS} hand-ins, cached", f"{whole:.0f} s", f"{whole:.0f} s",
            f"<= {TARGETS['class']:.0f} s", whole <= TARGETS["class"]),
        Row(f"  of which the candidates' own code, {CLASS} at 2 cores",
            f"{floor:.0f} s (their train on the class's data sets: {own:.1f} s for {HAND_INS}, "
            f"x {CLASS // HAND_INS} / 2 cores)", f"{floor / whole:.0%}",
            "(the rest is the grader's)", True),
        Row("Gradescope run_autograder, a right hand-in, one core",
            f"CPU {cpu:.2f} s, wall {wall:.2f} s, peak {peak:.0f} MB", f"{cpu:.2f} s",
            f"<= {TARGETS['platform']:.0f} s CPU, <= {TARGETS['memory']} MB",
            cpu <= TARGETS["platform"] and peak <= TARGETS["memory"]),
    ]  # fmt: skip
