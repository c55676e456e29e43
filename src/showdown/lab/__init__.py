"""The equity lab: ranges painted on a 13 x 13 grid, equity as you change them.

``showdown lab`` serves an offline page on 127.0.0.1 (see ``docs/lab.md``), on the
local web stack of :mod:`showdown.web` as the game does:

- :mod:`~showdown.lab.inputs`: what a page may ask for, checked field by field,
  so an impossible input is reported next to the field that caused it;
- :mod:`~showdown.lab.work`: the calculations a job runs (equity, the preflop
  heat map) and the grid's view of a range, on the library's public API;
- :mod:`~showdown.lab.jobs`: jobs in worker threads, with progress, cancel and
  only the newest job of each page running;
- :mod:`~showdown.lab.server`: the Starlette application and its JSON API;
- :mod:`~showdown.lab.launch`: listen, serve until Ctrl-C.

Nothing here is imported by ``import showdown``: the lab's modules load when the
lab starts.
"""
