"""The documentation covers every command and stays inside the repository."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from helpers.cli import run_cli
from helpers.paths import ROOT
from showdown.commands.main import COMMANDS

DOCS = ROOT / "docs"


def test_every_command_has_a_section_in_the_cli_page() -> None:
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    headings = set(re.findall(r"^## (\w+)$", page, re.MULTILINE))
    assert set(COMMANDS) <= headings


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_help_has_examples(command: str) -> None:
    code, out, _ = run_cli([command, "--help"])
    assert code == 0
    examples = out.split("examples:\n", 1)[1].split("\n\n")[0].splitlines()
    assert len(examples) >= 2
    assert all(line.strip().startswith(("showdown", "cat ")) for line in examples)


def test_resolve_help_shows_the_input_json() -> None:
    _, out, _ = run_cli(["resolve", "--help"])
    for key in ("button", "board", "last_aggressor", "players", "contributed", "folded", "muck"):
        assert key in out
    assert '"players": [' in out  # one example table, which resolves as documented
    example = out.split("example table.json:\n", 1)[1].split("\n\n")[0]
    code, result, err = run_cli(["resolve", "-", "--json"], stdin=example)
    assert (code, err) == (0, "")
    assert json.loads(result)["payouts"] == {"1": 1300}


def test_nothing_points_outside_the_repository() -> None:
    pages = [ROOT / "README.md", *DOCS.glob("*.md")]
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "../shared" not in text and "/work/shared" not in text, page
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
            if target.startswith(("http://", "https://")):
                continue
            assert (page.parent / target).exists(), (page, target)


def test_the_site_lists_every_page() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in DOCS.glob("*.md"):
        assert page.name in config, page


def _games_page() -> tuple[dict[str, str], list[tuple[str, str]]]:
    """docs/games.md: its table files (`name.json`: then a json block) and every
    ``$ showdown ...`` line of its console blocks with the output printed under it."""
    page = (DOCS / "games.md").read_text(encoding="utf-8")
    files = dict(re.findall(r"`(\w+\.json)`:\n\n```json\n(.*?)```", page, re.DOTALL))
    runs = []
    for block in re.findall(r"```console\n(.*?)```", page, re.DOTALL):
        for chunk in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
            command, _, output = chunk.partition("\n")
            runs.append((command, output))
    return files, runs


def test_games_page_examples_print_what_the_page_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shlex

    files, runs = _games_page()
    assert {"o8.json", "stud.json"} <= set(files) and len(runs) >= 12
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    commands = set()
    for command, output in runs:
        words = shlex.split(command)
        assert words[0] == "showdown"
        code, out, err = run_cli(words[1:])
        assert (code, err) == (0, ""), command
        assert out == output, command
        commands.add(words[1])
    assert {"eval", "compare", "resolve", "equity"} <= commands


@pytest.mark.slow
def test_games_page_counts_are_the_stats_commands_figures() -> None:
    """The count tables of docs/games.md are what ``stats --game`` prints (and
    tests/hands/test_variant_stats.py checks those against a brute force)."""
    from showdown.hands.variant_stats import game_stats

    page = (DOCS / "games.md").read_text(encoding="utf-8")
    tables = {
        "short-deck": page.split("| category | 5 cards |", 1)[1].split("\n\n", 1)[0],
        "ace-to-five": page.split("| best low | 5 cards |", 1)[1].split("\n\n", 1)[0],
    }
    shapes = {"no pair": "high card"}
    for game, table in tables.items():
        rows = [line.strip("|").split("|") for line in table.splitlines()[2:]]
        for column, cards in enumerate((5, 6, 7), start=1):
            stats = game_stats(game, cards)
            figures = {c.json_name.replace("_", " "): n for c, n in stats.categories.items()}
            for row in rows:
                name, cell = row[0].strip(), row[column].strip()
                if name == "total":
                    assert cell == f"{stats.hands:,} / {stats.distinct:,}", (game, cards)
                    continue
                count = figures[shapes.get(name, name)]
                shown = f"{count.hands:,} / {count.distinct:,}" if count.hands else ""
                assert cell == shown, (game, cards, name)


def test_the_api_page_prints_no_sphinx_role(tmp_path: Path) -> None:
    import subprocess
    import sys

    site = tmp_path / "site"
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site)],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    assert "end of life" not in built.stdout + built.stderr  # mkdocs-material's banner
    page = (site / "api" / "index.html").read_text(encoding="utf-8")
    roles = re.findall(r":(?:class|func|meth|data|mod|attr|exc|obj):", page)
    assert roles == [], roles[:5]
    assert "<code>CardError</code>" in page


def test_the_cli_page_lists_every_game_for_game_options() -> None:
    from showdown.variants import GAMES

    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    paragraph = page.split("`--game` (`-g`) takes any of the thirteen games", 1)[1].split("\n\n")[0]
    assert all(f"`{game}`" in paragraph for game in GAMES) and len(GAMES) == 13
    stats = page.split("## stats", 1)[1].split("\n## ", 1)[0]
    assert "`--game GAME`" in stats
    for command in ("eval", "compare", "equity", "stats"):
        _, out, _ = run_cli([command, "--help"])
        assert "--game" in out, command


def test_json_and_lang_are_on_every_command_but_the_five_named() -> None:
    without = {"play", "lab", "tracker", "convert", "db"}
    for command in COMMANDS:
        _, out, _ = run_cli([command, "--help"])
        has = "--json" in out and "--lang" in out
        assert has == (command not in without), command
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    assert ("every command but `play`, `lab`,\n`tracker`, `convert` and `db` (whose `players` "
            "and `hands` take `--json`) has `--json`") in page
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "Every command but `play`, `lab`, `tracker`, `convert` and `db` takes `--json`" in readme


@pytest.mark.slow
def test_the_equity_notes_of_equity_at_scale_are_what_the_command_says() -> None:
    page = (DOCS / "equity-at-scale.md").read_text(encoding="utf-8")
    for command, note in re.findall(
        r"    \$ showdown (equity [^\n]+)\n    \.\.\.\n    (note: [^\n]+)", page
    ):
        argv = re.findall(r'"[^"]*"|\S+', command)
        argv = [a.strip('"') for a in argv] + ["--workers", "2"]
        code, _, err = run_cli(argv)
        assert code == 0 and note in err.splitlines(), (command, err)
