"""Importing keeps the issue's promises on the committed rooms' files and PHH samples:
every hand the replay settles is stored once, every hand it cannot read is kept as
refused with its file, place and reason (nothing lost), and each player's net, all-in EV
adjusted net and rake are the room's numbers to the cent.
"""

from __future__ import annotations

import gzip
import json
import os
import random
import re
import shutil
import sys
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import duckdb
import pytest

from helpers.cli import run_cli
from helpers.paths import DATA, ROOMS
from helpers.tracker_corpus import CORPUS, hand_number, room_hands
from showdown.phh.corpus.read import read_file
from showdown.phh.generate import header, random_hand
from showdown.phh.notation import HandHistory, dumps_all, loads_all
from showdown.phh.settlement import settle
from showdown.phh.verification import verify
from showdown.tracker import schema
from showdown.tracker.database import Database, DatabaseError, open_database
from showdown.tracker.ingest import ImportSummary, import_paths
from showdown.tracker.paths import default_database

Replay = tuple[list[dict[str, Any]], list[str]]
#: A replay's error line: ``error: FILE, hand N: reason``.
ERROR = re.compile(r"^error: (?P<file>.+?), hand (?P<hand>[^:]+): (?P<reason>.+)$")
#: The classes of hands the replay reads but cannot settle: kept as refused.
UNSETTLED = ("unknown-cards", "partial")
#: The room's takings a hand's extra fields may name, beside its rake.
TAKINGS = ("_jackpot", "_fees")
GG_RUSH = ROOMS / "ggpoker-rush-cash-drop.txt.gz"


def _amount(value: Any) -> Fraction:
    """A number of a file or of JSON (a list: its sum), exactly as written."""
    if isinstance(value, list):
        return sum((_amount(v) for v in value), Fraction(0))
    return Fraction(Decimal(str(value or 0)))


def _table_counts(db: Database) -> dict[str, int]:
    return {t: db.con.execute(f"SELECT count(*) FROM {t}").fetchall()[0][0]
            for t in ("hands", "hand_players", "actions", "pots", "refused")}


def _stored(db: Database) -> dict[tuple[str, str], str]:
    """(room, hand) of every stored hand -> the file it was stored from."""
    rows = db.con.execute("SELECT h.room, h.hand, f.path FROM hands h JOIN files f "
                          "USING (file_id)").fetchall()
    return {(room, hand): path for room, hand, path in rows}


def _import_folder(folder: Path, db_path: Path) -> ImportSummary:
    with open_database(db_path, create=True) as db:
        return import_paths(db, [folder])


# -- nothing lost: the replay's hands, stored or refused ------------------------------------


def test_every_hand_the_replay_settles_is_stored(corpus_db: Database,
                                                 corpus_replay: Replay) -> None:
    rows, _ = corpus_replay
    settled: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for row in rows:
        if row["class"] not in UNSETTLED:
            settled[str(Path(row["file"]).resolve())].add((row["format"], hand_number(row)))
    stored = _stored(corpus_db)
    every = set().union(*settled.values())
    assert set(stored) == every
    assert corpus_db.hand_count() == len(every) > 700
    # each file counts the hands it holds (stored from it, or already there from another)
    held = dict(corpus_db.con.execute("SELECT path, hands FROM files").fetchall())
    assert held == {path: len(keys) for path, keys in settled.items()}
    for key, path in stored.items():
        assert key in settled[path]


def test_every_hand_the_replay_cannot_settle_is_refused_with_its_reason(
        corpus_db: Database, corpus_replay: Replay) -> None:
    rows, errors = corpus_replay
    expected: dict[tuple[str, str], str | None] = {}
    for line in errors:
        m = ERROR.match(line)
        assert m, line
        expected[(str(Path(m["file"]).resolve()), m["hand"])] = m["reason"]
    for row in rows:
        if row["class"] in UNSETTLED:
            expected[(str(Path(row["file"]).resolve()), hand_number(row))] = None
    refused = {(path, place): reason for path, place, reason in corpus_db.con.execute(
        "SELECT path, place, reason FROM refused").fetchall()}
    assert set(refused) == set(expected)
    assert len(errors) == 3 and len(expected) == 7
    for key, reason in expected.items():
        if reason is not None:  # the replay's own words, after the file and hand
            assert refused[key] == reason
    assert refused[(str((DATA / "handhq-ipn-sample.phhs").resolve()), "3406285130")] == (
        "the actions stop before the hand is over (next: p3 to act)")
    # and per file, every hand the replay saw is stored (or there already) or refused
    seen: dict[str, int] = defaultdict(int)
    for row in rows:
        seen[str(Path(row["file"]).resolve())] += 1
    for m in map(ERROR.match, errors):
        assert m
        seen[str(Path(m["file"]).resolve())] += 1
    counts = corpus_db.con.execute("SELECT path, hands + refused FROM files").fetchall()
    assert dict(counts) == dict(seen)


