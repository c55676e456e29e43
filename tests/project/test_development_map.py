"""docs/development.md maps the whole package: every module of ``src/showdown`` has a row,
every row names a file that exists, and every test file a row names exists.

A module added without a row, or renamed without its row, fails here, so the map a
newcomer reads first cannot drift from the code.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "showdown"
PAGE = ROOT / "docs" / "development.md"
#: The kinds of file that are modules: Python, the kernel's C and headers, the pages' ES modules.
MODULE_SUFFIXES = (".py", ".c", ".h", ".js")
#: A row of the map: ``| `hands/value.py` | what it holds | `tests/hands/test_value.py` |``.
ROW = re.compile(r"^\|\s*`(?P<module>[\w/.-]+)`\s*\|(?P<what>[^|]+)\|(?P<tests>[^|]*)\|\s*$")


def _map_rows() -> dict[str, str]:
    text = PAGE.read_text(encoding="utf-8")
    start = text.index("## The map")
    rows: dict[str, str] = {}
    for line in text[start:].splitlines():
        m = ROW.match(line)
        if m:
            assert m["module"] not in rows, f"{m['module']} has two rows in the map"
            rows[m["module"]] = m["tests"]
    return rows


def _modules() -> set[str]:
    return {
        p.relative_to(PACKAGE).as_posix()
        for p in PACKAGE.rglob("*")
        if p.suffix in MODULE_SUFFIXES and "__pycache__" not in p.parts
    }


def test_every_module_has_a_row() -> None:
    missing = sorted(_modules() - set(_map_rows()))
    assert not missing, f"docs/development.md's map has no row for {missing}"


def test_every_row_names_a_module_that_exists() -> None:
    stale = sorted(set(_map_rows()) - _modules())
    assert not stale, f"docs/development.md's map names files that do not exist: {stale}"


def test_every_test_file_named_exists() -> None:
    named = {t for cell in _map_rows().values() for t in re.findall(r"`(tests/[\w/.]+)`", cell)}
    assert named, "the map names no test file"
    missing = sorted(t for t in named if not (ROOT / t).exists())
    assert not missing, f"docs/development.md's map names test files that do not exist: {missing}"
