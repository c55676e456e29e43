"""Random hands for the comparisons of the kernel with the engine: legal hands of any
variant, the same in dollars and cents, with the metadata real files carry, and broken.

>>> import random
>>> h = random_case(random.Random(1), "NT")
>>> h.fields["variant"]
'NT'
>>> in_decimals(h, 2).player_count == h.player_count
True
"""

from __future__ import annotations

import datetime
import math
import random

from showdown.phh.generate import header, random_hand
from showdown.phh.notation import HandHistory


def random_case(rng: random.Random, code: str) -> HandHistory:
    """A random legal hand of the variant ``code``: 2 to 6 players, antes, sometimes a
    straddle, some cards unknown, folds and mucks."""
    n = rng.randint(2, 4 if code.startswith("P5O") else 6)  # unknown cards shown: the deck
    stacks = [rng.choice([3, 7, 40, 100, 250]) for _ in range(n)]
    antes = [rng.choice([0, 0, 1, 3])] * n
    if rng.random() < 0.2:
        antes = [0] * n
        antes[1 if n > 2 else 0] = 2
    fields = header(code, stacks, antes=antes)
    if rng.random() < 0.2 and n > 3:  # a straddle
        fields["blinds_or_straddles"] = [1, 2, 4] + [0] * (n - 3)
    return random_hand(rng, fields, unknown=rng.choice([0, 0, 0.3]),
                       fold=rng.choice([0.1, 0.3, 0.6]), muck=rng.choice([0, 0.3]))


def _text(units: int, places: int, pad: bool) -> str:
    """``units / 10**places`` as a file writes it: ``3``, ``3.5`` or (``pad``) ``3.50``."""
    if not places:
        return str(units)
    whole, part = divmod(units, 10**places)
    if not part and not pad:
        return str(whole)
    digits = f"{part:0{places}d}" if places else ""
    return f"{whole}.{digits if pad else digits.rstrip('0')}"


def in_decimals(h: HandHistory, places: int = 2, pad: bool = False) -> HandHistory:
    """The hand in dollars and cents (``places`` 2): every amount divided by
    ``10**places``; fields as TOML reads them, bets written ``3.5`` or (``pad``) ``3.50``."""
    scale = 10**places

    def number(v: int | float) -> int | float:
        if isinstance(v, float):
            return v
        return v // scale if v % scale == 0 else v / scale

    changes: dict[str, object] = {}
    for key in ("antes", "blinds_or_straddles", "starting_stacks"):
        if key in h.fields:  # (no blinds in stud)
            changes[key] = [number(v) for v in h.fields[key]]
    for key in ("min_bet", "small_bet", "big_bet", "bring_in"):
        if key in h.fields:
            changes[key] = number(h.fields[key])
    changes["actions"] = [
        f"{a.rpartition(' ')[0]} {_text(int(a.rpartition(' ')[2]), places, pad)}"
        if " cbr " in a else a for a in h.fields["actions"]
    ]
    return h.with_fields(**changes)


def in_cents(h: HandHistory) -> HandHistory:
    """The hand in dollars and cents."""
    return in_decimals(h, 2)


def with_metadata(rng: random.Random, h: HandHistory) -> HandHistory:
    """The hand with the optional fields of the PHH standard a real file carries, real
    seat numbers (left of the button first, as HandHQ numbers them) and now and then
    unknown (``inf``) starting stacks."""
    n = h.player_count
    first = rng.randint(0, 3)
    seats = sorted(rng.sample(range(first, first + 12), n))
    turn = rng.randrange(n)
    extra: dict[str, object] = {
        "ante_trimming_status": rng.random() < 0.5,
        "event": "HandHQ", "url": "https://example.org", "address": "1 Main St",
        "city": "Toronto", "region": "ON", "postal_code": "M5S", "country": "Canada",
        "time": datetime.time(rng.randrange(24), rng.randrange(60), rng.randrange(60)),
        "time_zone": "America/Toronto", "time_zone_abbreviation": "ET",
        "day": rng.randint(1, 28), "month": rng.randint(1, 12), "year": 2009,
        "hand": rng.randrange(10**10), "level": 3, "seat_count": 12,
        "table": "CORTEZ AVE", "players": [f"n{k}" for k in range(n)],
        "currency": "USD", "currency_symbol": "$", "time_limit": 30, "time_banks": [60] * n,
        "_note": "a user field", "rake": 0.5, "total_pot_amount": 12.5,
        "winnings": [0] * n,
    }
    if rng.random() < 0.7:
        extra["seats"] = seats[turn:] + seats[:turn]
    keep = rng.sample(sorted(extra), rng.randint(1, len(extra)))
    fields = {k: extra[k] for k in keep}
    if rng.random() < 0.15:
        fields["starting_stacks"] = [math.inf] * n
    return h.with_fields(**fields)


def broken(rng: random.Random, h: HandHistory) -> HandHistory:
    """The hand with one action dropped, doubled, swapped, re-sized or replaced."""
    actions = list(h.fields["actions"])
    k = rng.randrange(len(actions))
    how = rng.randrange(6)
    if how == 0:
        del actions[k]
    elif how == 1:
        actions.insert(k, actions[k])
    elif how == 2 and k + 1 < len(actions):
        actions[k], actions[k + 1] = actions[k + 1], actions[k]
    elif how == 3:
        raises = [j for j, a in enumerate(actions) if " cbr " in a]
        if raises:
            j = rng.choice(raises)
            who, _, amount = actions[j].split()
            changed = float(amount) + rng.choice([-3, -1, 1, 2, 50, 0.01, -0.5])
            actions[j] = f"{who} cbr {changed:g}"
    elif how == 4:
        who = actions[k].split()[0]
        if who != "d":
            actions[k] = f"{who} {rng.choice(['f', 'cc', 'cbr 9', 'sm', 'pb', 'sd'])}"
    else:
        actions = actions[:k]
    return h.with_fields(actions=actions)


def vary(
    rng: random.Random,
    h: HandHistory,
    decimals: tuple[float, list[int]],
    metadata: float,
    broken_share: float = 0.3,
) -> HandHistory:
    """``h`` in decimals (with that chance, places from the list), with metadata, and
    broken (legal or not), each at random."""
    chance, places = decimals
    if rng.random() < chance:
        h = in_decimals(h, rng.choice(places), pad=rng.random() < 0.5)
    if rng.random() < metadata:
        h = with_metadata(rng, h)
    if rng.random() < broken_share:
        h = broken(rng, h)
    return h
