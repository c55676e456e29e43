"""Rooms' hands read by the native kernel (rooms/fast.py, _native/rooms.c) against the Python
readers, the reference: the same hands in the same order, the same fields in the same
order, the same errors, on every sample and on mutated and generated room text."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.backends import NO_KERNEL_INSTALL
from helpers.paths import ROOMS
from showdown.hands import native
from showdown.phh.corpus.detect import detect
from showdown.phh.corpus.read import open_text, read_hands, split_hands
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory
from showdown.phh.rooms import pacific, party, stars, winamax
from showdown.phh.rooms.fast import HEAD_STARTS, NATIVE_ROOMS, native_hands, split_at_heads

TEXTS = {p.name: open_text(p.read_bytes()) for p in sorted(ROOMS.iterdir())}
needs_kernel = pytest.mark.skipif(NO_KERNEL_INSTALL, reason="the no-compiler install: no kernel")


def _summary(hand: HandHistory | HistoryError) -> Any:
    """What must agree: a hand's fields in order (types too), its name and file; an
    error's class and message."""
    if isinstance(hand, HistoryError):
        return type(hand).__name__, str(hand)
    items = [(k, type(v).__name__, repr(v)) for k, v in hand.fields.items()]
    return items, hand.name, hand.file


def _both(text: str, room: str) -> tuple[list[Any], list[Any]]:
    """The hands as the kernel (where it reads them) and as Python alone read them."""
    with native.use("native"):
        fast = [_summary(h) for h in read_hands(text, room, "x.txt")]
    with native.use("numpy"):
        slow = [_summary(h) for h in read_hands(text, room, "x.txt")]
    return fast, slow


def _native_count(text: str, room: str) -> int:
    with native.use("native"):
        done = native_hands(split_hands(text, room), room)
    return 0 if done is None else sum(d is not None for d in done)


@needs_kernel
@pytest.mark.parametrize("name", sorted(TEXTS))
def test_every_sample_reads_the_same(name: str) -> None:
    text = TEXTS[name]
    room = detect(text)
    assert room is not None
    fast, slow = _both(text, room)
    assert fast == slow


#: Samples (of the rooms the kernel reads) some of whose hands the kernel leaves to Python
#: (how many it reads): Courchevel, whose board card before the first round only Python
#: reads; GGPoker's straddles, all-in insurance and short deck; cash-outs (their fields
#: are Python's), a home game's stud without a bring-in and a draw of 2009 without a title;
#: the layouts of 888 only its Python reader reads (other languages, old tournaments, a
#: short big blind all in).
_PARTLY_PYTHON: dict[str, int] = {
    "pokerstars-handwritten-courchevel.txt": 0,
    "ggpoker-handwritten-games.txt": 2,
    "pokerstars-handwritten-mixed-games.txt": 3,
    "pokerstars-handwritten-cash-out.txt": 0,
    "ggpoker-handwritten-ev-cashout.txt": 0,
    "888-cash-skins.txt": 1, "888-handwritten-languages.txt": 0,
    "888-handwritten-german.txt": 0,
    "888-tournament-short-blinds.txt": 0,
    "pokerstars-handwritten-engine-rules.txt": 5,  # the 2005 table line: Python's
}


@needs_kernel
def test_the_kernel_reads_every_sample_hand() -> None:
    """The kernel is really used: every sample hand of the rooms it reads, stud and draw
    games included, is read there, but for the kinds it leaves to Python
    (:data:`_PARTLY_PYTHON`); the other rooms' hands are all Python's."""
    read = total = 0
    for name, text in TEXTS.items():
        room = detect(text)
        assert room is not None
        if room not in NATIVE_ROOMS:
            assert _native_count(text, room) == 0, name
            continue
        hands = len(split_hands(text, room))
        done = _native_count(text, room)
        assert done == _PARTLY_PYTHON.get(name, hands), name
        total += hands
        read += done
    assert total >= 75
    assert read == total - sum(len(split_hands(TEXTS[name], detect(TEXTS[name]) or ""))
                               - count for name, count in _PARTLY_PYTHON.items())


