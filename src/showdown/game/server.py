"""The local web server of Poker vs Dealer: the browser UI and its JSON API.

Everything the browser needs (page, script, styles, translations, card
pictures) is served from the package: the game works with no network at all.
The server is a thin layer over :class:`showdown.game.service.GameService`
(see ``docs/game-service.md``); it adds what only a web server can do (G10),
with the checks every local page shares from :mod:`showdown.web`:

- **Host and Origin checks**: a request whose ``Host`` is not this server
  (DNS rebinding) or whose ``Origin`` / ``Sec-Fetch-Site`` says it comes from
  another site is refused with 403 before any game code runs.
- **A per-session token**: the page receives a random session cookie
  (``HttpOnly``, ``SameSite=Strict``) and, inside the page, a token derived
  from it with a secret known only to this server process. Every
  state-changing request must carry that token in the ``X-Showdown-Token``
  header and a JSON body; another site can obtain neither.
- **Conditional requests**: ``act`` and ``advance`` must name the round
  ``version`` they were decided on, ``start`` and ``refill`` the id of the last
  round the client saw (``after``). A replayed or duplicated request, or one
  from a second tab that is behind, gets ``409`` and changes nothing.
- **Strict input validation**: every malformed body (too large, not UTF-8,
  nested too deep, not JSON, unknown fields, wrong types) and every unknown
  action, language or profile is a JSON ``400`` (:mod:`showdown.web.bodies`);
  nothing reaches the game unchecked, and no error drops the connection.
- **One token per session and profile**: a page of one profile cannot change
  another; reads (GET) never write anything, not even a new profile.

API (all JSON; ``profile`` and ``lang`` are optional query parameters):

========  =====================  ==========================================
GET       ``/api/session``       ``?profile=``: ``{"token", "profile", ...}`` and the session cookie
GET       ``/api/state``         the State (``docs/game-service.md``)
POST      ``/api/start``         ``{"ante"?, "after"}``: deal a new round
POST      ``/api/act``           ``{"action", "version", "card_index"? | "card"?}``
POST      ``/api/advance``       ``{"version"}``: the dealer turns his next card
POST      ``/api/refill``        ``{"after"}``: chips back to 1,000
POST      ``/api/ante``          ``{"ante"}``: remember the default ante
GET       ``/api/hint``          the best decision and its estimated chances
GET       ``/api/history``       ``?limit=&before=``: past rounds, newest first
GET       ``/api/round/{id}``    one past round
GET       ``/api/stats``         balance over time, results against the house
========  =====================  ==========================================

Each API response carries a ``Server-Timing: game;dur=<ms>, cpu;dur=<ms>``
header: the wall and CPU time the game service spent on the request (used by
``benchmarks/load_game.py``).

>>> import tempfile, os
>>> db = os.path.join(tempfile.mkdtemp(), "game.sqlite3")
>>> app = create_app(db, profile="ann", allowed_hosts=["127.0.0.1:8765"])
>>> sorted(app.state.allowed_hosts)
['127.0.0.1:8765', 'localhost:8765']
"""

from __future__ import annotations

import os
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from showdown.game.rounds import GameError
from showdown.i18n import LANGS, check_lang
from showdown.web.app import local_app
from showdown.web.bodies import read_body
from showdown.web.security import (
    ApiError,
    error_response,
    expand_hosts,
    internal_error,
)
from showdown.web.sessions import Sessions

__all__ = ["LANGS", "create_app"]

STATIC_DIR = Path(__file__).resolve().parent / "static"
#: Game calls running at once in worker threads. SQLite takes one writer at a
#: time anyway; a few threads keep reads concurrent without GIL thrashing.
WORKERS = int(os.environ.get("SHOWDOWN_WORKERS", "4"))
_CARD_RE = re.compile(r"^[2-9TJQKA][cdhs]$")


def _crash_response(exc: BaseException) -> Response:
    if isinstance(exc, sqlite3.DatabaseError):
        return error_response(
            503,
            "damaged_database",
            f"The game's database cannot be read ({exc}). Stop the game (Ctrl-C) and run "
            "'showdown play --restore' to put back the latest good backup.",
        )
    return internal_error(exc)


