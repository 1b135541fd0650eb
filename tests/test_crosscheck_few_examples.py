"""Few data sets (``--examples 8``, an assignment's ``examples = 8``) still tell the usual wrong
loops apart (``crosscheck/data/separating.py``, ``check.py``'s ``_draw``,
``check_program.py``'s ``_separating``).

Before, eight data sets drawn at random left a loop that counts ``|w·x| ≤ 1e-6`` as a zero
score, and one in float32, with the reference's answers on all of them: full marks for wrong
code in a class graded with few data sets.  Checked here on code written by hand (not by the
bank the audit uses), against the reference's verdict with the default 50 data sets."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from perceptron_ref.crosscheck import crosscheck
from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.check_program import Spec, check_program
from perceptron_ref.crosscheck.data import separating
from perceptron_ref.crosscheck.judge.replay import scaled
from perceptron_ref.grading import assignment as A

LOOP = """\
import numpy as np

def train(X, y):
    X = np.hstack([np.ones((len(X), 1)), np.asarray(X, dtype=np.{dtype})])
    w = np.zeros(X.shape[1], dtype=np.{dtype})
    while True:
        clean = True
        for x, t in zip(X, y):
            s = w @ x
            if {mistake}:
                w += t * x  # in place: w stays in its dtype
                clean = False
        if clean:
            return w
"""

KINDS = {
    "right": ("float64", "t * s <= 0"),
    "tolerance": ("float64", "abs(s) <= 1e-6 or t * s < 0"),
    "float32": ("float32", "t * s <= 0"),
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_eight_data_sets_tell_a_tolerance_and_float32_apart(tmp_path: Path, kind: str) -> None:
    dtype, mistake = KINDS[kind]
    path = tmp_path / "p.py"
    path.write_text(LOOP.format(dtype=dtype, mistake=mistake))
    report = crosscheck("perceptron/gormley-online", f"{path}:train", epochs="converge",
                        bias=True, examples=8, timeout=30)  # fmt: skip
    assert report.verdict == ("agree" if kind == "right" else "disagree"), report.reason


def test_the_added_data_sets_are_ones_on_which_each_wrong_loop_answers_otherwise() -> None:
    """Independent of the trial: every wrong loop that some data set of the pool tells apart
    is told apart by one of the few drawn or added, each loop's answer computed here."""
    from perceptron_ref.crosscheck.data import tables

    algorithm, epochs = "perceptron/mehta", 2
    drawn = [c.train for c in tables.draw(4, seed=0, separable=False, bias=True)]
    pool = [c.train for c in tables.draw(48, seed=1, separable=False, bias=True)]
    added = separating.separating([(d, epochs) for d in drawn], pool, algorithm, epochs,
                                  bias=True)  # fmt: skip
    assert added and len(set(added)) == len(added)
    chosen = [*drawn, *(pool[i] for i in added)]
    small = [d for d in pool if separating._size(d) <= separating.SMALL]
    for wrong in separating.wrong_runs(algorithm, epochs):
        if any(_apart(wrong, d, algorithm, epochs) for d in small):
            assert any(_apart(wrong, d, algorithm, epochs) for d in chosen), wrong.name


def _apart(wrong: separating.Wrong, d: Data, algorithm: str, epochs: int) -> bool:
    s = scaled(*d, bias=True)
    return wrong.run(s) != separating.answer(s, algorithm, epochs)


def test_the_wrong_loops_are_the_ones_named() -> None:
    s = scaled([(1, 0), (Fraction(1, 2**30), 1)], [1, 1], bias=False)
    gormley = separating.wrong_runs("perceptron/gormley-online", 3)
    names = [w.name for w in gormley]
    assert names == ["tie-positive", "tie-negative", "a pass fewer", "a pass more", "one pass",
                     "tolerance 1e-6 around 0", "margin 1e-6", "float32"]  # fmt: skip
    # a score of 2⁻³⁰ after the first update: no mistake, but inside the tolerance
    told = {
        w.name for w in gormley if w.run(s) != separating.answer(s, "perceptron/gormley-online", 3)
    }
    assert {"tolerance 1e-6 around 0", "margin 1e-6"} <= told and "float32" not in told
    big = scaled([(2**24 + 1, 2**24, 0), (1, -1, 0)], [-1, -1], bias=False)
    f32 = next(w for w in separating.wrong_runs("perceptron/mehta", 1) if w.name == "float32")
    assert f32.run(big) != separating.answer(big, "perceptron/mehta", 1)
    assert separating.wrong_runs("perceptron/gormley-batch", 1) == []
    assert separating.wrong_runs("perceptron/voted", 1) == []


FLOAT32 = """\
import sys
import numpy as np

train, test, train_out, test_out, metrics_out, epochs = sys.argv[1:]
def read(path):
    rows = np.loadtxt(path, delimiter="\\t", skiprows=1, ndmin=2)
    X = np.hstack([np.ones((len(rows), 1)), rows[:, :-1]]).astype(np.{dtype})
    return X, np.where(rows[:, -1] > 0, 1, -1)
X, y = read(train)
Xt, yt = read(test)
w = np.zeros(X.shape[1], dtype=np.{dtype})
for _ in range(int(epochs)):
    for x, t in zip(X, y):
        if (1 if w @ x >= 0 else -1) != t:
            w = w + t * x
def labels(A):
    return np.where(A @ w >= 0, 1, -1)
p, pt = labels(X), labels(Xt)
open(train_out, "w").write("".join(("1" if v > 0 else "0") + "\\n" for v in p))
open(test_out, "w").write("".join(("1" if v > 0 else "0") + "\\n" for v in pt))
open(metrics_out, "w").write(
    "error(train): %.6f\\nerror(test): %.6f\\n" % (np.mean(p != y), np.mean(pt != yt)))
"""


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_a_program_graded_on_eight_pairs_of_files_is_told_from_float32(
    tmp_path: Path, dtype: str
) -> None:
    """CMU 10-601's program (labels and metrics only, no weights written) with examples = 8:
    a float32 program wrote the reference's labels on all eight, and got full marks."""
    cmu = A.read(A.example("cmu-10601"))
    assert cmu.program is not None
    (tmp_path / "perceptron.py").write_text(FLOAT32.format(dtype=dtype))
    spec = Spec(cmu.program, cmu.metrics, cmu.weights)
    r = check_program(spec, tmp_path, cmu.settings, epochs=cmu.program_epochs, examples=8,
                      timeout=30, explain_it=False)  # fmt: skip
    assert r.verdict == ("agree" if dtype == "float64" else "disagree"), r.reason
    assert r.cases > 8  # the added pairs of files are counted
