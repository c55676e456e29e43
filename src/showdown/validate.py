"""One validation layer for the library and the command line.

Every public function checks its plain parameters (counts, seeds, weights,
flags, names) through these helpers, so the rules and the messages are the
same everywhere. Each message names the parameter and says what is allowed.
A value of the wrong *type* raises :class:`TypeError`; a value of the right
type outside its range raises :class:`ValueError` (the command line turns
every ``ValueError`` into one ``error:`` line and exit status 2). The
``cli_*`` factories give ``argparse`` types with the same rules.

>>> count(100, "trials", maximum=MAX_TRIALS)
100
>>> count(True, "trials")
Traceback (most recent call last):
...
TypeError: trials must be an integer, not the boolean True
>>> count(100.5, "trials")
Traceback (most recent call last):
...
TypeError: trials must be an integer, not the float 100.5
>>> seed(-1)
Traceback (most recent call last):
...
ValueError: seed must be an integer from 0 to 2**64 - 1, got -1
>>> weight(float("inf"), "the weight of AA")
Traceback (most recent call last):
...
ValueError: the weight of AA must be from 0 to 1 (the share of its combos in the range), got inf
>>> load_json("[" * 100_000 + "]" * 100_000, "the table")
Traceback (most recent call last):
...
showdown.validate.InputError: the table: JSON nested deeper than 64 levels
"""

from __future__ import annotations

import math
import operator
import reprlib
from collections.abc import Callable, Iterable
from typing import Any

__all__ = [
    "MAX_JSON_DEPTH",
    "MAX_SEED",
    "MAX_TRIALS",
    "MAX_WEIGHT",
    "MIN_WEIGHT",
    "InputError",
    "ReasonedError",
    "RepeatedKey",
    "choice",
    "cli_count",
    "cli_seed",
    "count",
    "flag",
    "load_json",
    "optional_flag",
    "reason",
    "seed",
    "short_repr",
    "text",
    "unique_object",
    "weight",
]

#: The most Monte Carlo trials one call may ask for (about half a minute of work).
MAX_TRIALS = 1_000_000_000
#: Seeds are integers 0 .. MAX_SEED (numpy's generators take any of them).
MAX_SEED = 2**64 - 1
#: A range weight is the share of a combo kept in the range: 0 (left out) or from
#: MIN_WEIGHT to MAX_WEIGHT (whole), so that the product of ten players' weights and any
#: sum of them stay finite and non-zero.
MAX_WEIGHT = 1.0
MIN_WEIGHT = 1e-6
#: JSON input deeper than this is refused before it is parsed.
MAX_JSON_DEPTH = 64


def reason(code: str, **params: object) -> dict[str, object]:
    """A reason as data: ``code``, a key of the phrasebooks' ``errors`` section, and the
    fields its sentence takes (texts, numbers or reasons themselves).

    >>> reason("in_hand", number=1, hand="AhKh")
    {'code': 'in_hand', 'params': {'number': 1, 'hand': 'AhKh'}}
    """
    return {"code": code, "params": params}