@needs_kernel
@pytest.mark.parametrize("room", ["partypoker", "fulltilt", "wpn"])
def test_the_rooms_a_c_reader_gains_little_on_are_pythons(room: str) -> None:
    """PartyPoker, Full Tilt and WPN have no C reader (their whole path gained less than
    twice: docs/hand-histories.md): the kernel reads none of their hands."""
    assert room not in NATIVE_ROOMS
    texts = [t for t in TEXTS.values() if detect(t) == room]
    assert texts
    with native.use("native"):
        assert all(native_hands(split_hands(t, room), room) is None for t in texts)


def test_without_the_kernel_python_reads_everything() -> None:
    text = TEXTS["pokerstars-tournament.txt"]
    with native.use("numpy"):
        assert native_hands(split_hands(text, "pokerstars"), "pokerstars") is None
        hands = read_hands(text, "pokerstars")
    assert all(isinstance(h, HandHistory) for h in hands)


# Mutations of real hands ---------------------------------------------------------------

_NAMES = ["Ana Maria", "Bo: x", "[Cy]", "Dé (2)", "x y z", "Ana", "Seat 3", "e:", "Zoë",
          "a  b", "Mr. $5", "Q [Ah Kd]", "ä"]
_AMOUNT = re.compile(r"(?<![\w#])\d[\d,]*(?:\.\d+)?")


def _rename(text: str, rng: random.Random) -> str:
    """A seated player's name replaced everywhere by one with spaces, colons, brackets."""
    found = re.findall(r"^Seat \d+: (.+?) \(", text, re.MULTILINE) or re.findall(
        r'name="([^"]+)"', text) or re.findall(r'player="([^"]+)"', text)
    if not found:
        return text
    old = rng.choice(found)
    return text.replace(old, rng.choice(_NAMES))


def _amounts(text: str, rng: random.Random) -> str:
    """Some amounts changed: other digits, decimals, decimal commas, thousands."""
    def change(m: re.Match[str]) -> str:
        if rng.random() > 0.2:
            return m.group()
        return rng.choice(["0", "7", "12.5", "0,25", "1.234,50", "1,000", "3.", "123456",
                           "0.0000000001", "2.10", "45", m.group() + "0"])
    return _AMOUNT.sub(change, text)


def _currency(text: str, rng: random.Random) -> str:
    sign = rng.choice(["€", "£", "", "¥", "USD ", "$"])
    return text.replace("$", sign)


