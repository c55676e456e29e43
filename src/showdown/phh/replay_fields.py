"""The fields of a hand history that set up its replay: the variant's rules, how many
times the board is run out (``_runout_count``), the chips kept behind in a cap game
(``_cap``), each checked with an error that names the field.

>>> from showdown.phh.notation import loads
>>> h = loads('''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 30]
... actions = []
... _cap = 40''')
>>> variant_rules(h).code, runout_count(h), behind_the_cap(h, 1, [100, 30])
('NT', 1, [60, 0])
"""

from __future__ import annotations

import math

from showdown.phh.amounts import from_units, to_units
from showdown.phh.errors import UnsupportedVariant
from showdown.phh.notation import HandHistory
from showdown.phh.variant_rules import RULES, VariantRules, supported_codes

__all__ = ["behind_the_cap", "runout_count", "variant_rules"]


def variant_rules(history: HandHistory) -> VariantRules:
    """The rules of the hand's variant; an unknown or unsupported code is
    :class:`UnsupportedVariant`."""
    code = history.variant
    rules = RULES.get(code)
    if rules is None or not rules.supported:
        what = "is not a PHH variant code"
        if rules is not None:
            what = f"({rules.name}) is not supported yet"
        raise UnsupportedVariant(
            history.file,
            history.label,
            f"variant {code!r} {what}; this version replays {', '.join(supported_codes())}",
        )
    return rules


def runout_count(history: HandHistory) -> int:
    """How many times the hand's board is run out: ``_runout_count`` (1 when absent).

    PHH has no action for the players' choice of the number of runouts (pokerkit asks
    for it with ``select_runout_count`` and its notation has no text for it), so a
    hand run twice says so in this field; its ``d db`` actions deal each run in turn,
    from the street after the all-in, as pokerkit deals several runouts."""
    count = history.fields.get("_runout_count", 1)
    if type(count) is not int or not 1 <= count <= 9:
        history.error(f"_runout_count must be a whole number from 1 to 9, not {count!r}")
    return count


def behind_the_cap(history: HandHistory, scale: int, stacks: list[int]) -> list[int]:
    """The chips each player keeps out of the hand in a cap game (``_cap``, this
    library's field: PokerStars' ``Hold'em No Limit ($2/$4 - $80 Cap - USD)``), taken
    out of ``stacks``; all 0 without a cap.

    Nobody puts more than the cap into the hand, forced bets included, so a player who
    reaches it plays on as one all in for the cap: the betting ends when every player
    left has reached it (or is all in) although their stacks remain, and the board is
    dealt without betting (once, or once per run). The chips behind are the player's
    again when the hand is settled."""
    cap = history.fields.get("_cap")
    if cap is None:
        return [0] * len(stacks)
    if type(cap) not in (int, float) or not 0 < cap < math.inf:
        history.error(f"_cap must be a number above 0, not {cap!r}")
    units = to_units(cap, scale)
    if from_units(units, scale) != cap:
        history.error(f"_cap ({cap!r}) has more decimal places than the hand's other amounts")
    behind = [max(0, s - units) for s in stacks]  # an unknown (inf) stack plays the cap too
    for i, kept in enumerate(behind):
        stacks[i] -= kept
    return behind
