"""The wheel a user installs (issue 28): built by ``python -m build`` from a clean copy of the
sources, its metadata as PyPI renders it (``twine check --strict``), then installed alone in
fresh virtual environments, one for the core and one for each extra, with pip as a user runs
it.  In each, a smoke command of what it is for; in the core, every command that needs an
extra prints its one line.  Each environment's installed size (the files added to its
site-packages) must be the README's install table's, within :data:`SLACK`.

The environments install from the package index pip is configured with, as a user's do; they
take about three minutes in all (most of it unpacking numpy, numba, sympy, scipy); ``[all]``
(740 MB) is marked ``slow``: ``make test-deep`` installs and checks it.
"""

from __future__ import annotations

import email.parser
import json
import os
import re
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

import perceptron_ref
from perceptron_ref import extras
from perceptron_ref.grading import gradescope

ROOT = Path(__file__).resolve().parent.parent
SIX = "-1,2,-1\n1,0,1\n1,1,1\n-1,0,-1\n-1,-2,-1\n1,-1,1\n"
ALICE = ROOT / "tests" / "candidates" / "grading" / "alice.py"  # right, numpy, Mehta's rule
SLACK = 0.2
"""How far a measured size may be from the README's (new releases of the dependencies)."""
OPTIONAL = {"numpy", "numba", "llvmlite", "sympy", "mpmath", "z3-solver", "matplotlib",
            "nbformat", "scikit-learn", "scipy", "river", "pandas"}  # fmt: skip


@dataclass(frozen=True)
class Venv:
    path: Path
    size: int
    """Bytes its install added to site-packages."""

    def bin(self, name: str) -> str:
        return str(self.path / "bin" / name)

    def run(self, *argv: str, cwd: Path, check: bool = True) -> subprocess.CompletedProcess[str]:
        """A command of this environment, as a user runs it: nothing of the checkout in sight."""
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
        done = subprocess.run([*argv], capture_output=True, text=True, cwd=cwd, env=env,
                              timeout=900, check=False)  # fmt: skip
        if check:
            assert done.returncode == 0, (argv, done.stdout[-2000:], done.stderr[-2000:])
        return done

    def cli(self, *argv: str, cwd: Path, check: bool = True) -> subprocess.CompletedProcess[str]:
        return self.run(self.bin("perceptron-ref"), *argv, cwd=cwd, check=check)

    def python(self, code: str, *, cwd: Path) -> str:
        return self.run(self.bin("python"), "-c", code, cwd=cwd).stdout

    def distributions(self, cwd: Path) -> set[str]:
        listed = self.run(self.bin("python"), "-m", "pip", "list", "--format", "json", cwd=cwd)
        return {d["name"].lower() for d in json.loads(listed.stdout)} - {"pip", "setuptools"}


def site_size(path: Path) -> int:
    (site,) = path.glob("lib/python3*/site-packages")
    return sum(f.stat().st_size for f in site.rglob("*") if f.is_file() and not f.is_symlink())


def make_venv(path: Path, spec: str) -> Venv:
    subprocess.run([sys.executable, "-m", "venv", str(path)], check=True)
    before = site_size(path)
    pip = [str(path / "bin" / "python"), "-m", "pip", "install", "--quiet", spec]
    done = subprocess.run(pip, capture_output=True, text=True, check=False, timeout=1800)
    assert done.returncode == 0, done.stderr[-3000:]
    return Venv(path, site_size(path) - before)


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    work = tmp_path_factory.mktemp("dist")
    (work / "src").mkdir()
    source = gradescope.sources(work / "src")
    build = [sys.executable, "-m", "build", "--outdir", str(work / "out"), str(source)]
    done = subprocess.run(build, capture_output=True, text=True, check=False, timeout=900)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    (wheel,) = (work / "out").glob("*.whl")
    (sdist,) = (work / "out").glob("*.tar.gz")
    return {"wheel": wheel, "sdist": sdist}


