"""``showdown resolve FILE``: pots, side pots, splits and the showdown order of a table.

FILE (``-`` for stdin) holds the table as JSON (see :mod:`showdown.pots.table`).
``--json`` prints ``{"pots", "returned", "payouts", "showdown_order", "hands",
"explanation"}``; the human form is a table of pots followed by the showdown
order, the returned chips, the payouts and one sentence per pot, in ``--lang``.

>>> import argparse
>>> sub = argparse.ArgumentParser().add_subparsers()
>>> register(sub)
>>> args = sub.choices["resolve"].parse_args(["-", "--json", "--lang", "es"])
>>> (args.file, args.json, args.lang)
('-', True, 'es')
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from showdown.commands.common import (
    CliError,
    HelpFormatter,
    add_common_options,
    emit_json,
    style,
    use_colour,
)

if TYPE_CHECKING:
    from showdown.pots.resolution import Pot, Showdown


#: The input format and examples, shown by ``showdown resolve --help``.
INPUT_HELP = """\
input: one JSON object (UTF-8; a byte-order mark is fine)
{games}
  button          seat number of the button (an empty seat is a dead button);
                  stud games have none (null or absent)
  board           community cards, "Ac 9d 7h 4s 2c" or ["Ac", "9d", ...]
  last_aggressor  seat of the last bet or raise of the final round, or null
  wrap            true for the house rule where the ace wraps around (optional)
  trips_beat_straight  short deck: three of a kind above a straight (optional)
  players         a list of objects, one per seat:
    seat          seat number (clockwise = ascending)
    name          optional text
    hole          the player's cards, or null (a folded player may hide them)
    contributed   every chip the player put in during the hand
    folded        true if the player folded (default false)
    muck          true if a live player declines to show (default false)

example table.json:
  {"game": "holdem", "button": 3, "board": "Ac 9d 7h 4s 2c", "last_aggressor": 2,
   "players": [
     {"seat": 1, "name": "Ana", "hole": "Ad Kh", "contributed": 500},
     {"seat": 2, "name": "Boris", "hole": "Ah Qd", "contributed": 200},
     {"seat": 3, "name": "Carmen", "hole": "Kc Kd", "contributed": 800},
     {"seat": 5, "name": "Dmitri", "hole": null, "contributed": 100, "folded": true}]}

output (--json): {"pots": [{"amount", "eligible", "winners", "shares"}], "returned",
  "payouts", "showdown_order", "hands", "explanation"} (seat keys are strings);
  hi-lo pots add "high" and "low": {"winners", "shares"}, or "low": null

examples:
  showdown resolve table.json
  showdown resolve table.json --json --lang es
  cat table.json | showdown resolve -
"""


def _input_help() -> str:
    """:data:`INPUT_HELP` with the games of the registry (:mod:`showdown.variants`)."""
    import textwrap

    from showdown.variants import GAMES

    line = '  game            "holdem" (default) or another game: '
    line += ", ".join(f'"{g}"' for g in GAMES if g != "holdem")
    games = textwrap.fill(line, 84, subsequent_indent=" " * 18, break_on_hyphens=False)
    return INPUT_HELP.replace("{games}", games)


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``resolve`` sub-command."""
    parser = subparsers.add_parser(
        "resolve",
        help="resolve a table showdown: main and side pots, splits, odd chips",
        description="Resolve the showdown of a table given as JSON: the uncalled bet, main "
        "and side pots, who wins each (split pots, odd chips from the left of the button) "
        "and the showdown order.",
        epilog=_input_help(),
        formatter_class=HelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help="the table as JSON, or - for stdin")
    add_common_options(parser)
    parser.set_defaults(func=run)


def read_text(path: str) -> str:
    """The contents of ``path``, or of stdin for ``-``; an unreadable file is a CliError."""
    try:
        if path == "-":
            buffer = getattr(sys.stdin, "buffer", None)
            if buffer is None:  # a text-only stdin (tests)
                return sys.stdin.read()
            return buffer.read().decode("utf-8-sig")
        with open(path, encoding="utf-8-sig") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"cannot read {path}: {exc}") from None


def _cell_width(rows: list[list[str]], k: int) -> int:
    return max(len(row[k]) for row in rows)