def _lines(text: str, rng: random.Random) -> str:
    """Lines cut, doubled, swapped or cut short; a random character put in."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        if not lines:
            break
        i = rng.randrange(len(lines))
        kind = rng.randrange(5)
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[i])
        elif kind == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 3:
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        else:
            k = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:k] + rng.choice("0$€,. []():#*xAKcdhs-&<>\"'\t\u00a0²") + \
                lines[i][k:]
    return "\n".join(lines)


_MUTATIONS = [_rename, _amounts, _currency, _lines]
_NATIVE_SAMPLES = [n for n, t in TEXTS.items() if detect(t) in NATIVE_ROOMS]


@needs_kernel
@settings(max_examples=300, deadline=None)
@given(st.sampled_from(_NATIVE_SAMPLES), st.lists(st.integers(0, len(_MUTATIONS) - 1),
                                                  min_size=1, max_size=3), st.integers(0, 2**32))
def test_mutated_hands_read_the_same(name: str, which: list[int], seed: int) -> None:
    rng = random.Random(seed)
    text = TEXTS[name]
    for k in which:
        text = _MUTATIONS[k](text, rng)
    room = detect(TEXTS[name])
    assert room is not None
    fast, slow = _both(text, room)
    assert fast == slow


@needs_kernel
@settings(max_examples=150, deadline=None)
@given(st.integers(2, 9), st.integers(0, 2**32), st.sampled_from(["$", "€", ""]),
       st.booleans())
def test_generated_stars_hands_read_the_same(players: int, seed: int, sign: str,
                                             comma: bool) -> None:
    """Whole PokerStars hands written here (names with spaces, colons and brackets,
    decimal or whole amounts, decimal commas) read alike."""
    text = _stars_hand(players, random.Random(seed), sign, comma)
    fast, slow = _both(text, "pokerstars")
    assert fast == slow
    if not isinstance(slow[0][0], str):  # a hand Python reads, the kernel reads too
        assert _native_count(text, "pokerstars") == 1


def _stars_hand(n: int, rng: random.Random, sign: str, comma: bool) -> str:
    cents = rng.random() < 0.5
    names = rng.sample(_NAMES, n) if rng.random() < 0.5 else [f"P{k}" for k in range(n)]

    def money(units: int) -> str:
        text = f"{units / 100:.2f}" if cents else str(units)
        return sign + (text.replace(".", ",") if comma else text)

    big = 2 if cents else 200
    stacks = [rng.randint(5, 400) * big for _ in range(n)]
    button = n
    lines = [f"PokerStars Hand #{rng.randint(1, 10**12)}: Hold'em No Limit "
             f"({money(big // 2)}/{money(big)}) - 2024/01/0{rng.randint(1, 9)} 10:11:12 ET",
             f"Table 'T {rng.randint(1, 99)}' 9-max Seat #{button} is the button"]
    for k in range(n):
        lines.append(f"Seat {k + 1}: {names[k]} ({money(stacks[k])} in chips)")
    order = list(range(n)) if n > 2 else [1, 0]
    small, bb = order[0], order[1 % n]
    lines.append(f"{names[small]}: posts small blind {money(big // 2)}")
    lines.append(f"{names[bb]}: posts big blind {money(big)}")
    lines.append("*** HOLE CARDS ***")
    lines.append(f"Dealt to {names[0]} [Ah Kd]")
    bets = [0] * n
    bets[small], bets[bb] = big // 2, big
    live = list(range(n))
    top = big
    acting = [(bb + 1 + k) % n for k in range(n)]
    for i in acting:
        choice = rng.random()
        if choice < 0.4 and len(live) > 1:
            lines.append(f"{names[i]}: folds")
            live.remove(i)
        elif choice < 0.8 or bets[i] + stacks[i] <= 2 * top:
            put = min(top - bets[i], stacks[i])
            lines.append(f"{names[i]}: calls {money(put)}" if put else f"{names[i]}: checks")
            bets[i] += put
        else:
            to = 2 * top
            lines.append(f"{names[i]}: raises {money(to - top)} to {money(to)}")
            bets[i], top = to, to
    lines.append("*** FLOP *** [2c 7d Jh]")
    lines.append("*** SUMMARY ***")
    lines.append(f"Total pot {money(sum(bets))} | Rake {money(rng.randint(0, 3))}")
    for k in range(n):
        lines.append(f"Seat {k + 1}: {names[k]} folded before Flop")
    return "\n".join(lines) + "\n"


# Cutting a file into hands -----------------------------------------------------------

_HEADS = {"pokerstars": stars.HEADS["pokerstars"], "ggpoker": stars.HEADS["ggpoker"],
          "fulltilt": stars.HEADS["fulltilt"], "wpn": stars.HEADS["wpn"],
          "winamax": winamax.HEAD, "888": pacific.HEAD, "partypoker": party.HEAD}


def test_every_head_pattern_starts_as_split_at_heads_expects() -> None:
    """split_at_heads tries a room's pattern only where a line begins with one of its
    HEAD_STARTS: each pattern must begin (after ``^``) with one of them, or with an
    optional group that does (888's ``#Game No`` line), and be anchored at line starts."""
    assert set(HEAD_STARTS) == set(_HEADS)
    for room, head in _HEADS.items():
        assert head.flags & re.MULTILINE and head.pattern.startswith("^"), room
        # a hand head that does not begin with a listed text is not one the pattern takes
        for line in ("PokerStars Hand #1: x", "Poker Hand #HD1: x", "Full Tilt Poker Game #1",
                     "FullTilt Poker Hand #1", "Game Hand #1", "Winamax Poker - x",
                     "#Game No : 7\n***** 888poker", "***** 888poker", "***** Hand History for"):
            if head.match(line):
                assert line.startswith(HEAD_STARTS[room]), (room, line)


def _split_reference(text: str, room: str) -> list[int]:
    return [m.start() for m in _HEADS[room].finditer(text)]


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_split_at_heads_cuts_every_sample_as_finditer(name: str) -> None:
    text = TEXTS[name]
    room = detect(text)
    assert room is not None
    if room in _HEADS:
        assert split_at_heads(text, room, _HEADS[room]) == _split_reference(text, room)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(_HEADS)), st.lists(st.sampled_from(
    ["PokerStars Hand #1: x", "PokerStars Zoom Hand #2", "Poker Hand #HD1",
     "Full Tilt Poker Game #3", "FullTilt Poker Hand #4", "Game Hand #5", "Winamax Poker - 6",
     "#Game No : 7", "#Game No : x", "***** 888poker Hand History",
     "***** Hand History for Game 8", "***** Hand History For Game 9", "", "\n", "Seat 1: x",
     " PokerStars Hand #9", "Full", "*****", "PokerStars Hand #"]),
    max_size=12))
