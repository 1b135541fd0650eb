"""Deterministic matplotlib output: same input, byte-identical SVG and PNG.

Figures are built and saved inside :func:`style`, which starts from matplotlib's
defaults (a user's ``matplotlibrc`` must not change the picture) and fixes what would
otherwise vary between runs: the font (DejaVu Sans, bundled with matplotlib), the SVG
id salt, text kept as text in SVG (so the exact labels can be read back), and the
file's metadata (no date; a fixed creator, not matplotlib's version).  The figures are
made without pyplot (no window, no global figure registry) and drawn on an Agg canvas,
without changing the caller's global backend.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from perceptron_ref.errors import InputError

if TYPE_CHECKING:  # matplotlib 3.11's name for rcParams' keys: the checker's, not a need to run
    from matplotlib.typing import RcKeyType

CREATOR = "perceptron-ref"

RC: dict[RcKeyType, Any] = {
    "font.family": "sans-serif",
    "font.sans-serif": ["DejaVu Sans"],
    "svg.fonttype": "none",
    "svg.hashsalt": CREATOR,
    "svg.id": CREATOR,
    "figure.dpi": 100,
    "savefig.dpi": 100,
    "path.simplify": False,
}

FORMATS = (".svg", ".png")


@contextmanager
def style() -> Iterator[None]:
    """matplotlib's defaults plus :data:`RC`, for the duration of the block."""
    with matplotlib.rc_context():
        matplotlib.rcdefaults()
        with matplotlib.rc_context(RC):
            yield


def check_out(path: str | Path) -> Path:
    """An output file name: it must end in .svg or .png (the format follows the suffix)."""
    p = Path(path)
    if p.suffix.lower() not in FORMATS:
        raise InputError(f"--out {str(path)!r}: the file name must end in .svg or .png")
    return p


def save(figure: Figure, path: str | Path) -> Path:
    """Write ``figure`` as SVG or PNG (by the suffix), deterministically."""
    p = check_out(path)
    svg = p.suffix.lower() == ".svg"
    metadata: dict[str, str | None] = (
        {"Date": None, "Creator": CREATOR} if svg else {"Software": CREATOR}
    )
    FigureCanvasAgg(figure)  # the non-interactive canvas, whatever the global backend
    with style():
        try:
            figure.savefig(p, format=p.suffix.lower()[1:], metadata=metadata)
        except OSError as error:
            raise InputError(error.strerror or str(error), source=str(path)) from None
    return p