def test_importing_again_adds_nothing(corpus_path: Path, tmp_path: Path,
                                      corpus_import: tuple[Path, ImportSummary]) -> None:
    first = corpus_import[1]
    assert first.new == 793 and first.refused_count == 7 and first.files == 69
    copy = tmp_path / "again.duckdb"
    shutil.copy(corpus_path, copy)
    with open_database(copy) as db:
        before = _table_counts(db)
        again = import_paths(db, CORPUS)
        assert (again.new, again.files, again.unchanged) == (0, 0, first.files)
        assert again.already == first.new + first.already
        assert _table_counts(db) == before


def test_a_file_read_again_adds_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    for name in ("pokerstars-cash-and-knockout.txt", "winamax-tournament.txt.gz",
                 "888-cash-skins.txt"):
        shutil.copy(ROOMS / name, folder / name)
    path = tmp_path / "hands.duckdb"
    with open_database(path, create=True) as db:
        first = import_paths(db, [folder])
        before = _table_counts(db)
        for f in folder.iterdir():  # touched: read again, every hand already there
            os.utime(f, (1e9, 1e9))
        again = import_paths(db, [folder])
        assert (again.files, again.unchanged, again.new) == (3, 0, 0)
        assert again.already == first.new + first.already == 3 + 54 + 2
        assert again.refused_count == first.refused_count == 1
        assert _table_counts(db) == before


def test_the_same_hand_in_two_files_is_stored_once(tmp_path: Path) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    for name in ("a.txt", "b.txt"):
        shutil.copy(ROOMS / "pokerstars-cash-and-knockout.txt", folder / name)
    summary = _import_folder(folder, tmp_path / "hands.duckdb")
    assert (summary.files, summary.new, summary.already) == (2, 3, 3)
    with open_database(tmp_path / "hands.duckdb", read_only=True) as db:
        assert db.hand_count() == 3
        assert db.con.execute("SELECT count(*) FROM hand_players").fetchall() == [(6 + 6 + 2,)]
        files = db.con.execute("SELECT path, hands FROM files ORDER BY path").fetchall()
        assert [(Path(p).name, n) for p, n in files] == [("a.txt", 3), ("b.txt", 3)]
        assert set(_stored(db).values()) == {str((folder / "a.txt").resolve())}


def test_phh_hands_without_a_number_are_told_apart_by_their_content(tmp_path: Path) -> None:
    rng = random.Random(5)
    mine, theirs = ([random_hand(rng, header("NT", [100, 100, 100])) for _ in range(3)]
                    for _ in range(2))
    folder = tmp_path / "hands"
    for where, hands in (("a", mine), ("b", theirs), ("c", mine[:1])):
        (folder / where).mkdir(parents=True)  # the same file name in each folder
        (folder / where / "session.phhs").write_text(dumps_all(hands), encoding="utf-8")
    summary = _import_folder(folder, tmp_path / "hands.duckdb")
    assert (summary.new, summary.already) == (6, 1)  # c's hand is a's first


def test_hands_appended_to_a_file_are_the_only_new_ones(tmp_path: Path) -> None:
    hands = room_hands(gzip.decompress(GG_RUSH.read_bytes()).decode("utf-8"))
    assert len(hands) == 153
    file = tmp_path / "table.txt"
    file.write_text("".join(hands[:40]), encoding="utf-8")
    with open_database(tmp_path / "hands.duckdb", create=True) as db:
        first = import_paths(db, [file])
        assert (first.new, first.already) == (40, 0)
        with file.open("a", encoding="utf-8") as f:
            f.write("".join(hands[40:]))
        os.utime(file, (2e9, 2e9))  # a later time, whatever the clock's resolution
        second = import_paths(db, [file])
        assert (second.new, second.already) == (113, 40)
        assert db.hand_count() == 153
        assert db.con.execute("SELECT hands, complete FROM files").fetchall() == [(153, True)]