def test_split_at_heads_cuts_any_text_as_finditer(room: str, lines: list[str]) -> None:
    text = "\n".join(lines)
    assert split_at_heads(text, room, _HEADS[room]) == _split_reference(text, room)


@needs_kernel
def test_winamax_blinds_out_of_position_and_all_ins_read_in_the_kernel_as_in_python() -> None:
    """Winamax's dead small blind out of position, a declined big blind and an all-in's
    unmatched part collected back: read by the kernel, as by the Python reader."""
    text = TEXTS["winamax-cash-incognito.txt"]
    small = text.replace("posts big blind 0.02€ out of position",
                         "posts small blind 0.01€ out of position")
    assert small != text
    for variant in (text, small, TEXTS["winamax-tournament.txt.gz"]):
        fast, slow = _both(variant, "winamax")
        assert fast == slow
        parts = split_hands(variant, "winamax")
        assert _native_count(variant, "winamax") >= len(parts) - 2  # blinds all in: Python's


# The readings the kernel learned last (each also in a sample, read by both above) -------

def _hand_of(name: str, marker: str) -> str:
    """The hand of a sample that holds ``marker``."""
    text = TEXTS[name]
    room = detect(text)
    assert room is not None
    return next(part for part in split_hands(text, room) if marker in part)


_KNOCKOUT = _hand_of("pokerstars-cash-and-knockout.txt", "for eliminating")
_BOUNTY_LINE = "mhuggins wins $19.31 for eliminating hammy6955 and their own bounty increases"


@needs_kernel
@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["mhuggins", "hammy6955", "nobody"]),
       st.sampled_from(["hammy6955", "mhuggins", "hammy6955 and mhuggins", "hammy", "",
                        "x hammy6955 y", "hammy6955and"]),
       st.sampled_from(["$19.31", "19", "", "$1,000.5", "$0"]), st.booleans(), st.booleans())
def test_bounties_and_knockouts_read_the_same(winner: str, gone: str, won: str, twice: bool,
                                              tournament_won: bool) -> None:
    """A bounty won for eliminating one or more players (or a name that is none of the
    seats, no amount, two bounty lines), and 'wins the tournament', read by the kernel as
    by the Python reader: the same _bounties_won and _eliminated_by."""
    line = f"{winner} wins {won} for eliminating {gone} and their own bounty increases"
    hand = _KNOCKOUT.replace(_BOUNTY_LINE, line + ("\n" + line if twice else ""))
    if not tournament_won:
        hand = hand.replace("mhuggins wins the tournament and receives $150.56 - "
                            "congratulations!\n", "")
    fast, slow = _both(hand, "pokerstars")
    assert fast == slow
    if not isinstance(slow[0][0], str):
        assert _native_count(hand, "pokerstars") == 1
        fields = dict((k, v) for k, _, v in slow[0][0])
        # the line's tail ("increases by $19.31 to ...") holds an amount in any case
        assert ("_bounties_won" in fields) == (winner != "nobody")


def test_a_knockout_is_written_as_the_room_paid_it() -> None:
    hand = read_hands(_KNOCKOUT, "pokerstars")[0]
    assert isinstance(hand, HandHistory)
    assert hand.fields["players"] == ["hammy6955", "mhuggins"]
    assert hand.fields["_bounties_won"] == [0, 19.31]
    assert hand.fields["_eliminated_by"] == [2, 0]


_CASH_DROP = _hand_of("ggpoker-rush-cash-drop.txt.gz", "Cash Drop")


@needs_kernel
@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["$0.5", "$1,234.56", "0", "$", "$0.000000001", "$2 $3"]),
       st.integers(0, 2))
