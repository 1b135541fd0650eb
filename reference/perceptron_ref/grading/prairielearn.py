"""PrairieLearn's external grader: the folder a course builds its grading image from, and the
results.json the grader writes.

PrairieLearn runs a question's grader in one Docker container per submission, with the
student's files in ``/grade/student``; the grader must write ``/grade/results/results.json``
(the ``results`` folder is not made for it) of at most 1 MB.  :func:`build` writes into a
folder:

``perceptron-ref-grade``
    the entry script (``#!/bin/sh``): grades ``ROOT/student`` with a configuration (its
    argument, else ``perceptron-ref-grade.json`` beside it) and always writes
    ``ROOT/results/results.json``, where ``ROOT`` is ``$GRADE_ROOT``, else ``/grade``.  It
    runs ``$PERCEPTRON_REF_PYTHON``, else the ``venv`` beside it.  If the grader itself fails,
    results.json is ``"gradable": false`` with a ``format_errors`` line saying so: the student
    loses no attempt and no points for the grader's fault.
``perceptron-ref-grade.json``
    the configuration, as ``autograder.json`` of :mod:`~perceptron_ref.grading.gradescope`.
the wheel
    of this project, built reproducibly by :func:`~perceptron_ref.grading.gradescope.wheel`.
``requirements-debian-13.txt``
    ``perceptron-ref[grading]``'s dependencies at the versions the grader was built with, each
    checked by its hash (:mod:`~perceptron_ref.grading.pins`).
``Dockerfile``
    the course's image: Debian 13 with its own Python 3.13 and bubblewrap, the pinned
    dependencies and the wheel installed in ``/opt/perceptron-ref/venv``, the entry script at
    :data:`ENTRY`.
``info.json.example``
    the ``externalGradingOptions`` a question's ``info.json`` needs.

Every file is a function of the sources and the configuration: the same ones give the same
bytes.  :func:`results` turns a hand-in's Gradescope results into PrairieLearn's.
"""

from __future__ import annotations

import json
import math
import re
import tempfile
from pathlib import Path
from typing import Any

from perceptron_ref.errors import InputError
from perceptron_ref.grading import gradescope, pins, precompute, scoring

HOME = "/opt/perceptron-ref"
ENTRY = f"{HOME}/perceptron-ref-grade"
"""Where the image holds the entry script: the question's ``entrypoint``."""
CONFIG = "perceptron-ref-grade.json"
BASE = "debian:trixie-slim"
TARGET = pins.DEBIAN_13
"""The image's system: Debian 13 with its own Python 3.13 (released, and supported with Debian
13), whose steps the tests follow by hand in a root made by ``debootstrap trixie``."""
MARGIN = 30
"""Seconds the question's ``timeout`` allows beyond the grading budget (the container's and
Python's start, the snapshot, results.json)."""
LIMIT = 1_000_000
"""Bytes of results.json PrairieLearn takes."""

