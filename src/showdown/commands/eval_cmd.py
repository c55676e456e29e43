"""``showdown eval``: the best five-card hand a player can make, named and ranked.

``--json`` prints ``{"category", "rank", "best_five": ["As", ...],
"description"}`` (:meth:`showdown.hands.value.HandValue.to_json`) followed by the
input: ``"game"``, ``"wrap"``, ``"cards"`` and ``"board"`` (lists of card texts). The human form
shows the hand, the board, the best five and the hand's name; on a terminal
cards carry suit symbols and hearts and diamonds are red, piped it is plain
text.

This module also holds the helpers ``compare`` and ``demo`` share: the
``--board/--game/--wrap`` options, reading hands dealt from one deck, and
printing cards.

>>> import argparse
>>> sub = argparse.ArgumentParser().add_subparsers()
>>> register(sub)
>>> args = sub.choices["eval"].parse_args(["As", "Kd", "--board", "Qh Jc Ts", "--json"])
>>> (args.cards, args.board, args.game, args.wrap, args.json, args.lang)
(['As', 'Kd'], 'Qh Jc Ts', 'holdem', False, True, 'en')
>>> print(show_cards(parse_cards("Ah Ks")))
Ah Ks
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from showdown.cards import Card, CardError, parse_cards
from showdown.categories import DISTINCT_HANDS
from showdown.commands.common import (
    CliError,
    HelpFormatter,
    add_common_options,
    emit_json,
    is_terminal,
    style,
    use_colour,
)
from showdown.commands.options import add_board_options
from showdown.hands.value import HandValue
from showdown.i18n import words as i18n_words
from showdown.variants import find_variant

if TYPE_CHECKING:
    from showdown.variants import Variant


_RED_SUITS = (1, 2)  # diamonds, hearts


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``eval`` sub-command."""
    parser = subparsers.add_parser(
        "eval",
        help="evaluate one hand: category, rank, best five, name",
        description="Evaluate a hand: the best five cards, their category, their rank "
        f"(1 = royal flush .. {DISTINCT_HANDS} = 7-5-4-3-2) and their name. Cards like 'As Kd' or "
        "'A♠K♦' (quote them, or give one card per argument). Two Hold'em cards without a "
        "board: the starting hand's class, its place among the 169 classes and its "
        "percentile in PokerStove's order and the equity order.",
        epilog='JSON: {"category", "rank", "best_five", "description", "game", "wrap", "cards", '
        '"board"}\n'
        "\n"
        "examples:\n"
        '  showdown eval "Ah Kh" --board "Qh Jh Th 2c 3d"\n'
        "  showdown eval Kh Kd 4s 4c Ac --game five-card --json\n"
        '  showdown eval "Ah 2c 3d 4s" -b "Kh Qh Jh 9h 5c" --game omaha --lang es\n'
        "  showdown eval AsKd              # no board: the starting hand's class and place\n",
        formatter_class=HelpFormatter,
    )
    parser.add_argument("cards", nargs="+", metavar="CARDS", help="the player's cards")
    add_board_options(parser)
    add_common_options(parser)
    parser.set_defaults(func=run)


def read_dealt(hands: Sequence[str], board: str) -> tuple[list[list[Card]], list[Card]]:
    """Parse hands and board dealt from one deck; a card seen twice anywhere is an error.

    >>> hands, board = read_dealt(["As Kd", "Qh Qc"], "2c 3d 4h")
    >>> [len(h) for h in hands], len(board)
    ([2, 2], 3)
    >>> read_dealt(["As Kd", "Ks As"], "")
    Traceback (most recent call last):
    ...
    showdown.commands.common.CliError: duplicate card As: in hand 1 and in hand 2
    >>> read_dealt(["As Kd"], "Kd 2c 3c")
    Traceback (most recent call last):
    ...
    showdown.commands.common.CliError: duplicate card Kd: in the hand and on the board
    """
    several = len(hands) > 1
    parsed: list[list[Card]] = []
    for i, text in enumerate(hands):
        try:
            parsed.append(parse_cards(text))
        except CardError as exc:
            raise CliError(f"hand {i + 1}: {exc}" if several else str(exc)) from None
    try:
        community = parse_cards(board) if board else []
    except CardError as exc:
        raise CliError(f"board: {exc}") from None
    seen: dict[int, str] = {}
    groups = [(f"in hand {i + 1}" if several else "in the hand", h) for i, h in enumerate(parsed)]
    for where, cards in [*groups, ("on the board", community)]:
        for card in cards:
            if card.id in seen:
                raise CliError(f"duplicate card {card}: {seen[card.id]} and {where}")
            seen[card.id] = where
    return parsed, community


