"""``showdown compare``: who wins a showdown between two or more hands, and why.

``--json`` prints ``{"winners": [0-based indices], "tie": bool, "hands": [eval
objects, each with "hand" (1-based, as in the text) and "cards"], "explanation",
"game", "wrap", "board"}`` (:func:`compare_json`). The
hands and the board are dealt from one deck, so a card in two hands, or in a
hand and on the board, is an error.

>>> import argparse
>>> sub = argparse.ArgumentParser().add_subparsers()
>>> register(sub)
>>> args = sub.choices["compare"].parse_args(["AdKh", "AhQd", "-b", "Ac 9d 7h 4s 2c"])
>>> (args.hands, args.board, args.game, args.json)
(['AdKh', 'AhQd'], 'Ac 9d 7h 4s 2c', 'holdem', False)
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

from showdown.cards import Card, CardError
from showdown.commands.common import (
    CliError,
    HelpFormatter,
    add_common_options,
    emit_json,
    style,
)
from showdown.commands.eval_cmd import (
    decorations,
    game_variant,
    pad,
    read_dealt,
    show_cards,
)
from showdown.commands.options import add_board_options
from showdown.i18n import phrasebook
from showdown.i18n import words as i18n_words
from showdown.variants import Variant, find_variant

if TYPE_CHECKING:
    from showdown.text.explain import Comparison


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``compare`` sub-command."""
    parser = subparsers.add_parser(
        "compare",
        help="compare two or more hands: winners, ties and the deciding card",
        description="Compare hands at showdown and explain the result. Each HAND is one "
        "argument ('AdKh' or \"Ad Kh\"); all hands share the --board.",
        epilog='JSON: {"winners": [0-based indices], "tie", "hands": [{"hand": 1-based number, '
        '"cards",\n'
        '       "category", "rank", "best_five", "description"}], "explanation", "game", '
        '"wrap", "board"}\n'
        "\n"
        "examples:\n"
        '  showdown compare "Ad Kh" "Ah Qd" --board "Ac 9d 7h 4s 2c"\n'
        '  showdown compare AsKd QcQh 7h7d -b "Ts 9s 8s 3c 3d" --lang ru\n'
        '  showdown compare "Kh Kd 4s 4c Ac" "Qs Qh Jd Jc Ks" --game five-card --json\n',
        formatter_class=HelpFormatter,
    )
    parser.add_argument("hands", nargs="+", metavar="HAND", help="one player's cards")
    add_board_options(parser)
    add_common_options(parser)
    parser.set_defaults(func=run)


def deal(
    hands: Sequence[str], board: str, game: str | Variant
) -> tuple[list[list[Card]], list[Card]]:
    """Read and check the hands and board of a comparison (at least two hands).

    >>> deal(["AsKd"], "", "holdem")
    Traceback (most recent call last):
    ...
    showdown.commands.common.CliError: compare needs at least two hands, got 1
    >>> deal(["AsKd", "QhQc"], "2c 3c", "holdem")
    Traceback (most recent call last):
    ...
    showdown.commands.common.CliError: hand 1: Hold'em needs at least 5 cards in hand and \
board together, got 2 + 2 = 4: 1 more board card is missing (the board is 3 to 5 cards)
    >>> deal(["As", "Kd", "Qh", "Qc"], "2c 3c 4c", "holdem")
    Traceback (most recent call last):
    ...
    showdown.commands.common.CliError: hand 1: a Hold'em hand with a board has 2 hole cards, \
got 1 (each HAND is one argument: quote it, "As Kd", or run it together, AsKd)
    """
    from showdown.hands.value import check_counts

    if len(hands) < 2:
        raise CliError(f"compare needs at least two hands, got {len(hands)}")
    parsed, community = read_dealt(hands, board)
    for i, hole in enumerate(parsed):
        if not hole:
            raise CliError(f"hand {i + 1} has no cards")
        try:
            check_counts(hole, community, game)
        except CardError as exc:
            hint = ""
            if all(len(h) == 1 for h in parsed):
                hint = ' (each HAND is one argument: quote it, "As Kd", or run it together, AsKd)'
            raise CliError(f"hand {i + 1}: {exc}{hint}") from None
    return parsed, community


