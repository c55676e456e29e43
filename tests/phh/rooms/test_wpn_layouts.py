"""WPN's two layouts (phh/rooms/wpn.py). The newer, PokerStars-like one: Omaha H/L's
names, ``caps``, ``posts dead``, the button on ACR's table line, a tournament's draw for
the button; on hands written after real ones of fpdb's regression files
(cash/Winning, tour/Winning), names and amounts changed. The older ``Game started at:``
one: real hands of HHSmithy/PokerHandHistoryParser (MIT) and hands written after
fpdb's (stud hi/lo, fixed limit, a cap); and what is refused, each with its reason."""

from __future__ import annotations

import pytest

from helpers.paths import ROOMS
from showdown.hands import native
from showdown.phh.corpus.detect import detect
from showdown.phh.corpus.read import read_file, read_hands
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory
from showdown.phh.rooms.wpn import game_name
from showdown.phh.settlement import settle
from showdown.phh.verification import verify

BACKENDS = ["numpy", *(["native"] if native.native_available() else [])]


def _hands(name: str, backend: str) -> dict[str, HandHistory]:
    with native.use(backend):
        room, hands = read_file(ROOMS / name)
    assert room == "wpn" and all(isinstance(h, HandHistory) for h in hands)
    return {str(h.fields["hand"]): h for h in hands if isinstance(h, HandHistory)}


@pytest.mark.parametrize("part, code", [
    ("Holdem(No Limit)", "NT"), ("Omaha H/L(No Limit)", "NO/8"),
    ("Omaha H/L(Fixed Limit)", "FO/8"), ("Omaha H/L(Pot Limit)", "PO/8"),
    ("Omaha(Pot Limit)", "PO"), ("7Stud H/L(Fixed Limit)", "F7S/8"),
])
def test_the_games_wpn_names(part: str, code: str) -> None:
    assert game_name(f"Hand #1 - {part} - $1/$2 - 2024/01/01 00:00:00 UTC") == code


@pytest.mark.parametrize("name", ["wpn-handwritten-games.txt", "wpn-old-cash-ten-hands.txt",
                                  "wpn-old-cash-posts-and-omaha.txt",
                                  "wpn-old-handwritten-stud-limit-cap.txt"])
@pytest.mark.parametrize("backend", BACKENDS)
def test_every_hand_settles_as_the_room_paid(name: str, backend: str) -> None:
    for number, hand in _hands(name, backend).items():
        with native.use(backend):
            assert verify(settle(hand)).cls in ("match", "rake"), number


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_newer_layout(backend: str) -> None:
    hands = _hands("wpn-handwritten-games.txt", backend)
    # no-limit Omaha hi/lo: the pot split high and low
    assert hands["910000001"].fields["variant"] == "NO/8"
    # "Bayside 6-max Seat #4 is the button": heads up, the button (small blind) last
    f = hands["910000002"].fields
    assert (f["variant"], f["players"], f["seats"]) == ("FO/8", ["Maple", "Hero"], [1, 4])
    # "posts dead $0.15": the small blind's $0.05 dead, the big blind live (out of
    # position: it comes in with the player's check); the total pot of $0.35 says so
    f = hands["910000003"].fields
    late = f["players"].index("Birch")
    assert f["antes"][late] == 0.05 and f"p{late + 1} cc" in f["actions"]
    assert verify(settle(hands["910000003"])).cls == "match"
    # "caps $1.35": the chips put in; the cap is the player's total, $1.50
    f = hands["910000004"].fields
    capper = f["players"].index("Aspen") + 1
    assert f["_cap"] == 1.5 and f"p{capper} cbr 1.35" in f["actions"]
    # a tournament's first hand: one card each for the button, then the hole cards
    f = hands["920000001"].fields
    assert f["variant"] == "PO/8"
    assert next(a for a in f["actions"] if a.startswith("d dh")) == "d dh p1 ????????"
    assert verify(settle(hands["920000001"])).cls == "match"


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_older_layout(backend: str) -> None:
    assert detect("\ufeffGame started at: 2014/3/9 16:53:43\nGame ID: 1 1/2 (Hold'em)") == "wpn"
    ten = _hands("wpn-old-cash-ten-hands.txt", backend)
    assert len(ten) == 10 and {h.fields["variant"] for h in ten.values()} == {"NT"}
    hands = _hands("wpn-old-cash-posts-and-omaha.txt", backend)
    # "posts (0.25) as a dead bet": an ante; "posts (0.50)": a live blind out of
    # position, which comes in with the player's check (the builder's rule)
    f = hands["267244548"].fields
    late = f["players"].index("TheKunttzz")
    assert f["antes"][late] == 0.25 and f"p{late + 1} cc" in f["actions"]
    assert verify(settle(hands["267244548"])).cls == "match"
    # a "(JP)" table of 2014: the summary writes the rake, not the jackpot's $0.25; the
    # players' "Bets:" less the "Pot:" paid and the rake say what it was
    f = hands["261641541"].fields
    assert (f["_rake"], f["_fees"]) == (0.41, 0.25)
    assert hands["262003062"].fields["variant"] == "PO"
    mine = _hands("wpn-old-handwritten-stud-limit-cap.txt", backend)
    stud = mine["702233114"].fields
    assert (stud["variant"], stud["bring_in"], stud["small_bet"]) == ("F7S/8", 0.4, 1)
    assert next(a for a in stud["actions"] if a.startswith("d dh p3")) == "d dh p3 ????2c"
    # "Game ID: ... 4/8": the big blind posted is 4, the header's first amount: fixed limit
    limit = mine["702235870"].fields
    assert (limit["variant"], limit["small_bet"], limit["big_bet"]) == ("FT", 4, 8)
    assert mine["702300418"].fields["_cap"] == 300


