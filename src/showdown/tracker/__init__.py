"""The hand database: every hand a player has, imported once, and what trackers show.

``showdown db`` and ``showdown tracker`` stand on this wing (see ``docs/tracker.md``).
The hands are read, replayed, settled and their all-in EV worked out by
:mod:`showdown.phh`, then stored in one DuckDB file (the ``tracker`` extra):

- :mod:`~showdown.tracker.schema`: the tables;
- :mod:`~showdown.tracker.paths`: the database's default place, the user's data folder;
- :mod:`~showdown.tracker.replayer`: a hand stepped through for the page's replayer, with
  :mod:`~showdown.tracker.street_equity` (the known hands' equity at each street);
- the tracker page (``showdown tracker``, ``docs/tracker-page.md``):
  :mod:`~showdown.tracker.page_data` (what it reads: the one door to the database's
  modules), :mod:`~showdown.tracker.page_queries`, :mod:`~showdown.tracker.page_params`,
  :mod:`~showdown.tracker.page_values`, :mod:`~showdown.tracker.server` (its JSON API),
  :mod:`~showdown.tracker.launch`, and ``static/`` (the page's ES modules);

Nothing here is imported by ``import showdown``, and DuckDB loads only when a database
is opened.
"""
