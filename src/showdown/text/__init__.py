"""Text: every sentence, table and picture that explains a result to a person.

=====================  =========================================================
``explain``            why one hand beats another (a ``Decision``, then words)
``pots``               who won each pot and why
``render``, ``svg``    cards and hands as SVG pictures
``stats_report``       the counts of ``showdown stats`` as a table
``equity_render``      an equity result as the table of ``showdown equity``
``matrix_render``      the preflop matrix as the text and SVG of ``showdown matrix``
``heat_map``           heat maps drawn from plain numbers
``per_combo_render``   each combo's equity as a table and a distribution picture
``breakdown_render``   how a range hits a board, as a table and a bar chart
``ansi``               terminal colours
=====================  =========================================================

The results themselves (:mod:`showdown.hands`, :mod:`showdown.odds`,
:mod:`showdown.pots`) hold data; a core type reaches this wing only from its hooks
(``_repr_svg_`` for notebooks, ``__str__`` and the documented ``format``), by a
deferred import. The words of each language live in the phrasebooks of
:mod:`showdown.i18n`.
"""
