"""The local process pool of ``replay_paths``: workers read their own files or byte
ranges of a big .phhs, and every report is the one a single process gives."""

from __future__ import annotations

import io
import itertools
import json
import pickle
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from showdown.phh import dumps_all, replay_paths
from showdown.phh.corpus import pool as pool_module
from showdown.phh.corpus.pool import replay_lines
from showdown.phh.corpus.reports import HandReport, from_rows, to_rows
from showdown.phh.export import settlement_to_history
from showdown.phh.generate import header, random_hand
from showdown.phh.settlement import settle


def hands_text(n: int, seed: int = 4) -> str:
    rng = random.Random(seed)
    fields = header("NT", [200] * 4, blinds_or_straddles=[1, 2, 0, 0], min_bet=2)
    return dumps_all([settlement_to_history(settle(random_hand(rng, fields)))
                      for _ in range(n)])


def same_as_one_process(paths: list[Path], chunk: int) -> list[HandReport]:
    """The pool's reports (and JSON lines) are the ones this process gives, with the pool's
    tasks run here and with the chunks of text an executor is sent (units cut at every
    table line, a separate path)."""
    with ThreadPoolExecutor(1) as threads:
        chunked = list(replay_paths(paths, executor=threads, chunk=chunk))
    one = list(replay_paths(paths, chunk=chunk))
    two = list(replay_paths(paths, workers=2, chunk=chunk))
    assert [r.to_dict() for r in two] == [r.to_dict() for r in one]
    assert [r.to_dict() for r in one] == [r.to_dict() for r in chunked]
    assert two == one == chunked
    lines = [json.dumps(r.to_dict(), ensure_ascii=False) for r in one]
    for workers in (1, 2):
        got = list(replay_lines(paths, workers=workers, chunk=chunk))
        assert [line for *_, line in got] == lines
        assert [(f, h, c, e) for f, h, c, e, _ in got] == [
            (r.file, r.hand, r.cls, r.error) for r in one]
    return two


def test_ranges_small_files_and_bad_files_as_in_one_process(tmp_path: Path) -> None:
    text = hands_text(40)
    (tmp_path / "big.phhs").write_text("# a corpus\n" + text)
    (tmp_path / "small.phhs").write_text(hands_text(2, seed=5))
    (tmp_path / "one.phh").write_text(hands_text(1, seed=6).split("\n", 1)[1])
    (tmp_path / "broken.phh").write_text("variant = ")
    plan = list(pool_module.tasks([tmp_path], 3))
    assert plan[0][0] == "ranges" and len(plan[0][2]) > 3
    assert all(task[0] == "files" for task in plan[1:])
    assert [Path(f).name for task in plan[1:] for f in task[1]] == [
        "broken.phh", "one.phh", "small.phhs"]
    reports = same_as_one_process([tmp_path], chunk=3)
    assert len(reports) == 40 + 1 + 1 + 2
    assert {r.cls for r in reports[:40]} == {"match"}
    assert reports[40].error is not None and "broken.phh" in reports[40].error


@pytest.mark.parametrize("run", [None, 300])  # 300: ranges read in runs of a few hands
@pytest.mark.parametrize("case", ["duplicate", "crlf", "nested", "indented", "quoted",
                                  "dotted", "preamble"])
def test_a_file_whose_ranges_are_not_plain_is_replayed_whole(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, case: str, run: int | None) -> None:
    if run is not None:
        monkeypatch.setattr(pool_module, "BATCH_BYTES", run)
    text = hands_text(30)
    if case == "duplicate":  # tables of the same name in two ranges: not valid TOML
        text += "\n" + text[: text.index("\n[2]")]
    elif case == "crlf":  # read whole, "\r\n" is "\n"
        text = text.replace("\n", "\r\n")
    elif case == "nested":  # lines opening with "[" inside an array (a field ignored)
        text = text.replace("\n[", "\nmy_notes = [\n[7, 8],\n]\n[")
    elif case == "quoted":  # a table name in quotes: TOML, not a plain table line
        text = text.replace("\n[17]\n", '\n["17"]\n')
    elif case == "dotted":  # [17.x] inside the hand [17]: one table line more than hands
        text = text.replace("\n[18]\n", "\n[17.x]\nnote = 1\n[18]\n")
    elif case == "preamble":  # a key before the first table: the file does not read
        text = "event = 'x'\n" + text
    else:
        text = text.replace("\n[", "\n  [")
    path = tmp_path / "hands.phhs"
    path.write_bytes(text.encode())
    ranges = next(pool_module.tasks([path], 2))[2]
    if case == "nested":  # a range starts there
        assert any(text.encode()[start : start + 3] == b"[7," for start, _ in ranges)
    reports = same_as_one_process([path], chunk=2)
    if case == "duplicate":
        [report] = reports
        assert report.error is not None and "not valid TOML" in report.error
    elif case == "preamble":
        [report] = reports
        assert report.error is not None and "not a table" in report.error
    else:
        assert len(reports) == 30 and {r.cls for r in reports} == {"match"}


