"""Unit tests of the Poker vs Dealer rules engine, one group per game rule (SPEC G1-G7, G9, G10)."""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.paths import ROOT
from showdown.cards import Card, parse_cards
from showdown.categories import Category
from showdown.game.bots import ALWAYS_KEEP, OPPONENTS, analyse, hint_json
from showdown.game.rounds import (
    DEALT,
    SEATS,
    Chips,
    GameError,
    Round,
    apply_decision,
    deal,
    left_of,
    player_view,
    reveal_next,
    revealed_card_ids,
    seat_order,
    shuffled_deck,
)
from showdown.hands.scalar import evaluate_ids

NAMES = [("You", "you", None), ("Marta", "bot", "cautious"), ("Viktor", "bot", "bold")]


def ids(text: str) -> list[int]:
    return [c.id for c in parse_cards(text)]


def rig(
    button: int,
    hands: dict[int, str],
    dealer: str = "",
    draws: str = "",
    seed: int = 0,
) -> list[int]:
    """A deck order that deals ``hands`` (seat -> five cards), the dealer's five and then
    the exchange ``draws``; every other position is filled from the remaining cards."""
    deck: list[int | None] = [None] * 52
    order = seat_order(button)
    for seat, text in hands.items():
        for p, card in enumerate(ids(text)):
            deck[p * 4 + order.index(seat)] = card
    for p, card in enumerate(ids(dealer)):
        deck[p * 4 + 3] = card
    for k, card in enumerate(ids(draws)):
        deck[DEALT + k] = card
    used = {c for c in deck if c is not None}
    assert len(used) == sum(c is not None for c in deck), "a card is rigged twice"
    rest = [c for c in range(52) if c not in used]
    random.Random(seed).shuffle(rest)
    it = iter(rest)
    return [c if c is not None else next(it) for c in deck]


def fresh(chips: int = 1000, pot: int = 0) -> Chips:
    return Chips(stacks=[chips] * SEATS, pot=pot)


def play(rnd: Round, table: Chips, decisions: dict[int, tuple[str, int | None]]) -> None:
    """Apply decisions in turn order, then turn the dealer's cards."""
    while rnd.to_act is not None:
        seat = rnd.to_act
        action, index = decisions[seat]
        apply_decision(rnd, table, seat, action, index)
    while rnd.phase == "dealer":
        reveal_next(rnd, table)


def snapshot(rnd: Round, table: Chips) -> str:
    return json.dumps([rnd.to_json(), table.__dict__], sort_keys=True)


# --- G1: seats, button, deck ------------------------------------------------------------------


def test_g1_three_seats_clockwise_left_of_button() -> None:
    assert [left_of(b) for b in range(3)] == [1, 2, 0]
    assert seat_order(0) == [1, 2, 0]
    assert seat_order(1) == [2, 0, 1]
    assert seat_order(2) == [0, 1, 2]


def test_g1_deck_is_a_fresh_permutation_strong_rng_by_default() -> None:
    decks = [shuffled_deck() for _ in range(5)]
    for deck in decks:
        assert sorted(deck) == list(range(52))
    assert len({tuple(d) for d in decks}) == 5
    assert shuffled_deck(11) == shuffled_deck(11)
    assert shuffled_deck(11) != shuffled_deck(12)


def test_g1_deal_rejects_a_deck_that_is_not_52_distinct_cards() -> None:
    with pytest.raises(ValueError):
        deal(fresh(), 1, 10, 0, [0] * 52)
    with pytest.raises(ValueError):
        deal(fresh(), 1, 10, 0, list(range(51)))


# --- G2: antes and the deal ---------------------------------------------------------------------


@pytest.mark.parametrize("button", [0, 1, 2])
@pytest.mark.parametrize("ante", [5, 10, 100])
def test_g2_antes_into_pot_five_cards_each_dealer_one_up(button: int, ante: int) -> None:
    table = fresh(pot=15)
    deck = shuffled_deck(button * 100 + ante)
    rnd = deal(table, 1, ante, button, deck)
    assert table.stacks == [1000 - ante] * 3
    assert table.pot == 15 + 3 * ante == rnd.pot
    assert rnd.carry_in == 15
    all_cards = [c for s in rnd.seats for c in s.hand] + rnd.dealer
    assert len(all_cards) == 20 == len(set(all_cards))
    assert sorted(all_cards) == sorted(deck[:20])
    # one card at a time from left of the button, the dealer last in each pass
    order = seat_order(button)
    for p in range(5):
        for j, seat in enumerate(order):
            assert rnd.seats[seat].hand[p] == deck[4 * p + j]
        assert rnd.dealer[p] == deck[4 * p + 3]
    assert rnd.visible_dealer() == [deck[3]]
    assert rnd.phase == "deciding"
    assert rnd.to_act == left_of(button)


