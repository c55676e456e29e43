"""Where the hand database lives when ``--db`` does not say: :func:`default_database`.

The user's data folder, by each platform's convention, holds ``showdown/hands.duckdb``:

- Linux and the other Unix systems: ``$XDG_DATA_HOME/showdown`` (an absolute path, as the
  XDG base directory specification requires), else ``~/.local/share/showdown``;
- macOS: ``~/Library/Application Support/showdown``;
- Windows: ``%APPDATA%\\showdown``, else ``~\\AppData\\Roaming\\showdown``.

>>> from pathlib import PurePosixPath as P
>>> data_folder({"XDG_DATA_HOME": "/data"}, "linux", P("/home/ann"))
PurePosixPath('/data/showdown')
>>> data_folder({"XDG_DATA_HOME": "relative"}, "linux", P("/home/ann"))
PurePosixPath('/home/ann/.local/share/showdown')
>>> data_folder({}, "darwin", P("/Users/ann"))
PurePosixPath('/Users/ann/Library/Application Support/showdown')
>>> default_database().name
'hands.duckdb'
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path, PurePath, PureWindowsPath

__all__ = ["DATABASE_NAME", "data_folder", "default_database"]

#: The database file's name in the data folder.
DATABASE_NAME = "hands.duckdb"


def data_folder(
    env: Mapping[str, str] | None = None,
    platform: str | None = None,
    home: PurePath | None = None,
) -> PurePath:
    """The folder showdown keeps its data in (not created here).

    ``env``, ``platform`` and ``home`` default to this process's environment,
    ``sys.platform`` and the user's home folder (given, they make the rule testable).

    >>> data_folder({"APPDATA": "C:\\\\Users\\\\ann\\\\AppData\\\\Roaming"}, "win32")
    PureWindowsPath('C:/Users/ann/AppData/Roaming/showdown')
    """
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if platform == "win32":
        appdata = env.get("APPDATA")
        if appdata:
            return PureWindowsPath(appdata) / "showdown"
        roaming: PurePath = PureWindowsPath(home) if home is not None else Path.home()
        return roaming / "AppData" / "Roaming" / "showdown"
    base: PurePath = home if home is not None else Path.home()
    if platform == "darwin":
        return base / "Library" / "Application Support" / "showdown"
    xdg = env.get("XDG_DATA_HOME", "")
    if xdg and PurePath(xdg).is_absolute():
        return type(base)(xdg) / "showdown"
    return base / ".local" / "share" / "showdown"


def default_database() -> Path:
    """The database ``showdown db`` and ``showdown tracker`` use without ``--db``."""
    return Path(data_folder()) / DATABASE_NAME
