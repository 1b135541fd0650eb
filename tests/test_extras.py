"""Install what you use: the extras, in step with pyproject; a command without its extra is one
line; the engine without numpy or numba gives the same traces and says so once.

The missing modules are simulated here, in a fresh interpreter, by a finder first on
``sys.meta_path`` that refuses them as a missing module is refused (``ModuleNotFoundError``,
for ``import`` and ``importlib.util.find_spec`` alike), so these tests are quick and run in
every environment; ``test_install.py`` checks the same on the real wheel installed alone in
fresh virtual environments.
"""

from __future__ import annotations

import re
import subprocess
import sys
from fractions import Fraction
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest
from packaging.markers import Marker

from perceptron_ref import extras, run
from perceptron_ref.engine import driver
from perceptron_ref.engine.scaled import from_rows

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10
    import tomli as tomllib


ROOT = Path(__file__).resolve().parent.parent
OPTIONAL = sorted(
    {m for modules in extras.EXTRAS.values() for m in modules} | {"scipy", "llvmlite"}
)
"""Every module an extra brings (and the two that come with them): blocked for "the core"."""
SIX = "-1,2,-1\n1,0,1\n1,1,1\n-1,0,-1\n-1,-2,-1\n1,-1,1\n"


def without(block: list[str] | tuple[str, ...]) -> str:
    """Python code that makes the top-level modules ``block`` (and theirs) missing."""
    return (
        "import sys\n"
        "class Missing:\n"
        "    @staticmethod\n"
        "    def find_spec(name, path=None, target=None):\n"
        f"        if name.partition('.')[0] in {sorted(block)!r}:\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "sys.meta_path.insert(0, Missing)\n"
    )


