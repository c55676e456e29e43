"""The drawing of a player's graph (:func:`graph_svg`): one standalone SVG, four lines a currency.

Each currency of the series gets a panel: its axes with round ticks, the four running
sums of :func:`showdown.tracker.graph.graph_series` as lines (net won, all-in EV
adjusted, won at showdown, won without showdown), and under every kept point an
invisible strip whose ``<title>`` (and ``data-room``, ``data-hand``, ``data-n``)
names the hand, so a browser shows it on hover. A legend in ``lang`` closes it. No
font is fetched and nothing runs: the picture is the same bytes for the same series.

>>> from decimal import Decimal as D
>>> point = {"x": 1, "n": 1, "played_at": None, "room": "pokerstars", "hand": "245",
...          "net": D("2.5"), "ev_net": D("1"), "showdown": D("2.5"), "no_showdown": D(0)}
>>> svg = graph_svg({"USD": [point]}, title="Ann", lang="es")
>>> svg.count("<polyline"), "ganancia neta" in svg, 'data-hand="245"' in svg
(4, True, True)
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Mapping, Sequence
from decimal import Decimal
from html import escape
from typing import TYPE_CHECKING, cast

from showdown.i18n import phrasebook
from showdown.i18n.base import Phrasebook
from showdown.text.svg import FONT, coordinate

if TYPE_CHECKING:
    from showdown.tracker.graph import Point

__all__ = ["CHIPS", "COLOURS", "LINES", "graph_svg"]

#: The four running sums of a point, in the order a graph draws and names them.
LINES = ("net", "ev_net", "showdown", "no_showdown")

#: The series' name for hands played for chips (a NULL currency).
CHIPS = "chips"

#: Colour-blind safe (the palette of :mod:`showdown.text.per_combo_render`); the EV line
#: is dashed as well, so the two that often run together stay apart in grey print.
COLOURS = {"net": "#0072b2", "ev_net": "#d55e00", "showdown": "#009e73", "no_showdown": "#cc79a7"}
_DASH = {"ev_net": ' stroke-dasharray="6 3"'}

_TITLE_H = 30
#: About the width of a character of the 11-pixel font, for laying out the legend.
_CHAR_W = 6.6
_LEFT, _RIGHT, _TOP, _BOTTOM = 76, 16, 26, 42
_TICKS = 5
_MOST_TICKS = 7
_EPOCH = datetime.datetime(1970, 1, 1)


def graph_svg(
    series: Mapping[str, Sequence[Point]],
    *,
    title: str,
    lang: str = "en",
    width: int = 720,
    height: int = 320,
) -> str:
    """The series of :func:`~showdown.tracker.graph.graph_series` as an SVG document:
    ``title`` on top, a panel ``width`` x ``height`` per currency, the legend in ``lang``.

    Raises :class:`ValueError` for an unknown language or a panel too small to draw
    (under 240 x 120)."""
    book = phrasebook(lang)
    for name, size, least in (("width", width, 240), ("height", height, 120)):
        if isinstance(size, bool) or not isinstance(size, int) or size < least:
            raise ValueError(f"{name} must be an integer of at least {least}, got {size!r}")
    words = book.section("graph")
    panels = [(currency, points) for currency, points in series.items() if points]
    legend, legend_h = _legend(words, width)
    bottom = _TITLE_H + height * max(1, len(panels))
    total_h = bottom + legend_h
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total_h}" '
        f'viewBox="0 0 {width} {total_h}" font-family="{escape(FONT)}" font-size="11" '
        f'role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<rect x="0" y="0" width="{width}" height="{total_h}" fill="#ffffff"/>',
        f'<text x="{width // 2}" y="20" text-anchor="middle" font-size="14" '
        f'font-weight="bold">{escape(title)}</text>',
    ]
    if not panels:
        out.append(f'<text x="{width // 2}" y="{_TITLE_H + height // 2}" text-anchor="middle">'
                   f"{escape(words['no_hands'])}</text>")  # fmt: skip
    for k, (currency, points) in enumerate(panels):
        out.extend(_panel(book, currency, points, 0, _TITLE_H + k * height, width, height))
    out.append(f'<g transform="translate(0 {bottom})">')
    out.extend(legend)
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


def _panel(
    book: Phrasebook,
    currency: str,
    points: Sequence[Point],
    left: int,
    top: int,
    width: int,
    height: int,
) -> list[str]:
    """One currency's axes, lines and hover strips, in the box at (left, top)."""
    words = book.section("graph")
    x0, x1 = left + _LEFT, left + width - _RIGHT
    y0, y1 = top + _TOP, top + height - _BOTTOM
    by_date = isinstance(points[0]["x"], datetime.datetime)
    xs = [_x(p) for p in points]
    start = xs[0] if by_date else 0.0
    span = max(xs[-1] - start, 1e-9)
    values = [_sum(p, line) for p in points for line in LINES]
    low, high = min(0.0, *values), max(0.0, *values)
    step, places = _step((high - low) or 1.0)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    high = high if high > low else low + step
    amount_places = 0 if currency == CHIPS and all(v == int(v) for v in values) else 2

    def px(x: float) -> float:
        return x0 + (x - start) / span * (x1 - x0)

    def py(v: float) -> float:
        return y1 - (v - low) / (high - low) * (y1 - y0)

    name = words["chips"] if currency == CHIPS else currency
    out = [
        f'<g data-currency="{escape(currency)}">',
        f'<text x="{x0}" y="{top + 16}" font-weight="bold">{escape(name)}</text>',
        f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" fill="none" '
        'stroke="#888888"/>',
    ]
    for k in range(round((high - low) / step) + 1):
        v = low + k * step
        y = coordinate(py(v))
        stroke = "#888888" if abs(v) < step / 2 else "#e6e6e6"
        out.append(f'<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="{stroke}"/>')
        label = book.decimal(0.0 if abs(v) < step / 2 else v, places)
        out.append(f'<text x="{x0 - 6}" y="{coordinate(py(v) + 4)}" text-anchor="end">'
                   f"{label}</text>")  # fmt: skip
    ticks = _x_ticks(book, start, xs[-1], by_date)
    for k, (x, label) in enumerate(ticks):
        # a date is long: the last one ends at the axis' end instead of running past it
        anchor = "end" if by_date and k == len(ticks) - 1 and k else "middle"
        out.append(f'<line x1="{coordinate(px(x))}" y1="{y1}" x2="{coordinate(px(x))}" '
                   f'y2="{y1 + 4}" stroke="#888888"/>')  # fmt: skip
        out.append(f'<text x="{coordinate(px(x))}" y="{y1 + 16}" text-anchor="{anchor}">'
                   f"{escape(label)}</text>")  # fmt: skip
    axis = words["x_date"] if by_date else words["x_hands"]
    out.append(f'<text x="{coordinate((x0 + x1) / 2)}" y="{y1 + 34}" text-anchor="middle">'
               f"{escape(axis)}</text>")  # fmt: skip
    for line in LINES:
        # the hands axis starts at nothing won before the first hand
        trace = [] if by_date else [f"{coordinate(px(0))},{coordinate(py(0))}"]
        trace += [f"{coordinate(px(x))},{coordinate(py(_sum(p, line)))}"
                  for x, p in zip(xs, points, strict=True)]  # fmt: skip
        out.append(f'<polyline data-line="{line}" points="{" ".join(trace)}" fill="none" '
                   f'stroke="{COLOURS[line]}" stroke-width="1.5"{_DASH.get(line, "")}>'
                   f"<title>{escape(words[line])}</title></polyline>")  # fmt: skip
    out.extend(_hover(book, points, [px(x) for x in xs], x0, x1, y0, y1, amount_places))
    out.append("</g>")
    return out


