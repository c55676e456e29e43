"""Range notations pasted from other tools (Ax, any2, eval7's ``40%(KK)``, Equilab's
``[50]...[/50]``), and refusals that say why."""

from __future__ import annotations

import pytest

from showdown.odds.ranges import RangeError, parse_range


@pytest.mark.parametrize(
    ("text", "same_as"),
    [
        ("Ax", "A2s+, A2o+"),
        ("Axs", "A2s+"),
        ("kxo", "K2o+"),
        ("3x", "32"),
        ("any2", "random"),
        ("ANY", "random"),
        ("anytwo", "random"),
        ("40%(KK)", "KK:0.4"),
        ("40%(KK, QQ), AKs", "KK:0.4, QQ:0.4, AKs"),
        ("[50]KK,QQ[/50], AA", "KK:0.5, QQ:0.5, AA"),
        ("[25.5]AKs[/25.5]", "AKs:0.255"),
        ("[100]TT[/100] 50%(99)", "TT, 99:0.5"),
    ],
)
def test_notations_of_other_tools(text: str, same_as: str) -> None:
    assert parse_range(text) == parse_range(same_as)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("AKs, QQ+x", "not a class (AKs, AKo, AK, QQ+, K9o+, A5s-A2s), Ax, a percentage"),
        ("AK?", "unexpected character '?'"),
        ("2x", "no card ranks below a deuce"),
        ("15%%", "a percentage is a number and %"),
        ("AhKhQh", "an explicit combo is two cards, not 3"),
        ("40%(KK", "unmatched '('"),
        ("[50]KK", "unmatched '['"),
        ("[50]KK[/40]", "unmatched '['"),
        ("150%(KK)", "a weight group is at most 100%"),
        ("40%()", "the weight group 40% holds no hand"),
        ("AA, KKs", "a pair cannot be suited or offsuit"),
    ],
)
def test_every_refusal_says_why(text: str, reason: str) -> None:
    with pytest.raises(RangeError) as caught:
        parse_range(text)
    message = str(caught.value)
    assert reason in message
    assert not message.startswith("cannot read") or not message.endswith(f"in {text!r}")