def show_cards(
    cards: Sequence[Card], symbols: bool = False, colour: bool = False, bold: bool = False
) -> str:
    """Cards for people: ``A♠ K♥`` with red hearts and diamonds on a terminal, else ``As Kh``.

    >>> show_cards(parse_cards("Ah Ks"), symbols=True)
    'A♥ K♠'
    >>> show_cards(parse_cards("Ah"), symbols=True, colour=True) == "\\033[31mA♥\\033[0m"
    True
    """
    out = []
    for card in cards:
        text = card.symbol if symbols else str(card)
        styles = ("red",) if card.suit in _RED_SUITS else ()
        if bold:
            styles = (*styles, "bold")
        out.append(style(text, *styles, enabled=colour))
    return " ".join(out)


def decorations() -> tuple[bool, bool]:
    """(suit symbols, ANSI colour) for stdout: symbols on a terminal that can encode them,
    colour unless NO_COLOR."""
    symbols = is_terminal(sys.stdout) and _can_encode("♣♦♥♠")
    return symbols, use_colour()


def _can_encode(text: str) -> bool:
    """Whether stdout's encoding can write ``text`` (an ASCII terminal cannot write ``♠``)."""
    try:
        text.encode(getattr(sys.stdout, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def pad(text: str, visible: int, width: int) -> str:
    """Pad ``text`` whose visible length is ``visible`` (ANSI codes excluded) to ``width``."""
    return text + " " * max(0, width - visible)


def format_eval(
    value: HandValue,
    hole: Sequence[Card],
    board: Sequence[Card],
    game: str = "holdem",
    wrap: bool = False,
    lang: str = "en",
    symbols: bool = False,
    colour: bool = False,
    show_game: bool = True,
) -> str:
    """The human form of ``showdown eval`` (``show_game``: a line naming a game other than
    Hold'em).

    >>> from showdown.hands.value import evaluate
    >>> hole, board = parse_cards("Ad Kh"), parse_cards("Ac 9d 7h 4s 2c")
    >>> print(format_eval(evaluate(hole, board), hole, board))
    Hand:      Ad Kh
    Board:     Ac 9d 7h 4s 2c
    Best five: Ad Ac Kh 9d 7h
    Pair of aces
    pair · rank 3354 of 7462 (1 = royal flush)
    >>> print(format_eval(evaluate(hole, board), hole, board, lang="es").splitlines()[-1])
    pareja · puesto 3354 de 7462 (1 = escalera real)
    """
    from showdown.hands.value import HiLoValue
    from showdown.i18n import phrasebook

    words = i18n_words("eval", lang)
    rows = [(words["hand"], show_cards(hole, symbols, colour))]
    if board:
        rows.append((words["board"], show_cards(board, symbols, colour)))
    halves = value.values if isinstance(value, HiLoValue) else (value,)
    labels = ("best_high", "best_low") if len(halves) == 2 else ("best",)
    for label, half in zip(labels, halves, strict=True):
        if half is not None:
            rows.append((words[label], show_cards(half.best_five, symbols, colour, bold=True)))
    width = max(len(label) for label, _ in rows) + 2
    lines = [f"{label + ':':<{width}}{cards}" for label, cards in rows]
    if show_game and find_variant(game).key != "holdem":
        lines.insert(0, style(phrasebook(lang).game_name(find_variant(game).key), "dim",
                              enabled=colour))  # fmt: skip
    if wrap:
        lines.insert(0, style(words["wrap"], "yellow", enabled=colour))
    for half in halves:
        if half is None:
            lines.append(style(phrasebook(lang).capitalise(phrasebook(lang).no_low()), "bold",
                               enabled=colour))  # fmt: skip
        else:
            lines += _value_lines(half, lang, colour)
    return "\n".join(lines)


def _value_lines(value: HandValue, lang: str, colour: bool) -> list[str]:
    """The name, then ``category · rank N of SIZE (1 = best)`` for one value."""
    from showdown.i18n import category_name

    ladder = value.ladder
    best = HandValue(1, (), ladder=ladder).describe(lang)
    rank = i18n_words("eval", lang)["rank"].format(
        rank=value.rank, size=ladder.size, best=best[:1].lower() + best[1:]
    )
    category = category_name(value.category, lang, low=ladder.low)
    return [
        style(value.describe(lang), "bold", enabled=colour),
        style(f"{category} · {rank}", "dim", enabled=colour),
    ]


def game_variant(args: argparse.Namespace) -> Variant:
    """The game of ``--game`` under ``--wrap`` and ``--trips-beat-straight`` (or a CLI error)."""
    from showdown.variants import UnknownGame

    try:
        return find_variant(
            args.game, getattr(args, "wrap", False), getattr(args, "trips_beat_straight", False)
        )
    except UnknownGame as error:
        raise CliError(str(error)) from None


def eval_json(
    value: HandValue,
    hole: Sequence[Card],
    board: Sequence[Card],
    game: str = "holdem",
    wrap: bool = False,
    lang: str = "en",
) -> dict[str, object]:
    """The JSON of ``showdown eval``: the value's own fields, then the input repeated.

    >>> from showdown.hands.value import evaluate
    >>> hole, board = parse_cards("Ad Kh"), parse_cards("Ac 9d 7h 4s 2c")
    >>> doc = eval_json(evaluate(hole, board), hole, board)
    >>> list(doc)
    ['category', 'rank', 'best_five', 'description', 'game', 'wrap', 'cards', 'board']
    >>> doc["game"], doc["cards"], doc["board"]
    ('holdem', ['Ad', 'Kh'], ['Ac', '9d', '7h', '4s', '2c'])
    """
    return {
        **value.to_json(lang),
        "game": game,
        "wrap": wrap,
        "cards": [str(c) for c in hole],
        "board": [str(c) for c in board],
    }


def run(args: argparse.Namespace) -> int:
    """Evaluate the hand and print it (human form or ``--json``)."""
    from showdown.hands.value import check_counts, evaluate

    (hole,), board = read_dealt([" ".join(args.cards)], args.board)
    variant = game_variant(args)
    if not board and len(hole) == 2 and variant.key == "holdem":
        return print_starting_hand(hole, args.json, args.lang)
    try:
        check_counts(hole, board, variant)
    except CardError as exc:
        if board or variant.board == (0,) or len(hole) >= 5:
            raise
        raise CliError(f"{exc} (give the community cards with --board)") from None
    value = evaluate(hole, board, game=variant)
    if args.json:
        emit_json(eval_json(value, hole, board, args.game, args.wrap, args.lang))
        return 0
    symbols, colour = decorations()
    print(format_eval(value, hole, board, args.game, args.wrap, args.lang, symbols, colour))
    return 0


def print_starting_hand(hole: Sequence[Card], as_json: bool, lang: str) -> int:
    """``eval`` of two Hold'em cards without a board: the starting hand's class, its place
    among the 169 classes and the share of hands at least as strong, in both percentage
    orders (:mod:`showdown.odds.ranges.starting_hand`)."""
    from showdown.i18n import phrasebook
    from showdown.odds.ranges.starting_hand import starting_hand

    s = starting_hand(hole)
    if as_json:
        emit_json(s.to_json())
        return 0
    book = phrasebook(lang)
    words = i18n_words("eval", lang)
    symbols, colour = decorations()
    print(f"{words['hand']}: {show_cards(hole, symbols, colour)}")
    combos = book.counted(s.combos, book.section("equity")["combos"])
    line = words["starting"].format(
        name=s.name, combos=combos, equity=book.percent(s.equity_vs_random)
    )
    print(style(line, "bold", enabled=colour))
    for order in ("pokerstove", "equity"):
        print(
            words["place"].format(
                order=words[f"order_{order}"],
                place=s.places[order],
                top=book.percent(s.top[order] / 100, 1),
            )
        )
    return 0
