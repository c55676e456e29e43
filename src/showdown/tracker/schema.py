"""The hand database's tables, as DuckDB creates them (see ``docs/tracker.md``).

One row per hand in ``hands``, keyed by ``(room, hand)``, with a small integer
``hand_id`` the other tables refer to; one row per player dealt in in
``hand_players`` (the figures the statistics add up, and the columns the filters
select on, copied from the hand so that a query reads one table); the actions in
order in ``actions``; each pot's winners in ``pots``; the files read in ``files``;
every hand or file that did not read, with its place and reason, in ``refused``.

>>> import duckdb
>>> con = duckdb.connect()
>>> create(con)
>>> con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchall()[0][0] == str(VERSION)
True
>>> sorted(TABLES)
['actions', 'files', 'hand_players', 'hands', 'meta', 'pots', 'refused']
"""

from __future__ import annotations

from typing import Any

__all__ = ["STAT_COLUMNS", "TABLES", "VERSION", "create"]

#: The schema's version, kept in ``meta``; a database of another version is refused.
VERSION = 1

#: The statistics' counters in ``hand_players``: each is 0 or 1 for one player in one
#: hand (``*_opp``: the player had the opportunity; the other: he took it), except the
#: postflop action counts.
STAT_COLUMNS = (
    "vpip_opp", "vpip", "pfr",
    "three_bet_opp", "three_bet",
    "fold_to_three_bet_opp", "fold_to_three_bet",
    "steal_opp", "steal",
    "cbet_opp", "cbet",
    "fold_to_cbet_opp", "fold_to_cbet",
    "postflop_bets", "postflop_raises", "postflop_calls", "postflop_folds",
    "saw_flop", "showdown", "won_showdown", "won_saw_flop",
)

# Only a hand's (room, hand) is an index: the rows of hand_players, actions and pots go in
# with their hand, in one transaction, in hand_id order, so a key of their own would only
# cost room (an index on actions and hand_players took two thirds of the file) and time.
# Money is DECIMAL(18, 6): cents and the shares of a split rake or of an all-in's
# expectation, summed without a float's drift; chips are the same numbers.
TABLES: dict[str, str] = {
    "meta": """
        CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR)""",
    "files": """
        CREATE TABLE IF NOT EXISTS files (
            file_id INTEGER PRIMARY KEY,
            path VARCHAR UNIQUE NOT NULL,
            size BIGINT,             -- bytes read so far (a file still written grows)
            mtime DOUBLE,            -- its modification time when read
            hands INTEGER,           -- hands stored from it (new or already there)
            refused INTEGER,         -- hands or parts of it refused
            complete BOOLEAN,        -- read to its end with every hand committed
            imported_at TIMESTAMP)""",
    "hands": """
        CREATE TABLE IF NOT EXISTS hands (
            hand_id BIGINT NOT NULL, -- unique: the import gives each new hand the next
            room VARCHAR NOT NULL,   -- pokerstars, ggpoker, ..., phh
            hand VARCHAR NOT NULL,   -- the room's hand number
            file_id INTEGER,
            played_at TIMESTAMP,     -- as the file writes it (its time zone in time_zone)
            time_zone VARCHAR,
            game VARCHAR NOT NULL,   -- the PHH variant code: NT, FT, PO, ...
            currency VARCHAR,        -- NULL: chips (a tournament, play money)
            tournament VARCHAR,      -- NULL: a ring game
            table_name VARCHAR,
            max_seats TINYINT,
            players TINYINT,
            small_blind DECIMAL(18, 6),
            big_blind DECIMAL(18, 6),
            ante DECIMAL(18, 6),
            bring_in DECIMAL(18, 6),
            small_bet DECIMAL(18, 6),
            big_bet DECIMAL(18, 6),
            min_bet DECIMAL(18, 6),
            board VARCHAR,           -- the cards of the board, the first run's
            pot DECIMAL(18, 6),
            rake DECIMAL(18, 6),
            class VARCHAR,           -- the replay's verdict: match, rake, mismatch, ...
            all_in_street VARCHAR,   -- NULL: no all-in before the last card
            extra VARCHAR,           -- the hand's other PHH fields, as JSON
            UNIQUE (room, hand))""",
    "hand_players": """
        CREATE TABLE IF NOT EXISTS hand_players (
            hand_id BIGINT NOT NULL,
            seat SMALLINT NOT NULL,
            player VARCHAR NOT NULL,
            turn TINYINT NOT NULL,   -- the dealing order: 1 the small blind, last the button
            position VARCHAR,        -- BTN, SB, BB, UTG, UTG+1, ..., LJ, HJ, CO
            cards VARCHAR,           -- the hole cards shown or known, '' when unknown
            starting_stack DECIMAL(18, 6),
            ante DECIMAL(18, 6),
            blind DECIMAL(18, 6),    -- blind or straddle posted
            net DECIMAL(18, 6),      -- won minus put in, rake out
            ev_net DECIMAL(18, 6),   -- net with each all-in pot paid by equity
            won DECIMAL(18, 6),      -- taken from the pots (before rake)
            rake DECIMAL(18, 6),     -- the rake attributed to this player
            -- copied from the hand for the filters and per-group figures
            played_at TIMESTAMP,
            game VARCHAR,
            currency VARCHAR,
            ring BOOLEAN,
            big_blind DECIMAL(18, 6),
            players TINYINT,
            """ + ",\n            ".join(f"{c} UTINYINT" for c in STAT_COLUMNS) + """)""",
    "actions": """
        CREATE TABLE IF NOT EXISTS actions (
            hand_id BIGINT NOT NULL,
            n SMALLINT NOT NULL,     -- 0, 1, ... in the hand's order
            street TINYINT NOT NULL, -- 0 before the first board card (preflop), 1 flop, ...
            actor TINYINT,           -- the player's turn (1 = p1); NULL: the dealer
            action VARCHAR NOT NULL) -- the PHH action text: 'p3 cbr 6', 'd db AhKs7d', ...""",
    "pots": """
        CREATE TABLE IF NOT EXISTS pots (
            hand_id BIGINT NOT NULL,
            pot TINYINT NOT NULL,    -- 0 the main pot, then the side pots
            amount DECIMAL(18, 6) NOT NULL,
            seat SMALLINT NOT NULL,   -- a winner's seat
            share DECIMAL(18, 6) NOT NULL)""",
    "refused": """
        CREATE TABLE IF NOT EXISTS refused (
            file_id INTEGER,
            path VARCHAR NOT NULL,
            place VARCHAR NOT NULL,  -- the hand's number or section, or '' for the whole file
            room VARCHAR,
            reason VARCHAR NOT NULL,
            refused_at TIMESTAMP,
            UNIQUE (path, place))""",
}


def create(con: Any) -> None:
    """Create the tables that are missing and record the schema's version."""
    for ddl in TABLES.values():
        con.execute(ddl)
    con.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", [str(VERSION)])
