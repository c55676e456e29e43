"""Hand histories in the PHH standard: read, replay under the rules, settle, verify, write.

>>> from showdown.phh import loads, settle, verify
>>> hand = loads('''variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AcAd", "d dh p2 ????", "d dh p3 7h6h", "p3 f", "p1 cbr 6", "p2 f"]
... finishing_stacks = [102, 98, 100]''')
>>> s = settle(hand)
>>> s.finishing, s.showdown.returned, verify(s).cls
([102, 98, 100], {1: 4}, 'match')

Modules: :mod:`~showdown.phh.notation` (read and write),
:mod:`~showdown.phh.actions` (the action grammar),
:mod:`~showdown.phh.variant_rules` (what each variant code means),
:mod:`~showdown.phh.engine` (the betting rules),
:mod:`~showdown.phh.settlement` (to :class:`~showdown.pots.table.Table` and
:func:`~showdown.pots.resolution.resolve`), :mod:`~showdown.phh.verification` (the classes),
:mod:`~showdown.phh.export` (tables and hands as PHH),
:mod:`~showdown.phh.generate` (random legal hands), :mod:`~showdown.phh.amounts` (units),
:mod:`~showdown.phh.upcards` (stud order), :mod:`~showdown.phh.allin_ev` (all-in EV).
Two subpackages: :mod:`showdown.phh.rooms` (the rooms' readers: a room's hand to PHH) and
:mod:`showdown.phh.corpus` (the path of a corpus: files, then hands, then one row per hand).
"""

from __future__ import annotations

from showdown._lazy import lazy_getattr

_LAZY: dict[str, str] = {
    "HandHistory": "showdown.phh.notation",
    "loads": "showdown.phh.notation",
    "loads_all": "showdown.phh.notation",
    "load_file": "showdown.phh.notation",
    "dumps": "showdown.phh.notation",
    "dumps_all": "showdown.phh.notation",
    "HistoryError": "showdown.phh.errors",
    "IllegalAction": "showdown.phh.errors",
    "MalformedHistory": "showdown.phh.errors",
    "UnsupportedVariant": "showdown.phh.errors",
    "HandState": "showdown.phh.engine",
    "Replay": "showdown.phh.engine",
    "replay": "showdown.phh.engine",
    "Settlement": "showdown.phh.settlement",
    "settle": "showdown.phh.settlement",
    "to_table": "showdown.phh.settlement",
    "Verdict": "showdown.phh.verification",
    "verify": "showdown.phh.verification",
    "table_to_history": "showdown.phh.export",
    "settlement_to_history": "showdown.phh.export",
    "HandReport": "showdown.phh.corpus.reports",
    "replay_paths": "showdown.phh.corpus.pool",
    "AllInEV": "showdown.phh.allin_ev",
    "all_in_ev": "showdown.phh.allin_ev",
}

__all__ = list(_LAZY)

__getattr__ = lazy_getattr(globals(), _LAZY)


def __dir__() -> list[str]:
    return sorted(__all__)
