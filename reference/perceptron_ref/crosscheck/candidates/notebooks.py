"""A Jupyter notebook hand-in as a Python file: its code cells, in order, IPython syntax removed.

The notebook is read by ``nbformat`` (the Jupyter project's reader: every format version,
a cell's source as one string or a list of strings, validated against its schema).  Code
cells are kept in order; markdown and raw cells are dropped.  IPython syntax is not
Python, so each such line becomes ``pass`` with the line as a comment (indentation kept,
so an ``if`` whose body was a magic still parses):

- line magics ``%time f()``, shell lines ``!pip install …``, help ``f?`` / ``?f``, and
  assignments from them (``files = !ls``);
- cell magics: ``%%time``, ``%%timeit``, ``%%capture`` run Python, so the body is kept;
  ``%%writefile NAME`` becomes a file NAME beside the notebook (a module the later cells
  may import; only a plain relative name); any other (``%%bash``, ``%%html``, …) is
  dropped whole.

Then only the imports, definitions and constants of the top level are kept
(:mod:`~perceptron_ref.crosscheck.candidates.toplevel`): a cell that loads the student's data, plots
or trains is left out, and listed.

>>> nb = {"cells": [{"cell_type": "code", "source": ["!pip install numpy\\n",
...     "def train(X, y):\\n", "    return [0]\\n", "print(train([[1]], [1]))"],
...     "metadata": {}, "outputs": [], "execution_count": None}],
...     "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
>>> import json
>>> converted = to_python(json.dumps(nb))
>>> print(converted.source, end="")
# cell 1
def train(X, y):
    return [0]
>>> converted.left_out
('cell 1: !pip install numpy', 'cell 1: print(train([[1]], [1]))')
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass

from perceptron_ref.crosscheck.candidates import toplevel
from perceptron_ref.errors import InputError

KEPT_CELL_MAGICS = ("time", "timeit", "capture", "prun")
IPYTHON_LINE = re.compile(
    r"""^\s*(?:
        [%!?]                              # %magic, !shell, ?help
      | [\w.]+\s*\?\??\s*$                 # name? or name??
      | [\w.,\s\[\]()]+=\s*[%!]            # x = !ls, x = %who_ls
    )""",
    re.VERBOSE,
)
WRITEFILE = re.compile(r"^%%writefile(?:\s+-a)?\s+([\w.-]+\.py)\s*$")


def _line(line: str) -> str:
    if IPYTHON_LINE.match(line):
        indent = line[: len(line) - len(line.lstrip())]
        return f"{indent}pass  # IPython: {line.strip()}"
    return line


def _cell(source: str, files: dict[str, str], left: list[str], number: int) -> str:
    """The Python of one code cell (``files`` gains its %%writefile output, ``left`` a cell
    magic that is not Python)."""
    lines = source.splitlines()
    if lines and lines[0].lstrip().startswith("%%"):
        magic = lines[0].strip()
        name = magic[2:].split(maxsplit=1)[0] if len(magic) > 2 else ""
        written = WRITEFILE.match(magic)
        if written:
            files[written.group(1)] = "\n".join(lines[1:]) + "\n"
            return f"# {magic}: written as a file\n"
        if name not in KEPT_CELL_MAGICS:
            left.append(f"cell {number}: {magic} (not Python)")
            return ""
        lines = [f"# {magic}", *lines[1:]]
    return "".join(_line(line) + "\n" for line in lines)


@dataclass(frozen=True)
class Converted:
    """A notebook as Python: the ``source`` kept
    (:mod:`~perceptron_ref.crosscheck.candidates.toplevel`), the ``files`` its %%writefile cells
    write, and the lines ``left_out`` (``cell N: ...``)."""

    source: str
    files: dict[str, str]
    left_out: tuple[str, ...]

    def note(self) -> str:
        """The left-out lines in words for the student ('' when none)."""
        if not self.left_out:
            return ""
        shown = "; ".join(self.left_out[:8])
        more = f"; and {len(self.left_out) - 8} more" if len(self.left_out) > 8 else ""
        return (
            "Left out of your notebook when grading it (run at the top level they would load "
            "files, plot, or train on your own data; the grader keeps imports, definitions "
            f"and constants): {shown}{more}."
        )


def to_python(text: str, present: Callable[[str], bool] = toplevel.installed) -> Converted:
    """The notebook as Python (see :class:`Converted`); ``present(module)``: may an import of
    it stay (installed, or a file beside the notebook)?

    A file that is not a notebook raises InputError saying why."""
    import nbformat  # heavy (jsonschema, traitlets): only when a notebook is handed in

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a missing cell id, ...: what is read is fine
            notebook = nbformat.reads(text, as_version=4)  # type: ignore[no-untyped-call]
            nbformat.validate(notebook)
    except Exception as error:  # nbformat raises JSON, schema and conversion errors alike
        why = " ".join(str(error).split())[:200]
        raise InputError(f"not a readable Jupyter notebook: {why}") from None
    files: dict[str, str] = {}
    left: list[str] = []
    code = [c.source for c in notebook.cells if c.cell_type == "code"]
    cells = [_cell(source, files, left, number) for number, source in enumerate(code, 1)]
    written = {name.removesuffix(".py") for name in files}
    source, dropped = toplevel.keep(cells, lambda m: m.split(".")[0] in written or present(m))
    order = sorted([*left, *dropped], key=lambda line: int(line.split(":")[0].split()[1]))
    return Converted(source, files, tuple(order))
