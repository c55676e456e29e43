"""``showdown stats``: count every 5-, 6- or 7-card hand by category.

``--json`` prints ``{"cards", "hands", "distinct", "categories": {name:
{"hands", "distinct"}}}`` with categories best first; the human form is an
aligned table with thousands separators, each category's share of all hands
and the totals, in English, Spanish or Russian (``--lang``). numpy and the
counting code load only inside :func:`run`.

>>> import argparse
>>> sub = argparse.ArgumentParser().add_subparsers()
>>> register(sub)
>>> args = sub.choices["stats"].parse_args(["--cards", "7", "--wrap", "--json"])
>>> (args.cards, args.wrap, args.json, args.lang)
(7, True, True, 'en')
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from showdown.commands.common import (
    CliError,
    HelpFormatter,
    add_common_options,
    emit_json,
    use_colour,
)
from showdown.commands.options import add_game_option, add_rule_options

if TYPE_CHECKING:
    from showdown.variants import Variant


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``stats`` sub-command."""
    parser = subparsers.add_parser(
        "stats",
        help="count every 5-, 6- or 7-card hand by category",
        description="Count every hand of 5, 6 or 7 cards (best five) by category: hands and "
        "distinct strengths, exactly.",
        epilog="examples:\n"
        "  showdown stats                  # all 2,598,960 five-card hands\n"
        "  showdown stats --cards 7 --json\n"
        "  showdown stats --wrap --lang es  # the wrap-around house rule\n",
        formatter_class=HelpFormatter,
    )
    parser.add_argument(
        "--cards",
        type=int,
        choices=(4, 5, 6, 7),
        default=None,
        help="cards per hand (default 5; badugi 4)",
    )
    add_rule_options(parser)
    add_game_option(parser)
    add_common_options(parser)
    parser.set_defaults(func=run)


def _check_cards(variant: Variant, cards: int | None) -> None:
    """Refuse a hand size the game never shows down: five-card hands are five cards, and an
    Omaha hand is exactly two hole cards and three of the board, so five cards too.

    >>> from showdown.variants import find_variant
    >>> _check_cards(find_variant("five-card"), 7)
    Traceback (most recent call last):
    ...
    showdown.commands.common.CliError: --cards 7: stats counts five-card hands of 5 cards, not 7
    """
    if cards is None or cards == 5:
        return
    if variant.use == "omaha":
        raise CliError(
            f"--cards {cards}: stats counts {variant.key} hands of 5 cards "
            f"(two hole cards and three of the board), not {cards}"
        )
    if variant.key == "five-card":
        raise CliError(f"--cards {cards}: stats counts five-card hands of 5 cards, not {cards}")


def run(args: argparse.Namespace) -> int:
    """Count and print, as JSON or as a table."""
    from showdown.hands.stats import stats
    from showdown.text.stats_report import format_stats
    from showdown.variants import UnknownGame, find_variant

    try:
        variant = find_variant(args.game, args.wrap, args.trips_beat_straight)
    except UnknownGame as error:
        raise CliError(str(error)) from None
    _check_cards(variant, args.cards)
    if variant.ladders[0].key.startswith("high") and not variant.hi_lo:
        cards = 5 if args.cards is None else args.cards
        if cards == 4:
            raise CliError(f"--cards 4: stats counts {variant.key} hands of 5, 6 or 7 cards")
        result = stats(cards, wrap=args.wrap)
    else:
        from showdown.hands.variant_stats import game_stats  # numpy: only for the other games

        try:
            result = game_stats(variant, args.cards)  # the variant carries the rule
        except ValueError as error:
            raise CliError(f"--cards {args.cards}: {error}") from None
    if args.json:
        emit_json(result.to_json())
    else:
        print(format_stats(result, args.lang, colour=use_colour()))
    return 0
