"""A range weight is the share of a combo kept in the range: from 0 (left out) to 1
(whole). ``AKs:2`` is refused, with a reason naming the token, in the library, the
Omaha ranges and on the command line (issue 35, item 10)."""

from __future__ import annotations

import pytest

from showdown.commands.main import main
from showdown.odds.ranges import Range, RangeError, parse_range
from showdown.odds.ranges.omaha import parse_omaha_range


@pytest.mark.parametrize("text", ["AKs:2", "AA, KK:1.5", "QQ+:1.0001", "AhKh:10"])
def test_a_weight_above_one_is_refused(text: str) -> None:
    token = text.split(", ")[-1].split(":")[0]
    reason = f"the weight of {token!r} must be from 0 to 1".replace("+", r"\+")
    with pytest.raises(RangeError, match=reason):
        parse_range(text)


def test_weights_up_to_one_are_read() -> None:
    r = parse_range("AKs:1, QQ:0.5, JJ:1e-3, TT:0")
    assert r.weight("AsKs") == 1.0 and r.weight("QsQh") == 0.5 and len(r) == 4 + 6 + 6


def test_a_range_built_from_combos_refuses_a_weight_above_one() -> None:
    with pytest.raises(RangeError, match="from 0 to 1"):
        Range({(51, 50): 2.0})


def test_omaha_weight_above_one_is_refused() -> None:
    with pytest.raises(RangeError, match="from 0 to 1"):
        parse_omaha_range("AAxx:2")


def test_command_line_refuses_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhKh", "AKs:2"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.strip() == (
        "error: the weight of 'AKs' must be from 0 to 1 (the share of its combos in the "
        "range), got 2.0 in 'AKs:2'"
    )
