"""GameService: the contract of docs/game-service.md, played through a real SQLite file."""

from __future__ import annotations

import json
import random
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from showdown.cards import Card, parse_cards
from showdown.game import ANTES, GameError, GameService
from showdown.game.rounds import Round, revealed_card_ids, seat_order, shuffled_deck

STATE_KEYS = {
    "profile", "phase", "chips", "ante", "antes", "refill_available", "refills",
    "table_pot", "button", "seats", "round",
}  # fmt: skip
ROUND_KEYS = {
    "id", "number", "version", "phase", "ante", "play_bet", "button", "carry_in", "pot",
    "order", "to_act", "players", "dealer", "result", "started_at", "finished_at",
}  # fmt: skip
PLAYER_KEYS = {"seat", "name", "kind", "style", "status", "bet", "cards", "card_count",
               "decision", "hand"}  # fmt: skip
_CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "svc.sqlite3"


@pytest.fixture
def svc(db: Path) -> Any:
    service = GameService(db, seed=42)
    yield service
    service.close()


def card_strings(obj: Any) -> set[str]:
    if isinstance(obj, dict):
        return set().union(*(card_strings(v) for v in obj.values())) if obj else set()
    if isinstance(obj, list):
        return set().union(*(card_strings(v) for v in obj)) if obj else set()
    return {obj} if isinstance(obj, str) and _CARD.match(obj) else set()


def stored_round(db: Path, round_id: int) -> Round:
    conn = sqlite3.connect(db)
    (state,) = conn.execute("SELECT state FROM rounds WHERE id = ?", (round_id,)).fetchone()
    conn.close()
    return Round.from_json(json.loads(state))


def check_hidden(db: Path, response: dict[str, Any]) -> None:
    """G10: every card in a response was already revealed to the player."""
    assert json.loads(json.dumps(response)) == response
    rounds = [response] if "players" in response else []
    if response.get("round"):
        rounds.append(response["round"])
    rounds += response.get("rounds", [])
    allowed: set[str] = set()
    for view in rounds:
        allowed |= {str(Card.from_id(c)) for c in revealed_card_ids(stored_round(db, view["id"]))}
    assert card_strings(response) <= allowed


def shift_to_house(db: Path, profile: str, column: str, chips: int) -> None:
    """Test set-up: move chips from a stack to the house (conservation still holds)."""
    conn = sqlite3.connect(db)
    (old,) = conn.execute(f"SELECT {column} FROM profiles WHERE name = ?", (profile,)).fetchone()
    conn.execute(
        f"UPDATE profiles SET {column} = ?, house = house + ? WHERE name = ?",
        (chips, old - chips, profile),
    )
    conn.commit()
    conn.close()


def play_out(svc: GameService, profile: str, action: str = "keep", index: int | None = None) -> Any:
    st = svc.start_round(profile)
    st = svc.act(profile, action, card_index=index)
    while st["phase"] == "dealer":
        st = svc.advance(profile)
    return st


def test_new_profile_state(svc: GameService, db: Path) -> None:
    st = svc.state("ann")
    assert set(st) == STATE_KEYS
    # Reads never write: the profile exists only once something changes.
    assert svc.stats("ann")["chips"] == 1000 and svc.history("ann")["rounds"] == []
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT COUNT(*) FROM profiles").fetchone() == (0,)
    conn.close()
    assert st["phase"] == "idle" and st["round"] is None
    assert st["chips"] == 1000 and st["ante"] == 10 and st["antes"] == list(ANTES)
    assert st["refill_available"] is False and st["refills"] == 0 and st["table_pot"] == 0
    assert st["button"] == 2
    assert [(s["name"], s["kind"], s["style"], s["chips"]) for s in st["seats"]] == [
        ("You", "you", None, 1000),
        ("Marta", "bot", "cautious", 1000),
        ("Viktor", "bot", "bold", 1000),
    ]
    assert svc.state("ann") == st
    assert svc.set_ante("ann", 25)["ante"] == 25 and svc.state("ann")["ante"] == 25


def test_a_whole_round_step_by_step(svc: GameService, db: Path) -> None:
    st = svc.start_round("ann", ante=25)
    check_hidden(db, st)
    rnd = st["round"]
    assert set(rnd) == ROUND_KEYS and all(set(p) == PLAYER_KEYS for p in rnd["players"])
    assert st["phase"] == rnd["phase"] == "deciding" and rnd["to_act"] == 0
    assert st["chips"] == 975 and st["table_pot"] == 75 == rnd["pot"] and st["ante"] == 25
    assert rnd["order"] == [0, 1, 2] and rnd["button"] == 2 and rnd["play_bet"] == 50
    assert len(rnd["players"][0]["cards"]) == 5 and rnd["players"][0]["hand"]["category"]
    assert rnd["players"][1]["cards"] is None and rnd["players"][2]["decision"] is None
    assert len(rnd["dealer"]["cards"]) == 1 and rnd["dealer"]["hidden"] == 4
    mine = rnd["players"][0]["cards"]
    st = svc.act("ann", "exchange", card_index=3, version=rnd["version"])
    check_hidden(db, st)
    me = st["round"]["players"][0]
    assert me["decision"]["discarded"] == mine[3] and me["cards"][3] == me["decision"]["drawn"]
    assert me["cards"][:3] == mine[:3] and me["bet"] == 50 and st["chips"] == 925
    assert all(p["decision"] is not None for p in st["round"]["players"])
    if st["phase"] == "dealer":
        for k in range(2, 6):
            version = st["round"]["version"]
            st = svc.advance("ann", version=version)
            check_hidden(db, st)
            assert st["round"]["version"] == version + 1
            assert len(st["round"]["dealer"]["cards"]) == k
    assert st["phase"] == "idle" and st["round"]["phase"] == "settled"
    result = st["round"]["result"]
    assert set(result) == {"vs_house", "pot", "showdown", "net"}
    assert result["vs_house"][0]["outcome"] in {"win", "push", "loss"}
    assert st["chips"] == 1000 + result["net"][0]["net"]
    assert svc.audit("ann")["ok"]