def test_cash_drops_read_the_same(amount: str, copies: int) -> None:
    """GGPoker's cash drop: the house's money in ``_cash_drop`` (none, one or two lines)."""
    line = "Cash Drop to Pot : total $0.5 \n"
    assert line in _CASH_DROP
    hand = _CASH_DROP.replace(line, f"Cash Drop to Pot : total {amount} \n" * copies)
    fast, slow = _both(hand, "ggpoker")
    assert fast == slow
    if copies and not isinstance(slow[0][0], str):
        assert any(k == "_cash_drop" for k, _, _ in slow[0][0])
        assert _native_count(hand, "ggpoker") == 1


_ONE_CARD = _hand_of("ggpoker-rush-one-card-shown.txt.gz", "showed [Jd] and won")


@needs_kernel
@pytest.mark.parametrize("shown", ["[Jd]", "[Jd 4c]", "[]", "[Jd 4c 2h]", "[10d]"])
@pytest.mark.parametrize("where", ["summary", "action"])
def test_a_card_shown_alone_reads_the_same(shown: str, where: str) -> None:
    """A winner who shows one card (the other unknown, ``??``), two, none or too many, in
    the summary or as an action: the kernel as the Python reader."""
    hand = _ONE_CARD.replace("showed [Jd] and won", f"showed {shown} and won")
    if where == "action":
        hand = hand.replace("*** SHOWDOWN ***", f"*** SHOWDOWN ***\n21a9d24a: shows {shown}")
    fast, slow = _both(hand, "ggpoker")
    assert fast == slow
    if shown == "[Jd]":
        assert _native_count(hand, "ggpoker") == 1
        assert any("Jd??" in v for k, _, v in slow[0][0] if k == "actions")


_TABLE_LINE = "Table 'Donati' 6-max Seat #1 is the button"
_BARE = _hand_of("pokerstars-cash-zoom.txt", _TABLE_LINE).replace(_TABLE_LINE, "Crainville 8-max")


@needs_kernel
@pytest.mark.parametrize("table", ["Crainville 8-max", "Two words 6-max", "x 10-max",
                                   " Crainville 8-max", "Crainville8-max", "Crainville -max",
                                   "Crainville 8-max (real money)", "8-max", "Table 'T' 8-max",
                                   "Crainville 99999999999-max",
                                   "Crainville 8-max Seat #5 is the button"])
def test_a_bare_table_line_reads_the_same(table: str) -> None:
    """A bare ``Name 8-max`` table line (ACR's newer layout, which the Python reader takes in
    any room of this family) in a PokerStars hand: read by the kernel, the table's name and
    seats as the Python reader takes them, or left alone."""
    hand = _BARE.replace("Crainville 8-max", table)
    fast, slow = _both(hand, "pokerstars")
    assert fast == slow
    assert _native_count(_BARE, "pokerstars") == 1


@needs_kernel
@pytest.mark.parametrize("name", ["pokerstars-handwritten-more-games.txt"])
def test_five_card_draw_is_read_by_the_kernel(name: str) -> None:
    text = TEXTS[name]
    parts = split_hands(text, "pokerstars")
    with native.use("native"):
        done = native_hands(parts, "pokerstars")
    assert done is not None
    variants = {d[1]["variant"] for d in done if d is not None}
    assert {"N5CD", "F5CD"} <= variants


_RUN_TWICE = TEXTS["pokerstars-handwritten-run-twice.txt"]


