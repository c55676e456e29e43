"""Output files named on the command line: checked before any work, written with one
clear error line.

>>> try:
...     check_output_path("/no/such/folder/out.svg", "--svg")
... except CliError as exc:
...     print(exc)
--svg: cannot write /no/such/folder/out.svg: the folder /no/such/folder does not exist
"""

from __future__ import annotations

import os
from pathlib import Path

from showdown.commands.common import CliError


def check_output_path(path: str, flag: str) -> None:
    """Raise :class:`CliError` (exit 2) unless a file can be written at ``path``: its
    folder exists and is writable, and the path is not a folder."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        raise CliError(f"{flag}: cannot write {path}: it is a folder")
    if not folder.is_dir():
        raise CliError(f"{flag}: cannot write {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise CliError(f"{flag}: cannot write {path}: permission denied")


def write_output(path: str, text: str) -> None:
    """Write ``text`` to ``path`` (UTF-8); a failure is one ``CliError`` line."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror or exc}") from None
