"""``showdown demo``: a short guided tour of the rules, run on the documents' own examples.

Each stop has a heading (in ``--lang``: en, es, ru), the hands, the result and
the sentence from :mod:`showdown.text.explain`, and the CLI command and Python call
that reproduce it. ``--json`` prints the same tour as one JSON document::

    {"lang", "title", "intro", "sections": [{"heading", "steps": [
        {"command": "compare", "hands", "board", "game", "wrap", "cli", "api",
         "result": <compare JSON>} |
        {"command": "eval", "cards", "board", "game", "wrap", "cli", "api",
         "result": <eval JSON>}]}]}

>>> [len(s.steps) for s in TOUR][:4]
[1, 1, 1, 3]
>>> TOUR[0].steps[0].cli("en")
'showdown compare "Kh Kd 4s 4c Ac" "Qs Qh Jd Jc Ks" --game five-card'
>>> TOUR[0].steps[0].api("es")
'showdown.compare(["Kh Kd 4s 4c Ac", "Qs Qh Jd Jc Ks"], game="five-card", lang="es")'
"""

from __future__ import annotations

import argparse
import shlex
from dataclasses import dataclass
from typing import Any

from showdown.commands.common import HelpFormatter, add_common_options, emit_json, style
from showdown.i18n import words


@dataclass(frozen=True)
class Step:
    """One call of the tour: ``compare`` of several hands or ``eval`` of one."""

    command: str  # "compare" or "eval"
    hands: tuple[str, ...]
    board: str = ""
    game: str = "holdem"
    wrap: bool = False

    def cli(self, lang: str) -> str:
        """The shell command that reproduces this step."""
        words = ["showdown", self.command, *self.hands]
        if self.board:
            words += ["--board", self.board]
        if self.game != "holdem":
            words += ["--game", self.game]
        if self.wrap:
            words.append("--wrap")
        if lang != "en":
            words += ["--lang", lang]
        return " ".join(f'"{w}"' if " " in w else shlex.quote(w) for w in words)

    def api(self, lang: str) -> str:
        """The Python call that reproduces this step."""
        quoted = [f'"{h}"' for h in self.hands]
        args = [f"[{', '.join(quoted)}]"] if self.command == "compare" else quoted
        if self.board:
            args.append(f'board="{self.board}"')
        if self.game != "holdem":
            args.append(f'game="{self.game}"')
        if self.wrap:
            args.append("wrap=True")
        call = f"showdown.{'compare' if self.command == 'compare' else 'evaluate'}"
        call += f"({', '.join(args)}"
        if self.command == "compare" and lang != "en":
            call += f', lang="{lang}"'
        call += ")"
        if self.command == "eval":
            call += f'.describe("{lang}")' if lang != "en" else ".name"
        return call


@dataclass(frozen=True)
class Section:
    """One stop of the tour: a heading key of the ``demo`` words and its steps."""

    key: str
    steps: tuple[Step, ...]


def _cmp(*hands: str, board: str = "", game: str = "holdem") -> Step:
    return Step("compare", hands, board, game)


_FIVE = "five-card"
_O8 = "omaha-hi-lo"

