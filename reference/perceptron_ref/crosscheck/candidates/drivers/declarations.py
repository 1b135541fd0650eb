"""Reading a C, C++ or Rust declaration, as the drivers of :mod:`native` and :mod:`rust` do:
the comments taken out, the arguments split where a comma is not inside ``<>``, ``()`` or
``[]``, and the role an integer parameter's name gives it (the number of examples n, the
number of features d), which the planner
(:mod:`~perceptron_ref.crosscheck.candidates.parameters`) fills itself.
"""

from __future__ import annotations

import re

N_NAMES = re.compile(
    r"^(n|m|num|rows|nrows|n_rows|num_rows|n_?samples|num_?samples|nsamples|samples"
    r"|n_?examples|num_?examples|n_?points|num_?points|npoints|count|size|len|length"
    r"|n_?data|num_?data|ndata|n_?train|num_?train)$"
)
D_NAMES = re.compile(
    r"^(d|dim|dims|cols|ncols|n_cols|num_cols|p|k|features|num_?features|n_?features|nfeatures"
    r"|n_?dims|dimension|n_?inputs|num_?inputs|ninputs|input_size|feature_count|width)$"
)


def uncomment(text: str) -> str:
    """``text`` with its ``//`` and ``/* */`` comments blanked."""
    return re.sub(r"//[^\n]*|/\*.*?\*/", " ", text, flags=re.DOTALL)


def arguments(text: str) -> list[str]:
    """The comma-separated items of ``text`` at the top level, stripped, empty ones left out.

    >>> arguments("const double *X, vector<pair<int, int>> p, double (*w)[4], ")
    ['const double *X', 'vector<pair<int, int>> p', 'double (*w)[4]']
    """
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "<([":
            depth += 1
        elif c in ">)]":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def size_role(name: str) -> str:
    """ "count" (n), "dimension" (d) or "" for an integer parameter called ``name``.

    >>> [size_role(n) for n in ("n_samples", "num_features", "d", "eta")]
    ['count', 'dimension', 'dimension', '']
    """
    key = name.strip("_").lower()
    if N_NAMES.match(key):
        return "count"
    if D_NAMES.match(key):
        return "dimension"
    return ""
