"""The lab's questions about one range that answer at once: its sub-range by the classes
it hits on a board (``POST /api/select``) and its classes over all flops (``POST
/api/flops``), on the library's :func:`~showdown.odds.ranges.class_select.select` and
:func:`~showdown.odds.ranges.flop_analysis.flop_analysis`.

Every impossible input is a :class:`~showdown.lab.jobs.JobError` naming the field at
fault: ``range``, ``against-1`` (the first of ``against``)..., ``board``, ``dead``,
``game`` or ``classes``.

>>> doc = select_view(read_query({"range": "QQ+, AK", "board": "Qh Jh 3c",
...                               "against": ["AhKh"], "classes": ["set"]}), ["set"])
>>> doc["text"], doc["combos"], doc["classes"]
('QQ, QhQc:0, QhQd:0, QsQh:0', 3, {'QQ': 0.5})
>>> flops_view(read_query({"range": "AA"}))["made"]["set"] > 0.1
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from showdown.lab.inputs import MAX_PLAYERS, MAX_TEXT, field_of
from showdown.lab.jobs import JobError
from showdown.lab.work import grid_view

__all__ = ["RangeQuery", "flops_view", "read_query", "select_view"]


@dataclass(frozen=True)
class RangeQuery:
    """One player's range, the other players' hands or ranges, the board and the game."""

    range: str
    against: tuple[str, ...] = ()
    board: str = ""
    dead: str = ""
    game: str = "holdem"


def read_query(body: dict[str, Any]) -> RangeQuery:
    """The :class:`RangeQuery` of a request body, or a :class:`JobError` naming the field."""
    game = body.get("game") or "holdem"
    if game not in ("holdem", "omaha"):
        raise JobError("game", f"this is for holdem (and a breakdown for omaha), not {game!r}")
    texts = {}
    for name in ("range", "board", "dead"):
        value = body.get(name) or ""
        if not isinstance(value, str):
            raise JobError(name, f"{name} must be a text")
        if len(value) > MAX_TEXT:
            raise JobError(name, f"{name}: at most {MAX_TEXT} characters")
        texts[name] = value.strip()
    if not texts["range"]:
        raise JobError("range", "the range is empty")
    _check_range(texts["range"], game, "range")
    _check_cards(texts["board"], "board")
    _check_cards(texts["dead"], "dead")
    against = body.get("against") or []
    if not isinstance(against, list) or not all(isinstance(a, str) for a in against):
        raise JobError("against", "against must be a list of texts (hands or ranges)")
    if len(against) > MAX_PLAYERS - 1:
        raise JobError("against", f"at most {MAX_PLAYERS - 1} other players")
    for number, text in enumerate(against, start=1):
        if len(text) > MAX_TEXT or not text.strip():
            raise JobError(f"against-{number}", f"a hand or range of 1 to {MAX_TEXT} characters")
        _check_range(text.strip(), game, f"against-{number}")
    return RangeQuery(
        texts["range"], tuple(a.strip() for a in against), texts["board"], texts["dead"], game
    )


def _check_range(text: str, game: str, name: str) -> None:
    """A hand or range read alone, as the game reads it."""
    from showdown.odds.ranges import parse_range
    from showdown.odds.ranges.omaha import parse_omaha_range

    try:
        (parse_range if game == "holdem" else parse_omaha_range)(text)
    except ValueError as exc:
        raise JobError(name, str(exc)) from None


def _check_cards(text: str, name: str) -> None:
    """Board or dead cards read alone; a board has 0, 3, 4 or 5 cards."""
    from showdown.cards import parse_cards

    try:
        cards = parse_cards(text) if text else []
    except ValueError as exc:
        raise JobError(name, str(exc)) from None
    if name == "board" and len(cards) not in (0, 3, 4, 5):
        raise JobError(name, f"a board has 0, 3, 4 or 5 cards, got {len(cards)}")


def _field(message: str, query: RangeQuery) -> str:
    """The field a library message points at, in this request's names."""
    texts = (query.range, *query.against)
    quoted = re.search(r"range '(.*)' has no combo", message)
    if quoted and quoted.group(1) in texts:
        number = texts.index(quoted.group(1))
        return "range" if number == 0 else f"against-{number}"
    field = field_of(message, texts)
    if field.startswith("player-"):
        number = int(field.removeprefix("player-"))
        return "range" if number == 1 else f"against-{number - 1}"
    return "range" if field == "players" else field


def select_view(query: RangeQuery, classes: Any) -> dict[str, Any]:
    """``{"text", "combos", "classes"}``: the sub-range in any of ``classes`` (a list of
    class or group names) as canonical text, its count of combos and its grid weights."""
    from showdown.odds.ranges import RangeError
    from showdown.odds.ranges.class_select import read_classes, select

    if not isinstance(classes, list) or not all(isinstance(c, str) for c in classes):
        raise JobError("classes", "classes must be a list of class names")
    try:
        read_classes(classes)
    except RangeError as exc:
        raise JobError("classes", str(exc)) from None
    if not query.board:
        raise JobError("board", "selecting by class needs a board of 3, 4 or 5 cards")
    if query.game != "holdem":
        raise JobError("game", "selecting by class is for holdem only")
    try:
        picked = select(
            query.range,
            query.board,
            classes,
            dead=query.dead or None,
            against=query.against,
        )
    except ValueError as exc:
        raise JobError(_field(str(exc), query), str(exc)) from None
    text = picked.canonical() if len(picked) else ""
    return {"text": text, "combos": len(picked), "classes": grid_view(text)["classes"]}


def flops_view(query: RangeQuery) -> dict[str, Any]:
    """The range's shares over all flops (``FlopAnalysis.to_json()``)."""
    from showdown.odds.ranges.flop_analysis import flop_analysis

    if query.game != "holdem":
        raise JobError("game", "the analysis over all flops is for holdem only")
    if query.board:
        raise JobError("board", "the analysis over all flops takes no board")
    try:
        return flop_analysis(query.range, dead=query.dead or None).to_json()
    except ValueError as exc:
        raise JobError(_field(str(exc), query), str(exc)) from None