#: The tour: SPEC section 1's examples, in the order a newcomer meets them.
TOUR: tuple[Section, ...] = (
    Section("two_pair", (_cmp("Kh Kd 4s 4c Ac", "Qs Qh Jd Jc Ks", game=_FIVE),)),
    Section("high_card", (_cmp("Ah Jd 9s 5c 3h", "As Jc 8d 7h 6s", game=_FIVE),)),
    Section("pair", (_cmp("As Ah Kd 7c 2s", "Ad Ac Qh Jh Ts", game=_FIVE),)),
    Section(
        "full_house",
        (
            _cmp("3c 3d 3h Ac Ad", "2c 2d 2h Kc Kd", game=_FIVE),
            _cmp("9c 9d 9h 2c 2d", "8c 8d 8h Ac Ad", game=_FIVE),
            # equal trips are possible only with community cards: then the pair decides
            _cmp("Ah Ad", "Qh Qd", board="Kc Kd Ks 5h 2c"),
        ),
    ),
    Section("wheel", (_cmp("Ah 2d 3c 4s 5h", "2c 3h 4d 5c 6s", game=_FIVE),)),
    Section(
        "no_wrap",
        (
            Step("eval", ("Qh Kd Ac 2s 3h",), game=_FIVE),
            Step("eval", ("Qh Kd Ac 2s 3h",), game=_FIVE, wrap=True),
        ),
    ),
    Section("suits", (_cmp("As Ah Kc Qd Js", "Ac Ad Kh Qs Jd", game=_FIVE),)),
    Section("board_plays", (_cmp("2d 2h", "9c 9d", board="Ac Kd Qh Js Tc"),)),
    Section("kicker", (_cmp("Ad Kh", "Ah Qd", board="Ac 9d 7h 4s 2c"),)),
    Section("omaha", (_cmp("Ah 2c 3d 4s", "9h 8c 7d 6s", board="Kh Qh Jh 5h Th", game="omaha"),)),
    # The other showdowns.
    Section("short_deck", (_cmp("Ah 9h", "Js Jd", board="Jh 7h 6h 7c 8d", game="short-deck"),)),
    Section("deuce_to_seven", (_cmp("7h 5d 4c 3s 2h", "Ah 2c 3d 4s 5h", game="deuce-to-seven"),)),
    Section("ace_to_five", (_cmp("Ah 2c 3d 4s 5h", "6h 4d 3c 2s Ad", game="ace-to-five"),)),
    Section("razz", (_cmp("As 2c 3d 4h 8s Kd Kc", "Ac 2d 3h 5s 7c Qd Qh", game="razz"),)),
    Section("badugi", (_cmp("Ah 2c 3d Ks", "Ac 2d 3h 4h", game="badugi"),)),
    Section(
        "omaha_hi_lo",
        (
            # Quads take the high half; two equal eight lows split the low half (a quarter each).
            _cmp("Ah 2h Kc Kd", "Ad 2d Qh Qs", "Jc Js 9c 9s", board="3c 4h 8s Jh Jd", game=_O8),
            # Only two board cards of eight or lower: nobody has a low, the high hand scoops.
            _cmp("As Ks 3c 4d", "Qc Qs 7h 8h", board="Kh Qd Jc 5s 2d", game=_O8),
        ),
    ),
)


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``demo`` sub-command."""
    parser = subparsers.add_parser(
        "demo",
        help="a short tour of the rules on the documents' examples",
        description="A short tour for newcomers: the rule documents' examples, evaluated and "
        "explained, each with the command that reproduces it.",
        epilog="examples:\n"
        "  showdown demo\n"
        "  showdown demo --lang ru\n"
        "  showdown demo --json | python3 -m json.tool\n",
        formatter_class=HelpFormatter,
    )
    add_common_options(parser)
    parser.set_defaults(func=run)


def _run_step(step: Step, lang: str) -> tuple[Any, Any, list[Any]]:
    """Evaluate one step: (result object, JSON of the result, parsed hands)."""
    from showdown.cards import parse_cards

    board = parse_cards(step.board) if step.board else []
    hands = [parse_cards(h) for h in step.hands]
    result: Any
    if step.command == "compare":
        from showdown.commands.compare_cmd import compare_json
        from showdown.text.explain import compare

        result = compare(hands, board=board or None, game=step.game, wrap=step.wrap, lang=lang)
        doc = compare_json(result, hands, board, step.game, step.wrap, lang)
    else:
        from showdown.commands.eval_cmd import eval_json
        from showdown.hands.value import evaluate

        result = evaluate(hands[0], board or None, game=step.game, wrap=step.wrap)
        doc = eval_json(result, hands[0], board, step.game, step.wrap, lang)
    return result, doc, [hands, board]


def tour_json(lang: str = "en") -> dict[str, Any]:
    """The whole tour as a JSON-ready dict (what ``showdown demo --json`` prints)."""
    text = words("demo", lang)
    sections = []
    for section in TOUR:
        steps = []
        for step in section.steps:
            _, result, _ = _run_step(step, lang)
            entry: dict[str, Any] = {"command": step.command}
            if step.command == "compare":
                entry["hands"] = list(step.hands)
            else:
                entry["cards"] = step.hands[0]
            entry.update(
                board=step.board,
                game=step.game,
                wrap=step.wrap,
                cli=step.cli(lang),
                api=step.api(lang),
                result=result,
            )
            steps.append(entry)
        sections.append({"heading": text[section.key], "steps": steps})
    return {"lang": lang, "title": text["title"], "intro": text["intro"], "sections": sections}


def format_tour(lang: str = "en", symbols: bool = False, colour: bool = False) -> str:
    """The human tour: numbered headings, results, and the reproducing commands."""
    from showdown.commands.compare_cmd import format_comparison
    from showdown.commands.eval_cmd import format_eval

    text = words("demo", lang)
    out = [style(text["title"], "bold", enabled=colour), text["intro"], ""]
    for number, section in enumerate(TOUR, 1):
        out.append(style(f"{number}. {text[section.key]}", "bold", "cyan", enabled=colour))
        for step in section.steps:
            result, _, (hands, board) = _run_step(step, lang)
            out.append(style(f"   $ {step.cli(lang)}", "dim", enabled=colour))
            out.append(style(f"   >>> {step.api(lang)}", "dim", enabled=colour))
            if step.command == "compare":
                body = format_comparison(
                    result,
                    hands,
                    board,
                    lang,
                    symbols,
                    colour,
                    game=step.game,
                    wrap=step.wrap,
                    show_game=False,  # the heading already states the rule
                )
            else:
                body = format_eval(
                    result, hands[0], board, step.game, step.wrap, lang, symbols, colour, False
                )
            out.extend("   " + line for line in body.splitlines())
        out.append("")
    out.append(text["more"])
    return "\n".join(out)


def run(args: argparse.Namespace) -> int:
    """Print the tour (human form or ``--json``)."""
    from showdown.commands.eval_cmd import decorations

    if args.json:
        emit_json(tour_json(args.lang))
        return 0
    symbols, colour = decorations()
    print(format_tour(args.lang, symbols, colour))
    return 0
