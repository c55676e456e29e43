"""Benchmark: the server-side work of one Poker vs Dealer round (target: at most 50 ms).

Run: ``.venv/bin/python benchmarks/bench_game_round.py`` (``--rounds N``, ``--samples S``).
Prints, in milliseconds:

- one opponent decision (the simulation of :func:`showdown.game.bots.analyse`);
- a whole round in the rules engine alone (deal, three decisions, five dealer
  cards, settlement, the player's view);
- a whole round through :class:`showdown.game.GameService` on a real SQLite file
  (start_round with the opponents before you, act with the opponents after you,
  every dealer card, each step one committed transaction), p50 / p99 / max;
- the same plus a Hint call per round;
- with ``--clients N``: N threads, each on its own profile, playing ``--client-rounds``
  rounds at once through one service (latency of each call, p50 / p99).

Figures depend on the machine and its load; the round is played with the
computer strategy for your seat too (the hint's best option).
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from showdown.game import GameService
from showdown.game.bots import OPPONENTS, SAMPLES, analyse
from showdown.game.rounds import (
    SEATS,
    Chips,
    apply_decision,
    deal,
    player_view,
    reveal_next,
    shuffled_deck,
)
from showdown.game.service import NAMES


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_decision(n: int, samples: int) -> list[float]:
    rng = random.Random(1)
    times = []
    for k in range(n):
        cards = rng.sample(range(52), 6)
        start = time.perf_counter()
        OPPONENTS[1].decide(analyse(cards[:5], cards[5], 10, 30, 2, samples, k))
        times.append((time.perf_counter() - start) * 1000)
    return times


def bench_engine(n: int, samples: int) -> list[float]:
    chips = Chips(stacks=[10**9] * SEATS)
    times = []
    for k in range(n):
        start = time.perf_counter()
        rnd = deal(chips, k + 1, 10, k % 3, shuffled_deck())
        while rnd.to_act is not None:
            seat = rnd.to_act
            rivals = sum(1 for s in range(SEATS) if s != seat and rnd.seats[s].status != "folded")
            a = analyse(rnd.seats[seat].hand, rnd.dealer[0], 10, rnd.pot, rivals, samples, k)
            if seat == 0:
                best = a.best()
                action, index = best.action, best.card_index
            else:
                action, index = OPPONENTS[seat].decide(a, 10)
            apply_decision(rnd, chips, seat, action, index)
        while rnd.phase == "dealer":
            reveal_next(rnd, chips)
        player_view(rnd, NAMES)
        times.append((time.perf_counter() - start) * 1000)
    return times


def bench_service(n: int, samples: int, db: Path, with_hint: bool) -> list[float]:
    svc = GameService(db, samples=samples)
    profile = "hint" if with_hint else "bench"
    times = []
    for _ in range(n):
        start = time.perf_counter()
        svc.start_round(profile)
        if with_hint:
            hint = svc.hint(profile)
            action, index = hint["action"], hint["card_index"]
        else:
            action, index = "keep", None
        st = svc.act(profile, action, card_index=index)
        while st["phase"] == "dealer":
            st = svc.advance(profile)
        times.append((time.perf_counter() - start) * 1000)
        if st["refill_available"]:
            svc.refill(profile)
    assert svc.audit(profile)["ok"]
    svc.close()
    return times


def bench_clients(clients: int, rounds: int, samples: int, db: Path) -> tuple[list[float], float]:
    svc = GameService(db, samples=samples)
    latencies: list[float] = []
    guard = threading.Lock()
    barrier = threading.Barrier(clients)

    def client(k: int) -> None:
        name = f"client{k}"
        mine: list[float] = []

        def call(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            out = fn(*args, **kwargs)
            mine.append((time.perf_counter() - start) * 1000)
            return out

        svc.state(name)
        barrier.wait()
        for n in range(rounds):
            call(svc.start_round, name, request_id=f"s{n}")
            st = call(svc.act, name, "keep", request_id=f"a{n}")
            while st["phase"] == "dealer":
                st = call(svc.advance, name, version=st["round"]["version"])
            if st["refill_available"]:
                call(svc.refill, name)
        assert svc.audit(name)["ok"]
        with guard:
            latencies.extend(mine)

    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - start
    svc.close()
    return latencies, wall


def show(label: str, times: list[float]) -> None:
    print(
        f"{label:<44} mean {statistics.fmean(times):7.2f} ms   p50 {percentile(times, 0.5):7.2f}"
        f"   p99 {percentile(times, 0.99):7.2f}   max {max(times):7.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--samples", type=int, default=SAMPLES)
    parser.add_argument("--db", type=Path, default=None, help="SQLite file (default: a temp file)")
    parser.add_argument("--clients", type=int, default=0, help="concurrent profiles (threads)")
    parser.add_argument("--client-rounds", type=int, default=20)
    args = parser.parse_args()
    print(f"{args.rounds} rounds, {args.samples} simulated deals per decision")
    bench_engine(5, args.samples)  # warm-up: tables, numpy
    show("opponent decision (analysis)", bench_decision(args.rounds, args.samples))
    show("round, rules engine only", bench_engine(args.rounds, args.samples))
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or Path(tmp) / "bench.sqlite3"
        show("round via GameService + SQLite", bench_service(args.rounds, args.samples, db, False))
        show(
            "round via GameService + SQLite + hint",
            bench_service(args.rounds, args.samples, db, True),
        )
        if args.clients:
            latencies, wall = bench_clients(args.clients, args.client_rounds, args.samples, db)
            rounds = args.clients * args.client_rounds
            show(f"one call, {args.clients} concurrent clients", latencies)
            print(
                f"{rounds} rounds by {args.clients} clients in {wall:.2f} s: "
                f"{wall * 1000 / rounds:.2f} ms per round of throughput; every table's chips add up"
            )


if __name__ == "__main__":
    main()