class ReasonedError(ValueError):
    """A ``ValueError`` whose reason is data as well as an English message: ``code`` and
    ``params`` as :func:`reason` makes them, so that each language words it (the command
    line's ``--lang``, the lab's page), or ``code`` None when only the message exists.

    >>> err = ReasonedError("card Ah is in two places: on the board and in the dead cards",
    ...                     "two_places", card="Ah", first=reason("on_board"),
    ...                     second=reason("in_dead"))
    >>> err.code, err.params["first"]
    ('two_places', {'code': 'on_board', 'params': {}})
    >>> import pickle; pickle.loads(pickle.dumps(err)).params == err.params
    True
    """

    def __init__(self, message: str = "", code: str | None = None, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class InputError(ValueError):
    """Input text that cannot be read at all (JSON too deep, not JSON)."""


class RepeatedKey(InputError):
    """A JSON object that gives one key twice (``json`` would keep the last silently)."""

    def __init__(self, key: str) -> None:
        super().__init__(f"the key {key!r} is given twice")
        self.key = key


def unique_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``object_pairs_hook`` for :func:`json.loads`: the object, refusing a repeated key.

    >>> import json
    >>> json.loads('{"a": 1, "b": {"a": 2}}', object_pairs_hook=unique_object)
    {'a': 1, 'b': {'a': 2}}
    >>> json.loads('{"action": "fold", "action": "keep"}', object_pairs_hook=unique_object)
    Traceback (most recent call last):
    ...
    showdown.validate.RepeatedKey: the key 'action' is given twice
    """
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise RepeatedKey(key)
        found[key] = value
    return found


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother, _REPR.maxlist = 3, 40, 40, 6


def short_repr(value: object) -> str:
    """``repr(value)`` for an error message: short, and safe for any nesting depth.

    >>> short_repr([[[[[1]]]]]), short_repr("x" * 100)[-6:]
    ('[[[[...]]]]', "xxxxx'")
    """
    try:
        return _REPR.repr(value)
    except Exception:  # a broken __repr__ must not hide the real error
        return f"<{type(value).__name__}>"


def _describe(value: object) -> str:
    if isinstance(value, bool):
        return f"the boolean {value}"
    return f"the {type(value).__name__} {short_repr(value)}"


def _integer(value: object, wanted: str) -> int:
    """``value`` as an ``int`` (numpy integers too); anything else, booleans included, is a
    :class:`TypeError` reading ``wanted, not ...``."""
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise TypeError(f"{wanted}, not {_describe(value)}")


def count(
    value: object, name: str, *, minimum: int = 1, maximum: int | None = None
) -> int:
    """``value`` as an ``int`` in ``minimum..maximum``: booleans, floats and text are refused.

    numpy integers are accepted (they are integers).

    >>> import numpy as np
    >>> count(np.int64(7), "cards", minimum=5, maximum=7)
    7
    >>> count(8, "cards", minimum=5, maximum=7)
    Traceback (most recent call last):
    ...
    ValueError: cards must be from 5 to 7, got 8
    """
    number = _integer(value, f"{name} must be an integer")
    if number < minimum or (maximum is not None and number > maximum):
        if maximum is None:
            raise ValueError(f"{name} must be at least {minimum}, got {number}")
        raise ValueError(f"{name} must be from {minimum:,} to {maximum:,}, got {number}")
    return number


def seed(value: object, name: str = "seed") -> int | None:
    """A random seed: ``None`` (fresh randomness) or an integer 0 .. 2**64 - 1.

    >>> seed(None), seed(42)
    (None, 42)
    >>> seed("abc")
    Traceback (most recent call last):
    ...
    TypeError: seed must be an integer or None, not the str 'abc'
    """
    if value is None:
        return None
    number = _integer(value, f"{name} must be an integer or None")
    if not 0 <= number <= MAX_SEED:
        raise ValueError(f"{name} must be an integer from 0 to 2**64 - 1, got {number}")
    return number


def weight(value: object, name: str = "weight") -> float:
    """A range weight: the share of a combo in the range, 0 or from 1e-6 to 1.

    >>> weight(0.25), weight(0)
    (0.25, 0.0)
    >>> weight(2, "the weight of 'AKs'")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the weight of 'AKs' must be from 0 to 1 (the share of its combos ...), got 2.0
    >>> weight(1e-300, "the weight of AhKh")
    Traceback (most recent call last):
    ...
    ValueError: the weight of AhKh must be 0 or at least 1e-06, got 1e-300
    """
    if isinstance(value, bool | str | bytes) or not hasattr(value, "__float__"):
        raise TypeError(f"{name} must be a number, not {_describe(value)}")
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        raise TypeError(f"{name} must be a real number, not {_describe(value)}") from None
    if not math.isfinite(number) or not 0 <= number <= MAX_WEIGHT:
        raise ValueError(
            f"{name} must be from 0 to {MAX_WEIGHT:g} (the share of its combos in the range), "
            f"got {number!r}"
        )
    if 0 < number < MIN_WEIGHT:
        raise ValueError(f"{name} must be 0 or at least {MIN_WEIGHT:g}, got {number!r}")
    return number


def flag(value: object, name: str) -> bool:
    """A yes/no option: ``True`` or ``False`` (numpy booleans too), nothing else.

    >>> flag(False, "wrap")
    False
    >>> flag("no", "wrap")
    Traceback (most recent call last):
    ...
    TypeError: wrap must be True or False, not the str 'no'
    """
    if isinstance(value, bool):
        return value
    if type(value).__name__ == "bool_":  # numpy.bool_, without importing numpy here
        return bool(value)
    raise TypeError(f"{name} must be True or False, not {_describe(value)}")


def optional_flag(value: object, name: str) -> bool | None:
    """``None`` (let the library choose), ``True`` or ``False``."""
    return None if value is None else flag(value, name)


def text(value: object, name: str) -> str:
    """``value`` if it is a ``str``; anything else is a :class:`TypeError` naming ``name``."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be text, not {_describe(value)}")
    return value