@pytest.fixture(scope="module")
def core(dist: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Venv:
    return make_venv(tmp_path_factory.mktemp("venv") / "core", str(dist["wheel"]))


def readme_sizes() -> dict[str, int]:
    """The install table of the README: megabytes by extra ("" for the core)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `pip install '?perceptron-ref(?:\[(\w+)\])?'?` \|.*\| (\d+) MB \|$",
                      text, flags=re.MULTILINE)  # fmt: skip
    return {extra: int(mb) for extra, mb in rows}


def assert_size(extra: str, measured: int) -> None:
    table = readme_sizes()
    mb = measured / 1e6
    assert extra in table, f"README's install table has no row for [{extra}] ({mb:.0f} MB)"
    assert abs(table[extra] - mb) <= max(SLACK * mb, 2), (
        f"README says {table[extra]} MB for [{extra or 'core'}]: measured {mb:.0f} MB"
    )


# --- the sdist and the wheel -----------------------------------------------------------------


def test_the_metadata_renders_as_pypi_shows_it(dist: dict[str, Path]) -> None:
    twine = [sys.executable, "-m", "twine", "check", "--strict", *map(str, dist.values())]
    done = subprocess.run(twine, capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.count("PASSED") == 2, done.stdout + done.stderr
    with zipfile.ZipFile(dist["wheel"]) as wheel:
        (name,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
        meta = email.parser.Parser().parsestr(wheel.read(name).decode("utf-8"))
        files = set(wheel.namelist())
    assert meta["Name"] == "perceptron-ref" and meta["Version"] == perceptron_ref.__version__
    assert meta["Requires-Python"] == ">=3.10" and meta["License-Expression"] == "MIT"
    assert meta["Description-Content-Type"] == "text/markdown"
    assert str(meta.get_payload()).startswith("# perceptron-ref\n")  # the README, whole
    classifiers = meta.get_all("Classifier", [])
    assert (
        "Typing :: Typed" in classifiers and "Programming Language :: Python :: 3.10" in classifiers
    )
    assert meta.get_all("Project-URL")
    unconditional = [r for r in meta.get_all("Requires-Dist", []) if "extra ==" not in r]
    assert unconditional == ["hypothesis>=6.100"]  # the core
    assert set(meta.get_all("Provides-Extra", [])) == {*extras.EXTRAS, "all", "dev"}
    for needed in ("perceptron_ref/py.typed", "perceptron_ref/vectorkit/schema.json",
                   "perceptron_ref_proofs/__init__.py",
                   "perceptron_ref_spec/theorems/novikoff/mehta.md",
                   "perceptron_ref_spec/algorithms/perceptron/mehta.md",
                   "perceptron_ref/engine/_native.pyi"):  # fmt: skip
        assert needed in files, needed
    # The float pass's C loops, built (a C compiler is here), so the wheel is this Python's
    (c_loops,) = [n for n in files if n.startswith("perceptron_ref/engine/_native.")
                  and n.endswith(".so")]  # fmt: skip
    assert "-none-any" not in dist["wheel"].name and c_loops
    with tarfile.open(dist["sdist"]) as sdist:  # and the sdist builds them where it is installed
        names = {n.partition("/")[2] for n in sdist.getnames()}
    assert {"setup.py", "reference/perceptron_ref/engine/_native.c"} <= names


def test_a_pure_wheel_is_built_for_the_platforms(tmp_path: Path) -> None:
    # The graders bundle a wheel installed on the image's Python: no C loops tied to this one.
    built = gradescope.wheel(tmp_path)
    assert built.name.endswith("-py3-none-any.whl"), built.name
    with zipfile.ZipFile(built) as wheel:
        assert not [n for n in wheel.namelist() if n.endswith(".so")]


# --- installs without a C compiler -----------------------------------------------------------

FLOAT_PASS = (  # slide 15's run as floats: 3 mistakes, w = (3, 1); which loop made it
    "import sys, numpy as np\nfrom perceptron_ref.engine import dyadic_compiled as dc\n"
    "X = np.array([[-1, 2], [1, 0], [1, 1], [-1, 0], [-1, -2], [1, -1]], dtype=float)\n"
    "y = np.array([-1, 1, 1, -1, -1, 1], dtype=np.int8)\nW = [0, 0]\n"
    "print(dc.here(), dc.compiled_dyadic_pass(X, y, W, 0, 2), W, 'numba' in sys.modules)\n"
)


def no_compiler(venv: Path) -> dict[str, str]:
    """The environment of a machine with no C compiler: nothing on PATH but the venv's own
    programs and /bin's (gcc and cc are in /usr/bin), and CC naming a command that fails."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    return env | {"PATH": f"{venv / 'bin'}:/bin", "CC": "false"}


def install_plainly(venv: Path, *specs: str) -> subprocess.CompletedProcess[str]:
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--disable-pip-version-check"]
    done = subprocess.run([*pip, *specs], capture_output=True, text=True, env=no_compiler(venv),
                          check=False, timeout=900)  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return done


def run_plainly(venv: Path, code: str) -> str:
    """What ``code`` prints, run by the venv's Python where no C compiler is, in its folder."""
    ran = subprocess.run([str(venv / "bin" / "python"), "-c", code], cwd=venv, text=True,
                         env=no_compiler(venv), capture_output=True, check=False)  # fmt: skip
    assert ran.returncode == 0, ran.stderr[-2000:]
    return ran.stdout


def test_make_wheels_builds_manylinux_wheels_that_need_no_compiler(tmp_path: Path) -> None:
    # What a release publishes: the sdist and a wheel per Python, each with the C loops, so
    # that pip install on a machine with no C compiler gets them (issue 30's target 4).
    def wheels(out: Path) -> dict[str, bytes]:
        make = ["make", "-s", "wheels", f"DIST={out}", f"PYTHONS={sys.executable}"]
        done = subprocess.run(make, cwd=ROOT, capture_output=True, text=True, check=False,
                              timeout=900)  # fmt: skip
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
        return {p.name: p.read_bytes() for p in sorted(out.iterdir())}

    built = wheels(tmp_path / "dist")
    (wheel,) = [name for name in built if name.endswith(".whl")]
    assert len(built) == 2 and f"perceptron_ref-{perceptron_ref.__version__}.tar.gz" in built
    here = f"cp{sys.version_info[0]}{sys.version_info[1]}"
    assert wheel.startswith(f"perceptron_ref-{perceptron_ref.__version__}-{here}-{here}-"), wheel
    assert f"manylinux2014_{os.uname().machine}" in wheel, wheel  # auditwheel's tag
    with zipfile.ZipFile(tmp_path / "dist" / wheel) as z:
        c_loops = "perceptron_ref/engine/_native" + sysconfig.get_config_var("EXT_SUFFIX")
        assert c_loops in z.namelist()
    again = wheels(tmp_path / "again")
    assert again[wheel] == built[wheel]  # the same sources, the same bytes
    venv = tmp_path / "venv"
    install_plainly(venv, "--only-binary", ":all:", "numpy", str(tmp_path / "dist" / wheel))
    assert run_plainly(venv, FLOAT_PASS) == "c 3 [3, 1] False\n"  # C's loops; numba not installed


def test_the_sdist_installs_where_no_c_compiler_is(dist: dict[str, Path], tmp_path: Path) -> None:
    # setup.py's extension is optional: where it cannot be built the install goes on, and the
    # same float pass runs in numpy (numba's kernels when loaded), the same trace.
    venv = tmp_path / "venv"
    done = install_plainly(venv, "--verbose", "--no-binary", "perceptron-ref", "numpy",
                           str(dist["sdist"]))  # fmt: skip
    assert "perceptron_ref.engine._native" in done.stdout + done.stderr  # (the build's warning)
    code = (
        "import sys, numpy as np\nfrom perceptron_ref import run\n"
        "from perceptron_ref.engine import dyadic_compiled as dc\n"
        "X = np.array([[-1, 2], [1, 0], [1, 1], [-1, 0], [-1, -2], [1, -1]], dtype=float)\n"
        "y = np.array([-1, 1, 1, -1, -1, 1], dtype=np.int8)\n"
        "fast = run('perceptron/ssbd', X, y, engine='fast', record='summary')\n"
        "literal = run('perceptron/ssbd', X.tolist(), y.tolist(), record='summary')\n"
        "print(dc.built(), dc.here(), [str(v) for v in fast.weights], fast == literal,\n"
        "      'numba' in sys.modules)\n"
    )
    assert run_plainly(venv, code) == "False None ['3', '1'] True False\n"


# --- the core alone ---------------------------------------------------------------------------

NEEDING = [
    (("prove", "novikoff/mehta", "--no-kernel"), "proofs"),
    (("plot", "perceptron/mehta", "six.csv", "--out", "p.png"), "plot"),
    (("plot-bound", "--out", "b.png"), "plot"),
    (("crosscheck", "perceptron/mehta", "--candidate", f"{ALICE}:train"), "grading"),
    (("grade", "perceptron/mehta", str(ALICE.parent), "--out", "g.csv"), "grading"),
    (("gradescope", "perceptron/mehta", "gs"), "grading"),
    (("prairielearn", "perceptron/mehta", "pl"), "grading"),
]


def assert_lines_without(venv: Venv, have: set[str], cwd: Path) -> int:
    """Every command needing an extra the environment lacks prints the one line; how many."""
    checked = 0
    for argv, extra in NEEDING:
        if extra in have:
            continue
        done = venv.cli(*argv, cwd=cwd, check=False)
        line = f"perceptron-ref {argv[0]}: needs the {extra} extra: {extras.hint(extra)}\n"
        assert (done.returncode, done.stdout, done.stderr) == (2, "", line), argv
        checked += 1
    return checked


def test_the_core_installs_hypothesis_alone(core: Venv, tmp_path: Path) -> None:
    installed = core.distributions(tmp_path)
    assert {"perceptron-ref", "hypothesis"} <= installed
    assert installed <= {"perceptron-ref", "hypothesis", "sortedcontainers", "attrs",
                         "exceptiongroup"}, installed  # fmt: skip
    assert not installed & OPTIONAL
    assert_size("", core.size)


def test_the_core_works_alone(core: Venv, tmp_path: Path) -> None:
    (tmp_path / "six.csv").write_text(SIX, encoding="utf-8")
    where = core.python("import perceptron_ref; print(perceptron_ref.__file__)", cwd=tmp_path)
    assert where.startswith(str(core.path)), where  # the installed wheel, not the checkout
    strategies = core.python(
        "from hypothesis import given, settings\n"
        "from perceptron_ref import run\n"
        "from perceptron_ref.testing import separable_data\n"
        "ok = []\n"
        "@settings(max_examples=10, database=None, derandomize=True)\n"
        "@given(separable_data(max_dimension=3, max_size=10))\n"
        "def check(d):\n"
        "    ok.append(run('perceptron/mehta', d.X, d.y, epochs='converge').mistakes <= d.bound)\n"
        "check()\n"
        "print(len(ok), all(ok))\n",
        cwd=tmp_path,
    )
    assert strategies == "10 True\n"
    ran = core.cli("run", "perceptron/mehta", "six.csv", cwd=tmp_path)
    assert ran.stdout.splitlines()[-2:] == [
        "perceptron/mehta: 3 mistakes in 1 epoch (online); d = 2, eta = 1",
        "w = (3, 1)",
    ]
    fast = core.cli("run", "perceptron/mehta", "six.csv", "--engine", "fast", cwd=tmp_path)
    assert fast.stdout == ran.stdout  # the literal loops: the same trace, and a note
    assert fast.stderr == (
        "perceptron-ref: the fast engine needs numpy (pip install 'perceptron-ref[fast]'): "
        "running the literal loops instead, the same trace\n"
    )
    core.cli("vectors", "vectors", "--algorithm", "perceptron/blum", cwd=tmp_path)
    assert json.loads((tmp_path / "vectors/perceptron/blum.json").read_text())["algorithm"]
    assert assert_lines_without(core, set(), tmp_path) == len(NEEDING)
    assert not {"p.png", "b.png", "g.csv", "gs", "pl"} & {p.name for p in tmp_path.iterdir()}


# --- each extra alone, on the core -----------------------------------------------------------


def smoke_grading(venv: Venv, cwd: Path) -> None:
    checked = venv.cli("crosscheck", "perceptron/mehta", "--candidate", f"{ALICE}:train",
                       "--examples", "5", cwd=cwd)  # fmt: skip
    first = checked.stdout.splitlines()[0]
    # 5 drawn, and those added to tell the usual wrong loops apart
    assert re.search(
        r"alice\.py:train vs perceptron/mehta: AGREE \((\d+) data sets tried\)$", first
    )
    (cwd / "class").mkdir()
    (cwd / "class" / "alice.py").write_text(ALICE.read_text(encoding="utf-8"), encoding="utf-8")
    graded = venv.cli("grade", "perceptron/mehta", "class", "--out", "g.csv", "--examples", "5",
                      cwd=cwd)  # fmt: skip
    assert (cwd / "g.csv").read_text(encoding="utf-8").splitlines()[1].startswith("alice")
    assert "summary.png needs matplotlib" in graded.stderr and not (cwd / "summary.png").exists()
    assert "No chart: it needs matplotlib" in (cwd / "report.html").read_text(encoding="utf-8")


def smoke_fast(venv: Venv, cwd: Path) -> None:
    big = cwd / "big.csv"  # past run's 64 KiB: the fast reader and the engine
    big.write_text("".join(f"{i % 7 - 3},{i % 5},{1 if i % 7 > 2 else -1}\n"
                           for i in range(12_000)), encoding="utf-8")  # fmt: skip
    argv = ("run", "perceptron/ssbd", "big.csv", "--epochs", "3", "--record", "summary")
    fast = venv.cli(*argv, "--engine", "fast", cwd=cwd)
    literal = venv.cli(*argv, "--engine", "literal", cwd=cwd)
    assert fast.stdout == literal.stdout and fast.stderr == ""
    compiled = venv.python(  # one compiled pass: numba compiles it here, in this environment
        "import numpy as np\nfrom perceptron_ref.engine import kernel\n"
        "X = np.array([[-1, 2], [1, 0], [1, 1], [-1, 0], [-1, -2], [1, -1]], dtype=np.int8)\n"
        "y = np.array([-1, 1, 1, -1, -1, 1], dtype=np.int8)\nW = np.zeros(2, dtype=np.int64)\n"
        "k = kernel.compiled_pass(X, y, W, 0, 0, False, kernel.NO_SCORES, kernel.NO_FLAGS)\n"
        "print(int(k), W.tolist())\n",
        cwd=cwd,
    )
    assert compiled == "3 [3, 1]\n"  # slide 15's run: 3 mistakes, w = (3, 1)
    c_loops = venv.python(  # the float pass's C loops, in the wheel built from the sdist
        "import sys, numpy as np\nfrom perceptron_ref.engine import dyadic_compiled as dc\n"
        "X = np.array([[-1, 2], [1, 0], [1, 1], [-1, 0], [-1, -2], [1, -1]], dtype=float)\n"
        "y = np.array([-1, 1, 1, -1, -1, 1], dtype=np.int8)\nW = [0, 0]\n"
        "print(dc.here(), dc.compiled_dyadic_pass(X, y, W, 0, 2), W, 'numba' in sys.modules)\n",
        cwd=cwd,
    )
    assert c_loops == "c 3 [3, 1] False\n"


def smoke_proofs(venv: Venv, cwd: Path) -> None:
    proved = venv.cli("prove", "novikoff/mehta", "--no-kernel", cwd=cwd)
    assert proved.stdout.rstrip().endswith("1/1 proved, 0/1 accepted by the Coq kernel")


def smoke_plot(venv: Venv, cwd: Path) -> None:
    (cwd / "six.csv").write_text(SIX, encoding="utf-8")
    venv.cli("plot", "perceptron/mehta", "six.csv", "--out", "run.png", cwd=cwd)
    assert (cwd / "run.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def smoke_crosscheck(venv: Venv, cwd: Path) -> None:
    checked = venv.cli("crosscheck", "perceptron/mehta", "--candidate", "sklearn",
                       "--examples", "3", cwd=cwd, check=False)  # fmt: skip
    # scikit-learn's Perceptron updates at w·x = 0 for y = +1: not Mehta's rule
    assert checked.returncode == 1, checked.stderr
    assert checked.stdout.startswith("sklearn vs perceptron/mehta: DISAGREE")


def smoke_all(venv: Venv, cwd: Path) -> None:
    modules = "numpy, numba, sympy, z3, matplotlib, nbformat, sklearn, river"
    assert venv.python(f"import {modules}; print('ok')", cwd=cwd) == "ok\n"
    smoke_proofs(venv, cwd)
    smoke_plot(venv, cwd)


SMOKES = {"grading": smoke_grading, "fast": smoke_fast, "proofs": smoke_proofs,
          "plot": smoke_plot, "crosscheck": smoke_crosscheck, "all": smoke_all}  # fmt: skip
HAS = {"crosscheck": {"crosscheck", "grading"}, "all": {*extras.EXTRAS}}
"""The extras an extra includes (beyond itself)."""


@pytest.mark.parametrize(
    "extra",  # [all] unpacks 740 MB: `make test-deep` checks it
    [e if e != "all" else pytest.param(e, marks=pytest.mark.slow) for e in SMOKES],
)
def test_each_extra_works_on_the_core_alone(
    extra: str, dist: dict[str, Path], core: Venv, tmp_path: Path
) -> None:
    venv = make_venv(tmp_path / "venv", f"perceptron-ref[{extra}] @ {dist['wheel'].as_uri()}")
    work = tmp_path / "work"
    work.mkdir()
    SMOKES[extra](venv, work)
    (work / "six.csv").write_text(SIX, encoding="utf-8")
    have = HAS.get(extra, {extra})
    assert assert_lines_without(venv, have, work) == sum(e not in have for _, e in NEEDING)
    assert_size(extra, site_size(venv.path) - site_size(core.path))
