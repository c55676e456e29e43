"""WPN (Winning Poker Network: Americas Cardroom, Black Chip, True Poker...) in both of
its layouts.

Since about 2017 WPN writes like PokerStars (:mod:`showdown.phh.rooms.stars` reads it)
with these differences, read here:

- the game's name glued to its betting structure, ``Holdem(No Limit)``, ``Omaha
  H/L(Fixed Limit)``, ``7Stud H/L(Fixed Limit)`` (:data:`GAMES`);
- ``posts dead $0.07``: both blinds posted at once by a player coming back, the big
  blind live and the rest dead (the summary's total pot counts them so);
- ``caps $0.55`` in a cap game (``Miramar (Cap)``): the chips put in that bring the
  player to the table's cap, which is the player's total in the hand after it
  (``_cap``: nobody puts more into the hand; the streets after are dealt without
  betting);
- a tournament's first hand deals one card to each player before the hand (``Dealt
  to Hero [4s]`` above the antes: the draw for the button), not hole cards.

Its older layout (to about 2019, often UTF-16 files) is read by :func:`read_old`:

.. code-block:: text

    Game started at: 2016/8/2 10:50:44
    Game ID: 693967308 0.02/0.05 (PRR) Cyclops - 6 (Hold'em)
    Seat 2 is the button
    Seat 2: 3rp3rp (5.05).
    Player tylerdurden211 has small blind (0.02)
    Player ChazDazzle received card: [5d]
    Player Pashila received a card.
    Player Pashila raises (0.15)
    *** FLOP ***: [3h 4c 2c]
    ------ Summary ------
    Pot: 0.04. Rake 0
    *Player ChazDazzle mucks (does not show cards). Bets: 0.02. Collects: 0.04. Wins: 0.02.
    Game ended at: 2016/8/2 10:51:4

Every amount of an action is the chips it puts in (a raise too); the game is the last
parenthesis (``Hold'em``, ``Omaha``, ``Omaha HiLow``, ``Seven Cards Stud``, ``Seven Cards
Stud HiLow``, ``Six Plus Hold'em``) and its betting structure is not written: fixed
limit when the big blind posted is the header's first amount (``2/4``, blinds 1 and 2:
its small and big bets), else no limit, pot limit for Omaha (as fpdb reads it); stud
is fixed limit. What each player collected is the summary's ``Collects:``.

>>> game_name(" - Omaha H/L(No Limit) - $3.00/$6.00 - ")
'NO/8'
>>> h = read_old('''Game started at: 2016/8/2 10:50:44
... Game ID: 693967308 0.02/0.05 (PRR) Cyclops - 6 (Hold'em)
... Seat 2 is the button
... Seat 2: Ana (5.05).
... Seat 3: Bo (5.59).
... Player Bo has small blind (0.02)
... Player Ana has big blind (0.05)
... Player Bo received a card.
... Player Bo received a card.
... Player Ana received card: [5d]
... Player Ana received card: [10c]
... Player Bo folds
... Uncalled bet (0.03) returned to Ana
... ------ Summary ------
... Pot: 0.04. Rake 0
... *Player Ana mucks (does not show cards). Bets: 0.02. Collects: 0.04. Wins: 0.02.
... Player Bo does not show cards.Bets: 0.02. Collects: 0. Loses: 0.02.
... Game ended at: 2016/8/2 10:51:4''', "a.txt")
>>> h.fields["variant"], h.fields["players"], h.fields["actions"], h.fields["winnings"]
('NT', ['Bo', 'Ana'], ['d dh p1 ????', 'd dh p2 5dTc', 'p1 f'], [0, 0.04])
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

from showdown.phh.notation import HandHistory
from showdown.phh.rooms.builder import HandBuilder
from showdown.phh.rooms.fields import clock
from showdown.phh.rooms.games import variant_of
from showdown.phh.rooms.money import amount, number
from showdown.phh.rooms.variant_kinds import DEALT_IN_STEPS

__all__ = ["GAMES", "OLD_HEAD", "action", "game_name", "post_dead", "read_old"]

#: WPN's names of its games (PokerStars-like layout), as PHH codes.
GAMES = {
    "Holdem(No Limit)": "NT",
    "Holdem(Pot Limit)": "PT",
    "Holdem(Fixed Limit)": "FT",
    "Omaha(Pot Limit)": "PO",
    "Omaha(No Limit)": "NO",
    "Omaha(Fixed Limit)": "FO",
    "Omaha H/L(Pot Limit)": "PO/8",
    "Omaha H/L(No Limit)": "NO/8",
    "Omaha H/L(Fixed Limit)": "FO/8",
    "7Stud(Fixed Limit)": "F7S",
    "7Stud H/L(Fixed Limit)": "F7S/8",
}
#: How a hand of the older layout starts.
OLD_HEAD = "Game started at: "
_GAME_WORD = re.compile(r"(?i)hold|omaha|stud|razz|draw|badugi|courchevel")
_AMOUNT = re.compile(r"[$€£]?\d[\d,]*(?:\.\d+)?")
_ZERO = Decimal(0)


def game_name(line: str) -> str:
    """The PHH code of a header's game (``Hand #1 - Holdem(No Limit) - $0.01/$0.02``);
    a ``ValueError`` naming a game the replay does not read."""
    parts = [p.strip() for p in line.split(" - ")]
    for part in parts:
        code = GAMES.get(part)
        if code is not None:
            return code
    return variant_of(next((p for p in parts if _GAME_WORD.search(p)), parts[0]))


def action(b: HandBuilder, name: str, rest: str) -> bool:
    """A WPN line after ``name `` that PokerStars does not write, read into ``b``
    (``True``), else ``False``: ``caps $0.55``."""
    if not rest.startswith("caps "):
        return False
    m = _AMOUNT.search(rest, 5)
    if m is None:
        b.error(f"no amount in {name}'s cap {rest!r}")
    _cap(b, name, amount(m.group()))
    return True


def _cap(b: HandBuilder, name: str, value: Decimal) -> None:
    """A player puts ``value`` in and so reaches the table's cap, which is the
    player's total in the hand after it."""
    b.act(name, "put", value)
    b.meta.setdefault("_cap", number(b.spent.get(name, _ZERO)))


