"""Reading a request body: every malformed one is a ``400`` naming what is wrong.

The body of a POST is read in full (so the connection stays usable), then
checked in order: size, encoding (UTF-8), nesting depth (before the JSON
decoder, whose recursion a deeply nested body would exhaust), JSON syntax,
an object at the top, known fields of the right types.

>>> parse_body(b'{"version": 3}', {"version": (int, "required")})
{'version': 3}
>>> parse_body(b"[" * 2000 + b"]" * 2000, {})
Traceback (most recent call last):
...
showdown.web.bodies.BodyError: The request body is nested 2000 levels deep; at most 20 are allowed.
>>> long = b'{"range": "' + b"AKs, " * 1000 + b'"}'
>>> len(parse_body(long, {"range": (str, "required")}, limit=8192)["range"])
5000
>>> parse_body(long, {"range": (str, "required")})
Traceback (most recent call last):
...
showdown.web.bodies.BodyError: The request body is 5013 bytes; at most 4096 are allowed.
>>> parse_body(b'{"version": 3', {})
Traceback (most recent call last):
...
showdown.web.bodies.BodyError: The request body is not valid JSON (line 1, column 14).
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request

from showdown.validate import RepeatedKey, json_depth, unique_object

__all__ = [
    "DRAIN_LIMIT",
    "MAX_BODY",
    "MAX_DEPTH",
    "BodyError",
    "json_depth",
    "parse_body",
    "read_body",
]

#: Largest body accepted (bytes); the local pages send a few dozen bytes.
MAX_BODY = 4096
#: Bodies larger than the limit are still read (and dropped) up to this size, so the
#: client gets its 400 on a live connection; beyond it the connection is closed.
DRAIN_LIMIT = 1 << 20
#: Deepest nesting of arrays/objects accepted; the local pages send depth 1.
MAX_DEPTH = 20


class BodyError(ValueError):
    """A malformed request body: HTTP ``status``, machine ``code``, English ``message``."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def _reject_constant(name: str) -> Any:
    raise BodyError("bad_json", f"The request body contains {name}, which JSON does not allow.")


def parse_body(
    raw: bytes, fields: dict[str, tuple[type, str]], limit: int = MAX_BODY
) -> dict[str, Any]:
    """The JSON object in ``raw``, checked against ``fields``, or a :class:`BodyError`.

    ``fields`` maps a name to (type, rule): rule ``"required"`` (present, not
    null), ``"nullable"`` (present, may be null) or ``"optional"``. ``limit`` is
    the largest body accepted, in bytes (a page sending ranges needs more than
    :data:`MAX_BODY`).
    """
    if len(raw) > limit:
        raise BodyError(
            "too_large", f"The request body is {len(raw)} bytes; at most {limit} are allowed."
        )
    try:
        text = raw.decode("utf-8") if raw else "{}"
    except UnicodeDecodeError as exc:
        raise BodyError(
            "bad_encoding", f"The request body is not UTF-8 (bad byte at offset {exc.start})."
        ) from None
    depth = json_depth(text)
    if depth > MAX_DEPTH:
        raise BodyError(
            "too_deep",
            f"The request body is nested {depth} levels deep; at most {MAX_DEPTH} are allowed.",
        )
    try:
        body = json.loads(text, parse_constant=_reject_constant, object_pairs_hook=unique_object)
    except RepeatedKey as exc:  # json would keep the last one silently
        raise BodyError("bad_json", f"The request body gives {_quoted(exc.key)} twice.") from None
    except json.JSONDecodeError as exc:
        raise BodyError(
            "bad_json",
            f"The request body is not valid JSON (line {exc.lineno}, column {exc.colno}).",
        ) from None
    except (ValueError, RecursionError):  # e.g. an integer of more than 4,300 digits
        raise BodyError("bad_json", "The request body is not valid JSON.") from None
    if not isinstance(body, dict):
        raise BodyError("bad_json", "The request body must be a JSON object.")
    unknown = sorted(set(body) - set(fields))
    if unknown:
        raise BodyError("unknown_field", f"Unknown field {_quoted(unknown[0])}.")
    for name, (kind, rule) in fields.items():
        if name not in body:
            if rule != "optional":
                raise BodyError(f"missing_{name}", f"The field {name!r} is required.")
            continue
        value = body[name]
        if value is None and rule != "required":
            continue
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise BodyError(f"bad_{name}", f"The field {name!r} must be an integer.")
        if kind is str and not isinstance(value, str):
            raise BodyError(f"bad_{name}", f"The field {name!r} must be a string.")
        if kind is str and not _encodable(value):
            raise BodyError(f"bad_{name}", f"The field {name!r} is not valid text.")
    return body


def _encodable(text: str) -> bool:
    """False for strings with lone surrogates (``"\\ud800"``), which no response can echo."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _quoted(name: str) -> str:
    """A field name for a message: at most 40 characters, escaped (always encodable)."""
    return ascii(name[:40])


async def read_body(
    request: Request, fields: dict[str, tuple[type, str]], limit: int = MAX_BODY
) -> dict[str, Any]:
    """The JSON object of a POST, checked against ``fields`` (see :func:`parse_body`).

    Only ``application/json`` is taken (415 otherwise). The whole body is read even
    when it is larger than ``limit`` (up to :data:`DRAIN_LIMIT`), so that the answer
    is a JSON ``400`` on a connection that stays usable.
    """
    from showdown.web.security import ApiError

    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if ctype != "application/json":
        raise ApiError(415, "bad_content_type", "Send a JSON body (application/json).")
    kept = bytearray()
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > DRAIN_LIMIT:
            break
        if len(kept) <= limit:
            kept += chunk
    if size > limit:
        raise BodyError(
            "too_large", f"The request body is larger than {limit} bytes, the most allowed."
        )
    return parse_body(bytes(kept), fields, limit=limit)