def _hover(
    book: Phrasebook,
    points: Sequence[Point],
    xs: Sequence[float],
    x0: float,
    x1: float,
    y0: float,
    y1: float,
    places: int,
) -> list[str]:
    """An invisible strip per point, from half way to the point before to half way to the
    next, carrying the hand and the four sums in its ``<title>``."""
    words = book.section("graph")
    out = ['<g fill="#000000" fill-opacity="0">']
    for i, (p, x) in enumerate(zip(points, xs, strict=True)):
        left = x0 if i == 0 else (xs[i - 1] + x) / 2
        right = x1 if i == len(xs) - 1 else (x + xs[i + 1]) / 2
        lines = [words["hand"].format(hand=p["hand"], room=p["room"]),
                 words["nth"].format(count=book.count(p["n"]))]  # fmt: skip
        if p["played_at"] is not None:
            lines.append(p["played_at"].isoformat(sep=" ", timespec="minutes"))
        for line in LINES:
            value = book.decimal(_sum(p, line), places)
            lines.append(f"{words[line]}: {value}")
        out.append(
            f'<rect x="{coordinate(left)}" y="{coordinate(y0)}" '
            f'width="{coordinate(max(right - left, 0.5))}" height="{coordinate(y1 - y0)}" '
            f'data-room="{escape(p["room"])}" data-hand="{escape(p["hand"])}" '
            f'data-n="{p["n"]}"><title>{escape(chr(10).join(lines))}</title></rect>'
        )
    out.append("</g>")
    return out


