"""SVG pictures of cards and hands: valid XML, the right marks, nothing leaked face down."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from showdown import Card, CardError, evaluate
from showdown.cards import RANKS, SUIT_SYMBOLS
from showdown.text.render import CARD_RATIO, card_svg, deck_svgs, hand_svg

SVG = "{http://www.w3.org/2000/svg}"
RED = "#c8102e"
ALL_CARDS = [Card.from_id(i) for i in range(52)]


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def texts(root: ET.Element) -> list[str]:
    return [el.text or "" for el in root.iter(f"{SVG}text")]


def suit_shapes(root: ET.Element, suit: int) -> int:
    """How many suit shapes of ``suit`` the picture draws (paths sharing the suit's outline)."""
    reference = parse(card_svg(Card(0, suit)))  # the two: pips are the same shape as the index
    outlines = {p.get("d") for p in reference.iter(f"{SVG}path")}
    assert len(outlines) == 1
    (outline,) = outlines
    return sum(1 for p in root.iter(f"{SVG}path") if p.get("d") == outline)


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_is_valid_svg_with_its_index_pips_and_colour(card: Card) -> None:
    root = parse(card_svg(card))
    index = "10" if card.rank == 8 else RANKS[card.rank]
    court = card.rank in (9, 10, 11)  # J, Q, K also carry a large letter in the middle
    # the top-left index, the rotated bottom-right one, and a court card's big letter
    assert texts(root) == [index] * (3 if court else 2)
    title = root.find(f"{SVG}title")
    assert title is not None and card.symbol in (title.text or "")
    assert root.get("aria-label") == title.text
    colours = {el.get("fill") for el in root.iter() if el.get("fill") not in (None, "none")}
    red = card.suit in (1, 2)
    assert (RED in colours) is red
    value = card.rank + 2
    expected = value if value <= 10 else 1  # pips, or one big suit (ace) / one under the letter
    assert suit_shapes(root, card.suit) == expected + 2  # plus the two corner indices
    for other in range(4):
        if other != card.suit:
            assert suit_shapes(root, other) == 0


def test_size_follows_width_and_poker_ratio() -> None:
    root = parse(card_svg("As", width=250))
    assert float(root.get("width", "0")) == 250
    assert float(root.get("height", "0")) == pytest.approx(250 * CARD_RATIO)
    assert root.get("viewBox") == "0 0 200 280"


def test_card_accepts_text_ids_and_cards_alike() -> None:
    assert card_svg("A♠") == card_svg("as") == card_svg(51) == card_svg(Card.parse("As"))


def test_face_down_is_the_same_picture_for_every_card() -> None:
    backs = {card_svg(card, face_down=True) for card in ALL_CARDS}
    assert len(backs) == 1
    (back,) = backs
    root = parse(back)
    assert texts(root) == []
    assert RED not in back
    assert not any(symbol in back for symbol in SUIT_SYMBOLS)


def test_no_ids_so_many_pictures_can_share_a_page() -> None:
    page = hand_svg(ALL_CARDS[:13]) + card_svg("Kh") + card_svg("Kh", face_down=True)
    assert " id=" not in page


def test_hand_places_cards_side_by_side_with_a_caption() -> None:
    caption = "Two pair, kings & fours <best>"
    svg = hand_svg("Kh Kd 4s 4c Ac", caption=caption, card_width=50, gap=10)
    root = parse(svg)
    groups = [g for g in root.findall(f"{SVG}g") if "translate" in (g.get("transform") or "")]
    assert len(groups) == 5
    xs = [float((g.get("transform") or "").split("(")[1].split()[0]) for g in groups]
    assert [round(b - a, 6) for a, b in itertools.pairwise(xs)] == [60.0] * 4
    assert "Two pair, kings & fours <best>" in texts(root)
    width = float(root.get("width", "0"))
    assert width >= 5 * 50 + 4 * 10
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    for group, card in zip(groups, ["Kh", "Kd", "4s", "4c", "Ac"], strict=True):
        title = group.find(f"{SVG}title")
        assert title is not None and Card.parse(card).symbol in (title.text or "")


def test_hand_with_some_cards_face_down_hides_exactly_those() -> None:
    svg = hand_svg("Ah Kd Qs", face_down=[False, True, True])
    root = parse(svg)
    assert texts(root) == ["A", "A"]
    assert "K♦" not in svg and "Q♠" not in svg and "A♥" in svg
    everything_down = hand_svg("Ah Kd Qs", face_down=True)
    assert texts(parse(everything_down)) == []
    assert "A♥" not in everything_down


def test_long_caption_widens_the_picture() -> None:
    short = parse(hand_svg("As", caption="x"))
    long = parse(hand_svg("As", caption="Straight flush, five high (the steel wheel)"))
    assert float(long.get("width", "0")) > float(short.get("width", "0"))


def test_bad_arguments_raise() -> None:
    with pytest.raises(CardError):
        card_svg("Xs")
    with pytest.raises(CardError):
        card_svg("As Kd")
    with pytest.raises(ValueError, match="width"):
        card_svg("As", width=0)
    with pytest.raises(ValueError, match="face_down"):
        hand_svg("As Kd", face_down=[True])
    with pytest.raises(ValueError, match="card_width"):
        hand_svg("As Kd", card_width=-1)


def test_notebook_hooks_return_these_pictures() -> None:
    card = Card.parse("Td")
    assert card._repr_svg_() == card_svg(card)
    value = evaluate("Kh Kd 4s 4c Ac", game="five-card")
    svg = value._repr_svg_()
    assert svg == hand_svg(value.best_five, caption=value.name)
    assert "Two pair, kings and fours" in texts(parse(svg))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(ALL_CARDS), min_size=0, max_size=9, unique=True), st.booleans())
