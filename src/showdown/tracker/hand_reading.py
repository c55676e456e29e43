"""A hand's betting read fast, for :mod:`showdown.tracker.hand_stats`: the chips after the
forced bets, bet amounts, the actions the fast path leaves (read by the grammar), and the
questions of the betting rules the counters ask (may a player raise, is the betting over).

Amounts stay as the file writes them (``int`` or ``float``); comparisons allow ``eps``, a
ten-millionth of the bet size (a float sum may be a hair off; whole chips are a unit apart).

>>> from showdown.phh.notation import loads
>>> hand = loads('''variant = "NT"
... antes = [1, 1, 1]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 2, 100]
... actions = ["p3 cbr 6"]''')
>>> behind, bets, size, short, eps = forced_bets(hand, 3, fixed=False)
>>> behind, bets, size, short  # the big blind all in for 1 after the ante: the full one owed
([98, 0, 99], [1, 1, 0], 2, True)
>>> read_action(hand, "p3 cbr 6 # a raise", 3)
(2, 'cbr', 6)
>>> read_amount(hand, "p3 cbr 6", "6x")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
showdown.phh.errors.MalformedHistory: hand 1: action 0 'p3 cbr 6': '6x' is not an amount ...
"""

from __future__ import annotations

from operator import sub

from showdown.phh.actions import parse_action
from showdown.phh.amounts import LATE_BLINDS, hand_units
from showdown.phh.errors import MalformedHistory
from showdown.phh.notation import HandHistory
from showdown.phh.variant_rules import RULES

__all__ = ["Chips", "betting_done", "forced_bets", "has_caller", "read_action", "read_amount",
           "reopened"]

#: Chips as the hand's fields and actions write them.
Chips = int | float


def forced_bets(history: HandHistory, n: int, fixed: bool) -> tuple[
        list[Chips], list[Chips], Chips, bool, float]:
    """After the antes and blinds: the chips behind and in front of each player, the
    preflop bet size, whether a big blind posted all in for less leaves the full blind
    owed (:func:`showdown.phh.betting.short_blind`), and the tolerance of comparisons.

    As the engine reads them: heads-up the forced bets reversed, ``_cap`` (the chips
    beyond it out of the hand), ``_late_blinds`` (in front of their posters); a field
    that is wrong is the replay's :class:`~showdown.phh.errors.MalformedHistory`."""
    f = history.fields
    late = f.get(LATE_BLINDS)
    cap = f.get("_cap")
    try:
        stack = f["starting_stacks"]
        antes = f["antes"]
        blinds = f["blinds_or_straddles"]
        size = f["small_bet" if fixed else "min_bet"]
        if n == 2:  # heads-up the forced bets are reversed: p2 is the button and small blind
            antes = antes[::-1]
            blinds = blinds[::-1]
        # float amounts: sums a hair off; whole chips are a unit apart
        eps = (size if size < 1 else 1) * 1e-7
        good = len(antes) == n == len(blinds) and size > 0 and min(antes) >= 0 <= min(blinds)
        if good and cap is None and late is None:
            behind = list(map(sub, map(sub, stack, antes), blinds))
            if min(behind) > eps:  # nobody all in on the forced bets (the common case)
                return behind, list(blinds), size, False, eps
        good = good and min(stack) > 0
    except (KeyError, TypeError):
        good = False
    if not good:
        hand_units(history, RULES[history.variant])  # raises naming the field at fault
        history.error("the starting stacks and the minimum bet must be above 0")
    if cap is not None:
        if type(cap) not in (int, float) or not cap > 0:
            history.error(f"_cap must be a number above 0, not {cap!r}")
        stack = [min(s, cap) for s in stack]  # the chips beyond the cap stay out of the hand
    if late is None:
        late = [0] * n
    elif type(late) is not list or len(late) != n:
        history.error(f"{LATE_BLINDS} must list one amount per player, not {late!r}")
    behind = []
    bet = []
    for i in range(n):
        left = max(stack[i] - antes[i], 0)
        post = min(blinds[i], left)
        post += min(late[i], left - post)  # live blinds posted out of position
        left -= post
        behind.append(left if left > eps else 0)
        bet.append(post)
    short = not fixed and any(blinds) and not all(behind) and max(bet) < size
    return behind, bet, size, short, eps


def _where(history: HandHistory, text: str) -> str:
    """``action 7 'p2 cbr x'``: the action's place, for a message (an identical action
    before it read, so the first is the one)."""
    return f"action {history.fields['actions'].index(text)} {text!r}"


def read_amount(history: HandHistory, text: str, word: str | None) -> Chips:
    """A bet's amount as the engine's grammar writes it: digits, a decimal point maybe."""
    if word is not None and word.isascii():
        if word.isdigit():
            return int(word)
        whole, point, part = word.partition(".")
        if point and whole.isdigit() and part.isdigit():
            return float(word)
    raise MalformedHistory(history.file, history.label,
                           f"{_where(history, text)}: {word!r} is not an amount (write digits "
                           "0-9, with a decimal point where needed: 150, 3.50)")


def read_action(history: HandHistory, text: str, n: int) -> tuple[int, str, Chips]:
    """An action the fast reading leaves (comments, shows, draws, errors), by the grammar:
    the actor, the verb, the amount (a bet) or the count of cards (a board deal)."""
    try:
        action = parse_action(text)
    except ValueError as exc:
        raise MalformedHistory(history.file, history.label,
                               f"{_where(history, text)}: {exc}") from None
    if action.player >= n:
        raise MalformedHistory(history.file, history.label,
                               f"{_where(history, text)}: there are only {n} players "
                               f"(p1 to p{n})")
    verb = action.verb
    if verb == "db":
        return -1, verb, len(action.cards or ())
    if verb == "cbr":
        return action.player, verb, read_amount(history, text, action.amount)
    return action.player, verb, 0


def has_caller(i: int, stack: list[Chips], bet: list[Chips], folded: list[bool],
               max_bet: Chips, eps: float) -> bool:
    """Whether a live player other than ``i`` has chips beyond the bet (a raise needs a
    caller)."""
    for j in range(len(stack)):
        if j != i and not folded[j] and stack[j] + bet[j] > max_bet + eps:
            return True
    return False


def reopened(done: Chips, max_bet: Chips, full: Chips, size: Chips, fixed: bool,
             eps: float) -> bool:
    """Whether the bets since a player acted on ``done`` reopen the betting to him: a full
    raise (in fixed limit, half a bet or more), as
    :func:`showdown.phh.betting.raise_bounds` rules."""
    if fixed:
        return 2 * (max_bet - done) >= size - eps
    return max_bet - done >= max(full, size) - eps


def betting_done(n: int, folded: list[bool], stack: list[Chips], bet: list[Chips],
                 acted: list[Chips | None], max_bet: Chips, eps: float) -> bool:
    """Whether the last round's betting is over (the engine's queue, read back): with two
    players or more with chips, each acted on the last bet; with one, he owes nothing."""
    chips = [i for i in range(n) if not folded[i] and stack[i] > eps]
    if len(chips) < 2:
        return all(bet[i] >= max_bet - eps for i in chips)
    for i in chips:
        done = acted[i]
        if done is None or done < max_bet - eps:
            return False
    return True
