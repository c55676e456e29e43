"""Issue 13: each finding that is not a fuzz case, as a test that failed before.

Cards and values (``Card("As")``, ``compare`` of ``HandValue``s, ``percentile``),
Hold'em and Omaha card counts, the dead button, UTF-8 byte-order marks, the
progress bar and colour rules, and the test holes the mutation run found
(Omaha with the wrap rule in ``resolve``, six-card Hold'em boards, Omaha batch
errors past the first chunk, a straight flush over a lower duplicate rank).
"""

from __future__ import annotations

import io
import json
from math import comb
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import showdown
import showdown.hands.high_batch as batch_module  # where the numpy loops read CHUNK
from helpers.cli import run_cli
from helpers.reference import all_five_card_hands, five_codes
from showdown import Card, CardError, compare, evaluate, percentile, resolve
from showdown.commands.common import use_colour
from showdown.hands.batch import evaluate_omaha_batch
from showdown.odds.equity import ProgressBar
from showdown.pots.resolution import Table, TableError

# ---------------------------------------------------------------- Card, compare, percentile


def test_card_reads_text_like_eval7() -> None:
    assert Card("As") == Card(12, 3) == Card.parse("As") == Card("A", "s")
    assert Card("10h") == Card("10", "h") == Card(8, 2)
    with pytest.raises(CardError, match="unknown card 'Ax'"):
        Card("Ax")
    with pytest.raises(CardError, match="not 12 alone"):
        Card(12)  # type: ignore[call-arg]


def test_compare_takes_hand_values() -> None:
    board = "Ac 9d 7h 4s 2c"
    values = [evaluate("Ad Kh", board=board), evaluate("Ah Qd", board=board)]
    by_value = compare(values)
    by_cards = compare(["Ad Kh", "Ah Qd"], board=board)
    assert (by_value.winners, by_value.tie, by_value.explanation) == (
        by_cards.winners,
        by_cards.tie,
        by_cards.explanation,
    )
    with pytest.raises(TypeError, match="either cards for every hand or a HandValue"):
        compare([values[0], "Kc Kd"], board=board)
    with pytest.raises(ValueError, match="give no board"):
        compare(values, board=board)


def _brute_force_share(cards: str, codes: np.ndarray) -> float:
    """Share of the five-card hands (reference ``codes``) that ``cards`` beat."""
    mine = five_codes(np.array([[c.id for c in showdown.parse_cards(cards)]]))[0]
    return float((codes < mine).sum()) / comb(52, 5)


@pytest.mark.slow
def test_percentile_matches_a_brute_force_count() -> None:
    codes = five_codes(all_five_card_hands())  # every hand, by the reference evaluator
    for cards in ("Js Jh 8c 5d 2s", "Kh Qh 9h 5h 2h", "7c 7d 7h 4s 4c"):
        value = evaluate(cards, game="five-card")
        assert percentile(value) == pytest.approx(_brute_force_share(cards, codes), abs=1e-12)


def test_percentile_bounds_and_games() -> None:
    worst = evaluate("7c 5d 4h 3s 2c", game="five-card")
    royal = evaluate("As Ks Qs Js Ts", game="five-card")
    assert percentile(worst) == 0.0
    assert percentile(royal) == 1 - 4 / comb(52, 5)
    seven = royal.percentile("holdem")
    assert 0.999 < seven < 1
    aces = evaluate("As Ah Kd 7c 2s", game="five-card")
    assert aces.percentile() > aces.percentile("holdem")  # more cards, stronger field
    with pytest.raises(ValueError, match="not Omaha"):
        percentile(aces, "omaha")
    with pytest.raises(ValueError, match="cards must be 5"):
        percentile(aces, "five-card", cards=7)
    with pytest.raises(TypeError, match="HandValue"):
        percentile("As Ah Kd 7c 2s")  # type: ignore[arg-type]


# ---------------------------------------------------------------- card counts (finding 14)


def test_four_hole_cards_in_holdem_are_refused_with_the_omaha_hint() -> None:
    with pytest.raises(CardError, match=r'got 4 \(4 to 6 hole cards.*game="omaha"\)'):
        evaluate("Ah 2c 3d 4s", board="Kh Qh Th")
    code, _, err = run_cli(["compare", "Ah 2c 3d 4s", "Kc Kd Ks 9c", "-b", "Kh Qh Th"])
    assert code == 2 and "Omaha" in err
    code, _, err = run_cli(["equity", "AhKhQdJd", "2c2d"])
    assert code == 2 and "--game omaha" in err


