"""The hand database: every hand a player has, imported once, and what trackers show.

``showdown db`` and ``showdown tracker`` stand on this wing (see ``docs/tracker.md``).
The hands are read, replayed, settled and their all-in EV worked out by
:mod:`showdown.phh`, then stored in one DuckDB file (the ``tracker`` extra):

- :mod:`~showdown.tracker.schema`: the tables;
- :mod:`~showdown.tracker.graph`: a player's winnings hand after hand, per currency
  (``graph_series``), drawn by :mod:`~showdown.tracker.drawing` (``graph_svg``);
- :mod:`~showdown.tracker.export`: the tables as Parquet files (``export_parquet``);

Nothing here is imported by ``import showdown``, and DuckDB loads only when a database
is opened.
"""