def post_dead(b: HandBuilder, name: str, value: Decimal) -> None:
    """``posts dead $0.07``: both blinds at once, the big blind live and the rest dead;
    no more than the big blind (or stakes not written), all of it dead."""
    if b.big is not None and value > b.big:
        b.post(name, "blind", b.big, value - b.big)
    else:
        b.post(name, "ante", value)


# The older layout ------------------------------------------------------------------------

_OLD_GAMES = {
    "Hold'em": ("NT", "FT"),
    "Omaha": ("PO", "FO"),
    "Omaha HiLow": ("PO/8", "FO/8"),
    "Seven Cards Stud": ("F7S", "F7S"),
    "Seven Cards Stud HiLow": ("F7S/8", "F7S/8"),
    "Six Plus Hold'em": ("NS", "NS"),
}
_NUMBER = r"\d[\d,]*(?:\.\d+)?"
_STARTED = re.compile(r"^Game started at: (\d{4})/(\d{1,2})/(\d{1,2}) "
                      r"(\d{1,2}):(\d{1,2}):(\d{1,2})")
_GAME_ID = re.compile(rf"^Game ID: (\d+) ({_NUMBER})/({_NUMBER})\s*(.*)$")
_PARENS = re.compile(r"\(([^()]*)\)")
_SEAT = re.compile(rf"^Seat (\d+): (.*) \(({_NUMBER})\)\.?$")
_BUTTON = re.compile(r"^Seat (\d+) is the button")
_IN_PARENS = re.compile(rf"\(({_NUMBER})\)")
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_NOTHING = re.compile(r"Bets: 0\. Collects: 0\.")
_POT = re.compile(rf"^Pot: ({_NUMBER})")
_BETS = re.compile(rf"Bets: ({_NUMBER})")
_COLLECTS = re.compile(rf"Collects: ({_NUMBER})")
_FEES = re.compile(rf"(Rake|JP fee) ({_NUMBER})")
_CARD = re.compile(r"^[2-9TJQKA][cdhs]$")
_STUD_STREETS = frozenset({"Third street", "Fourth street", "Fifth street", "Sixth street",
                           "Seventh street"})
#: What follows a player's name and changes nothing in the hand.
_OLD_NOISE = ("is timed out", "sitting out", "wait BB", "is sitting out", "has joined",
              "has left", "is back", "sits out", "does not show", "doesn't show")


def _old_cards(text: str, b: HandBuilder) -> list[str]:
    cards = text.replace("10", "T").split()
    for card in cards:
        if not _CARD.match(card):
            b.error(f"{card!r} is not a card")
    return cards


def _old_amount(rest: str, b: HandBuilder, name: str) -> Decimal:
    m = _IN_PARENS.search(rest)
    if m is None:
        b.error(f"no amount in {name}'s {rest!r}")
    return amount(m.group(1))