@pytest.mark.parametrize(
    ("hole", "board", "game", "missing"),
    [
        ("Ah Kh", None, "holdem", "3 more board cards are missing"),
        ("Ah Kh", "Qh Jh", "holdem", "1 more board card is missing"),
        ("Ah Kh Qh", None, "holdem", "2 more cards are missing"),
        ("Ah Kh Qh Jh", None, "omaha", "3 more missing (at least the flop)"),
        ("Ah Kh Qh", "Jh Th 9h", "omaha", "1 more missing"),
        ("Ah Kh Qh Jh", None, "five-card", "1 more missing"),
    ],
)
def test_too_few_cards_say_what_is_missing(
    hole: str, board: str | None, game: str, missing: str
) -> None:
    with pytest.raises(CardError, match=missing.replace("(", r"\(").replace(")", r"\)")):
        evaluate(hole, board=board, game=game)


def test_six_card_holdem_board_is_refused_everywhere() -> None:
    board = "Ah Kh Qh Jh Th 9h"
    with pytest.raises(CardError, match="board has at most 5 cards, got 6"):
        evaluate("2c 3d", board=board)
    with pytest.raises(CardError, match="at most 5"):
        compare(["2c 3d", "4c 5d"], board=board)
    with pytest.raises(TableError, match="the board must have 0, 3, 4 or 5 cards, got 6"):
        Table.from_dict(
            {
                "button": 1,
                "board": board,
                "players": [
                    {"seat": 1, "hole": "2c 3d", "contributed": 5},
                    {"seat": 2, "hole": "4c 5d", "contributed": 5},
                ],
            }
        )
    with pytest.raises(CardError, match="0, 3, 4 or 5 cards, got 6"):
        showdown.equity(["2c3d", "4c5d"], board=board)
    assert run_cli(["eval", "2c 3d", "--board", board])[0] == 2


# ---------------------------------------------------------------- evaluator holes


def test_straight_flush_over_a_lower_duplicate_rank_in_another_suit() -> None:
    # Ac Kc pair the board's Ah Kh: the straight flush must still be found (and only it).
    value = evaluate("Ac Kc", board="Ah Kh Qh Jh Th")
    assert value.rank == 1 and value.name == "Royal flush"
    assert sorted(map(str, value.best_five)) == sorted(["Ah", "Kh", "Qh", "Jh", "Th"])
    low = evaluate("9c 8d", board="9h 8h 7h 6h 5h")  # duplicates below the top
    assert low.category == showdown.Category.STRAIGHT_FLUSH and low.ranks[0] == 7


def test_omaha_batch_errors_past_the_first_chunk_name_the_right_row(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(batch_module, "CHUNK", 16)
    rng = np.random.default_rng(13)
    cards = np.array([rng.permutation(52)[:9] for _ in range(100)])
    holes, boards = cards[:, :4].copy(), cards[:, 4:].copy()
    boards[41, 2] = holes[41, 0]  # a card in hole and board, in the third chunk
    with pytest.raises(CardError, match=r"^hole and board row 41 holds a card twice$"):
        evaluate_omaha_batch(holes, boards)
    boards[41, 2] = cards[41, 6]
    holes[77, 1] = 52  # out of range, in the fifth chunk
    with pytest.raises(CardError, match=r"^hole and board row 77 holds a card id outside"):
        evaluate_omaha_batch(holes, boards)


# ---------------------------------------------------------------- tables


TABLE: dict[str, Any] = {
    "board": "Ac 9d 7h 4s 2c",
    "players": [
        {"seat": 1, "name": "Ana", "hole": "Ad Kh", "contributed": 51},
        {"seat": 3, "name": "Bo", "hole": "Ah Kd", "contributed": 51},
        {"seat": 6, "name": "Cy", "hole": "As Ks", "contributed": 51},
    ],
}


def test_dead_button_counts_from_the_empty_seat() -> None:
    # Three-way split of 153 with the button dead on seat 4: the first seat left is 6.
    table = {**TABLE, "button": 4}
    result = resolve(table)
    assert result.pots[0].shares == {6: 51, 1: 51, 3: 51}
    players = [{**p, "contributed": 50} for p in TABLE["players"]]
    players.append({"seat": 8, "hole": None, "contributed": 2, "folded": True})
    shares = resolve({**table, "players": players}).pots[0].shares
    assert shares == {6: 51, 1: 51, 3: 50}  # 152 among three: 2 odd chips, to 6 then 1
    assert resolve({**table, "button": 9}).showdown_order == (1, 3, 6)  # past the last seat
    assert resolve({**table, "button": 2}).showdown_order == (3, 6, 1)
    with pytest.raises(TableError, match="negative"):
        resolve({**table, "button": -1})


def test_button_on_seat_zero_is_a_seat_like_any_other() -> None:
    # A mutant that refused button 0 (``< 0`` turned into ``< 1``) survived the pots tests.
    from showdown.pots.resolution import split_amount

    assert split_amount(3, [0, 1], button=0, seats=[0, 1]) == {1: 2, 0: 1}
    assert split_amount(3, [0, 2], button=0, seats=[0, 2]) == {2: 2, 0: 1}
    assert split_amount(5, [0, 2], button=1, seats=[0, 2]) == {2: 3, 0: 2}  # dead button 1


def test_folded_chips_above_every_live_player_join_the_last_pot() -> None:
    # Mutation survivors of tests/pots/test_resolution.py alone: the leftover merge and the
    # empty layer.
    table = {
        "button": 1,
        "board": "Ac 9d 7h 4s 2c",
        "players": [
            {"seat": 1, "hole": "Ad Kh", "contributed": 100},
            {"seat": 2, "hole": "Qd Qh", "contributed": 50},
            {"seat": 3, "contributed": 200, "folded": True},
            {"seat": 4, "contributed": 200, "folded": True},
        ],
    }
    result = resolve(table)
    assert [(p.amount, p.eligible) for p in result.pots] == [(200, (1, 2)), (350, (1,))]
    assert result.returned == {} and result.payouts == {1: 550}


def test_a_live_player_who_put_in_nothing_makes_no_empty_pot() -> None:
    table = {
        "button": 1,
        "board": "Ac 9d 7h 4s 2c",
        "players": [
            {"seat": 1, "hole": "Ad Kh", "contributed": 0},
            {"seat": 2, "hole": "Qd Qh", "contributed": 10},
            {"seat": 3, "contributed": 30, "folded": True},
        ],
    }
    result = resolve(table)
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [(20, (2,), (2,))]
    assert result.returned == {3: 20}


def test_resolve_omaha_with_the_wrap_rule() -> None:
    # Ana's Q-K-A-2-3 straight exists only under the house rule; Bo's trips win otherwise.
    table = {
        "game": "omaha",
        "button": 1,
        "board": "Ah 2d 3c 8s 8d",
        "players": [
            {"seat": 1, "name": "Ana", "hole": "Qc Kd 5h 6h", "contributed": 100},
            {"seat": 2, "name": "Bo", "hole": "8h 9c Tc Jd", "contributed": 100},
        ],
    }
    plain = resolve(table)
    wrapped = resolve({**table, "wrap": True})
    assert plain.payouts == {2: 200}
    assert wrapped.payouts == {1: 200}
    assert wrapped.hands[1].category == showdown.Category.STRAIGHT
    assert wrapped.hands[1].wrap and not plain.hands[1].wrap
    code, out, _ = run_cli(["resolve", "-", "--json"], stdin=json.dumps({**table, "wrap": True}))
    assert code == 0 and json.loads(out)["payouts"] == {"1": 200}


def test_table_files_with_a_byte_order_mark(tmp_path: Path) -> None:
    # Finding 7: "Unexpected UTF-8 BOM".
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({**TABLE, "button": 1}).encode())
    code, out, err = run_cli(["resolve", str(path), "--json"])
    assert (code, err) == (0, "")
    assert json.loads(out)["payouts"]
    assert Table.from_json("\ufeff" + json.dumps({**TABLE, "button": 1})).button == 1