class WebApp:
    """The request handlers, around one :class:`GameService`."""

    def __init__(
        self,
        db_path: str | Path,
        profile: str,
        secret: bytes,
        cookie: str,
        backup_every: int | None = None,
    ) -> None:
        from showdown.game.service import GameService

        self.service = GameService(db_path, backup_every=backup_every)
        self.profile = profile
        self.sessions = Sessions(secret, cookie)
        self._index_template = (STATIC_DIR / "index.html").read_text(encoding="utf-8")
        # start/refill check "after" and act under one lock per profile, so two tabs
        # of this server cannot both pass the check (act/advance rely on `version`).
        self._locks: dict[str, threading.Lock] = {}
        self._locks_guard = threading.Lock()
        self._capacity: anyio.CapacityLimiter | None = None

    def _limiter(self) -> anyio.CapacityLimiter:
        """At most ``WORKERS`` game calls at once (created inside the event loop)."""
        if self._capacity is None:
            self._capacity = anyio.CapacityLimiter(WORKERS)
        return self._capacity

    def _lock(self, profile: str) -> threading.Lock:
        with self._locks_guard:
            return self._locks.setdefault(profile, threading.Lock())

    # ---- session: the token of a page belongs to one session and one profile --------

    def token_for(self, sid: str, profile: str) -> str:
        """The token the page must send back with every state-changing request."""
        return self.sessions.token_for(sid, profile)

    def _session(self, request: Request) -> tuple[str, bool]:
        return self.sessions.session(request)

    def _set_cookie(self, response: Response, sid: str) -> None:
        self.sessions.set_cookie(response, sid)

    def check_token(self, request: Request, profile: str) -> None:
        """A 403 unless the request carries the token of its session for ``profile``."""
        self.sessions.check_token(request, profile)

    # ---- parameters ----------------------------------------------------------------

    def _profile(self, request: Request) -> str:
        from showdown.game.service import check_profile

        return check_profile(request.query_params.get("profile", self.profile))

    @staticmethod
    def _lang(request: Request) -> str:
        try:
            return check_lang(request.query_params.get("lang", "en"))
        except ValueError as error:
            raise ApiError(400, "bad_lang", str(error)) from None

    @staticmethod
    async def _body(request: Request, fields: dict[str, tuple[type, str]]) -> dict[str, Any]:
        return await read_body(request, fields)

    async def _call(self, fn: Callable[..., dict[str, Any]], *args: Any, **kw: Any) -> JSONResponse:
        """Run a service method in the thread pool and time it (``Server-Timing``).

        ``game`` is the wall time of the call (waits for the database lock
        included), ``cpu`` the CPU time of the thread that ran it (the work).
        """

        def timed() -> tuple[dict[str, Any], float, float]:
            wall0, cpu0 = time.perf_counter(), time.thread_time()
            result = fn(*args, **kw)
            return result, time.perf_counter() - wall0, time.thread_time() - cpu0

        result, wall, cpu = await anyio.to_thread.run_sync(timed, limiter=self._limiter())
        timing = f"game;dur={wall * 1000:.2f}, cpu;dur={cpu * 1000:.2f}"
        return JSONResponse(result, headers={"cache-control": "no-store", "server-timing": timing})

    # ---- pages ---------------------------------------------------------------------

    async def index(self, request: Request) -> Response:
        sid, new = self._session(request)
        page = self._index_template.replace("{{TOKEN}}", self.token_for(sid, self.profile)).replace(
            "{{PROFILE}}", _html_attr(self.profile)
        )
        response = Response(page, media_type="text/html; charset=utf-8")
        response.headers["cache-control"] = "no-store"
        if new:
            self._set_cookie(response, sid)
        return response

    async def card(self, request: Request) -> Response:
        name = request.path_params["name"]
        svg = _card_picture(name)
        if svg is None:
            raise ApiError(404, "no_such_card", "No such card picture.")
        return Response(
            svg,
            media_type="image/svg+xml",
            headers={"cache-control": "public, max-age=86400"},
        )

    # ---- API -----------------------------------------------------------------------

    async def session(self, request: Request) -> Response:
        from showdown.game import ANTES

        sid, new = self._session(request)
        profile = self._profile(request)
        response = JSONResponse(
            {
                "token": self.token_for(sid, profile),
                "profile": profile,
                "langs": list(LANGS),
                "antes": list(ANTES),
            },
            headers={"cache-control": "no-store"},
        )
        if new:
            self._set_cookie(response, sid)
        return response

    async def state(self, request: Request) -> Response:
        return await self._call(
            self.service.state, self._profile(request), lang=self._lang(request)
        )

    async def start(self, request: Request) -> Response:
        profile, lang = self._profile(request), self._lang(request)
        self.check_token(request, profile)
        body = await self._body(request, {"ante": (int, "optional"), "after": (int, "nullable")})
        return await self._call(self._start, profile, body.get("ante"), body["after"], lang)

    def _last_round_id(self, profile: str, lang: str) -> int | None:
        current = self.service.state(profile, lang=lang)
        return current["round"]["id"] if current["round"] else None

    def _start(self, profile: str, ante: int | None, after: int | None, lang: str) -> dict:
        with self._lock(profile):
            if self._last_round_id(profile, lang) != after:
                raise ApiError(
                    409,
                    "stale",
                    "The table has moved on since this page last saw it (another tab, or a "
                    "replayed request): nothing was changed.",
                )
            return self.service.start_round(profile, ante=ante, lang=lang)

    async def refill(self, request: Request) -> Response:
        profile, lang = self._profile(request), self._lang(request)
        self.check_token(request, profile)
        body = await self._body(request, {"after": (int, "nullable")})
        return await self._call(self._refill, profile, body["after"], lang)

    def _refill(self, profile: str, after: int | None, lang: str) -> dict:
        with self._lock(profile):
            if self._last_round_id(profile, lang) != after:
                raise ApiError(409, "stale", "The table has moved on: nothing was changed.")
            return self.service.refill(profile, lang=lang)

    async def act(self, request: Request) -> Response:
        profile, lang = self._profile(request), self._lang(request)
        self.check_token(request, profile)
        body = await self._body(
            request,
            {
                "action": (str, "required"),
                "version": (int, "required"),
                "card_index": (int, "optional"),
                "card": (str, "optional"),
            },
        )
        action = body["action"]
        if action not in ("fold", "keep", "exchange"):
            raise ApiError(400, "bad_action", "The action must be fold, keep or exchange.")
        if body.get("card") is not None and body.get("card_index") is not None:
            raise ApiError(400, "bad_card", "Give either card or card_index, not both.")
        return await self._call(
            self._act, profile, action, body.get("card_index"), body.get("card"),
            body["version"], lang,
        )  # fmt: skip

    def _act(
        self,
        profile: str,
        action: str,
        card_index: int | None,
        card: str | None,
        version: int,
        lang: str,
    ) -> dict:
        if card is not None:
            if action != "exchange":
                raise ApiError(400, "bad_card", "Only an exchange names a card.")
            current = self.service.state(profile, lang=lang)
            rnd = current["round"]
            mine = rnd["players"][0]["cards"] if rnd and current["phase"] == "deciding" else None
            if not mine:
                raise ApiError(409, "not_your_turn", "The round is not waiting for your decision.")
            if card not in mine:
                raise ApiError(
                    400, "card_not_in_hand", f"The card {card[:3]!r} is not in your hand."
                )
            card_index = mine.index(card)
        return self.service.act(profile, action, card_index=card_index, version=version, lang=lang)

    async def advance(self, request: Request) -> Response:
        profile, lang = self._profile(request), self._lang(request)
        self.check_token(request, profile)
        body = await self._body(request, {"version": (int, "required")})
        return await self._call(self.service.advance, profile, version=body["version"], lang=lang)

    async def set_ante(self, request: Request) -> Response:
        profile, lang = self._profile(request), self._lang(request)
        self.check_token(request, profile)
        body = await self._body(request, {"ante": (int, "required")})
        return await self._call(self.service.set_ante, profile, body["ante"], lang=lang)

    async def hint(self, request: Request) -> Response:
        return await self._call(self.service.hint, self._profile(request), lang=self._lang(request))

    async def history(self, request: Request) -> Response:
        params = request.query_params
        limit = _int_param(params.get("limit", "20"), "limit")
        before = params.get("before")
        return await self._call(
            self.service.history,
            self._profile(request),
            limit=limit,
            before=None if before is None else _int_param(before, "before"),
            lang=self._lang(request),
        )

    async def round_detail(self, request: Request) -> Response:
        round_id = _int_param(request.path_params["round_id"], "round_id")
        return await self._call(
            self.service.round_detail, self._profile(request), round_id, lang=self._lang(request)
        )

    async def stats(self, request: Request) -> Response:
        return await self._call(self.service.stats, self._profile(request))


