"""Equity in the other showdowns against a plain enumeration with the reference evaluator."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from itertools import combinations

import pytest

from helpers.reference_games import (
    ace_to_five_key,
    best_of,
    eight_or_better_key,
    high_key,
    omaha_best,
    short_deck_key,
)
from showdown import CardError, equity, parse_cards
from showdown.commands.main import main
from showdown.odds.variant_equity import GameEquityResult, game_equity


def ids(text: str) -> list[int]:
    return [c.id for c in parse_cards(text)]


def _split(keys: Sequence[object]) -> list[float]:
    qualified = [k for k in keys if k is not None]
    if not qualified:
        return [0.0] * len(keys)
    best = max(qualified)  # type: ignore[type-var]
    winners = [k == best for k in keys]
    return [w / sum(winners) for w in winners]


def test_omaha_hi_lo_river_shares_by_hand() -> None:
    """One river: the shares are the hand-made split of the pot."""
    hands, board = ["As 2s Kd Kh", "Ac 2c Qd Qh"], "3c 4d 9s Kc Jh"
    r = game_equity(hands, board=board, game="omaha-hi-lo")
    # Only three board cards of 8 or lower would make a low: here 3 and 4, so no low.
    highs = [omaha_best(ids(h), ids(board), high_key) for h in hands]
    lows = [omaha_best(ids(h), ids(board), eight_or_better_key) for h in hands]
    high, low = _split(highs), _split(lows)
    factor = 0.5 if any(lows) else 1.0
    expected = [h * factor + lo * 0.5 for h, lo in zip(high, low, strict=True)]
    assert r.method == "exact" and r.boards == 1
    assert list(r.equity) == pytest.approx(expected)


def _completions(rest: list[int], needs: Sequence[int]) -> Iterator[list[list[int]]]:
    """Every way to give ``needs[i]`` of ``rest`` to each player in turn."""
    if not needs:
        yield []
        return
    for first in combinations(rest, needs[0]):
        left = [c for c in rest if c not in first]
        for others in _completions(left, needs[1:]):
            yield [list(first), *others]


def _brute(hands: Sequence[str], dead: str, size: int, five_keys: Sequence) -> list[float]:  # type: ignore[type-arg]
    """Stud: every way to complete each hand to ``size`` cards, rated by the reference."""
    known = [ids(h) for h in hands]
    used = {c for h in known for c in h} | set(ids(dead))
    rest = [c for c in range(52) if c not in used]
    totals = [0.0] * len(hands)
    deals = 0
    for extra in _completions(rest, [size - len(h) for h in known]):
        got = [h + e for h, e in zip(known, extra, strict=True)]
        deals += 1
        portions = [_split([best_of(g, key) for g in got]) for key in five_keys]
        share = portions[0]
        if len(portions) == 2:
            high, low = portions
            factor = 0.5 if any(low) else 1.0
            share = [h * factor + lo * 0.5 for h, lo in zip(high, low, strict=True)]
        totals = [t + x for t, x in zip(totals, share, strict=True)]
    return [t / deals for t in totals]


@pytest.mark.parametrize(
    ("game", "keys"),
    [
        ("stud", [high_key]),
        ("razz", [ace_to_five_key]),
        ("stud-hi-lo", [high_key, eight_or_better_key]),
    ],
)
def test_stud_games_last_card_against_brute_force(game: str, keys: list) -> None:  # type: ignore[type-arg]
    hands = ["As 2s 3d 4h 8c 9d", "Kc Kd 5h 6h 7s Qc"]
    dead = "2c 3h Ts"
    r = game_equity(hands, dead=dead, game=game)
    assert r.method == "exact"
    assert list(r.equity) == pytest.approx(_brute(hands, dead, 7, keys))


def test_short_deck_monte_carlo_agrees_with_exact() -> None:
    hands = ["Ah Kh", "9s 9c"]
    exact = game_equity(hands, board="6h 7c Jd", game="short-deck")
    assert exact.method == "exact" and exact.boards == 406  # C(29, 2)
    board = ids("6h 7c Jd")
    known = ids("Ah Kh") + ids("9s 9c")
    rest = [c for c in range(16, 52) if c not in known + board]
    totals = [0.0, 0.0]
    for turn_river in combinations(rest, 2):
        keys = [best_of(ids(h) + board + list(turn_river), short_deck_key) for h in hands]
        totals = [t + s for t, s in zip(totals, _split(keys), strict=True)]
    assert list(exact.equity) == pytest.approx([t / 406 for t in totals])
    mc = game_equity(hands, board="6h 7c Jd", game="short-deck", trials=40_000, seed=5)
    assert mc.method == "monte-carlo" and mc.stderr is not None
    for e, m, se in zip(exact.equity, mc.equity, mc.stderr, strict=True):
        assert abs(e - m) < 4 * se


def test_short_deck_ranges_and_the_equity_entry_point() -> None:
    r = equity(["AKs", "TT+"], board="6h 7c 8d", game="short-deck", trials=20_000, seed=3)
    assert isinstance(r, GameEquityResult)
    assert r.method == "monte-carlo" and r.trials == 20_000
    assert sum(r.equity) == pytest.approx(1.0)


def _range_brute_force(
    ranges: Sequence[Sequence[tuple[str, float]]], board: list[int]
) -> tuple[list[float], int]:
    """Weighted equity of Hold'em ranges in short deck: every combo of every range (no card
    twice), every completion of the board, each deal weighted by its combos' weights."""
    combos = [[(ids(c), w) for c, w in r] for r in ranges]
    totals, weight, deals = [0.0] * len(ranges), 0.0, 0
    for a, wa in combos[0]:
        for b, wb in combos[1]:
            used = set(a) | set(b) | set(board)
            if len(used) < 4 + len(board):
                continue
            rest = [c for c in range(16, 52) if c not in used]
            for more in combinations(rest, 5 - len(board)):
                keys = [best_of(h + board + list(more), short_deck_key) for h in (a, b)]
                totals = [t + wa * wb * s for t, s in zip(totals, _split(keys), strict=True)]
                weight += wa * wb
                deals += 1
    return [t / weight for t in totals], deals


