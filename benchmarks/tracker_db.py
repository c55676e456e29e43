"""A hand database of realistic rows, generated in DuckDB SQL, for the tracker's benchmarks.

``build(path, hands)`` writes ``hands`` 6-max no-limit Hold'em ring hands into a new
database of :mod:`showdown.tracker.schema`, as a grinder's own database holds them:
``Hero`` in every hand, four tables at a time in sessions of 200 hands (one file
each), at 0.25/0.50, 0.50/1 or 1/2 dollars; opponents from a pool of 20,000 names,
the regulars more often, each keeping his seat for 50 hands. Per hand: six
``hand_players`` rows (blinds, positions from the button, stacks, nets in cents that
add up to minus the rake, all-ins whose ``ev_net`` differs, showdowns, the
statistics' counters), about ten ``actions`` rows in PHH text (the preflop action of
all six, then the flop, turn and river and the cards shown when the hand goes on),
and one ``pots`` row. Every figure is drawn by ``random()`` after ``setseed``: the same
database every build. Nothing loops in Python; a million hands take about a minute.

>>> import duckdb
>>> con = duckdb.connect()
>>> build_into(con, 400)
>>> con.execute("SELECT count(*), count(DISTINCT hand_id) FROM hand_players").fetchone()
(2400, 400)
>>> con.execute("SELECT sum(net) + sum(rake) FROM hand_players").fetchone()[0]
Decimal('0.000000')
>>> 8 < con.execute("SELECT count(*) / 400 FROM actions").fetchone()[0] < 12
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import duckdb

from showdown.tracker.schema import STAT_COLUMNS, create

HERO = "Hero"
SEED = 0.42

# A random card's text; each use draws anew.
_CARD = """
CREATE OR REPLACE TEMP MACRO gen_card() AS
    substr('23456789TJQKA', 1 + floor(random() * 13)::INTEGER, 1)
    || substr('cdhs', 1 + floor(random() * 4)::INTEGER, 1)