# ---------------------------------------------------------------- terminal behaviour


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_is_drawn_only_on_a_terminal() -> None:
    log = io.StringIO()
    bar = ProgressBar(log, delay=0.0)
    for k in range(1, 11):
        bar(k / 10)
    bar.close()
    assert log.getvalue() == ""  # finding 8: no \r lines in a log file
    terminal = FakeTerminal()
    bar = ProgressBar(terminal, delay=0.0)
    bar.start -= 10  # the job has run long enough to deserve a bar
    bar(0.5)
    bar.close()
    assert "\r" in terminal.getvalue() and "100.0%" in terminal.getvalue()
    forced = io.StringIO()
    bar = ProgressBar(forced, force=True)
    bar(0.5)
    bar.close()
    assert "100.0%" in forced.getvalue()  # --progress: drawn anyway


def test_equity_cli_draws_no_bar_into_a_log_unless_asked() -> None:
    argv = ["equity", "AA", "KK", "--trials", "3000", "--seed", "1"]
    code, out, err = run_cli(argv)
    assert (code, err) == (0, "") and "\r" not in out
    code, _, err = run_cli([*argv, "--progress"])
    assert code == 0 and "100.0%" in err


def test_colour_only_on_a_capable_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert use_colour(FakeTerminal())
    assert not use_colour(io.StringIO())
    monkeypatch.setenv("TERM", "dumb")
    assert not use_colour(FakeTerminal())
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_colour(FakeTerminal())


# ---------------------------------------------------------------- messages (finding 10)


def test_a_card_in_two_hands_names_both_places() -> None:
    with pytest.raises(CardError, match=r"As is in two places: in player 1's hand \(AsKs\) "
                       r"and in player 2's hand \(AsQd\)"):  # fmt: skip
        showdown.equity(["AsKs", "AsQd"])
    with pytest.raises(CardError, match="Kd is in two places: on the board and in player 2"):
        showdown.equity(["AsAh", "KdQd"], board="Kd 7c 2h")
    with pytest.raises(CardError, match="2h is in two places: on the board and in the dead"):
        showdown.equity(["AsAh", "KdQd"], board="Kh 7c 2h", dead="2h")
