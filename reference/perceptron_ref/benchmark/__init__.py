"""``make bench`` (``python -m perceptron_ref.benchmark``): the whole command, measured in one run.

Issue 15's table, each row a ratio measured in this run beside its target:

1. the Coq benchmark files end to end, against their own C++ double build (-O2);
2. start-up: ``--version``, ``--help``, a run on a 6-line CSV, against ``import numpy``;
3. exact ingestion of a 10000×784 CSV (integers; two decimals a value) against
   ``numpy.loadtxt`` of the same file;
4. a long run with the default options (rocks_and_mines) and its memory;
5. many passes over a file read once (60000×784, ``--epochs 5`` against one epoch);
6. one pass against scikit-learn at several widths and lengths, weights compared;
7. the first run on a machine, with an empty compile cache;

and issue 6's: the engine against the literal loops on vec400_1, end to end; and issue 30's:

8. one pass of the numpy loop (what runs where the compiled kernels are not loaded) against
   scikit-learn at the same shapes, at least as fast;
9. a thousand one-pass runs in one fresh process: the later ones compiled, at least as fast
   as as many scikit-learn fits;
10. rocks_and_mines with the default options from an empty compile cache (a machine that
    has never compiled the kernels), at most 10 s.

Timings are taken on whatever machine runs this, other work included: the ratios, measured
pair by pair, are what count.  Writes ``out/bench.png``.
"""

from __future__ import annotations

import sys
import time

from perceptron_ref.benchmark import grading
from perceptron_ref.benchmark.common import NUMPY, OUT, ROOT, Row, measure


def main(argv: list[str] | None = None) -> int:
    from perceptron_ref.benchmark import pixels, whole
    from perceptron_ref.benchmark.plot import draw
    from perceptron_ref.engine import load

    runs = int((argv if argv is not None else sys.argv[1:] or ["7"])[0])
    OUT.mkdir(exist_ok=True)
    start = time.perf_counter()
    load(("uint8", "int8", "int16", "int32", "int64"))  # numba's cache, filled once a machine
    print(
        f"compiled kernels loaded in {time.perf_counter() - start:.1f} s (the first time on "
        "a machine they are compiled: that is the time a first long run adds once)\n"
    )
    floor = min((measure(NUMPY) for _ in range(3)), key=lambda r: r.peak)
    rows: list[Row] = []

    def show(new: list[Row]) -> None:
        for row in new:  # progress, as each row is measured
            rows.append(row)
            print("  ".join(row.cells()), flush=True)

    show(whole.coq_rows(runs))
    show(whole.startup_rows(runs))
    show(whole.ingestion_rows(max(3, runs // 2), floor))
    show(whole.long_rows())
    show(whole.cold_long_rows())
    show(whole.passes_rows(max(3, runs // 2), floor))
    show(pixels.sklearn_rows())
    show(pixels.numpy_rows())
    show(pixels.given_rows())
    show(pixels.many_rows())
    show(whole.cold_rows())
    show(whole.literal_rows())
    show(grading.rows())
    table = [["case", "measured (medians)", "ratio", "target", ""], *(r.cells() for r in rows)]
    widths = [max(len(cells[i]) for cells in table) for i in range(5)]
    print()
    for cells in table:
        print("  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip())
    missed = [r.case for r in rows if r.met is False]
    print(f"\n{len(rows) - len(missed)} of {len(rows)} rows meet their targets"
          + (f"; NOT met: {', '.join(missed)}" if missed else ""))  # fmt: skip
    draw(rows, OUT / "bench.png")
    print(f"plot: {(OUT / 'bench.png').relative_to(ROOT)}")
    return 0
