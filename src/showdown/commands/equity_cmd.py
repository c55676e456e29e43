"""``showdown equity``: each player's share of the pot over the boards still to come.

Players are hands (``AcAd``, ``"Ac Ad"``) or, in Hold'em, ranges (``"QQ+,AKs"``).
The result is exact when the enumeration is affordable (always for a hand
against a hand preflop) and Monte Carlo otherwise; ``--exact`` or
``--trials N`` force either, ``--time SECONDS`` bounds the run, ``--seed`` makes
Monte Carlo reproducible (the same numbers on any number of workers). The work
runs on ``--workers N`` local processes or on the Dask scheduler of
``--scheduler ADDRESS``. Without ``--json``, a note on stderr says which method
was chosen and its estimated run time when the run looks longer than a second or
Monte Carlo was chosen over exact enumeration.
``--json`` prints ``{"players": [{"hand", "equity", "win", "tie"}], "method",
"boards" | "trials", "stderr"}``. A progress bar appears on stderr for work
longer than about a second when stderr is a terminal (never into a log;
``--progress`` draws it anyway, whatever the length, also with ``--json``).
The human output and the bar follow ``--lang`` (en, es, ru); the JSON does
not depend on it.

>>> import argparse
>>> sub = argparse.ArgumentParser().add_subparsers()
>>> register(sub)
>>> args = sub.choices["equity"].parse_args(["AcAd", "KK", "--board", "2c 7d 9h", "--json"])
>>> (args.players, args.board, args.game, args.exact, args.trials, args.json)
(['AcAd', 'KK'], '2c 7d 9h', 'holdem', False, None, True)
"""

from __future__ import annotations

import argparse
import sys

from showdown.commands.common import (
    CliError,
    HelpFormatter,
    add_common_options,
    emit_json,
    style,
)
from showdown.commands.options import (
    add_game_option,
    add_parallel_options,
    add_range_options,
    add_rule_options,
    check_output_path,
    positive_seconds,
    run_heavy,
    write_output,
)
from showdown.validate import MAX_TRIALS, cli_count, cli_seed


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``equity`` sub-command."""
    parser = subparsers.add_parser(
        "equity",
        help="equity of hands or ranges (exact or Monte Carlo)",
        description="Equity of 2 to 10 hands or ranges: the chance to win plus the share "
        "of split pots. Exact when affordable, Monte Carlo otherwise.",
        epilog='JSON: {"players": [{"hand", "equity", "win", "tie"}], "method": '
        '"exact" | "monte-carlo",\n'
        '       "boards" (exact) | "trials" and "stderr" (Monte Carlo)}\n'
        '      --per-combo adds "per_combo": [[{"combo", "weight", "equity", "win", "tie"}]]\n'
        '      and "distribution": [[[share, equity]]], one list per player\n'
        "\n"
        "examples:\n"
        "  showdown equity AcAd KhKs                       # exact, preflop\n"
        '  showdown equity "QQ+,AKs" random --board "Ah 7c 2d"\n'
        '  showdown equity AhKh "22-55,A5s-A2s" --trials 200000 --seed 1 --json\n'
        '  showdown equity "Ac Ad Kc Kd" "Ah Qh Jh Th" --game omaha --board "2h 7h 9c"\n'
        '  showdown equity JsTs 20% -b "Jh 7s 7d" --per-combo --svg dist.svg\n'
        "  showdown equity AhKh 10% --order equity    # percentages by equity vs a random hand\n",
        formatter_class=HelpFormatter,
    )
    parser.add_argument(
        "players",
        nargs="+",
        metavar="HAND_OR_RANGE",
        help='a hand such as AcAd (quote "Ac Ad") or a range such as "QQ+,AKs,A5s-A2s"',
    )
    parser.add_argument(
        "--board", "-b", default=None, help="0, 3, 4 or 5 board cards, e.g. 'Qh Jh 3c' (quoted)"
    )
    parser.add_argument("--dead", default=None, help="cards out of play, e.g. '2s 7c'")
    add_game_option(parser)
    add_rule_options(parser, wrap=False)
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every board")
    how.add_argument(
        "--trials",
        type=cli_count("--trials", maximum=MAX_TRIALS),
        default=None,
        metavar="N",
        help=f"Monte Carlo with N trials (1 to {MAX_TRIALS:,})",
    )
    how.add_argument(
        "--time",
        type=positive_seconds,
        default=None,
        metavar="SECONDS",
        help="bound the run: exact if it fits, else Monte Carlo for that long",
    )
    parser.add_argument(
        "--seed",
        type=cli_seed("--seed"),
        default=None,
        help="seed for Monte Carlo (0 to 2**64 - 1)",
    )
    add_range_options(parser)
    parser.add_argument(
        "--per-combo",
        action="store_true",
        help="also each combo of a range player: its weight, equity, win and tie",
    )
    parser.add_argument(
        "--svg",
        default=None,
        metavar="FILE",
        help="with --per-combo: write the equity distribution of every player as SVG",
    )
    add_parallel_options(parser)
    add_common_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Compute and print the equities."""
    from showdown.odds.equity import EquityResult, equity

    if len(args.players) < 2:
        raise CliError("equity needs at least two players (hands or ranges)")
    if args.per_combo or args.svg is not None:
        return run_per_combo(args)

    def compute(executor: object, bar: object) -> EquityResult:
        if args.trips_beat_straight:
            from showdown.odds.variant_equity import game_equity

            return game_equity(
                args.players, args.board, args.dead, args.game,
                exact=True if args.exact else None, trials=args.trials, seed=args.seed,
                trips_beat_straight=True,
            )  # fmt: skip
        return equity(
            args.players,
            board=args.board,
            dead=args.dead,
            game=args.game,
            exact=True if args.exact else None,
            trials=args.trials,
            seed=args.seed,
            progress=bar,  # type: ignore[arg-type]
            executor=executor,  # type: ignore[arg-type]
            workers=args.workers,
            time=args.time,
            order=args.order,
        )

    result = run_heavy(args, args.json, compute)
    if result is None:
        return 130
    chosen = args.trials is None and not args.exact
    long = result.estimate is not None and result.estimate >= 1.0
    if result.note and not args.json and (long or (chosen and result.method == "monte-carlo")):
        print(f"note: {result.note}", file=sys.stderr)
    if args.json:
        emit_json(result.to_json())
        return 0
    lines = result.format(args.lang).splitlines()
    for line in lines[:-1]:
        print(line)
    print(style(lines[-1], "dim"))
    return 0


