"""Serving a local page: bind a port, answer until Ctrl-C or SIGTERM, open the browser.

:func:`listen` binds the socket and works out which ``Host`` values requests
may carry (the protection against DNS rebinding); :func:`run` serves an ASGI
application on it with uvicorn until Ctrl-C (SIGINT) or SIGTERM, letting the
requests under way finish.

>>> "127.0.0.1" in own_addresses("0.0.0.0")
True
>>> listening = listen("127.0.0.1", 0, "A page")
>>> listening.url.startswith("http://127.0.0.1:"), f"127.0.0.1:{listening.port}" in listening.hosts
(True, True)
>>> listening.sock.close()
"""

from __future__ import annotations

import contextlib
import socket
import sys
import threading
import time
import webbrowser
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

__all__ = ["LaunchError", "Listening", "listen", "own_addresses", "run"]

_WILDCARDS = ("0.0.0.0", "::")


class LaunchError(Exception):
    """A page cannot start: a bad setting, a damaged file, a port in use.

    The message is one line for the user; the CLI prints it as an ``error:``
    line and exits with status 2.
    """


@dataclass(frozen=True)
class Listening:
    """A bound socket, the URL to open and the ``host:port`` values requests may carry."""

    sock: socket.socket
    port: int
    url: str
    hosts: frozenset[str]


def _bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host``: ``port`` 0 picks a free port."""
    family, kind, proto, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    if sys.platform != "win32":
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError:
        sock.close()
        raise
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def listen(host: str, port: int, what: str) -> Listening:
    """Bind ``host:port`` (0: a free port) for the page called ``what`` in messages.

    On a wildcard address (``0.0.0.0``, ``::``) a warning on stderr names the
    addresses other machines can use; requests to any other name are refused.
    Raises :class:`LaunchError` when the port cannot be bound.
    """
    try:
        sock = _bind(host, port)
    except OSError as exc:
        raise LaunchError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from exc
    bound_port = sock.getsockname()[1]
    shown_host = f"[{host}]" if ":" in host else host
    url_host = "127.0.0.1" if host in _WILDCARDS else shown_host
    allowed = {f"{shown_host}:{bound_port}", f"127.0.0.1:{bound_port}"}
    if host in _WILDCARDS:
        names = own_addresses(host)
        allowed |= {f"{name}:{bound_port}" for name in names}
        urls = ", ".join(
            f"http://{n}:{bound_port}/" for n in names if n not in ("127.0.0.1", "[::1]")
        )
        print(
            f"warning: listening on {host}: other machines on the network can use {what} at "
            f"{urls or 'this machine’s address'} (requests to any other name are refused)",
            file=sys.stderr,
        )
    return Listening(sock, bound_port, f"http://{url_host}:{bound_port}/", frozenset(allowed))


def own_addresses(wildcard: str) -> list[str]:
    """The names and addresses by which other machines reach this one (sorted).

    Used when listening on every interface (``0.0.0.0`` or ``::``): requests
    are answered only when their ``Host`` is one of these, which keeps the
    protection against DNS rebinding.
    """
    family = socket.AF_INET6 if ":" in wildcard else socket.AF_INET
    found = {"127.0.0.1"} if family == socket.AF_INET else {"::1"}
    names = {socket.gethostname(), socket.getfqdn()} - {""}
    for name in names:
        with contextlib.suppress(OSError):
            for info in socket.getaddrinfo(name, None, family, socket.SOCK_STREAM):
                found.add(str(info[4][0]))
    # The address of the route to the outside world (a UDP "connect" sends nothing).
    with contextlib.suppress(OSError), socket.socket(family, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9) if family == socket.AF_INET else ("2001:db8::1", 9))
        found.add(str(probe.getsockname()[0]))
    hosts = {f"[{a}]" if ":" in a else a for a in found if "%" not in a}
    return sorted(hosts | names)


def _server_class() -> type:
    import uvicorn

    class Server(uvicorn.Server):  # type: ignore[misc]
        """uvicorn's server, except that a captured SIGTERM/SIGINT is not re-raised after
        the graceful shutdown (uvicorn re-raises it, which kills the process before
        the page's files are closed)."""

        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            with super().capture_signals():
                try:
                    yield
                finally:
                    self.stop_signals = list(getattr(self, "_captured_signals", []))
                    getattr(self, "_captured_signals", []).clear()

    return Server


def run(app: Any, listening: Listening, open_browser: bool) -> None:
    """Serve ``app`` on the bound socket until Ctrl-C (SIGINT) or SIGTERM.

    Requests under way get up to 3 seconds to finish. With ``open_browser`` the
    default browser opens the page once the server answers.
    """
    import uvicorn

    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        lifespan="off",
        ws="none",
        timeout_graceful_shutdown=3,
    )
    server = _server_class()(config)
    if open_browser:
        threading.Thread(target=_open_when_up, args=(server, listening.url), daemon=True).start()
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[listening.sock])


def _open_when_up(server: Any, url: str) -> None:
    for _ in range(200):
        if server.started:
            webbrowser.open(url, new=2)
            return
        time.sleep(0.05)
