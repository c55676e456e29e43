"""All-in EV (:mod:`showdown.phh.allin_ev`) against a brute force written here: every board
the remaining deck completes, ranked by the independent evaluator of ``tests/helpers/reference.py``,
the chips shared out one chip level at a time (not pot by pot, as the module does). Then
properties over random legal hands (each pot's shares add up to the pot; the expected
chips add up to what was put in; no all-in, no EV), the cases where the EV is not
computed, and ``showdown replay --ev``.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.paths import DATA
from helpers.reference import best_key, omaha_key
from showdown.commands.main import main
from showdown.phh.allin_ev import all_in_ev, all_in_moment
from showdown.phh.generate import header, random_hand
from showdown.phh.notation import HandHistory, loads
from showdown.phh.settlement import Settlement, settle

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def card_id(text: str) -> int:
    return 4 * "23456789TJQKA".index(text[0]) + "cdhs".index(text[1])


def brute_force_expected(s: Settlement, board: tuple[str, ...]) -> list[Fraction]:
    """Each player's expected chips back, by enumeration: on every completed board, every
    chip level ``l`` (1, 2, ... up to the most anyone put in) holds one chip from each
    player who put in ``l`` or more; it goes, split evenly, to the best hands among the
    live players who put in ``l`` or more (none: to those of the highest level a live
    player reached, as chips folded above every live player's total are)."""
    r = s.replay
    n = len(r.contributed)
    live = [i for i in range(n) if not r.folded[i]]
    known = {c for hole in r.holes for c in hole if c != "??"} | set(r.board[: len(board)])
    deck = [c for c in DECK if c not in known and c[0] in r.rules.ranks]
    need = 5 - len(board)
    omaha = r.rules.game == "omaha"
    totals = [Fraction(0)] * n
    boards = 0
    top = max(r.contributed[i] for i in live)
    for extra in combinations(deck, need):
        full = [card_id(c) for c in (*board, *extra)]
        keys = {}
        for i in live:
            hole = [card_id(c) for c in r.holes[i]]
            keys[i] = omaha_key(hole, full) if omaha else best_key(hole + full)
        boards += 1
        for level in range(1, max(r.contributed) + 1):
            chips = sum(1 for c in r.contributed if c >= level)
            contenders = [i for i in live if r.contributed[i] >= min(level, top)]
            best = max(keys[i] for i in contenders)
            winners = [i for i in contenders if keys[i] == best]
            for i in winners:
                totals[i] += Fraction(chips, len(winners))
    return [t / boards for t in totals]


def hand_text(actions: list[str], stacks: str, names: str = "") -> HandHistory:
    return loads(f"""variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
min_bet = 2
starting_stacks = [{stacks}]
actions = {json.dumps(actions)}
{names}""")


# p1 all-in for 40 on the turn, p2 and p3 all in for 100 over them; p4 folded on the flop,
# face up: 9h 9s are out of the deck.
SIDE_POT = [
    "d dh p1 AhKh", "d dh p2 QsQd", "d dh p3 JcTc", "d dh p4 9h9s",
    "p3 cc", "p4 cc", "p1 cc", "p2 cc",
    "d db Qh7h2c", "p1 cc", "p2 cc", "p3 cbr 4", "p4 f", "p1 cc", "p2 cc",
    "d db 8s", "p1 cbr 34", "p2 cbr 94", "p3 cc",
    "d db 3d", "p1 sm AhKh", "p2 sm QsQd", "p3 sm JcTc",
]


@pytest.mark.usefixtures("backend")
def test_a_turn_all_in_with_a_side_pot_and_dead_cards_matches_the_brute_force() -> None:
    s = settle(hand_text(SIDE_POT, "40, 100, 100, 100"))
    ev = all_in_ev(s)
    assert ev is not None and ev.note is None
    assert ev.street == "turn" and ev.board == ("Qh", "7h", "2c", "8s")
    assert ev.pots == ((2 + 40 * 3, (0, 1, 2)), (120, (1, 2)))
    assert list(ev.expected) == brute_force_expected(s, ev.board)
    assert [sum(ev.shares[i][k] for i in range(4)) for k in range(2)] == [122, 120]
    assert ev.won == (0, 242, 0, 0)  # the river 3d: the queens hold
    assert ev.difference[1] == 242 - ev.expected[1]


def test_the_worked_hand_of_the_docs() -> None:
    """docs/hand-histories.md works this hand through: keep the two in step. 40 rivers
    (12 cards known, the folded 9h 9s among them): p1's flush comes on 3h 4h 5h 6h Th Jh
    (2h and 8h pair the board: a full house for the queens), p3's straight on 9c 9d; the
    queens (p2) win the other 32, and the side pot on every river but the two nines."""
    s = settle(hand_text(SIDE_POT, "40, 100, 100, 100"))
    ev = all_in_ev(s)
    assert ev is not None
    assert ev.shares[0] == (Fraction(122 * 6, 40), 0)
    assert ev.shares[1] == (Fraction(122 * 32, 40), Fraction(120 * 38, 40))
    assert ev.shares[2] == (Fraction(122 * 2, 40), Fraction(120 * 2, 40))
    assert [float(x) for x in ev.expected] == [18.3, 211.6, 12.1, 0.0]
    assert [float(x) for x in ev.difference] == [-18.3, 30.4, -12.1, 0.0]


@pytest.mark.parametrize("code, seed", [("NT", 1), ("NT", 2), ("NT", 3), ("PO", 4), ("PO", 5)])
def test_random_flop_and_turn_all_ins_match_the_brute_force(code: str, seed: int) -> None:
    rng = random.Random(seed)
    found = 0
    for _ in range(3000):
        stacks = [rng.randint(5, 40) for _ in range(3)]
        s = settle(random_hand(rng, header(code, stacks), fold=0.1))
        moment = all_in_moment(s.replay)
        if moment is None or moment[0] not in ("turn", "flop" if code == "NT" else "turn"):
            continue
        ev = all_in_ev(s)
        assert ev is not None and ev.note is None
        assert list(ev.expected) == brute_force_expected(s, ev.board), s.replay.history.fields
        found += 1
        if found == 2:
            break
    assert found == 2


@settings(max_examples=40)
@given(st.integers(0, 2**32), st.sampled_from(["NT", "PO", "NS"]), st.integers(2, 5))
def test_shares_add_up_and_hands_without_an_all_in_have_no_ev(
    seed: int, code: str, players: int
) -> None:
    rng = random.Random(seed)
    stacks = [rng.randint(3, 60) for _ in range(players)]
    s = settle(random_hand(rng, header(code, stacks), fold=0.15))
    r = s.replay
    ev = all_in_ev(s)
    live = [i for i in range(players) if not r.folded[i]]
    behind = [i for i in live if r.starting[i] > r.contributed[i]]
    if len(live) < 2 or len(behind) > 1:
        assert ev is None  # no all-in: no EV
        return
    if ev is None:  # all in on the river: no card to come
        assert len(r.board) == 5
        return
    assert ev.note is None
    for k, (amount, contenders) in enumerate(ev.pots):
        assert sum(ev.shares[i][k] for i in range(players)) == amount
        assert all(ev.shares[i][k] == 0 for i in range(players) if i not in contenders)
    assert sum(ev.expected) == sum(r.contributed) == sum(ev.won)
    assert all(ev.expected[i] == 0 for i in range(players) if r.folded[i])


def test_when_the_ev_is_not_computed_a_note_says_why() -> None:
    unknown = hand_text(["d dh p1 ????", "d dh p2 QsQd", "d dh p3 ????", "d dh p4 ????",
                         "p3 f", "p4 f", "p1 cbr 40", "p2 cc", "d db Qh7h2c", "d db 8c",
                         "d db 3d"], "40, 100, 100, 100")
    ev = all_in_ev(settle(unknown))
    assert ev is not None and ev.street == "preflop" and ev.expected == ()
    assert ev.note == "unknown hole cards (p1): the EV needs every hand still in"
    rng = random.Random(8)
    for _ in range(500):
        stud = settle(random_hand(rng, header("F7S", [6, 6, 6]), fold=0.05))
        if all_in_moment(stud.replay) is not None:
            break
    ev = all_in_ev(stud)
    assert ev is not None and ev.note is not None and "community-card games only" in ev.note
    partial = hand_text(SIDE_POT[:16], "40, 100, 100, 100")
    assert all_in_ev(settle(partial)) is None
    eleven = settle(random_hand(random.Random(1), header("NT", [2] * 11), fold=0.0))
    ev = all_in_ev(eleven)  # every one of 11 players all in preflop: more than equity takes
    assert ev is not None and ev.note == ("the equity cannot be enumerated: equity needs 2 "
                                          "to 10 players, got 11")


def test_the_real_pokerstars_runout() -> None:
    """HandHQ hand 18: KdAh against KcAc all in preflop; the clubs flushed on the river."""
    from showdown.phh.notation import loads_all

    hand = loads_all((DATA / "handhq-ps-sample.phhs").read_text())[1]
    ev = all_in_ev(settle(hand))
    assert ev is not None and ev.street == "preflop" and ev.pots == ((9920, (0, 8)),)
    p1, p9 = ev.expected[0], ev.expected[8]
    assert p1 + p9 == 9920 and p9 > p1  # the suited hand has more flushes
    assert ev.won[0] == 0 and ev.won[8] == 9920


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["replay", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_ev_json_and_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "side.phh"
    names = 'players = ["Ana", "Bo", "Cy", "Di"]\n'
    source = hand_text(SIDE_POT, "40, 100, 100, 100", names)
    path.write_text("\n".join(f"{k} = {json.dumps(v)}" for k, v in source.fields.items()))
    code, out, err = run_cli(capsys, str(path), "--json", "--ev")
    assert code == 0 and err == ""
    row = json.loads(out)
    assert row["all_in_street"] == "turn"
    assert [p["name"] for p in row["ev"]] == ["Ana", "Bo", "Cy", "Di"]
    assert row["ev"][1] == {"player": "p2", "name": "Bo", "shares": [97.6, 114],
                            "expected": 211.6, "won": 242, "difference": 30.4}
    code, out, _ = run_cli(capsys, str(path), "--json")
    assert "ev" not in json.loads(out) and "all_in_street" not in json.loads(out)
    code, out, _ = run_cli(capsys, str(path), "--ev")
    assert code == 0
    lines = out.splitlines()
    assert "All-in EV: 1 hands with an all-in before the last card (EV not computed: 0)" in lines
    bo = next(line for line in lines if line.startswith("Bo "))
    assert bo.split() == ["Bo", "1", "142", "7100.0", "111.60", "5580.0"]


def per_pot_oracle(s: Settlement, board: tuple[str, ...]) -> list[Fraction]:
    """The former way, kept here only as an independent check: one exact equity per
    contested pot (the deck less every card the history names), a pot alone to its only
    contender."""
    from showdown.odds.equity import equity
    from showdown.odds.variant_equity import game_equity
    from showdown.phh.allin_ev import pots_of

    r = s.replay
    expected = [Fraction(0)] * len(r.contributed)
    for amount, contenders in pots_of(r.contributed, r.folded):
        if len(contenders) == 1:
            expected[contenders[0]] += amount
            continue
        hands = ["".join(r.holes[i]) for i in contenders]
        dead = "".join(c for j, hole in enumerate(r.holes) if j not in contenders
                       for c in hole if c != "??")
        game = r.rules.game
        result = (equity(hands, board="".join(board), dead=dead, game=game, exact=True)
                  if game in ("holdem", "omaha") else
                  game_equity(hands, board="".join(board), dead=dead, game=game, exact=True))
        scale = (result.boards or 1) * 5040
        for i, e in zip(contenders, result.equity, strict=True):
            expected[i] += amount * Fraction(round(e * scale), scale)
    return expected


@pytest.mark.usefixtures("backend")
@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["NT", "PO", "NS", "FO/8"]), st.integers(2, 6))
def test_one_enumeration_for_every_pot_matches_one_equity_per_pot(
    seed: int, code: str, players: int
) -> None:
    """Flop and turn all-ins (where the boards are enumerated once for all the pots) in
    every EV game, side pots and hi-lo halves included, against the per-pot oracle."""
    rng = random.Random(seed)
    for _ in range(400):
        stacks = [rng.randint(4, 60) for _ in range(players)]
        s = settle(random_hand(rng, header(code, stacks), fold=0.15))
        moment = all_in_moment(s.replay)
        if moment is None or moment[0] == "preflop":
            continue
        ev = all_in_ev(s)
        assert ev is not None and ev.note is None
        assert list(ev.expected) == per_pot_oracle(s, ev.board), s.replay.history.fields
        return
    raise AssertionError("no flop or turn all-in in 400 hands")  # seen: at most 22 needed