def run_per_combo(args: argparse.Namespace) -> int:
    """``--per-combo`` (and ``--svg``): the table's equities, then each range player's
    combos; ``--json`` adds ``"per_combo"`` and ``"distribution"``."""
    from showdown.odds.per_combo import PerComboResult, per_combo_equity
    from showdown.text.per_combo_render import distribution_svg, per_combo_table

    if not args.per_combo:
        raise CliError("--svg draws the equity distribution of --per-combo; add --per-combo")
    for flag, given in (
        ("--trips-beat-straight", args.trips_beat_straight),
        ("--time", args.time is not None),
        ("--scheduler", args.scheduler is not None),
    ):
        if given:
            raise CliError(f"--per-combo does not go with {flag}")
    if args.svg is not None:
        check_output_path(args.svg, "--svg")

    def compute(executor: object, bar: object) -> PerComboResult:
        return per_combo_equity(
            args.players,
            board=args.board,
            dead=args.dead,
            game=args.game,
            exact=True if args.exact else None,
            trials=args.trials,
            seed=args.seed,
            progress=bar,  # type: ignore[arg-type]
            order=args.order,
            workers=args.workers,
        )

    result = run_heavy(args, args.json, compute)
    if result is None:
        return 130
    if args.svg is not None:
        write_output(args.svg, distribution_svg(result, args.lang))
    if args.json:
        doc = result.to_json()
        doc["distribution"] = [[list(point) for point in curve] for curve in result.distribution()]
        emit_json(doc)
        return 0
    lines = result.result.format(args.lang).splitlines()
    for line in lines[:-1]:
        print(line)
    print(style(lines[-1], "dim"))
    table = per_combo_table(result, args.lang)
    if table:
        print()
        print(table)
    return 0