def test_short_deck_ranges_are_exact_when_they_fit() -> None:
    # KK (six combos, weight 1) and QQ at half weight, against aces, on the turn.
    kings = [(f"K{x} K{y}", 1.0) for x, y in combinations("cdhs", 2)]
    queens = [(f"Q{x} Q{y}", 0.5) for x, y in combinations("cdhs", 2)]
    aces = [(f"A{x} A{y}", 1.0) for x, y in combinations("cdhs", 2)]
    board = "6c 7d 8h Js"
    expected, deals = _range_brute_force([aces, kings + queens], ids(board))
    r = game_equity(["AA", "KK,QQ:0.5"], board=board, game="short-deck")
    assert (r.method, r.boards) == ("exact", deals) == ("exact", 6 * 12 * 28)
    assert list(r.equity) == pytest.approx(expected)
    # A range against a known hand, on the flop, with a card of the range on the board.
    expected, deals = _range_brute_force(
        [[(f"A{x} A{y}", 1.0) for x, y in combinations("cdh", 2)], [("Ks Qs", 1.0)]],
        ids("As 9s 8d"),
    )
    r = game_equity(["AA", "Ks Qs"], board="As 9s 8d", game="short-deck")
    assert (r.method, r.boards) == ("exact", deals) == ("exact", 3 * 406)
    assert list(r.equity) == pytest.approx(expected)
    mc = game_equity(["AA", "Ks Qs"], board="As 9s 8d", game="short-deck", trials=40_000, seed=2)
    assert mc.method == "monte-carlo" and mc.stderr is not None
    for e, m, se in zip(r.equity, mc.equity, mc.stderr, strict=True):
        assert abs(e - m) < 4 * se
    # Too many deals for the bound: Monte Carlo, unless exact=True forces the enumeration.
    assert game_equity(["AA", "KK"], game="short-deck", trials=2_000, seed=1).method == (
        "monte-carlo"
    )
    assert game_equity(["AA", "KK"], game="short-deck", seed=1).method == "monte-carlo"


def test_draw_games_as_they_stand() -> None:
    r = game_equity(["7h 5d 4c 3s 2h", "8h 6d 4d 3c 2s"], game="deuce-to-seven")
    assert r.equity == (1.0, 0.0) and r.boards == 1
    r = game_equity(["Ah 2c 3d 4s", "Ac 2d 3h 5s"], game="badugi")
    assert r.equity == (1.0, 0.0)


def test_cli_hi_lo_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "As 2s Kd Kh", "Qc Qd Jh Th", "--board", "3c 4d 9s", "--game",
            "omaha-hi-lo", "--json"]  # fmt: skip
    assert main(argv) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["game"] == "omaha-hi-lo" and doc["method"] == "exact"
    first = doc["players"][0]
    assert set(first) == {"hand", "equity", "win", "tie", "high", "low", "scoop"}
    assert main(["equity", "As 2s 3s", "Kc Kd Qh", "--game", "razz", "--trials", "5000",
                 "--seed", "1", "--lang", "ru"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "5 000" in out and "," in out


@pytest.mark.parametrize(
    ("lang", "labels"),
    [
        ("en", ("high", "low", "scoop")),
        ("es", ("alta", "baja", "todo el bote")),
        ("ru", ("хай", "лоу", "весь банк")),
    ],
)
def test_hi_lo_columns_are_words_of_the_language_and_aligned(
    lang: str, labels: tuple[str, ...]
) -> None:
    result = game_equity(["As 2s Kd Kh", "Qc Qd Jh Th"], board="3c 4d 9s", game="omaha-hi-lo")
    first, second = result.format(lang).splitlines()[:2]
    for label in labels:  # every percentage right-aligned in the same column on both lines
        assert f"  {label} " in first and first.index(label) == second.index(label)
    assert first.index("%  " + labels[1]) == second.index("%  " + labels[1])
    assert len(first) == len(second)
    assert "scoop" not in first or lang == "en"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": ["AcAd", "KK"], "game": "razz"}, "not a range"),
        (
            {"players": ["AA", "Ks Qs"], "board": "As Ad Ah", "game": "short-deck"},
            "every combo of 'AA' is blocked",
        ),
        ({"players": ["2c 6c", "Ks Kd"], "game": "short-deck"}, "not in the Short deck"),
        ({"players": ["As Ks Qs Js Ts 9s 8s 7s", "2c"], "game": "stud"}, "1 to 7 known cards"),
        ({"players": ["As Ks Qs", "2c 3c 4c"], "game": "omaha-hi-lo"}, "4 or 5 hole cards"),
    ],
)
def test_bad_input(kwargs: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(CardError, match=message):
        game_equity(**kwargs)
