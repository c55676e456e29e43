"""Poker vs Dealer: the rules engine, the computer opponents, the store and the service.

The web layer calls only :class:`GameService` (see ``docs/game-service.md``).
Importing this package is light: the parts load on first use.

>>> from showdown.game import ANTES, START_CHIPS
>>> ANTES, START_CHIPS
((5, 10, 25, 50, 100), 1000)
"""

from __future__ import annotations

from showdown._lazy import lazy_getattr

#: Antes a round may be played for.
ANTES: tuple[int, ...] = (5, 10, 25, 50, 100)
#: The ante of a new profile.
DEFAULT_ANTE = 10
#: Chips of a new profile, and of a refill.
START_CHIPS = 1000

_LAZY: dict[str, str] = {
    "GameService": "showdown.game.service",
    "GameError": "showdown.game.rounds",
    "default_db_path": "showdown.game.store",
}

__all__ = ["ANTES", "DEFAULT_ANTE", "START_CHIPS", *_LAZY]


__getattr__ = lazy_getattr(globals(), _LAZY)


def __dir__() -> list[str]:
    return sorted(__all__)
