"""A 1-GB line, streamed through a pipe: bounded memory and one clear line (issue 7).

The command reads ``/dev/stdin`` while this test writes into the pipe from a generator,
1 MiB at a time (no file of that size is ever made).  Every reader (the CSV reader, the
engine's streaming reader, the Coq readers, the multiclass reader) must stop once the
line passes ``data.MAX_LINE`` bytes, print one line naming the stream, the line and the
problem, exit with 2, and have used a bounded amount of memory: the child process reports
its own peak resident memory (``resource.getrusage``) above what it had after its imports.
The reader stops after 32 MiB, so the 1-GiB line costs about as much as a 64-MiB one (a
second or two, most of it the child's start): it runs in the fast suite.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from perceptron_ref.data import MAX_LINE

MiB = 2**20
LIMIT = 5 * MAX_LINE
"""Peak memory allowed above the imports: a line of MAX_LINE bytes is held as bytes, as text
and as its fields, about four copies (measured: 136 MiB; 73 MiB for a line refused as too
long).  A reader holding the whole 1-GiB line would need more than 1 GiB."""

CHILD = """
import contextlib, io, json, resource, sys
import perceptron_ref.engine.coq, perceptron_ref.engine.stream, perceptron_ref.perceptron.multiclass
from perceptron_ref.cli import main
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
err = io.StringIO()
with contextlib.redirect_stderr(err):
    status = main(sys.argv[1:])
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"status": status, "stderr": err.getvalue(), "grew": (after - before) * 1024}))
"""


def stream(head: bytes, size: int, fill: bytes, tail: bytes) -> Iterator[bytes]:
    """head, then ``size`` bytes of ``fill`` repeated (no line end), then tail: 1 MiB at a time."""
    yield head
    chunk = fill * (MiB // len(fill))
    for _ in range(size // len(chunk)):
        yield chunk
    yield tail


def run_piped(argv: list[str], chunks: Iterator[bytes]) -> tuple[dict[str, object], int]:
    """Run the CLI on /dev/stdin, fed from chunks; its report and the bytes it took."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdin is not None and child.stdout is not None and child.stderr is not None
    written = 0

    def feed() -> None:
        nonlocal written
        assert child.stdin is not None
        try:
            for chunk in chunks:
                child.stdin.write(chunk)
                written += len(chunk)
            child.stdin.close()
        except (BrokenPipeError, ValueError):  # the reader stopped: what we want
            pass

    writer = threading.Thread(target=feed)
    writer.start()
    out = child.stdout.read()
    problems = child.stderr.read()
    child.wait(timeout=300)
    writer.join(timeout=60)
    assert child.returncode == 0, problems.decode()[-2000:]
    return json.loads(out), written


CASES = [
    (["run", "perceptron/mehta", "/dev/stdin"], b"1,2,1\n", b"1234567890", b",1\n", 2),
    (["run", "perceptron/mehta", "/dev/stdin", "--engine", "fast", "--record", "summary"],
     b"1,2,1\n", b"9", b",1\n", 2),
    (["run", "perceptron/mehta", "/dev/stdin"], b"\xef\xbb\xbf", b"1,", b"1\n", 1),
    (["run", "perceptron/mehta", "/dev/stdin", "--input-format", "coq"],
     b"1\n1\n1\n", b"7", b"\n", 4),
    (["run", "perceptron/mehta", "/dev/stdin", "--input-format", "coq", "--engine", "fast"],
     b"1\n1\n1\n", b"7 % 3", b"\n", 4),
    (["run", "perceptron/structured", "/dev/stdin"], b"1,2,a\n", b"1", b",b\n", 2),
]  # fmt: skip


def check(argv: list[str], head: bytes, fill: bytes, tail: bytes, line: int, size: int) -> None:
    report, written = run_piped(argv, stream(head, size, fill, tail))
    assert report["status"] == 2
    assert report["stderr"] == (
        f"perceptron-ref: error: /dev/stdin:{line}: line longer than {MAX_LINE} bytes\n"
    )
    grew = report["grew"]
    assert isinstance(grew, int)
    assert grew < LIMIT, grew // MiB
    assert written < MAX_LINE + 64 * MiB  # it stopped reading near the limit (pipe buffers)


@pytest.mark.parametrize(("argv", "head", "fill", "tail", "line"), CASES)
def test_a_1_gib_line_from_a_pipe_is_refused_in_bounded_memory(
    argv: list[str], head: bytes, fill: bytes, tail: bytes, line: int
) -> None:
    check(argv, head, fill, tail, line, 1024 * MiB)


def test_a_line_of_exactly_max_line_bytes_is_read() -> None:
    """The limit is the boundary: MAX_LINE bytes of one number are a line (then refused as
    a number too long, by numbers.MAX_DIGITS); the reader held it, in bounded memory."""
    assert MAX_LINE % MiB == 0
    tail = b"1" * (MiB - 2) + b",1\n"  # line 2: MAX_LINE bytes in all
    report, _ = run_piped(
        ["run", "perceptron/mehta", "/dev/stdin"], stream(b"1,2,1\n", MAX_LINE - MiB, b"1", tail)
    )
    assert report["status"] == 2
    assert report["stderr"] == (
        f"perceptron-ref: error: /dev/stdin:2: number too long ({MAX_LINE - 2} characters; "
        "limit 100000)\n"
    )
    grew = report["grew"]
    assert isinstance(grew, int)
    assert grew < LIMIT, grew // MiB


def test_a_good_file_from_a_pipe_reads_as_from_disk(tmp_path: Path) -> None:
    text = b"\xef\xbb\xbf# Gormley\r\n-1,2,-1\r\n1,0,1\r\n1,1,1\r\n-1,0,-1\r\n-1,-2,-1\r\n1,-1,1"
    piped = subprocess.run(
        [sys.executable, "-m", "perceptron_ref", "run", "perceptron/mehta", "/dev/stdin"],
        input=text, capture_output=True, check=True,
    )  # fmt: skip
    path = tmp_path / "g.csv"
    path.write_bytes(text)
    on_disk = subprocess.run(
        [sys.executable, "-m", "perceptron_ref", "run", "perceptron/mehta", str(path)],
        capture_output=True, check=True,
    )  # fmt: skip
    assert piped.stdout == on_disk.stdout and b"w = (3, 1)" in piped.stdout