def python(code: str, block: list[str] | tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    """``python -c CODE`` in a fresh interpreter where the modules ``block`` are missing."""
    return subprocess.run([sys.executable, "-c", without(block) + code], capture_output=True,
                          text=True, check=False, timeout=600)  # fmt: skip


def cli(*argv: str, block: list[str] | tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    """``perceptron-ref ARGV`` in a fresh interpreter where the modules ``block`` are missing."""
    return python(f"from perceptron_ref.cli import main\nraise SystemExit(main({list(argv)!r}))\n",
                  block)  # fmt: skip


# --- the extras are pyproject's --------------------------------------------------------------


def requirement_names(specs: list[str], table: dict[str, list[str]]) -> set[str]:
    """The distributions ``specs`` name, self-references (perceptron-ref[x]) expanded."""
    names: set[str] = set()
    for spec in specs:
        if ";" in spec and not Marker(spec.split(";", 1)[1]).evaluate():
            continue  # e.g. tomli, for Python 3.10 only
        name = re.match(r"[A-Za-z0-9._-]+", spec)
        assert name, spec
        if name.group().lower() == "perceptron-ref":
            inner = re.search(r"\[(.*)\]", spec)
            assert inner, spec
            for extra in inner.group(1).split(","):
                names |= requirement_names(table[extra.strip()], table)
        else:
            names.add(name.group().lower())
    return names


def test_each_extra_brings_the_modules_extras_names() -> None:
    # Independent of extras.py: the installed distributions say which modules each provides.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    table: dict[str, list[str]] = project["optional-dependencies"]
    provided = metadata.packages_distributions()
    for extra, modules in extras.EXTRAS.items():
        wanted = requirement_names(table[extra], table)
        got = {d.lower() for m in modules for d in provided[m]}
        assert got == wanted, (extra, got, wanted)
    assert set(table) == {*extras.EXTRAS, "all", "dev"}
    assert requirement_names(table["all"], table) == {
        d for e in extras.EXTRAS for d in requirement_names(table[e], table)
    }
    # The core: Hypothesis only (the strategies, demo's campaign).
    assert [re.match(r"[\w-]+", d).group() for d in project["dependencies"]] == ["hypothesis"]  # type: ignore[union-attr]


def test_missing_and_has_ask_without_importing() -> None:
    code = (
        "from perceptron_ref import extras\n"
        "print(extras.has('numpy'), extras.missing('proofs'), extras.missing('grading'))\n"
        "print('numpy' in sys.modules, 'sympy' in sys.modules)\n"
    )
    done = python(code, block=["z3"])
    assert done.stdout.splitlines() == ["True ['z3'] []", "False False"], done.stderr


# --- a command without its extra: one line, status 2 -------------------------------------------

COMMANDS = [
    (("prove",), "prove", "proofs"),
    (("prove", "novikoff/mehta", "--no-kernel"), "prove", "proofs"),
    (("plot", "perceptron/mehta", "{six}", "--out", "{tmp}/p.png"), "plot", "plot"),
    (("plot-bound", "--out", "{tmp}/b.png"), "plot-bound", "plot"),
    (("crosscheck", "perceptron/mehta", "--candidate", "{alice}"), "crosscheck", "grading"),
    (("grade", "perceptron/mehta", "{grading}", "--out", "{tmp}/g.csv"), "grade", "grading"),
    (("gradescope", "perceptron/mehta", "{tmp}/gs"), "gradescope", "grading"),
    (("prairielearn", "perceptron/mehta", "{tmp}/pl"), "prairielearn", "grading"),
    (("audit", "{assignment}"), "audit", "grading"),
]


ASSIGNMENTS = ROOT / "reference" / "perceptron_ref" / "grading" / "assignments"


def fill(argv: tuple[str, ...], tmp_path: Path) -> list[str]:
    six = tmp_path / "six.csv"
    six.write_text(SIX, encoding="utf-8")
    places = {"six": six, "tmp": tmp_path, "alice": ROOT / "tests/candidates/grading/alice.py",
              "grading": ROOT / "tests/candidates/grading",
              "assignment": ASSIGNMENTS / "cmu-10601.toml"}  # fmt: skip
    return [a.format(**places) for a in argv]


@pytest.mark.parametrize(("argv", "command", "extra"), COMMANDS)
def test_a_command_without_its_extra_is_one_line(
    tmp_path: Path, argv: tuple[str, ...], command: str, extra: str
) -> None:
    done = cli(*fill(argv, tmp_path), block=extras.EXTRAS[extra])
    line = (
        f"perceptron-ref {command}: needs the {extra} extra: pip install 'perceptron-ref[{extra}]'"
    )
    assert (done.returncode, done.stdout, done.stderr) == (2, "", line + "\n")
    assert not list(tmp_path.glob("*/*")) and not (tmp_path / "g.csv").exists()  # nothing made
    # With the extra (this environment has them all) the same line is not printed.
    assert line not in cli("--help").stderr


@pytest.mark.parametrize("command", sorted({c for _, c, _ in COMMANDS}))
def test_the_help_of_a_command_needs_no_extra(command: str) -> None:
    done = cli(command, "--help", block=OPTIONAL)
    assert done.returncode == 0 and done.stdout.startswith(f"usage: perceptron-ref {command}")


def test_a_candidate_library_without_its_extra_is_one_line(tmp_path: Path) -> None:
    for library in ("sklearn", "river"):
        done = cli("crosscheck", "perceptron/mehta", "--candidate", library, block=[library])
        wanted = (f"perceptron-ref crosscheck: --candidate {library} needs the crosscheck extra: "
                  "pip install 'perceptron-ref[crosscheck]'\n")  # fmt: skip
        assert (done.returncode, done.stderr) == (2, wanted)


def test_an_unforeseen_missing_module_of_an_extra_is_still_one_line(tmp_path: Path) -> None:
    # The safety net: `grade` needs nbformat only for a notebook; were NEEDS to forget it, the
    # import error still becomes the one line (simulated: NEEDS emptied, nbformat blocked).
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "nb.ipynb").write_text('{"cells": []}', encoding="utf-8")
    code = (
        "import perceptron_ref.cli.crosscheck as c\nc.NEEDS = ()\n"
        "from perceptron_ref.cli import main\n"
        f"raise SystemExit(main(['crosscheck', 'perceptron/mehta', '--candidate', "
        f"{str(tmp_path / 'a' / 'nb.ipynb') + ':train'!r}, '--examples', '2']))\n"
    )
    done = python(code, block=["nbformat"])
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.stderr.splitlines()[-1] == (
        "perceptron-ref crosscheck: needs the grading extra: pip install 'perceptron-ref[grading]'"
    )
    assert done.returncode == 2


# --- the core's commands: the same output, numpy or not -----------------------------------------


def test_the_core_commands_give_the_same_output_without_any_extra(tmp_path: Path) -> None:
    six = tmp_path / "six.csv"
    six.write_text(SIX, encoding="utf-8")
    big = tmp_path / "big.csv"  # past run's 64 KiB: the fast reader and the engine, with numpy
    big.write_text("".join(f"{i % 7 - 3},{i % 5},{1 if i % 7 > 2 else -1}\n"
                           for i in range(12_000)), encoding="utf-8")  # fmt: skip
    for argv in (
        ("run", "perceptron/mehta", str(six)),
        ("run", "perceptron/gormley-batch", str(big), "--record", "summary", "--max-epochs", "30"),
        ("run", "perceptron/ssbd", str(big), "--epochs", "3", "--engine", "fast",
         "--record", "mistakes", "--format", "json"),
        ("run", "perceptron/voted", str(six), "--epochs", "2"),
    ):  # fmt: skip
        full, core = cli(*argv), cli(*argv, block=OPTIONAL)
        assert full.returncode == core.returncode == 0, core.stderr
        assert core.stdout == full.stdout and full.stderr == ""
        went_fast = argv[2] == str(big)  # what the engine would have run: said once
        note = ("perceptron-ref: the fast engine needs numpy (pip install 'perceptron-ref[fast]'): "
                "running the literal loops instead, the same trace\n")  # fmt: skip
        assert core.stderr == (note if went_fast else "")
    out = tmp_path / "vectors"
    assert (
        cli("vectors", str(out), "--algorithm", "perceptron/blum", block=OPTIONAL).returncode == 0
    )
    assert (out / "perceptron" / "blum.json").is_file()


def test_demo_without_the_proofs_extra_says_so_and_checks_the_rest() -> None:
    core = cli("demo", "--examples", "3", block=OPTIONAL)
    assert core.returncode == 0, core.stderr
    assert "Theorems (novikoff/mehta, novikoff/gormley, novikoff/press), all held:" in core.stdout
    assert core.stdout.rstrip().splitlines()[-1] == (
        "Proofs: not checked here (sympy and z3: pip install 'perceptron-ref[proofs]')"
    )


def test_the_testing_strategies_and_run_need_no_extra() -> None:
    code = (
        "from hypothesis import given, settings\n"
        "from perceptron_ref import run\n"
        "from perceptron_ref.testing import separable_data\n"
        "seen = []\n"
        "@settings(max_examples=5, database=None, derandomize=True)\n"
        "@given(separable_data(max_dimension=3, max_size=8))\n"
        "def check(d):\n"
        "    t = run('perceptron/mehta', d.X, d.y, epochs='converge')\n"
        "    seen.append(t.mistakes <= d.bound and t.status == 'converged')\n"
        "check()\n"
        "print(len(seen), all(seen), sorted(m for m in sys.modules if m in "
        f"{OPTIONAL!r}))\n"
    )
    done = python(code, block=OPTIONAL)
    assert done.stdout == "5 True []\n", done.stderr[-2000:]


# --- the engine without numba: numpy passes, the same trace -----------------------------------


def test_the_engine_without_numba_makes_its_passes_in_the_c_loops(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Past the rent, with no numba to buy, the passes stay in the loop that needs nothing
    # loaded: the C loops, which the set-up builds (numpy where they were not built).
    from perceptron_ref.engine import passes

    made: list[int] = []

    def spied(*args: Any, **options: Any) -> Any:
        made.append(1)
        return passes.c_pass(*args, **options)

    monkeypatch.setattr(driver, "c_pass", spied)
    X = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)] * 50
    y = [-1, 1, 1, -1, -1, 1] * 50
    monkeypatch.setattr(extras, "has", lambda module: module != "numba")
    monkeypatch.setattr(extras, "_NOTED", set())
    monkeypatch.setattr(driver, "LOAD_COST", 0.0)  # auto would load the compiled kernels at once
    data = from_rows([tuple(map(Fraction, x)) for x in X], y)
    options = {"bias": True, "eta": Fraction(1), "epochs": 4, "max_epochs": None, "record": "full"}
    trace = driver.drive("perceptron/mehta", "tie-positive", False, data, **options)  # type: ignore[arg-type]
    assert trace == run("perceptron/mehta", X, y, bias=True, epochs=4)
    err = capsys.readouterr().err
    assert err == (
        "perceptron-ref: the compiled kernels need numba (pip install 'perceptron-ref[fast]'): "
        "long runs make their passes in the C loops (or numpy), the same trace\n"
    )
    assert len(made) == 4  # each of the four epochs' passes
    with pytest.raises(extras.MissingExtra, match=r"the compiled kernels \(numba\) needs the fast"):
        driver.drive("perceptron/mehta", "tie-positive", False, data, kernel="compiled", **options)  # type: ignore[arg-type]
