"""The preflop matrix: sampled entries against a brute force over every combo pair and
every board, the JSON/CSV/SVG contracts, ranges rows, three-way tables and the CLI.

The brute force scores each combo on every board of the whole deck with the batch
evaluator (anchored to the independent reference evaluator on a sample of boards),
then averages every non-overlapping combo pair with equal weight: no suit
isomorphism, no shared kernel with :mod:`showdown.odds.matrix_jobs`.
"""

from __future__ import annotations

import io
import json
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from helpers import reference as ref
from showdown import equity
from showdown.commands.main import main
from showdown.hands.batch import evaluate_batch
from showdown.i18n import phrasebook, words
from showdown.odds.board_vectors import SUIT_MAJOR_BIT, Universe
from showdown.odds.holdem_ranks import holdem_ranks
from showdown.odds.matrix import MatrixRow, PreflopMatrix, ThreeWayTable, matrix
from showdown.odds.matrix_jobs import row_task
from showdown.odds.progress import ProgressBar
from showdown.odds.ranges import RangeError
from showdown.odds.ranges.preflop import CLASSES, canonical, class_combos, class_index
from showdown.text.matrix_render import matrix_svg, matrix_text


@pytest.fixture(scope="module")
def universe() -> tuple[np.ndarray, np.ndarray]:
    boards = ref.combinations_array(52, 5).astype(np.int64)
    bits = np.bitwise_or.reduce(np.left_shift(np.uint64(1), boards.astype(np.uint64)), axis=1)
    return boards, bits


