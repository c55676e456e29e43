"""Benchmark: this checkout against another one (A/B), on the same jobs, in one run.

Run: ``.venv/bin/python benchmarks/bench_ab.py --old ../other-checkout`` (that
checkout needs its own ``.venv`` with its kernel built: ``bash scripts/setup.sh
test,bench`` there; ``--new`` names another checkout than this one as the new
side). Each job is a snippet of the public API (``import showdown`` and nothing
else, so it runs unchanged on an older layout) timed in a fresh
process of each checkout's own interpreter; the two sides take turns, round by
round, so load on a shared machine falls on both alike. Per job: the best and
median seconds of each side, and new/old of the best and of the medians. A
ratio is judged only when both sides' runs were steady (see ``common.steady``)
and no other work took a noticeable share of the machine (``common.machine_load``);
otherwise it is printed as "cannot be judged". ``--cpu`` times each process's CPU
instead of the wall clock, steadier when other work shares the machine (the verdict
still says when it did).

What a refactor must show: every ratio within noise of 1.00 (0.90-1.10 of the best
runs), or "faster" where the change meant to speed a job up. (``showdown.stats`` is
not among the jobs: its counts are computed once per process and then cached.)
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

from common import judge, machine_load, steady

#: name -> (setup, statement): the statement is timed ``inner`` times after setup, best kept.
JOBS: dict[str, tuple[str, str]] = {
    "evaluate_ids, 7 cards (per call)": (
        "import random; import showdown; f = showdown.evaluate_ids\n"
        "rng = random.Random(1); hands = [rng.sample(range(52), 7) for _ in range(20000)]",
        "for h in hands: f(h)",
    ),
    "evaluate_batch, 2M x 7 uint8": (
        "import numpy as np, showdown\n"
        "rng = np.random.default_rng(1)\n"
        "h = np.argsort(rng.random((2_000_000, 52)), axis=1)[:, :7].astype(np.uint8)",
        "showdown.evaluate_batch(h)",
    ),
    "evaluate_omaha_batch, 200k PLO": (
        "import numpy as np, showdown\n"
        "rng = np.random.default_rng(2)\n"
        "c = np.argsort(rng.random((200_000, 52)), axis=1)[:, :9].astype(np.uint8)",
        "showdown.evaluate_omaha_batch(c[:, :4], c[:, 4:])",
    ),
    "evaluate_batch game=razz, 500k": (
        "import numpy as np, showdown\n"
        "rng = np.random.default_rng(3)\n"
        "h = np.argsort(rng.random((500_000, 52)), axis=1)[:, :7].astype(np.uint8)",
        "showdown.evaluate_batch(h, game='razz')",
    ),
    "evaluate(), 2,000 Hold'em hands": (
        "import random; import showdown\n"
        "from showdown import Card\n"
        "rng = random.Random(4); deals = [rng.sample(range(52), 7) for _ in range(2000)]\n"
        "deals = [([Card.from_id(i) for i in d[:2]], [Card.from_id(i) for i in d[2:]])"
        " for d in deals]",
        "for hole, board in deals: showdown.evaluate(hole, board=board)",
    ),
    "equity AcAd v KhKs, exact": (
        "import showdown",
        "showdown.equity(['AcAd', 'KhKs'])",
    ),
    "equity QQ+,AKs v JJ-99,AQs+, 2M trials": (
        "import showdown",
        "showdown.equity(['QQ+,AKs', 'JJ-99,AQs+'], trials=2_000_000, seed=1, workers=1)",
    ),
    "equity razz 3 players, 200k trials": (
        "import showdown",
        "showdown.equity(['As2s3s', 'KcKdQh', '4h5h6h'], game='razz', trials=200_000, seed=1)",
    ),
    "resolve, 2,000 six-way tables": (
        "import random; import showdown\n"
        "from showdown import Card, Player, Table\n"
        "rng = random.Random(5); tables = []\n"
        "for _ in range(2000):\n"
        "    ids = rng.sample(range(52), 17)\n"
        "    players = [Player(seat=s + 1, hole=[Card.from_id(i) for i in ids[2 * s:2 * s + 2]],"
        " contributed=rng.choice([10, 50, 100, 200])) for s in range(6)]\n"
        "    tables.append(Table(players=players, board=[Card.from_id(i) for i in ids[12:]],"
        " button=1))",
        "for t in tables: showdown.resolve(t)",
    ),
    "replay 2,000 generated NT hands (whole chips)": (
        "import random, tempfile, pathlib, showdown.phh\n"
        "from showdown.phh.generate import header, random_hand\n"
        "rng = random.Random(6)\n"
        "hands = [random_hand(rng, header('NT', [10_000] * 6, blinds_or_straddles="
        "[50, 100, 0, 0, 0, 0], min_bet=100)) for _ in range(2000)]\n"
        "path = pathlib.Path(tempfile.mkdtemp()) / 'nt.phhs'\n"
        "path.write_text(showdown.phh.dumps_all(hands))",
        "list(showdown.phh.replay_paths([path]))",
    ),
    "replay a real HandHQ cash file x 40": (
        "import re, tempfile, pathlib, showdown.phh\n"
        "text = pathlib.Path('tests/data/handhq-abs-sample.phhs').read_text()\n"
        "path = pathlib.Path(tempfile.mkdtemp()) / 'cash.phhs'\n"
        "copies = [re.sub(r'(?m)^\\[(\\d+)\\]', rf'[c{k}-\\1]', text) for k in range(40)]\n"
        "path.write_text('\\n'.join(copies))",
        "list(showdown.phh.replay_paths([path]))",
    ),
    "rooms' files (17 samples x 10), read to verified": (
        "import pathlib, tempfile, showdown.phh\n"
        "names = ['888-cash-dead-blind.txt', '888-cash-fixed-limit-hu.txt', '888-cash.txt',"
        " '888-tournament-raises.txt', '888-tournament.txt', 'fulltilt-tournament.txt',"
        " 'ggpoker-handwritten.txt', 'ipoker-cash-hu.xml', 'ipoker-sng.xml',"
        " 'partypoker-cash-hu.txt', 'partypoker-cash-posts.txt', 'pokerstars-cash-zoom.txt',"
        " 'pokerstars-handwritten-games.txt', 'pokerstars-handwritten-stud-draw.txt',"
        " 'pokerstars-tournament.txt', 'winamax-handwritten.txt', 'wpn-tournament.txt']\n"
        "folder = pathlib.Path(tempfile.mkdtemp())\n"
        "for k in range(10):\n"
        "    for n in names:\n"
        "        (folder / f'{k}-{n}').write_bytes((pathlib.Path('tests/data/rooms') / n)"
        ".read_bytes())\n"
        "paths = sorted(folder.iterdir())",
        "list(showdown.phh.replay_paths(paths))",
    ),
    "import showdown": (
        "import subprocess, sys",
        "subprocess.run([sys.executable, '-c', 'import showdown'], check=True)",
    ),
}

RUNNER = """
import json, sys, time
setup, statement, inner, clock = json.loads(sys.argv[1])
now = getattr(time, clock)
scope = {}
exec(setup, scope)
code = compile(statement, "<job>", "exec")
exec(code, scope)  # warm: tables built, caches filled
best = float("inf")
for _ in range(inner):
    start = now()
    exec(code, scope)
    best = min(best, now() - start)
