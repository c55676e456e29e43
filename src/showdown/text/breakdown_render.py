"""A range's breakdown on a board for people: a text table and an SVG bar chart (see
:mod:`showdown.odds.ranges.breakdown`). Class names are the defined terms of
``docs/ranges.md`` (in English in every language); numbers follow ``lang``.

>>> from showdown.odds.ranges.breakdown import breakdown
>>> b = breakdown("QQ+, AK", "Qh Jh 3c")
>>> print(breakdown_table(b))
Board Qh Jh 3c: 31 combos
made hands
  set                   9.68%      3
  overpair             38.71%     12
  ace high             51.61%     16
draws
  flush draw            3.23%      1
  nut flush draw        3.23%      1
  gutshot              51.61%     16
  combo draw            3.23%      1
  two overcards        51.61%     16
  backdoor flush draw  41.94%     13
>>> breakdown_svg(b).count("<rect") == 1 + 3 + 6
True
"""

from __future__ import annotations

from html import escape

from showdown.i18n import phrasebook
from showdown.odds.ranges.breakdown import Breakdown
from showdown.odds.ranges.flop_analysis import FlopAnalysis

__all__ = ["breakdown_svg", "breakdown_table", "flop_table"]


def _rows(b: Breakdown | FlopAnalysis) -> list[tuple[str, list[tuple[str, float]]]]:
    """The sections and their classes holding some share, in the documented order."""
    return [
        ("made hands", [(k, v) for k, v in b.made.items() if v > 0]),
        ("draws", [(k, v) for k, v in b.draws.items() if v > 0]),
    ]


def breakdown_table(b: Breakdown, lang: str = "en") -> str:
    """The board and combo count, then each class holding some of the range, with its
    weighted share and its weighted combos."""
    book = phrasebook(lang)
    head = f"Board {b.board}: {book.counted(b.combos, book.section('equity')['combos'])}"
    return _table(head, b, lang)


def flop_table(a: FlopAnalysis, lang: str = "en") -> str:
    """The count of flops and combos, then each class the range makes on some flop, with
    its share over all flops and that share of the range's weighted combos.

    >>> from showdown.odds.ranges.flop_analysis import flop_analysis
    >>> print(flop_table(flop_analysis("AhKh")).splitlines()[0])
    All 22,100 flops: 1 combo
    """
    book = phrasebook(lang)
    combos = book.counted(a.combos, book.section("equity")["combos"])
    return _table(f"All {book.count(a.flops)} flops: {combos}", a, lang)


def _table(head: str, b: Breakdown | FlopAnalysis, lang: str) -> str:
    book = phrasebook(lang)
    sections = _rows(b)
    counts = {**b.made_combos, **b.draw_combos}
    width = max([len(k) for _, rows in sections for k, _ in rows] or [0])
    lines = [head]
    for title, rows in sections:
        if not rows:
            continue
        lines.append(title)
        lines += [
            f"  {name:<{width}} {book.share(share):>7} {_combos(counts[name], lang):>6}"
            for name, share in rows
        ]
    return "\n".join(lines)


def _combos(x: float, lang: str) -> str:
    """Weighted combos: whole when whole, else with two decimals; a count above nought
    that two decimals would round to nought is written as under 0.01, never as 0.00.

    >>> _combos(3.0, "en"), _combos(0.81, "en"), _combos(0.001, "en"), _combos(0.001, "ru")
    ('3', '0.81', '<0.01', '<0,01')
    """
    book = phrasebook(lang)
    if abs(x - round(x)) < 1e-9:
        return book.count(round(x))
    return "<" + book.decimal(0.01, 2) if x < 0.005 else book.decimal(x, 2)


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
                f'fill="{colour}"><title>{escape(name)}: {book.share(share)}</title></rect>'
            )
            out.append(f'<text x="{label_w + length + 6:.1f}" y="{y + 14}">'
                       f"{book.share(share)}</text>")  # fmt: skip
            y += row_h
    out.append("</svg>")
    return "\n".join(out)
