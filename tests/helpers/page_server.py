"""A local page's server (``showdown play`` or ``showdown lab``) run as a user runs it: a
subprocess on 127.0.0.1, ready once it prints its address and answers HTTP.

:class:`~helpers.game_server.GameServer` and :class:`~helpers.lab_server.LabServer` are
this with their own command line.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time

import httpx

from helpers.paths import ROOT

#: The line a page's server prints once its socket listens: the address, and its port.
URL_LINE = re.compile(r"(http://127\.0\.0\.1:(\d+)/)")


class PageServer:
    """``python -m showdown ARGS...`` in a subprocess; ``url`` and ``port`` once it answers,
    and everything it printed in ``output``."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""
        self.port = 0
        self.output: list[str] = []

    def launch(self, args: list[str], env: dict[str, str], what: str, timeout: float) -> None:
        """Start ``showdown ARGS`` with ``env`` added to this process's environment; wait up
        to ``timeout`` seconds for its address, then for its first HTTP answer."""
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "showdown", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=dict(os.environ, PYTHONUNBUFFERED="1", **env),
            cwd=ROOT,
        )
        found = threading.Event()

        def reader() -> None:
            assert self.proc is not None and self.proc.stdout is not None
            for line in self.proc.stdout:
                self.output.append(line)
                match = URL_LINE.search(line)
                if match and not found.is_set():
                    self.url, self.port = match.group(1), int(match.group(2))
                    found.set()

        threading.Thread(target=reader, daemon=True).start()
        if not found.wait(timeout):
            self.stop()
            raise RuntimeError(f"{what} did not start:\n" + "".join(self.output))
        # The address is printed once the socket listens; wait until HTTP answers too.
        deadline = time.monotonic() + timeout
        while True:
            try:
                httpx.get(self.url + "api/session", timeout=2.0)
                return
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def stop(self, sig: int = signal.SIGINT) -> int | None:
        """Ctrl-C (SIGINT) as a user would, or ``sig`` (SIGTERM as a service manager
        would); returns the exit status."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        return self.proc.returncode

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)
