"""Running the lab's server: listen, print the URL, serve until Ctrl-C or SIGTERM.

:func:`serve` is what ``showdown lab`` runs; binding, serving and opening the
browser are :mod:`showdown.web.serving`'s, shared with the game.
"""

from __future__ import annotations

from showdown.web.serving import LaunchError, listen, run

__all__ = ["LaunchError", "serve"]


def serve(*, host: str = "127.0.0.1", port: int = 0, open_browser: bool = True) -> int:
    """Run the lab until Ctrl-C (SIGINT) or SIGTERM; returns the exit status.

    Prints the URL as soon as the socket is bound (one line, flushed).
    """
    from showdown.lab.server import create_app

    listening = listen(host, port, "the equity lab")
    try:
        app = create_app(allowed_hosts=listening.hosts)
        print(f"Equity lab: {listening.url}", flush=True)
        print("Press Ctrl-C to stop.", flush=True)
        run(app, listening, open_browser)
    finally:
        listening.sock.close()
    print("Stopped.", flush=True)
    return 0
