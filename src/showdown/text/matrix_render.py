"""SVG heat maps of preflop equity tables (see :mod:`showdown.odds.matrix`).

Colours run from blue (0%) through white (50%) to red (100%).

>>> svg = row_svg(("AA", "KK"), [0.85, 0.82], "against random")
>>> svg.startswith("<svg") and "AA" in svg and "85" in svg
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import numpy as np

from showdown.i18n import phrasebook
from showdown.odds.preflop import CLASSES, grid_position


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
    ``lang``: ``AA vs KK: 81.95%``)."""
    book = phrasebook(lang)
    vs = book.section("matrix")["vs"]
    n = len(classes)
    cell = max(cell, 24 if n <= 20 else cell)
    margin = 40 if n > 20 else 36
    size = margin + n * cell
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}" font-family="sans-serif" font-size="{min(cell, 10)}">'
    ]
    step = 1 if n <= 20 else 13
    for i in range(0, n, step):
        y = margin + i * cell + cell * 0.8
        out.append(f'<text x="2" y="{y:.1f}">{escape(classes[i])}</text>')
        out.append(
            f'<text x="{margin + i * cell:.1f}" y="{margin - 4}" '
            f'transform="rotate(-90 {margin + i * cell + cell * 0.8:.1f} {margin - 4})">'
            f"{escape(classes[i])}</text>"
        )
    for i in range(n):
        for j in range(n):
            v = float(values[i, j])
            tip = f"{classes[i]} {vs} {classes[j]}: {book.percent(v)}" if v == v else ""
            out.append(
                f'<rect x="{margin + j * cell}" y="{margin + i * cell}" width="{cell}" '
                f'height="{cell}" fill="{colour(v)}"><title>{escape(tip)}</title></rect>'
            )
    out.append("</svg>")
    return "\n".join(out)


def row_svg(classes: Sequence[str], values: Sequence[float], caption: str, lang: str = "en") -> str:
    """The 13 x 13 grid of classes (pairs on the diagonal, suited above), each cell
    coloured by its equity and labelled with the class and the percentage (written as
    ``lang`` writes numbers)."""
    book = phrasebook(lang)
    cell = 44
    top = 24
    size = 13 * cell
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size + top}" '
        f'viewBox="0 0 {size} {size + top}" font-family="sans-serif" font-size="11">',
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
    out.append("</svg>")
    return "\n".join(out)
