"""PokerStars and the rooms that write like it: GGPoker (and Natural8), Full Tilt, WPN.

They share one shape: a header line, the seats, the forced bets, ``*** HOLE
CARDS ***``, one line per action, ``*** FLOP *** [..]`` and the other streets,
the showdown, ``*** SUMMARY ***``. They differ in small ways, each read here: a
colon after the player's name (PokerStars, GGPoker) or not (Full Tilt, WPN);
``raises $2 to $3`` or ``raises to $3``; ``collected $4 from pot`` or ``wins the
pot ($4)``; where the button is written.

>>> hand = '''PokerStars Hand #164150709626: Hold'em No Limit ($0.02/$0.05) - 2017/01/06 17:15:11 ET
... Table 'Donati' 6-max Seat #2 is the button
... Seat 1: Ana ($5 in chips)
... Seat 2: Bo ($5 in chips)
... Bo: posts small blind $0.02
... Ana: posts big blind $0.05
... *** HOLE CARDS ***
... Dealt to Ana [Ac 4h]
... Bo: raises $0.10 to $0.15
... Ana: folds
... Uncalled bet ($0.10) returned to Bo
... Bo collected $0.10 from pot
... *** SUMMARY ***
... Total pot $0.10 | Rake $0'''
>>> h = read_hand(hand, "pokerstars", "a.txt")
>>> h.fields["players"], h.fields["blinds_or_straddles"], h.fields["actions"]
(['Ana', 'Bo'], [0.02, 0.05], ['d dh p1 Ac4h', 'd dh p2 ????', 'p2 cbr 0.15', 'p1 f'])
>>> h.fields["hand"], h.fields["table"], h.fields["currency"], h.fields["winnings"]
(164150709626, 'Donati', 'USD', [0, 0.1])
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from functools import lru_cache

from showdown.phh.errors import MalformedHistory
from showdown.phh.notation import HandHistory
from showdown.phh.rooms import ggpoker, wpn
from showdown.phh.rooms.builder import HandBuilder
from showdown.phh.rooms.fields import clock
from showdown.phh.rooms.games import stakes_of, variant_of, when
from showdown.phh.rooms.money import amount, currency_of, number
from showdown.phh.rooms.variant_kinds import DEALT_IN_STEPS, FIRST_BOARD, STUD

__all__ = ["HEADS", "game_of", "read_body", "read_hand"]

#: The start of a hand in each room of this family.
HEADS = {
    "pokerstars": re.compile(r"^PokerStars (?:Zoom |Home Game |Hold'em )?(?:Hand|Game) #",
                             re.MULTILINE),
    "ggpoker": re.compile(r"^Poker Hand #", re.MULTILINE),
    "fulltilt": re.compile(r"^Full ?Tilt ?Poker (?:Game|Hand) #", re.MULTILINE),
    "wpn": re.compile(r"^(?:(?:Game )?Hand #|Game started at: )", re.MULTILINE),
}

_ID = re.compile(r"(?:Hand|Game) #([A-Za-z]*\d[\w-]*)")
_TOURNAMENT = re.compile(r"Tournament #(\d+)|\((\d{6,})\), Table")
_TABLE = re.compile(r"^Table:? '(.*)' (\d+)-max(?: \([^)]*\))?(?: (?:Seat #(\d+)|\(.*\)))?")
#: PokerStars' 2005 tables write no seat count: "Table '7817460 1' Seat #3 is the button".
_TABLE_2005 = re.compile(r"^Table '(.*)'() Seat #(\d+) is the button$")
_SEAT = re.compile(r"^Seat (\d+): (.*?) \(([^()]*?\d[^()]*?)(?: in chips)?(?:, ([^()]*?) bounty)?\)"
                   r"(.*)$")
#: The usual seat line, read quicker (the lazy repeats of :data:`_SEAT` cost much): a name
#: without "(" and a stack of digits and separators, in a currency's sign or not. Where it
#: matches, :data:`_SEAT` takes the same parts: no shorter name is followed by " (" and no
#: shorter stack by ")" or " in chips"; there is no bounty.
_USUAL_SEAT = re.compile(r"^Seat (\d+): ([^(]*) \(([$€£]?\d[\d.,]*[$€£]?)(?: in chips)?\)(.*)$")
#: An amount; never its trailing comma (Full Tilt: "raises to 1,270, and is all in").
_AMOUNT = re.compile(r"[$€£]?\d[\d,]*(?<!,)(?:\.\d+)?")
_CARDS = re.compile(r"\[([^\]]*)\]")
# More unknown discards than any hand holds is a misread line, not a draw.
_MOST_DISCARDS = 8
_FTP_TABLE = re.compile(r"Table (.+?) - ")
_BARE_TABLE = re.compile(r"^(\S.*?) (\d+)-max(?: Seat #(\d+) is the button)?$")
_FTP_BUTTON = re.compile(r"^The button is in seat #(\d+)")
_FTP_TIME = re.compile(r"(\d{1,2}):(\d{2}):(\d{2}) ([A-Z]{2,4}) - (\d{4})/(\d{2})/(\d{2})")
#: A date and time, or a time (``2017/01/06 17:15:11``, ``17:15:11``). It opens with its
#: first digit outside the alternatives, so that the regex engine skips the other
#: characters at once (the same matches as ``\d{4}/.. ..|\d{1,2}:..``).
_DATE_TIME = re.compile(r"\d(?:\d{3}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2}|\d?:\d{2}:\d{2})")
#: The summary's fees with a field of their own (WPN's "JP Fee" is its jackpot's); any
#: other (GGPoker's Bingo, Fortune, Tax) adds to ``fees``.
_FEE_FIELDS = {"rake": "rake", "jackpot": "jackpot", "jp_fee": "jackpot"}
_FEE = re.compile(r"([A-Za-z][A-Za-z ]*?)\s*:?\s*([$€£]?\d[\d,]*(?:\.\d+)?\s*(?:[A-Z]{3}|[$€£])?)$")

#: What follows a player's name and changes nothing in the hand.
_NOISE = ("doesn't", "draws", "does", "is", "has", "said,", "sits", "joins", "leaves", "was",
          "will", "re-joins", "finished", "wins the $", "timed", "Chooses", "Receives", "Pays",
          "cashed", "out", "seat", "stands", "takes",
          "adds", "connected", "disconnected", "denies", "wins the tournament",
          # a tournament's re-buy or a cash table's deposit: chips for the next hand
          "re-buys", "Table deposit")
#: A cash-out: PokerStars' "cashed out the hand for $22.77 | Cash Out Fee $0.46", GGPoker's
#: "Receives Cashout ($2.31)" and "Pays Cashout Risk ($19)" (after "Chooses to EV Cashout").
#: PokerStars' split knockout: "wins $4.60 for splitting the elimination of NAME and ...".
_SPLIT_KO = " for splitting the elimination of "
_CASH_OUTS = ("cashed out the hand", "Chooses to EV Cashout", "Receives Cashout",
              "Pays Cashout Risk")
_CASHED_OUT = re.compile(r"cashed out the hand for ([$€£]?\d[\d,]*(?:\.\d+)?)"
                         r"(?: \| Cash Out Fee ([$€£]?\d[\d,]*(?:\.\d+)?))?")
#: The cards a line may name (a set: quicker to ask than a pattern).
_DECK = frozenset(rank + suit for rank in "23456789TJQKA" for suit in "cdhs")
_STAKES_TAIL = re.compile(r"\s*\([^()]*\d[^()]*\)\s*$")
_GAME_WORD = re.compile(r"(?i)hold|omaha|stud|razz|draw|badugi|courchevel|irish")
#: A mixed game's game of the hand, in brackets after the mix's name: PokerStars'
#: "8-Game (Razz Limit)", "Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.20)".
_MIXED = re.compile(r"\(([^()]*?(?:hold|omaha|stud|razz|draw|badugi|courchevel)[^()]*)\)",
                    re.IGNORECASE)
#: Where PokerStars' name of a game starts, after a tournament's number and buy-in
#: ("Tournament #1, $1.08+$0.27+$0.15 USD Omaha Hi/Lo No Limit": its digits are no game's).
_GAME_START = re.compile(r"(?i)(?:[5-7] card )?(?:hold|omaha|stud|razz|badugi|courchevel|"
                         r"triple|single|draw|irish)")
#: A cap game's cap in the stakes (``($2/$4 - $80 Cap - USD)``): the most a player puts in.
_CAP = re.compile(r"- ([$€£]?\d[\d,]*(?:\.\d+)?) Cap\b")
#: Full Tilt's pot-limit cap games write it before the game: ``- $5/$10 - $400 Pot Limit
#: Omaha Hi -`` (the players' bets end "and is capped" at $400).
_FTP_CAP = re.compile(r"- ([$€£]\d[\d,]*(?:\.\d+)?) (?:Pot|No) Limit\b")
_ZERO_MONEY = Decimal(0)
_WON = re.compile(r"\b(?:won|collected) \(?([$€£]?\d[\d,]*(?:\.\d+)?)")


def _cards(text: str, b: HandBuilder) -> list[str]:
    cards = text.replace("10", "T").split()
    for card in cards:
        if card not in _DECK:
            b.error(f"{card!r} is not a card")
    return cards


def _bracketed(text: str, b: HandBuilder, last: bool = False) -> list[str]:
    """The cards of the first ``[...]`` of a line that opens one (``last``: of the last)."""
    found = _CARDS.findall(text)
    if not found:
        b.error(f"no closed [cards] in {text.strip()!r}")
    return _cards(found[-1 if last else 0], b)


def _money(text: str, b: HandBuilder) -> Decimal:
    value = _first_amount(text)
    if value is None:
        b.error(f"no amount in {text.strip()!r}")
    return value


# Kept: an action's words come back hand after hand ("calls $0.02", "raises $4 to $6").
@lru_cache(maxsize=4096)
def _first_amount(text: str) -> Decimal | None:
    """The first amount written in ``text`` (``None``: none is)."""
    m = _AMOUNT.search(text)
    return None if m is None else amount(m.group())


@lru_cache(maxsize=4096)
def _raised_to(rest: str) -> Decimal | None:
    """The total a raise reaches: its last amount before any " and " (``None``: none)."""
    values = _AMOUNT.findall(rest.partition(" and ")[0])
    return amount(values[-1]) if values else None


@lru_cache(maxsize=256)
def _game(room: str, line: str) -> tuple[str, tuple[Decimal, Decimal] | None, str | None,
                                         str | None, Decimal | None]:
    """The variant, stakes, currency, tournament and cap (of a cap game, else ``None``) of
    a header (its hand number and date taken out: a session's headers then share one
    entry). A ``ValueError`` for a game the replay does not read.

    >>> _game("pokerstars", ": Hold'em No Limit ($2/$4 - $80 Cap -  USD) - ")
    ('NT', (Decimal('2'), Decimal('4')), 'USD', None, Decimal('80'))
    >>> _game("pokerstars", ": 8-Game (7 Card Stud Hi/Lo Limit, $400/$800 USD) - ")[:2]
    ('F7S/8', (Decimal('400'), Decimal('800')))
    >>> _game("pokerstars", ": Tournament #9, $18+$2 USD Omaha Pot Limit - Level I (10/20) - ")
    ('PO', (Decimal('10'), Decimal('20')), None, '9', None)
    >>> _game("fulltilt", ": Table Pam (6 max) - $5/$10 - $400 Pot Limit Omaha Hi - ")[-1]
    Decimal('400')
    """
    if room == "fulltilt":
        game = line.split(" - ")[1] if line.count(" - ") >= 2 else line
        if "Table" in game:
            game = line.split(" - ")[2] if line.count(" - ") >= 3 else game
        if not _GAME_WORD.search(game):  # "- $0.25/$0.50 - $15 Cap No Limit Hold'em -"
            game = next((p for p in line.split(" - ")[2:] if _GAME_WORD.search(p)), game)
    else:
        game = line.split(":", 1)[1] if ":" in line else line
    if room == "ggpoker":
        variant = ggpoker.game_name(line)
    elif room == "wpn":
        variant = wpn.game_name(line)
    else:
        parts = game.split(" - ")
        game = next((p for p in parts if _GAME_WORD.search(p)), parts[0])
        mixed = _MIXED.search(game)
        if mixed is not None:  # the hand's game, without the stakes PokerStars adds
            game = mixed.group(1).split(",")[0]
        elif room == "pokerstars":  # (Full Tilt writes the limit first: "PL 6 Card Omaha")
            start = _GAME_START.search(game)
            game = game if start is None else game[start.start():]
        variant = variant_of(_STAKES_TAIL.sub("", game).strip())
    tournament = _TOURNAMENT.search(line)
    found = stakes_of(line.split(" - Level")[0] if tournament is None else line)
    if found is None and room == "ggpoker":  # short deck: one amount, the ante
        single = ggpoker.single_stake(line)
        found = None if single is None else (single, single)
    stakes = None if found is None else (amount(found[0]), amount(found[1]))
    currency = currency_of(line) if tournament is None and found is not None else None
    cap = _CAP.search(line) or (_FTP_CAP.search(line) if room == "fulltilt" else None)
    return (variant, stakes, currency,
            None if tournament is None else tournament.group(1) or tournament.group(2),
            None if cap is None else amount(cap.group(1)))


def _header(line: str, room: str, file: str | None) -> HandBuilder:
    m = _ID.search(line)
    hand = m.group(1) if m else None
    try:
        variant, stakes, currency, tournament, cap = _game(room, _DATE_TIME.sub(
            "", line if m is None else line[m.end():]))
    except ValueError as exc:
        raise MalformedHistory(file, hand, str(exc)) from None
    b = HandBuilder(room, variant, file, hand)
    if stakes is not None:
        b.stakes(*stakes)
    if currency:
        b.meta["currency"] = currency
    if tournament is not None:
        b.meta["_tournament"] = tournament
    if cap is not None:  # the replay keeps the chips above it out of the hand
        b.meta["_cap"] = number(cap)
    stamp = when(line)
    if room == "fulltilt":
        t = _FTP_TIME.search(line)
        if t is not None:
            h, mi, s, zone, y, mo, d = t.groups()
            stamp = (datetime.date(int(y), int(mo), int(d)),
                     datetime.time(int(h), int(mi), int(s)), zone)
        table = _FTP_TABLE.search(line)
        if table is not None:
            b.meta["table"] = table.group(1).split(", ")[-1].removeprefix("Table ")
    if stamp is not None:
        b.meta.update(clock(*stamp))
    return b


def _split_name(line: str, names: dict[str, list[str]], colon: bool) -> tuple[str, str] | None:
    """(player, the rest) of a line that starts with a player's name, else ``None``."""
    if colon:
        name, sep, rest = line.partition(": ")
        if sep and name in names.get(name.split(" ", 1)[0], ()):
            return name, rest
    first = line.partition(" ")[0].rstrip(":")
    for name in names.get(first, ()):
        if line.startswith(name):
            end = len(name)
            if line.startswith(": ", end):
                return name, line[end + 2:]
            if line.startswith(" ", end):
                return name, line[end + 1:]
    return None


