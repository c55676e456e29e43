"""Cards and hands as SVG pictures: self-contained text, no fonts or images to fetch.

Each function returns the text of one ``<svg>`` element that can be written to
a ``.svg`` file, inlined in an HTML page, or shown in a notebook (``Card`` and
``HandValue`` have ``_repr_svg_`` methods that call these functions). The
drawing uses only paths, circles and two ``<text>`` indices per card set in the
browser's own sans-serif font; it defines no ``id`` attributes, so any number of
pictures can share one page.

Public, stable signatures (the game's web page relies on them):

- ``card_svg(card, *, width=100, face_down=False) -> str``
- ``hand_svg(cards, caption=None, *, card_width=80, gap=8, face_down=False) -> str``
- ``deck_svgs(*, width=100) -> dict[str, str]``: all 52 faces keyed ``"As"``... and
  ``"back"``, to write out as image files for a page that draws cards itself.

>>> svg = card_svg("Qh", width=60)
>>> svg.startswith("<svg") and 'width="60"' in svg and 'height="84"' in svg
True
>>> ">Q<" in svg and "#c8102e" in svg  # the index letter, red for hearts
True
>>> "Q♥" in card_svg("Qh", face_down=True)  # face down: only the back is drawn
False
>>> hand = hand_svg("As Ks Qs Js Ts", caption="Royal flush")
>>> hand.count('<g transform="translate') == 5 and "Royal flush" in hand
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from html import escape

from showdown.cards import Card, CardError, CardLike, CardsLike, to_cards
from showdown.text.svg import (
    BOX_WIDTH,
    CARD_RATIO,
    FONT,
    card_body,
    card_document,
    card_label,
    coordinate,
)

__all__ = ["CARD_RATIO", "card_svg", "deck_svgs", "hand_svg"]


def _one_card(card: CardLike) -> Card:
    if isinstance(card, Card):
        return card
    cards = to_cards(card) if isinstance(card, str) else to_cards([card])
    if len(cards) != 1:
        raise CardError(f"expected one card, got {len(cards)} in {card!r}")
    return cards[0]


def card_svg(card: CardLike, *, width: float = 100, face_down: bool = False) -> str:
    """One card as an SVG document: ``width`` pixels wide, 1.4 times as high.

    ``card`` is a :class:`~showdown.cards.Card`, card text (``"As"``, ``"10♥"``)
    or an id (0..51). ``face_down=True`` draws the back; the card's identity
    then appears nowhere in the text, so it is safe to send to a browser.

    >>> svg = card_svg("10d", width=50)
    >>> ">10<" in svg and 'viewBox="0 0 200 280"' in svg
    True
    >>> "10 of" in svg or "ten of diamonds" in svg
    True
    """
    if not (math.isfinite(width) and width > 0):
        raise ValueError(f"width must be positive, got {width}")
    return card_document(_one_card(card), width, face_down)


def hand_svg(
    cards: CardsLike,
    caption: str | None = None,
    *,
    card_width: float = 80,
    gap: float = 8,
    face_down: bool | Sequence[bool] = False,
) -> str:
    """Several cards side by side in one SVG document, with an optional caption below.

    ``cards`` is anything :func:`~showdown.cards.to_cards` reads (text, Cards,
    ids). ``face_down`` is one flag for all cards or one per card (a dealer's
    hand with hidden cards: ``face_down=[False, True, True, True, True]``).
    A negative ``gap`` overlaps the cards like a fan held in the hand.

    >>> svg = hand_svg("Ah Kd", caption="Big slick & co", face_down=[False, True])
    >>> "Big slick &amp; co" in svg and "A♥" in svg and "K♦" not in svg
    True
    """
    hand = to_cards(cards)
    if isinstance(face_down, bool):
        down = [face_down] * len(hand)
    else:
        down = [bool(flag) for flag in face_down]
        if len(down) != len(hand):
            raise ValueError(f"face_down has {len(down)} flags for {len(hand)} cards")
    if not (math.isfinite(card_width) and card_width > 0):
        raise ValueError(f"card_width must be positive, got {card_width}")
    if not (math.isfinite(gap) and gap > -card_width):
        raise ValueError(
            f"gap must be more than -card_width ({-card_width}) so that the cards run left to "
            f"right, got {gap}"
        )
    pad = 4
    scale = card_width / BOX_WIDTH
    card_height = card_width * CARD_RATIO
    step = card_width + gap
    cards_width = card_width + step * (len(hand) - 1) if hand else 0
    font_size = max(12.0, card_width * 0.2)
    text_height = font_size * 1.6 if caption else 0
    # A rough width for the caption so that a long one is not cut off.
    caption_width = len(caption) * font_size * 0.62 if caption else 0
    inner = max(cards_width, caption_width)
    total_w = inner + 2 * pad
    total_h = card_height + text_height + 2 * pad
    offset = pad + (inner - cards_width) / 2
    parts: list[str] = []
    for i, (card, flag) in enumerate(zip(hand, down, strict=True)):
        x = offset + i * step
        parts.append(
            f'<g transform="translate({coordinate(x)} {coordinate(pad)}) '
            f'scale({coordinate(scale)})">'
            f"<title>{escape(card_label(card, flag))}</title>{card_body(card, flag)}</g>"
        )
    if caption:
        parts.append(
            f'<text x="{coordinate(total_w / 2)}" '
            f'y="{coordinate(pad + card_height + font_size * 1.25)}" '
            f'text-anchor="middle" font-family="{FONT}" font-size="{coordinate(font_size)}" '
            f'fill="#222222">{escape(caption)}</text>'
        )
    label = _hand_label(hand, down, caption)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{coordinate(total_w)}" '
        f'height="{coordinate(total_h)}" '
        f'viewBox="0 0 {coordinate(total_w)} {coordinate(total_h)}" role="img" '
        f'aria-label="{escape(label)}"><title>{escape(label)}</title>{"".join(parts)}</svg>'
    )


def _hand_label(hand: Iterable[Card], down: Iterable[bool], caption: str | None) -> str:
    shown = " ".join("??" if flag else card.symbol for card, flag in zip(hand, down, strict=True))
    return f"{shown}: {caption}" if caption else shown


def deck_svgs(*, width: float = 100) -> dict[str, str]:
    """Every card face keyed by its text (``"2c"`` .. ``"As"``) plus ``"back"``.

    >>> images = deck_svgs(width=60)
    >>> len(images), images["Th"] == card_svg("Th", width=60)
    (53, True)
    >>> images["back"] == card_svg("As", width=60, face_down=True)
    True
    """
    images = {str(Card.from_id(i)): card_svg(Card.from_id(i), width=width) for i in range(52)}
    images["back"] = card_svg(Card.from_id(0), width=width, face_down=True)
    return images
