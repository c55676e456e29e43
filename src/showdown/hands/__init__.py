"""Hands: what a player's cards are worth, one hand or millions at once.

=====================  =========================================================
``value``              :func:`~showdown.hands.value.evaluate` and
                       :class:`~showdown.hands.value.HandValue`: the friendly layer
``scalar``             the per-call hot path on card ids (``evaluate_ids``)
``batch``              rows of card ids in numpy arrays, every game
``ladders``, ``lookup``, ``ladder_lookup``  tables built from each game's ladder
``native``             the optional C kernel and the choice of backend
``stats``, ``percentile``, ``variant_stats``  counts of every hand of a size
=====================  =========================================================

The public names are exported by :mod:`showdown`; this wing imports only the
bottom floor (cards, categories, variants, phrasebooks).
"""