def test_button_moves_clockwise_and_earlier_opponents_decide_first(svc: GameService) -> None:
    orders = []
    for n in range(4):
        st = svc.start_round("ann")
        rnd = st["round"]
        orders.append(rnd["order"])
        assert rnd["button"] == (2 + n) % 3
        before_me = rnd["order"][: rnd["order"].index(0)]
        for p in rnd["players"][1:]:
            assert (p["decision"] is not None) == (p["seat"] in before_me)
            assert p["cards"] is None
        st = svc.act("ann", "fold")
        assert all(p["decision"] is not None for p in st["round"]["players"])
        while st["phase"] == "dealer":
            st = svc.advance("ann")
    assert orders == [[0, 1, 2], [1, 2, 0], [2, 0, 1], [0, 1, 2]]


def test_hint_is_the_shared_analysis_and_repeatable(svc: GameService, db: Path) -> None:
    with pytest.raises(GameError) as err:
        svc.hint("ann")
    assert err.value.code == "no_round"
    svc.start_round("ann")
    hint = svc.hint("ann")
    assert hint == svc.hint("ann")
    assert set(hint) == {"action", "card_index", "win_chance", "tie_chance", "pot_chance",
                         "samples", "options"}  # fmt: skip
    assert hint["action"] in {"keep", "exchange", "fold"}
    assert 0 <= hint["win_chance"] <= 1 and len(hint["options"]) == 7
    assert card_strings(hint) == set()
    st = svc.act("ann", hint["action"], card_index=hint["card_index"])
    if st["phase"] == "dealer":
        with pytest.raises(GameError) as err:
            svc.hint("ann")
        assert err.value.code == "not_your_turn"


def test_refill_offered_only_when_chips_cannot_cover_ante_and_play_bet(
    svc: GameService, db: Path
) -> None:
    svc.set_ante("ann", 10)  # a change creates the profile (a read never does)
    with pytest.raises(GameError) as err:
        svc.refill("ann")
    assert (err.value.status, err.value.code) == (409, "refill_not_needed")
    shift_to_house(db, "ann", "chips", 250)
    st = svc.set_ante("ann", 100)
    assert st["ante"] == 100 and st["refill_available"] is True
    with pytest.raises(GameError) as err:
        svc.start_round("ann")
    assert (err.value.status, err.value.code) == (409, "insufficient_chips")
    assert svc.state("ann")["round"] is None
    assert svc.audit("ann")["ok"]
    st = svc.refill("ann", request_id="rf")
    assert st["chips"] == 1000 and st["refills"] == 1 and not st["refill_available"]
    audit = svc.audit("ann")
    assert audit["ok"] and audit["injected"] == 750
    stats = svc.stats("ann")
    assert stats["refills"] == 1 and stats["net"] == 1000 - 1000 - 750
    assert [b["reason"] for b in stats["balance"]] == ["new", "refill"]
    assert svc.refill("ann", request_id="rf") == st  # replay: no second refill
    assert svc.audit("ann")["injected"] == 750


def test_opponents_are_refilled_automatically(svc: GameService, db: Path) -> None:
    svc.set_ante("ann", 10)  # creates the profile
    shift_to_house(db, "ann", "bot2_chips", 100)
    st = svc.start_round("ann", ante=50)
    assert st["seats"][2]["chips"] == 1000 - 50 - st["round"]["players"][2]["bet"]
    assert svc.stats("ann")["opponent_refills"] == 1
    audit = svc.audit("ann")
    assert audit["ok"] and audit["injected"] == 900


