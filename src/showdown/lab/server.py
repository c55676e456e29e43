"""The lab's local web server: the page, its files and a small JSON API.

It stands on :mod:`showdown.web` exactly as the game does: Host and Origin
checks, the security headers (no inline script or style, nothing from
elsewhere), a session cookie with a token every POST must carry, strict JSON
bodies, JSON errors that keep the connection usable.

API (all JSON):

=======  =========================  ===============================================
GET      ``/api/session``           ``{"token", "langs", "games", "max_players"}``, cookie
GET      ``/api/range?text=``       a Hold'em range as the grid sees it (``grid_view``);
                                    ``&cell=AKs`` adds the weight of each of its combos,
                                    ``&per_combo=1`` that of every combo in the range
POST     ``/api/jobs``              ``{"kind", "tab", "players", "board"?, "dead"?,
                                    "game"?}``: start a job
GET      ``/api/jobs/{id}``         the job: ``state``, ``progress``, ``result`` when done
POST     ``/api/jobs/{id}/cancel``  stop the job
POST     ``/api/select``            ``{"range", "board", "dead"?, "game"?, "against"?,
                                    "classes"}``: the sub-range in those classes,
                                    ``{"text", "combos", "classes"}`` (grid weights)
POST     ``/api/flops``             ``{"range", "dead"?, "game"?}``: the range's classes
                                    over all flops (``FlopAnalysis.to_json()``)
=======  =========================  ===============================================

``kind`` is ``equity`` (the players' equity) or ``heatmap`` (each preflop class
against player 2's range). A job starting replaces the previous job of the same
page (``tab``) and session. ``POST /api/jobs`` waits up to :data:`QUICK` seconds:
a quick job answers at once (``200``, ``state`` ``done``), a longer one answers
``202`` and the page polls. An impossible input is a ``400``
``{"error": "bad_input", "field", "message"}``, ``field`` naming the input at fault.

>>> app = create_app(allowed_hosts=["127.0.0.1:8766"])
>>> sorted(app.state.allowed_hosts)
['127.0.0.1:8766', 'localhost:8766']
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from showdown.i18n import LANGS
from showdown.lab.inputs import GAMES, MAX_PLAYERS, MAX_TEXT, field_of, read_spot
from showdown.lab.jobs import Control, Job, JobError, JobRunner
from showdown.lab.queries import flops_view, read_query, select_view
from showdown.lab.work import equity_work, grid_view, heatmap_work
from showdown.web.app import local_app
from showdown.web.bodies import read_body
from showdown.web.security import (
    ApiError,
    expand_hosts,
)
from showdown.web.sessions import Sessions

__all__ = ["MAX_JOBS", "QUICK", "create_app"]

STATIC_DIR = Path(__file__).resolve().parent / "static"
#: How long ``POST /api/jobs`` waits for a job before answering 202 (seconds).
QUICK = 0.4
#: Jobs running at once over every page (the machine's cores are shared).
MAX_JOBS = 4
#: Largest request body: six players' ranges with their weights.
MAX_LAB_BODY = 7 * MAX_TEXT + 1024
_TOKEN_SCOPE = "lab"
_TAB = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
_JOB_ID = re.compile(r"^[0-9a-f]{16}$")
_KINDS = {"equity": equity_work, "heatmap": heatmap_work}
_NO_STORE = {"cache-control": "no-store"}
#: The fields of a question about one range (``/api/select``, ``/api/flops``).
_QUERY: dict[str, tuple[type, str]] = {
    "range": (str, "required"),
    "board": (str, "optional"),
    "dead": (str, "optional"),
    "game": (str, "optional"),
    "against": (list, "optional"),
}


class LabApp:
    """The request handlers around one :class:`JobRunner`."""

    def __init__(self, secret: bytes, cookie: str) -> None:
        self.sessions = Sessions(secret, cookie)
        self.jobs = JobRunner()
        self._index = (STATIC_DIR / "index.html").read_text(encoding="utf-8")

    async def index(self, request: Request) -> Response:
        sid, new = self.sessions.session(request)
        page = self._index.replace("{{TOKEN}}", self.sessions.token_for(sid, _TOKEN_SCOPE))
        response = Response(page, media_type="text/html; charset=utf-8", headers=_NO_STORE)
        if new:
            self.sessions.set_cookie(response, sid)
        return response

    async def session(self, request: Request) -> Response:
        sid, new = self.sessions.session(request)
        response = JSONResponse(
            {
                "token": self.sessions.token_for(sid, _TOKEN_SCOPE),
                "langs": list(LANGS),
                "games": list(GAMES),
                "max_players": MAX_PLAYERS,
            },
            headers=_NO_STORE,
        )
        if new:
            self.sessions.set_cookie(response, sid)
        return response

    async def range_view(self, request: Request) -> Response:
        text = request.query_params.get("text", "")
        cell = request.query_params.get("cell")
        per_combo = request.query_params.get("per_combo") == "1"
        if len(text) > MAX_TEXT:
            raise ApiError(400, "bad_range", f"A range text has at most {MAX_TEXT} characters.")
        try:
            view = await anyio.to_thread.run_sync(grid_view, text, cell, per_combo)
        except ValueError as exc:
            return _bad_input("range", str(exc))
        return JSONResponse(view, headers=_NO_STORE)

    async def start_job(self, request: Request) -> Response:
        self.sessions.check_token(request, _TOKEN_SCOPE)
        body = await _body(
            request,
            {
                "kind": (str, "required"),
                "tab": (str, "required"),
                "players": (list, "required"),
                "board": (str, "optional"),
                "dead": (str, "optional"),
                "game": (str, "optional"),
            },
        )
        if body["kind"] not in _KINDS:
            raise ApiError(400, "bad_kind", "The kind must be equity or heatmap.")
        if not _TAB.match(body["tab"]):
            raise ApiError(400, "bad_tab", "The tab must be 1-40 letters, digits, - or _.")
        try:
            spot = read_spot(body)
            work = _KINDS[body["kind"]](spot)
        except JobError as exc:
            return _bad_input(exc.field, exc.message)
        owner = self._owner(request, body["tab"])
        if self.jobs.running(besides=owner) >= MAX_JOBS:
            raise ApiError(429, "busy", f"{MAX_JOBS} jobs are running already; try again soon.")

        def labelled(control: Control) -> dict[str, Any]:
            try:
                return work(control)
            except JobError:
                raise
            except ValueError as exc:  # CardError, RangeError: the input, placed by its words
                raise JobError(field_of(str(exc), spot.players), str(exc)) from exc

        job = self.jobs.start(owner, labelled)
        await anyio.to_thread.run_sync(self.jobs.wait, job, QUICK)
        return _job_response(job)

    async def select(self, request: Request) -> Response:
        self.sessions.check_token(request, _TOKEN_SCOPE)
        body = await _body(request, {**_QUERY, "classes": (list, "required")})
        try:
            query = read_query(body)
            doc = await anyio.to_thread.run_sync(select_view, query, body["classes"])
        except JobError as exc:
            return _bad_input(exc.field, exc.message)
        return JSONResponse(doc, headers=_NO_STORE)

    async def flops(self, request: Request) -> Response:
        self.sessions.check_token(request, _TOKEN_SCOPE)
        body = await _body(request, {k: _QUERY[k] for k in ("range", "dead", "game")})
        try:
            doc = await anyio.to_thread.run_sync(flops_view, read_query(body))
        except JobError as exc:
            return _bad_input(exc.field, exc.message)
        return JSONResponse(doc, headers=_NO_STORE)

    async def job(self, request: Request) -> Response:
        return _job_response(self._own_job(request))

    async def cancel_job(self, request: Request) -> Response:
        self.sessions.check_token(request, _TOKEN_SCOPE)
        await _body(request, {})
        job = self._own_job(request)

        def cancel_and_wait() -> None:  # off the event loop: a hook may stop processes
            self.jobs.cancel(job.id)
            self.jobs.wait(job, 2.0)

        await anyio.to_thread.run_sync(cancel_and_wait)
        return _job_response(job)

    def _owner(self, request: Request, tab: str) -> str:
        sid, _ = self.sessions.session(request)
        return f"{sid}:{tab}"

    def _own_job(self, request: Request) -> Job:
        job_id = request.path_params["job_id"]
        job = self.jobs.get(job_id) if _JOB_ID.match(job_id) else None
        sid, _ = self.sessions.session(request)
        if job is None or not job.tab.startswith(f"{sid}:"):
            raise ApiError(404, "no_such_job", "No such job (it may be long finished).")
        return job


def _job_response(job: Job) -> Response:
    doc = job.to_json()
    if job.state == "error":
        doc["error"] = "bad_input"
        return JSONResponse(doc, status_code=400, headers=_NO_STORE)
    if job.state == "failed":
        doc["error"] = "internal"
        return JSONResponse(doc, status_code=500, headers=_NO_STORE)
    return JSONResponse(doc, status_code=202 if job.state == "running" else 200, headers=_NO_STORE)


def _bad_input(field: str, message: str) -> Response:
    return JSONResponse(
        {"error": "bad_input", "field": field, "message": message},
        status_code=400,
        headers=_NO_STORE,
    )


async def _body(request: Request, fields: dict[str, tuple[type, str]]) -> dict[str, Any]:
    return await read_body(request, fields, limit=MAX_LAB_BODY)


def create_app(*, allowed_hosts: Iterable[str], secret: bytes | None = None) -> Starlette:
    """The ASGI application of the lab: page, static files and the JSON API.

    ``allowed_hosts`` are the ``host:port`` values the ``Host`` header may carry
    (``localhost`` is added for ``127.0.0.1``).
    """
    hosts = expand_hosts(allowed_hosts)
    port = next(iter(sorted(hosts))).rpartition(":")[2]
    lab = LabApp(secret or secrets.token_bytes(32), cookie=f"showdown_lab_{port}")

    routes = [
        Route("/", lab.index, methods=["GET"]),
        Route("/api/session", lab.session, methods=["GET"]),
        Route("/api/range", lab.range_view, methods=["GET"]),
        Route("/api/jobs", lab.start_job, methods=["POST"]),
        Route("/api/select", lab.select, methods=["POST"]),
        Route("/api/flops", lab.flops, methods=["POST"]),
        Route("/api/jobs/{job_id}", lab.job, methods=["GET"]),
        Route("/api/jobs/{job_id}/cancel", lab.cancel_job, methods=["POST"]),
        Mount("/static", app=StaticFiles(directory=STATIC_DIR), name="static"),
    ]
    app = local_app(routes, hosts)
    app.state.lab = lab
    return app