def _post(b: HandBuilder, name: str, rest: str) -> None:
    value = _money(rest, b)
    if "ante" in rest:
        b.post(name, "ante", value)
    elif "&" in rest or "small and big" in rest:
        live = b.big if b.big is not None and b.big < value else value
        b.post(name, "blind", live, value - live)
    elif "dead" in rest and b.room == "wpn":
        wpn.post_dead(b, name, value)
    elif "dead" in rest or "missed blind" in rest or (
            "small blind" in rest and "out of position" in rest):  # GGPoker: "posts missed blind"
        b.post(name, "ante", value)  # dead money (Winamax: a small blind out of position)
        if b.room == "winamax" and "out of position" in rest:
            # Winamax's "raises 0.05€ to 0.07€" counts it: its total pot and what the
            # raiser collects add up only so (hand 7274811-122-1425929414 of phud's corpus)
            b.dead_in_raise[name] = b.dead_in_raise.get(name, _ZERO_MONEY) + value
    else:
        b.post(name, "blind", value, all_in="and is all-in" in rest)


def _action(b: HandBuilder, name: str, rest: str) -> None:
    verb = rest.partition(" ")[0]
    if verb == "folds":
        b.act(name, "fold")
        if "[" in rest:  # cards shown as they fold: one or all ("folds [9c]")
            b.show(name, _bracketed(rest, b, last=True))
    elif verb == "checks":
        b.act(name, "check")
    elif verb == "calls":
        b.act(name, "call", _money(rest, b))
    elif verb == "bets":
        b.act(name, "bet", _money(rest, b))
    elif verb == "raises":
        total = _raised_to(rest)
        if total is None:
            b.error(f"no amount in {name}'s raise {rest!r}")
        b.act(name, "raise_to", total)
    elif verb == "posts":
        _post(b, name, rest)
    elif verb == "brings":  # "brings in for $0.02": stud's bring-in
        b.act(name, "bring_in", _money(rest, b))
    elif verb == "discards":  # "discards 2 cards [Kd 9h]" (the cards: the player's own)
        _draw_round(b)
        found = _CARDS.findall(rest)
        count = rest.split(" ")[1] if " " in rest else ""
        if found:
            b.draw(name, _cards(found[0], b))
        elif count.isdigit() and int(count) <= _MOST_DISCARDS:
            b.draw(name, ["??"] * int(count))
        else:
            b.error(f"cannot read {name}'s discard {rest!r}")
    elif rest.startswith("stands pat"):
        _draw_round(b)
        b.draw(name, [])
    elif verb == "antes":
        b.post(name, "ante", _money(rest, b))
    elif verb == "shows":
        found = _CARDS.findall(rest)
        if found:
            b.show(name, _cards(found[0], b))
    elif verb == "mucks":
        found = _CARDS.findall(rest)
        b.muck(name, _cards(found[0], b) if found else None)
    elif verb == "collected":
        b.collect(name, _money(rest, b))
    elif verb == "wins" and _SPLIT_KO in rest:
        pass  # a knockout split between players: _eliminated_by names one knocker, not two
    elif verb == "wins" and " for eliminating " in rest:  # a bounty won
        won = _AMOUNT.search(rest)
        gone = rest.partition(" for eliminating ")[2]
        beaten = [n for n in b.seats if n != name and (gone == n or gone.startswith(n + " ")
                                                       or f" {n} " in f" {gone} ")]
        if won is not None:
            b.bounty_won(name, amount(won.group()), beaten)
    elif verb in ("wins", "ties") and "bounty" not in rest and "tournament" not in rest:
        b.collect(name, _money(rest.rpartition("(")[2], b))
    elif verb == "completes":  # Full Tilt's stud: "completes it to $0.50"
        b.act(name, "raise_to", _money(rest.rpartition(" to ")[2], b))
    elif rest.startswith(_CASH_OUTS):
        _cash_out(b, name, rest)
    elif not rest.startswith(_NOISE) and not (
            (b.room == "ggpoker" and ggpoker.action(b, name, rest))
            or (b.room == "wpn" and wpn.action(b, name, rest))):
        b.error(f"cannot read {name}'s action {rest!r}")


