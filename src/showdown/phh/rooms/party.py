"""PartyPoker: ``***** Hand History for Game 198554437 *****``, then a game line in one of
the many forms the room wrote over the years, then two layouts of the actions:

- amounts in brackets with the currency (``calls [$0.60 USD]``, a raise being the chips it
  puts in), ``NAME wins $14.18 USD`` for what the room paid (most files, 2005-2019);
- amounts in parentheses (``calls (0.60)``), ``raises 0.85 to 0.85``, and a summary of
  ``NAME balance $X, bet $Y, collected $Z, net +$W`` lines (the "Game Table" files of
  2008-2010 and those of 2019 on).

>>> h = read_hand('''***** Hand History for Game 198554437 *****
... $0.10/$0.25 USD NL Texas Hold'em - Tuesday, June 19, 23:00:41 EDT 2018
... Table Clifton (Real Money)
... Seat 2 is the button
... Total number of players : 2/9
... Seat 2: Ana ( $28.45 USD )
... Seat 4: Bo ( $28.63 USD )
... Ana posts small blind [$0.10 USD].
... Bo posts big blind [$0.25 USD].
... ** Dealing down cards **
... Ana raises [$0.65 USD]
... Bo folds
... Ana does not show cards.
... Ana wins $0.50 USD''', "partypoker")
>>> h.fields["actions"][2:], h.fields["table"], h.fields["currency"], h.fields["winnings"]
(['p2 cbr 0.75', 'p1 f'], 'Clifton', 'USD', [0, 0.5])

Old tournament files leave the blinds out: the level's (``Blinds(300/600)``) are posted as
the room posted them, by the two seats after the button (the button itself heads-up):

>>> h = read_hand('''***** Hand History for Game 7 *****
... NL Texas Hold'em $11 USD Buy-in Trny: 5 Level: 7  Blinds(300/600) - Friday, April 01, \
11:44:05 EDT 2011
... Table Turbo #1 (Real Money)
... Seat 5 is the button
... Seat 5: Cy ( 4,520 )
... Seat 4: Di ( 7,480 )
... ** Dealing down cards **
... Cy is all-In  [4,220]
... Di folds
... Cy wins 5,120 chips''', "partypoker")
>>> h.fields["blinds_or_straddles"], h.fields["actions"][2:], h.fields["_tournament"]
([300, 600], ['p2 cbr 4520', 'p1 f'], '5')
"""

from __future__ import annotations

import datetime
import math
import re
from decimal import Decimal
from functools import lru_cache
from typing import Any

from showdown.phh.notation import HandHistory
from showdown.phh.rooms.brackets import (
    RUN_WORDS,
    act,
    bracket_amount,
    cards_in,
    check_stacks,
    name_and_rest,
    room_amount,
    take_seat,
)
from showdown.phh.rooms.builder import HandBuilder
from showdown.phh.rooms.fields import clock
from showdown.phh.rooms.money import currency_of
from showdown.phh.rooms.variant_kinds import HOLE_CARDS, STUD, fixed

__all__ = ["HEAD", "read_hand", "variant"]

HEAD = re.compile(r"^\*{5} Hand History [Ff]or Game ", re.MULTILINE)
_ID = re.compile(r"Game (\w+)")
_MONTHS = {m: k for k, m in enumerate(
    ("January", "February", "March", "April", "May", "June", "July", "August", "September",
     "October", "November", "December"), start=1)}
_MONTHS.update({m[:3]: k for m, k in list(_MONTHS.items())})
_DAYS = "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday"
#: "Tuesday, June 19, 23:00:41 EDT 2018" (no space after the comma in some, no zone in
#: others), and the "Game Table" files' "Mon Jul 12 13:38:32 EDT 2010".
_DATE = re.compile(rf"(?:(?:{_DAYS}), ?(\w+) (\d{{1,2}}), (\d{{1,2}}):(\d{{2}}):(\d{{2}}) +"
                   rf"(?:(\w+) )?(\d{{4}})|\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\w{{3}}) "
                   rf"(\d{{1,2}}) (\d{{1,2}}):(\d{{2}}):(\d{{2}}) (\w+) (\d{{4}}))")
