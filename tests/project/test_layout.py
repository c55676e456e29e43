"""The tests' layout: one folder per wing of ``src/showdown``, so a module's tests are found
by its wing and its name (``showdown/odds/per_combo.py``: ``tests/odds/test_per_combo.py``).

Nothing but ``conftest.py`` sits directly in ``tests/``; every folder is a wing of the
package (``tests/phh/rooms`` for ``showdown/phh/rooms``) or one of the declared exceptions
below; a wing folder holds only test files and a ``conftest.py``, shared code goes to
``tests/helpers``; and no two test files share a name, since the folders are not packages
(pytest imports each test file by its bare name, pyproject.toml).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from helpers.paths import ROOT

TESTS = ROOT / "tests"
PACKAGE = ROOT / "src" / "showdown"

#: The folders of ``tests/`` that are not a wing of ``src/showdown``, and what they hold.
EXCEPTIONS: dict[str, str] = {
    "core": "the bottom floor: cards.py, variants.py, categories.py, validate.py",
    "cli": "the command line (showdown/commands), run as a user runs it",
    "kernel": "the C kernel (showdown/_native) and the agreement of the two backends",
    "project": "the project itself: docs, release, install, exports, hypothesis, mutation",
    "helpers": "the code the tests share (a package: helpers.<module>)",
    "data": "the sample files the tests read",
}
#: What tools leave in a folder.
IGNORED = {"__pycache__", ".hypothesis", ".pytest_cache"}


def _folders(top: Path) -> list[Path]:
    return sorted(p for p in top.iterdir() if p.is_dir() and p.name not in IGNORED)


def _wing_folders() -> list[Path]:
    """Every folder under a wing folder, the wing folders included."""
    found: list[Path] = []
    todo = [p for p in _folders(TESTS) if p.name not in EXCEPTIONS]
    while todo:
        folder = todo.pop()
        found.append(folder)
        todo.extend(_folders(folder))
    return sorted(found)


def test_only_conftest_sits_directly_in_tests() -> None:
    loose = sorted(p.name for p in TESTS.iterdir() if p.is_file() and p.name != "conftest.py")
    assert loose == [], f"move these into the folder of the wing they test: {loose}"


def test_every_folder_is_a_wing_or_a_declared_exception() -> None:
    strays = [
        str(folder.relative_to(TESTS))
        for folder in _wing_folders()
        if not (PACKAGE / folder.relative_to(TESTS) / "__init__.py").is_file()
    ]
    assert strays == [], f"not a wing of src/showdown nor in EXCEPTIONS: {strays}"


def test_the_exceptions_are_no_wings() -> None:
    """A declared exception that became a wing's name would hide the wing's tests."""
    assert [name for name in EXCEPTIONS if (PACKAGE / name).exists()] == []


def test_shared_code_sits_in_helpers() -> None:
    """Outside ``tests/helpers`` a module is a test file or a ``conftest.py`` (no
    ``__init__.py`` either: the folders are not packages)."""
    helpers = TESTS / "helpers"
    others = [
        str(path.relative_to(TESTS))
        for path in TESTS.rglob("*.py")
        if helpers not in path.parents and not path.name.startswith("test_")
        and path.name != "conftest.py"
    ]
    assert others == [], f"shared code belongs in tests/helpers: {others}"


def test_test_file_names_are_unique() -> None:
    names = Counter(path.name for path in TESTS.rglob("test_*.py"))
    assert [name for name, n in names.items() if n > 1] == []
