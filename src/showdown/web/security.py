"""What every local page refuses before its own code runs, and how it answers errors.

- **Host and Origin checks**: a request whose ``Host`` is not this server (DNS
  rebinding) or whose ``Origin`` / ``Sec-Fetch-Site`` says it comes from
  another site is refused with 403.
- **Security headers** on every response: a content security policy allowing
  only this server's own files, no sniffing, no framing.
- **A last line of defence**: an exception no handler took becomes a JSON
  answer and the connection stays usable.

>>> sorted(expand_hosts(["127.0.0.1:80"]))
['127.0.0.1:80', 'localhost:80']
>>> error_response(404, "not_found", "No such page.").status_code
404
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, MutableMapping
from typing import Any

from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = [
    "SECURITY_HEADERS",
    "ApiError",
    "CatchAllMiddleware",
    "SecurityMiddleware",
    "error_response",
    "expand_hosts",
    "internal_error",
]

# The policy every response carries: only this server's own files; no inline
# script or style; no framing; no plugins.
_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", _CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
]


class ApiError(Exception):
    """A request the web layer refuses (HTTP ``status``, machine ``code``, English ``message``)."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def error_response(status: int, code: str, message: str) -> JSONResponse:
    """The JSON error answer every page uses: ``{"error": code, "message": message}``."""
    return JSONResponse(
        {"error": code, "message": message},
        status_code=status,
        headers={"cache-control": "no-store"},
    )


def internal_error(exc: BaseException) -> Response:
    """The answer to an unexpected exception: logged to stderr, a 500 ``internal`` sent."""
    print(f"showdown: internal error: {exc!r}", file=sys.stderr)
    return error_response(500, "internal", "Internal error.")


class SecurityMiddleware:
    """Refuse requests for another host (DNS rebinding) or from another origin.

    Runs before routing, so a refused request never reaches the page's code. It
    also adds :data:`SECURITY_HEADERS` to every response.
    """

    def __init__(self, app: ASGIApp, allowed_hosts: Iterable[str]) -> None:
        self.app = app
        self.allowed_hosts = frozenset(h.lower() for h in allowed_hosts)
        self.allowed_origins = frozenset(f"http://{h}" for h in self.allowed_hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers: dict[str, str] = {}
        for key, value in scope["headers"]:
            name = key.decode("latin-1").lower()
            if name in headers:  # a repeated Host/Origin header is suspicious: refuse
                if name in ("host", "origin"):
                    headers[name] = "\x00duplicate"
                continue
            headers[name] = value.decode("latin-1")
        refusal = self._refusal(scope, headers)
        if refusal is not None:
            await refusal(scope, receive, send)
            return

        async def send_with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + SECURITY_HEADERS
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _refusal(self, scope: Scope, headers: dict[str, str]) -> Response | None:
        host = headers.get("host", "").lower()
        if host not in self.allowed_hosts:
            return error_response(
                403, "bad_host", "This server only answers requests addressed to it."
            )
        origin = headers.get("origin")
        if origin is not None and origin.lower() not in self.allowed_origins:
            return error_response(403, "bad_origin", "Requests from other sites are refused.")
        path: str = scope.get("path", "")
        method: str = scope.get("method", "GET")
        fetch_site = headers.get("sec-fetch-site")
        if (
            fetch_site is not None
            and fetch_site not in ("same-origin", "none")
            and (path.startswith("/api/") or method not in ("GET", "HEAD"))
        ):
            return error_response(403, "cross_site", "Requests from other sites are refused.")
        return None


class CatchAllMiddleware:
    """The last line of defence: an exception no handler took becomes a JSON answer.

    Starlette's own last handler answers 500 and then re-raises, which makes the
    server drop the connection; here the answer is sent and the connection stays
    usable. ``crash`` turns the exception into the answer (default
    :func:`internal_error`); a page passes its own to explain errors it knows.
    """

    def __init__(
        self, app: ASGIApp, crash: Callable[[BaseException], Response] = internal_error
    ) -> None:
        self.app = app
        self.crash = crash

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def tracking_send(message: MutableMapping[str, Any]) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, tracking_send)
        except Exception as exc:
            if started:
                raise
            await self.crash(exc)(scope, receive, send)


def expand_hosts(hosts: Iterable[str]) -> set[str]:
    """Add the ``localhost`` alias of each loopback ``host:port``."""
    out: set[str] = set()
    for item in hosts:
        item = item.lower()
        out.add(item)
        host, _, port = item.rpartition(":")
        if host in ("127.0.0.1", "[::1]"):
            out.add(f"localhost:{port}")
    return out