def test_a_hand_refused_while_written_is_stored_once_complete(tmp_path: Path) -> None:
    hands = room_hands(gzip.decompress(GG_RUSH.read_bytes()).decode("utf-8"))
    file = tmp_path / "table.txt"
    file.write_text("".join(hands[:3]) + hands[3][: len(hands[3]) // 2], encoding="utf-8")
    number = re.search(r"#(RC\d+)", hands[3])
    assert number
    with open_database(tmp_path / "hands.duckdb", create=True) as db:
        first = import_paths(db, [file])
        assert (first.new, first.refused_count) == (3, 1)
        assert db.con.execute("SELECT place FROM refused").fetchall() == [(number[1],)]
        file.write_text("".join(hands[:4]), encoding="utf-8")
        os.utime(file, (2e9, 2e9))
        second = import_paths(db, [file])
        assert (second.new, second.already, second.refused_count) == (1, 3, 0)
        assert db.refused_count() == 0  # stored now: no longer refused


def test_gzip_files_hold_the_same_hands(tmp_path: Path) -> None:
    plain, zipped = tmp_path / "plain", tmp_path / "zipped"
    plain.mkdir()
    zipped.mkdir()
    for source in (ROOMS / "pokerstars-cash-and-knockout.txt", DATA / "handhq-abs-sample.phhs",
                   ROOMS / "winamax-cash-omaha5.txt.gz"):
        data = source.read_bytes()
        name = source.name.removesuffix(".gz")
        (plain / name).write_bytes(gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data)
        (zipped / (name + ".gz")).write_bytes(gzip.compress((plain / name).read_bytes()))
    results = []
    for folder in (plain, zipped):
        summary = _import_folder(folder, tmp_path / f"{folder.name}.duckdb")
        assert (summary.files, summary.new, summary.refused_count) == (3, 3 + 7 + 69, 0)
        with open_database(tmp_path / f"{folder.name}.duckdb", read_only=True) as db:
            results.append(db.con.execute(
                "SELECT h.room, h.hand, p.seat, p.net, p.ev_net, p.rake FROM hands h "
                "JOIN hand_players p USING (hand_id) ORDER BY ALL").fetchall())
    assert results[0] == results[1]


def test_a_malformed_section_of_a_phhs_file_is_refused_alone(tmp_path: Path) -> None:
    text = (DATA / "handhq-abs-sample.phhs").read_text(encoding="utf-8")
    start = text.index("\n[6]\n")
    broken = text[:start] + text[start:].replace("antes = [", "antes = [0, 0\nx = [", 1)
    folder = tmp_path / "hands"
    folder.mkdir()
    (folder / "sample.phhs").write_text(broken, encoding="utf-8")
    summary = _import_folder(folder, tmp_path / "hands.duckdb")
    assert (summary.new, summary.refused_count) == (6, 1)
    with open_database(tmp_path / "hands.duckdb", read_only=True) as db:
        [(path, place, reason)] = db.con.execute(
            "SELECT path, place, reason FROM refused").fetchall()
        stored = {h for (h,) in db.con.execute("SELECT hand FROM hands").fetchall()}
    assert (Path(path).name, place) == ("sample.phhs", "6")
    assert reason.startswith("not valid TOML")
    assert "3017240558" not in stored and len(stored) == 6  # section [6]'s hand


def test_a_folder_s_other_files_are_skipped_and_kept_with_their_reason(tmp_path: Path) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    shutil.copy(ROOMS / "888-cash.txt", folder / "888-cash.txt")
    (folder / "notes.txt").write_text("my notes on the session\n", encoding="utf-8")
    (folder / "empty.txt").write_text("", encoding="utf-8")
    summary = _import_folder(folder, tmp_path / "hands.duckdb")
    assert summary.new == 3
    assert sorted((Path(f).name, why) for f, why in summary.skipped) == [
        ("empty.txt", "an empty file"),
        ("notes.txt", "not a hand history: neither PHH nor a known room's hands")]
    assert "2 files of the folders skipped" in summary.lines()[-1]
    with open_database(tmp_path / "hands.duckdb", read_only=True) as db:
        kept = db.con.execute("SELECT path, place, reason FROM refused ORDER BY path").fetchall()
    assert [(Path(p).name, place, reason) for p, place, reason in kept] == [
        ("empty.txt", "", "skipped: an empty file"),
        ("notes.txt", "", "skipped: not a hand history: neither PHH nor a known room's hands")]


def test_a_file_named_that_holds_no_hand_is_refused_whole(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes on the session\n", encoding="utf-8")
    with open_database(tmp_path / "hands.duckdb", create=True) as db:
        summary = import_paths(db, [notes])
        assert (summary.files, summary.new, summary.refused_count) == (1, 0, 1)
        assert db.con.execute("SELECT place, reason FROM refused").fetchall() == [
            ("", "not a hand history: neither PHH nor a known room's hands")]


def test_a_database_file_in_the_folder_imported_is_skipped(tmp_path: Path,
                                                           corpus_path: Path) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    shutil.copy(ROOMS / "888-cash.txt", folder / "888-cash.txt")
    shutil.copy(corpus_path, folder / "old.duckdb")
    summary = _import_folder(folder, tmp_path / "hands.duckdb")
    assert summary.new == 3
    assert [Path(f).name for f, _ in summary.skipped] == ["old.duckdb"]


def test_progress_is_told_after_each_file_and_an_executor_reads_alike(tmp_path: Path) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    for name in ("888-cash.txt", "wpn-old-cash-ten-hands.txt", "ipoker-sng.xml"):
        shutil.copy(ROOMS / name, folder / name)
    told: list[tuple[int, int, int]] = []
    contents = []
    with ThreadPoolExecutor(2) as pool:
        for k, executor in enumerate((None, pool)):
            with open_database(tmp_path / f"{k}.duckdb", create=True) as db:
                import_paths(db, [folder], executor=executor,
                             progress=lambda done, total, s: told.append((done, total, s.new)))
                contents.append(db.con.execute(
                    "SELECT h.room, h.hand, h.file_id, p.seat, p.net, p.ev_net FROM hands h "
                    "JOIN hand_players p USING (hand_id) ORDER BY ALL").fetchall())
    assert told[:3] == [(1, 3, 3), (2, 3, 23), (3, 3, 33)]
    assert told[3:] == told[:3]
    assert contents[0] == contents[1] and contents[0]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG data folder")
def test_the_default_database_is_in_the_user_s_data_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    expected = tmp_path / "data" / "showdown" / "hands.duckdb"
    assert default_database() == expected
    assert run_cli(["db", "import", str(ROOMS / "888-cash.txt")])[:2] == (
        0, "1 files read: 3 new hands, 0 already there, 0 refused\n")
    with open_database(expected, read_only=True) as db:
        assert db.hand_count() == 3


# -- each player's money ---------------------------------------------------------------------


def test_the_winner_s_net_and_rake_are_the_room_s(corpus_db: Database) -> None:
    hand = corpus_db.con.execute(
        "SELECT hand_id, pot, rake, class FROM hands WHERE room = 'pokerstars' "
        "AND hand = '247743239964'").fetchall()
    [(hand_id, pot, rake, cls)] = hand
    # omgmuffins put in 0.25 + 0.75 + 1.19 + 3.50, got 3.50 back and collected 4.64
    assert (pot, rake, cls) == (Decimal("4.88"), Decimal("0.24"), "rake")
    seated = corpus_db.con.execute(
        "SELECT player, net, ev_net, won, rake FROM hand_players WHERE hand_id = ? "
        "ORDER BY turn", [hand_id]).fetchall()
    assert seated[0] == ("omgmuffins", Decimal("2.45"), Decimal("2.45"), Decimal("4.88"),
                         Decimal("0.24"))
    assert [(p, n) for p, n, *_ in seated[1:]] == [
        ("natek526", Decimal("-0.50")), ("PennStateWins", 0), ("mhuggins", 0),
        ("NutritionalFact", Decimal("-2.19")), ("maketheca11", 0)]
    assert sum(r[4] for r in seated) == rake


def test_the_players_nets_add_up_to_what_the_house_took(corpus_db: Database) -> None:
    hands = corpus_db.con.execute(
        "SELECT h.hand, h.class, h.rake, h.extra, sum(p.net), sum(p.rake), max(p.won) "
        "FROM hands h JOIN hand_players p USING (hand_id) GROUP BY ALL").fetchall()
    checked = 0
    for hand, cls, rake, extra, net, attributed, won in hands:
        fields = json.loads(extra or "{}")
        if cls == "cash-out":  # the room's price for a player's pot: checked below
            continue
        house = Fraction(rake) + sum(_amount(fields.get(k)) for k in TAKINGS)
        house -= _amount(fields.get("_cash_drop"))  # the room put that in
        assert Fraction(net) == -house, hand
        assert attributed == (rake if won > 0 else 0), hand
        checked += 1
    assert checked == len(hands) - 3


def test_a_player_who_cashed_out_nets_what_the_room_paid(corpus_db: Database) -> None:
    rows = corpus_db.con.execute(
        "SELECT h.hand, p.turn, p.net, p.ev_net FROM hands h JOIN hand_players p "
        "USING (hand_id) WHERE h.class = 'cash-out' ORDER BY h.hand, p.turn").fetchall()
    got = {(hand, turn): (net, ev) for hand, turn, net, ev in rows}
    # Ana put in $20 and the room paid her $8.20; Cy put in $45 for $16.05; d4e5f6a7
    # put in $22.50, collected $42.85 and paid $3.90 of cash-out risk
    assert got[("260000000001", 2)] == (Decimal("-11.80"), Decimal("-11.80"))
    assert got[("260000000002", 3)] == (Decimal("-28.95"), Decimal("-28.95"))
    assert got[("HD1000000101", 2)] == (Decimal("16.45"), Decimal("16.45"))
    assert got[("260000000001", 3)][0] == Decimal("18.60")  # Bo: the room's 38.60 won


def _corpus_hands() -> list[tuple[str, str, HandHistory]]:
    """(file, room, hand) of every hand of the corpus that reads."""
    out = []
    for path in sorted(ROOMS.iterdir()):
        room, hands = read_file(str(path))
        out += [(str(path.resolve()), room, h) for h in hands if isinstance(h, HandHistory)]
    for path in CORPUS[1:]:
        hands = loads_all(path.read_text(encoding="utf-8"), str(path))
        out += [(str(path.resolve()), "phh", h) for h in hands]
    return out


def test_rake_hands_net_the_room_s_winnings_less_what_was_put_in(corpus_db: Database) -> None:
    stored = _stored(corpus_db)
    nets: dict[tuple[str, str], dict[int, Decimal]] = defaultdict(dict)
    for room, hand, turn, net in corpus_db.con.execute(
            "SELECT h.room, h.hand, p.turn, p.net FROM hands h JOIN hand_players p "
            "USING (hand_id) WHERE h.class = 'rake'").fetchall():
        nets[(room, hand)][turn - 1] = net
    checked = 0
    for path, room, history in _corpus_hands():
        key = (str(history.fields.get("_room") or room), str(history.fields.get("hand")))
        if key not in nets or stored[key] != path:
            continue
        s = settle(history)
        assert verify(s).cls == "rake" and verify(s).field == "winnings"
        r, showdown = s.replay, s.showdown
        assert showdown is not None
        drop = _amount(history.fields.get("_cash_drop"))
        for i, seat in enumerate(history.seats):
            put_in = Fraction(r.contributed[i], r.scale)
            back = Fraction(showdown.returned.get(seat, 0), r.scale)
            paid = Fraction(showdown.payouts.get(seat, 0), r.scale)
            won = _amount(history.fields["winnings"][i])
            # the room's winnings count an uncalled bet handed back where they say more
            # than the pots paid (with the house's cash drop added)
            room_net = won - put_in + (back if won <= paid + drop else 0)
            assert Fraction(nets[key][i]) == room_net, (key, i)
        checked += 1
    assert checked == len(nets) > 300


def test_ev_net_differs_from_net_by_the_replay_s_all_in_correction(
        corpus_db: Database, corpus_replay: Replay) -> None:
    rows, _ = corpus_replay
    stored = _stored(corpus_db)
    players: dict[tuple[str, str], list[tuple[Decimal, Decimal]]] = defaultdict(list)
    streets = {}
    for room, hand, street, net, ev in corpus_db.con.execute(
            "SELECT h.room, h.hand, h.all_in_street, p.net, p.ev_net FROM hands h "
            "JOIN hand_players p USING (hand_id) ORDER BY h.hand_id, p.turn").fetchall():
        players[(room, hand)].append((net, ev))
        streets[(room, hand)] = street
    corrected = 0
    for row in rows:
        key = (row["format"], hand_number(row))
        if key not in stored or stored[key] != str(Path(row["file"]).resolve()):
            continue
        assert streets[key] == row["all_in_street"], key
        seated = players[key]
        if not row.get("ev"):
            assert all(net == ev for net, ev in seated), key
            continue
        for (net, ev), player in zip(seated, row["ev"], strict=True):
            out = any(d.get("cashed_out") is not None and d["player"] == player["player"]
                      for d in row["differences"])
            want = 0.0 if out else -player["difference"]
            assert abs(float(ev - net) - want) <= 1e-6, (key, player["name"])
        corrected += any(ev != net for net, ev in seated)
    # every hand with an all-in before the last card, and only those, is corrected
    differ = sum(any(n != e for n, e in seated) for seated in players.values())
    assert differ == corrected > 100


def test_the_pots_hold_the_hand_s_pot(corpus_db: Database) -> None:
    wrong = corpus_db.con.execute(
        "SELECT h.hand FROM hands h WHERE h.pot <> (SELECT coalesce(sum(amount), 0) FROM "
        "(SELECT DISTINCT pot, amount FROM pots p WHERE p.hand_id = h.hand_id))").fetchall()
    assert wrong == []
    # a hand run twice has a pot per run (35456787343: 625 chips, two halves of 312.50)
    pots = corpus_db.con.execute(
        "SELECT DISTINCT p.pot, p.amount FROM pots p JOIN hands h USING (hand_id) "
        "WHERE h.hand = '35456787343' ORDER BY 1").fetchall()
    assert pots == [(0, Decimal("312.5")), (1, Decimal("312.5"))]


# -- a file that is not a hand database ------------------------------------------------------


def _other_tables(path: Path) -> None:
    with duckdb.connect(str(path)) as con:
        con.execute("CREATE TABLE notes (line VARCHAR)")
        con.execute("INSERT INTO notes VALUES ('mine')")


def _other_version(path: Path) -> None:
    with duckdb.connect(str(path)) as con:
        schema.create(con)
        con.execute("UPDATE meta SET value = ? WHERE key = 'schema'", [str(schema.VERSION + 1)])


def _truncated(cut: float) -> Any:
    def make(path: Path, source: Path) -> None:
        data = source.read_bytes()
        path.write_bytes(data[: int(cut * len(data)) if cut < 1 else int(cut)])
    return make


@pytest.mark.parametrize(("make", "reason"), [
    (lambda p, _: p.write_text("hands I played\n"), "not a hand database (not a DuckDB file)"),
    (lambda p, _: p.write_bytes(b""), "not a hand database (not a DuckDB file)"),
    (_truncated(100), "a damaged database"),
    (_truncated(10_000), "a damaged database"),
    (_truncated(0.5), "a damaged database"),
    (lambda p, _: _other_tables(p), "a DuckDB file, but not a hand database (its tables: notes)"),
    (lambda p, _: _other_version(p),
     f"a hand database of schema version {schema.VERSION + 1}; this version of showdown "
     f"reads version {schema.VERSION}"),
], ids=["text", "empty", "cut-100", "cut-10000", "cut-half", "other-tables", "other-version"])
@pytest.mark.parametrize("read_only", [False, True], ids=["write", "read"])
def test_a_file_that_is_not_a_hand_database_is_refused_untouched(
        tmp_path: Path, corpus_path: Path, make: Any, reason: str, read_only: bool) -> None:
    path = tmp_path / "hands.duckdb"
    make(path, corpus_path)
    before = path.read_bytes()
    with pytest.raises(DatabaseError) as refused:
        open_database(path, read_only=read_only, create=True)
    assert str(refused.value).startswith(f"{path}: {reason}")
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.duckdb"]


def test_a_missing_database_is_made_only_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "new" / "hands.duckdb"
    with pytest.raises(DatabaseError, match="no hand database there"):
        open_database(path)
    assert not path.parent.exists()
    with open_database(path, create=True) as db:
        assert db.hand_count() == 0
    with pytest.raises(DatabaseError, match="a folder, not a hand database file"):
        open_database(tmp_path)
