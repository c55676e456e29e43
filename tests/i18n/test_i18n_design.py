"""One i18n design: every word in the phrasebooks, one language list and check, one plural
rule, one number formatter (issue 12, "Design first")."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

import showdown
from showdown.i18n import LANGS, check_lang, phrasebook, words

SRC = Path(showdown.__file__).resolve().parent
STATIC = SRC / "game" / "static"
#: The language files: the only modules allowed to hold words and per-language logic.
BOOKS = {SRC / "i18n" / f"{lang}.py" for lang in LANGS}


def python_sources() -> list[Path]:
    return sorted(p for p in SRC.rglob("*.py") if p not in BOOKS)


def test_the_browser_and_its_json_phrasebooks_know_the_same_languages() -> None:
    script = (STATIC / "js" / "i18n.js").read_text(encoding="utf-8")
    found = re.search(r"export const LANGS = \[([^\]]*)\];", script)
    assert found is not None, "i18n.js no longer exports LANGS"
    assert tuple(json.loads(f"[{found[1]}]")) == LANGS
    assert sorted(p.stem for p in (STATIC / "i18n").glob("*.json")) == sorted(LANGS)


def test_every_language_has_the_same_sections_and_keys() -> None:
    english = phrasebook("en").words
    for lang in LANGS[1:]:
        book = phrasebook(lang).words
        assert set(book) == set(english), lang
        for section, phrases in english.items():
            # A language may add the grammatical cases it declines (Russian ``chips_dat``).
            cases = {k for k in book[section] if re.fullmatch(r".+_(gen|acc|dat|ins)", k)}
            own = set(book[section]) - (cases - set(phrases))
            assert own == set(phrases), (lang, section)
    for lang in LANGS:
        for section, phrases in phrasebook(lang).words.items():
            for key, text in phrases.items():
                try:  # every phrase is a valid format string
                    list(string.Formatter().parse(text))
                except ValueError as error:
                    raise AssertionError((lang, section, key)) from error


@pytest.mark.parametrize(("section", "key"), [("equity", "exact"), ("pots", "chips")])
def test_plural_phrases_have_one_form_per_plural_class(section: str, key: str) -> None:
    for lang in LANGS:
        book = phrasebook(lang)
        forms = book.words[section][key].split("|")
        classes = {book.plural_index(n) for n in range(200)}
        assert classes == set(range(len(forms))), (lang, key)


def test_one_plural_rule_one_number_formatter_one_language_list_in_the_code() -> None:
    rules, formatters, lists, checks = [], [], [], []
    for path in python_sources():
        text = path.read_text(encoding="utf-8")
        name = str(path.relative_to(SRC))
        if re.search(r"% 10\b", text):  # n % 10, not a seat's % 1000
            rules.append(name)
        if re.search(r"def _?\w*(decimal|percent|plural)\(", text):
            formatters.append(name)
        if re.search(r"^\s*LANGS\w*\s*[:=][^=]", text, re.MULTILINE):
            lists.append(name)
        # ``lang != "en"`` (is it the default?) is fine; a branch for one language is not.
        if re.search(r"\blang\s*==\s*[\"']|\blang\s*!=\s*[\"'](es|ru)", text):
            checks.append(name)
    assert rules == [], "the Russian plural rule lives in i18n/ru.py only"
    assert formatters == ["i18n/base.py"]
    assert lists == ["i18n/__init__.py"]
    assert checks == [], "compare a language through check_lang or the phrasebook"


def test_no_module_outside_the_phrasebooks_keeps_words_per_language() -> None:
    # A dict keyed by the language codes is a second phrasebook.
    keyed = re.compile(r"""^\s*["']es["']\s*:\s*[{(\[]""", re.MULTILINE)
    assert [str(p.relative_to(SRC)) for p in python_sources() if keyed.search(p.read_text())] == []


@pytest.mark.parametrize("lang", LANGS)
def test_words_come_from_the_phrasebook_of_the_checked_language(lang: str) -> None:
    assert words("eval", lang.upper()) is phrasebook(lang).words["eval"]
    assert check_lang(f"{lang}-XX") == lang
    with pytest.raises(ValueError, match="unknown language 'xx'; choose one of en, es, ru"):
        words("eval", "xx")


@pytest.mark.parametrize(
    ("lang", "count", "percent", "chips", "boards"),
    [
        ("en", "1,234,567", "81.26%", "21 chips", "exact over 21 showdowns"),
        (
            "es",
            "1.234.567",
            "81,26%",
            "21 fichas",
            "Cálculo exacto sobre los 21 showdowns posibles",
        ),
        ("ru", "1 234 567", "81,26%", "21 фишка", "Точный расчёт по 21 шоудауну"),
    ],
)
def test_one_number_formatter_and_plural_rule_per_language(
    lang: str, count: str, percent: str, chips: str, boards: str
) -> None:
    book = phrasebook(lang)
    assert book.count(1_234_567) == count
    assert book.percent(0.8126) == percent
    assert book.chips(21) == chips
    assert book.counted(21, book.words["equity"]["exact"]) == boards


@pytest.mark.parametrize("lang", LANGS)
def test_the_game_names_opponents_as_the_browser_does(lang: str) -> None:
    page = json.loads((STATIC / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    names = {k: v for k, v in words("game", lang).items() if k.startswith("name_")}
    # The browser falls back to the name itself where its phrasebook has no entry.
    assert names and names == {k: page.get(k, k.removeprefix("name_")) for k in names}


def test_the_number_of_five_card_strengths_is_written_once() -> None:
    """7,462 (and the sentinel one past it) appear as numbers in code only where
    ``DISTINCT_HANDS`` is defined: by summing the categories, so not even there."""
    import io
    import tokenize

    from showdown.categories import DISTINCT_HANDS
    from showdown.variants import DEUCE_TO_SEVEN, HIGH, HIGH_WRAP

    assert DISTINCT_HANDS == 7462 == HIGH.size == HIGH_WRAP.size == DEUCE_TO_SEVEN.size
    found = []
    for path in sorted(SRC.rglob("*.py")):
        tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
        for token in tokens:
            number = token.string.replace("_", "")
            if token.type == tokenize.NUMBER and number in ("7462", "7463"):
                found.append(f"{path.relative_to(SRC)}:{token.start[0]}")
    assert found == []
