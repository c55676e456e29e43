"""A range's breakdown on a board for people: a text table and an SVG bar chart (see
:mod:`showdown.odds.ranges.breakdown`). Class names are the defined terms of
``docs/ranges.md`` (in English in every language); numbers follow ``lang``.

>>> from showdown.odds.ranges.breakdown import breakdown
>>> b = breakdown("QQ+, AK", "Qh Jh 3c")
>>> print(breakdown_table(b))
Board Qh Jh 3c: 31 combos
made hands
  set                  9.68%
  overpair            38.71%
  ace high            51.61%
draws
  flush draw           3.23%
  nut flush draw       3.23%
  gutshot             51.61%
  combo draw           3.23%
  two overcards       51.61%
  backdoor flush draw 41.94%
>>> breakdown_svg(b).count("<rect") == 1 + 3 + 6
True
"""

from __future__ import annotations

from html import escape

from showdown.i18n import phrasebook
from showdown.odds.ranges.breakdown import Breakdown

__all__ = ["breakdown_svg", "breakdown_table"]


def _rows(b: Breakdown) -> list[tuple[str, list[tuple[str, float]]]]:
    """The sections and their classes holding some share, in the documented order."""
    return [
        ("made hands", [(k, v) for k, v in b.made.items() if v > 0]),
        ("draws", [(k, v) for k, v in b.draws.items() if v > 0]),
    ]


def breakdown_table(b: Breakdown, lang: str = "en") -> str:
    """The board and combo count, then each class holding some of the range, with its
    weighted share."""
    book = phrasebook(lang)
    sections = _rows(b)
    width = max([len(k) for _, rows in sections for k, _ in rows] or [0])
    lines = [f"Board {b.board}: {book.counted(b.combos, book.section('equity')['combos'])}"]
    for title, rows in sections:
        if not rows:
            continue
        lines.append(title)
        lines += [f"  {name:<{width}} {book.percent(share):>6}" for name, share in rows]
    return "\n".join(lines)


def breakdown_svg(b: Breakdown, lang: str = "en") -> str:
    """A bar per class holding some of the range, made hands then draws, each bar as long
    as its share and labelled with it."""
    book = phrasebook(lang)
    sections = _rows(b)
    label_w, bar_w, row_h = 170, 300, 20
    count = sum(len(rows) + 1 for _, rows in sections)
    height = 30 + count * row_h
    width = label_w + bar_w + 70
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
        f'<text x="8" y="18" font-weight="bold">{escape(b.board)} · '
        f"{escape(book.counted(b.combos, book.section('equity')['combos']))}</text>",
    ]
    y = 30
    for title, rows in sections:
        out.append(f'<text x="8" y="{y + 14}" font-weight="bold">{escape(title)}</text>')
        y += row_h
        colour = "#0072b2" if title == "made hands" else "#d55e00"
        for name, share in rows:
            length = max(1.0, share * bar_w)
            out.append(f'<text x="16" y="{y + 14}">{escape(name)}</text>')
            out.append(
                f'<rect x="{label_w}" y="{y + 3}" width="{length:.1f}" height="{row_h - 6}" '
                f'fill="{colour}"><title>{escape(name)}: {book.percent(share)}</title></rect>'
            )
            out.append(f'<text x="{label_w + length + 6:.1f}" y="{y + 14}">'
                       f"{book.percent(share)}</text>")  # fmt: skip
            y += row_h
    out.append("</svg>")
    return "\n".join(out)
