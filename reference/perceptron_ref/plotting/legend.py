"""The legend right of the plots, inside the figure, whatever the length of its exact labels.

A figure legend placed "outside" the axes gets its room from constrained layout; long labels
are folded (at spaces, and a long fraction p/q after its "/"), and the figure is widened for
the longest line, so that neither the legend nor the plots' axis labels leave the figure.

>>> print(fold("max k/(R²/γ²) = " + "1" * 25 + "/" + "3" * 25 + " ≈ 0.333 for every variant"))
max k/(R²/γ²) =
1111111111111111111111111/
3333333333333333333333333
≈ 0.333 for every variant
>>> unfold(fold("w* = v/‖v‖ (max margin), v = (-5/9, 10/9, 10/9) and a long tail of words"))
'w* = v/‖v‖ (max margin), v = (-5/9, 10/9, 10/9) and a long tail of words'
"""

from __future__ import annotations

import re
import textwrap
from typing import Any

from matplotlib.figure import Figure

WIDTH = 50
"""Characters a legend line holds before it is folded."""


def wrapped(text: str, width: int, *, whole_words: bool = True) -> str:
    """``text`` on lines of at most ``width`` characters.  With ``whole_words`` (labels) it is
    broken at spaces only, so that a long fraction stays whole and joining the lines with
    spaces gives ``text`` back; a title may also break a long file name."""
    return "\n".join(
        textwrap.wrap(text, width, break_long_words=not whole_words, break_on_hyphens=False)
    )


def fold(text: str, width: int = WIDTH) -> str:
    """A legend label on lines of at most ``width`` characters where it can be: broken at
    spaces, and a fraction too long for a line after its "/" (numerator over denominator).
    :func:`unfold` gives ``text`` back."""
    lines = wrapped(text, width).split("\n")
    return "\n".join(
        re.sub(r"(\d+)/(\d+)", r"\1/\n\2", line) if len(line) > width else line for line in lines
    )


def unfold(label: str) -> str:
    """The one-line text of a folded label."""
    return label.replace("/\n", "/").replace("\n", " ")


def side_legend(
    fig: Figure, handles: list[Any], legend_title: str | None, plot_width: float
) -> None:
    """The legend right of the plots, inside the figure: constrained layout makes room for a
    figure legend "outside" the axes.  Long labels are folded, and the figure is widened for
    the longest line (about 6.6 pixels a character at 9 points, plus the handle), so that
    neither the legend nor the axis labels of square plots are pushed off it."""
    labels = [fold(str(h.get_label())) for h in handles]
    texts = [legend_title or "", *labels]
    longest = max(len(line) for text in texts for line in text.split("\n"))
    width, height = fig.get_size_inches()
    fig.set_size_inches(max(width, plot_width + (105 + 6.6 * longest) / 100), height)
    fig.legend(
        handles=handles,
        labels=labels,
        loc="outside right upper",
        fontsize=9,
        title=legend_title,
        title_fontsize=9,
    )