"""

# One hand a row: its session (table and file), stakes, button, time, and the draws
# that decide it (the winner's turn, callers, the bet size, an all-in, how far it goes).
_HANDS = """
CREATE OR REPLACE TEMP TABLE gen_hands AS
WITH base AS (
    SELECT range + 1 AS hand_id, range // 200 AS session, range % 200 AS k,
           random() AS r1, random() AS r2, random() AS r3, random() AS r4,
           random() AS r5, random() AS r6, random() AS r7, random() AS r8
    FROM range(?)
), drawn AS (
    SELECT *,
        [0.50, 0.50, 0.50, 1.00, 1.00, 2.00][(1 + hash(session, 'stakes') % 6)::INTEGER]
            ::DECIMAL(18, 6) AS bb,
        (1 + hash(session, 'hero') % 6)::INTEGER AS hero_seat,
        1 + k % 6 AS button,
        1 + floor(r1 * 6)::INTEGER AS winner,
        CASE WHEN r2 < 0.30 THEN 0 WHEN r2 < 0.85 THEN 1 ELSE 2 END AS ncall,
        1 + floor(r3 * 5)::INTEGER AS o1,
        [2, 3, 3, 6, 9, 14, 25][1 + floor(r4 * 7)::INTEGER] AS size,
        r6 AS equity
    FROM base
)
SELECT *,
    (winner - 1 + o1) % 6 + 1 AS caller1,
    (winner - 1 + 1 + (o1 + floor(r5 * 4)::INTEGER) % 5) % 6 + 1 AS caller2,
    ncall = 1 AND r7 < 0.12 AS all_in,
    ncall > 0 AND (r7 < 0.12 OR r8 < 0.75) AS flop,
    ncall > 0 AND (r7 < 0.12 OR r8 < 0.34) AS showdown,
    TIMESTAMP '2023-01-02 18:00:00' + to_days((session // 4)::INTEGER)
        + to_seconds(k * 52 + (session % 4) * 13 + floor(r8 * 10)::INTEGER) AS played_at,
    gen_card() || gen_card() || gen_card() || gen_card() || gen_card() AS board
FROM drawn
"""

# Six rows a hand: the seat's player, turn and position, what he put in and took out.
_PLAYERS = """
CREATE OR REPLACE TEMP TABLE gen_players AS
WITH seated AS (
    SELECT h.*, seat, (seat - button + 5) % 6 + 1 AS turn,
        -- the regulars (low numbers) come back often; a seat's number is its own
        (floor(3333 * pow((hash(hand_id // 50, seat) % 1000003) / 1000003.0, 2)) * 6
            + seat)::INTEGER AS regular,
        bb * (60 + floor(random() * 80)::INTEGER) AS stack,
        gen_card() || gen_card() AS hole,
        random() AS p1, random() AS p2
    FROM gen_hands AS h, range(1, 7) AS s(seat)
), named AS (
    SELECT *, CASE WHEN seat = hero_seat THEN 'Hero' ELSE
        ['ace', 'river', 'nit', 'donk', 'grinder', 'lucky', 'shark', 'tilt']
            [(1 + regular % 8)::INTEGER]
        || '_' || regular END AS player
    FROM seated
), roled AS (
    SELECT *,
        CASE WHEN turn = winner THEN 'w'
             WHEN ncall >= 1 AND turn = caller1 THEN 'c'
             WHEN ncall = 2 AND turn = caller2 THEN 'c' ELSE 'f' END AS role,
        CASE turn WHEN 1 THEN bb / 2 WHEN 2 THEN bb ELSE 0 END::DECIMAL(18, 6) AS blind
    FROM named
), raw AS (
    SELECT *, CASE WHEN role = 'f' THEN NULL WHEN all_in THEN stack
                   ELSE least(size * bb, stack) END AS want
    FROM roled
), matched AS (
    SELECT *, CASE WHEN role = 'f' THEN blind WHEN ncall = 0 THEN greatest(bb, blind)
                   ELSE greatest(min(want) OVER (PARTITION BY hand_id), blind)
              END::DECIMAL(18, 6) AS put
    FROM raw
), potted AS (
    SELECT *, sum(put) OVER (PARTITION BY hand_id) AS pot FROM matched
), raked AS (
    SELECT *, CASE WHEN flop THEN least(round(pot * 0.05, 2), 3 * bb) ELSE 0 END
                  ::DECIMAL(18, 6) AS hand_rake
    FROM potted
)
SELECT *,
    CASE WHEN role = 'w' THEN pot ELSE 0 END::DECIMAL(18, 6) AS won,
    CASE WHEN role = 'w' THEN hand_rake ELSE 0 END::DECIMAL(18, 6) AS rake,
    (CASE WHEN role = 'w' THEN pot - hand_rake ELSE 0 END - put)::DECIMAL(18, 6) AS net,
    (CASE WHEN NOT all_in OR role = 'f' THEN
              CASE WHEN role = 'w' THEN pot - hand_rake ELSE 0 END
          WHEN role = 'w' THEN round(equity * (pot - hand_rake), 6)
          ELSE pot - hand_rake - round(equity * (pot - hand_rake), 6) END - put
    )::DECIMAL(18, 6) AS ev_net
FROM raked
"""

_INSERT_HANDS = """
INSERT INTO hands
SELECT hand_id, 'pokerstars', (250000000000 + hand_id * 3)::VARCHAR, session + 1, played_at,
    'ET', 'NT', 'USD', NULL,
    ['Aludra', 'Bellatrix', 'Capella', 'Deneb', 'Electra', 'Fomalhaut', 'Gienah', 'Hadar']
        [1 + session % 8] || ' ' || ['I', 'II', 'III', 'IV', 'V', 'VI'][1 + session % 6],
    6, 6, bb / 2, bb, 0, NULL, NULL, NULL, bb,
    CASE WHEN showdown THEN board WHEN flop THEN substr(board, 1, 6) ELSE '' END,
    t.pot, t.rake, 'match', CASE WHEN all_in THEN 'preflop' END, NULL
FROM gen_hands AS h
JOIN (SELECT hand_id, sum(put) AS pot, sum(rake) AS rake FROM gen_players GROUP BY hand_id)
    AS t USING (hand_id)
ORDER BY hand_id
"""

# The counters: the taken ones never more than their opportunities.
_COUNTERS = {
    "vpip_opp": "1",
    "vpip": "role <> 'f' AND put > blind",
    "pfr": "role = 'w' AND NOT (ncall = 0 AND turn = 2)",  # not a walk
    "three_bet_opp": "p1 < 0.12",
    "three_bet": "p1 < 0.012",
    "fold_to_three_bet_opp": "role = 'w' AND p2 < 0.05",
    "fold_to_three_bet": "role = 'w' AND p2 < 0.03",
    "steal_opp": "turn IN (1, 5, 6) AND p1 < 0.3",
    "steal": "turn IN (1, 5, 6) AND p1 < 0.1",
    "cbet_opp": "role = 'w' AND flop",
    "cbet": "role = 'w' AND flop AND p2 < 0.6",
    "fold_to_cbet_opp": "role = 'c' AND flop",
    "fold_to_cbet": "role = 'c' AND flop AND NOT showdown AND p2 < 0.4",
    "postflop_bets": "(role = 'w' AND flop)::INTEGER + (role = 'w' AND showdown)::INTEGER",
    "postflop_raises": "role = 'c' AND flop AND p2 < 0.1",
    "postflop_calls": "(role = 'c' AND flop)::INTEGER + (role = 'c' AND showdown)::INTEGER",
    "postflop_folds": "role = 'c' AND flop AND NOT showdown",
    "saw_flop": "role <> 'f' AND flop",
    "showdown": "role <> 'f' AND showdown",
    "won_showdown": "role = 'w' AND showdown",
    "won_saw_flop": "role = 'w' AND flop",
}
assert tuple(_COUNTERS) == STAT_COLUMNS

_INSERT_PLAYERS = f"""
INSERT INTO hand_players
SELECT hand_id, seat, player, turn,
    ['SB', 'BB', 'UTG', 'HJ', 'CO', 'BTN'][turn],
    CASE WHEN player = 'Hero' OR (showdown AND role <> 'f') THEN hole ELSE '' END,
    stack, 0, blind, net, ev_net, won, rake,
    played_at, 'NT', 'USD', true, bb, 6,
    {", ".join(f"({sql})::UTINYINT" for sql in _COUNTERS.values())}
FROM gen_players ORDER BY hand_id, seat
"""

# The actions in PHH text: all six act preflop (the winner raises, callers call, the
# rest fold), then, street by street while the hand goes on, the dealer's cards, the
# winner's bet and the callers' calls; the cards shown at a showdown come last.
_INSERT_ACTIONS = """
INSERT INTO actions
WITH lines AS (
    SELECT hand_id, 0 AS street, (turn + 3) % 6 AS k, turn AS actor,
        'p' || turn || CASE WHEN role = 'f' THEN ' f' WHEN role = 'w' THEN ' cbr '
            || printf('%.2f', put) ELSE ' cc' END AS action
    FROM gen_players
    UNION ALL
    SELECT hand_id, s.street, 0, NULL,
        'd db ' || CASE s.street WHEN 1 THEN substr(board, 1, 6) WHEN 2 THEN substr(board, 7, 2)
                  ELSE substr(board, 9, 2) END
    FROM gen_hands, (VALUES (1), (2), (3)) AS s(street)
    WHERE flop AND (s.street = 1 OR showdown)
    UNION ALL
    SELECT hand_id, s.street, 1 + (turn + 3) % 6, turn,
        'p' || turn || CASE WHEN role = 'w' THEN ' cbr ' || printf('%.2f', bb * (2 + s.street))
                       ELSE ' cc' END
    FROM gen_players, (VALUES (1), (2), (3)) AS s(street)
    WHERE role <> 'f' AND flop AND (s.street = 1 OR showdown) AND NOT all_in
    UNION ALL
    SELECT hand_id, 3, 10 + (turn + 3) % 6, turn, 'p' || turn || ' sm ' || hole
    FROM gen_players WHERE role <> 'f' AND showdown
)
SELECT hand_id, (row_number() OVER (PARTITION BY hand_id ORDER BY street, k) - 1)::SMALLINT,
       street, actor, action
FROM lines ORDER BY hand_id, street, k
"""

_INSERT_REST = """
INSERT INTO pots SELECT hand_id, 0, pot, seat, pot - hand_rake
    FROM gen_players WHERE role = 'w' ORDER BY hand_id;
INSERT INTO files
SELECT session + 1, 'C:\\Users\\hero\\AppData\\Local\\PokerStars\\HandHistory\\Hero\\HH'
        || strftime(min(played_at), '%Y%m%d') || ' T' || session || ' - $'
        || printf('%.2f', any_value(bb) / 2) || '-$' || printf('%.2f', any_value(bb))
        || ' - USD No Limit Hold''em.txt',
    200 * 1900, 1.7e9, count(*), 0, true, max(played_at)
FROM gen_hands GROUP BY session ORDER BY session;
DROP TABLE gen_players;
DROP TABLE gen_hands;
"""


def build_into(con: Any, hands: int, seed: float = SEED) -> None:
    """Generate ``hands`` hands into the open database ``con`` (tables created if missing)."""
    create(con)
    con.execute("SET enable_progress_bar = false")
    con.execute(_CARD)
    con.execute("SELECT setseed(?)", [seed])
    con.execute(_HANDS, [hands])
    for sql in (_PLAYERS, _INSERT_HANDS, _INSERT_PLAYERS, _INSERT_ACTIONS, _INSERT_REST):
        con.execute(sql)


def build(path: Path, hands: int, seed: float = SEED) -> None:
    """A new database file at ``path`` with ``hands`` hands, checkpointed (written whole)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with duckdb.connect(str(path)) as con:
        build_into(con, hands, seed)
        con.execute("CHECKPOINT")