def choice(value: object, name: str, options: Iterable[str]) -> str:
    """``value`` if it is one of ``options`` (text); else an error listing them.

    >>> choice("omaha", "game", ("holdem", "omaha"))
    'omaha'
    >>> choice("razz", "game", ("holdem", "omaha"))
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'razz'; choose one of holdem, omaha
    """
    allowed = tuple(options)
    text(value, name)
    if value not in allowed:
        raise ValueError(f"unknown {name} {value!r}; choose one of {', '.join(allowed)}")
    return value  # type: ignore[return-value]


def load_json(source: str | bytes, what: str = "the input") -> Any:
    """Parse JSON text (a UTF-8 byte-order mark is allowed) without ever recursing too deep.

    The nesting depth is measured first, by a loop over the brackets outside
    strings, so input nested deeper than :data:`MAX_JSON_DEPTH` is refused
    with :class:`InputError` before the parser sees it. Bad JSON raises
    :class:`InputError` with the parser's position.

    >>> load_json('\\ufeff{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> load_json("{nope", "the table")
    Traceback (most recent call last):
    ...
    showdown.validate.InputError: the table is not JSON: Expecting property name enclosed \
in double quotes: line 1 column 2 (char 1)
    """
    import json

    if isinstance(source, bytes | bytearray):
        try:
            source = bytes(source).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InputError(f"{what} is not UTF-8 text: {exc}") from None
    text(source, what)
    assert isinstance(source, str)
    if source.startswith("\ufeff"):
        source = source[1:]
    if json_depth(source, stop_above=MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
        raise InputError(f"{what}: JSON nested deeper than {MAX_JSON_DEPTH} levels")
    try:
        return json.loads(source, object_pairs_hook=unique_object)
    except json.JSONDecodeError as exc:
        raise InputError(f"{what} is not JSON: {exc}") from None
    except RepeatedKey as exc:
        raise InputError(f"{what}: {exc}") from None
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise InputError(f"{what}: JSON nested too deeply") from None


def json_depth(source: str, stop_above: int | None = None) -> int:
    """The deepest bracket nesting of JSON text, counting only brackets outside strings;
    with ``stop_above`` it stops reading as soon as the nesting passes that depth.

    >>> json_depth('{"a": [[1], "[[["]}')
    3
    >>> json_depth("[[[[]]]]", stop_above=2)
    3
    """
    depth = deepest = 0
    in_string = escaped = False
    for char in source:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if stop_above is not None and deepest > stop_above:
                    return deepest
        elif char in "]}":
            depth -= 1
    return deepest


def _cli_integer(option: str, check: Callable[[int], int | None]) -> Callable[[str], int]:
    """An ``argparse`` type: a whole number, then ``check`` (whose ValueError is the message)."""
    import argparse

    def parse(raw: str) -> int:
        try:
            number = int(raw.strip().replace("_", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{option} must be a whole number, not {raw!r}"
            ) from None
        try:
            check(number)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        return number

    parse.__name__ = option.lstrip("-")
    return parse


def cli_count(
    option: str, *, minimum: int = 1, maximum: int | None = None
) -> Callable[[str], int]:
    """An ``argparse`` type for a whole number in range, naming ``option`` in its errors.

    >>> cli_count("--trials", maximum=MAX_TRIALS)("1000")
    1000
    >>> cli_count("--trials", maximum=MAX_TRIALS)("1e3")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: --trials must be a whole number, not '1e3'
    """
    return _cli_integer(option, lambda n: count(n, option, minimum=minimum, maximum=maximum))


def cli_seed(option: str = "--seed") -> Callable[[str], int]:
    """An ``argparse`` type for a seed, with the rules of :func:`seed`.

    >>> cli_seed()("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: --seed must be an integer from 0 to 2**64 - 1, got -1
    """
    return _cli_integer(option, lambda n: seed(n, option))