def test_g2_a_seat_that_cannot_cover_ante_and_play_bet_is_not_dealt() -> None:
    table = Chips(stacks=[1000, 29, 1000])
    with pytest.raises(GameError) as err:
        deal(table, 1, 10, 0, shuffled_deck(1))
    assert err.value.code == "insufficient_chips"
    assert table.stacks == [1000, 29, 1000] and table.pot == 0


# --- G3: decisions -----------------------------------------------------------------------------


@pytest.mark.parametrize("button", [0, 1, 2])
def test_g3_decisions_one_at_a_time_from_left_of_the_button(button: int) -> None:
    table = fresh()
    rnd = deal(table, 1, 10, button, shuffled_deck(button))
    seen = []
    while rnd.to_act is not None:
        seat = rnd.to_act
        seen.append(seat)
        for other in range(SEATS):
            if other != seat:
                before = snapshot(rnd, table)
                with pytest.raises(GameError) as err:
                    apply_decision(rnd, table, other, "keep")
                assert err.value.status == 409 and err.value.code == "not_your_turn"
                assert snapshot(rnd, table) == before
        apply_decision(rnd, table, seat, "keep")
    assert seen == seat_order(button)


def test_g3_fold_keep_exchange_bets_and_cards() -> None:
    deck = rig(2, {0: "As Ad Kc 7h 2s", 1: "9c 9d 5h 4s 3c", 2: "Qs Jd 8h 6c 2d"}, "Kh", "Qc")
    table = fresh()
    rnd = deal(table, 1, 10, 2, deck)
    apply_decision(rnd, table, 0, "exchange", 4)
    me = rnd.seats[0]
    assert me.hand == ids("As Ad Kc 7h Qc") and me.discarded == ids("2s")[0]
    assert me.drawn == ids("Qc")[0] and me.bet == 20 and me.status == "in"
    assert table.stacks[0] == 1000 - 10 - 20
    apply_decision(rnd, table, 1, "keep")
    assert rnd.seats[1].hand == ids("9c 9d 5h 4s 3c") and rnd.seats[1].bet == 20
    apply_decision(rnd, table, 2, "fold")
    assert rnd.seats[2].status == "folded" and rnd.seats[2].bet == 0
    assert table.stacks == [970, 970, 990]
    assert rnd.phase == "dealer"


def test_g3_exchanges_draw_from_the_deck_in_decision_order() -> None:
    deck = rig(0, {}, draws="2c 3c 4c")
    table = fresh()
    rnd = deal(table, 1, 10, 0, deck)  # order 1, 2, 0
    apply_decision(rnd, table, 1, "exchange", 0)
    apply_decision(rnd, table, 2, "keep")
    apply_decision(rnd, table, 0, "exchange", 3)
    assert rnd.seats[1].hand[0] == ids("2c")[0]
    assert rnd.seats[0].hand[3] == ids("3c")[0]


@pytest.mark.parametrize(
    ("action", "index", "status", "code"),
    [
        ("raise", None, 400, "bad_action"),
        ("", None, 400, "bad_action"),
        ("exchange", None, 400, "bad_card_index"),
        ("exchange", 5, 400, "bad_card_index"),
        ("exchange", -1, 400, "bad_card_index"),
        ("exchange", True, 400, "bad_card_index"),
        ("exchange", "2", 400, "bad_card_index"),
        ("keep", 2, 400, "bad_card_index"),
        ("fold", 0, 400, "bad_card_index"),
    ],
)
def test_g3_invalid_decisions_change_nothing(
    action: str, index: Any, status: int, code: str
) -> None:
    table = fresh()
    rnd = deal(table, 1, 10, 2, shuffled_deck(5))
    before = snapshot(rnd, table)
    with pytest.raises(GameError) as err:
        apply_decision(rnd, table, 0, action, index)
    assert (err.value.status, err.value.code) == (status, code)
    assert snapshot(rnd, table) == before


# --- G4: the dealer ------------------------------------------------------------------------------


