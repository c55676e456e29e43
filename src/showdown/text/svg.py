"""Card drawing for :mod:`showdown.text.render`, with no import from the rest of the package.

A card here is anything with ``rank`` (0..12), ``suit`` (0..3) and ``symbol``
(``A♥``), such as :class:`showdown.cards.Card`; :meth:`Card._repr_svg_` draws
itself through :func:`card_document` without importing :mod:`showdown.text.render`
(which reads card text and imports :mod:`showdown.cards`), so the two modules
never import each other.

>>> class Ace:
...     rank, suit, symbol = 12, 2, "A♥"
>>> svg = card_document(Ace(), 60, face_down=False)
>>> svg.startswith("<svg") and ">A<" in svg and 'width="60"' in svg
True
"""

from __future__ import annotations

from html import escape
from typing import Protocol


class Drawable(Protocol):
    """What the drawing needs of a card."""

    @property
    def rank(self) -> int: ...
    @property
    def suit(self) -> int: ...
    @property
    def symbol(self) -> str: ...


#: Height / width of a card (poker size, 2.5 x 3.5 inches).
CARD_RATIO = 1.4

#: Every card is drawn in a 200 x 280 box and scaled to the requested width.
BOX_WIDTH, BOX_HEIGHT = 200, 280
_RED = "#c8102e"
_BLACK = "#16161d"
_BACK = "#1d3f8f"
#: The font of the card indices and of a hand's caption.
FONT = "'DejaVu Sans', 'Helvetica Neue', Arial, Helvetica, sans-serif"

_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
_RANK_NAMES = (
    "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)  # fmt: skip

# Suit shapes in a 100 x 100 box centred on (50, 50).
_SUIT_PATHS = (
    # clubs: three leaves and a flared stem
    "M50 4a21 21 0 1 0 0.1 0Z"
    "M25 36a21 21 0 1 0 0.1 0Z"
    "M75 36a21 21 0 1 0 0.1 0Z"
    "M40 40v18h20v-18Z"
    "M47 56C47 74 42 88 30 97H70C58 88 53 74 53 56Z",
    # diamonds: four slightly concave sides
    "M50 0Q66 26 86 50Q66 74 50 100Q34 74 14 50Q34 26 50 0Z",
    # hearts
    "M50 96C33 78 2 60 2 32C2 14 15 3 29 3C40 3 47 10 50 19"
    "C53 10 60 3 71 3C85 3 98 14 98 32C98 60 67 78 50 96Z",
    # spades: an inverted heart on a flared stem
    "M50 2C67 22 97 38 97 62C97 77 86 86 74 86C64 86 57 81 53 74"
    "C53 86 57 93 68 98H32C43 93 47 86 47 74C43 81 36 86 26 86"
    "C14 86 3 77 3 62C3 38 33 22 50 2Z",
)

# Pip positions for 2..10 as (column, row): column 0/1/2 = left/centre/right,
# row a fraction of the pip area from top (0) to bottom (1).
_PIPS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((1, 0), (1, 1)),
    3: ((1, 0), (1, 0.5), (1, 1)),
    4: ((0, 0), (2, 0), (0, 1), (2, 1)),
    5: ((0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)),
    6: ((0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1)),
    7: ((0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1), (2, 1)),
    8: ((0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1), (2, 1)),
    9: ((0, 0), (2, 0), (0, 1 / 3), (2, 1 / 3), (1, 0.5), (0, 2 / 3), (2, 2 / 3), (0, 1), (2, 1)),
    10: (
        (0, 0), (2, 0), (1, 1 / 6), (0, 1 / 3), (2, 1 / 3),
        (0, 2 / 3), (2, 2 / 3), (1, 5 / 6), (0, 1), (2, 1),
    ),
}  # fmt: skip
_PIP_COLUMNS = (68, 100, 132)
_PIP_TOP, _PIP_BOTTOM = 62, 218
_PIP_SIZE = 36
# Nines and tens put a centre pip between two side pips 26 units above and below
# it and 32 to the side: smaller pips keep them from touching.
_PIP_SIZE_CROWDED = 30


