"""The sandbox side of a program hand-in: make its data files, run it, send back its files.

This source is not imported: :mod:`~perceptron_ref.crosscheck.candidates.programs` sends it as
the first line of stdin to ``python -I -c BOOT FOLDER`` in the sandbox (the package itself is
hidden there), so it imports nothing from ``perceptron_ref``.  ``FOLDER`` is the hand-in's
folder as this process sees it (read-only).  Each further line of stdin is one request::

    {"files": {"train.tsv": TEXT, ...}, "argv": [...], "stdin": NAME or "", "stdout": NAME
     or "", "outputs": [NAME, ...], "timeout": SECONDS, "build": [...] or []}

For each, a fresh copy of FOLDER is made in the scratch folder, the data files are written
into it (any file of the hand-in with an output's name is removed first), the program runs
there (``python``/``python3`` as the first word is this Python, the one with numpy) with its
own session, stdout and stderr going to files, and one JSON line answers: ``{"returncode":
N or null, "timed_out": bool, "outputs": {NAME: TEXT or null}, "stderr": TAIL, "seconds":
S}`` (``"error"`` instead when it cannot start).  A ``build`` command runs once, before the
first request, in a folder whose copies the runs start from.
"""

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

LIMIT = 1024 * 1024
"""Bytes of one output file sent back (more is cut, and says so)."""
PYTHON = re.compile(r"python(3(\.\d+)?)?")


def command(argv: list[str]) -> list[str]:
    """The command line with ``python`` meaning this Python (numpy and all)."""
    if argv and PYTHON.fullmatch(argv[0]):
        return [sys.executable, *argv[1:]]
    return list(argv)


def read(path: Path) -> str | None:
    """A file's text, at most LIMIT bytes (None when there is no such file)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(LIMIT + 1)
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return None
    except OSError as error:
        return f"<unreadable: {error.strerror}>"
    text = data[:LIMIT].decode("utf-8", "replace")
    return text + ("\n<cut: more than 1 MiB>" if len(data) > LIMIT else "")


def tail(path: Path, size: int = 2000) -> str:
    try:
        with open(path, "rb") as handle:
            handle.seek(max(0, os.path.getsize(path) - size))
            return handle.read().decode("utf-8", "replace")
    except OSError:
        return ""


def execute(
    argv: list[str], cwd: Path, stdin_path: Path | None, timeout: float
) -> tuple[int | None, bool, Path, Path, float]:
    """Run argv in cwd; (returncode or None, timed_out, stdout path, stderr path, seconds).
    Its stdout and stderr go to files beside cwd, not in it."""
    streams = Path(tempfile.mkdtemp(prefix="streams-"))
    out, err = streams / "stdout", streams / "stderr"
    started = time.monotonic()
    with open(out, "wb") as o, open(err, "wb") as e:
        stdin = open(stdin_path, "rb") if stdin_path else None  # noqa: SIM115
        try:
            process = subprocess.Popen(
                command(argv),
                cwd=cwd,
                stdin=stdin or subprocess.DEVNULL,
                stdout=o,
                stderr=e,
                start_new_session=True,
            )
        finally:
            if stdin is not None:
                stdin.close()
        code: int | None = None
        try:
            code, timed_out = process.wait(timeout=timeout), False
        except subprocess.TimeoutExpired:
            timed_out = True
        with contextlib.suppress(OSError):
            os.killpg(process.pid, signal.SIGKILL)  # what it left running
        if timed_out:
            process.wait()
    return code, timed_out, out, err, time.monotonic() - started


def answer(request: dict[str, Any], folder: Path, built: Path | None) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix="run-"))
    shutil.copytree(built or folder, work, dirs_exist_ok=True, symlinks=True)
    os.chmod(work, 0o700)
    for name in request["outputs"]:
        target = work / name
        if target.is_dir() and not target.is_symlink():
            shutil.rmtree(target)
        elif target.exists() or target.is_symlink():
            target.unlink()
    for name, text in request["files"].items():
        (work / name).write_text(text, encoding="utf-8")
    stdin = work / request["stdin"] if request["stdin"] else None
    try:
        code, timed_out, out, err, seconds = execute(
            request["argv"], work, stdin, request["timeout"]
        )
    except OSError as error:
        shutil.rmtree(work, ignore_errors=True)
        return {"error": f"cannot run {request['argv'][0]!r}: {error.strerror}"}
    outputs: dict[str, str | None] = {}
    for name in request["outputs"]:
        outputs[name] = read(out) if name == request["stdout"] else read(work / name)
    said = tail(err)
    shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(out.parent, ignore_errors=True)
    return {
        "returncode": code,
        "timed_out": timed_out,
        "outputs": outputs,
        "stderr": said,
        "seconds": round(seconds, 3),
    }


def build(request: dict[str, Any], folder: Path) -> tuple[Path | None, str]:
    """Run the build command once in a copy of the folder; (the copy, or None; an error)."""
    built = Path(tempfile.mkdtemp(prefix="built-"))
    shutil.copytree(folder, built, dirs_exist_ok=True, symlinks=True)
    code, timed_out, _, err, _ = execute(request["build"], built, None, request["timeout"])
    if timed_out or code != 0:
        why = "took too long" if timed_out else f"exited with status {code}"
        return None, f"the build command {' '.join(request['build'])!r} {why}: {tail(err, 400)}"
    return built, ""


def main() -> None:
    folder = Path(sys.argv[1])
    channel = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    built, failed = None, ""
    for raw in iter(sys.stdin.readline, ""):
        request = json.loads(raw)
        if request.get("build") and built is None and not failed:
            built, failed = build(request, folder)
        said = {"error": failed} if failed else answer(request, folder, built)
        channel.write(json.dumps(said) + "\n")
        channel.flush()


if __name__ == "__main__":
    main()
