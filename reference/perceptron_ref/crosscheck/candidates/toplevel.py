"""What of a notebook's top level is kept to grade its function: imports, definitions, constants.

A notebook is a script as much as a module: beside ``def train`` its cells load the student's
own data, plot, and train on it.  Run when the module loads, those cells would stop grading
(a file the grader does not have, a display, minutes of training), and they do not define
the function.  So each top-level statement is kept only if it is one of

- an import of a module that is there (installed, or a file of the hand-in);
- a definition: ``def``, ``class``, ``name = lambda ...``;
- a constant: an assignment whose value uses only literals, names already kept, and calls
  of a short list of pure constructors (``int``, ``range``, ``Fraction``, ``np.zeros``,
  ``np.random.default_rng``, ...); a module docstring;
- an ``if``/``try`` made only of such statements (``try: import numba except ImportError``);

and everything else (a call, a loop, a ``with``, an assignment from a file or from the
student's own function, ``if __name__ == "__main__"``) is left out, and listed: the
feedback names each cell that lost a line.  A name whose assignment was left out is not
defined, so what uses it is left out too.  One exception: an assignment that calls the
file's own functions (``sign = _make_sign()``) is kept when a kept definition uses the name it
binds, since the function cannot run without it.  A left-out line the function needed shows
as a NameError when it is called, beside the list.

>>> kept, out = keep(["import numpy as np", "data = np.loadtxt('d.csv')\\nETA = 1/2",
...                   "def train(X, y):\\n    return np.zeros(X.shape[1])\\ntrain(data, data)"])
>>> print(kept)
# cell 1
import numpy as np
# cell 2
ETA = 1/2
# cell 3
def train(X, y):
    return np.zeros(X.shape[1])
<BLANKLINE>
>>> out
["cell 2: data = np.loadtxt('d.csv')", 'cell 3: train(data, data)']
"""

from __future__ import annotations

import ast
import builtins
import importlib.util
import re
import symtable
from collections import Counter
from collections.abc import Callable, Sequence

PURE = frozenset(
    {"int", "float", "complex", "bool", "str", "bytes", "tuple", "list", "dict", "set",
     "frozenset", "range", "len", "abs", "min", "max", "sum", "round", "pow", "divmod", "sorted",
     "reversed", "enumerate", "zip", "map", "filter", "any", "all", "chr", "ord", "repr",
     "Fraction", "Decimal"}
)  # fmt: skip
"""Builtins (and fractions', decimal's numbers) a constant may call."""
PURE_MODULES = frozenset(
    {
        "numpy",
        "math",
        "fractions",
        "decimal",
        "operator",
        "collections",
        "typing",
        "dataclasses",
        "enum",
        "itertools",
        "functools",
        "re",
        "string",
    }
)
IMPURE = re.compile(r"^(load|save|from)|(txt|file|csv|memmap|open|read|seed)", re.IGNORECASE)
"""Names in those modules that touch files or global state: np.loadtxt, np.fromfile, ..."""


def _imports(node: ast.Import | ast.ImportFrom) -> dict[str, str]:
    """The names an import binds, and the module each stands for."""
    if isinstance(node, ast.Import):
        return {a.asname or a.name.split(".")[0]: (a.name if a.asname else a.name.split(".")[0])
                for a in node.names}  # fmt: skip
    base = "." * node.level + (node.module or "")
    return {a.asname or a.name: f"{base}.{a.name}" for a in node.names}