def _draw_round(b: HandBuilder) -> None:
    """A discard while a bet stands: a draw the room wrote no ``*** DRAW ***`` title for
    (PokerStars' five card draw of 2009), so a new betting round."""
    if any(b.bets.values()):
        b.street()


def _cash_out(b: HandBuilder, name: str, rest: str) -> None:
    """A player's cash-out: what the room paid beside the pot (PokerStars' All-in Cash
    Out: the pot's share is not awarded; GGPoker's EV Cashout: the pot's share is, and
    the room adds what it pays, or takes back the "Cashout Risk") and the fee."""
    m = _CASHED_OUT.match(rest)
    if m is not None:
        b.cash_out(name, amount(m.group(1)), amount(m.group(2)) if m.group(2) else None)
    elif rest.startswith("Chooses to EV Cashout"):
        b.cash_out(name, _ZERO_MONEY)
    elif rest.startswith("Receives Cashout"):
        b.cash_out(name, _money(rest, b))
    elif rest.startswith("Pays Cashout Risk"):
        b.cash_out(name, -_money(rest, b))
    else:
        b.error(f"cannot read {name}'s cash-out {rest!r}")


def _summary(b: HandBuilder, line: str, by_seat: dict[int, str]) -> None:
    is_seat = line.startswith("Seat ")  # (most lines are a seat's, which the next two are not)
    if not is_seat and line.startswith("Hand was run "):  # "Hand was run twice" (boards say so)
        words = line.split()
        b.runs = max(b.runs, _RUN_WORDS.get(words[3].rstrip(".") if len(words) > 3 else "", 2))
        return
    if not is_seat and line.startswith("Total pot"):
        for part in line.split("|")[1:]:
            m = _FEE.match(part.strip())
            if m is not None:
                key = m.group(1).strip().lower().replace(" ", "_")
                value = amount(m.group(2))
                if value:
                    key = _FEE_FIELDS.get(key, "fees")
                    b.fees[key] = b.fees.get(key, Decimal(0)) + value
        return
    if not is_seat:
        return
    if not b.collected and "cashed out" not in line:
        # WPN may write the winner only here (PokerStars: a pot not awarded to a cash-out)
        won = _WON.search(line)
        seat = line[5:].split(":", 1)[0]
        if won is not None and seat.isdigit() and int(seat) in by_seat:
            b.collect(by_seat[int(seat)], amount(won.group(1)))
    if "[" in line:
        seat = line[5:].split(":", 1)[0]
        name = by_seat.get(int(seat)) if seat.isdigit() else None
        if name is None:
            return
        tail = line[7 + len(seat) + len(name):]  # after "Seat N: NAME" (a name may hold [])
        mucked = "mucked" in line
        # (other brackets name no cards: Full Tilt's "(big blind) [0]")
        if "[" in tail and (mucked or "showed" in line or "shows" in line):
            found = _CARDS.findall(tail)
            if not found:
                b.error(f"no closed [cards] in {line.strip()!r}")
            cards = _cards(found[0], b)
            if mucked:
                b.muck(name, cards)
            else:
                b.show(name, cards)
    if b.room == "fulltilt" and "folded" in line:
        # Full Tilt may leave out the last fold of a hand (its "Super Turbo" tables): the
        # summary's "folded before the Flop" is the only word of it
        seat = line[5:].split(":", 1)[0]
        name = by_seat.get(int(seat)) if seat.isdigit() else None
        if name is not None and name in b.playing and name not in b.folded:
            b.act(name, "fold")