#: The stakes leading a cash game's line: "$0.10/$0.25 USD", "0.50/1", "2000000/4000000".
_STAKES = re.compile(r"^([$€£]?[\d.,]+)/([$€£]?[\d.,]+)\b")
#: A tournament level: "Blinds(20/40)", "Stakes(200/400)", "Blinds-Antes(1 200/2 400 -400)".
_LEVEL = re.compile(r"(?:Blinds|Stakes)(?:-Antes)?\(([^/()]+)/([^()\-]+?)(?: ?-([^()]+))?\)")
_LIMIT = re.compile(r"\b(NL|PL|FL)\b")
_GAME = re.compile(r"Double Hold'?em|Short Deck|7 Card Stud(?: Hi-Lo)?|Omaha(?: Hi-Lo| Hi/Lo)?"
                   r"|(?:Texas )?Hold'?em")
_TOURNAMENT = re.compile(r"Trny: ?(\d+)|Tournament #(\d+)")
_TABLE = re.compile(r"^Table (.*?) *\( ?(?:Real|Play) Money ?\)(?: -- Seat (\d+) is the button)?")
_WINS = re.compile(r"^wins (?:Lo \(|Hi \()?([$€£]?\d(?:[\d.,]*\d)?)")
_COLLECTED = re.compile(r"collected ([$€£]?\d(?:[\d.,]*\d)?)")
_PAREN = re.compile(r"\(([$€£]?\d(?:[\d.,]*\d)?)\)")
_RAISE_TO = re.compile(r"^raises [$€£]?[\d.,]+ to ([$€£]?[\d.,]+)")
#: A line of a player the seats do not list: one who joined the table and posts (then
#: plays); any other is an error (a file whose names were changed in some lines only).
_UNSEATED = re.compile(r"^(\S.*?) (posts|calls|raises|bets|checks|folds|is all-In|shows|"
                       r"doesn't show|does not show|wins|mucks)\b")
#: The ends of lines the room's Mac client runs into the next line's player name.
_RUN_TOGETHER = re.compile(r"(is sitting out|does not show cards\.)(?=\S)")
#: Where a "wins" line the Mac client runs into the next ends: "...Queens.Bo wins $1 USD".
_WINS_END = re.compile(r"(?<=[A-Za-z])\.(?=\S)")
#: The lines of a showdown, and their first letters.
_SHOWDOWN = ("shows", "doesn't show", "mucks", "wins")
_SHOWDOWN_FIRSTS = frozenset("sdmw")
_NOT_ACTIONS = ("has ", "is ", "will ", "did ", "does ", "sits", "could not", "finished",
                "- Selects", "balance", "Your ")
#: A stack for a player who joined during the hand, whose stack the room does not write
#: (written as ``inf``, an unknown stack, in the hand's PHH).
_UNKNOWN = Decimal(10) ** 15
_ZERO = Decimal(0)


@lru_cache(maxsize=256)
def variant(game: str) -> str:
    """The PHH code of a game as a PartyPoker header names it (a ``ValueError`` for the
    others); a game line without a limit is fixed limit (the room's older cash lines).

    >>> variant("$0.10/$0.25 USD NL Texas Hold'em"), variant("$1,000 USD PL  Omaha Hi-")
    ('NT', 'PO')
    >>> variant("$15/$30 USD Texas Hold'em"), variant("0.10/0.25 Omaha Hi Game Table (PL)")
    ('FT', 'PO')
    """
    name = _GAME.search(game)
    if name is None:
        raise ValueError(f"no game this reader knows in {game.strip()!r}")
    limit_found = _LIMIT.search(game)
    limit = limit_found.group(1) if limit_found else "FL"
    found = name.group()
    if found.startswith("Double"):
        raise ValueError("Double Hold'em (each player keeps one of two hands after the flop) "
                         "has no PHH variant")
    if found == "Short Deck":
        code = {"NL": "NS"}.get(limit)
    elif found.startswith("7 Card Stud"):
        code = ("F7S/8" if found.endswith("Hi-Lo") else "F7S") if limit == "FL" else None
    elif found.startswith("Omaha"):
        code = {"NL": "NO", "PL": "PO", "FL": "FO"}[limit]
        if found.endswith(("Hi-Lo", "Hi/Lo")):
            code += "/8"
    else:
        code = {"NL": "NT", "PL": "PT", "FL": "FT"}[limit]
    if code is None:
        raise ValueError(f"the game {limit} {found} is not one the replay reads")
    return code


