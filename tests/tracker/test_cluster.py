"""Players' figures over an export's Parquet files on a real Dask cluster equal the database's.

The corpus database is exported with a few thousand rows a file (several files to share
out), then summed file by file on the workers of a ``distributed.LocalCluster`` of two
processes, through the library and through ``showdown db players --parquet --scheduler``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from showdown.commands.main import main
from showdown.tracker.cluster import parquet_files, parquet_players
from showdown.tracker.database import open_database
from showdown.tracker.export import export_parquet
from showdown.tracker.filters import Filters
from showdown.tracker.query import players

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def parts(corpus_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("parts") / "export"
    with open_database(corpus_path, read_only=True) as db:
        export_parquet(db.con, folder, rows_per_file=1500)
    return folder


@pytest.fixture(scope="module")
def cluster() -> Iterator[object]:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as local:
        yield local


def test_the_export_is_cut_into_several_files(parts: Path) -> None:
    assert len(parquet_files(parts)) >= 3


@pytest.mark.parametrize("by", [None, "position", "stakes", "game", "month", "seats"])
def test_players_on_the_cluster_equal_the_database(
    corpus_path: Path, parts: Path, cluster: distributed.LocalCluster, by: str | None
) -> None:
    filters = Filters(min_hands=2)
    with open_database(corpus_path, read_only=True) as db:
        expected = players(db, filters, by)
    with distributed.Client(cluster) as client:
        found = parquet_players(parts, filters, by, client.get_executor())
    assert expected and found == expected


def test_the_command_on_the_cluster_prints_what_the_database_gives(
    corpus_path: Path, parts: Path, cluster: distributed.LocalCluster,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["db", "players", "--db", str(corpus_path), "--game", "NT", "--json"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert main(["db", "players", "--parquet", str(parts), "--game", "NT", "--json",
                 "--scheduler", cluster.scheduler_address]) == 0
    assert json.loads(capsys.readouterr().out) == local and local


def test_a_folder_without_an_export_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["db", "players", "--parquet", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error:") and str(tmp_path) in err[0]