def test_history_stats_and_round_detail(svc: GameService, db: Path) -> None:
    finals = [play_out(svc, "ann", "exchange", k) for k in range(3)]
    hist = svc.history("ann", limit=2)
    check_hidden(db, hist)
    assert hist["has_more"] is True
    assert [r["id"] for r in hist["rounds"]] == [finals[2]["round"]["id"], finals[1]["round"]["id"]]
    more = svc.history("ann", limit=2, before=hist["rounds"][-1]["id"])
    assert [r["id"] for r in more["rounds"]] == [finals[0]["round"]["id"]]
    assert more["has_more"] is False
    assert all(r["phase"] == "settled" and r["finished_at"] for r in hist["rounds"])
    detail = svc.round_detail("ann", finals[0]["round"]["id"])
    assert detail == finals[0]["round"]
    with pytest.raises(GameError) as err:
        svc.round_detail("bob", finals[0]["round"]["id"])
    assert err.value.status == 404
    with pytest.raises(GameError) as err:
        svc.history("ann", limit=0)
    assert err.value.code == "bad_limit"
    stats = svc.stats("ann")
    assert stats["rounds"] == 3 and sum(stats["vs_house"].values()) == 3
    outcomes = [f["round"]["result"]["vs_house"][0]["outcome"] for f in finals]
    assert stats["vs_house"] == {k: outcomes.count(k) for k in ("win", "push", "loss", "fold")}
    assert sum(stats["pots"].values()) == 3
    assert stats["chips"] == finals[-1]["chips"] and stats["net"] == stats["chips"] - 1000
    nets = [f["round"]["result"]["net"][0]["net"] for f in finals]
    assert stats["biggest_win"] == max(0, *nets) and stats["biggest_loss"] == min(0, *nets)
    reasons = [b["reason"] for b in stats["balance"]]
    assert reasons == ["new"] + ["ante", "play_bet", "settle"] * 3
    assert stats["balance"][-1]["chips"] == stats["chips"]


def test_languages_change_descriptions_and_explanations(svc: GameService) -> None:
    final = play_out(svc, "ann")
    rid = final["round"]["id"]
    texts = {}
    for lang in ("en", "es", "ru"):
        view = svc.round_detail("ann", rid, lang=lang)
        texts[lang] = view["players"][0]["hand"]["description"]
    assert len(set(texts.values())) == 3
    assert svc.round_detail("ann", rid, lang="xx") == svc.round_detail("ann", rid, lang="en")


def test_every_response_hides_unrevealed_cards(svc: GameService, db: Path) -> None:
    rng = random.Random(5)
    for _ in range(25):
        st = svc.start_round("ann", ante=rng.choice([5, 10, 25]))
        check_hidden(db, st)
        choice = rng.choice(["fold", "keep", "exchange"])
        st = svc.act("ann", choice, card_index=rng.randrange(5) if choice == "exchange" else None)
        check_hidden(db, st)
        check_hidden(db, svc.state("ann", lang=rng.choice(["en", "es", "ru"])))
        while st["phase"] == "dealer":
            st = svc.advance("ann")
            check_hidden(db, st)
        assert svc.audit("ann")["ok"]
    check_hidden(db, svc.history("ann", limit=25))


def rigged_deck(button: int, hands: dict[int, str], dealer: str) -> list[int]:
    """A deck dealing ``hands`` (seat -> five cards) and the dealer's cards; rest shuffled."""
    deck: list[int | None] = [None] * 52
    order = seat_order(button)
    for seat, text in hands.items():
        for p, card in enumerate(parse_cards(text)):
            deck[p * 4 + order.index(seat)] = card.id
    for p, card in enumerate(parse_cards(dealer)):
        deck[p * 4 + 3] = card.id
    rest = [c for c in shuffled_deck(1) if c not in deck]
    return [c if c is not None else rest.pop() for c in deck]


def test_everyone_folding_carries_the_pot_to_the_next_round(tmp_path: Path) -> None:
    # round 2 has the button on seat 0: both opponents decide before you, with hopeless
    # cards against the dealer's ace; then you fold too.
    trash = {1: "8d 6h 4s 3c 2d", 2: "7h 5s 3d 2h 9d", 0: "Kd Qc 7s 6c 4d"}
    decks = [shuffled_deck(2), rigged_deck(0, trash, "As")]
    svc = GameService(tmp_path / "fold.sqlite3", seed=3, decks=decks)
    play_out(svc, "ann", "fold")
    st = svc.start_round("ann")
    assert [p["decision"]["action"] for p in st["round"]["players"][1:]] == ["fold", "fold"]
    st = svc.act("ann", "fold")
    assert st["phase"] == "idle"
    pot = st["round"]["result"]["pot"]
    assert pot["carried"] and pot["winners"] == [] and st["table_pot"] == pot["amount"] == 30
    assert st["round"]["dealer"]["hidden"] == 4 and st["round"]["result"]["showdown"] == []
    assert all(p["cards"] is None for p in st["round"]["players"][1:])
    assert svc.audit("ann")["ok"] and svc.stats("ann")["pots"]["carried"] == 1
    nxt = svc.start_round("ann")  # a secrets/seeded deck again
    assert nxt["round"]["carry_in"] == 30 and nxt["round"]["pot"] == 60 == nxt["table_pot"]
    assert svc.audit("ann")["ok"]
    svc.close()


def test_profile_names(svc: GameService) -> None:
    for good in ("ann", "José María", "Ольга", "a", "x.y-z_1"):
        assert svc.state(good)["profile"] == good
    for bad in ("", " ann", "ann ", "a/b", "x" * 41, "<script>", 5):
        with pytest.raises(GameError) as err:
            svc.state(bad)  # type: ignore[arg-type]
        assert err.value.code == "bad_profile"