def _int_param(text: str, name: str) -> int:
    """A query/path integer, or a 400.

    >>> _int_param("12", "limit")
    12
    >>> _int_param("x", "limit")
    Traceback (most recent call last):
    ...
    showdown.web.security.ApiError: The parameter 'limit' must be an integer.
    """
    if not re.fullmatch(r"-?[0-9]{1,9}", text):
        raise ApiError(400, f"bad_{name}", f"The parameter {name!r} must be an integer.")
    return int(text)


def _html_attr(text: str) -> str:
    from html import escape

    return escape(text, quote=True)


@lru_cache(maxsize=64)
def _card_picture(name: str) -> str | None:
    """The SVG of a card (``"As"``) or of the back (``"back"``); ``None`` for anything else.

    >>> _card_picture("As").startswith("<svg")
    True
    >>> _card_picture("../etc") is None
    True
    """
    from showdown.text.render import card_svg

    if name == "back":
        return card_svg("2c", width=100, face_down=True)
    if _CARD_RE.match(name):
        return card_svg(name, width=100)
    return None


def create_app(
    db_path: str | Path,
    *,
    profile: str = "default",
    allowed_hosts: Iterable[str],
    secret: bytes | None = None,
    backup_every: int | None = None,
) -> Starlette:
    """The ASGI application: pages, static files, card pictures and the JSON API.

    ``allowed_hosts`` are the ``host:port`` values the ``Host`` header may carry
    (``localhost`` is added for ``127.0.0.1``).
    """
    hosts = expand_hosts(allowed_hosts)
    port = next(iter(sorted(hosts))).rpartition(":")[2]
    web = WebApp(
        db_path,
        profile,
        secret or secrets.token_bytes(32),
        cookie=f"showdown_{port}",
        backup_every=backup_every,
    )

    routes = [
        Route("/", web.index, methods=["GET"]),
        Route("/cards/{name}.svg", web.card, methods=["GET"]),
        Route("/api/session", web.session, methods=["GET"]),
        Route("/api/state", web.state, methods=["GET"]),
        Route("/api/start", web.start, methods=["POST"]),
        Route("/api/act", web.act, methods=["POST"]),
        Route("/api/advance", web.advance, methods=["POST"]),
        Route("/api/refill", web.refill, methods=["POST"]),
        Route("/api/ante", web.set_ante, methods=["POST"]),
        Route("/api/hint", web.hint, methods=["GET"]),
        Route("/api/history", web.history, methods=["GET"]),
        Route("/api/round/{round_id}", web.round_detail, methods=["GET"]),
        Route("/api/stats", web.stats, methods=["GET"]),
        Mount("/static", app=StaticFiles(directory=STATIC_DIR), name="static"),
    ]
    app = local_app(
        routes,
        hosts,
        refusals=(GameError,),
        crash=_crash_response,
        crashes=(sqlite3.DatabaseError,),
    )
    app.state.web = web
    return app
