"""Ranges: which hands a player may hold, as text, weights and percentage orders.

=====================  =========================================================
``holdem``             Hold'em range notation: :class:`Range`, :func:`parse_range`
``omaha``              Omaha ranges by ranks and suit shape (``AAxxds``)
``preflop``            the 169 preflop classes of the 13 x 13 grid
``preflop_order``      the orders ``15%`` is read in (equity against a random hand)
``pokerstove_order``   PokerStove's order, the default one
``omaha_classes``      four-card hands up to a change of suits
``omaha_order``        the Omaha percentage order, read from ``omaha_order.bin``
``starting_hand``      a two-card hand's class and place in both orders
``breakdown``          how a range hits a board: made hands and draws
``breakdown_classes``  the names of the breakdown classes, in order
``blockers``           the weight of a range left by each hand of another
``class_select``       a sub-range by the breakdown classes it hits
``flop_classes``       the breakdown classes of every combo on every flop (numpy)
``flop_analysis``      a range's classes over all 22,100 flops
=====================  =========================================================

The Hold'em notation's names are exported here too, where they have always been:

>>> from showdown.odds.ranges import parse_range
>>> len(parse_range("QQ+, AKs"))
22
"""

from __future__ import annotations

from showdown.odds.ranges.holdem import Combo, Range, RangeError, parse_range

__all__ = ["Combo", "Range", "RangeError", "parse_range"]