def read_hand(text: str, room: str = "partypoker", file: str | None = None) -> HandHistory:
    """One PartyPoker hand as a :class:`HandHistory`."""
    if "\x00" in text:  # some files hold NUL characters between the lines
        text = text.replace("\x00", "")
    if "sitting out" in text or text.count("cards.") != text.count("cards.\n"):
        text = _RUN_TOGETHER.sub("\\1\n", text)  # "Ana is sitting outBo posts big blind"
    lines = [line for line in text.strip("\n").split("\n") if not line.startswith("#Game No")]
    m = _ID.search(lines[0])
    hand = m.group(1) if m else None
    head = lines[1].strip() if len(lines) > 1 else ""
    date = _DATE.search(head)
    game = head[:date.start()] if date else head
    try:
        code = variant(game)
    except ValueError as exc:
        HandBuilder(room, "NT", file, hand).error(f"{exc} (the game line {head!r})")
    b = HandBuilder(room, code, file, hand)
    if code in STUD:
        b.error("PartyPoker's stud hands write no up cards but the player's own until the "
                "showdown, and a stud round opens by the up cards: they cannot be replayed")
    tournament = _TOURNAMENT.search(text, 0, 600) if "Trny" in text or "nt #" in text else None
    if tournament is not None:
        b.meta["_tournament"] = tournament.group(1) or tournament.group(2)
    stakes = _STAKES.match(head)
    deal = text.find("** Dealing")
    # the level's last line before the deal: the header's may be the level before
    levels = list(_LEVEL.finditer(text, 0, deal if deal >= 0 else len(text))) if (
        "Blinds" in text or "Stakes" in text) else []
    level = levels[-1] if levels else None
    ante = None
    if stakes is not None:
        b.stakes(room_amount(stakes.group(1)), room_amount(stakes.group(2)))
    elif level is None:
        _guess_big(b, text)
    else:
        b.stakes(room_amount(level.group(1)), room_amount(level.group(2)))
        ante = room_amount(level.group(3)) if level.group(3) else None
    cash = tournament is None and "Tourney" not in head and "Buy-in" not in head
    if cash:
        currency = currency_of(game)
        if currency:
            b.meta["currency"] = currency
    if date is not None:
        _date(b, date)
    _body(b, lines[2:], text, level is not None and not cash, ante)
    check_stacks(b)
    _winners_shown(b)
    if not b.collected:
        b.error("the hand stops early: nobody wins a pot (a file cut short?)")
    if fixed(code) and b.small is None:
        b.error("the game line writes no stakes: the small and big bets are unknown")
    history = b.build()
    if any(b.seats[name][1] == _UNKNOWN for name in history.fields["players"]):
        stacks: list[Any] = history.fields["starting_stacks"]
        for k, name in enumerate(history.fields["players"]):
            if b.seats[name][1] == _UNKNOWN:
                stacks[k] = math.inf
    return history


_BIG_POST = re.compile(r"^(.+?) posts big blind \[([^\]]+)\]", re.MULTILINE)
_OPEN_CALL = re.compile(r" (calls|raises|bets|is all-In) \[([^\]]+)\]")


def _guess_big(b: HandBuilder, text: str) -> None:
    """The big blind of a cash game whose line writes only the table's buy-in (``$2 USD
    NL Texas Hold'em``): the largest big blind posted, or the first call when more (the
    big blind posted was a short one, all in)."""
    posts = [room_amount(m.group(2)) for m in _BIG_POST.finditer(text)]
    if not posts:
        return
    b.big = max(posts)
    deal = text.find("** Dealing down cards **")
    first = _OPEN_CALL.search(text, deal) if deal >= 0 else None
    if first is not None and first.group(1) == "calls" and len(set(posts)) == 1:
        called = room_amount(first.group(2))  # the first call, before any raise
        if called > b.big:
            b.big = called