#: The runs of a hand run more than once, as the street titles name them.
_RUNS = {"FIRST": 1, "SECOND": 2, "THIRD": 3}
_RUN_WORDS = {"twice": 2, "three": 3, "thrice": 3}
#: The titles over Courchevel's face-up card, dealt before the first round: PokerStars'
#: ``*** PRE-FLOP *** [7h]``, Full Tilt's ``*** FLOPET *** [9h] (Total Pot: 75, 5 Players)``.
_FIRST_BOARD_STREETS = frozenset({"PRE-FLOP", "FLOPET"})
#: The street titles of stud and draw games after the first (a new betting round).
_STEP_STREETS = frozenset({"4TH STREET", "5TH STREET", "6TH STREET", "RIVER", "7TH STREET",
                           "FIRST DRAW", "SECOND DRAW", "THIRD DRAW", "DRAW"})


def _dealt(b: HandBuilder, name: str, found: list[str]) -> None:
    """``Dealt to NAME [old] [new]`` of a stud or draw game: the new cards dealt. On stud's
    third street PokerStars writes the up card alone for the other players (two down
    cards before it), Full Tilt the player's own down cards, then the up card; after a
    draw, the player's kept cards, then the new ones."""
    if not found:
        return
    new = _cards(found[-1], b)
    if b.variant in STUD and len(found) == 1 and len(new) == 1:
        new = ["??", "??", *new]
    elif b.variant in STUD and len(found) > 1 and b.room == "fulltilt" and not any(
            who == name and verb == "dh" for who, verb, _ in b.events):
        # Full Tilt's third street: "Dealt to Hero [Kd Th] [2s]"
        new = [card for group in found for card in _cards(group, b)]
    b.deal(name, new)


