"""Benchmark: the statistics' counters of one hand (``showdown.tracker.hand_stats``).

Run: ``.venv/bin/python benchmarks/bench_hand_stats.py`` (``--rounds R``). Reads every
hand of the rooms' sample files (``tests/data/rooms``, with ``read_file``) once, then times
``hand_stats`` over them, the whole set and its 6-max no-limit Hold'em hands apart, in
interleaved rounds; prints the best and median wall and thread-CPU microseconds per hand
(the CPU figure is the one to read when other work shares the machine).

Target: under 15 µs a typical 6-max Hold'em hand, on one core (the import's budget is
50 µs a hand for everything: read, replay, settle, all-in EV, write).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from common import interleaved_cpu_times, machine_load
from showdown.phh.corpus.read import read_file
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory
from showdown.tracker.hand_stats import hand_stats

ROOMS = Path(__file__).resolve().parents[1] / "tests" / "data" / "rooms"


def sample_hands() -> list[HandHistory]:
    hands: list[HandHistory] = []
    for path in sorted(ROOMS.iterdir()):
        try:
            _, found = read_file(path)
        except HistoryError:
            continue
        hands += [h for h in found if isinstance(h, HandHistory)]
    return hands


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=50, help="passes over the hands a round")
    args = parser.parse_args(argv)
    hands = sample_hands()
    sets = {
        "every sample hand": hands,
        "6-max no-limit Hold'em": [h for h in hands if h.variant == "NT" and h.player_count == 6],
    }
    won = {id(h): [0] * h.player_count for h in hands}

    def body(group: list[HandHistory]) -> object:
        def run() -> None:
            for _ in range(args.repeat):
                for h in group:
                    hand_stats(h, won[id(h)])
        return run

    wall, cpu = interleaved_cpu_times({name: body(g) for name, g in sets.items()}, args.rounds)
    print(f"hand_stats, {args.rounds} rounds of {args.repeat} passes "
          f"(python {sys.version.split()[0]})")
    for name, group in sets.items():
        actions = statistics.mean(len(h.fields["actions"]) for h in group)
        per = len(group) * args.repeat / 1e6
        print(f"  {name:24s} {len(group):4d} hands, {actions:4.1f} actions: "
              f"wall best {min(wall[name]) / per:5.2f} µs, median "
              f"{statistics.median(wall[name]) / per:5.2f} µs; CPU best "
              f"{min(cpu[name]) / per:5.2f} µs a hand")
    load = machine_load()
    if load:
        print(f"  (the machine was shared: {load})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