def _legend(words: Mapping[str, str], width: int) -> tuple[list[str], int]:
    """The four lines' names under the panels, in rows as wide as the picture (a name's
    width guessed from its length: no font is measured), and the height they take."""
    out: list[str] = []
    x, y = float(_LEFT), 15
    for line in LINES:
        name = words[line]
        wide = 28 + _CHAR_W * len(name) + 18
        if x > _LEFT and x + wide > width:
            x, y = float(_LEFT), y + 18
        out.append(f'<line x1="{coordinate(x)}" y1="{y}" x2="{coordinate(x + 22)}" y2="{y}" '
                   f'stroke="{COLOURS[line]}" stroke-width="3"{_DASH.get(line, "")}/>')  # fmt: skip
        out.append(f'<text x="{coordinate(x + 28)}" y="{y + 4}">{escape(name)}</text>')
        x += wide
    return out, y + 12


def _step(span: float) -> tuple[float, int]:
    """The smallest round step (1, 2 or 5 times a power of ten) that cuts ``span`` in at
    most seven, and the decimals its labels need.

    >>> _step(1234.0), _step(0.9), _step(7.0), _step(100.0)
    ((200.0, 0), (0.2, 1), (1.0, 0), (20.0, 0))
    """
    raw = span / _MOST_TICKS
    power = math.floor(math.log10(raw))
    step = 10.0 ** (power + 1)
    for factor in (1, 2, 5):
        if raw <= factor * 10.0**power * (1 + 1e-9):
            step = factor * 10.0**power
            break
    places = max(0, -math.floor(math.log10(step) + 1e-9))
    return round(step, places), places


def _sum(point: Point, line: str) -> float:
    """One of the point's four sums (``line`` one of :data:`LINES`), to draw."""
    return float(cast("Mapping[str, Decimal]", point)[line])


def _x(point: Point) -> float:
    """Where the point stands on the x axis: its hand count, or its time in seconds."""
    x = point["x"]
    return _seconds(x) if isinstance(x, datetime.datetime) else float(x)


def _seconds(when: datetime.datetime) -> float:
    """A timestamp as seconds, the same on every machine (the database's times are naive)."""
    return (when.replace(tzinfo=None) - _EPOCH).total_seconds()


def _x_ticks(book: Phrasebook, start: float, end: float, by_date: bool) -> list[tuple[float, str]]:
    """The x axis' ticks: round hand counts from 0, or evenly spaced dates (with the
    time of day when the hands span less than three days)."""
    if not by_date:
        step, _ = _step(max(end, 1.0))
        step = max(step, 1.0)
        return [(k * step, book.count(int(k * step))) for k in range(int(end // step) + 1)]
    short = end - start < 3 * 86400
    ticks = []
    for k in range(_TICKS):
        at = start + (end - start) * k / (_TICKS - 1)
        when = _EPOCH + datetime.timedelta(seconds=at)
        ticks.append((at, when.strftime("%m-%d %H:%M" if short else "%Y-%m-%d")))
    return ticks if end > start else ticks[:1]
