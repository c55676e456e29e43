"""The counters over many hands: random legal hands of every game (hypothesis) and every
hand of the rooms' sample files, each checked against the engine's own reading
(helpers.hand_stats_reference) and the invariants every hand keeps."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.hand_stats_reference import check_invariants, reference_stats
from helpers.paths import ROOMS
from helpers.phh_cases import in_decimals
from showdown.phh.corpus.read import read_file
from showdown.phh.errors import HistoryError
from showdown.phh.generate import header, random_hand
from showdown.phh.notation import HandHistory
from showdown.phh.settlement import settle
from showdown.phh.variant_rules import RULES
from showdown.tracker.hand_stats import WIDTH, hand_stats
from showdown.tracker.schema import STAT_COLUMNS

FLOP_GAMES = ["NT", "FT", "PO", "NS", "FO/8", "PT", "PO/8", "P5O", "NO", "P6O", "PCO", "PCO/8"]
OTHER_GAMES = ["F7S", "F7S/8", "FR", "F2L3D", "FB", "N2L1D", "F5CD"]


def random_history(rng: random.Random, code: str) -> HandHistory:
    """A random legal hand: short stacks (all in on the blinds, short big blinds, all-ins
    for less), antes, straddles, amounts in cents, actions cut short."""
    rules = RULES[code]
    holes = len(rules.streets[0].hole)
    # the deck lasts: unknown cards are shown from it at the end, and triple draw may take
    # a whole new hand three times
    most = 9 if holes == 2 else 6 if holes == 4 else 3 if holes == 6 else 4
    if code in ("F2L3D", "FB"):  # triple draws
        most = 2
    elif code in OTHER_GAMES:
        most = min(most, 3)
    n = rng.randint(2, most)
    stacks = [rng.choice([1, 2, 3, 7, 20, 40, 100, 250]) for _ in range(n)]
    antes = [rng.choice([0, 0, 0, 1])] * n
    fields = header(code, stacks, antes=antes)
    if n > 3 and rules.forced == "blinds" and rng.random() < 0.2:
        fields["blinds_or_straddles"] = [1, 2, 4] + [0] * (n - 3)
    # unknown cards only where the generator shows them well (not stud's up cards, nor draws)
    unknown = rng.choice([0, 0.5]) if code in FLOP_GAMES else 0
    history = random_hand(rng, fields, unknown=unknown, fold=rng.choice([0.1, 0.3, 0.6]),
                          muck=rng.choice([0, 0.3]))
    if rng.random() < 0.3:
        history = in_decimals(history, 2)
    if rng.random() < 0.2:
        actions = history.fields["actions"]
        history = history.with_fields(actions=actions[: rng.randint(0, len(actions))])
    return history


def winnings(history: HandHistory, rng: random.Random | None = None) -> list[int]:
    """What each player took from the pots, by the settlement (a hand cut short: at random)."""
    try:
        won = settle(history).winnings
    except HistoryError:
        won = None
    if won is None:
        won = [rng.choice([0, 5]) if rng else 0 for _ in range(history.player_count)]
    return won


def check(history: HandHistory, won: list[int]) -> list[dict[str, int]]:
    rows = [dict(zip(STAT_COLUMNS, row, strict=True)) for row in hand_stats(history, won)]
    assert all(len(row) == WIDTH for row in rows)
    check_invariants(rows)
    assert rows == reference_stats(history, won), history.fields["actions"]
    return rows


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(FLOP_GAMES + OTHER_GAMES))
def test_random_legal_hands_agree_with_the_engine(seed: int, code: str) -> None:
    rng = random.Random(seed)
    history = random_history(rng, code)
    rows = check(history, winnings(history, rng))
    if code in OTHER_GAMES:
        assert all(not any(row.values()) for row in rows)


def test_every_hand_of_the_rooms_files_agrees_with_the_engine() -> None:
    totals: Counter[str] = Counter()
    hands = 0
    for path in sorted(ROOMS.iterdir()):
        try:
            _, found = read_file(path)
        except HistoryError:
            continue
        for history in found:
            if isinstance(history, HistoryError):
                continue
            for row in check(history, winnings(history)):
                totals.update(row)
            hands += 1
    assert hands > 700
    # every counter is met in the real hands, so each rule above was exercised
    assert all(totals[name] > 0 for name in STAT_COLUMNS), totals