def _combo_ranks(combo: tuple[int, int], boards: np.ndarray, bits: np.ndarray) -> np.ndarray:
    """The combo's rank on every board of the deck (boards touching it left at 0)."""
    own = np.uint64((1 << combo[0]) | (1 << combo[1]))
    idx = np.flatnonzero((bits & own) == 0)
    hands = np.concatenate([np.broadcast_to(np.array(combo), (len(idx), 2)), boards[idx]], axis=1)
    out = np.zeros(len(boards), dtype=np.int64)
    out[idx] = evaluate_batch(hands)
    # Anchor on the independent evaluator: the order of ranks matches its codes.
    sample = hands[:: max(1, len(hands) // 500)]
    codes = ref.best_codes(sample)
    ranks = out[idx][:: max(1, len(hands) // 500)]
    same_order = np.sign(np.subtract.outer(codes, codes)) == -np.sign(
        np.subtract.outer(ranks, ranks)
    )
    assert same_order.all()
    return out


def brute_entry(a: str, b: str, universe: tuple[np.ndarray, np.ndarray]) -> tuple[float, ...]:
    boards, bits = universe
    ranks = {c: _combo_ranks(c, boards, bits) for c in {*class_combos(a), *class_combos(b)}}
    win = tie = total = 0.0
    for ca in class_combos(a):
        for cb in class_combos(b):
            if set(ca) & set(cb):
                continue
            mask = np.uint64(sum(1 << c for c in (*ca, *cb)))
            valid = (bits & mask) == 0
            ra, rb = ranks[ca][valid], ranks[cb][valid]
            n = len(ra)
            win += np.count_nonzero(ra < rb) / n
            tie += np.count_nonzero(ra == rb) / n
            total += 1
    return (win + tie / 2) / total, win / total, tie / total


@pytest.mark.slow
def test_sampled_entries_match_a_brute_force(universe: tuple[np.ndarray, np.ndarray]) -> None:
    names = ["AA", "KK", "AKs", "AKo", "22", "T9s", "72o"]
    m = matrix(names, workers=1)
    for a, b in [("AA", "KK"), ("AKs", "AKo"), ("22", "AKo"), ("T9s", "72o"), ("KK", "KK")]:
        e, w, t = brute_entry(a, b, universe)
        got = m.entry(a, b)
        assert got["equity"] == pytest.approx(e, abs=1e-12), (a, b)
        assert got["win"] == pytest.approx(w, abs=1e-12), (a, b)
        assert got["tie"] == pytest.approx(t, abs=1e-12), (a, b)


def test_row_counts_equal_board_by_board_counts() -> None:
    """The counting of :func:`row_task` (multiset counts, inclusion-exclusion, flush
    corrections) against plain per-board ranks of both hands, for rows with pairs, suited
    and offsuit hands and opponents sharing their ranks and suits."""
    rng = np.random.default_rng(10)
    for name in ["AA", "AKs", "72o", "T9s"]:
        first, second = canonical(name)
        a0 = (first.id, second.id)
        others = [c for c in range(52) if c not in a0]
        picks = [rng.choice(others, 2, replace=False) for _ in range(12)]
        combos = np.array([sorted(p.tolist()) for p in picks], dtype=np.int64)
        got = row_task(a0, combos)
        boards = Universe((), others).full()
        ra = holdem_ranks(boards, *a0)
        for j, (c1, c2) in enumerate(combos.tolist()):
            valid = (boards.bm & (SUIT_MAJOR_BIT[c1] | SUIT_MAJOR_BIT[c2])) == 0
            rb = holdem_ranks(boards, c1, c2)
            assert got[0, j] == np.count_nonzero(valid & (ra < rb)), (name, c1, c2)
            assert got[1, j] == np.count_nonzero(valid & (ra == rb)), (name, c1, c2)


def test_entries_agree_with_the_equity_function() -> None:
    names = ["QQ", "AKs", "JTs", "A5o"]
    m = matrix(names, workers=1)
    for a, b in combinations(names, 2):
        r = equity([a, b], exact=True, workers=1)
        assert m.entry(a, b)["equity"] == pytest.approx(r.equity[0], abs=1e-12)
        assert m.entry(b, a)["equity"] == pytest.approx(r.equity[1], abs=1e-12)
        assert m.entry(a, b)["tie"] == pytest.approx(r.tie[0], abs=1e-12)
        assert m.entry(b, a)["win"] == pytest.approx(r.win[1], abs=1e-12)


def test_matrix_is_antisymmetric_and_the_diagonal_is_even() -> None:
    m = matrix(["AA", "KK", "AKo", "76s"], workers=1)
    assert isinstance(m, PreflopMatrix)
    np.testing.assert_allclose(m.equity + m.equity.T, 1.0, atol=1e-12)
    np.testing.assert_allclose(np.diag(m.equity), 0.5, atol=1e-12)
    np.testing.assert_allclose(m.tie, m.tie.T, atol=1e-15)
    np.testing.assert_allclose(m.win + m.tie + m.win.T, 1.0, atol=1e-12)


def test_json_contract() -> None:
    doc = matrix(["AA", "KK"], workers=1).to_json()
    assert list(doc) == ["classes", "equity", "win", "tie"]
    assert doc["classes"] == ["AA", "KK"]
    assert len(doc["equity"]) == 2 and all(len(r) == 2 for r in doc["equity"])
    assert 0.8 < doc["equity"][0][1] < 0.83  # fractions, not percentages
    assert doc["equity"][1][0] == pytest.approx(1 - doc["equity"][0][1])


def test_vs_range_row_matches_equity_with_weights() -> None:
    row = matrix(["AA", "AKs", "72o"], vs="KK, AKs:0.5, AhKh", workers=1)
    assert isinstance(row, MatrixRow)
    doc = row.to_json()
    assert (
        list(doc) == ["classes", "equity", "win", "tie", "vs"] and doc["vs"] == "KK, AKs:0.5, AhKh"
    )
    for i, name in enumerate(["AA", "AKs", "72o"]):
        r = equity([name, "KK, AKs:0.5, AhKh"], exact=True, workers=1)
        assert row.equity[i] == pytest.approx(r.equity[0], abs=1e-12), name
        assert row.win[i] == pytest.approx(r.win[0], abs=1e-12), name


def test_three_way_tables() -> None:
    t = matrix(["AA", "KK", "QQ", "AKs"], three_way=True, workers=1)
    assert isinstance(t, ThreeWayTable) and len(t.triples) == 4
    doc = t.to_json()
    first = doc["tables"][0]
    assert first["hands"] == ["AA", "KK", "QQ"]
    r = equity(["AA", "KK", "QQ"], exact=True, workers=1)
    np.testing.assert_allclose(first["equity"], r.equity, atol=1e-12)
    assert sum(first["equity"]) == pytest.approx(1.0)
    with pytest.raises(RangeError, match="three classes"):
        matrix(["AA", "KK"], three_way=True)


def test_csv_and_svg() -> None:
    m = matrix(["AA", "KK"], workers=1)
    lines = m.to_csv().splitlines()
    assert lines[0] == "hand,opponent,equity,win,tie" and len(lines) == 5
    assert lines[2].startswith("AA,KK,0.81946")
    svg = m._repr_svg_()
    assert svg.startswith("<svg") and "AA vs KK: 81.95%" in svg
    assert svg.count("<title>") == 4  # a cell per pair, each with its tip
    assert ">81.9</text>" in svg and ">100%</text>" in svg  # numbers in cells, a legend
    row = matrix(["AA", "KK"], vs="QQ", workers=1)
    assert "AA" in matrix_svg(row) and "81.5" in matrix_svg(row) and "against QQ" in matrix_svg(row)
    # The notebook's picture is the picture of ``showdown matrix --svg``.
    assert m._repr_svg_() == matrix_svg(m) and row._repr_svg_() == matrix_svg(row)


def test_classes_and_canonical_combos() -> None:
    assert len(CLASSES) == 169 and CLASSES[0] == "AA" and len(set(CLASSES)) == 169
    assert sum(len(class_combos(c)) for c in CLASSES) == 1326
    for name in CLASSES:
        a, b = canonical(name)
        assert (max(a.id, b.id), min(a.id, b.id)) in class_combos(name)
    assert class_index("kas") == class_index("AKs") == 1
    with pytest.raises(ValueError, match="'AKx'"):
        class_index("AKx")


def test_cli_json_and_vs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["matrix", "--classes", "AA,KK", "--json", "--workers", "1"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["classes"] == ["AA", "KK"] and doc["equity"][0][1] == pytest.approx(
        0.81946, abs=1e-5
    )
    assert main(["matrix", "--classes", "AA,72o", "--vs", "QQ+", "--json", "--workers", "1"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["vs"] == "QQ+" and len(doc["equity"]) == 2


def test_cli_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["matrix", "--classes", "AA,AKx"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error:") and "AKx" in err
    assert main(["matrix", "--classes", "AA,KK", "--vs", "QQ+,AKz", "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and "'AKz'" in err
    assert main(["matrix", "--three-way"]) == 2
    assert "--classes" in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_cli_text_speaks_the_language_and_json_keys_do_not(
    lang: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = phrasebook(lang)
    eq, vs = book.section("equity"), book.section("matrix")["vs"]
    assert main(["matrix", "--classes", "AA,KK", "--workers", "1", "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3  # a grid: the column classes, then a row per class
    assert lines[0].split() == ["AA", "KK"]
    assert lines[1].split()[0] == "AA" and lines[1].split()[2] == f"{book.decimal(81.95, 2)}%"
    three = ["matrix", "--classes", "AA,KK,QQ", "--three-way", "--workers", "1"]
    assert main([*three, "--lang", lang]) == 0
    assert capsys.readouterr().out.startswith(f"AA  {book.decimal(66.98, 2)}%")
    svg = tmp_path / "row.svg"
    args = ["matrix", "--classes", "AA", "--vs", "QQ", "--workers", "1", "--lang", lang]
    assert main([*args, "--svg", str(svg)]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"AA   {vs} QQ    {eq['equity']}  {book.decimal(81.55, 2)}%")
    assert book.section("matrix")["against"].format(range="QQ") in svg.read_text("utf-8")
    assert main(["matrix", "--classes", "AA,KK", "--json", "--workers", "1", "--lang", lang]) == 0
    assert sorted(json.loads(capsys.readouterr().out)) == ["classes", "equity", "tie", "win"]


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_progress_bar_is_labelled_in_the_language(lang: str) -> None:
    out = io.StringIO()
    bar = ProgressBar(out, force=True, lang=lang, section="matrix")
    bar(0.5)
    bar.close()
    assert out.getvalue().startswith("\r" + words("matrix", lang)["progress"] + " [")
    heat = matrix_svg(matrix(["AA", "KK"], workers=1), lang)
    assert f"AA {words('matrix', lang)['vs']} KK: {phrasebook(lang).percent(0.81946)}" in heat


def test_cli_svg_path_is_checked_before_the_work(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "missing" / "m.svg"
    assert main(["matrix", "--svg", str(bad), "--workers", "1"]) == 2  # the whole table: not run
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the folder" in err and "does not exist" in err


def test_the_vs_text_of_every_class_is_a_13_by_13_chart() -> None:
    from showdown.odds.ranges.preflop import CLASSES

    row = MatrixRow(CLASSES, np.linspace(0.9, 0.1, 169), np.zeros(169), np.zeros(169), "QQ+")
    lines = matrix_text(row).splitlines()
    assert lines[0] == "against QQ+" and len(lines) == 15
    assert lines[1].split() == list("AKQJT98765432")
    assert lines[2].split()[:2] == ["A", "90.0"] and lines[14].split()[0] == "2"
