"""Heat maps of preflop equity as SVG, drawn from plain numbers: a table of classes
against classes, or the 13 x 13 grid of classes against one range.

Colours run from blue (0%) through white (50%) to red (100%). Nothing here knows the
tables of :mod:`showdown.odds.matrix`: their notebook pictures (``_repr_svg_``) hand
their classes and numbers over, and :mod:`showdown.text.matrix_render` does the same
for ``showdown matrix --svg``.

>>> svg = row_svg(("AA", "KK"), [0.85, 0.82], "against random")
>>> svg.startswith("<svg") and "AA" in svg and "85" in svg
True
>>> colour(0.0), colour(0.5), colour(1.0)
('#2166ac', '#f7f7f7', '#b2182b')
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import numpy as np

from showdown.i18n import phrasebook
from showdown.odds.ranges.preflop import CLASSES, grid_position

__all__ = ["colour", "heat_svg", "legend", "row_svg"]


def colour(x: float) -> str:
    """The heat colour of an equity (NaN: grey).

    >>> colour(0.0), colour(0.5), colour(1.0)
    ('#2166ac', '#f7f7f7', '#b2182b')
    """
    if x != x:  # NaN
        return "#bbbbbb"
    lo, mid, hi = (0x21, 0x66, 0xAC), (0xF7, 0xF7, 0xF7), (0xB2, 0x18, 0x2B)
    x = min(max(float(x), 0.0), 1.0)
    a, b, t = (lo, mid, 2 * x) if x < 0.5 else (mid, hi, 2 * x - 1)
    return "#" + "".join(f"{round(p + (q - p) * t):02x}" for p, q in zip(a, b, strict=True))


def heat_svg(classes: Sequence[str], values: np.ndarray, lang: str = "en", cell: int = 6) -> str:
    """A square heat map: row class against column class, with a title per cell (in
    ``lang``: ``AA vs KK: 81.95%``), the equity written in each cell when the cells are
    big enough (up to 20 classes), column labels above the columns, and a colour legend
    under the map."""
    book = phrasebook(lang)
    vs = book.section("matrix")["vs"]
    n = len(classes)
    few = n <= 20
    cell = max(cell, 44 if few else cell)
    margin = 40 if not few else 36
    font = 11 if few else min(cell, 10)
    legend_h = 44
    size = margin + n * cell
    width = max(size, margin + 220)
    height = size + legend_h
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="{font}">'
    ]
    step = 1 if few else 13
    for i in range(0, n, step):
        y = margin + i * cell + cell / 2 + font / 3
        out.append(f'<text x="2" y="{y:.1f}">{escape(classes[i])}</text>')
        # Column labels: written upwards, their foot just above the column they name.
        x, foot = margin + i * cell + cell / 2 + font / 3, margin - 4
        out.append(
            f'<text x="{x:.1f}" y="{foot}" transform="rotate(-90 {x:.1f} {foot})">'
            f"{escape(classes[i])}</text>"
        )
    for i in range(n):
        for j in range(n):
            v = float(values[i, j])
            tip = f"{classes[i]} {vs} {classes[j]}: {book.percent(v)}" if v == v else ""
            x, y = margin + j * cell, margin + i * cell
            out.append(
                f'<rect x="{x}" y="{y}" width="{cell}" '
                f'height="{cell}" fill="{colour(v)}"><title>{escape(tip)}</title></rect>'
            )
            if few and v == v:
                out.append(
                    f'<text x="{x + cell / 2:.1f}" y="{y + cell / 2 + font / 3:.1f}" '
                    f'text-anchor="middle">{book.decimal(100 * v, 1)}</text>'
                )
    out += legend(margin, size + 12, lang)
    out.append("</svg>")
    return "\n".join(out)


def legend(x: float, y: float, lang: str = "en") -> list[str]:
    """A colour bar from 0% to 100% equity, labelled at 0, 50 and 100%."""
    book = phrasebook(lang)
    out = []
    steps, width = 20, 200
    for k in range(steps):
        out.append(
            f'<rect x="{x + k * width / steps:.1f}" y="{y}" width="{width / steps + 0.5:.1f}" '
            f'height="10" fill="{colour((k + 0.5) / steps)}"/>'
        )
    for at in (0.0, 0.5, 1.0):
        anchor = {0.0: "start", 0.5: "middle", 1.0: "end"}[at]
        out.append(
            f'<text x="{x + at * width:.1f}" y="{y + 24}" text-anchor="{anchor}">'
            f"{book.percent(at, 0)}</text>"
        )
    return out


def row_svg(classes: Sequence[str], values: Sequence[float], caption: str, lang: str = "en") -> str:
    """The 13 x 13 grid of classes (pairs on the diagonal, suited above), each cell
    coloured by its equity and labelled with the class and the percentage (written as
    ``lang`` writes numbers)."""
    book = phrasebook(lang)
    cell = 44
    top = 24
    size = 13 * cell
    height = size + top + 44  # the legend below the grid
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{height}" '
        f'viewBox="0 0 {size} {height}" font-family="sans-serif" font-size="11">',
        f'<text x="4" y="16">{escape(caption)}</text>',
    ]
    given = dict(zip(classes, values, strict=True))
    for name in CLASSES:
        r, c = grid_position(name)
        v = float(given.get(name, float("nan")))
        x, y = c * cell, top + r * cell
        out.append(
            f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{colour(v)}" '
            f'stroke="#ffffff"/>'
        )
        out.append(f'<text x="{x + 4}" y="{y + 16}">{name}</text>')
        if v == v:
            out.append(f'<text x="{x + 4}" y="{y + 32}">{book.decimal(100 * v, 1)}</text>')
    out += legend(8, top + size + 10, lang)
    out.append("</svg>")
    return "\n".join(out)
