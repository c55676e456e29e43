"""The kernel's report rows (``phh_rows``, :func:`showdown.phh.corpus.batches.settled_rows`) are the
rows the Python path makes (:func:`showdown.phh.corpus.reports.hand_row` of each settled hand),
JSON included, on every sample file and on generated hands whose recorded results
match, are raked (by a written fee or not), count the chips handed back, split odd
chips or disagree; and every hand the kernel leaves (a mismatch, an odd chip, a bounty)
is still explained by the Python path.

With ``SHOWDOWN_BACKEND=numpy`` (and on the ``numpy`` run of the ``backend`` fixture)
both sides are the Python path: the comparisons still run, the kernel's share is not asked.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.paths import DATA
from showdown.hands import native
from showdown.phh.amounts import INFINITE
from showdown.phh.corpus.batches import PYTHON_FIELDS, _kernel_results, settle_each, settled_rows
from showdown.phh.corpus.detect import detect
from showdown.phh.corpus.read import open_text, read_hands
from showdown.phh.corpus.reports import Row, from_row, hand_row
from showdown.phh.errors import HistoryError
from showdown.phh.generate import header, random_hand
from showdown.phh.notation import HandHistory, loads, loads_all
from showdown.phh.settlement import settle
from showdown.phh.verification import ADDED_FIELDS, HOUSE_FIELDS

pytestmark = pytest.mark.usefixtures("backend")

ROOM_FILES = sorted((DATA / "rooms").iterdir()) + sorted((DATA / "rooms-disagreeing").iterdir())
PHH_FILES = sorted(DATA.glob("*.phh*"))


def kernel_rows(hands: list[HandHistory], fmt: str) -> list[Row | None]:
    """What the kernel makes of each hand (``None``: left to Python); all ``None``
    without the kernel."""
    make = getattr(native.kernel(), "phh_rows", None)
    if make is None:
        return [None] * len(hands)
    return make(hands, _kernel_results(hands), fmt, PYTHON_FIELDS,  # type: ignore[no-any-return]
                HOUSE_FIELDS, ADDED_FIELDS, INFINITE)


def python_rows(hands: list[HandHistory], fmt: str) -> list[Row]:
    """The rows the Python path makes of the kernel's settlements."""
    return [hand_row(h, h.label, s, fmt) for h, s in zip(hands, settle_each(hands), strict=True)]


def engine_json(hands: list[HandHistory], fmt: str) -> list[dict[str, Any]]:
    """The JSON of each hand settled by the engine alone (no kernel at all)."""
    out = []
    for h in hands:
        try:
            s: Any = settle(h)
        except HistoryError as exc:
            s = exc
        out.append(from_row(hand_row(h, h.label, s, fmt)).to_dict())
    return out


def check(hands: list[HandHistory], fmt: str) -> int:
    """The three paths agree on every hand; the number of rows the kernel made."""
    made = kernel_rows(hands, fmt)
    rows = python_rows(hands, fmt)
    for done, row in zip(made, rows, strict=True):
        if done is not None:
            assert done == row
            assert done[2] in ("match", "rake")
    assert settled_rows(hands, fmt) == rows
    assert [from_row(r).to_dict() for r in rows] == engine_json(hands, fmt)
    return sum(done is not None for done in made)


def kernel_expected() -> bool:
    return getattr(native.kernel(), "phh_rows", None) is not None


@pytest.mark.parametrize("path", ROOM_FILES, ids=lambda p: p.name)
def test_room_samples(path: Path) -> None:
    text = open_text(path.read_bytes())
    room = detect(text)
    assert room is not None
    hands = [h for h in read_hands(text, room, path.name) if isinstance(h, HandHistory)]
    check(hands, room)


@pytest.mark.parametrize("path", PHH_FILES, ids=lambda p: p.name)
def test_phh_samples(path: Path) -> None:
    text = path.read_text()
    check(loads_all(text, path.name) if path.suffix == ".phhs" else [loads(text, path.name)],
          "phh")


def test_the_samples_are_mostly_made_by_the_kernel() -> None:
    """Not a comparison that never runs: most hands of the rooms' real files are clean."""
    made = total = 0
    for path in ROOM_FILES:
        text = open_text(path.read_bytes())
        room = detect(text)
        assert room is not None
        hands = [h for h in read_hands(text, room, path.name) if isinstance(h, HandHistory)]
        made += sum(r is not None for r in kernel_rows(hands, room))
        total += len(hands)
    assert made > (0.9 * total if kernel_expected() else -1)