def coordinate(x: float) -> str:
    """A coordinate without trailing zeros: ``coordinate(12.5)`` is ``12.5``, ``12.0`` is ``12``."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return text if text != "-0" else "0"


def _suit(suit: int, cx: float, cy: float, size: float, colour: str, flip: bool = False) -> str:
    """A suit shape of ``size`` units centred on (cx, cy), upside down if ``flip``."""
    scale = size / 100
    if flip:
        x, y, s = coordinate(cx + size / 2), coordinate(cy + size / 2), "-" + coordinate(scale)
    else:
        x, y, s = coordinate(cx - size / 2), coordinate(cy - size / 2), coordinate(scale)
    transform = f"translate({x} {y}) scale({s})"
    return f'<path transform="{transform}" fill="{colour}" d="{_SUIT_PATHS[suit]}"/>'


def _index(card: Drawable, colour: str) -> str:
    """The rank and small suit in the top-left corner (drawn again rotated)."""
    rank = "10" if card.rank == 8 else card.symbol[:-1]
    size = 36 if rank == "10" else 42
    spacing = ' letter-spacing="-3"' if rank == "10" else ""
    return (
        f'<text x="24" y="50" text-anchor="middle" font-family="{FONT}" font-size="{size}" '
        f'font-weight="bold" fill="{colour}"{spacing}>{rank}</text>'
        + _suit(card.suit, 24, 74, 26, colour)
    )


def _face(card: Drawable, colour: str) -> list[str]:
    """The middle of a face-up card: pips, a large suit, or a framed court card."""
    rank = card.rank + 2  # 2..14
    parts: list[str] = []
    if rank in _PIPS:
        size = _PIP_SIZE_CROWDED if rank >= 9 else _PIP_SIZE
        for column, row in _PIPS[rank]:
            y = _PIP_TOP + row * (_PIP_BOTTOM - _PIP_TOP)
            parts.append(_suit(card.suit, _PIP_COLUMNS[column], y, size, colour, row > 0.5))
    elif rank == 14:
        parts.append(_suit(card.suit, 100, 140, 96, colour))
    else:  # jack, queen, king: a frame, a big letter and the suit
        letter = card.symbol[:-1]
        parts.append(
            f'<rect x="46" y="44" width="108" height="192" rx="8" fill="{colour}" '
            f'fill-opacity="0.07" stroke="{colour}" stroke-width="3"/>'
        )
        parts.append(
            f'<rect x="53" y="51" width="94" height="178" rx="5" fill="none" '
            f'stroke="{colour}" stroke-opacity="0.45" stroke-width="1.5"/>'
        )
        parts.append(
            f'<text x="100" y="136" text-anchor="middle" font-family="{FONT}" font-size="76" '
            f'font-weight="bold" fill="{colour}">{letter}</text>'
        )
        parts.append(_suit(card.suit, 100, 184, 58, colour))
    return parts


def _back() -> list[str]:
    """A card back: a blue panel with a diagonal lattice and a central medallion."""
    x0, y0, x1, y1 = 16, 16, 184, 264
    parts = [
        f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="8" fill="{_BACK}"/>'
    ]
    lines: list[str] = []
    step = 14
    # Lines x - y = c (down-right) and x + y = c (down-left), clipped to the panel by hand.
    for c in range(x0 - y1 + step, x1 - y0, step):
        ax, ay = max(x0, y0 + c), max(y0, x0 - c)
        bx, by = min(x1, y1 + c), min(y1, x1 - c)
        lines.append(f"M{coordinate(ax)} {coordinate(ay)}L{coordinate(bx)} {coordinate(by)}")
    for c in range(x0 + y0 + step, x1 + y1, step):
        ax, ay = max(x0, c - y1), min(y1, c - x0)
        bx, by = min(x1, c - y0), max(y0, c - x1)
        lines.append(f"M{coordinate(ax)} {coordinate(ay)}L{coordinate(bx)} {coordinate(by)}")
    parts.append(
        f'<path d="{"".join(lines)}" stroke="#ffffff" stroke-opacity="0.28" stroke-width="2"/>'
    )
    parts.append(
        f'<rect x="{x0 + 6}" y="{y0 + 6}" width="{x1 - x0 - 12}" height="{y1 - y0 - 12}" rx="5" '
        'fill="none" stroke="#ffffff" stroke-opacity="0.8" stroke-width="2.5"/>'
    )
    parts.append(
        f'<ellipse cx="100" cy="140" rx="38" ry="52" fill="{_BACK}" stroke="#ffffff" '
        'stroke-width="3"/>'
    )
    parts.append(_suit(3, 100, 140, 44, "#ffffff"))
    return parts


def card_body(card: Drawable | None, face_down: bool) -> str:
    """The drawing of one card in the 200 x 280 box (no ``<svg>`` wrapper)."""
    parts = [
        f'<rect x="2" y="2" width="{BOX_WIDTH - 4}" height="{BOX_HEIGHT - 4}" rx="14" '
        'fill="#ffffff" '
        'stroke="#9a9aa6" stroke-width="2.5"/>'
    ]
    if face_down or card is None:
        parts.extend(_back())
    else:
        colour = _RED if card.suit in (1, 2) else _BLACK
        corner = _index(card, colour)
        parts.append(corner)
        parts.append(f'<g transform="rotate(180 {BOX_WIDTH // 2} {BOX_HEIGHT // 2})">{corner}</g>')
        parts.extend(_face(card, colour))
    return "".join(parts)


def card_label(card: Drawable | None, face_down: bool) -> str:
    """The card's name for a screen reader: ``A♥ (ace of hearts)``, or ``face-down card``."""
    if face_down or card is None:
        return "face-down card"
    return f"{card.symbol} ({_RANK_NAMES[card.rank]} of {_SUIT_NAMES[card.suit]})"


def card_document(card: Drawable | None, width: float, face_down: bool) -> str:
    """One card as an SVG document ``width`` pixels wide (see :func:`.render.card_svg`)."""
    label = escape(card_label(card, face_down))
    body = card_body(card, face_down)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{coordinate(width)}" '
        f'height="{coordinate(width * CARD_RATIO)}" '
        f'viewBox="0 0 {BOX_WIDTH} {BOX_HEIGHT}" role="img" '
        f'aria-label="{label}"><title>{label}</title>{body}</svg>'
    )