# Kept: a player's seat line comes back unchanged from hand to hand while the stack is.
@lru_cache(maxsize=1024)
def _seat_line(line: str) -> tuple[int, str, Decimal, Decimal | None, bool, str] | None:
    """``Seat 1: Ana ($5 in chips)`` as (seat, name, stack, bounty or ``None``, whether
    the player sits out, the name's first word as :func:`_split_name` looks it up),
    ``None`` for another line."""
    m = _USUAL_SEAT.match(line)
    if m is not None:
        seat, name, stack, tail = m.groups()
        bounty = None
    else:
        m = _SEAT.match(line)
        if m is None:
            return None
        seat, name, stack, bounty, tail = m.groups()
    out = "sitting out" in tail or "out of hand" in tail
    return (int(seat), name, amount(stack), amount(bounty) if bounty else None, out,
            name.split(" ", 1)[0].rstrip(":"))


#: The starts of the lines after the seats that :func:`read_body` reads as no action.
_NOT_ACTIONS = ("***", "Table ", "Table:", "Dealt to ", "Cash Drop to Pot", "Uncalled bet",
                "Main pot", "Side pot", "The button")


def _player_line(b: HandBuilder, line: str, names: dict[str, list[str]], colon: bool) -> bool:
    """A line that starts with a player's name read as the player's action (``True``),
    else nothing done (``False``)."""
    split = _split_name(line, names, colon)
    if split is None:
        return False
    if not colon and line[len(split[0]):].startswith(": ") and b.room == "fulltilt":
        return True  # Full Tilt's chat ("NAME: gg"): its actions have no colon
    _action(b, *split)
    return True


