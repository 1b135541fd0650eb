"""Notebooks as candidates: IPython syntax removed, the top level kept to its imports,
definitions and constants (what is left out is listed), graded by crosscheck and by grade."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from perceptron_ref.crosscheck.candidates import notebooks, toplevel
from perceptron_ref.grading import intake
from tests.hostile import CANDIDATES

RIGHT = (CANDIDATES / "grading" / "alice.py").read_text()  # agrees with perceptron/mehta


def notebook(*cells: str | list[str]) -> str:
    code: list[dict[str, object]] = [
        {"cell_type": "code", "source": c, "metadata": {}, "outputs": [], "execution_count": None}
        for c in cells
    ]
    markdown = {"cell_type": "markdown", "source": "# My perceptron", "metadata": {}}
    return json.dumps(
        {"cells": [markdown, *code], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    )


def test_ipython_lines_are_left_out_and_listed_and_python_around_them_is_kept() -> None:
    done = notebooks.to_python(
        notebook(
            ["X0 = 1\n", "if X0:\n", "  !ls\n", "Y0 = X0 % 2\n", "z = !pwd\n", "%time Y0\n"],
            "%%html\n<b>",
            "%%time\nSTEP = 2\n",
        )
    )
    assert done.source.splitlines() == [
        "# cell 1",
        "X0 = 1",
        "if X0:",
        "  pass  # IPython: !ls",
        "Y0 = X0 % 2",
        "# cell 2",
        "# cell 3",
        "STEP = 2",
    ]
    assert done.left_out == (
        "cell 1: z = !pwd",
        "cell 1: %time Y0",
        "cell 2: %%html (not Python)",
    )
    compile(done.source, "nb", "exec")


def test_the_top_level_keeps_imports_definitions_and_constants_only() -> None:
    cells = [
        "import numpy as np\nimport matplotlib.pyplot as plt\nfrom fractions import Fraction",
        "import not_installed_anywhere as nope\nfrom mine import helper",
        "data = np.loadtxt('mine.csv')\nX, y = data[:, :2], data[:, 2]\nplt.scatter(X[:, 0], y)",
        "ETA: float = 0.5\nW0 = np.zeros(3)\nHALF = Fraction(1, 2)\nRNG = np.random.default_rng(0)",
        "SQUARES = [i * i for i in range(4)]\nsign = lambda v: 1 if v >= 0 else -1",
        "def train(X, y):\n    return np.zeros(X.shape[1])\nw = train(X, y)",
        "ORDER = sorted(range(3), key=train)\nFIT = train\nnp.random.seed(0)",
        "for epoch in range(10):\n    train(X, y)\nwith open('log.txt') as f:\n    pass",
        "if __name__ == '__main__':\n    train(X, y)\ntry:\n    import numba\nexcept ImportError:\n"
        "    numba = None",
        "print(train)\ntrain",
        "def broken(:\n    pass",
    ]
    there = {"numpy", "matplotlib", "fractions", "mine"}
    kept, left = toplevel.keep(cells, lambda m: m.split(".")[0] in there)
    code = [line for line in kept.splitlines() if not line.startswith("# cell")]
    assert code == [
        "import numpy as np",
        "import matplotlib.pyplot as plt",
        "from fractions import Fraction",
        "from mine import helper",
        "ETA: float = 0.5",
        "W0 = np.zeros(3)",
        "HALF = Fraction(1, 2)",
        "RNG = np.random.default_rng(0)",
        "SQUARES = [i * i for i in range(4)]",
        "sign = lambda v: 1 if v >= 0 else -1",
        "def train(X, y):",
        "    return np.zeros(X.shape[1])",
        "FIT = train",
        "try:",
        "    import numba",
        "except ImportError:",
        "    numba = None",
    ]
    assert left == [
        "cell 2: import not_installed_anywhere as nope",
        "cell 3: data = np.loadtxt('mine.csv')",
        "cell 3: X, y = data[:, :2], data[:, 2]",  # data was left out: so is what uses it
        "cell 3: plt.scatter(X[:, 0], y)",
        "cell 6: w = train(X, y)",
        "cell 7: ORDER = sorted(range(3), key=train)",  # it would run train
        "cell 7: np.random.seed(0)",
        "cell 8: for epoch in range(10):",
        "cell 8: with open('log.txt') as f:",
        "cell 9: if __name__ == '__main__':",
        "cell 10: print(train)",
        "cell 10: train",
        "cell 11: a syntax error (invalid syntax, line 1)",
    ]


def test_statements_sharing_a_line_are_kept_or_left_out_each_on_its_own() -> None:
    kept, left = toplevel.keep(["A = 1; print(A); B = A + 1"], lambda m: True)
    assert kept.splitlines()[1:] == ["A = 1", "B = A + 1"] and left == [
        "cell 1: A = 1; print(A); B = A + 1"
    ]


def test_a_notebook_that_loads_plots_and_trains_at_the_top_level_is_graded_on_its_function(
    tmp_path: Path,
) -> None:
    (tmp_path / "alice.ipynb").write_text(
        notebook(
            "%matplotlib inline\n!pip install numpy",
            "import numpy as np\ndata = np.loadtxt('mydata.csv')",
            RIGHT,
            "import matplotlib.pyplot as plt\nplt.plot([1, 2])\n"
            "print(train(data[:, :2], data[:, 2]))",
        )
    )
    command = [sys.executable, "-m", "perceptron_ref", "crosscheck", "perceptron/mehta",
               "--candidate", f"{tmp_path / 'alice.ipynb'}:train", "--examples", "4"]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "AGREE" in done.stdout, done.stdout + done.stderr
    assert "cell 2: data = np.loadtxt('mydata.csv')" in done.stderr
    assert "cell 1: %matplotlib inline" in done.stderr


def test_a_syntax_error_in_the_cell_defining_the_function_makes_the_hand_in_ungradable(
    tmp_path: Path,
) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.ipynb").write_text(
        notebook("import numpy as np", "def train(X, y)\n    return X[0]", "print(1")
    )
    (tmp_path / "in" / "b.ipynb").write_text(notebook(RIGHT, "print(1"))
    (tmp_path / "in" / "c.ipynb").write_text(notebook())
    found = {s.name: s for s in intake.intake(tmp_path / "in", tmp_path / "snap", "train")}
    assert found["a"].problem == (
        "syntax error: train() cannot be read, cell 2: a syntax error (expected ':', line 1)"
    )
    assert found["b"].entry is not None and found["b"].notes == (
        "Left out of your notebook when grading it (run at the top level they would load files, "
        "plot, or train on your own data; the grader keeps imports, definitions and constants): "
        "cell 2: a syntax error ('(' was never closed, line 1).",
    )
    assert found["c"].problem == "empty: the notebook has no code cells"
