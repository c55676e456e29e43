"""Card text in and out (SPEC section 4)."""

import pickle

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from showdown import Card, CardError, Deck, parse_cards
from showdown.cards import format_cards, to_cards


def test_ids_follow_rank_times_four_plus_suit() -> None:
    assert Card.parse("2c").id == 0
    assert Card.parse("2d").id == 1
    assert Card.parse("As").id == 51
    assert [Card.from_id(i).id for i in range(52)] == list(range(52))


@pytest.mark.parametrize(
    "text",
    ["As Kd 10h 2c", "AsKd10h2c", "as,kd,th,2C", "A♠ K♦ 10♥ 2♣", "A♠K♦T♥2♣", "  As ,Kd  Th\t2c "],
)
def test_notation_variants(text: str) -> None:
    assert [str(c) for c in parse_cards(text)] == ["As", "Kd", "Th", "2c"]


def test_bad_token_is_named_with_position() -> None:
    with pytest.raises(CardError, match=r"'Xd' at position 2"):
        parse_cards("As Xd Kh")


def test_duplicate_is_named() -> None:
    with pytest.raises(CardError, match="duplicate card As"):
        parse_cards("As Kd as")


def test_card_round_trips() -> None:
    card = Card.parse("Qh")
    assert eval(repr(card)) == card
    assert pickle.loads(pickle.dumps(card)) is card
    assert str(card) == "Qh" and card.rank == 10 and card.suit == 2
    with pytest.raises(AttributeError):
        card.id = 3  # type: ignore[misc]


def test_deck_seeded_is_reproducible_and_complete() -> None:
    a, b = Deck(seed=42), Deck(seed=42)
    assert [c.id for c in a] == [c.id for c in b]
    assert sorted(c.id for c in Deck()) == list(range(52))
    assert len(Deck(exclude="As Kd")) == 50


def test_cards_format_like_their_text() -> None:
    card = Card.parse("As")
    assert f"[{card:>4}|{card:<3}|{card}]" == "[  As|As |As]"


@pytest.mark.parametrize("bad", [3.0, 3.5, "51", None, True, b"As"])
def test_card_ids_must_be_integers(bad: object) -> None:
    # A float id used to be truncated (3.5 -> 2s) and a str id gave a TypeError.
    with pytest.raises(CardError, match=r"integer 0\.\.51"):
        Card.from_id(bad)  # type: ignore[arg-type]
    with pytest.raises(CardError):
        to_cards([bad])  # type: ignore[list-item]


def test_numpy_integer_ids_are_cards() -> None:
    ids = np.array([51, 0], dtype=np.uint8)
    assert [str(c) for c in to_cards(ids)] == ["As", "2c"]
    assert str(Card.from_id(np.int64(47))) == "Ks"


def test_bytes_are_not_cards() -> None:
    with pytest.raises(CardError, match="not bytes"):
        to_cards(b"As")


def test_parse_needs_text() -> None:
    with pytest.raises(TypeError, match="not int"):
        Card.parse(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not list"):
        parse_cards(["As"])  # type: ignore[arg-type]


def test_parse_one_card_error_says_what_a_card_is() -> None:
    with pytest.raises(CardError, match=r"unknown card 'AsKd' \(one card is a rank"):
        Card.parse("AsKd")


def test_long_input_is_shortened_in_errors() -> None:
    text = "As " * 10_000
    with pytest.raises(CardError) as info:
        parse_cards(text)
    message = str(info.value)
    assert message.startswith("duplicate card As in 'As As")
    assert "(30000 characters)" in message and len(message) < 120


def test_deck_refuses_negative_draws() -> None:
    deck = Deck(seed=1)
    with pytest.raises(CardError, match="negative"):
        deck.draw(-1)  # used to return 51 cards
    assert len(deck) == 52 and deck.draw(0) == []


def test_to_cards_names_what_it_takes() -> None:
    # A bare number used to fail with "'int' object is not iterable".
    with pytest.raises(TypeError, match="list of Cards or ids, not int"):
        to_cards(12345)  # type: ignore[arg-type]
    assert to_cards(Card.parse("As")) == [Card.parse("As")]  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["1h", "As 1d", "1s0"])
def test_one_is_not_an_ace(text: str) -> None:
    # "1h" used to read as the ace of hearts: a mistyped "10h" silently became an ace.
    with pytest.raises(CardError, match="unknown card '1"):
        parse_cards(text)


def test_card_rank_and_suit_must_be_integers() -> None:
    # Card(12.0, 3) used to build a card whose id was 51.0 and whose repr failed.
    with pytest.raises(CardError, match="integers"):
        Card(12.0, 3)  # type: ignore[arg-type]
    assert Card(np.int64(12), np.uint8(3)) == Card.parse("As")
    assert type(Card(np.int64(12), 3).id) is int


_SYMBOL = dict(zip("cdhs", "♣♦♥♠", strict=True))


@st.composite
def written_cards(draw: st.DrawFn) -> tuple[list[int], str]:
    """Distinct card ids and one way a person might type them (SPEC section 4)."""
    ids = draw(st.lists(st.integers(0, 51), unique=True, max_size=10))
    text = ""
    for i, card_id in enumerate(ids):
        rank, suit = str(Card.from_id(card_id))
        if rank == "T" and draw(st.booleans()):
            rank = "10"
        rank = rank.lower() if draw(st.booleans()) else rank
        suit = draw(st.sampled_from([suit, suit.upper(), _SYMBOL[suit]]))
        separator = draw(st.sampled_from(["", " ", ", ", ",", "\t", "  "])) if i else ""
        text += separator + rank + suit
    return ids, draw(st.sampled_from(["", " "])) + text + draw(st.sampled_from(["", " ", ","]))


@settings(max_examples=300)
@given(written_cards())
def test_any_written_form_reads_back(case: tuple[list[int], str]) -> None:
    ids, text = case
    assert [c.id for c in parse_cards(text)] == ids
    assert parse_cards(format_cards(parse_cards(text))) == parse_cards(text)
    assert parse_cards(format_cards(parse_cards(text), symbols=True)) == parse_cards(text)


@settings(max_examples=300)
@given(written_cards(), st.text(alphabet="xyzXYZ01?!@#bB", min_size=1, max_size=3))
def test_junk_anywhere_is_named_with_its_position(case: tuple[list[int], str], junk: str) -> None:
    _, text = case
    cards = text.split()
    where = len(cards) // 2
    typed = " ".join([*cards[:where], junk, *cards[where:]])
    with pytest.raises(CardError, match="unknown card") as info:
        parse_cards(typed)
    assert "position" in str(info.value)
