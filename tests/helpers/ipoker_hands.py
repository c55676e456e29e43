"""Handwritten iPoker sessions for the reader's tests (modelled on real files, names and
numbers changed), and each hand read by the kernel and by Python alone, which must agree.

>>> text = session("Holdem NL $1/$2", game("7", [player(1, "Ana", "$50", dealer=True),
...     player(2, "Bo", "$50", win="$3")], round_(0, act(1, "Ana", 1, "$1"),
...     act(2, "Bo", 2, "$2")), round_(1, cards("Pocket", "Ana", "X X"),
...     cards("Pocket", "Bo", "SA HA"), act(3, "Ana", 0, "$0"))))
>>> [hand] = read_both(text)
>>> hand.fields["actions"][-1], hand.fields["winnings"]
('p2 f', [3, 0])
"""

from __future__ import annotations

from helpers.backends import NO_KERNEL_INSTALL
from showdown.hands import native
from showdown.phh.corpus.read import read_hands
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory


def session(gametype: str, *games: str, general: str = "") -> str:
    """A session of games, its game type and table in its ``<general>``."""
    return (f'<?xml version="1.0" encoding="utf-8"?>\n<session sessioncode="1"><general>'
            f"<gametype>{gametype}</gametype><tablename>Handwritten, 1</tablename>"
            f"{general}</general>\n" + "".join(games) + "</session>")


def game(code: str, players: list[str], *rounds: str, start: str = "2012-03-19 20:46:31"
         ) -> str:
    """One game: its players, then its rounds."""
    return (f'<game gamecode="{code}"><general><startdate>{start}</startdate><players>'
            + "".join(players) + "</players></general>\n" + "".join(rounds) + "</game>\n")


def player(seat: int, name: str, chips: str, win: str = "0", dealer: bool = False) -> str:
    return (f'<player seat="{seat}" name="{name}" chips="{chips}" dealer="{int(dealer)}" '
            f'win="{win}"/>')


def round_(no: int, *items: str) -> str:
    return f'<round no="{no}">' + "".join(items) + "</round>\n"


def act(no: int, name: str, kind: int, value: str) -> str:
    return f'<action no="{no}" player="{name}" type="{kind}" sum="{value}" cards=""/>'


def cards(kind: str, name: str, text: str) -> str:
    return f'<cards type="{kind}" player="{name}">{text}</cards>'


def _summary(hand: HandHistory | HistoryError) -> object:
    if isinstance(hand, HistoryError):
        return type(hand).__name__, str(hand)
    return [(k, type(v).__name__, repr(v)) for k, v in hand.fields.items()], hand.name


def read_both(text: str) -> list[HandHistory | HistoryError]:
    """The session's hands as Python reads them, checked against the kernel's reading."""
    with native.use("numpy"):
        slow = read_hands(text, "ipoker", "x.xml")
    if not NO_KERNEL_INSTALL:
        with native.use("native"):
            fast = read_hands(text, "ipoker", "x.xml")
        assert [_summary(h) for h in fast] == [_summary(h) for h in slow]
    return slow
