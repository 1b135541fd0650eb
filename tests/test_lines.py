"""Reading lines (``data._lines``): universal newlines across read blocks, and the line limit
``data.MAX_LINE`` (32 MiB), in process at its exact boundary and for a 1-GB line from a pipe.

In process: the real ``MAX_LINE`` and ``BLOCK`` (1 MiB), as the reader runs them, on files of
33 to 34 MiB written to ``tmp_path`` in one call (each reads in a fraction of a second): a
line of exactly MAX_LINE bytes is read whatever ends it (LF, CRLF, a lone CR, a CR at a block's
end), one byte more is refused naming its line.  (mutmut only runs the tests it saw calling a
function in-process, so these boundaries are not left to the subprocess tests.)

A 1-GB line, streamed through a pipe (issue 7): the command reads ``/dev/stdin`` while this test
writes into the pipe from a generator, 1 MiB at a time (no file of that size is ever made).
Every reader (the CSV reader, the engine's streaming reader, the Coq readers, the multiclass
reader) must stop once the line passes ``data.MAX_LINE`` bytes, print one line naming the
stream, the line and the problem, exit with 2, and have used a bounded amount of memory: the
child process reports its own peak resident memory (``resource.getrusage``) above what it had
after its imports.  The reader stops after 32 MiB, so the 1-GiB line costs about as much as a
64-MiB one (a second or two, most of it the child's start): it runs in the fast suite.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from perceptron_ref.data import BLOCK, MAX_LINE, read_csv
from tests.helpers import problem


@pytest.fixture(autouse=True)
def _remove_big_files(tmp_path: Path) -> Iterator[None]:
    """Files of 33 MiB are not left behind in pytest's kept temporary folders."""
    yield
    for path in tmp_path.iterdir():
        path.unlink()


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


# --- data._lines: line ends across blocks, and the MAX_LINE limit ----------------------------


def test_crlf_split_across_two_blocks_ends_one_line(tmp_path: Path) -> None:
    # Line 1 is a comment of BLOCK - 1 bytes, so its "\r" is the last byte of the first block
    # and its "\n" the first of the second: one line end "\r\n", not two.  "1,1" is line 2.
    assert BLOCK == 2**20
    path = tmp_path / "split.csv"
    path.write_bytes(b"#" + b"x" * (BLOCK - 2) + b"\r\n" + b"1,1\r\n")
    data = read_csv(path)
    rows = data.X
    assert rows == ((Fraction(1),),)
    assert data.y == (1,)
    assert data.lines == (2,)


@pytest.mark.parametrize("end", [b"\r", b"\n", b"\r\n"], ids=["cr", "lf", "crlf"])
def test_a_file_of_short_lines_is_read_whatever_its_size(tmp_path: Path, end: bytes) -> None:
    # 34,000 comment lines of about 1,000 bytes, every one ended by the same line end (a lone
    # "\r" is old Mac style), then "2,-1": more than MAX_LINE bytes in all, but no line is long.
    count = 34_000
    assert count * 1000 > MAX_LINE
    path = tmp_path / "short.csv"
    path.write_bytes((b"#" + b"x" * 998 + end) * count + b"2,-1" + end)
    data = read_csv(path)
    rows = data.X
    assert rows == ((Fraction(2),),)
    assert data.y == (-1,)
    assert data.lines == (count + 1,)


def test_a_line_of_exactly_max_line_bytes_after_a_lone_cr_is_read(tmp_path: Path) -> None:
    # Line 1: a comment ended by "\n" at byte BLOCK - 2 of the file; line 2: empty, ended by the
    # lone "\r" that is the first block's last byte; line 3: a comment of exactly MAX_LINE bytes
    # ("at most MAX_LINE bytes each"); line 4: "1,1".
    path = tmp_path / "edge.csv"
    path.write_bytes(
        b"#" + b"x" * (BLOCK - 3) + b"\n\r" + b"#" + b"y" * (MAX_LINE - 1) + b"\n1,1\n"
    )
    data = read_csv(path)
    assert data.y == (1,)
    assert data.lines == (4,)


def test_a_line_of_max_line_bytes_ended_by_cr_just_before_a_block_end_is_read(
    tmp_path: Path,
) -> None:
    # Line 1 is BLOCK - 2 bytes with its "\n"; line 2, a comment of exactly MAX_LINE bytes,
    # ends with a lone "\r" at byte 33·BLOCK - 2, the last block's second-to-last byte;
    # line 3 is "1,1".
    path = tmp_path / "edge.csv"
    path.write_bytes(b"#" + b"x" * (BLOCK - 4) + b"\n" + b"#" + b"y" * (MAX_LINE - 1) + b"\r1,1\n")
    assert BLOCK - 3 + 1 + MAX_LINE == 33 * BLOCK - 2  # where that "\r" is
    data = read_csv(path)
    assert data.y == (1,)
    assert data.lines == (3,)