def test_g4_dealer_turns_one_card_at_a_time_and_never_exchanges() -> None:
    table = fresh()
    deck = shuffled_deck(9)
    rnd = deal(table, 1, 10, 1, deck)
    with pytest.raises(GameError) as err:
        reveal_next(rnd, table)
    assert err.value.code == "not_dealer_phase"
    while rnd.to_act is not None:
        apply_decision(rnd, table, rnd.to_act, "exchange", 0)
    assert rnd.phase == "dealer"
    turned = [rnd.dealer[0]]
    for k in range(2, 6):
        turned.append(reveal_next(rnd, table))
        assert rnd.visible_dealer() == turned and len(turned) == k
    assert turned == [deck[3], deck[7], deck[11], deck[15], deck[19]]
    assert rnd.phase == "settled"
    with pytest.raises(GameError):
        reveal_next(rnd, table)


# --- G5: against the house ---------------------------------------------------------------------


def test_g5_house_pays_one_to_one_loses_and_pushes_on_exact_ties() -> None:
    # seat 0: pair of aces beats the dealer's kings, paid 1:1; seat 1: the dealer's very
    # ranks in other suits, a push; seat 2: pair of fours loses its bet
    deck = rig(
        2,
        {0: "As Ah 9c 6d 3s", 1: "Kc Kd 8s 7c 2h", 2: "4c 4d Jc 5h 2c"},
        dealer="Ks Kh 8d 7s 2d",
    )
    table = fresh()
    rnd = deal(table, 1, 10, 2, deck)
    play(rnd, table, {0: ("keep", None), 1: ("keep", None), 2: ("keep", None)})
    house = {e["seat"]: e for e in rnd.settlement["vs_house"]}  # type: ignore[index]
    assert house[0]["outcome"] == "win" and house[0]["paid"] == 20
    assert house[1]["outcome"] == "push" and house[1]["paid"] == 0  # same ranks, other suits
    assert house[2]["outcome"] == "loss" and house[2]["paid"] == -20
    assert table.house == 0  # +20 from seat 2, -20 to seat 0
    # pot (30) to seat 0, the best hand; seat 0 net: -10 ante -20 bet +40 back +30 pot
    assert [n["net"] for n in rnd.settlement["net"]] == [40, -10, -30]  # type: ignore[index]
    assert table.stacks == [1040, 990, 970]


def test_g5_suits_never_break_ties() -> None:
    deck = rig(
        2, {0: "As Ah Kc Qd Js", 1: "2c 3d 4h 5s 7c", 2: "2d 3h 4s 6c 8d"}, dealer="Ac Ad Kh Qs Jd"
    )
    table = fresh()
    rnd = deal(table, 1, 10, 2, deck)
    play(rnd, table, {0: ("keep", None), 1: ("fold", None), 2: ("fold", None)})
    assert rnd.settlement["vs_house"][0]["outcome"] == "push"  # type: ignore[index]
    assert table.stacks[0] == 1000 - 10 + 30  # bet back, lone survivor takes the pot


# --- G6: the table pot -------------------------------------------------------------------------


def test_g6_exact_tie_splits_with_odd_chip_left_of_button() -> None:
    # ante 5 -> pot 15 split between seats 2 and 0; button 1: left of it is seat 2
    hands = {0: "As Ah Kc Qd Js", 1: "2c 3d 4h 5s 7c", 2: "Ac Ad Kh Qs Jd"}
    deck = rig(1, hands, dealer="9c 9d 8h 6s 3c")
    table = fresh()
    rnd = deal(table, 1, 5, 1, deck)
    play(rnd, table, {0: ("keep", None), 1: ("keep", None), 2: ("keep", None)})
    pot = rnd.settlement["pot"]  # type: ignore[index]
    assert pot["winners"] == [2, 0]
    assert pot["shares"] == [{"seat": 2, "amount": 8}, {"seat": 0, "amount": 7}]
    assert rnd.settlement["showdown"] == [2, 0, 1]  # type: ignore[index]
    # button 2: left of it is seat 0, so seat 0 now gets the odd chip
    rnd2 = deal(table2 := fresh(), 1, 5, 2, rig(2, hands, dealer="9c 9d 8h 6s 3c"))
    play(rnd2, table2, {0: ("keep", None), 1: ("keep", None), 2: ("keep", None)})
    assert rnd2.settlement["pot"]["shares"] == [  # type: ignore[index]
        {"seat": 0, "amount": 8},
        {"seat": 2, "amount": 7},
    ]