def format_comparison(
    result: Comparison,
    hands: Sequence[Sequence[Card]],
    board: Sequence[Card],
    lang: str = "en",
    symbols: bool = False,
    colour: bool = False,
    game: str | Variant = "holdem",
    wrap: bool = False,
    show_game: bool = True,
) -> str:
    """The human form: the board, one line per hand (cards, name, best five), the sentence.

    Hands are numbered from 1 here; the JSON ``winners`` are 0-based indices.
    The best five (in comparison order) get a column when there is a board or
    when their order differs from the cards as given (the wheel reads 5-4-3-2-A).
    """
    words = i18n_words("eval", lang)
    lines: list[str] = []
    if wrap:
        lines.append(style(words["wrap"], "yellow", enabled=colour))
    variant = find_variant(game)
    if show_game and variant.key != "holdem":
        lines.append(style(phrasebook(lang).game_name(variant.key), "dim", enabled=colour))
    labels = [f"{words['hand']} {i + 1}:" for i in range(len(hands))]
    width = max(len(label) for label in [*labels, words["board"] + ":"]) + 1
    if board:
        lines.append(f"{words['board'] + ':':<{width}}{show_cards(board, symbols, colour)}")
    plain_cards = [show_cards(h, symbols) for h in hands]
    names = [v.describe(lang) for v in result.values]
    cards_w = max(len(c) for c in plain_cards) + 3
    names_w = max(len(n) for n in names) + 3
    best_column = bool(board) or any(
        [c.rank for c in h] != list(v.ranks) for h, v in zip(hands, result.values, strict=True)
    )
    verdict = words["splits"] if result.tie else words["wins"]
    for i, (hole, value) in enumerate(zip(hands, result.values, strict=True)):
        won = i in result.winners
        row = f"{labels[i]:<{width}}"
        row += pad(show_cards(hole, symbols, colour), len(plain_cards[i]), cards_w)
        name = style(names[i], "bold", enabled=colour) if won else names[i]
        if best_column:
            row += pad(name, len(names[i]), names_w)
            row += show_cards(value.best_five, symbols, colour)
        else:
            row += name
        if won:
            said = _hi_lo_verdict(result, i, lang) if result.halves else verdict
            row += "   " + style(said, "green", "bold", enabled=colour)
        lines.append(row)
    lines.append(result.explanation)
    return "\n".join(lines)


def compare_json(
    result: Comparison,
    hands: Sequence[Sequence[Card]],
    board: Sequence[Card],
    game: str = "holdem",
    wrap: bool = False,
    lang: str = "en",
) -> dict[str, object]:
    """The JSON of ``showdown compare``: :meth:`~showdown.text.explain.Comparison.to_json`, each
    hand with its number as the text shows it (``"hand": 1`` ...) and its ``"cards"``,
    then the ``"game"``, ``"wrap"`` and ``"board"`` of the input.

    ``winners`` stay 0-based indices into ``hands`` (for compatibility); ``"hand"`` is
    the 1-based number of the human output ("Hand 1").

    >>> from showdown.text.explain import compare
    >>> from showdown.cards import parse_cards
    >>> hands, board = [parse_cards("Ad Kh"), parse_cards("Ah Qd")], parse_cards("Ac 9d 7h 4s 2c")
    >>> doc = compare_json(compare(hands, board), hands, board)
    >>> doc["winners"], doc["hands"][0]["hand"], doc["hands"][0]["cards"], doc["game"]
    ([0], 1, ['Ad', 'Kh'], 'holdem')
    """
    doc = result.to_json(lang)
    doc["hands"] = [
        {"hand": number, "cards": [str(c) for c in hole], **value.to_json(lang)}
        for number, (hole, value) in enumerate(zip(hands, result.values, strict=True), start=1)
    ]
    doc.update(game=game, wrap=wrap, board=[str(c) for c in board])
    return doc


def run(args: argparse.Namespace) -> int:
    """Compare the hands and print the result (human form or ``--json``)."""
    from showdown.text.explain import compare

    variant = game_variant(args)
    hands, board = deal(args.hands, args.board, variant)
    result = compare(hands, board=board or None, game=variant, lang=args.lang)
    if args.json:
        emit_json(compare_json(result, hands, board, args.game, args.wrap, args.lang))
        return 0
    symbols, colour = decorations()
    text = format_comparison(
        result, hands, board, args.lang, symbols, colour, game=variant, wrap=args.wrap
    )
    print(text)
    return 0


def _hi_lo_verdict(result: Comparison, hand: int, lang: str) -> str:
    """What hand ``hand`` takes in a hi-lo showdown: a half alone or shared, or the scoop.

    >>> from showdown.text.explain import compare
    >>> r = compare(["Ah 2h Kc Kd", "Ad 2d Qh Qs", "Jc Js 9c 9s"], board="3c 4h 8s Jh Jd",
    ...             game="omaha-hi-lo")
    >>> [_hi_lo_verdict(r, i, "en") for i in r.winners]
    ['splits the low half', 'splits the low half', 'wins the high half']
    >>> r = compare(["As Ks 3c 4d", "Qc Qs 7h 8h"], board="Kh Qd Jc 5s 2d", game="omaha-hi-lo")
    >>> _hi_lo_verdict(r, 1, "es")
    'se lleva todo el bote'
    """
    words = i18n_words("eval", lang)
    taken = [
        (key, len(half))
        for key, half in zip(("high", "low"), result.halves, strict=False)
        if half is not None and hand in half
    ]
    if all(n == 1 for _, n in taken) and len(taken) == sum(h is not None for h in result.halves):
        return words["scoops"]
    return phrasebook(lang).join(
        [words[f"{'wins' if n == 1 else 'splits'}_{key}"] for key, n in taken]
    )
