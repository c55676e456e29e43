"""The public surface: what ``showdown`` and ``showdown.phh`` export, and where it lives.

A name added to or dropped from a package's exports fails here until the list below
says so on purpose; every export loads from its wing, and none shares its name with a
module of the package (so importing a submodule can never hide a function).
"""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys

import pytest

import showdown
import showdown.phh

SHOWDOWN = {
    "BACKEND", "Breakdown", "Card", "CardError", "Category", "ComboEquity", "Comparison", "Deck",
    "EquityResult", "PerComboResult", "breakdown", "per_combo_equity",
    "HandValue", "HiLoValue", "Player", "Pot", "Showdown", "Stats", "Table", "card_svg",
    "compare", "equity", "evaluate", "evaluate_batch", "evaluate_ids", "evaluate_ids_wrap",
    "evaluate_omaha_batch", "evaluate_omaha_ids", "explain", "find_variant", "game_equity",
    "game_stats", "hand_svg", "ladder_evaluator", "ladder_ids", "matrix", "parse_cards",
    "parse_omaha_range", "parse_range", "percentile", "resolve", "stats", "value_ids",
}  # fmt: skip
PHH = {
    "AllInEV", "all_in_ev",
    "HandHistory", "HandReport", "HandState", "HistoryError", "IllegalAction",
    "MalformedHistory", "Replay", "Settlement", "UnsupportedVariant", "Verdict", "dumps",
    "dumps_all", "load_file", "loads", "loads_all", "replay", "replay_paths", "settle",
    "settlement_to_history", "table_to_history", "to_table", "verify",
}  # fmt: skip
#: The wings an export of ``showdown`` may come from.
WINGS = ("showdown.cards", "showdown.categories", "showdown.variants", "showdown.hands.",
         "showdown.odds.", "showdown.pots.", "showdown.text.")  # fmt: skip


@pytest.mark.parametrize(("package", "expected"), [(showdown, SHOWDOWN), (showdown.phh, PHH)])
def test_the_exports_are_exactly_these(package: object, expected: set[str]) -> None:
    assert set(package.__all__) == expected  # type: ignore[attr-defined]
    assert sorted(dir(package)) == sorted(expected)


@pytest.mark.parametrize("name", sorted(SHOWDOWN - {"BACKEND", "evaluate_ids"}))
def test_every_export_loads_from_its_wing(name: str) -> None:
    value = getattr(showdown, name)
    module = getattr(value, "__module__", "")
    assert module.startswith(WINGS), f"showdown.{name} comes from {module}"


def test_the_scalar_hot_path_is_the_hands_wings() -> None:
    """On the native backend ``evaluate_ids`` is the kernel's own method (no module)."""
    from showdown.hands import scalar

    assert showdown.evaluate_ids is scalar.evaluate_ids


@pytest.mark.parametrize("package", [showdown, showdown.phh])
def test_no_export_shares_a_name_with_a_module(package: object) -> None:
    modules = {m.name for m in pkgutil.iter_modules(package.__path__)}  # type: ignore[attr-defined]
    assert not modules & set(package.__all__)  # type: ignore[attr-defined]


def test_importing_every_module_leaves_the_exports_alone() -> None:
    """Every module of the package imported (the game's too): ``showdown.stats`` is still
    the function, not a module that happens to share its name."""
    before = {name: getattr(showdown, name) for name in SHOWDOWN}
    for info in pkgutil.walk_packages(showdown.__path__, "showdown."):
        if not info.name.endswith("__main__"):  # that one runs the command line
            importlib.import_module(info.name)
    assert {name: getattr(showdown, name) for name in SHOWDOWN} == before
    assert callable(showdown.stats) and callable(showdown.equity)


def test_import_showdown_stays_light() -> None:
    """``import showdown`` loads neither numpy nor a wing beyond the kernel's door."""
    code = (
        "import sys, showdown\n"
        "heavy = sorted(m for m in sys.modules if m == 'numpy' or m.startswith(("
        "'showdown.odds', 'showdown.pots', 'showdown.text', 'showdown.game', 'showdown.lab',"
        " 'showdown.phh',"
        " 'showdown.commands')))\n"
        "print(heavy)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