@pytest.mark.parametrize("code, seed", [("NS", 1), ("FO/8", 2), ("FO/8", 3)])
def test_short_deck_and_hi_lo_side_pots_match_one_equity_per_pot(code: str, seed: int) -> None:
    """Short deck and Omaha hi-lo (halves, quartered lows, no low: the high scoops) with a
    side pot, settled from one enumeration, against the per-pot oracle."""
    rng = random.Random(seed)
    for _ in range(3000):
        stacks = [rng.randint(4, 40) for _ in range(4)]
        s = settle(random_hand(rng, header(code, stacks), fold=0.1))
        moment = all_in_moment(s.replay)
        if moment is None or moment[0] == "preflop":
            continue
        ev = all_in_ev(s)
        assert ev is not None and ev.note is None
        if sum(1 for _, contenders in ev.pots if len(contenders) > 1) < 2:
            continue
        assert list(ev.expected) == per_pot_oracle(s, ev.board), s.replay.history.fields
        return
    raise AssertionError("no flop or turn all-in with a side pot in 3000 hands")


def test_a_hand_run_twice_has_the_ev_of_one_runout(capsys: pytest.CaptureFixture[str]) -> None:
    """GGPoker, run twice after a turn all-in (tests/data/rooms): the EV is the equity of
    one river, whatever the number of runs. 42 rivers: Ac7c wins the main pot (3 x 4.05)
    on the three aces and two sevens left; the whole 24.05 is shared out."""
    path = DATA / "rooms" / "ggpoker-handwritten-run-twice.txt"
    code, out, err = run_cli(capsys, str(path), "--ev", "--json")
    assert code == 0 and err == ""
    row = json.loads(out)
    assert row["all_in_street"] == "turn"
    expected = [p["expected"] for p in row["ev"]]
    assert expected[0] == pytest.approx(12.15 * 5 / 42)
    assert sum(expected) == pytest.approx(24.05)
    assert [p["won"] for p in row["ev"]] == [0, 12.02, 12.03]
