"""The game and rule options shared by ``eval``, ``equity`` and ``stats``.

A module of its own so that a command needing only these options (``stats``)
does not import the evaluation code that ``eval`` needs.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_rule_options(parser)
>>> add_game_option(parser)
>>> args = parser.parse_args(["--wrap", "-g", "omaha"])
>>> (args.wrap, args.trips_beat_straight, args.game)
(True, False, 'omaha')
"""

from __future__ import annotations

import argparse

from showdown.variants import GAMES, VARIANTS


def add_rule_options(parser: argparse.ArgumentParser, wrap: bool = True) -> None:
    """``--wrap`` (unless ``wrap=False``) and ``--trips-beat-straight``: the rule options."""
    if wrap:
        parser.add_argument(
            "--wrap",
            action="store_true",
            help="house rule R10: the ace wraps around (Q-K-A-2-3 is a straight)",
        )
    parser.add_argument(
        "--trips-beat-straight",
        action="store_true",
        help="short deck: three of a kind ranks above a straight",
    )


def add_game_option(parser: argparse.ArgumentParser) -> None:
    """``--game``, its choices and help from the registry (:mod:`showdown.variants`)."""
    parser.add_argument(
        "--game",
        "-g",
        choices=GAMES,
        default="holdem",
        metavar="GAME",
        help="the game (default holdem): " + "; ".join(f"{v.key} ({v.title})" for v in VARIANTS),
    )