def read_hand(text: str, room: str, file: str | None = None) -> HandHistory:
    """One hand of a room of this family as a :class:`HandHistory`."""
    if room == "wpn" and text.lstrip("\ufeff\n").startswith(wpn.OLD_HEAD):
        return wpn.read_old(text, file)
    lines = text.strip("\n").split("\n")
    b = _header(lines[0], room, file)
    return read_body(lines[1:], b, colon=room in ("pokerstars", "ggpoker"))


def read_body(lines: list[str], b: HandBuilder, colon: bool) -> HandHistory:
    """The lines after the header (``colon``: a colon follows the names of actions)."""
    names: dict[str, list[str]] = {}
    by_seat: dict[int, str] = {}
    seating = True
    summary = False
    seats = b.seats
    for line in lines:
        line = line.rstrip()
        if not line:
            continue
        if summary:
            _summary(b, line, by_seat)
            continue
        if colon and not seating:  # most lines: "name: action", read at once
            name, sep, rest = line.partition(": ")
            if sep and name in seats:
                _action(b, name, rest)
                continue
        if not seating and not line.startswith(_NOT_ACTIONS):
            # a line no test below takes: a player's action or nothing, read at once
            _player_line(b, line, names, colon)
            continue
        if line.startswith("***"):
            seating = False
            street = line.strip("* ").split(" ", 1)[0]
            if b.variant in DEALT_IN_STEPS:
                # PokerStars: "*** 4th STREET ***"; Full Tilt: "*** 4TH STREET ***",
                # "*** FIRST DRAW *** (Pot: $0.45)"
                title = line.strip("* ").split(" ***", 1)[0].upper()
                if title in _STEP_STREETS:
                    b.street()
                elif title == "SUMMARY":
                    summary = True
                continue
            words = line.strip("* ").split()
            run = _RUNS.get(street, 0)
            if run and len(words) > 1 and words[1] in ("FLOP", "TURN", "RIVER"):
                street = words[1]  # "*** SECOND TURN ***": a runout of a hand run twice
            elif len(words) > 1 and words[1] in ("1", "2", "3") and street in (
                    "FLOP", "TURN", "RIVER"):
                run = int(words[1])  # Full Tilt: "*** RIVER 2 *** [...] [2h] (Total Pot: ...)"
            else:
                run = 0
            if run and b.room == "winamax":  # fpdb: Winamax deals no hand run twice
                b.not_read_run(repr(line))
            if street in _FIRST_BOARD_STREETS and b.variant in FIRST_BOARD:
                b.first_board(_bracketed(line, b))
            elif street in ("FLOP", "TURN", "RIVER"):
                found = _CARDS.findall(line)
                if not found:
                    b.error(f"no cards on the line {line!r}")
                if run > 1:
                    b.runout(run, _cards(found[-1], b))
                else:  # the first run (a room may write it "FIRST"): a street as any other
                    b.board(_cards(found[-1], b))
            elif street == "SUMMARY":
                summary = True
            continue
        if seating and line.startswith("Seat "):
            seat = _seat_line(line)
            if seat is not None:
                seat_number, name, stack, bounty, out, first_word = seat
                by_seat[seat_number] = name
                b.seat(seat_number, name, stack, playing=not out)
                same_start = names.get(first_word)
                if same_start is None:
                    names[first_word] = [name]
                else:  # names that start alike, the longest first
                    same_start.append(name)
                    same_start.sort(key=len, reverse=True)
                if bounty is not None:
                    b.bounties[name] = bounty
            continue
        if seating and not seats and not line.startswith("Table") and _BARE_TABLE.match(line):
            # ACR's newer layout: "Crainville 8-max"
            m = _BARE_TABLE.match(line)
            assert m is not None
            b.meta["table"], b.meta["seat_count"] = m.group(1), int(m.group(2))
            if m.group(3):
                b.button = int(m.group(3))
            continue
        if line.startswith(("Table ", "Table:")):
            m = _TABLE.match(line) or _TABLE_2005.match(line)
            if m is not None:
                b.meta["table"] = m.group(1)
                if m.group(2):
                    b.meta["seat_count"] = int(m.group(2))
                if m.group(3):
                    b.button = int(m.group(3))
            continue
        if line.startswith("Dealt to "):
            if seating and b.room == "wpn":  # a tournament's draw for the button: one card
                continue
            rest = line[9:].partition(" [")[0].strip().removesuffix(":")
            if rest not in b.seats:  # a name with brackets ("PC [Mittel]"), longest first
                rest = next((n for n in sorted(b.seats, key=len, reverse=True)
                             if line.startswith(n, 9)), rest)
            found = _CARDS.findall(line[9 + len(rest):] if rest in b.seats else line)
            if rest in b.seats and b.variant in DEALT_IN_STEPS:
                _dealt(b, rest, found)
            elif rest in b.seats:
                if found and len(found) == 1:
                    b.hole(rest, _cards(found[0], b))
                else:
                    b.player(rest)
            continue
        if line.startswith("Cash Drop to Pot"):  # GGPoker: money the house adds to the pot
            ggpoker.cash_drop(b, line)
            continue
        if line.startswith("Uncalled bet") or line.startswith("Main pot") or line.startswith(
                "Side pot"):
            continue
        if line.startswith("The button"):
            m = _FTP_BUTTON.match(line)
            if m is not None:
                b.button = int(m.group(1))
            continue
        if _player_line(b, line, names, colon):
            seating = False

    if not summary:
        b.error("the hand stops early: it has no *** SUMMARY *** (a file cut short?)")
    return b.build()


def game_of(room: str, header: str) -> tuple[str, tuple[Decimal, Decimal] | None, str | None,
                                             str | None, Decimal | None]:
    """A header's variant, stakes, currency, tournament and cap as this reader reads them
    (the kernel's reader asks: :mod:`showdown.phh.rooms.fast`); a ``ValueError`` for a game
    the replay does not read.

    >>> game_of("pokerstars", ": Hold'em No Limit ($0.02/$0.05 USD) - ")[:3]
    ('NT', (Decimal('0.02'), Decimal('0.05')), 'USD')
    """
    return _game(room, header)
