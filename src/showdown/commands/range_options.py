"""``--order``: the order percentage ranges (``15%``) are read in, shared by the
commands that read ranges.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_range_options(parser)
>>> parser.parse_args([]).order, parser.parse_args(["--order", "equity"]).order
('pokerstove', 'equity')
"""

from __future__ import annotations

import argparse

ORDERS = ("pokerstove", "equity")


def add_range_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--order pokerstove|equity``."""
    parser.add_argument(
        "--order",
        choices=ORDERS,
        default="pokerstove",
        help="how N%% ranges are read: pokerstove (PokerStove's ranking, the default) or "
        "equity (by equity against one random hand)",
    )