ENTRY_SCRIPT = """#!/bin/sh
# PrairieLearn runs this for each submission: grade ROOT/student, write ROOT/results/results.json.
# ROOT is $GRADE_ROOT, else /grade; the configuration is $1, else perceptron-ref-grade.json here.
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT="${GRADE_ROOT:-/grade}"
CONFIG="${1:-$HERE/perceptron-ref-grade.json}"
PYTHON="${PERCEPTRON_REF_PYTHON:-$HERE/venv/bin/python}"
mkdir -p "$ROOT/results" || exit 1  # PrairieLearn does not make it
rm -f "$ROOT/results/results.json"
cd "$ROOT" || exit 1
"$PYTHON" -I -m perceptron_ref.grading.autograder prairielearn "$ROOT" "$CONFIG"
status=$?
if [ ! -s "$ROOT/results/results.json" ]; then  # the grader failed: not the student's fault
    said="The grader itself failed (status $status): this submission was not graded and \\
costs you no attempt. Please tell your instructor."
    printf '{"gradable": false, "format_errors": ["%s"]}\\n' "$said" >"$ROOT/results/results.json"
fi
exit 0
"""
DOCKERFILE = """# The image of PrairieLearn's external grader for {algorithm}, written by
# `perceptron-ref prairielearn`.  Build it here and push it where PrairieLearn pulls from:
#   docker build -t {image} . && docker push {image}
# (info.json.example has the question's externalGradingOptions for it).  Debian's own
# {python}, and perceptron-ref[grading] at the versions this grader was built with, each
# checked by its hash.
FROM {base}
RUN apt-get update -q \\
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \\
        bubblewrap libseccomp2 python3 python3-venv \\
    && rm -rf /var/lib/apt/lists/*
COPY {wheel} {lock} perceptron-ref-grade {config} {home}/
{cache}ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
RUN python3 -m venv {home}/venv \\
    && {home}/venv/bin/pip install --quiet --no-deps --only-binary :all: --require-hashes \\
        -r {home}/{lock} \\
    && {home}/venv/bin/pip install --quiet --no-deps --no-index {home}/{wheel} \\
    && {home}/venv/bin/pip check \\
    && chmod 0755 {entry}
ENTRYPOINT ["{entry}"]
"""


def info(image: str, budget: float) -> dict[str, Any]:
    """The ``externalGradingOptions`` of a question's ``info.json``.

    >>> info("me/grader", 60)["externalGradingOptions"]["timeout"]
    90
    """
    return {
        "gradingMethod": "External",
        "externalGradingOptions": {
            "enabled": True,
            "image": image,
            "entrypoint": ENTRY,
            "timeout": timeout(budget),
            "enableNetworking": False,
        },
    }


def timeout(budget: float) -> int:
    """The question's ``timeout``: the budget and :data:`MARGIN`, in whole seconds, at most
    PrairieLearn's 600."""
    seconds = math.ceil(budget) + MARGIN
    if seconds > 600:
        raise InputError(
            f"--budget {budget:g}: PrairieLearn stops a grading job after at most 600 s, "
            f"and {MARGIN} s of it go to starting and writing; at most {600 - MARGIN}"
        )
    return seconds


def build(
    outdir: str | Path,
    config: dict[str, Any],
    *,
    image: str,
    built: Path | None = None,
    pinned: Path | None = None,
) -> list[Path]:
    """Write the grader's folder (see the module docstring); the files written, by name.
    ``built``: a wheel to bundle instead of building one; ``pinned``: a folder with the
    requirements file of an earlier grader, to use instead of resolving it.  Another wheel of
    perceptron-ref left in the folder by an earlier build is removed (the image installs only
    this one)."""
    out = Path(outdir)
    question = json.dumps(info(image, float(config["budget"])), indent=1) + "\n"
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InputError(f"cannot write {outdir}: {error.strerror}") from None
    with tempfile.TemporaryDirectory(prefix="perceptron-ref-prairielearn-") as work:
        whl = built if built is not None else gradescope.wheel(Path(work))
        if not whl.is_file() or not re.fullmatch(r"perceptron_ref-[\w.+!-]+\.whl", whl.name):
            raise InputError(f"{whl}: not a wheel file of perceptron-ref")
        title = config["assignment"]["name"] if config.get("assignment") else config["algorithm"]
        fields = {"algorithm": title, "base": BASE, "wheel": whl.name}
        fields |= {"config": CONFIG, "home": HOME, "entry": ENTRY, "image": image}
        fields |= {"lock": TARGET.file, "python": f"Python {TARGET.python}"}
        cached = precompute.bundle(config)  # the reference's work, done once, here
        copy = f"COPY {precompute.FOLDER} {HOME}/{precompute.FOLDER}/\n"
        fields["cache"] = copy if cached else ""
        files = {
            "Dockerfile": DOCKERFILE.format(**fields).encode(),
            "perceptron-ref-grade": ENTRY_SCRIPT.encode(),
            CONFIG: (json.dumps(config, indent=1) + "\n").encode(),
            "info.json.example": question.encode(),
            whl.name: whl.read_bytes(),
            **pins.locks(whl, [TARGET], pinned),
            **cached,
        }
    for old in out.glob("perceptron_ref-*.whl"):  # another version's: not the image's
        if old.name != whl.name:
            old.unlink()
    for old in out.glob(f"{precompute.FOLDER}/*"):  # another configuration's entries
        if f"{precompute.FOLDER}/{old.name}" not in files:
            old.unlink()
    for name in sorted(files):
        target = out / name
        target.parent.mkdir(mode=0o700, exist_ok=True)
        target.write_bytes(files[name])
        target.chmod(
            0o755 if name == "perceptron-ref-grade" else 0o600 if name in cached else 0o644
        )
    return [out / name for name in sorted(files)]


