"""``showdown replay PATH...``: replay, settle and verify hand histories (PHH).

PATH is a ``.phh`` or ``.phhs`` file, a folder (searched recursively) or
``-`` for stdin. The human output lists the hands that do not match, then a
summary; ``--json`` writes one JSON object per hand (JSON lines) with
``file``, ``hand``, ``class``, ``players`` and their ``seats``, ``finishing_stacks``,
``recorded`` and the settlement (``pots``, ``payouts``, ``returned``, keyed by seat).
A folder's files that hold no hand history are each named on standard error
(``skipped: FILE: reason``) and counted in the summary. ``--check`` exits 1 if a
hand is a ``mismatch``, a ``bounty`` (a knockout's record the hand
contradicts) or an error. A malformed file or action is one
``error:`` line and exit 2, at once; with ``--keep-going`` it is counted and
the rest still run. ``--ev`` adds the all-in EV (:mod:`showdown.phh.allin_ev`)
and a summary per player. ``--repair`` fills in missing checks and folds (pokerkit reads
histories so); ``--workers N`` replays in N processes, ``--scheduler ADDRESS``
on the workers of a Dask scheduler (the files are read here and their hands
sent in chunks, so the workers need not see the files).

>>> import argparse
>>> sub = argparse.ArgumentParser().add_subparsers()
>>> register(sub)
>>> args = sub.choices["replay"].parse_args(["a.phhs", "hands/", "--check", "--workers", "2"])
>>> args.paths, args.check, args.keep_going, args.workers
(['a.phhs', 'hands/'], True, False, 2)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from typing import TYPE_CHECKING

from showdown.commands.common import (
    CliError,
    HelpFormatter,
    SkippedFiles,
    add_common_options,
    print_error,
)
from showdown.commands.options import executor_from

if TYPE_CHECKING:
    from collections.abc import Iterator
    from concurrent.futures import Executor
    from fractions import Fraction

    from showdown.phh.corpus.player_results import PlayerResults
    from showdown.phh.corpus.reports import HandReport

EPILOG = """examples:
  showdown replay pluribus/                 every .phh/.phhs under the folder
  showdown replay hands.phhs --json         one JSON object per hand
  showdown replay corpus/ --ev              all-in EV, and each player's results
  showdown replay corpus/ --check --keep-going --workers 2
  showdown replay corpus/ --scheduler tcp://host:8786
"""


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``replay`` sub-command."""
    parser = subparsers.add_parser(
        "replay",
        help="replay, settle and verify poker hand histories (PHH)",
        description="Replay hand histories in the PHH format under the rules of their variant, "
        "settle every pot and compare with the recorded finishing stacks or winnings.",
        epilog=EPILOG,
        formatter_class=HelpFormatter,
    )
    parser.add_argument(
        "paths", metavar="PATH", nargs="+", help=".phh/.phhs files, folders, or - for stdin"
    )
    add_common_options(parser)
    parser._option_string_actions["--json"].help = "print one JSON object per hand (JSON lines)"
    parser.add_argument(
        "--check", action="store_true",
        help="exit 1 if any hand is a mismatch, a bounty disagreement or an error",
    )
    parser.add_argument(
        "--keep-going",
        action="store_true",
        help="count malformed files and illegal actions and replay the rest",
    )
    parser.add_argument(
        "--ev",
        action="store_true",
        help="all-in EV: each player's expected share of the pots when the chips went in "
        "all-in before the last card (JSON: ev, all_in_street), and a summary per player",
    )
    parser.add_argument(
        "--repair",
        action="store_true",
        help="fill in missing checks and folds as pokerkit does (listed as inferred)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--workers", type=int, default=1, metavar="N", help="replay in N processes (default 1)"
    )
    where.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="replay on the workers of a Dask scheduler, e.g. tcp://host:8786 (dask extra)",
    )
    parser.set_defaults(func=run)


def _amount(value: object) -> str:
    return "null" if value is None else json.dumps(value)


def describe(r: HandReport, lang: str = "en") -> str:
    """One line for a hand that does not match.

    >>> from showdown.phh.corpus.reports import HandReport
    >>> describe(HandReport("a.phh", "1", cls="mismatch", players=["Ana", "Bo"],
    ...     differences=[{"player": "p2", "name": "Bo", "ours": 150, "recorded": 140}]))
    'a.phh, hand 1: mismatch: p2 (Bo) ours 150, recorded 140'
    >>> describe(HandReport("a.phh", "2", cls="cash-out", players=["Ana", "Bo"],
    ...     differences=[{"player": "p2", "name": "Bo", "ours": 111.58, "recorded": 0,
    ...                   "cashed_out": 56.99, "cash_out_fee": 0.58}]))
    'a.phh, hand 2: cash-out: p2 (Bo) ours 111.58, recorded 0, cashed out for 56.99 (fee 0.58)'
    """
    from showdown.i18n.replay import class_name, phrase

    head = f"{r.file}, hand {r.hand}: {class_name(r.cls, lang)}"
    if r.cls == "unknown-cards":
        return f"{head}: {phrase('unknown', lang)}"
    parts = []
    for d in r.differences:
        who = d["player"] if d["name"] == d["player"] else f"{d['player']} ({d['name']})"
        if "bounty" in d:  # a knockout's record the hand contradicts (English, as errors)
            parts.append(f"{who} {d['bounty']}")
            continue
        part = phrase("differs", lang).format(
            player=who, ours=_amount(d["ours"]), recorded=_amount(d["recorded"])
        )
        if "cashed_out" in d:  # what the room paid a player who cashed out, and its fee
            part += ", " + phrase("cashed_out", lang).format(
                paid=_amount(d["cashed_out"]), fee=_amount(d["cash_out_fee"])
            )
        parts.append(part)
    return f"{head}: {'; '.join(parts)}" if parts else head