def _winning_hand(sd: Showdown, pot: Pot, lang: str) -> str:
    """The winning hand of ``pot``; a hi-lo pot's the high half's winning high hand and the
    low half's winning low (or none), not one player's two halves."""
    from showdown.hands.value import HiLoValue
    from showdown.i18n import phrasebook
    from showdown.text.pots import phrase

    winner = pot.winners[0]
    if winner not in sd.hands:
        return phrase("hidden", lang)
    value = sd.hands[winner]
    if pot.high is None or not isinstance(value, HiLoValue):
        return value.describe(lang)
    high = sd.hands[pot.high.winners[0]]
    high_name = (high.high if isinstance(high, HiLoValue) else high).describe(lang)
    low = None if pot.low is None else sd.hands[pot.low.winners[0]]
    low_value = low.low if isinstance(low, HiLoValue) else None
    book = phrasebook(lang)
    return f"{high_name}; {book.no_low() if low_value is None else low_value.describe(lang)}"


def format_showdown(sd: Showdown, lang: str = "en", colour: bool = False) -> str:
    """The human output: a table of pots, the showdown order, returned chips, payouts.

    >>> from showdown.pots.resolution import resolve
    >>> sd = resolve({"button": 1, "board": "Ac Kd Qh Js Tc", "players": [
    ...     {"seat": 1, "name": "Ana", "hole": "2d 2h", "contributed": 51},
    ...     {"seat": 2, "name": "Bo", "hole": "9c 9d", "contributed": 51}]})
    >>> text = format_showdown(sd).splitlines()
    >>> for line in text[:4]:
    ...     print(line)  # doctest: +NORMALIZE_WHITESPACE
    Pot       Chips  Eligible  Winners  Winning hand
    Main pot  102    Ana, Bo   Bo, Ana  Straight, ace high
    Showdown order: Bo, Ana
    Payouts: Ana 51, Bo 51
    >>> print(text[4][:89])
    Main pot (102 chips): Bo and Ana split the pot with a straight (ace high): 51 chips each.
    """
    from showdown.text.pots import explain_showdown, phrase, player_name, pot_name

    def names(seats: tuple[int, ...] | list[int]) -> str:
        return ", ".join(player_name(sd, s, lang) for s in seats)

    rows = [
        [phrase(k, lang) for k in ("col_pot", "col_amount", "col_eligible", "col_winners")]
        + [phrase("col_hand", lang)]
    ]
    for k, pot in enumerate(sd.pots):
        hand = _winning_hand(sd, pot, lang)
        rows.append(
            [pot_name(k, lang), str(pot.amount), names(pot.eligible), names(pot.winners), hand]
        )
    widths = [_cell_width(rows, k) for k in range(4)]
    lines = []
    for r, row in enumerate(rows):
        cells = [cell.ljust(widths[k]) for k, cell in enumerate(row[:4])] + [row[4]]
        line = "  ".join(cells)
        lines.append(style(line, "bold", enabled=colour) if r == 0 else line)
    order = names(sd.showdown_order) if sd.showdown_order else phrase("no_showdown", lang)
    lines.append(f"{phrase('order', lang)}: {order}")

    def amounts(chips: dict[int, int]) -> str:
        # "Ana 1300", but "seat 4 (49)" so that a seat number and an amount never touch.
        return ", ".join(
            f"{player_name(sd, s, lang)} {c}"
            if sd.table.player(s).name
            else f"{player_name(sd, s, lang)} ({c})"
            for s, c in chips.items()
        )

    if sd.returned:
        lines.append(f"{phrase('col_returned', lang)}: {amounts(sd.returned)}")
    payouts = amounts(sd.payouts)
    lines.append(f"{phrase('col_payouts', lang)}: {payouts or '-'}")
    lines.extend(explain_showdown(sd, lang))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Read the table, resolve it, print the result."""
    from showdown.pots.resolution import Table, resolve

    showdown = resolve(Table.from_json(read_text(args.file)))
    if args.json:
        emit_json(showdown.to_dict(args.lang))
    else:
        print(format_showdown(showdown, args.lang, colour=use_colour()))
    return 0
