"""Odds: equity by exact enumeration or Monte Carlo, and the preflop matrix.

=====================  =========================================================
``equity``             :func:`~showdown.odds.equity.equity`, Hold'em and Omaha
``variant_equity``     the other games' equity
``result``             :class:`~showdown.odds.result.EquityResult` and how sums become one
``seats``              an equity call's players read and seated
``per_combo``          each combo's equity
``matrix``             the 169 x 169 preflop matrix
``ranges``             ranges, their notations and percentage orders (a subpackage)
``*_plan``, ``*_jobs``  planning the work and its tasks
``deals``, ``deal_classes``, ``draws``  the deals of ranged players, exact and drawn
``fixed_exact``, ``ranged_exact``, ``omaha_exact``  the exact paths
``board_vectors``      the boards still to come, as numpy vectors
``holdem_ranks``       Hold'em ranks of hole cards on many boards
``showdown_counts``    who won how many showdowns, and their tally
``suit_symmetry``      deals equal up to a change of suits
``parallel``, ``remote``  executors: processes, threads, Dask
``progress``           the progress bar of long calls
=====================  =========================================================

Built on :mod:`showdown.hands`; results are data, worded by :mod:`showdown.text`. The
public names are exported by :mod:`showdown`.
"""
