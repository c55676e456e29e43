"""Pots: a poker table at the end of a hand, settled to the chip.

:mod:`~showdown.pots.table` is the table model and its JSON;
:mod:`~showdown.pots.resolution` settles it: folds, main and side pots,
split pots, odd chips, uncalled bets and the showdown order. The public
names (``Table``, ``Player``, ``resolve``...) are exported by :mod:`showdown`.
"""
