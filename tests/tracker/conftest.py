"""The hand database's tests share one import of the corpus (it takes seconds): a real
DuckDB file, written once per session, read by the tests (a test that writes copies it).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from helpers.tracker_corpus import CORPUS, replay_report
from showdown.tracker.database import Database, open_database
from showdown.tracker.ingest import ImportSummary, import_paths


@pytest.fixture(scope="session")
def corpus_import(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ImportSummary]:
    """The corpus imported into a fresh database file: (its path, the import's summary)."""
    path = tmp_path_factory.mktemp("corpus") / "hands.duckdb"
    with open_database(path, create=True) as db:
        summary = import_paths(db, CORPUS)
    return path, summary


@pytest.fixture(scope="session")
def corpus_path(corpus_import: tuple[Path, ImportSummary]) -> Path:
    """The corpus's database file (closed: open it read-only, or copy it to write)."""
    return corpus_import[0]


@pytest.fixture
def corpus_db(corpus_path: Path) -> Iterator[Database]:
    """The corpus's database, open read-only."""
    with open_database(corpus_path, read_only=True) as db:
        yield db


@pytest.fixture(scope="session")
def corpus_replay() -> tuple[list[dict[str, Any]], list[str]]:
    """What ``showdown replay --json --keep-going --ev`` says of the corpus."""
    return replay_report(list(CORPUS))