print(best)
"""


def run_job(python: Path, src: Path, setup: str, statement: str, inner: int,
            clock: str = "perf_counter") -> float:
    """The best of ``inner`` timings of ``statement`` in a fresh process of ``python``
    (``clock``: ``perf_counter``, wall time, or ``process_time``, the process's CPU)."""
    done = subprocess.run(
        [str(python), "-c", RUNNER, json.dumps([setup, statement, inner, clock])],
        capture_output=True,
        text=True,
        cwd=src,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"error: {python} failed on {statement!r}:\n{done.stderr}")
    return float(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--old", type=Path, required=True, help="the other checkout")
    parser.add_argument(
        "--new", type=Path, default=Path(__file__).resolve().parents[1],
        help="the checkout under test (default: this one; a frozen copy lets you edit here)",
    )  # fmt: skip
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds per job")
    parser.add_argument("--inner", type=int, default=3, help="timings per process (best kept)")
    parser.add_argument("--jobs", nargs="*", help="substrings of the job names to run")
    parser.add_argument("--cpu", action="store_true",
                        help="time each process's CPU (time.process_time), which other work "
                             "on a shared machine changes far less than wall time")
    args = parser.parse_args()
    new_root = args.new.resolve()
    sides = {
        "old": args.old.resolve() / ".venv" / "bin" / "python",
        "new": new_root / ".venv" / "bin" / "python",
    }
    for name, python in sides.items():
        if not python.exists():
            raise SystemExit(f"error: no {python} for the {name} side: run scripts/setup.sh there")
    print(f"old: {args.old.resolve()}\nnew: {new_root}")
    for name, python in sides.items():
        backend = subprocess.run(
            [str(python), "-c", "import showdown; print(showdown.BACKEND)"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()  # fmt: skip
        print(f"{name} backend: {backend}")
    print(f"{'job':42} {'old best':>9} {'new best':>9} {'old med':>9} {'new med':>9} "
          f"{'best n/o':>8} {'med n/o':>8}  verdict")  # fmt: skip
    for job, (setup, statement) in JOBS.items():
        if args.jobs and not any(part in job for part in args.jobs):
            continue
        times: dict[str, list[float]] = {"old": [], "new": []}
        for round_ in range(args.rounds):
            order = ("old", "new") if round_ % 2 == 0 else ("new", "old")
            for side in order:
                times[side].append(run_job(sides[side], new_root, setup, statement, args.inner,
                                           "process_time" if args.cpu else "perf_counter"))
        best = {s: min(t) for s, t in times.items()}
        median = {s: statistics.median(t) for s, t in times.items()}
        ratio_best, ratio_median = best["new"] / best["old"], median["new"] / median["old"]
        load = machine_load()
        trusted = steady(times["old"]) and steady(times["new"]) and load is None
        why = None if trusted else (load or "the runs of one side spread more than 1.5x")
        if not trusted:
            verdict = judge(True, trusted, why)
        elif ratio_best < 0.9:
            verdict = "faster"
        else:
            verdict = "within noise" if ratio_best <= 1.1 else "SLOWER"
        print(f"{job:42} {best['old']:9.4f} {best['new']:9.4f} {median['old']:9.4f} "
              f"{median['new']:9.4f} {ratio_best:8.2f} {ratio_median:8.2f}  {verdict}")  # fmt: skip
        sys.stdout.flush()


if __name__ == "__main__":
    main()