class _Top:
    """The names kept so far, and what each import name stands for."""

    def __init__(
        self, present: Callable[[str], bool], needed: frozenset[int] = frozenset()
    ) -> None:
        self.needed = needed  # id()s of assignments a kept definition needs (see keep)
        self.own = False  # the statement being judged may call the file's own functions
        self.defined: set[str] = set(dir(builtins))
        self.functions: set[str] = set()  # the notebook's own: a constant never calls them
        self.modules: dict[str, str] = {}
        self.present = present

    def callee(self, func: ast.expr) -> bool:
        """May a constant call this?  A pure builtin, or a pure function of a pure module."""
        if isinstance(func, ast.Name):
            if self.own and func.id in self.functions:
                return True
            module = self.modules.get(func.id, "")
            return (func.id in PURE and func.id not in self.modules) or (
                module.split(".")[0] in PURE_MODULES and not IMPURE.search(func.id)
            )
        parts: list[str] = []
        while isinstance(func, ast.Attribute):
            parts.append(func.attr)
            func = func.value
        if not isinstance(func, ast.Name) or func.id not in self.modules:
            return False
        root = self.modules[func.id].split(".")[0]
        return root in PURE_MODULES and not any(IMPURE.search(p) for p in parts)

    def constant(self, value: ast.expr) -> bool:
        """Does ``value`` use only literals, kept names and pure calls?"""
        local: set[str] = set()
        for node in ast.walk(value):
            if isinstance(node, ast.comprehension):
                local |= {n.id for n in ast.walk(node.target) if isinstance(n, ast.Name)}
            if isinstance(node, ast.Lambda):
                local |= {a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg)}
        for node in ast.walk(value):
            if isinstance(node, ast.Call) and not self.callee(node.func):
                return False
            if (
                isinstance(node, ast.Call)
                and not self.own
                and self.functions & _names([*node.args, *node.keywords])
            ):
                return False  # sorted(xs, key=train) would run it
            if isinstance(node, ast.NamedExpr | ast.Await | ast.Yield | ast.YieldFrom):
                return False
            if isinstance(node, ast.Name) and node.id not in self.defined | local:
                return False
        return True

    def kept(self, node: ast.stmt, guarded: bool = False) -> bool:
        """Keep this statement?  (If so, the names it binds are defined from now on.)
        ``guarded``: it is in a ``try`` body, whose handlers see to a missing module."""
        if isinstance(node, ast.Import | ast.ImportFrom):
            bound = _imports(node)
            if not guarded and not all(self.present(m) for m in bound.values()):
                return False
            self.modules |= bound
            self.defined |= set(bound)
            return True
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            self.defined.add(node.name)
            self.functions.add(node.name)
            return True
        if isinstance(node, ast.Expr):
            return isinstance(node.value, ast.Constant)  # a docstring
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [n for t in targets for n in ast.walk(t)]
            if not all(isinstance(n, ast.Name | ast.Tuple | ast.List | ast.Store) for n in names):
                return False  # a subscript or an attribute changes an object made elsewhere
            assigned = {n.id for n in names if isinstance(n, ast.Name)}
            self.own = id(node) in self.needed
            try:
                if isinstance(node.value, ast.Lambda):
                    self.functions |= assigned
                elif node.value is not None and not self.constant(node.value):
                    return False
            finally:
                self.own = False
            self.defined |= assigned
            return True
        if isinstance(node, ast.Pass):
            return True
        if isinstance(node, ast.If) and not _is_main(node):
            return self.constant(node.test) and self.all_kept([*node.body, *node.orelse])
        if isinstance(node, ast.Try):
            handlers = [s for h in node.handlers for s in h.body]
            saved = (set(self.defined), dict(self.modules), set(self.functions))
            rest = [*handlers, *node.orelse, *node.finalbody]
            if self.all_kept(node.body, guarded=bool(node.handlers)) and self.all_kept(rest):
                return True
            self.defined, self.modules, self.functions = saved
            return False
        return False

    def all_kept(self, body: Sequence[ast.stmt], guarded: bool = False) -> bool:
        saved = (set(self.defined), dict(self.modules), set(self.functions))
        if all(self.kept(s, guarded) for s in body):
            return True
        self.defined, self.modules, self.functions = saved
        return False


def _names(nodes: Sequence[ast.AST]) -> set[str]:
    return {n.id for node in nodes for n in ast.walk(node) if isinstance(n, ast.Name)}


def _is_main(node: ast.If) -> bool:
    return "__name__" in {n.id for n in ast.walk(node.test) if isinstance(n, ast.Name)}


def installed(module: str) -> bool:
    """Can the grader's Python import ``module``'s top-level package?  (Nothing is imported.)"""
    top = module.split(".")[0]
    try:
        return bool(top) and importlib.util.find_spec(top) is not None
    except (ImportError, ValueError):
        return False


def _lines(node: ast.stmt) -> range:
    """The lines of a statement, its decorators included."""
    decorators = getattr(node, "decorator_list", [])
    assert node.end_lineno is not None
    return range(min([node.lineno] + [d.lineno for d in decorators]), node.end_lineno + 1)


