"""The game's fixtures: a real ``showdown play`` server and one headless Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers.browser import launch_chromium
from helpers.game_server import running_server


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """One headless Chromium per test module (Debian's, launched by ``helpers.browser``)."""
    yield from launch_chromium()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[object]:
    """A real ``showdown play`` game server on a fresh SQLite file, profile ``player``."""
    yield from running_server(tmp_path / "game.sqlite3", profile="player")