def test_g6_three_way_split_two_odd_chips_one_each_in_seat_order() -> None:
    hands = {0: "9s 8h 7c 6d 5s", 1: "9c 8d 7h 6s 5c", 2: "9d 8s 7d 6h 5d"}
    deck = rig(0, hands, dealer="2c 2d 3h 4s Kc")
    table = fresh(pot=17)  # an (artificial) carry-over: 17 + 30 = 47 = 3 * 15 + 2
    rnd = deal(table, 1, 10, 0, deck)
    play(rnd, table, {0: ("keep", None), 1: ("keep", None), 2: ("keep", None)})
    pot = rnd.settlement["pot"]  # type: ignore[index]
    assert pot["amount"] == 47
    assert pot["shares"] == [
        {"seat": 1, "amount": 16},
        {"seat": 2, "amount": 16},
        {"seat": 0, "amount": 15},
    ]
    assert table.pot == 0


def test_g6_lone_player_takes_the_pot_without_showing() -> None:
    table = fresh()
    rnd = deal(table, 1, 10, 2, shuffled_deck(3))
    play(rnd, table, {0: ("fold", None), 1: ("keep", None), 2: ("fold", None)})
    s = rnd.settlement
    assert s is not None
    assert s["pot"]["uncontested"] and s["pot"]["winners"] == [1] and s["showdown"] == []
    view = player_view(rnd, NAMES)
    assert view["players"][1]["cards"] is None and view["players"][1]["hand"] is None
    assert view["result"]["pot"]["explanation"] is None
    assert table.pot == 0


def test_g6_everyone_folds_the_pot_stays_for_the_next_round() -> None:
    table = fresh()
    rnd = deal(table, 1, 10, 2, shuffled_deck(4))
    play(rnd, table, {0: ("fold", None), 1: ("fold", None), 2: ("fold", None)})
    assert rnd.phase == "settled" and rnd.dealer_up == 1  # no dealer card turned
    assert rnd.settlement["pot"]["carried"] and table.pot == 30  # type: ignore[index]
    assert table.stacks == [990] * 3
    nxt = deal(table, 2, 10, 0, shuffled_deck(5))
    assert nxt.carry_in == 30 and table.pot == 60 == nxt.pot


def test_g6_folded_hands_are_never_shown_even_if_best() -> None:
    deck = rig(2, {0: "2c 3d 4h 5s 7c", 1: "As Ad Ac Ah Ks", 2: "2d 3h 4s 6c 8d"})
    table = fresh()
    rnd = deal(table, 1, 10, 2, deck)
    play(rnd, table, {0: ("keep", None), 1: ("fold", None), 2: ("keep", None)})
    view = player_view(rnd, NAMES)
    assert view["players"][1]["cards"] is None
    assert view["result"]["showdown"] == [0, 2]
    # the pot goes to the best hand still in: 8-6-4-3-2 beats 7-5-4-3-2, the quads folded
    assert view["result"]["pot"]["winners"] == [2]
    assert "Viktor wins" in view["result"]["pot"]["explanation"]


# --- G7 (table side): conservation ---------------------------------------------------------------


def test_chips_are_conserved_at_every_step() -> None:
    rng = random.Random(3)
    table = fresh()
    for number in range(1, 60):
        ante = rng.choice([5, 10, 25])
        for seat in range(3):
            if table.stacks[seat] < 3 * ante:
                table.injected += 1000 - table.stacks[seat]
                table.stacks[seat] = 1000
        rnd = deal(table, number, ante, number % 3, shuffled_deck(number))
        assert table.total(rnd.bets_on_table()) == 3000 + table.injected
        while rnd.to_act is not None:
            choice = rng.choice(["fold", "keep", "exchange"])
            apply_decision(
                rnd, table, rnd.to_act, choice, rng.randrange(5) if choice == "exchange" else None
            )
            assert table.total(rnd.bets_on_table()) == 3000 + table.injected
        while rnd.phase == "dealer":
            reveal_next(rnd, table)
            assert table.total(rnd.bets_on_table()) == 3000 + table.injected


