"""Definitions only, for any ``.py``: a file that is also a script is loaded as a module.

A perceptron copied from a tutorial often runs its demo when imported: it loads a CSV file
the grader does not have, trains, prints, plots, or uses a name it never imported.  Run at
import, that stops the crosscheck before the function is ever called, though the function
is fine.  So a ``.py`` whose top level does more than import, define and set constants is
loaded as a notebook is (:mod:`~perceptron_ref.crosscheck.candidates.toplevel`): its imports
of modules that are there, its definitions and its constants are kept, every other top-level
statement is left out (its lines blanked, so that line numbers and tracebacks stay those of
the file), and the report lists what was left out.  ``if __name__ == "__main__":`` blocks are
left out without a word (importing never runs them).  A file with nothing to leave out is
imported as it is.

>>> kept, out = definitions("import numpy as np\\nX = np.loadtxt('d.csv')\\n"
...                         "def train(X, y):\\n    return [0]\\nprint(train(X, [1]))\\n")
>>> print(kept, end="")
import numpy as np
<BLANKLINE>
def train(X, y):
    return [0]
<BLANKLINE>
>>> out
["line 2: X = np.loadtxt('d.csv')", 'line 5: print(train(X, [1]))']
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from perceptron_ref.crosscheck.candidates import toplevel


def _main(node: ast.stmt) -> bool:
    return isinstance(node, ast.If) and toplevel._is_main(node)


def _binds(node: ast.stmt, name: str) -> bool:
    """Does this top-level statement bind ``name`` (``model = Perceptron(...)``)?"""
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, ast.AnnAssign | ast.AugAssign):
        targets = [node.target]
    return any(isinstance(n, ast.Name) and n.id == name for t in targets for n in ast.walk(t))


def definitions(
    source: str, present: Callable[[str], bool] = toplevel.installed, name: str = ""
) -> tuple[str, list[str]]:
    """The kept source (same lines, left-out statements blank) and the left-out lines
    (``line N: its first line``); ``(source, [])`` when nothing is left out, or when the
    file does not parse (loading it then says why).  A statement that binds ``name`` (the
    target: a fitted model made at the top level) is kept whatever it runs."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return source, []
    needed: frozenset[int] = frozenset()
    while True:  # as toplevel.keep: an assignment a kept definition needs is kept too
        top = toplevel._Top(present, needed)
        keep = [n for n in tree.body if top.kept(n) or (name and _binds(n, name))]
        more = needed | toplevel.needed_by(tree.body, keep)
        if more == needed:
            break
        needed = more
    lines = source.splitlines()
    left = [
        f"line {node.lineno}: {toplevel._first_line(lines, node)}"
        for node in tree.body
        if node not in keep and not _main(node)
    ]
    dropped = len(keep) < len(tree.body)
    if not dropped:
        return source, []
    out = [""] * len(lines)
    for node in keep:
        span = toplevel._lines(node)
        shared = any(
            other is not node and set(toplevel._lines(other)) & set(span) for other in tree.body
        )
        if shared:  # a = 1; f(): only its own segment, on its first line
            segment = ast.get_source_segment(source, node) or ""
            first = min(span) - 1
            out[first] = f"{out[first]}; {segment}" if out[first] else segment
        else:
            out[min(span) - 1 : max(span)] = lines[min(span) - 1 : max(span)]
    return "\n".join(out) + "\n", left


def note(name: str, left: list[str]) -> str:
    """The left-out lines in words ('' when none)."""
    if not left:
        return ""
    shown = "; ".join(left[:8])
    more = f"; and {len(left) - 8} more" if len(left) > 8 else ""
    return (
        f"left out of {name} when loading it (run at import they would load files, train, "
        f"print or plot; its imports, definitions and constants are kept): {shown}{more}"
    )
