"""A fast reader of the Coq benchmark format, straight to scaled integers.

The format is :mod:`perceptron_ref.coq`'s (one number a line: n, d, then each vector's
label 0/1 and its d features).  The published files write every feature as ``p % q``;
for such a file this reader checks the layout on the whole byte string at once
(``%`` and line ends must alternate: one fraction a line), converts all 2·n·d integers in
one sweep, and scales them by the lcm D of the reduced denominators: the
:class:`~perceptron_ref.engine.scaled.Scaled` data the engine runs on, with no Fraction
built.  Any other file (integers, decimals, blank lines in odd places, a malformed line)
goes to the exact reader :func:`perceptron_ref.coq.read_coq`, which gives the same data
or the same one-line error: this reader never decides a file is bad on its own.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "demo.dat"
>>> _ = path.write_text("2\\n2\\n1\\n1 % 2\\n-3 % 4\\n0\\n-3/9\\n2 % 1\\n")
>>> s = read_coq_scaled(path)
>>> s.X.tolist(), s.y.tolist(), s.scale
([[6, -9], [-4, 24]], [1, -1], 12)
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from perceptron_ref.coq import read_coq
from perceptron_ref.engine.scaled import Scaled, from_rows, narrowest

LABELS = {b"0": -1, b"1": 1}
_NOT_SEPARATORS = b"0123456789+- \t\r"


def read_coq_scaled(path: str | Path) -> Scaled:
    """The file's examples as scaled integers (exactly what ``read_coq`` reads, times D)."""
    try:
        data = Path(path).read_bytes()
    except OSError:
        data = b""  # read_coq raises the one-line error
    fast = _fast(data.removeprefix(b"\xef\xbb\xbf"))
    if fast is not None:
        return fast
    exact = read_coq(path)
    return from_rows(exact.X, exact.y)


def _fast(data: bytes) -> Scaled | None:
    """The fraction-per-line layout in bulk, or None for anything else."""
    lines = data.splitlines()
    if any(not line.strip() for line in lines):
        return None
    try:
        n, d = int(lines[0]), int(lines[1])
    except (IndexError, ValueError):
        return None
    if n < 1 or d < 1 or len(lines) != 2 + n * (d + 1):
        return None
    body = lines[2:]
    labels = [LABELS.get(label.strip()) for label in body[0 :: d + 1]]
    if None in labels:
        return None
    del body[0 :: d + 1]
    joined = b"\n".join(body).replace(b"/", b"%")
    if joined.translate(None, _NOT_SEPARATORS) != b"%\n" * (len(body) - 1) + b"%":
        return None  # not exactly one fraction a line (or a character we do not read fast)
    try:
        numbers = list(map(int, joined.replace(b"\n", b"%").split(b"%")))
    except ValueError:
        return None  # e.g. "1-2": the exact reader says what is wrong
    p, q = numbers[0::2], numbers[1::2]
    if not all(q):
        return None  # a zero denominator: the exact reader names the line
    lo, hi = min(min(p), min(q)), max(max(p), max(q))
    if narrowest(lo, hi) is None:
        return None  # beyond int64: rare enough for the exact path
    P, Q = np.array(p, dtype=np.int64), np.array(q, dtype=np.int64)
    G = np.gcd(P, Q) * np.sign(Q)  # reduce p/q, denominator positive
    P, Q = P // G, Q // G
    D = math.lcm(*np.unique(Q).tolist())
    M = max(-lo, hi) * D  # bounds every |p|·D/q (reducing p/q only lowers |p|)
    if narrowest(-M, M) is None:
        return None  # the scaled data need Python ints: the exact path builds them
    X = (P * (D // Q)).reshape(n, d)
    t = narrowest(int(X.min()), int(X.max()))
    assert t is not None
    return Scaled(np.ascontiguousarray(X, dtype=t), np.array(labels, dtype=np.int8), D)