def test_any_hand_renders_as_xml_naming_each_card(cards: list[Card], down: bool) -> None:
    svg = hand_svg(cards, caption="c" if cards else None, face_down=down)
    root = parse(svg)
    groups = [g for g in root.findall(f"{SVG}g") if "translate" in (g.get("transform") or "")]
    assert len(groups) == len(cards)
    for card in cards:
        assert (card.symbol in svg) is not down


def test_deck_svgs_gives_every_face_and_the_back() -> None:
    images = deck_svgs(width=70)
    assert set(images) == {str(card) for card in ALL_CARDS} | {"back"}
    assert len(set(images.values())) == 53  # 52 different faces and one back
    for name, svg in images.items():
        root = parse(svg)
        assert float(root.get("width", "0")) == 70
        if name != "back":
            assert Card.parse(name).symbol in svg


def _pip_boxes(svg: str) -> list[tuple[float, float, float]]:
    """(left, top, size) of each pip: the suit paths of the face, not the corner indices."""
    boxes = []
    for match in re.finditer(
        r'<path transform="translate\(([-\d.]+) ([-\d.]+)\) scale\((-?)([\d.]+)\)', svg
    ):
        x, y, flipped, scale = float(match[1]), float(match[2]), match[3], float(match[4])
        size = 100 * scale
        left, top = (x - size, y - size) if flipped else (x, y)
        if 45 < left + size / 2 < 155 and 50 < top + size / 2 < 230:  # inside the pip area
            boxes.append((left, top, size))
    return boxes


@pytest.mark.parametrize("rank", "23456789T")
def test_pips_never_overlap(rank: str) -> None:
    # Nines and tens used to draw their centre pips over the side pips.
    boxes = _pip_boxes(card_svg(rank + "h"))
    assert len(boxes) == RANKS.index(rank) + 2
    for (x1, y1, s1), (x2, y2, s2) in itertools.combinations(boxes, 2):
        apart = x1 + s1 <= x2 or x2 + s2 <= x1 or y1 + s1 <= y2 or y2 + s2 <= y1
        assert apart, ((x1, y1, s1), (x2, y2, s2))


def test_sizes_must_be_finite_and_cards_run_left_to_right() -> None:
    # NaN sizes used to give width="nan"; a gap of -card_width or less drew the
    # cards over each other or off the left edge.
    with pytest.raises(ValueError, match="width"):
        card_svg("As", width=float("nan"))
    with pytest.raises(ValueError, match="card_width"):
        hand_svg("As Kd", card_width=float("inf"))
    for gap in (-80, -100, float("nan")):
        with pytest.raises(ValueError, match="gap must be more than"):
            hand_svg("As Kd Qh", card_width=80, gap=gap)
    fan = ET.fromstring(hand_svg("As Kd Qh", card_width=80, gap=-60))
    assert float(fan.get("width", "0")) == 80 + 2 * 20 + 8
