"""``showdown db`` as a user runs it: the import's summary, the players' JSON and CSV, the
hand list as JSON lines, and bad input answered by one ``error:`` line and status 2.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from helpers.cli import run_cli
from helpers.paths import DATA, ROOMS
from helpers.tracker_corpus import run_showdown
from showdown.tracker.database import open_database

#: A few rooms' files, one with a hand refused, one gzip'd.
FEW = ("888-cash-skins.txt", "pokerstars-cash-and-knockout.txt", "winamax-tournament.txt.gz",
       "bovada-cash-and-tournament.txt", "ipoker-sng.xml", "partypoker-cash-hu.txt")
STATISTICS = ("vpip", "pfr", "three_bet", "fold_to_three_bet", "steal", "cbet", "fold_to_cbet",
              "wtsd", "wsd", "wwsf")
CSV_HEAD = ["player", "hands", *STATISTICS, "af", "afq", "net", "ev_net", "rake", "bb100",
            "ev_bb100"]


def _folder(tmp_path: Path, names: tuple[str, ...] = FEW) -> Path:
    folder = tmp_path / "hands"
    folder.mkdir()
    for name in names:
        shutil.copy(ROOMS / name, folder / name)
    return folder


def _one_error(code: int, out: str, err: str) -> str:
    """The single ``error:`` line of a refused command (status 2, nothing else said)."""
    assert code == 2, (out, err)
    assert "Traceback" not in err and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    return lines[0]


def test_import_prints_its_summary(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    (folder / "notes.txt").write_text("not hands\n", encoding="utf-8")
    db = tmp_path / "hands.duckdb"
    done = run_showdown("db", "import", folder, "--db", db)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "6 files read: 107 new hands, 0 already there, 1 refused",
        "  1 refused: the hand was called off before the deal (a blind declined to post): "
        "no cards were dealt, nothing to replay",
        "  1 files of the folders skipped (no hand history)"]
    assert done.stderr == (f"skipped: {folder / 'notes.txt'}: not a hand history: neither PHH "
                           "nor a known room's hands\n")
    code, out, err = run_cli(["db", "import", str(folder), "--db", str(db)])
    assert (code, err.count("skipped: ")) == (0, 1)
    assert out.splitlines()[0] == ("0 files read (6 unchanged since their import, not read "
                                   "again): 0 new hands, 107 already there, 0 refused")


def test_players_as_json_csv_and_a_table(corpus_path: Path) -> None:
    code, out, err = run_cli(["db", "players", "--db", str(corpus_path), "--json",
                              "--min-hands", "20"])
    assert (code, err) == (0, "")
    rows: list[dict[str, Any]] = json.loads(out)
    assert rows and all(r["hands"] >= 20 for r in rows)
    assert set(rows[0]) == {"player", "hands", *STATISTICS, "af", "afq", "net", "ev_net",
                            "rake", "bb100", "ev_bb100"}
    assert all(set(r["vpip"]) == {"made", "opportunities", "percent"} for r in rows)
    code, out, err = run_cli(["db", "players", "--db", str(corpus_path), "--csv",
                              "--min-hands", "20"])
    assert (code, err) == (0, "")
    table = list(csv.reader(io.StringIO(out)))
    assert table[0] == CSV_HEAD
    assert [(r[0], int(r[1])) for r in table[1:]] == [(r["player"], r["hands"]) for r in rows]
    code, out, _ = run_cli(["db", "players", "--db", str(corpus_path), "--player", "Hero",
                            "--by", "game"])
    lines = out.splitlines()
    assert code == 0 and lines[0].split()[:3] == ["player", "game", "hands"]
    assert {line.split()[1] for line in lines[1:]} >= {"NT", "PO"}
    code, out, _ = run_cli(["db", "players", "--db", str(corpus_path), "--player", "Nobody"])
    assert (code, out.splitlines()[-1]) == (0, "no player in the hands selected")


def test_hands_as_json_lines(corpus_path: Path) -> None:
    code, out, err = run_cli(["db", "hands", "--db", str(corpus_path), "--player", "Hero",
                              "--json", "--room", "ggpoker"])
    assert (code, err) == (0, "")
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) > 100 and all(r["player"] == "Hero" and r["room"] == "ggpoker"
                                   for r in rows)
    code, out, _ = run_cli(["db", "hands", "--db", str(corpus_path), "--player", "Hero",
                            "--room", "ggpoker", "--limit", "5"])
    lines = out.splitlines()
    assert code == 0 and len(lines) == 6 and lines[-1] == "5 hands"
    assert lines[0].startswith(f"ggpoker #{rows[0]['hand']}  ")


@pytest.mark.parametrize(("argv", "says"), [
    (["db", "players", "--db", "{tmp}/none.duckdb"], "{tmp}/none.duckdb: no hand database"),
    (["db", "players", "--db", "{tmp}/notes.txt"],
     "{tmp}/notes.txt: not a hand database (not a DuckDB file)"),
    (["db", "hands", "--db", "{db}", "--from", "2024-02-30"],
     "'2024-02-30' is not a date of the form YYYY-MM-DD"),
    (["db", "players", "--db", "{db}", "--to", "yesterday"], "'yesterday' is not a date"),
    (["db", "players", "--db", "{db}", "--by", "table"], "argument --by: invalid choice"),
    (["db", "players", "--db", "{db}", "--min-hands", "-1"], "--min-hands must be 0 or more"),
    (["db", "hands", "--db", "{db}", "--limit", "-3"], "--limit must be 0 or more"),
    (["db", "import", str(ROOMS / "888-cash.txt"), "--db", "{tmp}/new.duckdb", "--workers",
      "0"], "--workers must be 1 or more"),
    (["db", "import", "{tmp}/nowhere", "--db", "{tmp}/new.duckdb"],
     "{tmp}/nowhere: no such file or folder"),
    (["db", "import", "{tmp}", "--db", "{tmp}/new.duckdb"],
     "{tmp}: no hand histories in this folder"),
    (["db", "players", "--db", "{db}", "--scheduler", "tcp://127.0.0.1:9"],
     "--scheduler needs --parquet DIR"),
    (["db", "players", "--parquet", "{tmp}"], "{tmp}: holds no hand_players Parquet file"),
    (["db", "players", "--parquet", "{tmp}", "--room", "ggpoker"], "the room filter"),
    (["db", "import", str(ROOMS / "888-cash.txt"), "--db", "{tmp}/new.duckdb", "--workers",
      "2", "--scheduler", "tcp://127.0.0.1:9"], "not allowed with argument"),
], ids=["missing-db", "text-db", "bad-date", "bad-to", "bad-by", "min-hands", "limit",
        "workers", "no-path", "empty-folder", "scheduler", "no-parquet", "parquet-room",
        "workers-and-scheduler"])
def test_bad_input_is_one_error_line(tmp_path: Path, corpus_path: Path, argv: list[str],
                                     says: str) -> None:
    (tmp_path / "notes.txt").write_text("my notes\n", encoding="utf-8")
    fill = {"tmp": str(tmp_path), "db": str(corpus_path)}
    line = _one_error(*run_cli([a.format(**fill) for a in argv]))
    assert says.format(**fill) in line
    assert not (tmp_path / "new.duckdb").exists()  # nothing made for a refused import
    assert not (tmp_path / "none.duckdb").exists()


def test_a_damaged_database_is_one_error_line_naming_it(tmp_path: Path,
                                                        corpus_path: Path) -> None:
    with open_database(corpus_path, read_only=True) as db:  # where the players' rows lie
        [(block,)] = db.con.execute(
            "SELECT min(block_id) FROM pragma_storage_info('hand_players') "
            "WHERE block_id >= 0").fetchall()
    data = corpus_path.read_bytes()
    start = 3 * 4096 + block * 256 * 1024 + 1000  # (after the file's three header blocks)
    path = tmp_path / "damaged.duckdb"
    path.write_bytes(data[:start] + b"\xff" * 64 + data[start + 64:])
    line = _one_error(*run_cli(["db", "players", "--db", str(path), "--json"]))
    assert line.startswith(f"error: {path}: a damaged database (")
    assert path.read_bytes() == data[:start] + b"\xff" * 64 + data[start + 64:]
    _one_error(*run_cli(["db", "hands", "--db", str(path), "--player", "Hero"]))


def test_a_subprocess_s_error_has_no_traceback(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("my notes\n", encoding="utf-8")
    done = run_showdown("db", "hands", "--db", tmp_path / "notes.txt")
    _one_error(done.returncode, done.stdout, done.stderr)


def _content(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every table's rows, without the times of the import."""
    out = {}
    with open_database(path, read_only=True) as db:
        for table in ("hands", "hand_players", "actions", "pots"):
            out[table] = db.con.execute(f"SELECT * FROM {table} ORDER BY ALL").fetchall()
        out["files"] = db.con.execute(
            "SELECT file_id, path, size, mtime, hands, refused, complete FROM files "
            "ORDER BY ALL").fetchall()
        out["refused"] = db.con.execute(
            "SELECT file_id, path, place, room, reason FROM refused ORDER BY ALL").fetchall()
    return out


def test_two_workers_store_what_one_stores(tmp_path: Path) -> None:
    folder = _folder(tmp_path, (*FEW, "ggpoker-rush-tax.txt", "wpn-old-cash-ten-hands.txt"))
    shutil.copy(DATA / "handhq-abs-sample.phhs", folder / "sample.phhs")
    contents = []
    for workers in ("1", "2"):
        db = tmp_path / f"workers-{workers}.duckdb"
        code, out, err = run_cli(["db", "import", str(folder), "--db", str(db), "--workers",
                                  workers])
        assert (code, err) == (0, ""), err
        assert out.startswith("9 files read: 125 new hands")
        contents.append(_content(db))
    assert contents[0] == contents[1]
    assert len(contents[0]["hands"]) == 125
