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

from pathlib import Path

import numpy as np

from perceptron_ref.coq import read_coq
from perceptron_ref.engine.scaled import Scaled, from_rows, narrowest
from perceptron_ref.engine.scan import scan


def read_coq_scaled(path: str | Path) -> Scaled:
    """The file's examples as scaled integers (exactly what ``read_coq`` reads, times D)."""
    try:  # a pipe (not a regular file) can be read once: by the exact, line-bounded reader
        data = Path(path).read_bytes() if Path(path).is_file() else b""
    except OSError:
        data = b""  # read_coq raises the one-line error
    fast = _fast(data.removeprefix(b"\xef\xbb\xbf"))
    if fast is not None:
        return fast
    exact = read_coq(path)
    return from_rows(exact.X, exact.y)


def _fast(data: bytes) -> Scaled | None:
    """The fraction-per-line layout in one compiled sweep, or None for anything else."""
    first = data.find(b"\n")
    second = data.find(b"\n", first + 1)
    header = (data[:first], data[first + 1 : second])
    if first < 0 or second < 0 or not all(_count(h) for h in header):
        return None  # bytes.isdigit: ASCII digits only, as the exact reader wants
    n, d = int(header[0]), int(header[1])
    if n < 1 or d < 1 or n * d * 4 > len(data):
        return None  # each feature takes 4 bytes or more ("1%1\n"): the arrays fit the file
    buf = np.frombuffer(data, dtype=np.uint8)
    P, Q = np.empty(n * d, dtype=np.int64), np.empty(n * d, dtype=np.int64)
    y, lcm = np.empty(n, dtype=np.int8), np.ones(1, dtype=np.int64)
    if scan(buf, second + 1, n, d, P, Q, y, lcm) != len(buf):
        return None  # not one `p % q` a line, a zero denominator, more lines: the exact reader
    D = int(lcm[0])
    M = int(np.abs(P).max()) * D  # bounds every |p|·D/q
    if narrowest(-M, M) is None:
        return None  # the scaled data need Python ints: the exact path builds them
    X = (P * (D // Q)).reshape(n, d)
    t = narrowest(int(X.min()), int(X.max()))
    assert t is not None
    return Scaled(np.ascontiguousarray(X, dtype=t), y, D)


def _count(header: bytes) -> bool:
    """Is this header line a count the exact reader takes (1 to 18 ASCII digits)?"""
    h = header.strip()
    return h.isdigit() and len(h) <= 18