@settings(max_examples=150, deadline=None)
@given(
    deck=st.permutations(list(range(52))),
    button=st.integers(0, 2),
    ante=st.sampled_from([5, 10, 25, 50, 100]),
    carry=st.integers(0, 500),
    choices=st.lists(
        st.tuples(st.sampled_from(["fold", "keep", "exchange"]), st.integers(0, 4)),
        min_size=3,
        max_size=3,
    ),
)
def test_any_deal_and_decisions_conserve_chips_and_hide_cards(
    deck: list[int],
    button: int,
    ante: int,
    carry: int,
    choices: list[tuple[str, int]],
) -> None:
    table = Chips(stacks=[1000, 700, 400], pot=carry)
    total = table.total()
    rnd = deal(table, 1, ante, button, deck)
    for action, index in choices:
        seat = rnd.to_act
        assert seat is not None
        apply_decision(rnd, table, seat, action, index if action == "exchange" else None)
        assert table.total(rnd.bets_on_table()) == total
    while rnd.phase == "dealer":
        view = player_view(rnd, NAMES)
        assert card_strings(view) <= {str(Card.from_id(c)) for c in revealed_card_ids(rnd)}
        reveal_next(rnd, table)
    assert rnd.phase == "settled" and table.total() == total
    s = rnd.settlement
    assert s is not None
    paid = sum(e["paid"] for e in s["vs_house"])
    assert table.house == -paid
    assert sum(n["net"] for n in s["net"]) == paid + carry - table.pot
    if not s["pot"]["carried"]:
        amounts = [x["amount"] for x in s["pot"]["shares"]]
        assert sum(amounts) == carry + 3 * ante
        assert max(amounts) - min(amounts) <= 1
        assert amounts == sorted(amounts, reverse=True)  # odd chips go first in seat order


def test_round_json_round_trip_resumes_identically() -> None:
    table = fresh()
    rnd = deal(table, 1, 10, 1, shuffled_deck(8))
    apply_decision(rnd, table, 2, "exchange", 1)
    copy_table = copy.deepcopy(table)
    resumed = Round.from_json(json.loads(json.dumps(rnd.to_json())))
    assert resumed == rnd
    play(rnd, table, {0: ("keep", None), 1: ("exchange", 3)})
    play(resumed, copy_table, {0: ("keep", None), 1: ("exchange", 3)})
    assert resumed == rnd and copy_table == table


# --- G9: opponents and hint ----------------------------------------------------------------------


def test_g9_analysis_matches_exact_dealer_odds_for_a_made_hand() -> None:
    import itertools

    hand = ids("As Ks Qs Js 9s")  # ace-high flush
    up = ids("2d")[0]
    a = analyse(hand, up, ante=10, pot=30, rivals=0, samples=20000, seed=4)
    pool = [c for c in range(52) if c not in hand and c != up]
    mine = evaluate_ids(hand)
    wins = total = 0
    for extra in itertools.combinations(pool, 4):
        total += 1
        wins += mine < evaluate_ids([up, *extra])
    assert abs(a.keep.win_chance - wins / total) < 0.01
    assert a.keep.pot_chance == 1.0


def test_g9_decisions_depend_only_on_what_the_opponent_sees() -> None:
    base = {1: "Th Td 7c 4s 2h"}
    for seed in range(4):
        deck_a = rig(0, {**base, 0: "As Ks Qs Js Ts", 2: "2c 2d 3c 3d 4c"}, "9h 8c", seed=seed)
        deck_b = rig(0, {**base, 0: "3h 5c 6d 8s 9c", 2: "Ac Ad Ah Kc Kd"}, "9h 2s", seed=seed + 50)
        rounds = [deal(fresh(), 1, 10, 0, deck) for deck in (deck_a, deck_b)]
        assert rounds[0].dealer != rounds[1].dealer
        seen = [(r.seats[1].hand, r.dealer[0]) for r in rounds]
        assert seen[0] == seen[1]
        a, b = (analyse(hand, up, 10, 30, 2, 2000, 7) for hand, up in seen)
        assert a == b
        assert OPPONENTS[1].decide(a) == OPPONENTS[1].decide(b)


def test_g9_styles_are_distinct_and_recognisable() -> None:
    rng = random.Random(12)
    counts = {1: {"fold": 0, "keep": 0, "exchange": 0}, 2: {"fold": 0, "keep": 0, "exchange": 0}}
    for k in range(150):
        cards = rng.sample(range(52), 6)
        a = analyse(cards[:5], cards[5], 10, 30, 2, samples=600, seed=k)
        for seat in (1, 2):
            counts[seat][OPPONENTS[seat].decide(a, 10)[0]] += 1
    cautious, bold = counts[1], counts[2]
    assert cautious["fold"] > bold["fold"] + 15
    assert bold["exchange"] > cautious["exchange"] + 15
    assert bold["fold"] > 0  # bold still folds hopeless hands


