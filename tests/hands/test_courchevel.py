"""Courchevel and Courchevel hi-lo in the registry: five-card Omaha whose first board card
is out before the first round. Evaluation is Omaha's; equity takes a board of one card,
checked against a plain enumeration with the reference evaluator."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from helpers.reference_games import eight_or_better_key, high_key, omaha_best
from showdown import CardError, equity, evaluate, parse_cards
from showdown.commands.main import main
from showdown.pots.resolution import resolve
from showdown.pots.table import TableError, table_from_dict
from showdown.variants import GAMES, find_variant


def ids(text: str) -> list[int]:
    return [c.id for c in parse_cards(text)]


def test_the_registry_names_both_games_and_their_phh_codes() -> None:
    high, hi_lo = find_variant("courchevel"), find_variant("courchevel-hi-lo")
    assert GAMES[-2:] == ("courchevel", "courchevel-hi-lo")
    assert (high.use, high.hole, high.board, high.hi_lo) == ("omaha", (5,), (1, 3, 4, 5), False)
    assert hi_lo.ladders == find_variant("omaha-hi-lo").ladders
    assert find_variant("PCO") is high and find_variant("pco/8") is hi_lo
    assert find_variant("Courchevel8") is hi_lo


@pytest.mark.parametrize(("game", "omaha"), [("courchevel", "omaha"),
                                             ("courchevel-hi-lo", "omaha-hi-lo")])
def test_a_hand_is_worth_what_omaha_makes_it_with_five_hole_cards(game: str, omaha: str) -> None:
    rng = random.Random(game)
    for _ in range(300):
        cards = rng.sample(range(52), 10)
        hole, board = cards[:5], cards[5:]
        ours, theirs = evaluate(hole, board, game), evaluate(hole, board, omaha)
        assert str(ours) == str(theirs)
        high = ours.high if hasattr(ours, "high") else ours
        assert high.rank == (theirs.high if hasattr(theirs, "high") else theirs).rank


def test_exactly_two_hole_cards_and_three_of_the_board() -> None:
    # four spades on the board and one in hand: no flush (two hole cards must play)
    assert evaluate("As Kd Qd Jh 2c", "Ts 9s 3s 4s 8d", "courchevel").category.json_name != "flush"
    with pytest.raises(CardError, match="Courchevel needs exactly 5 hole cards, got 4"):
        evaluate("As Kd Qd Jh", "Ts 9s 3s", "courchevel")
    with pytest.raises(CardError, match="needs 3 to 5 board cards, got 1"):
        evaluate("As Kd Qd Jh 2c", "Ts", "courchevel")


def test_a_table_holds_the_one_card_board_of_a_hand_won_before_the_flop() -> None:
    sd = resolve(table_from_dict({"game": "courchevel", "button": 2, "board": "Ts", "players": [
        {"seat": 1, "contributed": 50, "folded": True}, {"seat": 2, "contributed": 150}]}))
    assert (sd.payouts, sd.returned) == ({2: 100}, {2: 100})
    with pytest.raises(TableError, match="showdown, so the board needs 5 cards, got 1"):
        resolve(table_from_dict({"game": "courchevel", "button": 1, "board": "Ts", "players": [
            {"seat": 1, "hole": "As Kd Qd Jh 2c", "contributed": 10},
            {"seat": 2, "hole": "Ah Kh 7d 7c 2d", "contributed": 10}]}))
    with pytest.raises(TableError, match="0, 1, 3, 4 or 5 cards, got 2"):
        table_from_dict({"game": "courchevel-hi-lo", "button": 1, "board": "Ts 9s",
                         "players": [{"seat": 1, "contributed": 5},
                                     {"seat": 2, "contributed": 5}]})


def _reference_equity(hands: list[str], board: str, dead: str, low: bool) -> list[float]:
    """Each hand's share over every board completing ``board``, ranked by the reference."""
    known = set(ids(" ".join(hands)) + ids(board) + ids(dead))
    rest = [c for c in range(52) if c not in known]
    totals = [0.0] * len(hands)
    boards = 0
    for more in combinations(rest, 5 - len(ids(board))):
        full = ids(board) + list(more)
        halves = [[omaha_best(ids(h), full, high_key) for h in hands]]
        if low:
            halves.append([omaha_best(ids(h), full, eight_or_better_key) for h in hands])
        qualified = [keys for keys in halves if any(k is not None for k in keys)]
        for keys in qualified:
            best = max(k for k in keys if k is not None)
            winners = [i for i, k in enumerate(keys) if k == best]
            for i in winners:
                totals[i] += 1 / len(qualified) / len(winners)
        boards += 1
    return [t / boards for t in totals]


# thirty cards out of play leave eleven: 330 boards to complete the face-up card
_DEAD = "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh 2c 3c 4c 5c 6c 8c 9c Tc Jc Qc Kc 3d 4d 5d 6d 8d 9d 3s 4s"


@pytest.mark.parametrize("game", ["courchevel", "courchevel-hi-lo"])
def test_equity_with_the_face_up_card_against_a_plain_enumeration(game: str) -> None:
    hands, board = ["As Ks Qd Jd 2s", "Ah Kh 7d 7c 2d"], "Ts"
    r = equity(hands, board=board, dead=_DEAD, game=game)
    assert (r.method, r.boards) == ("exact", 330)
    expected = _reference_equity(hands, board, _DEAD, low=game.endswith("hi-lo"))
    assert list(r.equity) == pytest.approx(expected)
    # with three board cards Courchevel's equity is five-card Omaha's
    flop = "Ts 9s 2c"
    omaha = "omaha-hi-lo" if game.endswith("hi-lo") else "omaha"
    ours = equity(hands, flop, game=game)
    assert list(ours.equity) == pytest.approx(list(equity(hands, flop, game=omaha).equity))


def test_equity_takes_no_board_of_two_cards() -> None:
    with pytest.raises(CardError, match="a board has"):
        equity(["As Ks Qd Jd 2s", "Ah Kh 7d 7c 2d"], board="Ts 9s", game="courchevel")


def test_the_commands_take_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "As Ks Qd Jh 2c", "-b", "Ts 9s 3s 4d 5d", "--game", "courchevel"]) == 0
    assert "Flush, ace high" in capsys.readouterr().out
    assert main(["compare", "As Ks Qd Jh 2c", "Ah Kh 7d 7h 2d", "-b", "Ts 9s 3s 4d 5d",
                 "--game", "courchevel-hi-lo"]) == 0
    assert "Five-four low" in capsys.readouterr().out
    assert main(["equity", "As Ks Qd Jh 2c", "Ah Kh 7d 7c 2d", "-b", "Ts", "--game",
                 "courchevel", "--json"]) == 0
    assert '"boards": 101270' in capsys.readouterr().out
    assert main(["stats", "--game", "courchevel-hi-lo", "--json"]) == 0
    assert '"low"' in capsys.readouterr().out
