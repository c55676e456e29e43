"""The words of ``showdown replay`` (hand-history verification) in English, Spanish and Russian.

>>> phrase("summary_hands", "es").format(hands=3, files=1)
'Manos: 3 (archivos: 1)'
>>> class_name("odd-chip", "ru")
'нечётная фишка'
"""

from __future__ import annotations

from showdown.i18n import words


def phrase(key: str, lang: str = "en") -> str:
    """The phrase ``key`` in ``lang``."""
    return words("replay", lang)[key]


def class_name(cls: str | None, lang: str = "en") -> str:
    """The human name of a verification class (``None``: no recorded result)."""
    return phrase(cls if cls is not None else "unrecorded", lang)