def test_g9_obvious_decisions() -> None:
    # a royal flush is kept by everyone; seven-high nothing is folded by the cautious player
    royal = analyse(ids("As Ks Qs Js Ts"), ids("2d")[0], 10, 30, 2, 1000, 1)
    assert OPPONENTS[1].decide(royal) == ("keep", None)
    assert royal.keep.win_chance == 1.0
    trash = analyse(ids("7c 5d 4h 3s 2c"), ids("Ad")[0], 10, 30, 2, 1000, 1)
    assert OPPONENTS[1].decide(trash)[0] == "fold"
    # four to a flush: the bold player exchanges the odd card
    draw = analyse(ids("Ah 9h 6h 3h Kc"), ids("5d")[0], 10, 30, 2, 2000, 1)
    assert OPPONENTS[2].decide(draw) in {("exchange", 4), ("exchange", 3)}


@st.composite
def made_hands(draw: st.DrawFn) -> tuple[list[int], int]:
    """Five cards making a full house, four of a kind or a straight flush, and an up card."""
    kind = draw(st.sampled_from(["full_house", "quads", "straight_flush"]))
    if kind == "straight_flush":
        suit, top = draw(st.integers(0, 3)), draw(st.integers(3, 12))  # 5-high to ace-high
        ranks = [12 if r < 0 else r for r in range(top - 4, top + 1)]  # the wheel's ace
        hand = [4 * r + suit for r in ranks]
    else:
        a, b = draw(st.lists(st.integers(0, 12), min_size=2, max_size=2, unique=True))
        n = 3 if kind == "full_house" else 4
        hand = [4 * a + s for s in draw(st.permutations(range(4)))[:n]]
        hand += [4 * b + s for s in draw(st.permutations(range(4)))[: 5 - n]]
    hand = draw(st.permutations(hand))
    up = draw(st.sampled_from([c for c in range(52) if c not in hand]))
    return list(hand), up


@settings(max_examples=60, deadline=None)
@given(made_hands(), st.integers(0, 2), st.sampled_from([5, 10, 25]), st.integers(0, 10**6))
def test_opponents_never_break_a_made_full_house_or_better(
    dealt: tuple[list[int], int], rivals: int, ante: int, seed: int
) -> None:
    hand, up = dealt
    a = analyse(hand, up, ante, 3 * ante, rivals, samples=300, seed=seed)
    assert a.made >= ALWAYS_KEEP == Category.FULL_HOUSE
    for opponent in OPPONENTS.values():
        assert opponent.decide(a, ante) == ("keep", None), (opponent.name, hand, up)


def test_viktor_keeps_kings_full_of_queens() -> None:
    # The reported hand: the bold style's taste for drawing once exchanged a queen here.
    a = analyse(ids("Ks Kh Kd Qs Qh"), ids("2c")[0], 10, 30, 2, samples=3000, seed=3)
    draw = max(a.exchanges, key=lambda o: o.ev)
    assert draw.ev >= a.keep.ev - OPPONENTS[2].draw_bias * 10  # the style alone would draw
    assert OPPONENTS[2].decide(a, 10) == ("keep", None)


def test_below_a_full_house_the_styles_still_draw() -> None:
    # The rule is a floor, not a new style: a flush draw is still worth a card to Viktor.
    a = analyse(ids("Ah 9h 6h 3h Kc"), ids("5d")[0], 10, 30, 2, 2000, 1)
    assert a.made < ALWAYS_KEEP and OPPONENTS[2].decide(a)[0] == "exchange"


def test_hint_recommends_the_highest_value_option() -> None:
    for seed in range(20):
        cards = random.Random(seed).sample(range(52), 6)
        a = analyse(cards[:5], cards[5], 10, 30, 2, samples=500, seed=seed)
        hint = hint_json(a)
        best = max(hint["options"], key=lambda o: o["ev"])  # type: ignore[arg-type, index]
        assert (hint["action"], hint["card_index"]) == (best["action"], best["card_index"])
        assert 0.0 <= hint["win_chance"] <= 1.0  # type: ignore[operator]
        assert len(hint["options"]) == 7  # type: ignore[arg-type]