def _old_header(lines: list[str], file: str | None) -> tuple[HandBuilder, Decimal, Decimal,
                                                              tuple[str, str]]:
    """The builder of an older-layout hand, its header's two amounts and the game's
    codes (no or pot limit, fixed limit)."""
    game = _GAME_ID.match(lines[1]) if len(lines) > 1 else None
    hand = game.group(1) if game else None
    if game is None:
        b = HandBuilder("wpn", "NT", file, hand)
        b.error("no 'Game ID: <number> <small>/<big> ... (<game>)' line after 'Game started at:'")
    names = _PARENS.findall(game.group(4))
    codes = next((_OLD_GAMES[n] for n in reversed(names) if n in _OLD_GAMES), None)
    if codes is None:
        b = HandBuilder("wpn", "NT", file, hand)
        b.error(f"the game {names[-1] if names else game.group(4)!r} is not one the replay "
                "reads from a room's file")
    b = HandBuilder("wpn", codes[0], file, hand)
    first, second = amount(game.group(2)), amount(game.group(3))
    table = game.group(4)
    cut = table.rfind(f"({next(n for n in reversed(names) if n in _OLD_GAMES)})")
    table = table[:cut].strip()
    if table:
        b.meta["table"] = table
    when = _STARTED.match(lines[0])
    if when is not None:
        y, mo, d, h, mi, s = (int(g) for g in when.groups())
        try:
            b.meta.update(clock(datetime.date(y, mo, d), datetime.time(h, mi, s), None))
        except ValueError:
            b.error(f"{lines[0]!r} is not a date")
    return b, first, second, codes


def _who(rest: str, names: dict[str, list[str]], b: HandBuilder, line: str) -> tuple[str, str]:
    """(player, what follows) of an older-layout line ``Player NAME ...`` (``names``: the
    seated names by their first word, the longest first)."""
    for name in names.get(rest.split(" ", 1)[0], ()):  # "Al" must not take "Al Bo"'s lines
        if rest.startswith(name) and (len(rest) == len(name) or rest[len(name)] == " "):
            return name, rest[len(name) + 1:]
    if rest.startswith(" "):
        b.error(f"a player without a name acts ({line!r}): the room left the name out")
    b.error(f"{line!r} names no seated player")


def read_old(text: str, file: str | None = None) -> HandHistory:
    """One hand of WPN's older layout (``Game started at: …``) as a :class:`HandHistory`."""
    lines = [s for s in (line.strip() for line in text.lstrip("\ufeff").split("\n")) if s]
    b, first, second, codes = _old_header(lines, file)
    names: dict[str, list[str]] = {}  # by first word: a line's first word finds its player
    pending: dict[str, list[str]] = {}  # the cards dealt since the last other line
    summary = ended = False
    paid: list[Decimal] = []  # the pot paid out, then what each player bet
    body: list[tuple[str, str]] = []
    for line in lines[2:]:
        if summary:
            if line.startswith("Game ended at:"):
                ended = True
                break
            _old_summary(b, line, names, paid)
            continue
        if line.startswith("Seat "):
            m = _SEAT.match(line)
            if m is not None:
                b.seat(int(m.group(1)), m.group(2), amount(m.group(3)))
                same_start = names.setdefault(m.group(2).split(" ", 1)[0], [])
                same_start.append(m.group(2))
                same_start.sort(key=len, reverse=True)
                continue
            button = _BUTTON.match(line)
            if button is not None:
                b.button = int(button.group(1))
                continue
        if line.startswith("Player "):
            body.append(_who(line[7:], names, b, line))
        elif line.startswith("***") or line.startswith("------ Summary"):
            body.append(("", line))
            summary = line.startswith("------ Summary")
        elif line.startswith(("Uncalled bet", "Game ended at:")):
            continue
        else:
            b.error(f"cannot read the line {line!r}")
    big_blinds = {f"has big blind ({t})" for t in (str(first), f"{first:.2f}")}
    fixed = any(rest in big_blinds for _, rest in body) or b.variant in DEALT_IN_STEPS
    b.variant = codes[1] if fixed else codes[0]
    b.stakes(first, second)
    for name, rest in body:
        if name and rest.startswith("received"):
            card = _BRACKETS.search(rest)
            pending.setdefault(name, []).extend(
                _old_cards(card.group(1), b) if card else ["??"])
            continue
        if pending:
            _deal(b, pending)
            pending = {}
        if name:
            _old_action(b, name, rest)
        elif rest.startswith("------ Summary"):
            break
        else:
            _old_street(b, rest)
    if pending:
        _deal(b, pending)
    if not ended:
        b.error("the hand stops early: it has no 'Game ended at:' line (a file cut short?)")
    if not any(rest.startswith("received") for _, rest in body):
        b.error("no cards were dealt: the hand was called off before the deal")
    if paid:  # the take a table's jackpot fee adds, when the summary does not write it
        hidden = sum(paid[1:], _ZERO) - paid[0] - sum(b.fees.values(), _ZERO)
        if hidden > 0:
            b.fees["fees"] = hidden
    if b.variant == "NS" and len(b.shown) > 1:
        b.error("a six plus hold'em hand won at showdown: WPN does not write whether its "
                "short deck ranks three of a kind above a straight, and no public WPN hand "
                "shows it")
    return b.build()