def _winners_shown(b: HandBuilder) -> None:
    """At a showdown, the winners the room does not show cards for (it says only "wins
    ... with two pairs", or nothing when the others mucked): their cards as dealt to
    them, else unknown; the others' unknown cards are mucked."""
    folded = {name for name, verb, _ in b.events if verb == "f"}
    live = [name for name in b.playing if name not in folded]
    if len(live) < 2:
        return
    for name in live:
        if b.collected.get(name) and name not in b.shown and name not in b.mucked:
            b.shown[name] = b.holes.get(name) or ["??"] * HOLE_CARDS.get(b.variant, 2)


def _date(b: HandBuilder, date: re.Match[str]) -> None:
    """The hand's date and time, from either form of :data:`_DATE`."""
    if date.group(1) is not None:
        month, day, h, mi, s, zone, year = date.groups()[:7]
    else:
        month, day, h, mi, s, zone, year = date.groups()[7:]
    try:
        stamp = (datetime.date(int(year), _MONTHS[month], int(day)),
                 datetime.time(int(h), int(mi), int(s)), zone or None)
        b.meta.update(clock(*stamp))
    except (KeyError, ValueError):
        pass


def _body(b: HandBuilder, lines: list[str], text: str, level: bool, ante: Decimal | None
          ) -> None:
    """The hand's lines after the game line."""
    paren = "blind (" in text or "ante (" in text or "** :" in text
    names: dict[str, list[str]] = {}
    joined: dict[str, int] = {}  # players the seats do not list who posted: line index
    # the folds before the first other action, which the room may write out of turn
    leading: list[str] | None = [] if not paren else None
    dealt = False
    summary = False
    for index, line in enumerate(lines):
        line = line.strip()
        if not line:
            continue
        if line[0] not in "SsT*D":  # no seat, table, street or deal line
            pass
        elif line.startswith(("Seat ", "seat")):
            if not line.startswith("Seat "):  # "seat 1: ", "seat1: " (other skins)
                line = "Seat " + line[4:].lstrip()
            if ") - " in line:  # a converter's statistics after the stack
                line = line[:line.index(") - ") + 1]
            seated = take_seat(b, line, names)
            if seated is not None and not b.seats[seated][1]:
                # "Seat 2: Ana ( $0 USD )": she joined, her stack is not written yet
                b.seats[seated] = (b.seats[seated][0], _UNKNOWN)
            continue
        elif line.startswith("Table "):
            t = _TABLE.match(line)
            if t is not None:
                b.meta["table"] = t.group(1)
                if t.group(2) is not None:
                    b.button = int(t.group(2))
            continue
        elif line.startswith("** "):
            word = line[3:].split(" ", 2)
            if len(word) > 1 and word[1].lower() in ("flop", "turn", "river"):
                _folds_in_turn(b, leading)
                leading = None
                b.board(cards_in(line))
            elif len(word) > 1 and word[1].lower() in RUN_WORDS:
                b.not_read_run(repr(line))  # "** Dealing SECOND Flop ** [ .. ]"
            elif line.startswith("** Summary"):
                summary = True
            if not dealt and (line.startswith("** Dealing") or summary):
                dealt = True
                _post_level(b, level, ante, text)
            continue
        elif line.startswith("Dealt to "):
            rest = line[9:].partition(" [")[0]
            if rest in b.seats:
                b.hole(rest, cards_in(line))
            continue
        split = name_and_rest(line, names)
        if split is None:
            split = _unseated(b, line, lines, index, names, joined)
            if split is None:
                continue
        name, rest = split
        if paren:
            _paren_line(b, name, rest, summary)
            continue
        showdown = rest[:1] in _SHOWDOWN_FIRSTS and rest.startswith(_SHOWDOWN)
        if showdown and leading:
            _folds_in_turn(b, leading)
            leading = None
        if not showdown:
            pass
        elif rest.startswith("shows"):
            cards = cards_in(rest)
            if cards:  # not "NAME shows7,5,4,2,A  for low." after the cards
                b.show(name, cards)
        elif rest.startswith("doesn't show") or rest.startswith("mucks"):
            b.muck(name, cards_in(rest))
        elif rest.startswith("wins"):
            won = _WINS.match(rest)
            if won is not None:
                b.collect(name, room_amount(won.group(1)))
            if " wins " in rest:  # another player's "wins" line run into this one
                end = _WINS_END.search(rest)
                again = name_and_rest(rest[end.end():], names) if end is not None else None
                if again is not None and again[1].startswith("wins"):
                    won = _WINS.match(again[1])
                    if won is not None:
                        b.collect(again[0], room_amount(won.group(1)))
        if not showdown:
            if not dealt and not rest.startswith("posts"):
                dealt = True
                _post_level(b, level, ante, text)
            bracket = rest.find("[")
            if (bracket < 0 and rest[-1:] == ".") or (bracket > 0 and rest[bracket - 1] != " "):
                rest = _plain(rest)
            if rest.startswith("Forward Folds"):  # fastforward's early fold, written again
                continue  # in its turn
            if leading is not None:
                if rest == "folds":
                    leading.append(name)
                    continue
                if not rest.startswith("posts"):
                    _folds_in_turn(b, leading)
                    leading = None
            if b.big is None and rest.startswith("posts big blind [") and "dead" not in rest:
                b.big = bracket_amount(rest)  # the stakes the game line does not write
            if not act(b, name, rest) and not rest.startswith(_NOT_ACTIONS):
                b.error(f"cannot read {name}'s action {rest!r}")
    _folds_in_turn(b, leading)


