"""What each player did, and could have done, in one hand: the statistics' 0/1 counters.

:func:`hand_stats` reads a hand's actions once and gives one tuple per player (dealing
order), aligned with :data:`showdown.tracker.schema.STAT_COLUMNS`; a player's figures
over many hands are the sums of these tuples (VPIP is ``sum(vpip) / sum(vpip_opp)``).

>>> from showdown.phh.notation import loads
>>> hand = loads('''variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AcAd", "d dh p2 KsKd", "d dh p3 7h6h", "p3 cbr 6", "p1 f", "p2 cc",
...            "d db 2c5d9h", "p2 cc", "p3 cbr 8", "p2 f"]''')
>>> p1, p2, p3 = (dict(zip(STAT_COLUMNS, row)) for row in hand_stats(hand, [0, 0, 15]))
>>> p3["pfr"], p3["steal_opp"], p3["steal"], p3["cbet_opp"], p3["cbet"], p3["won_saw_flop"]
(1, 1, 1, 1, 1, 1)
>>> p2["three_bet_opp"], p2["three_bet"], p2["fold_to_cbet_opp"], p2["fold_to_cbet"]
(1, 0, 1, 1)
>>> p1["vpip_opp"], p1["vpip"], p1["saw_flop"], p1["three_bet_opp"]
(1, 0, 0, 1)

The definitions are ``docs/tracker.md``'s; how this module reads them:

- A *decision* is a ``f``, ``cc`` or ``cbr`` of a player with chips behind. A fold or a
  check written for a player already all in (the engine's no-op) is none: a player all in
  on the blinds or antes has no VPIP opportunity, as a big blind's walk has none. ``cc``
  facing no more than the player has in on the street is a check, else a call.
- Preflop every ``cbr`` is a raise (blinds, antes and straddles are forced bets, not
  actions; in fixed limit too; in a hand without blinds the first is the 2-bet all the
  same), an all-in for less than a full raise included. One exception: after a big blind
  posted all in for less, a ``cbr`` to the full big blind or less completes the blind
  (the rooms write a call; see :func:`showdown.phh.betting.full_blind_owed`).
- 3-bet: the player faces exactly one raise and has the option to re-raise, by the
  engine's rules (:func:`showdown.phh.betting.raise_bounds`): chips beyond the raise,
  another live player with chips beyond it, and, having acted already on this street
  (a limper), a raise since of at least a full raise (in fixed limit half a bet). A limp
  then re-raise is a 3-bet; an all-in for less that does not reopen the betting to the
  limper is no opportunity, nor is a raise that puts him all in.
- Fold to 3-bet: the 2-bettor's next decision, when exactly two raises were made (a
  4-bet before it, a squeeze war, is no opportunity).
- Steal: the player's first preflop decision in the CO, BTN or SB seat
  (:mod:`showdown.tracker.positions`, heads-up the button) with no chips put in by choice
  before it (a limper kills it; checks and folds do not); taken when that decision is a
  raise. Heads-up and three-handed the button acts first: every hand is an opportunity.
- C-bet: the last preflop raiser's first flop decision, with no bet before it; fold to
  c-bet: each other player's decision after that c-bet and before any raise of it.
- Postflop counts (all streets after the flop is dealt): bets (``cbr`` with no bet in
  front), raises, calls and folds, decisions only.
- saw_flop: not folded when the flop's cards were dealt (Courchevel's card dealt before
  the first round is not the flop); showdown: two or more players not folded when the
  hand is over (the board complete and the last round's betting done); mucking is
  reaching showdown. A hand whose actions stop early counts what happened: no showdown.
- Stud and draw games: every counter 0 (the hand and its money still count).

The actions are read as written, not replayed: a history the replay repairs
(``repair=True``: missing checks and folds inferred) is counted without the inferred
actions. Bad action text is a :class:`~showdown.phh.errors.MalformedHistory` naming the
hand and the action, as the engine's.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache

from showdown.phh.errors import UnsupportedVariant
from showdown.phh.notation import HandHistory
from showdown.phh.variant_rules import RULES
from showdown.tracker.hand_reading import (
    Chips,
    betting_done,
    forced_bets,
    has_caller,
    read_action,
    read_amount,
    reopened,
)
from showdown.tracker.positions import STEAL_POSITIONS, positions
from showdown.tracker.schema import STAT_COLUMNS

__all__ = ["WIDTH", "hand_stats"]

#: The counters per player, in the order of :data:`~showdown.tracker.schema.STAT_COLUMNS`;
#: the code writes them by index (``stats[b + k]``: the k-th column of player ``b // WIDTH``).
_NAMES = ("vpip_opp", "vpip", "pfr", "three_bet_opp", "three_bet", "fold_to_three_bet_opp",
          "fold_to_three_bet", "steal_opp", "steal", "cbet_opp", "cbet", "fold_to_cbet_opp",
          "fold_to_cbet", "postflop_bets", "postflop_raises", "postflop_calls",
          "postflop_folds", "saw_flop", "showdown", "won_showdown", "won_saw_flop")
if _NAMES != STAT_COLUMNS:  # pragma: no cover - the schema changed: the indexes here must too
    raise ImportError("showdown.tracker.hand_stats is out of step with schema.STAT_COLUMNS")
WIDTH = len(_NAMES)
_ZEROS = (0,) * WIDTH
#: The commonest actions whole: "p3 cc" -> (2, "cc"); one dictionary look-up each.
_SIMPLE = {f"p{k + 1} {verb}": (k, verb) for k in range(99) for verb in ("cc", "f")}
_PLAYERS = {f"p{k + 1}": k for k in range(99)}
_NOBODY = 1 << 30  # an actor index above any table: the grammar's reading says why
#: Per variant code: the board counts at which the flop, turn and river start, and whether
#: the game is fixed limit; ``None``: not a flop game (every counter 0).
_PLANS: dict[str, tuple[tuple[int, ...], bool] | None] = {}

#: What a player took from the pots: the settlement's units, or money.
Won = int | float | Decimal | Fraction


def hand_stats(history: HandHistory, won: Sequence[Won]) -> list[tuple[int, ...]]:
    """Each player's counters in the hand, in dealing order (see the module's readings).

    ``won[i]``: what player ``i`` took from the pots (above 0: he won chips).
    """
    fields = history.fields
    n = len(fields["starting_stacks"])
    if len(won) != n:
        raise ValueError(f"{n} players but {len(won)} amounts won")
    code = fields["variant"]
    plan = _PLANS[code] if code in _PLANS else _plan(history)
    if plan is None:
        return [_ZEROS] * n
    starts, fixed = plan
    stack, bet, size, short, eps = forced_bets(history, n, fixed)
    stats = [0] * (WIDTH * n)
    steals = _steal_seats(n)
    folded = [False] * n
    acted: list[Chips | None] = [None] * n
    max_bet = max(bet)
    full: Chips = 0  # the round's largest raise
    raises = 0  # preflop raises so far
    two_bettor = raiser = -1  # the first and the last preflop raiser
    opened = False  # chips put in preflop by choice
    street = board = 0
    next_at = starts[0]
    cbet_seen = cbet_live = False
    simple = _SIMPLE.get  # locals: the loop below runs for every action of every hand
    width = WIDTH
    amount: Chips
    for text in fields["actions"]:
        hit = simple(text)
        if hit is not None:
            i, verb = hit
        elif text[:5] == "d dh ":
            continue  # whose cards: no counter (the replay checks them)
        else:
            words = text.split()
            count = len(words)
            verb = words[1] if count > 1 else ""
            if count == 3 and verb == "cbr":
                i = _PLAYERS.get(words[0], _NOBODY)
                amount = read_amount(history, text, words[2])
            elif count == 3 and verb == "db" and words[0] == "d" and "#" not in words[2]:
                i, amount = -1, len(words[2]) >> 1
            else:
                i, verb, amount = read_action(history, text, n)
            if verb == "db":
                board += int(amount)  # cards dealt
                if board >= next_at:
                    if not street:
                        for j in range(n):
                            if not folded[j]:
                                stats[j * width + 17] = 1  # saw_flop
                    while street < len(starts) and board >= starts[street]:
                        street += 1
                    next_at = starts[street] if street < len(starts) else _NOBODY
                    bet = [0] * n
                    acted = [None] * n
                    max_bet = full = 0
                continue
            if verb != "cbr" and verb != "cc" and verb != "f":
                continue  # shows and mucks; bring-ins and draws do not come in a flop game
        if i >= n:
            read_action(history, text, n)  # the error naming the actor
        if folded[i] or stack[i] <= eps:
            if verb == "f" and not folded[i]:  # all in, out of the pots: no decision
                folded[i] = True
            continue
        b = i * width
        if not street:
            stats[b] = 1  # vpip_opp
            # a second decision preflop comes after a raise: this one is his first
            steal = not opened and steals[i]
            if steal:
                stats[b + 7] = 1  # steal_opp
            three = False
            if raises == 1:
                # the option to re-raise, by raise_bounds' rules: chips beyond the call, a
                # caller (the raiser, unless all in) and, for a limper, the betting reopened
                three = stack[i] > max_bet - bet[i] + eps and (
                    stack[raiser] > eps or has_caller(i, stack, bet, folded, max_bet, eps)) and (
                    (done := acted[i]) is None or reopened(done, max_bet, full, size, fixed, eps))
                if three:
                    stats[b + 3] = 1  # three_bet_opp
            elif raises == 2 and i == two_bettor:
                stats[b + 5] = 1  # fold_to_three_bet_opp
                if verb == "f":
                    stats[b + 6] = 1
            if verb == "cbr":
                stats[b + 1] = 1  # vpip
                opened = True
                owed = short and max_bet < size  # a big blind all in for less: the full one
                if not (owed and amount <= size + eps):  # else the full blind completed
                    stats[b + 2] = 1  # pfr
                    raises += 1
                    if raises == 1:
                        two_bettor = i
                    raiser = i
                    if three:
                        stats[b + 4] = 1
                    if steal:
                        stats[b + 8] = 1
                    gain = amount - (max(max_bet, size) if owed else max_bet)
                    if gain >= full:
                        full = gain
            elif verb == "cc" and max_bet - bet[i] > eps:
                stats[b + 1] = 1  # vpip
                opened = True
        else:
            if verb == "cbr":
                stats[b + (14 if max_bet > eps else 13)] += 1  # postflop raises, bets
            elif verb == "f":
                stats[b + 16] += 1
            elif max_bet - bet[i] > eps:
                stats[b + 15] += 1  # a call (else a check)
            if street == 1:
                if i == raiser and not cbet_seen:
                    cbet_seen = True
                    if max_bet <= eps:
                        stats[b + 9] = 1  # cbet_opp
                        if verb == "cbr":
                            stats[b + 10] = 1
                            cbet_live = True
                elif cbet_live:
                    stats[b + 11] = 1  # fold_to_cbet_opp
                    if verb == "f":
                        stats[b + 12] = 1
                    elif verb == "cbr":
                        cbet_live = False
        # the chips move
        if verb == "f":
            folded[i] = True
            continue
        if verb == "cbr":
            stack[i] -= amount - bet[i]
            bet[i] = max_bet = amount
        elif max_bet - bet[i] > eps:  # a call
            pay = max_bet - bet[i]
            if pay > stack[i]:
                pay = stack[i]
            bet[i] += pay
            stack[i] -= pay
        if stack[i] <= eps:
            stack[i] = 0
        acted[i] = max_bet
    if street:  # the flop came
        over = (street == len(starts) and folded.count(False) > 1
                and betting_done(n, folded, stack, bet, acted, max_bet, eps))
        for i in range(n):
            b = i * WIDTH
            if stats[b + 17]:
                got = won[i] > 0
                if got:
                    stats[b + 20] = 1  # won_saw_flop
                if over and not folded[i]:
                    stats[b + 18] = 1  # showdown
                    if got:
                        stats[b + 19] = 1
    rows = iter(stats)
    return list(zip(*[rows] * WIDTH, strict=False))


def _plan(history: HandHistory) -> tuple[tuple[int, ...], bool] | None:
    """The variant's entry of :data:`_PLANS`, made once."""
    code = history.variant
    rules = RULES.get(code)
    if rules is None:
        raise UnsupportedVariant(history.file, history.label,
                                 f"variant {code!r} is not a PHH variant code")
    streets = rules.streets
    plan = None
    if rules.forced == "blinds" and len(streets) > 1 and streets[1].board and not any(
            s.draw for s in streets):
        counts = [streets[0].board]  # Courchevel: its first card, dealt before the betting
        for s in streets[1:]:
            counts.append(counts[-1] + s.board)
        plan = (tuple(counts[1:]), rules.fixed)
    _PLANS[code] = plan
    return plan


@lru_cache(maxsize=64)
def _steal_seats(n: int) -> tuple[bool, ...]:
    return tuple(p in STEAL_POSITIONS for p in positions(n))

