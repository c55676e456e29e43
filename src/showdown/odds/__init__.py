"""Odds: equity by exact enumeration or Monte Carlo, ranges, the preflop matrix.

=====================  =========================================================
``equity``             :func:`~showdown.odds.equity.equity`, Hold'em and Omaha
``variant_equity``     the other games' equity
``result``             :class:`~showdown.odds.result.EquityResult`
``ranges``, ``omaha_ranges``, ``preflop``, ``preflop_order``  hand ranges
``pokerstove_order``, ``omaha_classes``, ``omaha_order``  the orders of ``N%`` ranges
``per_combo``, ``breakdown``, ``starting_hand``  per-combo equity, range on a board
``matrix``             the 169 x 169 preflop matrix
``*_plan``, ``*_jobs``, ``kernels``, ``deals``  planning and running the work
``parallel``, ``remote``  executors: processes, threads, Dask
=====================  =========================================================

Built on :mod:`showdown.hands`; the public names are exported by :mod:`showdown`.
"""
