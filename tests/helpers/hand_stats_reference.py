"""The statistics' counters of one hand worked out a second way, by the betting engine
itself: the hand is replayed action by action and each counter is read from the
engine's state before the action (whose turn, what is owed, whether a raise is legal),
where :func:`showdown.tracker.hand_stats.hand_stats` reads the action strings alone.
Slow and plain; the tests compare the two on real and random hands.

>>> from showdown.phh.notation import loads
>>> h = loads('''variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AcAd", "d dh p2 KsKd", "d dh p3 7h6h", "p3 f", "p1 cc", "p2 cc"]''')
>>> [row["vpip"] for row in reference_stats(h, [0, 0, 0])]
[1, 0, 0]
"""

from __future__ import annotations

from collections.abc import Sequence

from showdown.phh.actions import parse_action
from showdown.phh.dealing import BETTING
from showdown.phh.engine import HandState
from showdown.phh.errors import IllegalAction
from showdown.tracker.positions import STEAL_POSITIONS, positions
from showdown.tracker.schema import STAT_COLUMNS

Counters = dict[str, int]


def reference_stats(history: object, won: Sequence[float]) -> list[Counters]:
    """Each player's counters by name, from the engine's state (see the module)."""
    state = HandState.start(history)  # type: ignore[arg-type]
    rules = state.rules
    n = state.n
    rows = [dict.fromkeys(STAT_COLUMNS, 0) for _ in range(n)]
    streets = rules.streets
    flop_game = (rules.forced == "blinds" and not any(s.draw for s in streets)
                 and streets[1].board > 0)
    if not flop_game:
        return rows
    flop_cards = streets[0].board + streets[1].board
    names = positions(n)
    raises = 0
    two_bettor = raiser = None
    opened = cbet_seen = cbet_live = saw = False
    for index, text in enumerate(history.fields["actions"]):  # type: ignore[attr-defined]
        action = parse_action(text)
        i = action.player
        verb = action.verb
        if verb in ("f", "cc", "cbr") and not state.pending_board and any(state.pending_holes):
            # hole cards the file does not deal are unknown, as the engine reads them
            for j, owed in enumerate(state.pending_holes):
                if owed:
                    state.apply(index, f"d dh p{j + 1} {'??' * owed}")
        decision = (verb in ("f", "cc", "cbr") and state.phase == BETTING
                    and state.queue[0] == i and state.stacks[i] > 0)
        if decision:
            row = rows[i]
            facing = state.to_call(i) > 0
            if state.street == 0:
                first = not row["vpip_opp"]
                row["vpip_opp"] = 1
                steal = first and not opened and names[i] in STEAL_POSITIONS
                row["steal_opp"] |= steal
                three = raises == 1 and _may_raise(state, i)
                row["three_bet_opp"] |= three
                if raises == 2 and i == two_bettor:
                    row["fold_to_three_bet_opp"] = 1
                    row["fold_to_three_bet"] = int(verb == "f")
                owed = state.full_blind_owed()
            elif verb == "cbr":
                key = "postflop_raises" if state.max_bet > 0 else "postflop_bets"
                row[key] += 1
            elif verb == "f":
                row["postflop_folds"] += 1
            elif facing:
                row["postflop_calls"] += 1
            if state.street == 1:
                if i == raiser and not cbet_seen:
                    cbet_seen = True
                    if state.max_bet == 0:
                        row["cbet_opp"] = 1
                        row["cbet"] = cbet_live = verb == "cbr"
                elif cbet_live:
                    row["fold_to_cbet_opp"] = 1
                    row["fold_to_cbet"] = int(verb == "f")
                    cbet_live = verb != "cbr"
        street = state.street
        state.apply(index, text)
        if not saw and len(state.board) + sum(map(len, state.run_boards)) >= flop_cards:
            saw = True
            for j in range(n):
                rows[j]["saw_flop"] = int(not state.folded[j])
        if not decision or street != 0:
            continue
        row = rows[i]
        if verb == "cc" and facing:
            row["vpip"] = 1
            opened = True
        elif verb == "cbr":
            row["vpip"] = 1
            opened = True
            if not (owed and state.max_bet <= state.min_bet):  # else: the full blind, a call
                raises += 1
                row["pfr"] = 1
                row["three_bet"] |= three
                row["steal"] |= steal
                two_bettor = i if raises == 1 else two_bettor
                raiser = i
    result = state.result()
    live = [j for j in range(n) if not state.folded[j]]
    for j, row in enumerate(rows):
        row["showdown"] = int(result.partial is None and len(live) > 1 and j in live)
        row["won_showdown"] = int(row["showdown"] and won[j] > 0)
        row["won_saw_flop"] = int(row["saw_flop"] and won[j] > 0)
        for key in ("three_bet_opp", "three_bet", "steal_opp", "steal", "cbet"):
            row[key] = int(row[key])
    return rows


def _may_raise(state: HandState, i: int) -> bool:
    try:
        state.raise_limits(i)
    except IllegalAction:
        return False
    return True


#: Each counter taken (0/1) and the opportunity it needs.
MADE_OF = {"vpip": "vpip_opp", "pfr": "vpip", "three_bet": "three_bet_opp",
           "fold_to_three_bet": "fold_to_three_bet_opp", "steal": "steal_opp",
           "cbet": "cbet_opp", "fold_to_cbet": "fold_to_cbet_opp",
           "three_bet_opp": "vpip_opp", "steal_opp": "vpip_opp",
           "fold_to_three_bet_opp": "pfr", "cbet_opp": "saw_flop",
           "fold_to_cbet_opp": "saw_flop", "showdown": "saw_flop",
           "won_showdown": "showdown", "won_saw_flop": "saw_flop"}
COUNTS = ("postflop_bets", "postflop_raises", "postflop_calls", "postflop_folds")


def check_invariants(rows: list[Counters]) -> None:
    """What holds in every hand: 0/1 counters, each taken only with its opportunity,
    postflop actions only after the flop, one c-bet chance at most, no showdown alone."""
    for row in rows:
        for key, value in row.items():
            assert value >= 0 and (key in COUNTS or value <= 1), (key, value)
        for made, chance in MADE_OF.items():
            assert row[made] <= row[chance], (made, chance, row)
        assert row["won_showdown"] <= row["won_saw_flop"]
        assert row["cbet_opp"] <= row["pfr"] and row["steal"] <= row["pfr"]
        assert row["three_bet"] <= row["pfr"]
        if not row["saw_flop"]:
            assert all(row[key] == 0 for key in COUNTS), row
    assert sum(row["cbet_opp"] for row in rows) <= 1
    assert sum(row["showdown"] for row in rows) != 1
    assert sum(row["fold_to_three_bet_opp"] for row in rows) <= 1
