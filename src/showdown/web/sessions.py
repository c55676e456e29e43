"""The session cookie and the token a page must send with every state-changing request.

The page receives a random session cookie (``HttpOnly``, ``SameSite=Strict``)
and, inside the page, a token derived from it and a scope (the game's profile,
say) with a secret known only to this server process. Another site can obtain
neither, so it cannot make the page change anything.

>>> s = Sessions(b"secret" * 6, cookie="showdown_8765")
>>> t = s.token_for("0" * 32, "ann")
>>> len(t), t == s.token_for("0" * 32, "bob")
(64, False)
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from starlette.requests import Request
from starlette.responses import Response

from showdown.web.security import ApiError

__all__ = ["TOKEN_HEADER", "Sessions"]

TOKEN_HEADER = "x-showdown-token"
_SID_RE = re.compile(r"^[0-9a-f]{32}$")


class Sessions:
    """Session ids in a cookie named ``cookie``, tokens signed with ``secret``."""

    def __init__(self, secret: bytes, cookie: str) -> None:
        self.secret = secret
        self.cookie = cookie

    def token_for(self, sid: str, scope: str) -> str:
        """The token of session ``sid`` for ``scope``: a token of one scope fails in another."""
        message = sid.encode() + b"\x00" + scope.encode("utf-8", "surrogatepass")
        return hmac.new(self.secret, message, hashlib.sha256).hexdigest()

    def session(self, request: Request) -> tuple[str, bool]:
        """The session id from the cookie, or a new one (and whether it is new)."""
        sid = request.cookies.get(self.cookie, "")
        if _SID_RE.match(sid):
            return sid, False
        return secrets.token_hex(16), True

    def set_cookie(self, response: Response, sid: str) -> None:
        """Send the session cookie (``HttpOnly``, ``SameSite=Strict``)."""
        response.set_cookie(
            self.cookie, sid, httponly=True, samesite="strict", path="/", secure=False
        )

    def check_token(self, request: Request, scope: str) -> None:
        """Raise a 403 :class:`ApiError` unless the request carries this session's token."""
        sid = request.cookies.get(self.cookie, "")
        token = request.headers.get(TOKEN_HEADER, "")
        if not token.isascii() or not _SID_RE.match(sid):
            ok = False
        else:
            ok = hmac.compare_digest(token, self.token_for(sid, scope))
        if not ok:
            raise ApiError(403, "bad_token", "Missing or wrong session token: reload the page.")
