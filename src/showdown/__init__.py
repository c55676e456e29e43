"""showdown: the complete truth of a poker showdown.

>>> import showdown
>>> showdown.evaluate("As Ks", board="Qs Js Ts 2c 3d").name
'Royal flush'
>>> showdown.evaluate_ids([51, 47, 43, 39, 35])
1
>>> showdown.BACKEND in ("native", "numpy")  # the optional C kernel, or the numpy fallback
True

Heavier parts (numpy batch paths, pots, equity, the game) load on first use.
"""

from __future__ import annotations

import sys

from showdown._backend import BACKEND
from showdown._lazy import lazy_getattr

__version__ = "0.1.0"

# Every export loads on first use (PEP 562): ``import showdown`` plus a first
# ``evaluate_ids`` imports little more than the kernel (no typing, numpy or game).
_LAZY: dict[str, str] = {
    "evaluate_ids": "showdown._scalar",
    "evaluate_ids_wrap": "showdown._scalar",
    "evaluate_omaha_ids": "showdown._scalar",
    "Card": "showdown.cards",
    "CardError": "showdown.cards",
    "Deck": "showdown.cards",
    "parse_cards": "showdown.cards",
    "Category": "showdown.categories",
    "HandValue": "showdown.evaluate",
    "evaluate": "showdown.evaluate",
    "evaluate_batch": "showdown.batch",
    "evaluate_omaha_batch": "showdown.batch",
    "compare": "showdown.explain",
    "explain": "showdown.explain",
    "Comparison": "showdown.explain",
    "stats": "showdown.stats",
    "game_stats": "showdown.game_stats",
    "find_variant": "showdown.variants",
    "value_ids": "showdown.hand_values",
    "ladder_ids": "showdown.ladder_tables",
    "game_equity": "showdown.game_equity",
    "HiLoValue": "showdown.evaluate",
    "Stats": "showdown.stats",
    "resolve": "showdown.pots",
    "Table": "showdown.pots",
    "Player": "showdown.pots",
    "Showdown": "showdown.pots",
    "Pot": "showdown.pots",
    "equity": "showdown.equity",
    "EquityResult": "showdown.equity",
    "matrix": "showdown.matrix",
    "parse_omaha_range": "showdown.omaha_ranges",
    "parse_range": "showdown.ranges",
    "percentile": "showdown.percentile",
    "card_svg": "showdown.render",
    "hand_svg": "showdown.render",
}

__all__ = ["BACKEND", *_LAZY]


__getattr__ = lazy_getattr(globals(), _LAZY)


def __dir__() -> list[str]:
    return sorted(__all__)


class _Package(type(sys)):  # type: ignore[misc]  # types.ModuleType, without importing types
    """Keeps ``showdown.stats`` (``explain``, ``equity``) the function, not its submodule.

    Importing a submodule sets it as an attribute of the package; for a lazy
    export with the submodule's own name, store the export instead.
    """

    def __setattr__(self, name: str, value: object) -> None:
        if isinstance(value, type(sys)) and _LAZY.get(name) == value.__name__:
            value = getattr(value, name, value)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