_OLD = """Game started at: 2016/6/21 21:6:22
Game ID: 665312038 1/2 (PRR) Vetala (Short) - 2 (Hold'em)
Seat 1 is the button
Seat 1: Ann (100).
Seat 2: Bea (120).
Seat 3: Cal (90).
{posts}
Player Bea received a card.
Player Bea received a card.
Player Cal received a card.
Player Cal received a card.
Player Ann received card: [Qs]
Player Ann received card: [Qd]
{actions}
------ Summary ------
Pot: 4. Rake 0
Game ended at: 2016/6/21 21:7:0
"""


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("posts, actions, reason", [
    ("Player Bea has small blind (1)\nPlayer  has big blind (2)", "Player Ann folds",
     "a player without a name acts"),
    ("Player Bea has small blind (1)\nPlayer Cal has big blind (2)",
     "Player Ann calls (2)\nPlayer Bea is disconnected and ALL IN.\nPlayer Bea allin",
     "all in on a disconnection"),
])
def test_what_the_older_layout_cannot_say_is_refused_by_name(
        backend: str, posts: str, actions: str, reason: str) -> None:
    text = _OLD.format(posts=posts, actions=actions)
    with native.use(backend):
        [error] = read_hands(text, "wpn", "x.txt")
    assert isinstance(error, HistoryError) and reason in str(error)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_hand_cut_short_or_called_off_is_named(backend: str) -> None:
    cut = _OLD.format(posts="Player Bea has small blind (1)", actions="").split("------")[0]
    off = ("Game started at: 2015/1/2 16:32:12\nGame ID: 351651317 2/4 Cliffs (Hold'em)\n"
           "Seat 3 is the button\nSeat 1: Ann (397.36).\nSeat 3: Bea (485.70).\n"
           "Player Bea has small blind (2)\nPlayer Ann sitting out\n"
           "Uncalled bet (2) returned to Bea\n------ Summary ------\nPot: 0. Rake 0\n"
           "Game ended at: 2015/1/2 16:32:13\n")
    with native.use(backend):
        [short] = read_hands(cut, "wpn", "x.txt")
        [called_off] = read_hands(off, "wpn", "x.txt")
    assert isinstance(short, HistoryError) and "stops early" in str(short)
    assert isinstance(called_off, HistoryError) and "called off before the deal" in str(
        called_off)


def test_six_plus_won_at_showdown_is_refused() -> None:
    text = ("Game started at: 2019/2/16 8:37:2\nGame ID: 9 0.02/0.05 6+ (PRR) ($5 Max) "
            "(Six Plus Hold'em)\nSeat 1 is the button\nSeat 1: Ann (2).\nSeat 2: Bea (2).\n"
            "Player Ann has small blind (0.02)\nPlayer Bea has big blind (0.05)\n"
            "Player Ann received card: [6s]\nPlayer Ann received card: [6c]\n"
            "Player Bea received a card.\nPlayer Bea received a card.\n"
            "Player Ann calls (0.03)\nPlayer Bea checks\n*** FLOP ***: [7h 8h 9s]\n"
            "Player Bea checks\nPlayer Ann checks\n*** TURN ***: [7h 8h 9s] [Ts]\n"
            "Player Bea checks\nPlayer Ann checks\n*** RIVER ***: [7h 8h 9s Ts] [6d]\n"
            "Player Bea checks\nPlayer Ann checks\n------ Summary ------\nPot: 0.10. Rake 0\n"
            "*Player Ann shows: Three Of Kind of 6s [6s 6c]. Bets: 0.05. Collects: 0.10. "
            "Wins: 0.05.\nPlayer Bea shows: Straight [Ac Ad]. Bets: 0.05. Collects: 0. "
            "Loses: 0.05.\nGame ended at: 2019/2/16 8:37:46\n")
    [error] = read_hands(text, "wpn", "x.txt")
    assert isinstance(error, HistoryError) and "six plus hold'em" in str(error)
