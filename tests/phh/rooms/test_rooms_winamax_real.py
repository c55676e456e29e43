"""Real Winamax files (tetsuhaut/phud, MIT): a cash session with players who decline to
post, a five-card Omaha cash session and a sit & go; what they revealed is read as the
room paid it."""

from __future__ import annotations

from decimal import Decimal

import pokerkit

from helpers.paths import ROOMS
from showdown.phh.corpus.read import read_file
from showdown.phh.notation import HandHistory, dumps, loads
from showdown.phh.settlement import settle
from showdown.phh.verification import verify


def _hand(name: str, number: str) -> HandHistory:
    _, hands = read_file(ROOMS / name)
    [hand] = [h for h in hands if isinstance(h, HandHistory) and h.fields["hand"] == number]
    return hand


def test_a_player_who_denies_the_big_blind_is_not_dealt_in() -> None:
    # "Incognito 4 denies big blind": seated, not dealt in; two big blinds out of position
    hand = _hand("winamax-cash-incognito.txt", "7273226-519-1425938677")
    assert "Incognito 4" not in hand.fields["players"]
    assert verify(settle(hand)).cls == "match"


def test_a_big_blind_with_nothing_to_decide_is_not_asked() -> None:
    # the small blind calls all in for less; the big blind has matched it and nobody can
    # call a raise: Winamax deals the board at once, and so does the replay
    hand = _hand("winamax-tournament.txt.gz", "458789188242767873-30-1421360554")
    assert hand.fields["actions"][-6:-3] == ["p1 cc", "d db 9d6s5h", "d db Js"]
    s = settle(hand)
    assert s.finishing is not None and s.showdown is not None
    assert s.showdown.returned == {3: 20} and verify(s).cls == "match"
    *_, state = pokerkit.HandHistory.loads(dumps(hand), parse_value=Decimal)  # type: ignore[arg-type]
    assert list(state.stacks) == s.finishing


def test_the_part_of_an_all_in_nobody_matched_is_counted_as_won_by_winamax() -> None:
    # "Jb P raises 145 to 1265 and is all-in" when nobody can call: a call, and the 145
    # Winamax writes as "collected 145 from side pot 1" is the player's own chips back
    hand = _hand("winamax-tournament.txt.gz", "458789188242767873-15-1421359759")
    names = hand.fields["players"]
    assert hand.fields["winnings"][names.index("Jb P")] == 0
    assert verify(settle(hand)).cls == "match"
    # a short big blind all in, the small blind "calls 40" to the full 80: 30 back
    short = _hand("winamax-tournament.txt.gz", "458789188242767873-29-1421360518")
    assert short.fields["winnings"] == [0, 100, 0, 0, 0, 0, 0, 0]
    assert verify(settle(short)).cls == "match"


def test_five_card_omaha_cash() -> None:
    _, hands = read_file(ROOMS / "winamax-cash-omaha5.txt.gz")
    assert {h.fields["variant"] for h in hands if isinstance(h, HandHistory)} == {"P5O"}
    first = hands[0]
    assert isinstance(first, HandHistory)
    assert first.fields["hand"] == "10911014-57-1520182169" and first.fields["currency"] == "EUR"
    s = settle(first)
    assert verify(s).cls in ("match", "rake")
    again = settle(loads(dumps(first)))
    assert again.finishing == s.finishing


def test_a_raise_to_counts_the_dead_small_blind_posted_out_of_position() -> None:
    # sabre_laser posts a small blind (dead) and a big blind out of position, then
    # "raises 0.05€ to 0.07€" and nobody calls: "Total pot 0.10€" and "collected 0.10€"
    # add up only if the 0.07€ holds the dead 0.01€ (0.01€ + 0.02€ + 0.07€); read as
    # 0.07€ live on top of it, the pot would be 0.11€ (the one mismatch of the corpus)
    hand = _hand("winamax-cash-dead-small-blind-raise.txt.gz", "7274811-122-1425929414")
    me = hand.fields["players"].index("sabre_laser")
    assert hand.fields["antes"][me] == 0.01
    assert f"p{me + 1} cbr 0.06" in hand.fields["actions"]
    s = settle(hand)
    assert s.finishing is not None and s.showdown is not None
    # the pot: both blinds, the dead 0.01€ and 0.02€ matched; 0.04€ comes back
    assert s.showdown.returned == {4: 4} and sum(p.amount for p in s.showdown.pots) == 6
    assert s.finishing[me] == 163 + 3 and verify(s).cls == "match"


def test_a_raise_to_no_more_than_the_dead_small_blind_is_an_error() -> None:
    from showdown.hands import native
    from showdown.phh.corpus.read import open_text, read_hands, split_hands
    from showdown.phh.errors import HistoryError

    text = open_text((ROOMS / "winamax-cash-dead-small-blind-raise.txt.gz").read_bytes())
    [part] = [p for p in split_hands(text, "winamax") if "7274811-122-1425929414" in p]
    bad = part.replace("raises 0.05€ to 0.07€", "raises 0.01€ to 0.01€")
    for backend in ["numpy", *(["native"] if native.native_available() else [])]:
        with native.use(backend):
            [hand] = read_hands(bad, "winamax", "x.txt")
        assert isinstance(hand, HistoryError)
        assert "counts the 0.01 dead posted and is no more than it" in str(hand)