def test_cuts_fall_on_table_lines_across_blocks(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    text = hands_text(25)
    path = tmp_path / "hands.phhs"
    path.write_text(text)
    data = path.read_bytes()
    for block in (2, 3, 7, 1 << 16):
        monkeypatch.setattr(pool_module, "_BLOCK", block)
        ranges = pool_module._ranges(str(path), 600)
        assert ranges is not None and len(ranges) > 3
        assert ranges[0][0] == 0 and ranges[-1][1] == len(data)
        assert all(end == start for (_, end), (start, _) in itertools.pairwise(ranges))
        assert all(data[start - 1 : start + 1] == b"\n[" for start, _ in ranges[1:])
    assert pool_module._next_section(io.BytesIO(b"[1]\na = 1\n"), 1) == -1


def test_details_unpack_on_first_read(tmp_path: Path) -> None:
    path = tmp_path / "hands.phhs"
    path.write_text(hands_text(5))
    originals = list(replay_paths([path]))
    rows = from_rows(to_rows(originals))
    assert all(type(r._details) is bytes for r in rows)  # packed as a worker sends them
    assert [r.cls for r in rows] == [r.cls for r in originals]
    assert all(type(r._details) is bytes for r in rows)  # file, hand, class: not unpacked
    assert rows[1].settlement == originals[1].settlement and type(rows[1]._details) is tuple
    assert pickle.loads(pickle.dumps(rows[0])) == originals[0]
    assert rows == originals and repr(rows[3]) == repr(originals[3])
    assert rows[2] != HandReport(rows[2].file, rows[2].hand, rows[2].cls)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        rows[2].nothing  # noqa: B018


def test_plain_tables_are_read_without_looking_for_table_lines(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A range or file of plain tables is read at once: no scan of its lines (the scan is
    the fallback for files that are not plain)."""
    path = tmp_path / "hands.phhs"
    path.write_text(hands_text(30))
    expected = list(replay_paths([path], chunk=3))

    def no_scan(text: str) -> list[tuple[int, int, str]]:
        raise AssertionError("scanned for table lines")

    monkeypatch.setattr(pool_module, "section_headers", no_scan)
    assert len(next(pool_module.tasks([path], 3))[2]) > 3  # several ranges
    assert list(replay_paths([path], chunk=3)) == expected
    assert list(replay_paths([path], chunk=1000)) == expected  # one file, read whole
    monkeypatch.setattr(pool_module, "BATCH_BYTES", 200)  # read and settled in runs
    assert list(replay_paths([path], chunk=3)) == expected
    monkeypatch.setattr(pool_module, "HOLD", 1)  # rows held packed till the last range
    held = list(replay_paths([path], chunk=3))
    assert type(held[0]._details) is bytes and held == expected  # (comparing unpacks)
    assert list(replay_paths([path], workers=2, chunk=1000)) == expected


def test_tables_of_the_same_name_in_two_runs_are_not_plain(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    text = hands_text(12)
    path = tmp_path / "hands.phhs"
    path.write_text(text + "\n" + text[: text.index("\n[2]")])  # [1] twice, far apart
    monkeypatch.setattr(pool_module, "BATCH_BYTES", 300)
    for workers in (1, 2):
        [report] = replay_paths([path], workers=workers, chunk=1000)  # read whole, in runs
        assert report.error is not None and "not valid TOML" in report.error
