"""The Gradescope autograder: ``autograder.zip`` with ``setup.sh``, ``run_autograder``, the
grading configuration, a wheel of this project and the pinned requirements, at the zip's root.

Gradescope builds one image from the zip (``setup.sh`` runs once, as root) and runs
``run_autograder`` in one container per submission.  ``setup.sh`` installs bubblewrap and the
base image's own Python (apt; Ubuntu 22.04's is 3.10, 24.04's 3.12), makes
``/autograder/venv`` and installs there the bundled wheel and its ``[grading]`` dependencies at
the versions of ``requirements-ubuntu-22.04.txt`` or ``-24.04.txt``, checked by their hashes
(:mod:`~perceptron_ref.grading.pins`); on another base it says why it cannot and fails.
``run_autograder`` grades ``ROOT/submission`` (``ROOT`` is ``$AUTOGRADER_ROOT``, else
``/autograder``) with ``ROOT/source/autograder.json`` (the algorithm, crosscheck's options and
the scored tests: edit it to change the weights) and writes ``ROOT/results/results.json``;
``$PERCEPTRON_REF_PYTHON`` names another Python with perceptron-ref installed (the tests use
this checkout's).  If the grader itself fails, a results.json still says so.

The wheel is built by ``pip wheel --no-deps`` from a copy of the project's sources, with
``SOURCE_DATE_EPOCH`` fixed, so the same sources give the same bytes; the zip's entries have
fixed dates and modes, in a fixed order.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from perceptron_ref.errors import InputError
from perceptron_ref.grading import pins, precompute

PROJECT = Path(__file__).resolve().parents[3]
EPOCH = "315532800"  # 1980-01-01, the earliest date a zip can hold
SETUP = """#!/bin/sh
# Gradescope runs this once, as root, when it builds the autograder's image: bubblewrap and a
# released Python from the base image's own packages, then perceptron-ref[grading] in
# /autograder/venv at the versions this autograder was built with, checked by their hashes.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
. /etc/os-release
LOCK="$HERE/requirements-$ID-$VERSION_ID.txt"
say() { echo "perceptron-ref's autograder: $*" >&2; }
if [ ! -f "$LOCK" ]; then
    say "it runs on Gradescope's Ubuntu 22.04 or 24.04 base image, not on ${PRETTY_NAME:-$ID}:"
    say "{unsupported}"
    exit 1
fi
if [ "$(uname -m)" != x86_64 ]; then
    say "it is pinned for x86_64, and this machine is $(uname -m)"
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends bubblewrap libseccomp2 python3 python3-venv
want=$(sed -n 's/^# python: //p' "$LOCK")
have=$(python3 -c 'import sys; v = sys.version_info; print("%d.%d" % v[:2], v.releaselevel)')
if [ "$have" != "$want final" ]; then
    say "$PRETTY_NAME's python3 is $have, not the released Python $want it was pinned for"
    exit 1
fi
python3 -m venv /autograder/venv
PIP="/autograder/venv/bin/python -m pip --disable-pip-version-check"
$PIP install --quiet --no-deps --only-binary :all: --require-hashes -r "$LOCK"
$PIP install --quiet --no-deps --no-index "$HERE/{wheel}"
$PIP check
"""
UNSUPPORTED = (
    "older Ubuntus have no released Python 3.10 or later of their own (20.04's python3.11 does "
    "not exist, 22.04's is a release candidate): choose Ubuntu 22.04 or 24.04 in the "
    "autograder's settings"
)
TARGETS = [pins.UBUNTU_22_04, pins.UBUNTU_24_04]
"""The base images the zip is pinned for: Gradescope's Ubuntu 22.04 (its python3 is 3.10) and
24.04 (3.12)."""
RUN = """#!/bin/sh
# Gradescope runs this for each submission: grade ROOT/submission, write ROOT/results/results.json.
ROOT="${AUTOGRADER_ROOT:-/autograder}"
PYTHON="${PERCEPTRON_REF_PYTHON:-$ROOT/venv/bin/python}"
mkdir -p "$ROOT/results"
cd "$ROOT" || exit 1
"$PYTHON" -I -m perceptron_ref.grading.autograder gradescope "$ROOT" "$ROOT/source/autograder.json"
status=$?
if [ "$status" -ne 0 ] && [ ! -s "$ROOT/results/results.json" ]; then
    said="The autograder itself failed (status $status): please tell your instructor."
    printf '{"score": 0, "output": "%s", "tests": []}\\n' "$said" >"$ROOT/results/results.json"
fi
exit 0
"""


def sources(into: Path) -> Path:
    """A clean copy of what the wheel is built from (no caches, no build leftovers)."""
    if not (PROJECT / "pyproject.toml").is_file():
        raise InputError(
            "perceptron-ref's sources are not here (an installed wheel): build the autograder "
            "from a checkout, or pass --wheel FILE"
        )
    skip = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", "*.pyc", "*.so")
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(PROJECT / name, into / name)
    for name in ("reference", "proofs", "spec/algorithms", "spec/theorems"):
        shutil.copytree(PROJECT / name, into / name, ignore=skip)
    return into


def wheel(into: Path) -> Path:
    """Build this project's wheel into ``into`` (``pip wheel --no-deps``, reproducible), pure
    Python (``PERCEPTRON_REF_PURE``: no C loops, whose build would tie it to this Python and
    machine): it is installed on the image's Python."""
    with tempfile.TemporaryDirectory(prefix="perceptron-ref-wheel-") as work:
        source = sources(Path(work))
        command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(into)]
        done = subprocess.run(
            [*command, str(source)],
            capture_output=True,
            text=True,
            env={**os.environ, "SOURCE_DATE_EPOCH": EPOCH, "PERCEPTRON_REF_PURE": "1"},
        )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise InputError(f"pip wheel failed: {last}")
    (built,) = into.glob("perceptron_ref-*.whl")
    return built


def _add(zipped: zipfile.ZipFile, name: str, data: bytes, mode: int) -> None:
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.external_attr = (0o100000 | mode) << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    zipped.writestr(info, data)


def build(
    outdir: str | Path,
    config: dict[str, Any],
    *,
    built: Path | None = None,
    pinned: Path | None = None,
) -> Path:
    """Write ``outdir/autograder.zip``; ``built``: a wheel to bundle instead of building one;
    ``pinned``: a folder with the requirements files of an earlier autograder, to use instead
    of resolving them (:mod:`~perceptron_ref.grading.pins`)."""
    out = Path(outdir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InputError(f"cannot write {outdir}: {error.strerror}") from None
    with tempfile.TemporaryDirectory(prefix="perceptron-ref-gradescope-") as work:
        whl = built if built is not None else wheel(Path(work))
        if not whl.is_file() or not whl.name.endswith(".whl"):
            raise InputError(f"{whl}: not a wheel file")
        target = out / "autograder.zip"
        setup = SETUP.replace("{wheel}", whl.name).replace("{unsupported}", UNSUPPORTED)
        files = {
            "autograder.json": (json.dumps(config, indent=1) + "\n").encode(),
            "run_autograder": RUN.encode(),
            "setup.sh": setup.encode(),
            whl.name: whl.read_bytes(),
            **pins.locks(whl, TARGETS, pinned),
        }
        cached = precompute.bundle(config)  # the reference's work, done once, here
        with zipfile.ZipFile(target, "w") as zipped:
            for name in sorted(files | cached):
                executable = name in ("run_autograder", "setup.sh")
                mode = 0o600 if name in cached else 0o755 if executable else 0o644
                _add(zipped, name, (files | cached)[name], mode)
    return target
