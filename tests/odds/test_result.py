"""Human output of equity in English, Spanish and Russian: labels, decimal signs,
thousands, the method line with its plurals, and the labelled progress bar."""

from __future__ import annotations

import io

import pytest

from showdown.odds.equity import EquityResult, ProgressBar, equity
from showdown.text.equity_render import method_line

LABELS = {
    "en": ("equity", "win", "tie"),
    "es": ("equidad", "gana", "empata"),
    "ru": ("эквити", "выигрыш", "ничья"),
}


def _mc(trials: int) -> EquityResult:
    return EquityResult(
        ("AA", "KK"),
        (0.8, 0.2),
        (0.79, 0.19),
        (0.01, 0.01),
        "monte-carlo",
        trials=trials,
        stderr=(0.0012, 0.0034),
    )


def _exact(boards: int) -> EquityResult:
    return EquityResult(
        ("AA", "KK"), (0.8, 0.2), (0.79, 0.19), (0.01, 0.01), "exact", boards=boards
    )


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_every_player_line_follows_the_language(lang: str) -> None:
    r = equity(["AhKh", "2c2d"], board="Qh Jh 3c")
    lines = r.format(lang).splitlines()
    assert len(lines) == 3
    equity_word, win_word, tie_word = LABELS[lang]
    point = "." if lang == "en" else ","
    for k, hand in enumerate(r.hands):
        fig = [f"{100 * x:.2f}".replace(".", point) for x in (r.equity[k], r.win[k], r.tie[k])]
        assert lines[k].split() == [
            hand,
            equity_word,
            f"{fig[0]}%",
            win_word,
            f"{fig[1]}%",
            tie_word,
            f"{fig[2]}%",
        ]
    assert lines[2] == method_line(r, lang)
    if lang != "en":  # no English word is left
        words = set(r.format(lang).lower().replace("%", " ").split())
        assert not words & {"equity", "win", "tie", "exact", "over", "boards", "board"}


def test_str_stays_english_and_equals_format_en() -> None:
    r = equity(["AhKh", "2c2d"], board="Qh Jh 3c")
    assert str(r) == r.format() == r.format("en")
    assert str(r).splitlines()[-1] == "exact over 990 showdowns"
    assert "equity  64.75%  win  64.75%  tie   0.00%" in str(r)


def test_monte_carlo_lines_carry_the_standard_error_in_the_local_decimal_sign() -> None:
    r = _mc(20_000)
    assert r.format("en").splitlines()[0].endswith("± 0.12")
    assert r.format("es").splitlines()[1].endswith("± 0,34")
    assert r.format("ru").splitlines()[0].endswith("± 0,12")
    assert method_line(r, "en") == "Monte Carlo, 20,000 trials (± one standard error)"
    assert method_line(r, "es") == "Método de Montecarlo: 20.000 simulaciones (± un error estándar)"
    assert method_line(r, "ru") == "Метод Монте-Карло: 20 000 симуляций (± одна стандартная ошибка)"


# Russian: the noun after a number depends on its last two digits. Dative after «по»
# (шоудауну / шоудаунам) and nominative-accusative (симуляция / симуляции / симуляций).
@pytest.mark.parametrize(
    ("n", "boards", "trials"),
    [
        (1, "1 шоудауну", "1 симуляция"),
        (2, "2 шоудаунам", "2 симуляции"),
        (4, "4 шоудаунам", "4 симуляции"),
        (5, "5 шоудаунам", "5 симуляций"),
        (11, "11 шоудаунам", "11 симуляций"),
        (12, "12 шоудаунам", "12 симуляций"),
        (14, "14 шоудаунам", "14 симуляций"),
        (21, "21 шоудауну", "21 симуляция"),
        (22, "22 шоудаунам", "22 симуляции"),
        (111, "111 шоудаунам", "111 симуляций"),
        (101, "101 шоудауну", "101 симуляция"),
        (1_712_304, "1 712 304 шоудаунам", "1 712 304 симуляции"),
        (1_000_000, "1 000 000 шоудаунам", "1 000 000 симуляций"),
    ],
)
def test_russian_plurals(n: int, boards: str, trials: str) -> None:
    assert method_line(_exact(n), "ru") == f"Точный расчёт по {boards}"
    assert method_line(_mc(n), "ru").startswith(f"Метод Монте-Карло: {trials} (")


@pytest.mark.parametrize(
    ("n", "en", "es"),
    [
        (1, "exact over 1 showdown", "Cálculo exacto sobre el único showdown posible"),
        (44, "exact over 44 showdowns", "Cálculo exacto sobre los 44 showdowns posibles"),
        (
            1_712_304,
            "exact over 1,712,304 showdowns",
            "Cálculo exacto sobre los 1.712.304 showdowns posibles",
        ),
    ],
)
def test_english_and_spanish_exact_lines(n: int, en: str, es: str) -> None:
    assert method_line(_exact(n), "en") == en
    assert method_line(_exact(n), "es") == es
    assert method_line(_mc(1), "en").startswith("Monte Carlo, 1 trial (")
    assert method_line(_mc(1), "es").startswith("Método de Montecarlo: 1 simulación (")


def test_regional_codes_and_unknown_languages() -> None:
    r = _exact(990)
    assert r.format("es-MX") == r.format("es")
    with pytest.raises(ValueError, match="fr"):
        r.format("fr")
    with pytest.raises(ValueError, match="fr"):
        ProgressBar(io.StringIO(), lang="fr")


@pytest.mark.parametrize(
    ("lang", "start", "end"),
    [
        (None, "[", "100.0%\n"),
        ("en", "Computing equity [", "100.0%\n"),
        ("es", "Calculando equidad [", "100,0%\n"),
        ("ru", "Расчёт эквити [", "100,0%\n"),
    ],
)
def test_progress_bar_label(lang: str | None, start: str, end: str) -> None:
    out = io.StringIO()
    bar = ProgressBar(out, force=True, lang=lang)
    bar(0.5)
    bar.close()
    frames = out.getvalue().split("\r")[1:]
    sep = "." if lang in (None, "en") else ","
    assert frames == [
        f"{start}{'#' * 15}{'.' * 15}]  50{sep}0%",
        f"{start}{'#' * 30}] {end}",
    ]
