"""Where the hand database lives when no ``--db`` is given: :func:`default_database`.

The user's data folder, as each system names it: ``$XDG_DATA_HOME/showdown`` (else
``~/.local/share/showdown``) on Linux and the BSDs, ``~/Library/Application
Support/showdown`` on macOS, ``%APPDATA%\\showdown`` on Windows.

>>> default_database({"XDG_DATA_HOME": "/data"}, "linux").as_posix()
'/data/showdown/hands.duckdb'
>>> default_database({"APPDATA": "C:/Users/ana/AppData/Roaming"}, "win32").as_posix()
'C:/Users/ana/AppData/Roaming/showdown/hands.duckdb'
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

__all__ = ["default_database"]


def default_database(environ: Mapping[str, str] | None = None,
                     platform: str | None = None) -> Path:
    """The default database file (its folder is made when the database is created)."""
    env = os.environ if environ is None else environ
    system = sys.platform if platform is None else platform
    if system.startswith("win"):
        base = Path(env.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif system == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(env.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "showdown" / "hands.duckdb"