def _deal(b: HandBuilder, pending: dict[str, list[str]]) -> None:
    """The cards dealt to each player since the last other line (stud: this street's)."""
    for name, cards in pending.items():
        if b.variant in DEALT_IN_STEPS:
            b.deal(name, cards)
        elif "??" in cards:
            b.player(name)
        else:
            b.hole(name, cards)


def _old_street(b: HandBuilder, line: str) -> None:
    title = line.strip("* :").split("***")[0].strip()
    if title in _STUD_STREETS:
        b.street()
        return
    found = _BRACKETS.findall(line)
    if title.startswith(("FLOP", "TURN", "RIVER")):
        if found:  # "*** FLOP ***:" alone, before the cards are dealt: no board
            b.board(_old_cards(found[-1], b))
        return
    b.error(f"cannot read the line {line!r}")


def _old_action(b: HandBuilder, name: str, rest: str) -> None:
    if rest == "folds":
        b.act(name, "fold")
    elif rest == "checks":
        b.act(name, "check")
    elif rest.startswith("calls"):
        b.act(name, "call", _old_amount(rest, b, name))
    elif rest.startswith("bets"):
        b.act(name, "bet", _old_amount(rest, b, name))
    elif rest.startswith(("raises", "allin (")):
        b.act(name, "put", _old_amount(rest, b, name))
    elif rest.startswith("caps"):
        _cap(b, name, _old_amount(rest, b, name))
    elif rest.startswith("posts (") and rest.endswith("as a dead bet"):
        b.post(name, "ante", _old_amount(rest, b, name))
    elif rest.startswith(("has small blind", "has big blind", "posts (", "straddle")):
        b.post(name, "blind", _old_amount(rest, b, name))
    elif rest.startswith(("ante", "posts ante")):
        b.post(name, "ante", _old_amount(rest, b, name))
    elif rest.startswith("bring in"):
        b.act(name, "bring_in", _old_amount(rest, b, name))
    elif rest == "mucks cards":
        b.muck(name)
    elif rest in ("allin", "is disconnected and ALL IN."):
        b.error(f"{name} is taken as all in on a disconnection ({rest!r}) with chips "
                "behind, which PHH cannot write")
    elif not rest.startswith(_OLD_NOISE):
        b.error(f"cannot read {name}'s action {rest!r}")


def _old_summary(b: HandBuilder, line: str, names: dict[str, list[str]],
                 paid: list[Decimal]) -> None:
    """A summary line read into ``b``; ``paid``: the pot paid out, then each player's
    ``Bets:``."""
    if line.startswith("Pot:"):
        pot = _POT.match(line)
        if pot is not None:
            paid.append(amount(pot.group(1)))
        for key, value in _FEES.findall(line):
            fee = "rake" if key == "Rake" else "jackpot"
            if amount(value):
                b.fees[fee] = b.fees.get(fee, _ZERO) + amount(value)
        return
    if line.startswith("Board:"):
        return
    star = line.startswith("*")
    if not line.startswith("Player ", 1 if star else 0):
        b.error(f"cannot read the summary line {line!r}")
    after = line[8 if star else 7:]
    if _NOTHING.search(after) and not any(after.startswith(name + " ")
                                          for name in names.get(after.split(" ", 1)[0], ())):
        return  # a player seated after the deal: "Bets: 0. Collects: 0. Loses: 0."
    name, rest = _who(after, names, b, line)
    bets = _BETS.search(rest)
    if bets is not None and paid:
        paid.append(amount(bets.group(1)))
    collects = _COLLECTS.search(rest)
    if collects is not None and amount(collects.group(1)):
        b.collect(name, amount(collects.group(1)))
    cards = _BRACKETS.search(rest)
    if cards is None:
        return
    if rest.startswith("shows"):
        b.show(name, _old_cards(cards.group(1), b))
    elif rest.startswith("mucks"):
        b.muck(name, _old_cards(cards.group(1), b))
