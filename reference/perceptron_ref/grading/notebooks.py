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

>>> to_python('{"cells": [{"cell_type": "code", "source": ["!pip install numpy\\\\n", '
...     '"def train(X, y):\\\\n", "    return [0]"], "metadata": {}, "outputs": [], '
...     '"execution_count": null}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}')[0]
'# cell 1\\npass  # IPython: !pip install numpy\\ndef train(X, y):\\n    return [0]\\n'
"""

from __future__ import annotations

import re
import warnings

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


def _cell(source: str, files: dict[str, str]) -> list[str]:
    """The Python lines of one code cell (``files`` gains its %%writefile output)."""
    lines = source.splitlines()
    if lines and lines[0].lstrip().startswith("%%"):
        magic = lines[0].strip()
        name = magic[2:].split(maxsplit=1)[0] if len(magic) > 2 else ""
        written = WRITEFILE.match(magic)
        if written:
            files[written.group(1)] = "\n".join(lines[1:]) + "\n"
            return [f"# {magic}: written as a file"]
        if name not in KEPT_CELL_MAGICS:
            return [f"# {magic}: not Python, dropped ({len(lines) - 1} lines)"]
        lines = [f"# {magic}", *lines[1:]]
    return [_line(line) for line in lines]


def to_python(text: str) -> tuple[str, dict[str, str]]:
    """The notebook's Python source, and the files its ``%%writefile`` cells write.

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
    out: list[str] = []
    number = 0
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        number += 1
        out += [f"# cell {number}", *_cell(cell.source, files)]
    return "\n".join(out) + "\n", files
