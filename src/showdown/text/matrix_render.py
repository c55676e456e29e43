"""Preflop equity tables (:mod:`showdown.odds.matrix`) as text and as SVG heat maps.

:func:`matrix_text` is what ``showdown matrix`` prints, :func:`matrix_svg` what its
``--svg`` draws (with :mod:`showdown.text.heat_map`, which the tables' own notebook
pictures use).

>>> import numpy as np
>>> m = PreflopMatrix(("AA", "KK"), *(np.array([[0.5, 0.8195], [0.1805, 0.5]]),) * 3)
>>> print(matrix_text(m, "es"))
          AA      KK
AA    50,00%  81,95%
KK    18,05%  50,00%
>>> matrix_svg(m).startswith("<svg")
True
"""

from __future__ import annotations

from showdown.i18n import phrasebook, words
from showdown.odds.matrix import MatrixRow, PreflopMatrix, ThreeWayTable
from showdown.odds.ranges.preflop import CLASSES
from showdown.text.heat_map import heat_svg, row_svg

__all__ = ["matrix_svg", "matrix_text"]


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
