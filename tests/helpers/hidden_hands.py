"""The hidden-hand rule for sentences: no text names what an unseen opponent holds.

Checking only card strings (``"As"``) misses a sentence such as "Marta wins on
the first card, ace against king" written about an opponent whose cards were
never shown. :func:`sentence_leaks` reads every text of a view: a sentence that
names a hidden opponent may not carry any hand vocabulary (a category, a rank
word in any number or case) in any of the three languages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from showdown.categories import Category
from showdown.i18n import LANGS, category_name, rank_name


def _hand_words() -> frozenset[str]:
    words: set[str] = set()
    for lang in LANGS:
        for category in Category:
            words.add(category_name(category, lang).lower())
        for rank in range(13):
            for plural in (False, True):
                for case in ("nom", "gen", "ins"):
                    try:
                        words.add(rank_name(rank, lang, plural, case).lower())
                    except (KeyError, ValueError):
                        continue
    return frozenset(w for w in words if len(w) > 2)


HAND_WORDS = _hand_words()
_WORD = re.compile(r"[\w-]+", re.UNICODE)


def texts(view: Any) -> Iterator[str]:
    """Every string in a JSON document that reads as a sentence (has a space)."""
    if isinstance(view, dict):
        for value in view.values():
            yield from texts(value)
    elif isinstance(view, list):
        for value in view:
            yield from texts(value)
    elif isinstance(view, str) and " " in view:
        yield view


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text) if s]


def sentence_leaks(view: Any, hidden_names: set[str]) -> list[str]:
    """Sentences of ``view`` that name a hidden player together with hand vocabulary.

    >>> sentence_leaks({"text": "Marta wins on the first card, ace against king."}, {"Marta"})
    ['Marta wins on the first card, ace against king.']
    >>> sentence_leaks({"text": "Marta takes the pot without showing."}, {"Marta"})
    []
    """
    leaks = []
    for text in texts(view):
        for sentence in sentences(text):
            if not any(name in sentence for name in hidden_names):
                continue
            words = {w.lower() for w in _WORD.findall(sentence)}
            if words & HAND_WORDS or any(w in sentence.lower() for w in HAND_WORDS if " " in w):
                leaks.append(sentence)
    return leaks


def hidden_opponents(round_view: dict[str, Any]) -> set[str]:
    """Names (as every language writes them) of the opponents whose cards are not shown."""
    from showdown.i18n import words

    names: set[str] = set()
    for player in round_view["players"][1:]:
        if player["cards"] is None:
            name = player["name"]
            names.add(name)
            # The phrasebooks spell the opponents' names per language ("name_Marta").
            names.update(words("game", lang).get(f"name_{name}", name) for lang in LANGS)
    return names