def test_a_line_longer_than_max_line_is_refused_naming_its_line(tmp_path: Path) -> None:
    # Line 2 is a comment of MAX_LINE + BLOCK + 1 bytes: far over the limit, refused with the
    # documented message, naming line 2; line 3 is never read.
    path = tmp_path / "long.csv"
    path.write_bytes(b"1,1\n#" + b"z" * (MAX_LINE + BLOCK) + b"\n1,1\n")
    assert MAX_LINE == 33_554_432
    assert problem(read_csv, path) == f"{path}:2: line longer than 33554432 bytes"


def test_a_line_of_max_line_plus_1_bytes_is_refused_though_it_ends_in_the_next_block(
    tmp_path: Path,
) -> None:
    # "Longest line accepted" is MAX_LINE: line 1 has MAX_LINE + 1 bytes ("#" and MAX_LINE
    # y's), so it is refused, though its line end comes in the same block as its last bytes.
    path = tmp_path / "long.csv"
    path.write_bytes(b"#" + b"y" * MAX_LINE + b"\n1,1\n")
    assert problem(read_csv, path) == f"{path}:1: line longer than {MAX_LINE} bytes"


def test_a_line_of_max_line_bytes_whose_lone_cr_ends_a_block_is_read(tmp_path: Path) -> None:
    # Line 1 takes BLOCK - 1 bytes with its "\n"; line 2, a comment of exactly MAX_LINE bytes,
    # is ended by a lone "\r" at byte BLOCK - 1 + MAX_LINE = 33·BLOCK - 1, the last byte of a
    # block (held back, as it might be half of a "\r\n"); line 3 is "1,1".
    path = tmp_path / "edge.csv"
    path.write_bytes(b"#" + b"x" * (BLOCK - 3) + b"\n" + b"#" + b"y" * (MAX_LINE - 1) + b"\r1,1\r")
    assert BLOCK - 1 + MAX_LINE == 33 * BLOCK - 1
    data = read_csv(path)
    assert data.y == (1,)
    assert data.lines == (3,)


def test_a_line_of_max_line_bytes_ended_by_crlf_is_read(tmp_path: Path) -> None:
    # Line 1 has exactly MAX_LINE bytes; its line end is "\r\n" (the "\r" is byte MAX_LINE,
    # the "\n" byte MAX_LINE + 1: the line is measured to the "\r", where it ends).
    path = tmp_path / "crlf.csv"
    path.write_bytes(b"#" + b"y" * (MAX_LINE - 1) + b"\r\n1,1\r\n")
    data = read_csv(path)
    assert data.y == (1,)
    assert data.lines == (2,)


def test_a_last_line_of_max_line_plus_1_bytes_without_line_end_is_refused(
    tmp_path: Path,
) -> None:
    # A final line needs no line end; this one, "1,1" then MAX_LINE - 2 spaces, has MAX_LINE + 1
    # bytes: refused, naming line 2.
    path = tmp_path / "tail.csv"
    path.write_bytes(b"1,1\n" + b"1,1" + b" " * (MAX_LINE - 2))
    assert problem(read_csv, path) == f"{path}:2: line longer than {MAX_LINE} bytes"


def test_a_line_of_max_line_plus_1_bytes_after_a_lone_cr_is_refused(tmp_path: Path) -> None:
    # As in the test above, line 2 is empty, ended by a lone "\r" that is the first block's
    # last byte; line 3, a comment of MAX_LINE + 1 bytes, is one byte too long: refused,
    # naming line 3.
    path = tmp_path / "edge.csv"
    path.write_bytes(b"#" + b"x" * (BLOCK - 3) + b"\n\r" + b"#" + b"y" * MAX_LINE + b"\n1,1\n")
    assert problem(read_csv, path) == f"{path}:3: line longer than {MAX_LINE} bytes"


def test_a_bad_byte_in_an_unterminated_last_line_names_the_file(tmp_path: Path) -> None:
    # The last line needs no line end; its byte 0xff is still reported with file and line.
    path = tmp_path / "tail.csv"
    path.write_bytes(b"1,1\n1,\xff")
    assert problem(read_csv, path) == f"{path}:2: not UTF-8 text (byte 0xff at byte 3)"
