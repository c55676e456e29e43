"""Fuzzing the real game server: no body, however malformed, gets a 500 or a dropped line.

Hypothesis sends random bytes, deeply nested arrays and objects, huge and
odd numbers, broken UTF-8, lone surrogates and random fields to every POST
route, with a valid session token, over one keep-alive connection. Every
answer must be a JSON error (malformed bodies: exactly 400) and the same
connection must go on answering: a crash that resets it fails the test.
The number of examples is bounded, so the test takes seconds.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.game_server import Client, GameServer, audit, running_server

PROFILE = "fuzz"
ROUTES = ["/api/start", "/api/act", "/api/advance", "/api/refill", "/api/ante"]
FIELDS = ["action", "version", "card_index", "card", "ante", "after", "extra", "", "\u0000"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameServer]:
    yield from running_server(tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite3", PROFILE)


@pytest.fixture(scope="module")
def client(server: GameServer) -> Iterator[Client]:
    c = Client(server.url, PROFILE)
    c.ok(c.post("/api/ante", {"ante": 10}))  # the profile exists: the audit can count it
    yield c
    c.close()


def post_raw(client: Client, route: str, body: bytes) -> httpx.Response:
    return client.http.post(
        route,
        params=client.params(),
        content=body,
        headers={"X-Showdown-Token": client.token, "Content-Type": "application/json"},
    )


def expect_json_error(response: httpx.Response, status: int | None = 400) -> dict[str, Any]:
    assert response.status_code < 500, (response.status_code, response.text)
    data = response.json()
    if response.status_code != 200:
        assert set(data) == {"error", "message"}, data
    if status is not None:
        assert response.status_code == status, (response.status_code, response.text)
    return data


def still_answers(client: Client) -> None:
    """The same keep-alive connection still answers (nothing was reset)."""
    assert client.http.get("/api/state", params=client.params()).status_code == 200


def nested(depth: int, opener: str) -> bytes:
    if opener == "[":
        return b"[" * depth + b"]" * depth
    return b'{"a":' * depth + b"1" + b"}" * depth


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)

FUZZ = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=True,
)


@FUZZ
@given(route=st.sampled_from(ROUTES), body=st.binary(max_size=5000))
def test_random_bytes_are_400(client: Client, route: str, body: bytes) -> None:
    response = post_raw(client, route, body)
    try:
        parsed = json.loads(body)
    except (ValueError, RecursionError):
        parsed = None
    # Random bytes are almost never a valid JSON object of known fields; when they
    # are (b"{}" for example) the answer is a game answer, still never a 500.
    expect_json_error(response, 400 if not isinstance(parsed, dict) else None)
    still_answers(client)


@FUZZ
@given(
    route=st.sampled_from(ROUTES),
    depth=st.integers(min_value=21, max_value=2040),
    opener=st.sampled_from(["[", "{"]),
)
def test_deeply_nested_bodies_are_400(client: Client, route: str, depth: int, opener: str) -> None:
    response = post_raw(client, route, nested(depth, opener))
    data = expect_json_error(response, 400)
    assert data["error"] in ("too_deep", "too_large"), data
    still_answers(client)


@FUZZ
@given(
    route=st.sampled_from(ROUTES),
    body=st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=4) | json_values,
)
def test_random_json_is_answered_in_json(client: Client, route: str, body: Any) -> None:
    response = post_raw(client, route, json.dumps(body).encode())
    expect_json_error(response, None)
    still_answers(client)


KNOWN_BAD = [
    b"[" * 2000 + b"]" * 2000,  # the report: a RecursionError in the decoder
    b"\xff\xfe{}",  # not UTF-8
    b'{"action": "\xed\xa0\x80"}',  # an encoded surrogate: not UTF-8
    b'{"action": "\\ud800", "version": 1}',  # a lone surrogate escape
    b'{"version": NaN}',
    b'{"version": 1e999}',
    b'{"version": ' + b"9" * 5000 + b"}",  # too large, and too many digits
    b'{"version": ' + b"9" * 4400 + b"}",  # more digits than Python converts
    b'{"a": 1, "a": 2, "\\u0000": 3}',
    b"",
    b" ",
    b"null",
    b"\x00" * 100,
    b"x" * 500_000,  # far larger than allowed: read, dropped, a JSON 400
]


@pytest.mark.parametrize("body", KNOWN_BAD, ids=[f"case{i}" for i in range(len(KNOWN_BAD))])
def test_known_bad_bodies(client: Client, server: GameServer, body: bytes) -> None:
    before = client.state()
    response = post_raw(client, "/api/act", body)
    expect_json_error(response, 400)
    still_answers(client)
    assert client.state() == before
    assert audit(Path(server.db_path), PROFILE)["ok"]
