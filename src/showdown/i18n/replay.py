"""The words of ``showdown replay`` (hand-history verification) in English, Spanish and Russian.

>>> phrase("summary_hands", "es").format(hands=3, files=1)
'Manos: 3 (archivos: 1)'
>>> class_name("odd-chip", "ru")
'нечётная фишка'
"""

from __future__ import annotations

PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "summary_hands": "Hands: {hands} (files: {files})",
        "summary_errors": "Errors: {errors}",
        "unrecorded": "no recorded result",
        "differs": "{player} ours {ours}, recorded {recorded}",
        "unknown": "a hand needed at the showdown is unknown (????)",
        "match": "match",
        "odd-chip": "odd chip",
        "rake": "rake",
        "unknown-cards": "unknown cards",
        "mismatch": "mismatch",
        "progress": "replayed {hands} hands",
    },
    "es": {
        "summary_hands": "Manos: {hands} (archivos: {files})",
        "summary_errors": "Errores: {errors}",
        "unrecorded": "sin resultado registrado",
        "differs": "{player} nuestro {ours}, registrado {recorded}",
        "unknown": "una mano necesaria en el showdown es desconocida (????)",
        "match": "coincide",
        "odd-chip": "ficha impar",
        "rake": "comisión",
        "unknown-cards": "cartas desconocidas",
        "mismatch": "no coincide",
        "progress": "{hands} manos reproducidas",
    },
    "ru": {
        "summary_hands": "Раздач: {hands} (файлов: {files})",
        "summary_errors": "Ошибок: {errors}",
        "unrecorded": "результат не записан",
        "differs": "{player}: у нас {ours}, в записи {recorded}",
        "unknown": "рука, нужная на вскрытии, неизвестна (????)",
        "match": "совпадает",
        "odd-chip": "нечётная фишка",
        "rake": "рейк",
        "unknown-cards": "неизвестные карты",
        "mismatch": "расхождение",
        "progress": "воспроизведено раздач: {hands}",
    },
}


def phrase(key: str, lang: str = "en") -> str:
    """The phrase ``key`` in ``lang`` (English for an unknown language)."""
    return PHRASES.get(lang, PHRASES["en"])[key]


def class_name(cls: str | None, lang: str = "en") -> str:
    """The human name of a verification class (``None``: no recorded result)."""
    return phrase(cls if cls is not None else "unrecorded", lang)