def _folds_in_turn(b: HandBuilder, folds: list[str] | None) -> None:
    """The folds written before any other action of the first betting round, made in
    turn: the room writes the folds of players away from the table as they come (seats
    4, 3, 2, then the player in seat 7 calls); they are the players first to act, in
    turn from the seat after the big blind's."""
    if not folds:
        return
    button = b.button
    if len(folds) > 1 and button is not None and b.blinds:
        seats = b.seats
        big = max(b.blinds, key=lambda n: (b.blinds[n], seats[n][0] <= button, seats[n][0]))
        after = seats[big][0]
        turn = [(seats[n][0] - after - 1) % 1000 if n in seats else 1000 for n in folds]
        if turn != sorted(turn):
            folds = [name for _, name in sorted(zip(turn, folds, strict=True))]
    for name in folds:
        b.act(name, "fold")


def _plain(rest: str) -> str:
    """An action as :func:`~showdown.phh.rooms.brackets.act` reads it: without the period
    some files end it with, with a space before its ``[``."""
    if rest.endswith(".") and "[" not in rest:
        rest = rest[:-1]
    if "[" in rest and rest[rest.index("[") - 1] != " ":
        rest = rest.replace("[", " [", 1)
    return rest


def _paren_line(b: HandBuilder, name: str, rest: str, summary: bool) -> None:
    """A line of the layout with amounts in parentheses (see the module docstring)."""
    if summary or rest.startswith("balance") or rest.startswith("Cashed out"):
        if "Cashed out" in rest or "cash-out" in rest:
            _cash_out(b, name)
        collected = _COLLECTED.search(rest)
        if collected is not None:
            b.collect(name, room_amount(collected.group(1)))
        cards = cards_in(rest)
        if cards:
            b.show(name, cards)
        return
    rest = rest.rstrip()
    if rest.startswith("is all-In"):  # said after the bet that put the player all in
        left = b.seats[name][1] - b.spent.get(name, _ZERO)
        if left > 0:
            b.error(f"the room says {name} is all in, but the amounts written leave "
                    f"{name} {left} (amounts changed in the file?)")
        return
    if rest.startswith("raises"):
        to = _RAISE_TO.match(rest)
        if to is None:
            b.error(f"cannot read {name}'s action {rest!r}")
        b.act(name, "raise_to", room_amount(to.group(1)))
        return
    if "(" in rest and rest.startswith(("posts", "calls", "bets")):
        rest = _PAREN.sub(r"[\1]", rest, count=1)
    if "cash-out" in rest or "Cash-out" in rest or "Cashout" in rest:
        _cash_out(b, name)
    if not act(b, name, rest) and not rest.startswith(_NOT_ACTIONS):
        b.error(f"cannot read {name}'s action {rest!r}")


