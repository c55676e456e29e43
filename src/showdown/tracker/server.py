"""The tracker page's local web server: the page, its files and a JSON API.

It stands on :mod:`showdown.web` as the lab and the game do: Host and Origin checks,
the security headers (no inline script or style, nothing from elsewhere), JSON errors
that keep the connection usable. Every request only reads: nothing the page asks
changes the database, so there is no POST and no session token. The data comes from
:mod:`showdown.tracker.page_data`, each request in a worker thread with its own cursor.

API (all ``GET``, all JSON; the filters ``player``, ``game`` (a PHH variant code such as
``NT``), ``from`` and ``to`` (dates ``YYYY-MM-DD``, both included) where they apply):

==================================  ===============================================
``/api/session``                    ``{"langs", "games", "groups", "live", "database",
                                    "hands"}``: what the page offers
``/api/players?...&min_hands=&by=`` ``{"players": [...], "by"}``: the issue's JSON
                                    objects, one per player (and per group of ``by``:
                                    position, stakes, game, month or seats)
``/api/hands?...&limit=&offset=``   ``{"hands": [...], "limit", "offset", "more"}``:
                                    room, hand, played_at, game, stakes, currency,
                                    position, cards, net, ev_net, player; newest first
``/api/graph?player=...&x=``        ``{"player", "x", "hands", "series"}``: running
                                    net, ev_net, showdown, no_showdown with each
                                    point's x, room, hand, played_at (at most
                                    :data:`MAX_POINTS` points, evenly spread, the last
                                    hand always in); ``x`` is ``hands`` or ``date``
``/api/hand?room=&hand=``           ``{"room", "hand", "table", "currency",
                                    "played_at", "steps"}``: the replayer's steps
                                    (:func:`~showdown.tracker.replayer.replay_steps`)
``/api/live``                       ``{"live", "version", "tables"}``: with a watched
                                    folder, each current table's newest hand and its
                                    players with their ``figures``; ``version`` changes
                                    when hands arrive
==================================  ===============================================

Amounts are JSON numbers, except the players' ``net``, ``ev_net`` and ``rake``, which
are ``{currency: "amount"}`` as the issue's contract says; times are ISO 8601 text. A
bad parameter is a ``400`` ``{"error": "bad_input", "field", "message"}``, a hand not
stored a ``404`` ``no_such_hand``, a stored hand that does not replay a ``422``
``bad_hand``.

>>> from showdown.tracker.page_data import open_database
>>> import pathlib, tempfile
>>> db = open_database(pathlib.Path(tempfile.mkdtemp()) / "h.duckdb", create=True)
>>> app = create_app(db, allowed_hosts=["127.0.0.1:8767"])
>>> sorted(app.state.allowed_hosts)
['127.0.0.1:8767', 'localhost:8767']
>>> db.close()
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import anyio.to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from showdown.i18n import LANGS
from showdown.phh.errors import HistoryError
from showdown.tracker import page_data
from showdown.tracker.page_data import Database, Filters
from showdown.tracker.page_params import BadInput, Params
from showdown.tracker.page_values import jsonable, thinned
from showdown.tracker.replayer import replay_steps
from showdown.web.app import local_app
from showdown.web.security import ApiError

__all__ = ["GROUPS", "MAX_POINTS", "TrackerApp", "create_app"]

STATIC_DIR = Path(__file__).resolve().parent / "static"
#: The groups of ``/api/players?by=``.
GROUPS = ("position", "stakes", "game", "month", "seats")
#: The most points ``/api/graph`` sends (a graph is drawn a few hundred pixels wide).
MAX_POINTS = 1500
#: Hands whose steps are kept (their equities cost up to a second to work out again).
CACHED_HANDS = 64
#: The figures the live view shows for each player.
LIVE_FIGURES = ("hands", "vpip", "pfr", "three_bet", "af", "wtsd", "wsd", "bb100", "net")
_NO_STORE = {"cache-control": "no-store"}
T = TypeVar("T")


class TrackerApp:
    """The request handlers around one open database."""

    def __init__(self, db: Database, live: bool) -> None:
        self.db = db
        self.live = live
        self.watch_error: str | None = None
        self._steps: OrderedDict[tuple[str, str], dict[str, Any]] = OrderedDict()
        self._steps_lock = threading.Lock()
        self._live: tuple[int, dict[str, Any]] | None = None
        self._index = (STATIC_DIR / "index.html").read_text(encoding="utf-8")

    async def _read(self, work: Callable[[Database], T]) -> T:
        def run() -> T:
            with page_data.reading(self.db) as view:
                return work(view)

        return await anyio.to_thread.run_sync(run)

    async def index(self, request: Request) -> Response:
        return Response(self._index, media_type="text/html; charset=utf-8", headers=_NO_STORE)

    async def session(self, request: Request) -> Response:
        Params(request, ())

        def ask(view: Database) -> tuple[list[str], int]:
            return page_data.games(view), page_data.hand_count(view)

        games, count = await self._read(ask)
        path = self.db.path
        return _json({"langs": list(LANGS), "games": games, "groups": list(GROUPS),
                      "live": self.live, "database": str(path) if path else None,
                      "hands": count})

    async def players(self, request: Request) -> Response:
        params = Params(request, ("player", "game", "from", "to", "min_hands", "by"))
        filters = params.filters()
        by = params.choice("by", GROUPS)
        found = await self._read(lambda view: page_data.players(view, filters, by=by))
        return _json({"players": found, "by": by})

    async def hands(self, request: Request) -> Response:
        params = Params(request, ("player", "game", "from", "to", "limit", "offset"))
        filters = params.filters()
        limit = params.integer("limit", 100, 1, 500)
        offset = params.integer("offset", 0, 0, 10**9)
        found = await self._read(lambda view: page_data.hands(view, filters, limit + 1, offset))
        return _json({"hands": found[:limit], "limit": limit, "offset": offset,
                      "more": len(found) > limit})

    async def graph(self, request: Request) -> Response:
        params = Params(request, ("player", "game", "from", "to", "x"))
        filters = params.filters()
        player = params.required("player")
        x = params.choice("x", ("hands", "date")) or "hands"
        series = await self._read(
            lambda view: page_data.graph_series(view, player, filters, x=x))
        count = len(series.get("net", []))
        return _json({"player": player, "x": x, "hands": count,
                      "series": thinned(series, MAX_POINTS)})

    async def hand(self, request: Request) -> Response:
        params = Params(request, ("room", "hand"))
        room, number = params.required("room", 40), params.required("hand", 100)
        key = (room, number)
        with self._steps_lock:
            cached = self._steps.get(key)
        if cached is None:
            cached = await self._read(lambda view: _hand_doc(view, room, number))
            with self._steps_lock:
                self._steps[key] = cached
                while len(self._steps) > CACHED_HANDS:
                    self._steps.popitem(last=False)
        return _json(cached)

    async def live_view(self, request: Request) -> Response:
        Params(request, ())
        if not self.live:
            return _json({"live": False, "version": 0, "tables": []})
        newest = await self._read(page_data.version)
        if self._live is None or self._live[0] != newest:
            tables = await self._read(_live_tables)
            self._live = (newest, {"live": True, "version": newest, "tables": tables})
        doc = dict(self._live[1])
        if self.watch_error:
            doc["error"] = self.watch_error
        return _json(doc)


def _hand_doc(view: Database, room: str, number: str) -> dict[str, Any]:
    history = page_data.stored_hand(view, room, number)
    if history is None:
        raise ApiError(404, "no_such_hand", f"No hand {number} of {room} in the database.")
    try:
        steps = replay_steps(history)
    except HistoryError as exc:
        raise ApiError(422, "bad_hand", f"The stored hand does not replay: {exc}") from None
    fields = history.fields
    date = "-".join(f"{fields[k]:02d}" if k != "year" else str(fields[k])
                    for k in ("year", "month", "day")) if "day" in fields else None
    when = f"{date}T{fields['time']}" if date and fields.get("time") else date
    return {"room": room, "hand": number, "table": fields.get("table"),
            "currency": fields.get("currency"), "played_at": when, "steps": steps}


def _live_tables(view: Database) -> list[dict[str, Any]]:
    tables = page_data.live_tables(view)
    for table in tables:
        for seated in table["players"]:
            found = page_data.players(view, Filters(player=seated["player"]))
            figures = found[0] if found else {}
            seated["figures"] = {k: figures.get(k) for k in LIVE_FIGURES}
    return tables


def _json(doc: Any, status: int = 200) -> Response:
    return JSONResponse(jsonable(doc), status_code=status, headers=_NO_STORE)


def create_app(db: Database, *, allowed_hosts: Iterable[str], live: bool = False) -> Starlette:
    """The ASGI application of the tracker page on the open database ``db``.

    ``allowed_hosts`` are the ``host:port`` values the ``Host`` header may carry
    (``localhost`` is added for ``127.0.0.1``); ``live`` turns the live view on (a
    folder is watched and its hands imported as they come).
    """
    tracker = TrackerApp(db, live)
    routes = [
        Route("/", tracker.index, methods=["GET"]),
        Route("/api/session", tracker.session, methods=["GET"]),
        Route("/api/players", tracker.players, methods=["GET"]),
        Route("/api/hands", tracker.hands, methods=["GET"]),
        Route("/api/graph", tracker.graph, methods=["GET"]),
        Route("/api/hand", tracker.hand, methods=["GET"]),
        Route("/api/live", tracker.live_view, methods=["GET"]),
        Mount("/static", app=StaticFiles(directory=STATIC_DIR), name="static"),
    ]
    app = local_app(routes, allowed_hosts)
    app.add_exception_handler(BadInput, _bad_input)
    app.state.tracker = tracker
    return app


async def _bad_input(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, BadInput)
    return _json({"error": "bad_input", "field": exc.field, "message": exc.message}, 400)
