"""``showdown replay PATH...``: JSON lines, summary, --check, --keep-going, errors, workers."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from helpers.paths import DATA
from showdown.commands.main import main
from showdown.phh import dumps_all, replay_paths
from showdown.phh.export import settlement_to_history
from showdown.phh.generate import header, random_hand
from showdown.phh.settlement import settle

FOLD = (
    'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n'
    'starting_stacks = [100, 100, 100]\nplayers = ["Ana", "Bo", "Cy"]\n'
    'actions = ["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 7h2s", "p3 f", "p1 cbr 6", "p2 f"]\n'
)


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["replay", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "hands"
    (folder / "deep").mkdir(parents=True)
    (folder / "a.phh").write_text(FOLD + "finishing_stacks = [102, 98, 100]\n")
    (folder / "deep" / "b.phhs").write_text(
        f"[7]\n{FOLD}finishing_stacks = [102, 98, 100]\n\n[8]\n{FOLD}"
        f"finishing_stacks = [100, 100, 100]\n\n[9]\n{FOLD}"
    )
    (folder / "notes.txt").write_text("not a hand")
    return folder


def test_json_lines_for_every_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = corpus(tmp_path)
    code, out, err = run_cli(capsys, str(folder), "--json")
    assert code == 0 and err == (f"skipped: {folder / 'notes.txt'}: not a hand history: "
                                 "neither PHH nor a known room's hands\n")
    rows = [json.loads(line) for line in out.splitlines()]
    assert [(Path(r["file"]).name, r["hand"], r["class"]) for r in rows] == [
        ("a.phh", "1", "match"), ("b.phhs", "7", "match"), ("b.phhs", "8", "mismatch"),
        ("b.phhs", "9", None)]
    first = rows[0]
    for key in ("file", "hand", "class", "finishing_stacks", "recorded", "pots", "payouts",
                "returned"):
        assert key in first
    assert first["finishing_stacks"] == [102, 98, 100] and first["net"] == [2, -2, 0]
    assert first["recorded"] == [102, 98, 100]
    assert first["pots"] == [{"amount": 4, "eligible": [1], "winners": [1], "shares": {"1": 4}}]
    assert first["payouts"] == {"1": 4} and first["returned"] == {"1": 4}
    assert rows[2]["differences"][0] == {"player": "p1", "name": "Ana", "ours": 102,
                                         "recorded": 100}
    assert rows[3]["recorded"] is None


def test_human_summary_and_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = corpus(tmp_path)
    code, out, _ = run_cli(capsys, str(folder))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].endswith("b.phhs, hand 8: mismatch: p1 (Ana) ours 102, recorded 100; "
                             "p2 (Bo) ours 98, recorded 100")
    assert "Hands: 4 (files: 2)" in lines
    assert "match 2, odd chip 0, rake 0, unknown cards 0, mismatch 1, no recorded result 1" in lines
    assert lines[-1] == "Skipped files (not hand histories): 1"  # notes.txt
    assert run_cli(capsys, str(folder), "--check")[0] == 1
    assert run_cli(capsys, str(folder / "a.phh"), "--check")[0] == 0
    assert "Manos: 1 (archivos: 1)" in run_cli(capsys, str(folder / "a.phh"), "--lang", "es")[1]


def test_errors_stop_or_are_counted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = corpus(tmp_path)
    (folder / "bad.phh").write_text(FOLD.replace('"p3 f"', '"p1 f"'))
    (folder / "broken.phh").write_text("variant = ")
    code, out, err = run_cli(capsys, str(folder))
    assert code == 2 and out == ""
    assert err.count("error: ") == 1 and err.count("skipped: ") == 1  # notes.txt
    assert "bad.phh, hand 1: action 3 'p1 f': breaks the turn order" in err
    code, out, err = run_cli(capsys, str(folder), "--keep-going")
    assert code == 0
    assert err.count("error: ") == 2 and "broken.phh: not valid TOML" in err
    assert "Errors: 2" in out and "Hands: 4 (files: 4)" in out
    assert run_cli(capsys, str(folder), "--keep-going", "--check")[0] == 1
    assert run_cli(capsys, str(folder / "missing.phh"))[2].startswith("error: ")


def test_stdin_and_workers(tmp_path: Path) -> None:
    rng = random.Random(3)
    hands = [settlement_to_history(settle(random_hand(rng, header("NT", [100] * 4))))
             for _ in range(30)]
    text = dumps_all(hands)
    command = [sys.executable, "-m", "showdown", "replay", "-", "--json", "--check"]
    done = subprocess.run(command, input=text, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["hand"] for r in rows] == [str(k) for k in range(1, 31)]
    assert {r["class"] for r in rows} == {"match"}
    path = tmp_path / "many.phhs"
    path.write_text(text)
    one = [r.to_dict() for r in replay_paths([path])]
    two = [r.to_dict() for r in replay_paths([path], workers=2, chunk=7)]
    with ThreadPoolExecutor(2) as pool:
        threads = [r.to_dict() for r in replay_paths([path], executor=pool, chunk=4)]
    assert one == two == threads


def test_repair_fills_in_missing_folds(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(DATA / "wsop-2019-42-3-00-01-07.phh")
    assert run_cli(capsys, path)[0] == 2
    code, out, err = run_cli(capsys, path, "--repair", "--json", "--check")
    row = json.loads(out)
    assert code == 0 and err == ""
    assert row["class"] == "match" and row["inferred"] == ["p8 f"]


@pytest.mark.xdist_group("processes")
def test_scheduler_replays_on_dask_as_locally(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    distributed = pytest.importorskip("distributed")
    rng = random.Random(5)
    hands = [settlement_to_history(settle(random_hand(rng, header("NT", [100] * 3))))
             for _ in range(12)]
    (tmp_path / "many.phhs").write_text(dumps_all(hands))
    folder = corpus(tmp_path)
    local = run_cli(capsys, str(folder), str(tmp_path / "many.phhs"), "--json")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as cluster:
        address = cluster.scheduler_address
        on_dask = run_cli(
            capsys, str(folder), str(tmp_path / "many.phhs"), "--json", "--scheduler", address
        )
        with distributed.Client(cluster) as client:
            chunked = list(replay_paths([tmp_path / "many.phhs"], executor=client.get_executor(),
                                        chunk=5))
    assert local[0] == on_dask[0] == 0
    assert on_dask[1] == local[1] and len(local[1].splitlines()) == 4 + 12
    assert [r.to_dict() for r in chunked] == [r.to_dict() for r in replay_paths(
        [tmp_path / "many.phhs"])]


def test_bad_scheduler_is_one_error_line(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    (tmp_path / "a.phh").write_text(FOLD)
    done = subprocess.run(
        [sys.executable, "-m", "showdown", "replay", str(tmp_path / "a.phh"),
         "--scheduler", "tcp://127.0.0.1:9"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and done.stdout == ""
    assert len(lines) == 1 and lines[0].startswith("error:") and "tcp://127.0.0.1:9" in lines[0]


def test_workers_and_scheduler_are_exclusive(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["replay", "a.phh", "--workers", "2", "--scheduler", "tcp://127.0.0.1:9"])
    assert exc.value.code == 2 and "not allowed with" in capsys.readouterr().err


def test_runs_of_tables_keep_errors_to_their_hand(tmp_path: Path) -> None:
    """A .phhs is sent to workers in runs of tables; one table that does not read is an
    error of that hand only, wherever the runs are cut, in-process or in processes."""
    good = f"{FOLD}finishing_stacks = [102, 98, 100]\n"
    tables = [f"[{k}]\n{good if k != 5 else 'variant = '}\n" for k in range(1, 10)]
    plain = tmp_path / "plain.phhs"
    plain.write_text("# a corpus\n" + "".join(tables))
    indented = tmp_path / "indented.phhs"
    indented.write_text("".join("  " + t for t in tables))
    duplicate = tmp_path / "duplicate.phhs"
    duplicate.write_text(tables[0] + tables[0])
    for path in (plain, indented):
        for chunk in (1, 4, 100):
            for workers in (1, 2):
                rows = list(replay_paths([path], workers=workers, chunk=chunk))
                assert [r.hand for r in rows] == [str(k) for k in range(1, 10)]
                assert [r.cls for r in rows] == ["match"] * 4 + [None] + ["match"] * 4
                assert rows[4].error is not None and "hand 5" in rows[4].error
    [row] = replay_paths([duplicate], workers=2)
    assert row.error is not None and "not valid TOML" in row.error


def test_json_and_summary_in_processes_as_in_one(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """With --workers 2 the workers make the JSON lines: the same lines, errors and exit
    statuses as one process, with --keep-going, --check and without."""
    folder = corpus(tmp_path)
    (folder / "bad.phh").write_text(FOLD.replace('"p3 f"', '"p1 f"'))
    (folder / "big.phhs").write_text("".join(
        f"[{k}]\n{FOLD}finishing_stacks = [102, 98, 100]\n" for k in range(1, 60)))
    for flags in (["--json"], ["--json", "--keep-going", "--check"], ["--keep-going"]):
        one = run_cli(capsys, str(folder), *flags)
        two = run_cli(capsys, str(folder), *flags, "--workers", "2")
        assert two == one
    code, out, err = one
    assert code == 0 and "Errors: 1" in out and "bad.phh, hand 1: action 3" in err
