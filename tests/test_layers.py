"""The package's layers stand on each other: its import graph has no cycle, and a command
loads only what it uses.

The graph is read from the sources with ``ast``: an edge A → B for every ``import B`` or
``from B import …`` in A, at module level or inside a function (a deferred import is an
import all the same), and ``from P import name`` counts as an import of ``P.name`` when
that is a module of the package, and of ``P`` when it is a name defined there.  Imports
under ``if TYPE_CHECKING:`` are counted too.
Parent packages that the import system runs on the way (``perceptron_ref/__init__``) are
not edges of the importer: they are what ``import-linter`` and ``pydeps`` leave out too.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "reference" / "perceptron_ref"

Graph = dict[str, set[str]]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules that ``name`` imports anywhere in its body."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return edges_of(tree, name, path, known)


def edges_of(tree: ast.Module, name: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules that the imports in ``tree`` (of module ``name``) name."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # a relative import: from . import x, from ..y import z
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([base] if base else [])])
            for alias in node.names:  # a module of the package, else a name defined in base
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {m for m in found if m in known and m != name}


def graph() -> Graph:
    found = modules()
    return {name: imports_of(name, path, set(found)) for name, path in found.items()}


def cycle(g: Graph) -> list[str] | None:
    """One cycle of g (its modules in order, the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(g[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(g):
        if start not in state and (found := visit(start)):
            return found
    return None


def test_the_package_import_graph_has_no_cycle() -> None:
    g = graph()
    assert len(g) > 50  # the whole package was read
    assert cycle(g) is None, " → ".join(cycle(g) or [])


def test_the_cycle_finder_finds_a_cycle_through_a_deferred_import() -> None:
    # The checker can fail: a graph with a cycle, and edges read from function bodies.
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None
    edges = imports_of(
        "perceptron_ref.runner", PACKAGE / "runner.py", set(modules())
    )  # run() imports the engine inside the function
    assert "perceptron_ref.engine" in edges and "perceptron_ref.literal" in edges


def test_the_engine_and_the_literal_loops_sit_below_run() -> None:
    g = graph()
    engine = {m for m in g if m.startswith("perceptron_ref.engine")}
    for module in engine | {"perceptron_ref.literal", "perceptron_ref.inputs"}:
        assert "perceptron_ref.runner" not in g[module], module
        assert "perceptron_ref" not in g[module], module  # the package imports run()
    for module in engine:
        assert "perceptron_ref.literal" not in g[module], module
    assert not engine & g["perceptron_ref.literal"]


@pytest.mark.parametrize("family", ["perceptron", "winnow", "halving"])
def test_no_algorithm_module_imports_the_dispatcher(family: str) -> None:
    g = graph()
    for module in (m for m in g if m.startswith(f"perceptron_ref.{family}")):
        assert not {"perceptron_ref.runner", "perceptron_ref"} & g[module], module


# --- what the command line imports to start --------------------------------------------------

HEAVY = ("numpy", "numba", "llvmlite", "scipy", "hypothesis", "sympy", "z3", "matplotlib",
         "sklearn")  # fmt: skip
"""Modules that take a tenth of a second or more to import: a command that does not use
them must not load them (issue 15: start-up within 1.5x of ``python -c "import numpy"``)."""


def imported(*argv: str) -> set[str]:
    """The top-level packages ``python -m perceptron_ref ARGV`` imports (``-X importtime``)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "perceptron_ref", *argv],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode in (0, 2), done.stderr[-2000:]
    names = (line.rpartition("|")[2].strip() for line in done.stderr.splitlines())
    return {name.split(".")[0] for name in names if name}


@pytest.mark.parametrize(
    "argv",
    [
        ("--version",),
        ("--help",),  # registers every subcommand: each must keep its imports in main()
        ("run", "--help"),
        ("run", "perceptron/gormley-online", "{small}"),
        ("run", "perceptron/mehta", "{small}", "--epochs", "converge", "--engine", "auto"),
        ("run", "winnow/k-of-r", "{small}", "--epochs", "2"),
        ("vectors", "{tmp}/vectors", "--algorithm", "perceptron/blum"),
        ("demo", "--help"),
        ("prove", "--help"),  # a command's help needs not its extra
        ("grade", "--help"),
    ],
)
def test_the_command_line_starts_without_heavy_modules(
    tmp_path: Path, argv: tuple[str, ...]
) -> None:
    small = tmp_path / "six.csv"
    small.write_text("-1,2,-1\n1,0,1\n1,1,1\n-1,0,-1\n-1,-2,-1\n1,-1,1\n", encoding="utf-8")
    found = imported(*(a.format(small=small, tmp=tmp_path) for a in argv))
    assert "perceptron_ref" in found  # the check reads the import log (it can fail)
    assert not found & set(HEAVY), sorted(found & set(HEAVY))


def test_a_long_run_does_load_what_it_needs(tmp_path: Path) -> None:
    # The check above can fail: a run on a file of 64 KiB and more reads it with numpy.
    big = tmp_path / "big.csv"
    big.write_text("1,2,1\n" * 20_000, encoding="utf-8")
    assert "numpy" in imported("run", "perceptron/mehta", str(big), "--record", "summary")


# --- what the core install reaches: no optional module at import time --------------------------

OPTIONAL = ("numpy", "numba", "llvmlite", "scipy", "sympy", "z3", "matplotlib", "nbformat",
            "sklearn", "river")  # fmt: skip
"""The modules of the extras (perceptron_ref/extras.py) and what they bring: none is installed
by ``pip install perceptron-ref``."""

CORE = ("perceptron_ref", "perceptron_ref.testing", "perceptron_ref.testing_targets",
        "perceptron_ref.campaign", "perceptron_ref.report", "perceptron_ref.testvectors",
        "perceptron_ref.cli", "perceptron_ref.cli.run", "perceptron_ref.cli.vectors",
        "perceptron_ref.cli.demo", "perceptron_ref.extras")  # fmt: skip
"""What the core offers (issue 28): the reference, run(), the trace and its JSON, the commands
run, vectors and demo, the Hypothesis strategies; with every algorithm the registry loads."""


def _type_checking(node: ast.stmt) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return isinstance(test, ast.Name | ast.Attribute) and ast.unparse(test).endswith(
        "TYPE_CHECKING"
    )


def import_time(path: Path) -> list[ast.Import | ast.ImportFrom]:
    """The imports a module runs when it is imported: its top level, in the bodies of its
    classes, ``if``/``try``/``with`` blocks, not in functions nor under ``if TYPE_CHECKING``."""
    found: list[ast.Import | ast.ImportFrom] = []
    todo: list[ast.stmt] = list(ast.parse(path.read_text(encoding="utf-8")).body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.Try):
            todo += [*node.body, *node.orelse, *node.finalbody]
            todo += [n for handler in node.handlers for n in handler.body]
        elif isinstance(node, ast.If | ast.With | ast.ClassDef | ast.For | ast.While) and not (
            _type_checking(node)
        ):
            todo += [n for n in ast.iter_child_nodes(node) if isinstance(n, ast.stmt)]
    return found


def third_party(path: Path) -> set[str]:
    """The top-level names of the modules outside the package that ``path`` imports on import."""
    names = set()
    for node in import_time(path):
        if isinstance(node, ast.Import):
            names |= {alias.name.partition(".")[0] for alias in node.names}
        elif not node.level and node.module:
            names.add(node.module.partition(".")[0])
    return names


def reached(starts: list[str]) -> set[str]:
    """The package's modules that importing ``starts`` runs: import-time edges, and every
    parent package on the way."""
    found = modules()
    known = set(found)
    edges = {
        name: edges_of(ast.Module(body=list(import_time(path)), type_ignores=[]), name, path, known)
        for name, path in found.items()
    }
    seen: set[str] = set()
    todo = list(starts)
    while todo:
        name = todo.pop()
        parts = name.split(".")
        for parent in (".".join(parts[:i]) for i in range(1, len(parts) + 1)):
            if parent in known and parent not in seen:
                seen.add(parent)
                todo += edges[parent]
    return seen


def test_the_core_imports_no_optional_module_when_it_loads() -> None:
    families = ("perceptron", "winnow", "halving", "adversaries")
    algorithms = [m for m in modules() if m.split(".")[1:2] and m.split(".")[1] in families]
    core = reached([*CORE, *algorithms])
    assert {"perceptron_ref.runner", "perceptron_ref.literal", "perceptron_ref.perceptron.mehta",
            "perceptron_ref.cli.run", "perceptron_ref.campaign"} <= core  # fmt: skip
    paths = modules()
    heavy = {m: sorted(third_party(paths[m]) & set(OPTIONAL)) for m in sorted(core)}
    assert not {m: h for m, h in heavy.items() if h}, "import these inside the function using them"


def test_the_import_time_reader_sees_what_loads() -> None:
    # The check above can fail: the engine and the harness do import numpy as they load, and an
    # import inside a function or under TYPE_CHECKING is not one.
    paths = modules()
    assert "numpy" in third_party(paths["perceptron_ref.engine.driver"])
    assert "numba" in third_party(paths["perceptron_ref.engine.kernel"])
    assert "numpy" not in third_party(paths["perceptron_ref.engine"])  # inside load()
    assert "perceptron_ref.engine.driver" not in reached(["perceptron_ref.runner"])
    assert "perceptron_ref.crosscheck.check" in reached(["perceptron_ref.grading.child"])
