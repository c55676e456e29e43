"""The hand database: every hand a player has, imported once, and what trackers show.

``showdown db`` and ``showdown tracker`` stand on this wing (see ``docs/tracker.md``).
The hands are read, replayed, settled and their all-in EV worked out by
:mod:`showdown.phh`, then stored in one DuckDB file (the ``tracker`` extra):

- :mod:`~showdown.tracker.schema`: the tables;
- :mod:`~showdown.tracker.database`: opening a database (a file that is not one is
  refused, never replaced); :mod:`~showdown.tracker.paths`: where it lives by default;
- :mod:`~showdown.tracker.reading`, :mod:`~showdown.tracker.hand_rows`,
  :mod:`~showdown.tracker.ingest`: a file's hands read and settled, made into rows and
  written, once per hand, nothing lost; :mod:`~showdown.tracker.watch`: a folder
  followed as the client writes it;
- :mod:`~showdown.tracker.positions`, :mod:`~showdown.tracker.hand_stats`: what each
  player made and could make in one hand;
- :mod:`~showdown.tracker.filters`, :mod:`~showdown.tracker.figures`,
  :mod:`~showdown.tracker.query`: the questions (players, hands, a stored hand);
  :mod:`~showdown.tracker.cluster`: the same over Parquet files on Dask;
- :mod:`~showdown.tracker.replayer`: a hand stepped through for the page's replayer, with
  :mod:`~showdown.tracker.street_equity` (the known hands' equity at each street);
- the tracker page (``showdown tracker``, ``docs/tracker-page.md``):
  :mod:`~showdown.tracker.page_data` (what it reads: the one door to the database's
  modules), :mod:`~showdown.tracker.page_queries`, :mod:`~showdown.tracker.page_params`,
  :mod:`~showdown.tracker.page_values`, :mod:`~showdown.tracker.server` (its JSON API),
  :mod:`~showdown.tracker.launch`, and ``static/`` (the page's ES modules);
- :mod:`~showdown.tracker.graph`: a player's winnings hand after hand, per currency
  (``graph_series``), drawn by :mod:`~showdown.tracker.drawing` (``graph_svg``);
- :mod:`~showdown.tracker.export`: the tables as Parquet files (``export_parquet``).

Nothing here is imported by ``import showdown``; these names load on first use:

>>> from showdown.tracker import Filters, open_database, players
>>> with open_database(None) as db:
...     players(db, Filters(min_hands=1))
[]
"""

from __future__ import annotations

from showdown._lazy import lazy_getattr

_LAZY: dict[str, str] = {
    "Database": "showdown.tracker.database",
    "DatabaseError": "showdown.tracker.database",
    "open_database": "showdown.tracker.database",
    "default_database": "showdown.tracker.paths",
    "ImportSummary": "showdown.tracker.ingest",
    "import_paths": "showdown.tracker.ingest",
    "Watcher": "showdown.tracker.watch",
    "Filters": "showdown.tracker.filters",
    "players": "showdown.tracker.query",
    "hands": "showdown.tracker.query",
    "stored_hand": "showdown.tracker.query",
    "parquet_players": "showdown.tracker.cluster",
    "graph_series": "showdown.tracker.graph",
    "graph_svg": "showdown.tracker.drawing",
    "export_parquet": "showdown.tracker.export",
}

__all__ = list(_LAZY)

__getattr__ = lazy_getattr(globals(), _LAZY)


def __dir__() -> list[str]:
    return sorted(__all__)