# --- G10: the player's view --------------------------------------------------------------------

_CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


def card_strings(obj: Any) -> set[str]:
    """Every string in a JSON document that is exactly one card."""
    found: set[str] = set()
    if isinstance(obj, dict):
        for v in obj.values():
            found |= card_strings(v)
    elif isinstance(obj, list):
        for v in obj:
            found |= card_strings(v)
    elif isinstance(obj, str) and _CARD.match(obj):
        found.add(obj)
    return found


def test_g10_view_never_holds_a_card_not_yet_revealed() -> None:
    rng = random.Random(21)
    for n in range(120):
        table = fresh()
        rnd = deal(table, 1, 10, n % 3, shuffled_deck(n))
        steps = 0
        while True:
            view = player_view(rnd, NAMES, rng.choice(["en", "es", "ru"]))
            allowed = {str(Card.from_id(c)) for c in revealed_card_ids(rnd)}
            assert card_strings(view) <= allowed
            assert json.loads(json.dumps(view)) == view
            if rnd.to_act is not None:
                choice = rng.choice(["fold", "keep", "exchange"])
                index = rng.randrange(5) if choice == "exchange" else None
                apply_decision(rnd, table, rnd.to_act, choice, index)
            elif rnd.phase == "dealer":
                reveal_next(rnd, table)
            else:
                break
            steps += 1
        assert steps >= 3


def test_g10_opponent_cards_hidden_until_showdown_then_shown() -> None:
    deck = rig(2, {0: "As Ad Kc 7h 2s", 1: "9c 9d 5h 4s 3c", 2: "Qs Jd 8h 6c 2d"}, "Kh", "Qc")
    table = fresh()
    rnd = deal(table, 1, 10, 2, deck)
    apply_decision(rnd, table, 0, "keep")
    apply_decision(rnd, table, 1, "exchange", 4)
    view = player_view(rnd, NAMES)
    marta = view["players"][1]
    assert marta["cards"] is None and marta["hand"] is None
    assert marta["decision"] == {
        "action": "exchange",
        "card_index": 4,
        "discarded": None,
        "drawn": None,
    }
    assert view["dealer"]["cards"] == ["Kh"] and view["dealer"]["hidden"] == 4
    assert "Qc" not in json.dumps(view)
    apply_decision(rnd, table, 2, "keep")
    while rnd.phase == "dealer":
        reveal_next(rnd, table)
    view = player_view(rnd, NAMES)
    assert view["players"][1]["cards"] == ["9c", "9d", "5h", "4s", "Qc"]
    assert view["dealer"]["hand"] is not None and view["dealer"]["hidden"] == 0


def test_g10_explanations_in_three_languages() -> None:
    deck = rig(2, {0: "As Ad Kc 7h 2s", 1: "9c 9d 5h 4s 3c", 2: "Qs Jd 8h 6c 2d"}, "Kh 3d 4c 8d Tc")
    table = fresh()
    rnd = deal(table, 1, 10, 2, deck)
    play(rnd, table, {0: ("keep", None), 1: ("keep", None), 2: ("keep", None)})
    texts = {
        lang: player_view(rnd, NAMES, lang)["result"]["pot"]["explanation"]
        for lang in ("en", "es", "ru")
    }
    assert texts["en"].startswith("Your hand wins")
    assert texts["es"].startswith("Tu mano gana")
    assert "ваша рука" in texts["ru"]
    assert len(set(texts.values())) == 3


@pytest.mark.parametrize("button", [0, 1, 2])
def test_rules_screen_split_example_is_what_the_engine_does(button: int) -> None:
    """The worked example on the rules screen (a pot of 15 split two and three ways)."""

    from showdown.game.rounds import _split

    static = ROOT / "src" / "showdown" / "game" / "static"
    text = json.loads((static / "i18n" / "en.json").read_text(encoding="utf-8"))
    example = text["ties_pot_example"]
    assert "pot holds 15" in example and "8 to the one seated first to the left" in example
    assert "7 to the other" in example and "15 gives 5 each" in example
    first, second = left_of(button), left_of(left_of(button))
    assert _split(15, [second, first], button) == {first: 8, second: 7}
    assert _split(15, [0, 1, 2], button) == {0: 5, 1: 5, 2: 5}
