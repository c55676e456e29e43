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

from showdown._lazy import lazy_getattr
from showdown.hands.native import BACKEND

__version__ = "1.0.0"

# Every export loads on first use (PEP 562): ``import showdown`` plus a first
# ``evaluate_ids`` imports little more than the kernel (no typing, numpy or game).
_LAZY: dict[str, str] = {
    "evaluate_ids": "showdown.hands.scalar",
    "evaluate_ids_wrap": "showdown.hands.scalar",
    "evaluate_omaha_ids": "showdown.hands.scalar",
    "Card": "showdown.cards",
    "CardError": "showdown.cards",
    "Deck": "showdown.cards",
    "parse_cards": "showdown.cards",
    "Category": "showdown.categories",
    "HandValue": "showdown.hands.value",
    "evaluate": "showdown.hands.value",
    "evaluate_batch": "showdown.hands.batch",
    "evaluate_omaha_batch": "showdown.hands.batch",
    "compare": "showdown.text.explain",
    "explain": "showdown.text.explain",
    "Comparison": "showdown.text.explain",
    "stats": "showdown.hands.stats",
    "game_stats": "showdown.hands.variant_stats",
    "find_variant": "showdown.variants",
    "value_ids": "showdown.hands.ladder_scalar",
    "ladder_ids": "showdown.hands.ladder_scalar",
    "ladder_evaluator": "showdown.hands.ladder_scalar",
    "game_equity": "showdown.odds.variant_equity",
    "HiLoValue": "showdown.hands.value",
    "Stats": "showdown.hands.stats",
    "resolve": "showdown.pots.resolution",
    "Table": "showdown.pots.table",
    "Player": "showdown.pots.table",
    "Showdown": "showdown.pots.resolution",
    "Pot": "showdown.pots.resolution",
    "equity": "showdown.odds.equity",
    "per_combo_equity": "showdown.odds.per_combo",
    "ComboEquity": "showdown.odds.per_combo",
    "PerComboResult": "showdown.odds.per_combo",
    "breakdown": "showdown.odds.ranges.breakdown",
    "Breakdown": "showdown.odds.ranges.breakdown",
    "EquityResult": "showdown.odds.result",
    "matrix": "showdown.odds.matrix",
    "parse_omaha_range": "showdown.odds.ranges.omaha",
    "parse_range": "showdown.odds.ranges.holdem",
    "percentile": "showdown.hands.percentile",
    "card_svg": "showdown.text.render",
    "hand_svg": "showdown.text.render",
}

__all__ = ["BACKEND", *_LAZY]


__getattr__ = lazy_getattr(globals(), _LAZY)


def __dir__() -> list[str]:
    return sorted(__all__)