def _first_line(lines: list[str], node: ast.stmt) -> str:
    text = " ".join(lines[node.lineno - 1].split("pass  # IPython: ")[-1].split())
    return text if len(text) <= 60 else text[:57] + "..."


def keep(cells: Sequence[str], present: Callable[[str], bool] = installed) -> tuple[str, list[str]]:
    """The kept source of these cells (Python, each headed ``# cell N``), and one line per
    left-out statement: ``cell N: its first line``.  A cell that does not parse is left out
    whole (``cell N: a syntax error ...``).  ``present(module)``: may an import of it stay?

    >>> print(keep(["def _make():\\n    return abs", "sign = _make()",
    ...             "def train(X, y):\\n    return sign(X)", "demo = train(1, 2)"])[0])
    # cell 1
    def _make():
        return abs
    # cell 2
    sign = _make()
    # cell 3
    def train(X, y):
        return sign(X)
    # cell 4
    <BLANKLINE>
    """
    trees: list[ast.Module | None] = []
    for source in cells:
        try:
            trees.append(ast.parse(source))
        except SyntaxError:
            trees.append(None)
    needed: frozenset[int] = frozenset()
    while True:  # each round may keep an assignment that a newly kept one needs: at most n
        kept, left = _pass(cells, trees, _Top(present, needed))
        more = needed | needed_by(
            [node for tree in trees if tree is not None for node in tree.body],
            [node for tree in trees if tree is not None for node in tree.body if id(node) in kept],
        )
        if more == needed:
            return _text(cells, trees, kept), left
        needed = frozenset(more)


def needed_by(body: Sequence[ast.stmt], kept: Sequence[ast.stmt]) -> frozenset[int]:
    """The id()s of the assignments of ``body`` left out of ``kept`` that bind a name some kept
    definition reads."""
    uses = {
        name
        for node in kept
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        for name in _globals(node)
    }
    ids = {id(node) for node in kept}
    return frozenset(
        id(node)
        for node in body
        if isinstance(node, ast.Assign | ast.AnnAssign)
        and id(node) not in ids
        and _bound(node) & uses
    )


def _globals(node: ast.stmt) -> set[str]:
    """The module-level names a definition reads (its locals and parameters are not)."""
    found: set[str] = set()

    def walk(table: symtable.SymbolTable, top: bool) -> None:
        for symbol in table.get_symbols():
            if symbol.is_referenced() and (not symbol.is_assigned() if top else symbol.is_global()):
                found.add(symbol.get_name())
        for child in table.get_children():
            walk(child, False)

    walk(symtable.symtable(ast.unparse(node), "<definition>", "exec"), True)
    return found


def _bound(node: ast.Assign | ast.AnnAssign) -> set[str]:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}


def _pass(
    cells: Sequence[str], trees: Sequence[ast.Module | None], top: _Top
) -> tuple[set[int], list[str]]:
    """One pass over the cells: the id()s of the statements kept, and the left-out lines."""
    kept: set[int] = set()
    left: list[str] = []
    for number, (source, tree) in enumerate(zip(cells, trees, strict=True), 1):
        if tree is None:
            try:
                ast.parse(source)
            except SyntaxError as error:
                left.append(f"cell {number}: a syntax error ({error.msg}, line {error.lineno})")
            continue
        lines = source.splitlines()
        for node in tree.body:
            magic = isinstance(node, ast.Pass) and "# IPython: " in lines[node.lineno - 1]
            if magic or not top.kept(node):
                left.append(f"cell {number}: {_first_line(lines, node)}")
                continue
            kept.add(id(node))
    return kept, left


def _text(cells: Sequence[str], trees: Sequence[ast.Module | None], kept: set[int]) -> str:
    out: list[str] = []
    for number, (source, tree) in enumerate(zip(cells, trees, strict=True), 1):
        out.append(f"# cell {number}")
        if tree is None:
            continue
        lines = source.splitlines()
        shared = Counter(line for node in tree.body for line in _lines(node))
        for node in tree.body:
            if id(node) not in kept:
                continue
            if any(shared[line] > 1 for line in _lines(node)):  # a = 1; b = f()
                out.append(ast.get_source_segment(source, node) or "")
            else:
                out.extend(lines[min(_lines(node)) - 1 : max(_lines(node))])
    return "\n".join(out) + "\n"
