"""Load test of the game server: concurrent clients playing whole rounds over HTTP.

Starts ``showdown play --no-browser`` on 127.0.0.1 with a fresh SQLite file
(or uses ``--url`` of a running server), then runs ``--clients`` concurrent
clients, each on its own profile, each playing ``--rounds`` rounds through the
JSON API exactly as the browser does (session token, ``after``/``version``
conditions). Decisions cycle through keep, exchange and fold; every fifth round
asks for the hint first. At the end it checks that nothing failed and that
every profile's chips add up (each round: players' nets + the house + the pot
change == 0; each profile: chips == 1,000 + refills + the sum of its nets; and
the engine's own audit of the SQLite file).

It prints the latency of the requests (p50, p99, max) and the server's own
work per round: the sum of the ``Server-Timing`` CPU durations of one round's
requests (deal, decision with the opponents', each dealer card and the
settlement), target <= 50 ms; and the wall time of the same calls, which also
counts waiting for the database's write lock behind the other clients.

Usage::

    .venv/bin/python benchmarks/load_game.py                 # 50 clients x 20 rounds
    .venv/bin/python benchmarks/load_game.py --clients 5 --rounds 4

Only 127.0.0.1 traffic; every loop is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

TIMING = re.compile(r"game;dur=([0-9.]+), cpu;dur=([0-9.]+)")


@dataclass
class Tally:
    latencies_ms: list[float] = field(default_factory=list)
    round_work_ms: list[float] = field(default_factory=list)
    round_cpu_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    rounds: int = 0
    requests: int = 0


class Player:
    """One client: its own cookie, token and profile."""

    def __init__(self, http: httpx.AsyncClient, profile: str, tally: Tally) -> None:
        self.http = http
        self.profile = profile
        self.tally = tally
        self.token = ""
        self.work_ms = 0.0
        self.cpu_ms = 0.0

    async def call(self, method: str, path: str, body: Any = None, **params: Any) -> dict:
        headers = {}
        if body is not None:
            headers["X-Showdown-Token"] = self.token
        t0 = time.perf_counter()
        response = await self.http.request(
            method,
            path,
            params={"profile": self.profile, **params},
            json=body,
            headers=headers,
        )
        self.tally.latencies_ms.append((time.perf_counter() - t0) * 1000)
        self.tally.requests += 1
        match = TIMING.search(response.headers.get("server-timing", ""))
        if match:
            self.work_ms += float(match.group(1))
            self.cpu_ms += float(match.group(2))
        if response.status_code != 200:
            raise RuntimeError(f"{method} {path} {body}: {response.status_code} {response.text}")
        return response.json()

    async def play(self, rounds: int) -> None:
        # A token belongs to one profile: ask for this player's.
        session = await self.http.get("/api/session", params={"profile": self.profile})
        self.token = session.json()["token"]
        st = await self.call("GET", "/api/state")
        expected = st["chips"]
        for n in range(rounds):
            self.work_ms = self.cpu_ms = 0.0
            after = st["round"]["id"] if st["round"] else None
            if st["refill_available"]:
                st = await self.call("POST", "/api/refill", {"after": after})
                expected = st["chips"]
            st = await self.call("POST", "/api/start", {"after": after, "ante": 10})
            if n % 5 == 4:
                await self.call("GET", "/api/hint")
            action = ("keep", "exchange", "fold")[n % 3]
            body: dict[str, Any] = {"action": action, "version": st["round"]["version"]}
            if action == "exchange":
                body["card_index"] = n % 5
            st = await self.call("POST", "/api/act", body)
            for _ in range(5):
                if st["phase"] != "dealer":
                    break
                st = await self.call("POST", "/api/advance", {"version": st["round"]["version"]})
            rnd = st["round"]
            if st["phase"] != "idle" or rnd["phase"] != "settled":
                raise RuntimeError(f"{self.profile}: round {rnd['number']} did not settle")
            check_round(rnd)
            expected += next(x["net"] for x in rnd["result"]["net"] if x["seat"] == 0)
            if st["chips"] != expected:
                raise RuntimeError(f"{self.profile}: chips {st['chips']} != {expected}")
            self.tally.round_work_ms.append(self.work_ms)
            self.tally.round_cpu_ms.append(self.cpu_ms)
            self.tally.rounds += 1


def check_round(rnd: dict[str, Any]) -> None:
    """Players' nets + the house's result + the change of the table pot == 0."""
    res = rnd["result"]
    nets = sum(x["net"] for x in res["net"])
    house = -sum(v["paid"] for v in res["vs_house"])
    pot = 3 * rnd["ante"] if res["pot"]["carried"] else -rnd["carry_in"]
    if nets + house + pot != 0:
        raise RuntimeError(f"round {rnd['id']}: chips do not add up ({nets}, {house}, {pot})")


async def run_clients(url: str, clients: int, rounds: int, tag: str) -> tuple[Tally, list[str]]:
    tally = Tally()
    profiles = [f"load-{tag}-{i}" for i in range(clients)]
    limits = httpx.Limits(max_connections=clients + 5, max_keepalive_connections=clients + 5)

    async def one(profile: str) -> None:
        async with httpx.AsyncClient(base_url=url, timeout=120.0, limits=limits) as http:
            try:
                await Player(http, profile, tally).play(rounds)
            except Exception as exc:
                tally.errors.append(f"{profile}: {exc!r}")

    await asyncio.gather(*(one(p) for p in profiles))
    return tally, profiles


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--url", help="use a running server (http://127.0.0.1:PORT/)")
    parser.add_argument("--db", type=Path, help="SQLite file for the server this script starts")
    args = parser.parse_args(argv)
    if not (1 <= args.clients <= 500 and 1 <= args.rounds <= 1000):
        parser.error("--clients 1..500 and --rounds 1..1000")

    proc = None
    tmp = tempfile.TemporaryDirectory()
    db = args.db or Path(tmp.name) / "load.sqlite3"
    url = args.url
    if url is None:
        proc = subprocess.Popen(
            [sys.executable, "-m", "showdown", "play", "--no-browser", "--db", str(db)],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None
        line = proc.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:\d+/", line)
        if not match:
            proc.kill()
            print(f"error: server did not start: {line!r}", file=sys.stderr)
            return 2
        url = match.group(0)
    if not url.startswith(("http://127.0.0.1:", "http://localhost:")):
        parser.error("only a local server (127.0.0.1) may be load-tested")
    for _ in range(100):  # wait until it answers (bounded)
        try:
            httpx.get(url + "api/session", timeout=2.0)
            break
        except httpx.TransportError:
            time.sleep(0.05)

    tag = str(int(time.time()))
    t0 = time.perf_counter()
    try:
        tally, profiles = asyncio.run(run_clients(url, args.clients, args.rounds, tag))
    finally:
        elapsed = time.perf_counter() - t0
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=20)

    audit_failures: list[str] = []
    if args.url is None or args.db is not None:
        from showdown.game import GameService

        service = GameService(db)
        for profile in profiles:
            report = service.audit(profile)
            if not report["ok"]:
                audit_failures.append(f"{profile}: {report}")
        service.close()

    lat, work, cpu = tally.latencies_ms, tally.round_work_ms, tally.round_cpu_ms
    rate = f"{tally.requests / elapsed:.0f} req/s, {tally.rounds / elapsed:.1f} rounds/s"
    print(f"clients {args.clients} x rounds {args.rounds}: {tally.rounds} rounds, "
          f"{tally.requests} requests in {elapsed:.1f} s ({rate})")  # fmt: skip
    if lat:
        print(f"request latency ms (client side): p50 {pct(lat, 0.5):.1f}  "
              f"p99 {pct(lat, 0.99):.1f}  max {max(lat):.1f}")  # fmt: skip
    if work:
        mean = statistics.fmean(cpu)
        print(f"server work per round ms, CPU of the game code: p50 {pct(cpu, 0.5):.1f}  "
              f"p99 {pct(cpu, 0.99):.1f}  mean {mean:.1f}  (target <= 50)")  # fmt: skip
        print(f"server time per round ms, wall incl. waiting for the DB lock: "
              f"p50 {pct(work, 0.5):.1f}  p99 {pct(work, 0.99):.1f}")  # fmt: skip
    print(f"errors: {len(tally.errors)}; profiles audited: "
          f"{len(profiles) if not audit_failures else 'FAILED'}")  # fmt: skip
    for line in (tally.errors + audit_failures)[:10]:
        print("  " + line)
    tmp.cleanup()
    ok = not tally.errors and not audit_failures and tally.rounds == args.clients * args.rounds
    print("OK: every round settled and every profile's chips add up" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
