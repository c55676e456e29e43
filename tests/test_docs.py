"""The documentation covers every command and stays inside the repository."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from showdown.cli import COMMANDS
from test_fuzz import run_cli

ROOT = Path(__file__).resolve().parent.parent
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