def _cash_out(b: HandBuilder, name: str) -> None:
    b.error(f"{name} took the room's cash-out (paid a share of the pot by the odds while "
            "all in): PartyPoker's cash-out hands are not read")


def _unseated(b: HandBuilder, line: str, lines: list[str], index: int,
              names: dict[str, list[str]], joined: dict[str, int]) -> tuple[str, str] | None:
    """A line of a player the seats do not list: one who posts is seated (next to the
    player who acted before them in the first betting round, with an unknown stack); a
    line that is no action is left out."""
    m = _UNSEATED.match(line)
    if m is None or ": " in m.group(1):  # "NAME: text" is a player's chat
        return None
    name, verb = m.group(1), m.group(2)
    if verb == "posts" and name not in joined:
        joined[name] = index
        b.seat(_free_seat(b, name, lines, index), name, _UNKNOWN)
        same = names.setdefault(name.split(" ", 1)[0], [])
        same.append(name)
        same.sort(key=len, reverse=True)
        return name_and_rest(line, names)
    if name in joined:
        return None
    b.error(f"{name!r} acts ({verb}) but the seats do not list them and they posted nothing "
            "(names changed in some lines only?)")


def _free_seat(b: HandBuilder, name: str, lines: list[str], at: int) -> int:
    """The seat of a player who joined and posts: the first free seat after the seated
    player who acted just before the joiner's first action (or post) before the flop."""
    seated = {seat for seat, _ in b.seats.values()}
    before = None
    for line in lines[at:]:
        line = line.strip()
        if line.startswith("** Dealing") and "down" not in line:
            break
        if line.startswith(name + " ") and not line[len(name) + 1:].startswith(
                ("posts", "has ")):
            break
        for other, (seat, _) in b.seats.items():
            if line.startswith(other + " ") and line[len(other) + 1:].startswith(
                    ("posts", "calls", "raises", "bets", "checks", "folds", "is all")):
                before = seat
    if before is None:
        for line in reversed(lines[:at]):
            for other, (seat, _) in b.seats.items():
                if line.startswith(other + " posts"):
                    before = seat
                    break
            if before is not None:
                break
    start = before if before is not None else (b.button or 0)
    for seat in [*range(start + 1, 11), *range(1, start + 1)]:
        if seat not in seated:
            return seat
    b.error(f"{name!r} joined and posts, but no seat is free for them")


def _post_level(b: HandBuilder, level: bool, ante: Decimal | None, text: str) -> None:
    """The level's antes and blinds, posted when a tournament hand writes none (the
    room's older files): everyone's ante, then the two seats after the button (the
    button and the other player heads-up) post the blinds, all in when short (in fixed
    limit, whose level names the bets, half the small bet and the small bet)."""
    if not level or b.small is None or b.big is None or b.button is None:
        return
    button = b.button
    # the players dealt in: those with a line of play (a player moved to the table waits)
    players = sorted((n for n in b.seats if re.search(
        rf"^{re.escape(n)} (?:calls|raises|bets|checks|folds|is all-In|shows|doesn't show|"
        rf"does not show|wins|mucks)", text, re.MULTILINE)),
        key=lambda n: (b.seats[n][0] <= button, b.seats[n][0]))
    if len(players) < 2:
        return
    if ante and not b.antes:
        for name in players:
            b.post(name, "ante", min(ante, b.seats[name][1]))
    if b.blinds:
        return
    small, big = (players[-1], players[0]) if len(players) == 2 else (players[0], players[1])
    # fixed limit's Stakes(200/400) are the bets: the blinds are half the small bet and it
    blinds = (b.small / 2, b.small) if fixed(b.variant) else (b.small, b.big)
    for name, value in ((small, blinds[0]), (big, blinds[1])):
        left = b.seats[name][1] - b.spent.get(name, _ZERO)
        if left > 0:
            b.post(name, "blind", min(value, left), all_in=value >= left)
