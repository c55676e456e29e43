"""A local page's application: its routes behind the defences every page shares.

:func:`local_app` wraps a page's routes in a Starlette application whose every
error is a JSON answer (:func:`~showdown.web.security.error_response`), with the
:class:`~showdown.web.security.SecurityMiddleware` in front and the
:class:`~showdown.web.security.CatchAllMiddleware` behind it. Every page is also
served the scripts all pages share (the language loader, the element helpers) under
``/shared/`` from :data:`SHARED_DIR`.

>>> from starlette.responses import PlainTextResponse
>>> from starlette.routing import Route
>>> async def hello(request): return PlainTextResponse("hello")
>>> app = local_app([Route("/", hello)], {"127.0.0.1:8765"})
>>> sorted(app.state.allowed_hosts)
['127.0.0.1:8765', 'localhost:8765']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from showdown.web.bodies import BodyError
from showdown.web.security import (
    ApiError,
    CatchAllMiddleware,
    SecurityMiddleware,
    error_response,
    expand_hosts,
    internal_error,
)

__all__ = ["SHARED_DIR", "local_app"]

#: The scripts every local page shares, served under ``/shared/``.
SHARED_DIR = Path(__file__).resolve().parent / "static"

_HTTP_CODES = {404: "not_found", 405: "method_not_allowed"}


def local_app(
    routes: Sequence[BaseRoute],
    allowed_hosts: Iterable[str],
    *,
    refusals: tuple[type[Exception], ...] = (),
    crash: Callable[[BaseException], Response] = internal_error,
    crashes: tuple[type[Exception], ...] = (),
) -> Starlette:
    """The application serving ``routes`` to requests addressed to ``allowed_hosts``.

    ``allowed_hosts`` are the ``host:port`` values the ``Host`` header may carry
    (``localhost`` is added for ``127.0.0.1``). :class:`ApiError`,
    :class:`BodyError` and the page's own ``refusals`` (exceptions with
    ``status``, ``code`` and ``message``) become their JSON answer; the
    exceptions in ``crashes``, and any exception no handler took, are answered
    by ``crash``.
    """
    hosts = expand_hosts(allowed_hosts)

    async def on_refusal(request: Request, exc: Exception) -> Response:
        refused: Any = exc
        return error_response(refused.status, refused.code, refused.message)

    async def on_crash(request: Request, exc: Exception) -> Response:
        return crash(exc)

    async def on_http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        code = _HTTP_CODES.get(exc.status_code, "http_error")
        return error_response(exc.status_code, code, str(exc.detail))

    handlers: dict[Any, Callable[..., Any]] = {
        kind: on_refusal for kind in (ApiError, BodyError, *refusals)
    }
    handlers.update({kind: on_crash for kind in crashes})
    handlers[HTTPException] = on_http_error
    shared = Mount("/shared", app=StaticFiles(directory=SHARED_DIR), name="shared")
    app = Starlette(routes=[*routes, shared], exception_handlers=handlers)
    app.add_middleware(CatchAllMiddleware, crash=crash)
    app.add_middleware(SecurityMiddleware, allowed_hosts=hosts)
    app.state.allowed_hosts = hosts
    return app
