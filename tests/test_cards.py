"""Card text in and out (SPEC section 4)."""

import pickle

import pytest

from showdown import Card, CardError, Deck, parse_cards


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