@needs_kernel
@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([
    ("*** SECOND FLOP ***", "*** THIRD FLOP ***"), ("*** SECOND RIVER ***", "*** THIRD RIVER ***"),
    ("*** FIRST FLOP ***", "*** FLOP ***"), ("*** SECOND FLOP *** [Ks 8c 3d]",
                                             "*** SECOND FLOP *** [2c 7d 9s]"),
    ("*** SECOND TURN ***", "*** SECOND  TURN ***"),
    ("*** SECOND TURN ***", "*** SECOND\tTURN ***"),
    ("*** SECOND RIVER *** [Ks 8c 3d 5h] [Th]", "*** SECOND RIVER *** []"),
    ("Hand was run twice", "Hand was run three times"),
    ("Hand was run twice", "Hand was run thrice."),
    ("Hand was run twice", "Hand was run"), ("Hand was run twice", "Hand was runner"),
    ("Hand was run twice", ""), ("*** SECOND TURN *** [9h 6s 2d] [8s]", "*** SECOND TURN ***"),
    ("*** FIRST SHOW DOWN ***", "*** FIRST SHOW ***"),
    ("*** SECOND FLOP ***", "*** FOURTH FLOP ***"),
    ("Ana: calls $84.51", "Ana: calls $84.51\nHand was run twice"),
]), max_size=4))
def test_hands_run_more_than_once_read_the_same(changes: list[tuple[str, str]]) -> None:
    """Hands run twice (and thrice, or with a runout that deals no new card, a street the
    runs share written again, a summary that says so or not) read by the kernel as by
    the Python reader: the same boards, the same _runout_count."""
    text = _RUN_TWICE
    for old, new in changes:
        text = text.replace(old, new)
    fast, slow = _both(text, "pokerstars")
    assert fast == slow
    if all(not isinstance(hand[0], str) for hand in slow):
        assert _native_count(text, "pokerstars") == len(slow)


@needs_kernel
@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from([
    ("*** RIVER 2 ***", "*** RIVER 3 ***"), ("*** RIVER 1 ***", "*** RIVER ***"),
    ("*** RIVER 2 ***", "*** RIVER 4 ***"), ("*** RIVER 2 ***", "*** RIVER 2x ***"),
    ("*** RIVER 2 ***", "*** RIVER  2 ***"), ("*** RIVER 2 ***", "*** RIVER\t2 ***"),
    ("*** RIVER 2 ***", "*** RIVER 0 ***"), ("*** RIVER 2 ***", "*** TURN 2 ***"),
    ("*** RIVER 2 ***", "*** SECOND RIVER ***"), ("[Th]", "[]"), ("[Th]", "[4c]"),
    ("*** SECOND SHOW DOWN ***", ""), ("*** TURN 2 ***", "*** TURN 1 ***"),
]), max_size=4))
def test_runs_numbered_after_the_street_read_the_same(changes: list[tuple[str, str]]) -> None:
    """Runs numbered after the street (``*** RIVER 2 ***``, Full Tilt's way, which the Python
    reader takes in any room of this family) in a PokerStars hand run twice, and varied
    (another number, none, a card dealt twice), read by the kernel as by the Python reader;
    the numbered hands themselves are read in the kernel."""
    text = _RUN_TWICE
    for word, number in (("FIRST", "1"), ("SECOND", "2")):
        for street in ("FLOP", "TURN", "RIVER"):
            text = text.replace(f"*** {word} {street} ***", f"*** {street} {number} ***")
    assert "*** RIVER 2 ***" in text
    numbered = text
    for old, new in changes:
        text = text.replace(old, new)
    fast, slow = _both(text, "pokerstars")
    assert fast == slow
    if not changes:
        assert all(not isinstance(hand[0], str) for hand in slow)
        assert _native_count(numbered, "pokerstars") == len(slow)


_SHORT_BIG_BLIND = TEXTS["pokerstars-handwritten-short-big-blind.txt"]


@needs_kernel
@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["$0.30", "$0.99", "$1", "$0.01", "$0", "$1.50"]),
       st.sampled_from(["Cy: calls $1", "Cy: calls $0.30", "Cy: calls $0.70",
                        "Cy: raises $2 to $3", "Cy: raises $1.70 to $2", "Cy: folds"]),
       st.sampled_from(["Hold'em No Limit", "Hold'em Pot Limit", "Hold'em Limit",
                        "Omaha Pot Limit"]))
def test_a_short_big_blind_reads_the_same(blind: str, first: str, game: str) -> None:
    """A big blind posted all in for less (or not), called for the full big blind, for
    less, raised over: the kernel writes the same ``cbr``/``cc`` and keeps the header's
    big blind as ``min_bet``, as the Python reader does."""
    text = _SHORT_BIG_BLIND.replace("posts big blind $0.30", f"posts big blind {blind}", 1)
    text = text.replace("Cy: calls $1", first, 1).replace("Hold'em No Limit", game)
    fast, slow = _both(text, "pokerstars")
    assert fast == slow
