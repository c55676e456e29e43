"""Per-combo equity for people: a table per range player, and the equity distribution
drawn as an SVG (see :mod:`showdown.odds.per_combo`).

The distribution plots, for each player, its combos from the best down: at ``x`` (the
share of the player's deals, 0..100%) the equity of the combo reached there, so the
curve of a strong range stays high longer. A fixed hand is a flat line.

>>> from showdown.odds.per_combo import per_combo_equity
>>> r = per_combo_equity(["AhKh", "QQ, AcKc"], board="Qh Jh 3c")
>>> print(per_combo_table(r))
QQ, AcKc: 4 combos
combo  weight  equity     win     tie
QdQc   25.00%  66.16%  66.16%   0.00%
QsQc   25.00%  66.16%  66.16%   0.00%
QsQd   25.00%  66.16%  66.16%   0.00%
AcKc   25.00%  34.09%   4.55%  59.09%
>>> svg = distribution_svg(r)
>>> svg.startswith("<svg") and svg.count("<polyline") == 2
True
"""

from __future__ import annotations

from html import escape

from showdown.i18n import phrasebook
from showdown.odds.per_combo import PerComboResult

__all__ = ["distribution_svg", "per_combo_table"]

#: Line colours of the players, in turn (colour-blind safe).
PALETTE = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000")


def per_combo_table(result: PerComboResult, lang: str = "en") -> str:
    """One block per player holding more than one combo: its combos, strongest first,
    with their weight (share of the player's deals), equity, win and tie, in ``lang``."""
    book = phrasebook(lang)
    words = book.section("equity")
    blocks = []
    for label, rows in zip(result.result.hands, result.rows, strict=True):
        if len(rows) < 2:
            continue
        head = f"{label}: {book.counted(len(rows), words['combos'])}"
        width = max(len(words["combo"]), *(len(r.combo) for r in rows))
        titles = (words["weight"], words["equity"], words["win"], words["tie"])
        lines = [head, f"{words['combo']:<{width}}" + "".join(f"  {t:>6}" for t in titles)]
        for r in rows:
            cells = "".join(f"  {book.share(x):>6}" for x in (r.weight, r.equity, r.win, r.tie))
            lines.append(f"{r.combo:<{width}}{cells}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def distribution_svg(result: PerComboResult, lang: str = "en") -> str:
    """The equity distribution of every player as lines on one chart: x the share of
    the player's deals (best combos first), y the equity; a legend names the players."""
    book = phrasebook(lang)
    words = book.section("equity")
    width, height = 560, 360
    left, right, top, bottom = 48, 16, 16, 40
    legend = 18 * len(result.rows)
    plot_w, plot_h = width - left - right, height - top - bottom
    total_h = height + legend

    def px(share: float) -> float:
        return left + share * plot_w

    def py(equity: float) -> float:
        return top + (1 - equity) * plot_h

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total_h}" '
        f'viewBox="0 0 {width} {total_h}" font-family="sans-serif" font-size="11">',
        f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="#ffffff" '
        'stroke="#888888"/>',
    ]
    for tick in range(0, 101, 25):
        x, y = px(tick / 100), py(tick / 100)
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" '
                   'stroke="#e0e0e0"/>')  # fmt: skip
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{tick}%</text>')
        out.append(f'<text x="{x:.1f}" y="{top + plot_h + 14}" text-anchor="middle">{tick}%</text>')
    out.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{top + plot_h + 30}" text-anchor="middle">'
        f"{escape(words['share_axis'])}</text>"
    )
    out.append(
        f'<text x="12" y="{top + plot_h / 2:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 12 {top + plot_h / 2:.1f})">{escape(words["equity"])}</text>'
    )
    for i, (label, curve) in enumerate(
        zip(result.result.hands, result.distribution(), strict=True)
    ):
        colour = PALETTE[i % len(PALETTE)]
        points = [(px(0.0), py(curve[0][1]))]
        before = 0.0
        for share, equity in curve:  # a step per combo: flat over its share of the deals
            points += [(px(before), py(equity)), (px(share), py(equity))]
            before = share
        text = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        out.append(f'<polyline points="{text}" fill="none" stroke="{colour}" stroke-width="2">'
                   f"<title>{escape(label)}</title></polyline>")  # fmt: skip
        y = height + 18 * i + 4
        out.append(f'<line x1="{left}" y1="{y}" x2="{left + 24}" y2="{y}" stroke="{colour}" '
                   'stroke-width="3"/>')  # fmt: skip
        mean = book.percent(result.result.equity[i])
        out.append(f'<text x="{left + 30}" y="{y + 4}">{escape(label)} ({mean})</text>')
    out.append("</svg>")
    return "\n".join(out)
