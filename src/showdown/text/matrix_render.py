"""Preflop equity tables (:mod:`showdown.odds.matrix`) as text and as SVG heat maps.

:func:`matrix_text` is what ``showdown matrix`` prints, :func:`matrix_svg` what its
``--svg`` draws. Colours run from blue (0%) through white (50%) to red (100%).

>>> m = PreflopMatrix(("AA", "KK"), *(np.array([[0.5, 0.8195], [0.1805, 0.5]]),) * 3)
>>> print(matrix_text(m, "es"))
          AA      KK
AA    50,00%  81,95%
KK    18,05%  50,00%
>>> svg = row_svg(("AA", "KK"), [0.85, 0.82], "against random")
>>> svg.startswith("<svg") and "AA" in svg and "85" in svg
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import numpy as np

from showdown.i18n import phrasebook, words
from showdown.odds.matrix import MatrixRow, PreflopMatrix, ThreeWayTable
from showdown.odds.ranges.preflop import CLASSES, grid_position

__all__ = ["colour", "heat_svg", "legend", "matrix_svg", "matrix_text", "row_svg"]


def matrix_text(result: PreflopMatrix | MatrixRow | ThreeWayTable, lang: str = "en") -> str:
    """The text of ``showdown matrix`` (numbers as ``lang`` writes them): a grid of each
    row class's equity against each column class (``-`` where no combos fit); with
    ``--vs``, the 13 x 13 chart of each class against the range (pairs on the diagonal,
    suited above it, offsuit below) when every class is asked, else one line per class;
    with ``--three-way``, one line per three classes, each with its equity."""
    if isinstance(result, ThreeWayTable):
        return _three_way_text(result, lang)
    if isinstance(result, MatrixRow):
        return _row_text(result, lang)
    return _grid_text(result, lang)


def matrix_svg(result: PreflopMatrix | MatrixRow, lang: str = "en") -> str:
    """The heat map of a table (red: the row class is ahead), or the 13 x 13 grid of
    classes coloured by their equity against the range of a :class:`MatrixRow`."""
    if isinstance(result, MatrixRow):
        caption = words("matrix", lang)["against"].format(range=result.vs)
        return row_svg(result.classes, result.equity.tolist(), caption, lang)
    return heat_svg(result.classes, result.equity, lang)


def _grid_text(m: PreflopMatrix, lang: str) -> str:
    book = phrasebook(lang)
    width = max(7, *(len(c) + 1 for c in m.classes))
    lines = [" " * 4 + "".join(f"{c:>{width + 1}}" for c in m.classes)]
    for i, a in enumerate(m.classes):
        cells = [f"{book.percent(x) if x == x else '-':>{width + 1}}" for x in m.equity[i]]
        lines.append(f"{a:<4}" + "".join(cells))
    return "\n".join(lines)


def _row_text(row: MatrixRow, lang: str) -> str:
    if set(row.classes) != set(CLASSES):
        return "\n".join(
            _line(a, row.vs, (row.equity[i], row.win[i], row.tie[i]), lang)
            for i, a in enumerate(row.classes)
        )
    book = phrasebook(lang)
    given = dict(zip(row.classes, row.equity.tolist(), strict=True))
    ranks = "AKQJT98765432"
    lines = [words("matrix", lang)["against"].format(range=row.vs)]
    lines.append("   " + "".join(f"{r:>6}" for r in ranks))
    for r in range(13):
        cells = []
        for c in range(13):
            x = given[CLASSES[13 * r + c]]
            cells.append(f"{book.decimal(100 * x, 1) if x == x else '-':>6}")
        lines.append(f"{ranks[r]:<3}" + "".join(cells))
    return "\n".join(lines)


def _line(a: str, b: str, cell: tuple[float, float, float], lang: str) -> str:
    """One pair's line: ``AA   vs KK    equity  81.95%  win  81.71%  tie  0.46%``."""
    book = phrasebook(lang)
    eq_words, vs = book.section("equity"), book.section("matrix")["vs"]
    e, w, t = (book.decimal(100 * float(x), 2) for x in cell)
    return (
        f"{a:<4} {vs} {b:<4}  {eq_words['equity']} {e:>6}%  {eq_words['win']} {w:>6}%"
        f"  {eq_words['tie']} {t:>5}%"
    )


def _three_way_text(table: ThreeWayTable, lang: str) -> str:
    book = phrasebook(lang)

    def part(k: int, p: int) -> str:
        return f"{table.triples[k][p]} {book.decimal(100 * table.equity[k][p], 2):>6}%"

    return "\n".join("   ".join(part(k, p) for p in range(3)) for k in range(len(table.triples)))


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
