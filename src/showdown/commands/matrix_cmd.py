"""``showdown matrix``: exact preflop equity of the 169 classes against each other.

Default: every class against every class (169 x 169). ``--classes`` limits the
table to a list (``"AA,KK,AKs"``), ``--vs RANGE`` gives each class against one
range, ``--three-way`` every three classes of ``--classes`` together. Output:
text (in ``--lang``: en, es, ru; a grid of equities, row class against column class;
with ``--vs``, the 13 x 13 chart of the classes when all 169 are asked, else a line
per class), ``--json``, ``--csv``, or an SVG heat map with ``--svg FILE`` (checked
before any work: a path that cannot be written exits 2). ``--json`` prints
``{"classes", "equity", "win", "tie"}`` (row
``i``, column ``j``: class ``i`` against class ``j``, fractions); with ``--vs``
the same keys with one list each, plus ``"vs"``; with ``--three-way``
``{"classes", "tables": [{"hands", "equity", "win", "tie"}]}``.

>>> import argparse
>>> sub = argparse.ArgumentParser().add_subparsers()
>>> register(sub)
>>> a = sub.choices["matrix"].parse_args(["--vs", "QQ+", "--json", "--workers", "2"])
>>> (a.vs, a.json, a.workers, a.classes)
('QQ+', True, 2, None)
"""

from __future__ import annotations

import argparse
import sys

from showdown.commands.common import CliError, add_common_options, emit_json
from showdown.commands.options import (
    add_parallel_options,
    check_output_path,
    run_heavy,
    write_output,
)

EXAMPLES = """examples:
  showdown matrix --classes "AA,KK,AKs,QQ,22,AKo"
  showdown matrix --vs "QQ+,AKs" --json
  showdown matrix --classes "AA,KK,QQ,AKs" --three-way
  showdown matrix --json --workers 2 > matrix.json     # the whole table
  showdown matrix --svg matrix.svg --scheduler tcp://host:8786
"""


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``matrix`` sub-command."""
    from showdown.commands.common import HelpFormatter

    parser = subparsers.add_parser(
        "matrix",
        help="exact preflop equity table of the 169 hand classes",
        description="Exact heads-up preflop equity of every pair of the 169 starting-hand "
        "classes (each pair averaged over its non-overlapping combo pairs), a row of "
        "classes against one range, or three-way tables.",
        epilog=EXAMPLES,
        formatter_class=HelpFormatter,
    )
    parser.add_argument(
        "--classes", default=None, help='classes to tabulate, e.g. "AA,KK,AKs" (default: all 169)'
    )
    parser.add_argument("--vs", default=None, metavar="RANGE", help="each class against RANGE")
    parser.add_argument(
        "--three-way", action="store_true", help="every three of --classes together"
    )
    parser.add_argument("--csv", action="store_true", help="print CSV")
    parser.add_argument("--svg", default=None, metavar="FILE", help="write an SVG heat map")
    add_parallel_options(parser)
    add_common_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Compute and print the table."""
    from showdown.odds.matrix import ThreeWayTable, matrix
    from showdown.text.matrix_render import matrix_svg, matrix_text

    if args.three_way and args.vs is not None:
        raise CliError("--three-way and --vs do not go together")
    if args.three_way and args.classes is None:
        raise CliError('--three-way needs --classes, e.g. --classes "AA,KK,QQ"')
    if args.svg is not None and args.three_way:
        raise CliError("--svg draws two-way tables; drop --three-way")
    if args.svg is not None:  # before the work: a bad path should not cost the whole table
        check_output_path(args.svg, "--svg")
    result = run_heavy(
        args,
        args.json or args.csv,
        lambda executor, bar: matrix(
            args.classes,
            vs=args.vs,
            three_way=args.three_way,
            executor=executor,
            workers=args.workers,
            progress=bar,
        ),
        section="matrix",
    )
    if result is None:
        return 130
    if args.svg is not None and not isinstance(result, ThreeWayTable):
        write_output(args.svg, matrix_svg(result, args.lang))
    if args.json:
        emit_json(result.to_json())
    elif args.csv:
        sys.stdout.write(result.to_csv())
    else:
        print(matrix_text(result, args.lang))
    return 0
