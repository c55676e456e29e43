"""The import's rows of every hand of ``tests/data/rooms`` are the ones the first import
stored, whatever was made faster since.

The digests below were recorded from the import as it stood before any change made for
speed (the lead's branch at 6e4f044), with :func:`helpers.tracker_digest.digests`: every
table's rows keyed by the hand's (room, number) and the file's name, so batches,
transactions and ids may change.
The positions and the per-hand statistics are made by their own modules
(:mod:`showdown.tracker.positions`, :mod:`showdown.tracker.hand_stats`, tested on their
own): they are compared here with what those modules give for each hand settled by the
plain Python path (:func:`showdown.phh.settle`), not with a digest.

If a change to the tables or to a figure's definition is meant, record the digests
again (the values :func:`stored` returns) and say why in the commit.
"""

from __future__ import annotations

from pathlib import Path

from helpers.paths import ROOMS
from helpers.tracker_digest import digests
from showdown.phh.corpus.read import read_file
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory
from showdown.phh.settlement import settle
from showdown.tracker.database import Database, open_database
from showdown.tracker.hand_rows import hand_key
from showdown.tracker.hand_stats import hand_stats
from showdown.tracker.ingest import import_paths
from showdown.tracker.positions import positions
from showdown.tracker.schema import STAT_COLUMNS

#: (rows, md5) of each table, as the import first stored ``tests/data/rooms``.
RECORDED = {
    "hands": (778, "31d7a12401849ebffb9cb511e6e8761b"),
    "hand_players": (4507, "048884a2d3982db2c13b51d624de0eda"),
    "actions": (13316, "9a7f75fecad444d578717a8949ad6717"),
    "pots": (853, "9fcf23371689a40f96c0e7af6b9e76e3"),
    "files": (66, "69bfb10a136e4ace2b473beaa51114e4"),
    "refused": (3, "9aefdb2662c3f49e0dc24d23f71ac3dc"),
}
#: The columns of ``hand_players`` that other modules make.
ELSEWHERE = ("position", *STAT_COLUMNS)


def _import(path: Path) -> Database:
    db = open_database(path, create=True)
    summary = import_paths(db, [ROOMS])
    assert (summary.files, summary.new, summary.already, summary.refused_count) == (66, 778,
                                                                                    2, 3)
    return db


def test_every_table_holds_the_rows_first_recorded(tmp_path: Path) -> None:
    with _import(tmp_path / "hands.duckdb") as db:
        assert digests(db.con, ELSEWHERE) == RECORDED


def test_the_same_files_imported_twice_change_nothing(tmp_path: Path) -> None:
    with _import(tmp_path / "hands.duckdb") as db:
        db.con.execute("UPDATE files SET complete = false")  # read every file again
        again = import_paths(db, [ROOMS])
        assert (again.new, again.already) == (0, 780)  # the copies of the 2 counted again
        assert digests(db.con, ELSEWHERE) == RECORDED


def _expected() -> dict[tuple[str, str], list[tuple[object, ...]]]:
    """Each hand's (position, counters...) per player in dealing order, from the plain
    Python settlement (the first copy of a hand stored twice)."""
    out: dict[tuple[str, str], list[tuple[object, ...]]] = {}
    for path in sorted(ROOMS.iterdir()):
        try:
            room, hands = read_file(path)
        except HistoryError:
            continue
        for hand in hands:
            if not isinstance(hand, HandHistory):
                continue
            key = hand_key(hand, room)
            if key in out:
                continue
            try:
                s = settle(hand)
            except HistoryError:
                continue
            if s.showdown is None:
                continue
            won = [s.showdown.payouts.get(seat, 0) for seat in hand.seats]
            places = positions(hand.player_count)
            out[key] = [(places[i], *stats)
                        for i, stats in enumerate(hand_stats(hand, won))]
    return out


def test_positions_and_counters_are_their_modules(tmp_path: Path) -> None:
    expected = _expected()
    with _import(tmp_path / "hands.duckdb") as db:
        stored: dict[tuple[str, str], list[tuple[object, ...]]] = {}
        for room, hand, *row in db.con.execute(
                f"SELECT h.room, h.hand, p.{', p.'.join(ELSEWHERE)} FROM hand_players p "
                "JOIN hands h USING (hand_id) ORDER BY h.room, h.hand, p.turn").fetchall():
            stored.setdefault((room, hand), []).append(tuple(row))
    assert len(stored) == 778
    assert {key: expected[key] for key in stored} == stored
