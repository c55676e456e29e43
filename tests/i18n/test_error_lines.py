"""Error lines speak ``--lang``: the command line translates the library's English
messages at its edge (``showdown.i18n.error_lines``), usage errors included."""

from __future__ import annotations

import re

import pytest

from helpers.cli import run_cli
from showdown.commands.common import error_lang_of
from showdown.i18n import LANGS, words
from showdown.i18n.error_lines import error_line, translate_error

#: Bad command lines, and in each language the error line they must print.
CASES = [
    (
        ["eval", "As Qx"],
        {
            "en": "error: unknown card 'Qx' at position 2 of 'As Qx'",
            "es": "error: carta desconocida 'Qx' en la posición 2 de 'As Qx'",
            "ru": "ошибка: неизвестная карта 'Qx' на позиции 2 в 'As Qx'",
        },
    ),
    (
        ["compare", "As Kd"],
        {
            "en": "error: compare needs at least two hands, got 1",
            "es": "error: compare necesita al menos dos manos; recibió 1",
            "ru": "ошибка: compare нужны хотя бы две руки, дано 1",
        },
    ),
    (
        ["stats", "--cards", "9"],
        {
            "en": "error: showdown stats: argument --cards: invalid choice: 9 "
            "(choose from 4, 5, 6, 7)",
            "es": "error: showdown stats: argumento --cards: opción no válida: 9 "
            "(elija entre 4, 5, 6, 7)",
            "ru": "ошибка: showdown stats: аргумент --cards: недопустимое значение: 9 "
            "(выберите из 4, 5, 6, 7)",
        },
    ),
    (
        ["eval"],
        {
            "en": "error: showdown eval: the following arguments are required: CARDS",
            "es": "error: showdown eval: faltan los argumentos: CARDS",
            "ru": "ошибка: showdown eval: нужны аргументы: CARDS",
        },
    ),
    (
        ["stats", "--game", "omaha", "--cards", "7"],
        {
            "en": "error: --cards 7: stats counts omaha hands of 5 cards "
            "(two hole cards and three of the board), not 7",
            "es": "error: --cards 7: stats cuenta manos de omaha de 5 cartas "
            "(dos propias y tres de la mesa), no de 7",
            "ru": "ошибка: --cards 7: stats считает руки omaha из 5 карт "
            "(две карманные и три со стола), не из 7",
        },
    ),
]


@pytest.mark.parametrize(
    ("argv", "lines"), CASES, ids=lambda c: " ".join(c) if isinstance(c, list) else ""
)
@pytest.mark.parametrize("lang", LANGS)
def test_the_error_line_speaks_the_language_asked(
    argv: list[str], lines: dict[str, str], lang: str
) -> None:
    code, out, err = run_cli([*argv, "--lang", lang])
    assert (code, out) == (2, "")
    assert err.splitlines() == [lines[lang]]


def test_a_usage_error_before_lang_is_read_still_speaks_it() -> None:
    code, _, err = run_cli(["eval", "As Kd Qh Jc Tc", "--lang=ru", "--bogus"])
    assert code == 2 and err == "ошибка: showdown: нераспознанные аргументы: --bogus\n"


def test_a_field_is_translated_inside_another() -> None:
    message = "hand 1: duplicate card Kh: hand 1 and board"
    assert translate_error(message, "es") == "mano 1: carta repetida Kh: mano 1 y mesa"
    assert translate_error(message, "en") == message


def test_an_unknown_message_stays_whole_and_a_number_field_takes_digits_only() -> None:
    assert error_line("cannot read x.json: [Errno 2] nope", "ru") == (
        "ошибка: не удаётся прочитать x.json: [Errno 2] nope"
    )
    # "hand {number}" must not swallow a sentence the phrasebook does not know.
    assert translate_error("hand two is gone", "es") == "hand two is gone"


def test_every_template_keeps_its_fields_in_every_language() -> None:
    field = re.compile(r"\{(\w+)\}")
    english = words("errors", "en")
    for lang in LANGS:
        book = words("errors", lang)
        assert set(book) == set(english), lang
        for key, template in english.items():
            assert sorted(field.findall(book[key])) == sorted(field.findall(template)), (lang, key)


def test_the_lang_is_found_among_raw_arguments() -> None:
    assert error_lang_of(["eval", "--lang", "es"]) == "es"
    assert error_lang_of(["eval", "--lang=ru", "x"]) == "ru"
    assert error_lang_of(["eval", "--", "--lang", "es"]) == "en"
    assert error_lang_of(["eval", "--lang"]) == "en"
    assert error_lang_of(["eval", "--lang", "fr"]) == "en"


def test_the_encoding_error_stays_english() -> None:
    # An output that cannot write "ё" gets the one line it can write.
    from showdown.commands.main import main

    class Ascii:
        encoding = "ascii"

        def write(self, text: str) -> int:
            text.encode("ascii")
            return len(text)

        def flush(self) -> None:
            pass

    import contextlib
    import io
    import sys

    err = io.StringIO()
    saved = sys.stdout
    sys.stdout = Ascii()  # type: ignore[assignment]
    try:
        with contextlib.redirect_stderr(err):
            code = main(["eval", "As Kd Qh Jc Tc", "--lang", "ru"])
    finally:
        sys.stdout = saved
    assert code == 2
    assert err.getvalue().startswith("error: the output encoding (ascii) cannot write")


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", 'error: showdown: unrecognized arguments: Jh Th; quote a board of several cards, '
               'e.g. --board "Qh Jh Th"'),
        ("es", 'error: showdown: argumentos no reconocidos: Jh Th; ponga entre comillas una mesa '
               'de varias cartas, p. ej. --board "Qh Jh Th"'),
        ("ru", 'ошибка: showdown: нераспознанные аргументы: Jh Th; возьмите стол из нескольких '
               'карт в кавычки, например --board "Qh Jh Th"'),
    ],
)  # fmt: skip
def test_the_unquoted_board_hint_is_translated_whole(lang: str, line: str) -> None:
    code, _, err = run_cli(["eval", "Ah Kh", "--board", "Qh", "Jh", "Th", "--lang", lang])
    assert code == 2 and err.splitlines() == [line]