def recorded(rng: random.Random, h: HandHistory) -> HandHistory:
    """The hand with a recorded result: its own, or one raked, handing back uncalled
    chips, splitting odd chips otherwise, or wrong; now and then a written fee, money
    added, a bounty, other seats and names."""
    s = settle(h)
    if s.finishing is None or s.winnings is None or s.showdown is None:
        return h
    n = h.player_count
    key = rng.choice(["finishing_stacks", "winnings"])
    values: list[Any] = list(s.finishing if key == "finishing_stacks" else s.winnings)
    fields: dict[str, Any] = {}
    winners = [i for i in range(n) if s.winnings[i]]
    way = rng.randrange(7)
    if way == 1 and winners:  # raked, by a fee written or not
        taken = rng.randint(1, 4)
        values[rng.choice(winners)] -= taken
        if rng.random() < 0.5:
            fields[rng.choice(["_rake", "_jackpot", "_fees"])] = taken + rng.choice([0, 0, 1])
    elif way == 2 and key == "winnings":  # the chips handed back counted as won
        values = [v + s.showdown.returned.get(seat, 0) for v, seat in zip(values, h.seats,
                                                                        strict=True)]
        if winners and rng.random() < 0.5:
            values[rng.choice(winners)] -= 1
    elif way == 3:  # chips moved between two players (odd chips, or wrong)
        a, b = rng.randrange(n), rng.randrange(n)
        moved = rng.choice([1, 2, 0.5])
        values[a] += moved
        values[b] -= moved
    elif way == 4:  # one amount wrong
        values[rng.randrange(n)] += rng.choice([1, -1, 7, 0.25])
    elif way == 5 and winners:  # money the house added
        fields["_cash_drop"] = 1
        values[rng.choice(winners)] += 1
    if rng.random() < 0.1:
        fields["_bounties_won"] = [0] * n
    if rng.random() < 0.3:
        fields["seats"] = rng.sample(range(1, 10), n)
    if rng.random() < 0.3:
        fields["players"] = [rng.choice(["Ana", "Bo", "", "Cy"]) for _ in range(n)]
    if rng.random() < 0.3:
        fields["hand"] = rng.randrange(10**9)
    fields[key] = values
    return h.with_fields(**fields)


def in_cents(h: HandHistory) -> HandHistory:
    """Every amount of the hand divided by 100, as a room's file in dollars writes it."""
    def money(v: Any) -> Any:
        if isinstance(v, list):
            return [money(x) for x in v]
        if type(v) is int:
            return v // 100 if v % 100 == 0 else v / 100
        return v / 100 if type(v) is float else v

    changes: dict[str, Any] = {key: money(h.fields[key]) for key in (
        "antes", "blinds_or_straddles", "starting_stacks", "min_bet", "small_bet", "big_bet",
        "bring_in",
        "finishing_stacks", "winnings", *HOUSE_FIELDS, *ADDED_FIELDS) if key in h.fields}
    changes["actions"] = [
        f"{a.rpartition(' ')[0]} {money(int(a.rpartition(' ')[2]))}" if " cbr " in a else a
        for a in h.fields["actions"]
    ]
    return h.with_fields(**changes)


#: Games the kernel also replays: Omaha hi-lo (both halves), short deck, the lowball and
#: badugi draws, stud (odd chips by the cards held).
OTHER_GAMES = ("PO/8", "NS", "F2L3D", "FB", "F7S", "F7S/8", "FR")


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_generated_hands(seed: int) -> None:
    rng = random.Random(seed)
    hands = []
    for k in range(12):
        code = rng.choice(["NT", "NT", "FT", "PO", *OTHER_GAMES])
        n = rng.randint(2, {"F2L3D": 3, "FB": 4, "PO/8": 5}.get(code, 6))
        h = random_hand(rng, header(code, [rng.choice([7, 40, 100, 250]) for _ in range(n)]),
                        fold=rng.choice([0.1, 0.4]))
        h = recorded(rng, h)
        if rng.random() < 0.5:
            h = in_cents(h)
        h.name = str(k)
        hands.append(h)
    check(hands, rng.choice(["phh", "pokerstars"]))


def test_a_hand_left_to_python_is_explained() -> None:
    """A rake off by one chip from the fee written is a mismatch the Python path names."""
    [h] = loads_all('''[1]
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 10", "p1 cc", "d db 2c3c4d", "p1 cc",
  "p2 cc", "d db 9s", "p1 cc", "p2 cc", "d db Jh", "p1 cc", "p2 cc", "p1 sm AcAd",
  "p2 sm KcKd"]
players = ["Ana", "Bo"]
winnings = [18, 0]
_rake = 1''', "a.phhs")
    good = h.with_fields(_rake=2)
    [clean], [wrong] = kernel_rows([good], "phh"), kernel_rows([h], "phh")
    assert wrong is None
    assert clean is None or clean[2] == "rake"
    [row] = settled_rows([h])
    assert row[2] == "mismatch"
    assert from_row(row).differences == [{"player": "p1", "name": "Ana", "ours": 20,
                                           "recorded": 18}]


@pytest.mark.parametrize("odd", [
    True, -5, -0.5, float("nan"), float("inf"), 10**30, 1e300, 2**53 + 1, 0.001, "x", None,
])
@pytest.mark.parametrize("key", ["finishing_stacks", "winnings", "_rake", "players", "seats"])
def test_odd_values_are_left_to_python(odd: Any, key: str) -> None:
    """Values the kernel does not take (not whole numbers of units, not numbers, out of
    range) give the row the Python path gives: an error, a class, or the same row."""
    rng = random.Random(7)
    hands = []
    for k in range(8):
        h = random_hand(rng, header("NT", [100, 100, 100]), fold=0.3)
        s = settle(h)
        value: Any = list((s.finishing if key == "finishing_stacks" else s.winnings) or [])
        if key in ("finishing_stacks", "winnings", "players", "seats"):
            value = value if key in ("finishing_stacks", "winnings") else [
                "Ana", "Bo", "Cy"] if key == "players" else [1, 2, 3]
            value[k % 3] = odd
        else:
            value = odd
        fields = {key: value, "winnings": list(s.winnings or [])} if key != "winnings" else {
            key: value}
        h = h.with_fields(**fields)
        h.name = str(k)
        hands.append(h)
    check(hands, "phh")
