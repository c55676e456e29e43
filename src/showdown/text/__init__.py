"""Text: every sentence, table and picture that explains a result to a person.

=====================  =========================================================
``explain``            why one hand beats another (a ``Decision``, then words)
``pots``               who won each pot and why
``render``, ``svg``    cards and hands as SVG pictures
``stats_report``, ``matrix_render``  counts and the preflop matrix as tables and SVG
``ansi``               terminal colours
=====================  =========================================================

The words of each language live in the phrasebooks of :mod:`showdown.i18n`.
"""
