"""Range breakdowns against a brute force written here from the class definitions of
``docs/ranges.md``, with categories from the independent reference evaluator
(``tests/helpers/reference.py``): every combo classed one by one, shares summed by weight."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from helpers import reference as ref
from showdown.cards import CardError, parse_cards
from showdown.odds.ranges import RangeError, parse_range
from showdown.odds.ranges.breakdown import DRAWS, MADE, breakdown
from showdown.odds.ranges.omaha import parse_omaha_range

ACE = 12
BY_CATEGORY = {8: "straight flush", 7: "quads", 6: "full house", 5: "flush", 4: "straight"}


def _ids(text: str) -> list[int]:
    return [c.id for c in parse_cards(text)]


def _straight_in(ranks: set[int]) -> bool:
    """Five ranks in a row among ``ranks``, by the reference's own straight rule."""
    return any(ref.straight_top(set(five)) is not None for five in itertools.combinations(ranks, 5))


def _made(hole: tuple[int, int], board: list[int], category: int) -> str:
    if category in BY_CATEGORY:
        return BY_CATEGORY[category]
    a, b = sorted((hole[0] // 4, hole[1] // 4), reverse=True)
    on_board = Counter(c // 4 for c in board)
    tops = sorted(on_board, reverse=True)
    if a == b:
        if on_board[a] == 1:
            return "set"
        if a > tops[0]:
            return "overpair"
        if a < tops[-1]:
            return "underpair"
        return "pocket pair below top pair"
    if on_board[a] >= 2 or on_board[b] >= 2:
        return "trips"
    if on_board[a] and on_board[b]:
        return "two pair"
    for paired, kicker in ((a, b), (b, a)):
        if not on_board[paired]:
            continue
        if paired == tops[0]:
            free = [r for r in range(ACE, -1, -1) if r not in on_board]
            place = free.index(kicker)
            if place == 0:
                return "top pair, top kicker"
            return "top pair, good kicker" if place <= 3 else "top pair, weak kicker"
        return "second pair" if paired == tops[1] else "weak pair"
    return "ace high" if a == ACE else "no made hand"


def _draws(hole: tuple[int, int], board: list[int], made: str, omaha: bool) -> set[str]:
    if len(board) == 5:
        return set()
    out = set()
    for suit in range(4):
        mine = [c for c in hole if c % 4 == suit]
        theirs = [c for c in board if c % 4 == suit]
        if not mine or (omaha and len(mine) < 2):
            continue
        if len(mine) + len(theirs) == 4:
            out.add("flush draw")
            best_missing = max(r for r in range(13) if 4 * r + suit not in board)
            if any(c // 4 == best_missing for c in mine):
                out.add("nut flush draw")
        if len(mine) + len(theirs) == 3 and len(board) == 3:
            out.add("backdoor flush draw")
    hole_ranks = {c // 4 for c in hole}
    board_ranks = {c // 4 for c in board}
    outs = 0
    for r in range(13):
        if omaha:  # five in a row: both hole ranks, r, and board ranks for the rest
            runs = [set(ref.run_from(top)) for top in ref.straight_tops()]
            outs += (
                any(
                    hole_ranks <= run and r in run and run - hole_ranks <= board_ranks | {r}
                    for run in runs
                )
                and len(hole_ranks) == 2
            )
        elif not _straight_in(board_ranks | hole_ranks):
            outs += _straight_in(board_ranks | hole_ranks | {r}) and not _straight_in(
                board_ranks | {r}
            )
    if outs >= 2:
        out.add("open-ended")
    elif outs == 1:
        out.add("gutshot")
    if min(hole_ranks) > max(board_ranks):
        out.add("two overcards")
    return out


def _settle(made: str, draws: set[str]) -> set[str]:
    """What a whole hand keeps: no flush draw with a flush or better, no straight draw
    with a straight or better, a combo draw from both, the stronger straight draw, no
    backdoor beside a flush draw, no overcards with a pair."""
    index = MADE.index(made)
    if index <= MADE.index("flush"):
        draws -= {"flush draw", "nut flush draw", "backdoor flush draw"}
    if index <= MADE.index("straight"):
        draws -= {"open-ended", "gutshot"}
    if "flush draw" in draws and draws & {"open-ended", "gutshot"}:
        draws.add("combo draw")
    if "open-ended" in draws:
        draws.discard("gutshot")
    if "flush draw" in draws:
        draws.discard("backdoor flush draw")
    if index < MADE.index("ace high"):
        draws.discard("two overcards")
    return draws


def brute_force(
    text: str, board_text: str, game: str = "holdem"
) -> tuple[int, dict[str, float], dict[str, float]]:
    board = _ids(board_text)
    if game == "omaha":
        r = parse_omaha_range(text)
        hands = [(tuple(c), float(w)) for c, w in zip(r.combos.tolist(), r.weights, strict=True)]
    else:
        hands = [(tuple(c), w) for c, w in parse_range(text).items()]
    hands = [(h, w) for h, w in hands if not set(h) & set(board)]
    made_w: Counter[str] = Counter()
    draw_w: Counter[str] = Counter()
    for hand, w in hands:
        best, draws = len(MADE), set()
        for pair in itertools.combinations(hand, 2):
            if game == "omaha":
                cat = max(
                    ref.five_key(list(pair) + list(three))[0]
                    for three in itertools.combinations(board, 3)
                )
            else:
                cat = ref.best_key(list(pair) + board)[0]
            made = _made(pair, board, cat)  # type: ignore[arg-type]
            best = min(best, MADE.index(made))
            draws |= _draws(pair, board, made, game == "omaha")  # type: ignore[arg-type]
        made_w[MADE[best]] += w
        for d in _settle(MADE[best], draws):
            draw_w[d] += w
    total = sum(w for _, w in hands)
    return (
        len(hands),
        {k: made_w[k] / total for k in MADE},
        {k: draw_w[k] / total for k in DRAWS},
    )


@pytest.mark.parametrize(
    ("text", "board"),
    [
        ("random", "Jh 7s 7d"),  # paired flop
        ("random", "Qh Jh 3c"),  # two-tone, broadway
        ("random", "9s 8s 7s"),  # monotone, connected
        ("random", "Ah 5d 4c 2s"),  # turn with a wheel
        ("20%", "Kd Qc Tc 9h 2d"),  # river: no draws
        ("QQ+, AK, KQs:0.5, 76s:0.25", "Kh 9h 4c"),  # weights
    ],
)
def test_holdem_breakdown_matches_the_brute_force(text: str, board: str) -> None:
    combos, made, draws = brute_force(text, board)
    got = breakdown(text, board)
    assert got.combos == combos
    assert got.made == pytest.approx(made, abs=1e-12)
    assert got.draws == pytest.approx(draws, abs=1e-12)
    assert sum(got.made.values()) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("text", "board"),
    [
        pytest.param("AAxx", "Jh 7s 6d", marks=pytest.mark.slow),  # about a minute
        ("KQJTds", "9h 8h 2c"),
        pytest.param("xxxxr", "Ts 9d 3c 3h", marks=pytest.mark.slow),  # minutes: every hand
    ],
)
def test_omaha_breakdown_matches_the_brute_force(text: str, board: str) -> None:
    combos, made, draws = brute_force(text, board, "omaha")
    got = breakdown(text, board, game="omaha")
    assert got.combos == combos
    assert got.made == pytest.approx(made, abs=1e-12)
    assert got.draws == pytest.approx(draws, abs=1e-12)


def test_dead_cards_and_json() -> None:
    b = breakdown("QQ+, AK", "Qh Jh 3c", dead="As")
    assert b.combos == 3 + 6 + 3 + 12  # QQ less the Qh, KK, AA and AK less the As
    doc = b.to_json()
    assert list(doc) == ["board", "combos", "made", "draws", "made_combos", "draw_combos"]
    assert list(doc["made"]) == list(MADE) and list(doc["draws"]) == list(DRAWS)
    assert list(doc["made_combos"]) == list(MADE) and list(doc["draw_combos"]) == list(DRAWS)
    assert doc["made_combos"]["overpair"] == 6 + 3  # KK, AA less the As
    assert doc["board"] == "Qh Jh 3c"


def test_bad_input() -> None:
    with pytest.raises(CardError, match="3, 4 or 5 cards"):
        breakdown("QQ+", "Qh Jh")
    with pytest.raises(RangeError, match="no combo left"):
        breakdown("AhAd", "Ah 7c 2d")
    with pytest.raises(CardError, match="holdem or omaha"):
        breakdown("QQ+", "Qh Jh 3c", game="razz")