def ev_table(results: PlayerResults, lang: str = "en") -> str:
    """The ``--ev`` summary: a line on the all-in hands, then one row per player.

    >>> from showdown.phh.corpus.reports import HandReport
    >>> from showdown.phh.corpus.player_results import PlayerResults
    >>> results = PlayerResults()
    >>> results.add(HandReport("a.phhs", "1", "match", net=[40, -40], players=["Ana", "Bo"],
    ...     ev={"big_blind": 2, "all_in_street": "flop", "note": None,
    ...         "ev": [{"difference": 30.5}, {"difference": -30.5}]}))
    >>> print(ev_table(results))
    All-in EV: 1 hands with an all-in before the last card (EV not computed: 0)
    player  hands  net  net/100 (bb)  all-in adjusted  adjusted/100 (bb)
    Ana         1   40        2000.0             9.50              475.0
    Bo          1  -40       -2000.0            -9.50             -475.0
    """
    from showdown.i18n.replay import phrase

    head = [phrase(key, lang) for key in ("ev_player", "ev_hands", "ev_net", "ev_net100",
                                           "ev_adjusted", "ev_adjusted100")]
    rows = [[r.name, str(r.hands), _chips(r.net), _per_100(r.net_per_100), _chips(r.adjusted),
             _per_100(r.adjusted_per_100)] for r in results.rows()]
    widths = [max(len(row[k]) for row in [head, *rows]) for k in range(len(head))]
    lines = [phrase("ev_title", lang).format(hands=results.all_in, missing=results.not_computed)]
    for row in [head, *rows]:
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:],
                                                                          strict=True)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def _chips(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def _per_100(value: Fraction | None) -> str:
    return "-" if value is None else f"{float(value):.1f}"


class _Progress:
    """A count of replayed hands on stderr, on a terminal only, redrawn 5 times a second."""

    def __init__(self, lang: str) -> None:
        self.enabled = sys.stderr.isatty()
        self.lang = lang
        self.last = time.monotonic()
        self.drawn = False

    def update(self, hands: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.last >= 0.2:
            from showdown.i18n.replay import phrase

            sys.stderr.write("\r" + phrase("progress", self.lang).format(hands=hands))
            sys.stderr.flush()
            self.last = now
            self.drawn = True

    def close(self) -> None:
        if self.drawn:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    """Replay every hand, print the reports, return the exit status."""
    if args.workers < 1:
        raise CliError(f"--workers must be at least 1, got {args.workers}")
    with executor_from(args) as executor:
        return _report(args, executor)


def _report(args: argparse.Namespace, executor: Executor | None) -> int:
    from showdown.i18n.replay import class_name, phrase
    from showdown.phh.corpus.player_results import PlayerResults
    from showdown.phh.verification import CLASSES

    counts: Counter[str | None] = Counter()
    files: set[str] = set()
    results = PlayerResults()
    errors = 0
    details: list[str] = []
    progress = _Progress(args.lang)
    skipped = SkippedFiles(args.lang)
    try:
        for n, (file, cls, error, item) in enumerate(_hands(args, executor, skipped), start=1):
            files.add(file)
            if error is not None:
                if not args.keep_going:
                    raise CliError(error)
                errors += 1
                progress.close()
                print_error(error)
                continue
            counts[cls] += 1
            if args.json:
                if not isinstance(item, str):
                    item = json.dumps(item.to_dict(), ensure_ascii=False)
                sys.stdout.write(item + "\n")
            else:
                assert not isinstance(item, str)
                if cls not in ("match", None):
                    details.append(describe(item, args.lang))
                if args.ev:
                    results.add(item)
            progress.update(n)
    finally:
        progress.close()
    if not args.json:
        for line in details:
            print(line)
        hands = sum(counts.values())
        print(phrase("summary_hands", args.lang).format(hands=hands, files=len(files)))
        # partial, bounty, cash-out and unrecorded hands are named only when there are some
        shown = [c for c in CLASSES if c not in ("partial", "bounty", "cash-out") or counts[c]]
        parts = [f"{class_name(c, args.lang)} {counts[c]}" for c in shown]
        if counts[None]:
            parts.append(f"{class_name(None, args.lang)} {counts[None]}")
        print(", ".join(parts))
        print(phrase("summary_errors", args.lang).format(errors=errors))
        if skipped.count:
            print(skipped.summary())
        if args.ev:
            print(ev_table(results, args.lang))
    if args.check and (counts["mismatch"] or counts["bounty"] or errors):
        return 1
    return 0


def _hands(
    args: argparse.Namespace, executor: Executor | None, skipped: SkippedFiles
) -> Iterator[tuple[str, str | None, str | None, HandReport | str]]:
    """(file, class, error, report or JSON line) of each hand: with ``--json`` on this
    machine the JSON lines are made where the hands are replayed (in the workers); a
    folder's files that hold no hand history are named to ``skipped``."""
    if args.json and executor is None:
        from showdown.phh.corpus.pool import replay_lines

        lines = replay_lines(args.paths, workers=args.workers, repair=args.repair,
                             stop=not args.keep_going, ev=args.ev, skipped=skipped)
        for file, _, cls, error, line in lines:
            yield file, cls, error, line
        return
    from showdown.phh.corpus.pool import replay_paths

    for r in replay_paths(args.paths, executor=executor, workers=args.workers,
                          repair=args.repair, stop=not args.keep_going, ev=args.ev,
                          skipped=skipped):
        yield r.file, r.cls, r.error, r