def results(graded: dict[str, Any], problem: str) -> dict[str, Any]:
    """PrairieLearn's results.json of a graded hand-in (``graded``: what the grading child
    returns, Gradescope's ``results`` in it; ``problem``: why intake found nothing to run).

    A hand-in with nothing to run, or whose code could not be loaded (a syntax error, no
    entry function), is not gradable; so is one whose grading process died (the grader's
    fault, not the student's).  Otherwise the score is the points won over the points to win.
    """
    if problem:
        return {"gradable": False, "format_errors": [problem]}
    gradescope_results: dict[str, Any] = graded["results"]
    won, top = scoring.score(gradescope_results)
    verdict, reason = graded["row"]["verdict"], graded["row"]["reason"]
    if verdict == "error":
        why = reason.removeprefix("not graded: ").removesuffix("; run grade again for it")
        said = f"The grader itself failed ({why})"
        return {"gradable": False, "format_errors": [said + ": this costs you no attempt."]}
    if reason.startswith("load error:") and won == 0:
        return {"gradable": False, "format_errors": [graded["feedback"]]}
    if verdict == "ungradable" and won == 0:  # an assignment's: none of its code could run
        return {"gradable": False, "format_errors": [reason or graded["feedback"]]}
    tests = [
        {
            "name": t["name"],
            "points": t["score"],
            "max_points": t["max_score"],
            "output": t["output"],
        }
        for t in gradescope_results["tests"]
    ]
    document = {
        "gradable": True,
        "score": won / top if top else 0.0,
        "message": gradescope_results["output"],
        "tests": tests,
    }
    ran_in = gradescope_results.get("extra_data", {}).get("sandbox")
    if ran_in:  # for the instructor: PrairieLearn shows students only what it knows
        document["sandbox"] = ran_in
    return fit(document)


def text(document: dict[str, Any]) -> str:
    """results.json as written."""
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


def fit(document: dict[str, Any], limit: int = LIMIT) -> dict[str, Any]:
    """``document`` within ``limit`` bytes as written: the longest text, again and again, cut
    in its middle (its start and end say most: the data, then the w expected and got).

    >>> big = {"score": 0.5, "message": "x" * 5000, "tests": [{"output": "a" * 3000 + "b"}]}
    >>> small = fit(big, 2000)
    >>> len(text(small).encode()) <= 2000, small["score"], small["tests"][0]["output"][-1]
    (True, 0.5, 'b')
    """
    out: dict[str, Any] = json.loads(json.dumps(document))  # a copy, to cut
    while len(text(out).encode()) > limit:
        places = [(out, "message"), (out, "output")]
        places += [(t, "output") for t in out.get("tests", [])]
        held, key = max((p for p in places if isinstance(p[0].get(p[1]), str)),
                        key=lambda p: len(p[0][p[1]]))  # fmt: skip
        value: str = held[key]
        keep = len(value) // 4
        cut = len(value) - 2 * keep
        note = f"\n[... {cut} characters cut: PrairieLearn takes at most 1 MB of results ...]\n"
        assert len(note) < cut, "results.json too large, and nothing left to cut"
        held[key] = value[:keep] + note + value[-keep:]
    return out
