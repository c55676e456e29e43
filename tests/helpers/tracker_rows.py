"""Realistic rows of the hand database for tests: 6-max hands written straight into the tables.

:func:`write_hands` writes ``count`` hands (one ``hands`` row, six ``hand_players``
rows and the ``pots`` rows each) as an import would store them, without reading a
file: blinds posted, positions from the button, nets in cents that add up to minus
the rake, hands that end by folds or at a showdown, and some all-ins whose
``ev_net`` differs from ``net`` (the two players' EV shares still add up to what the
pot paid). ``Hero`` plays every hand; the others come from a small pool, so they
meet again. Seeded, so a test reads the same rows every run.

>>> import duckdb
>>> con = duckdb.connect()
>>> ids = write_hands(con, 50)
>>> len(ids), con.execute("SELECT count(*) FROM hand_players").fetchone()[0]
(50, 300)
>>> con.execute("SELECT sum(net) + sum(rake) FROM hand_players").fetchone()[0]
Decimal('0.000000')
"""

from __future__ import annotations

import datetime
import random
from decimal import Decimal
from typing import Any

import pyarrow as pa

from showdown.tracker.schema import STAT_COLUMNS, create

#: The 6-max positions by turn (turn 1 the small blind, turn 6 the button).
POSITIONS = ("SB", "BB", "UTG", "HJ", "CO", "BTN")
CENT = Decimal("0.01")
MICRO = Decimal("0.000001")
RANKS, SUITS = "23456789TJQKA", "cdhs"


def write_hands(
    con: Any,
    count: int,
    *,
    seed: int = 1,
    first_id: int = 1,
    hero: str = "Hero",
    currency: str | None = "USD",
    room: str = "pokerstars",
    big_blind: Decimal = Decimal("0.50"),
    start: datetime.datetime = datetime.datetime(2024, 3, 1, 18, 0),
) -> list[int]:
    """Write ``count`` 6-max no-limit Hold'em hands with ids from ``first_id``; their ids.

    The rows go in shuffled, as a table may hold them, so that nothing reading them can
    lean on the order they were stored in.

    ``currency=None`` writes tournament hands in chips (``big_blind`` then in chips too).
    Every tenth hand is played in the same second as the one before it (two tables at
    once), so the play order needs ``hand_id`` to break the tie. Creates the tables if
    they are missing.
    """
    create(con)
    rng = random.Random(seed)
    pool = [f"villain{k:02d}" for k in range(12)]
    hands: list[dict[str, Any]] = []
    players: list[dict[str, Any]] = []
    pots: list[dict[str, Any]] = []
    when = start
    for i in range(count):
        hand_id = first_id + i
        if i % 10 != 9:
            when = when + datetime.timedelta(seconds=rng.randint(20, 90))
        hand, rows, hand_pots = _hand(rng, hand_id, hero, pool, big_blind, currency, when, i)
        hand["room"] = room
        hands.append(hand)
        players.extend(rows)
        pots.extend(hand_pots)
    # a table is a set: stored out of order, the play order has to come from the columns
    rng.shuffle(hands)
    rng.shuffle(players)
    _insert(con, "hands", hands)
    _insert(con, "hand_players", players)
    _insert(con, "pots", pots)
    return list(range(first_id, first_id + count))


def _insert(con: Any, table: str, rows: list[dict[str, Any]]) -> None:
    """Insert ``rows`` (dicts keyed by column) in one statement, through Arrow."""
    if rows:
        staged = pa.Table.from_pylist(rows)
        con.register("staged_rows", staged)
        try:
            con.execute(f"INSERT INTO {table} BY NAME SELECT * FROM staged_rows")
        finally:
            con.unregister("staged_rows")


def _cards(rng: random.Random, deck: list[str], k: int) -> str:
    return "".join(deck.pop() for _ in range(k))


