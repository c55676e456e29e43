"""The database's default place: each platform's data folder (:mod:`showdown.tracker.paths`)."""

from __future__ import annotations

from pathlib import Path, PurePosixPath, PureWindowsPath

import pytest

from showdown.tracker.paths import data_folder, default_database

HOME = PurePosixPath("/home/ann")


@pytest.mark.parametrize(
    ("env", "platform", "expected"),
    [
        ({}, "linux", "/home/ann/.local/share/showdown"),
        ({"XDG_DATA_HOME": "/srv/data"}, "linux", "/srv/data/showdown"),
        ({"XDG_DATA_HOME": ""}, "linux", "/home/ann/.local/share/showdown"),
        ({"XDG_DATA_HOME": "data"}, "freebsd14", "/home/ann/.local/share/showdown"),
        ({"XDG_DATA_HOME": "/srv"}, "darwin", "/home/ann/Library/Application Support/showdown"),
    ],
)
def test_unix_and_macos(env: dict[str, str], platform: str, expected: str) -> None:
    assert data_folder(env, platform, HOME) == PurePosixPath(expected)


def test_windows_uses_appdata_or_the_roaming_folder() -> None:
    roaming = data_folder({"APPDATA": r"D:\Profiles\ann\Roaming"}, "win32")
    assert roaming == PureWindowsPath(r"D:\Profiles\ann\Roaming\showdown")
    fallback = data_folder({}, "win32", PureWindowsPath(r"C:\Users\ann"))
    assert fallback == PureWindowsPath(r"C:\Users\ann\AppData\Roaming\showdown")


def test_default_database_follows_this_process_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_database() == tmp_path / "showdown" / "hands.duckdb"
    assert not (tmp_path / "showdown").exists()  # naming the place creates nothing
