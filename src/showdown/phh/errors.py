"""The errors of hand-history reading and replay, one class per kind.

Every error is a ``ValueError`` whose message names the input: the file, the
hand, and for an action its index (from 0, as in the ``actions`` array) and
text, then the rule it breaks and, where there is one, the way out.

>>> err = IllegalAction("pluribus.phhs", "30", 7, "p2 cbr 150", "no-limit minimum raise",
...                     "the smallest raise is to 200")
>>> str(err).startswith("pluribus.phhs, hand 30: action 7 'p2 cbr 150': breaks the no-limit")
True
>>> err.rule, err.index
('no-limit minimum raise', 7)
"""

from __future__ import annotations

__all__ = [
    "HistoryError",
    "IllegalAction",
    "MalformedHistory",
    "UnsupportedVariant",
]


class HistoryError(ValueError):
    """Anything wrong with a hand history; the message names the file and the hand."""

    def __init__(self, file: str | None, hand: str | None, message: str) -> None:
        self.file = file
        self.hand = hand
        self.detail = message
        super().__init__(f"{_where(file, hand)}{message}")


class MalformedHistory(HistoryError):
    """The text is not PHH: bad TOML, a missing or mistyped field, an action that does not parse."""


class UnsupportedVariant(HistoryError):
    """A variant code this version cannot replay (the message lists the ones it can)."""


class IllegalAction(HistoryError):
    """An action the rules of the variant forbid; ``rule`` names the rule it breaks."""

    def __init__(
        self,
        file: str | None,
        hand: str | None,
        index: int,
        action: str,
        rule: str,
        detail: str,
    ) -> None:
        self.index = index
        self.action = action
        self.rule = rule
        HistoryError.__init__(
            self, file, hand, f"action {index} {action!r}: breaks the {rule}: {detail}"
        )


def _where(file: str | None, hand: str | None) -> str:
    parts = []
    if file is not None:
        parts.append(file)
    if hand is not None:
        parts.append(f"hand {hand}")
    return ", ".join(parts) + ": " if parts else ""