def _hand(
    rng: random.Random,
    hand_id: int,
    hero: str,
    pool: list[str],
    bb: Decimal,
    currency: str | None,
    when: datetime.datetime,
    index: int,
) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """One hand's row, its six players' rows and its pot rows."""
    deck = [r + s for r in RANKS for s in SUITS]
    rng.shuffle(deck)
    names = [hero, *rng.sample(pool, 5)]
    rng.shuffle(names)
    button = index % 6 + 1  # the seat of the button moves one seat a hand
    turn_of = {seat: (seat - button - 1) % 6 + 1 for seat in range(1, 7)}
    sb = (bb / 2).quantize(CENT)
    stacks = {seat: (bb * rng.randint(60, 140)).quantize(CENT) for seat in range(1, 7)}
    put = {seat: Decimal(0) for seat in range(1, 7)}
    blinds = {seat: Decimal(0) for seat in range(1, 7)}
    for seat, turn in turn_of.items():
        if turn in (1, 2):
            put[seat] = blinds[seat] = sb if turn == 1 else bb
    winner = rng.randint(1, 6)
    others = [s for s in range(1, 7) if s != winner]
    callers = rng.sample(others, rng.choice((0, 1, 1, 1, 2)))
    involved = [winner, *callers]
    all_in = len(callers) == 1 and rng.random() < 0.15
    if all_in:  # two players all in: the shorter stack is what each risks
        risk = min(stacks[winner], stacks[callers[0]])
        put[winner] = put[callers[0]] = risk
    elif callers:
        size = bb * rng.choice((2, 3, 3, 6, 9, 14, 25))
        for seat in involved:
            put[seat] = max(put[seat], min(size, stacks[seat]))
        matched = min(put[s] for s in involved)
        for seat in involved:
            put[seat] = matched
    else:  # everyone folds to the winner: his raise beyond the blinds comes back
        put[winner] = max(put[winner], max(put[s] for s in others))
    pot = sum(put.values(), Decimal(0))
    saw_flop = bool(callers) and (all_in or rng.random() < 0.75)
    showdown = all_in or (saw_flop and rng.random() < 0.45)
    rake = min((pot * Decimal("0.05")).quantize(CENT), bb * 6) if saw_flop and currency else 0
    rake = Decimal(rake)
    equity = Decimal(rng.randint(15, 85)) / 100
    paid = pot - rake
    ev_share = (paid * equity).quantize(MICRO)
    board = _cards(rng, deck, 5) if showdown else _cards(rng, deck, 3) if saw_flop else ""
    rows = []
    for seat in range(1, 7):
        turn = turn_of[seat]
        won = pot if seat == winner else Decimal(0)
        took = rake if seat == winner else Decimal(0)
        net = won - took - put[seat]
        ev_net = net
        if all_in and seat == winner:
            ev_net = ev_share - put[seat]
        elif all_in and seat == callers[0]:
            ev_net = paid - ev_share - put[seat]
        cards = _cards(rng, deck, 4)
        shown = names[seat - 1] == hero or (showdown and seat in involved)
        counters = {c: 0 for c in STAT_COLUMNS}
        counters.update(
            vpip_opp=1,
            vpip=int(seat in involved and put[seat] > blinds[seat]),
            pfr=int(seat == winner and put[seat] > blinds[seat]),
            saw_flop=int(saw_flop and seat in involved),
            showdown=int(showdown and seat in involved),
            won_showdown=int(showdown and seat == winner),
            won_saw_flop=int(saw_flop and seat == winner),
            postflop_bets=int(saw_flop and seat == winner),
            postflop_calls=int(saw_flop and seat in callers),
        )
        rows.append({
            "hand_id": hand_id, "seat": seat, "player": names[seat - 1], "turn": turn,
            "position": POSITIONS[turn - 1], "cards": cards if shown else "",
            "starting_stack": stacks[seat], "ante": Decimal(0), "blind": blinds[seat],
            "net": net, "ev_net": ev_net, "won": won, "rake": took,
            "played_at": when, "game": "NT", "currency": currency,
            "ring": currency is not None, "big_blind": bb, "players": 6, **counters,
        })  # fmt: skip
    hand = {
        "hand_id": hand_id, "hand": str(230_000_000_000 + 7 * hand_id), "file_id": 1,
        "played_at": when, "time_zone": "ET", "game": "NT", "currency": currency,
        "tournament": None if currency else "3512345678", "table_name": "Aludra IV",
        "max_seats": 6, "players": 6, "small_blind": sb, "big_blind": bb, "ante": Decimal(0),
        "min_bet": bb, "board": board, "pot": pot, "rake": rake, "class": "match",
        "all_in_street": "preflop" if all_in else None,
    }  # fmt: skip
    hand_pots = [{"hand_id": hand_id, "pot": 0, "amount": pot, "seat": winner, "share": paid}]
    return hand, rows, hand_pots
