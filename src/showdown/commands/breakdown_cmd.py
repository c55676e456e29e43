"""``showdown breakdown``: how a range hits a board, by made hand and by draw.

Each combo of the range (less those using a board or dead card) falls in one made-hand
class (straight flush ... high card, with set vs trips, overpair, top pair by kicker,
second pair, underpair, ace high) and in any of the draw classes (flush draw, nut
flush draw, open-ended, gutshot, combo draw, two overcards, backdoor flush draw);
the output gives each class's share of the range's weight and its weighted combos.
The classes are defined in ``docs/ranges.md``. Hold'em and Omaha (``--game omaha``).
``--json`` prints ``{"board", "combos", "made", "draws", "made_combos",
"draw_combos"}``; ``--svg FILE`` draws the shares as bars.

``--against RANGE`` (repeatable) gives the other players' hands or ranges: their cards
leave the range's combos (see :func:`showdown.breakdown`). ``--select CLASSES`` prints
the sub-range of the combos in any of the classes (comma-separated names or groups such
as ``top_pair_or_better``). ``--all-flops`` (Hold'em, no ``--board``) gives the shares
over all 22,100 flops, exactly.

>>> import argparse
>>> sub = argparse.ArgumentParser().add_subparsers()
>>> register(sub)
>>> a = sub.choices["breakdown"].parse_args(["20%", "--board", "Jh 7s 7d", "--json"])
>>> (a.range, a.board, a.game, a.order, a.json, a.against, a.all_flops)
('20%', 'Jh 7s 7d', 'holdem', 'pokerstove', True, [], False)
"""

from __future__ import annotations

import argparse

from showdown.commands.common import CliError, HelpFormatter, add_common_options, emit_json
from showdown.commands.options import add_range_options, check_output_path, write_output


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``breakdown`` sub-command."""
    parser = subparsers.add_parser(
        "breakdown",
        help="how a range hits a board: made hands and draws",
        description="The share of a range in each made-hand class and each draw on a "
        "board of 3 to 5 cards (Hold'em or Omaha), given the other players' cards "
        "(--against); the sub-range in some classes (--select); or the shares over all "
        "flops (--all-flops, Hold'em).",
        epilog='JSON: {"board", "combos", "made": {class: share}, "draws": {class: share},\n'
        '       "made_combos": {class: combos}, "draw_combos": {class: combos}}\n'
        '--all-flops JSON: {"flops", "combos", "made", "draws", "made_combos", '
        '"draw_combos"}\n'
        "\n"
        "examples:\n"
        '  showdown breakdown 20% --board "Jh 7s 7d"\n'
        '  showdown breakdown "QQ+,AK,KQs" -b "Kh 9h 4c" --dead "Ah" --json\n'
        '  showdown breakdown 20% -b "Qh Jh 3c" --against AhKh\n'
        '  showdown breakdown 20% -b "Qh Jh 3c" --against AhKh '
        '--select "top_pair_or_better, flush_draws"\n'
        "  showdown breakdown 20% --all-flops --json\n"
        '  showdown breakdown AAxxds -b "Jh 7s 6d" --game omaha --svg aa.svg\n',
        formatter_class=HelpFormatter,
    )
    parser.add_argument("range", metavar="RANGE", help='a range such as "QQ+,AKs" or 20%%')
    parser.add_argument(
        "--board", "-b", default=None, help="3, 4 or 5 board cards, e.g. 'Qh Jh 3c' (quoted)"
    )
    parser.add_argument("--dead", default=None, help="cards out of play, e.g. '2s 7c'")
    parser.add_argument(
        "--against",
        action="append",
        default=[],
        metavar="RANGE",
        help="another player's hand or range (repeat for each); their cards are removed",
    )
    parser.add_argument(
        "--select",
        default=None,
        metavar="CLASSES",
        help="print the sub-range in any of these classes (comma-separated, e.g. "
        "'set, top_pair_or_better, flush_draws')",
    )
    parser.add_argument(
        "--all-flops",
        action="store_true",
        help="the shares over all 22,100 flops, exactly (Hold'em; no --board)",
    )
    parser.add_argument(
        "--game",
        "-g",
        choices=("holdem", "omaha"),
        default="holdem",
        help="holdem (default) or omaha",
    )
    add_range_options(parser)
    parser.add_argument("--svg", default=None, metavar="FILE", help="write the shares as SVG bars")
    add_common_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Compute and print the breakdown, the sub-range or the analysis over all flops."""
    if not args.range.strip():
        raise CliError("the range is empty")
    if args.all_flops:
        return _all_flops(args)
    if args.board is None:
        raise CliError("give the board (--board 'Qh Jh 3c') or --all-flops")
    if args.select is not None:
        return _select(args)
    from showdown.odds.ranges.breakdown import breakdown
    from showdown.text.breakdown_render import breakdown_svg, breakdown_table

    if args.svg is not None:
        check_output_path(args.svg, "--svg")
    result = breakdown(args.range, args.board, args.dead, args.game, args.order, args.against)
    if args.svg is not None:
        write_output(args.svg, breakdown_svg(result, args.lang))
    if args.json:
        emit_json(result.to_json())
        return 0
    print(breakdown_table(result, args.lang))
    return 0


def _select(args: argparse.Namespace) -> int:
    """Print the sub-range in the classes asked for (its canonical text)."""
    from showdown.odds.ranges.class_select import select

    if args.svg is not None:
        raise CliError("--svg draws a breakdown, not a --select")
    picked = select(
        args.range, args.board, args.select, args.dead, args.game, args.order, args.against
    )
    text = picked.canonical() if len(picked) else ""
    if args.json:
        emit_json({"text": text, "combos": len(picked)})
    else:
        print(text)
    return 0


def _all_flops(args: argparse.Namespace) -> int:
    """Print the shares over all flops."""
    from showdown.odds.ranges.flop_analysis import flop_analysis
    from showdown.text.breakdown_render import flop_table

    for given, flag in ((args.board, "--board"), (args.select, "--select"), (args.svg, "--svg")):
        if given is not None:
            raise CliError(f"--all-flops takes no {flag}")
    if args.against:
        raise CliError("--all-flops takes no --against")
    result = flop_analysis(args.range, args.dead, args.game, args.order)
    if args.json:
        emit_json(result.to_json())
    else:
        print(flop_table(result, args.lang))
    return 0
