"""``make bench`` (``python -m perceptron_ref.benchmark``): the fast engine, measured in one run.

Issue 6's benchmark.  Prints a table and writes ``out/bench.png``:

1. The Coq benchmark sets (``../shared/benchmarks/coq-perceptron/``; generated files of
   the same shape when the folder is absent): batch with bias until a clean pass,
   tie → mistake (``perceptron/gormley-online``, ``epochs="converge"``), read and run end
   to end by the literal reference and by the engine; the published figures of the
   Coq-extracted and C++ implementations are quoted from that folder's README.
2. 60000×784 integers 0..255 (uint8) labelled by a random integer hyperplane (points
   within a tenth of a standard deviation of it left out, so that a run converges in tens
   of passes): one pass and until convergence, the engine against scikit-learn's
   ``Perceptron`` set to the same algorithm (weights compared exactly), and against the
   literal reference on a slice; the engine's peak memory.
3. Scaling: the engine's time per pass as n and d double.

Timings are one run on a shared machine: the ratios, measured side by side, are what count.
"""

from __future__ import annotations

from typing import Any

from perceptron_ref.benchmark.common import OUT, ROOT


def main() -> int:
    from perceptron_ref.benchmark.coq import coq_section, published
    from perceptron_ref.benchmark.pixels import pixel_section, scaling_section
    from perceptron_ref.benchmark.plot import draw

    OUT.mkdir(exist_ok=True)
    table: list[list[str]] = []
    plot: dict[str, Any] = {"coq": [], "pixels": [], "scaling n": [], "scaling d": []}
    coq_ratio = coq_section(table, plot)
    facts = pixel_section(table, plot)
    scaling_section(table, plot)
    table.insert(0, ["case", "work", "baseline", "engine", "baseline / engine"])
    widths = [max(len(row[i]) for row in table) for i in range(5)]
    for row in table:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    print("\nPublished figures (quoted from ../shared/benchmarks/coq-perceptron/README.md):")
    print("\n".join("  " + line for line in published()))
    ratio, same_w = facts["one pass"]
    print("\nTargets (issue 6):")
    verdict = "met" if ratio >= 10 and same_w else "NOT met"
    print(f"  one pass 60000x784 >= 10x scikit-learn, identical weights: {ratio:.1f}x (median), "
          f"{'identical' if same_w else 'DIFFERENT'} -> {verdict}")  # fmt: skip
    print(f"  vec400_1 end to end >= 50x the literal reference: {coq_ratio:.0f}x -> "
          f"{'met' if coq_ratio >= 50 else 'NOT met'}")  # fmt: skip
    print(f"  peak memory 60000x784 <= 2x the int64 data: {facts['memory']:.2f}x -> "
          f"{'met' if facts['memory'] <= 2 else 'NOT met'}")  # fmt: skip
    draw(plot, OUT / "bench.png")
    print(f"\nplot: {(OUT / 'bench.png').relative_to(ROOT)}")
    return 0
