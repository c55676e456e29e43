"""``showdown breakdown``: how a range hits a board, by made hand and by draw.

Each combo of the range (less those using a board or dead card) falls in one made-hand
class (straight flush ... high card, with set vs trips, overpair, top pair by kicker,
second pair, underpair, ace high) and in any of the draw classes (flush draw, nut
flush draw, open-ended, gutshot, combo draw, two overcards, backdoor flush draw);
the output gives each class's share of the range's weight. The classes are defined
in ``docs/ranges.md``. Hold'em and Omaha (``--game omaha``). ``--json`` prints
``{"board", "combos", "made": {class: share}, "draws": {class: share}}``; ``--svg
FILE`` draws the shares as bars.

>>> import argparse
>>> sub = argparse.ArgumentParser().add_subparsers()
>>> register(sub)
>>> a = sub.choices["breakdown"].parse_args(["20%", "--board", "Jh 7s 7d", "--json"])
>>> (a.range, a.board, a.game, a.order, a.json)
('20%', 'Jh 7s 7d', 'holdem', 'pokerstove', True)
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
        "board of 3 to 5 cards (Hold'em or Omaha).",
        epilog='JSON: {"board", "combos", "made": {class: share}, "draws": {class: share}}\n'
        "\n"
        "examples:\n"
        '  showdown breakdown 20% --board "Jh 7s 7d"\n'
        '  showdown breakdown "QQ+,AK,KQs" -b "Kh 9h 4c" --dead "Ah" --json\n'
        '  showdown breakdown AAxxds -b "Jh 7s 6d" --game omaha --svg aa.svg\n',
        formatter_class=HelpFormatter,
    )
    parser.add_argument("range", metavar="RANGE", help='a range such as "QQ+,AKs" or 20%%')
    parser.add_argument(
        "--board", "-b", required=True, help="3, 4 or 5 board cards, e.g. 'Qh Jh 3c' (quoted)"
    )
    parser.add_argument("--dead", default=None, help="cards out of play, e.g. '2s 7c'")
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
    """Compute and print the breakdown."""
    from showdown.odds.ranges.breakdown import breakdown
    from showdown.text.breakdown_render import breakdown_svg, breakdown_table

    if not args.range.strip():
        raise CliError("the range is empty")
    if args.svg is not None:
        check_output_path(args.svg, "--svg")
    result = breakdown(args.range, args.board, args.dead, args.game, args.order)
    if args.svg is not None:
        write_output(args.svg, breakdown_svg(result, args.lang))
    if args.json:
        emit_json(result.to_json())
        return 0
    print(breakdown_table(result, args.lang))
    return 0
