"""Hands: what a player's cards are worth, one hand or millions at once.

====================================  ===========================================
``value``                             :func:`~showdown.hands.value.evaluate` and
                                      :class:`~showdown.hands.value.HandValue`
``scalar``                            the per-call hot path on card ids
                                      (``evaluate_ids``), standard rules
``ladder_scalar``                     one hand in any game's ladder: assembles every
                                      evaluator from the tables it asks for
``ladder_loops``                      the loops those evaluators run, given tables
``batch``, ``high_batch``,            rows of card ids in numpy arrays, every game
``ladder_batch``, ``omaha_batch``,
``arrays``
``stats``, ``percentile``,            counts of every hand of a size
``variant_stats``
``native``, ``ladder_native``         the optional C kernel, its tables objects and
                                      the backend in use
``rank_tables``                       every lookup table, made once and handed to
                                      the evaluators
``ladders``                           the tables' builder: each ladder's values
                                      from its declaration
``card_keys``, ``packed``             what each card adds to a sum; the shipped
                                      ``rank_tables.bin``
``idcheck``                           the errors of bad card ids
====================================  ===========================================

The public names are exported by :mod:`showdown`; this wing imports only the
bottom floor (cards, categories, variants, phrasebooks).
"""
