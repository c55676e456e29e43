"""GameService: the one object the web layer calls (API in ``docs/game-service.md``).

Each state-changing call is one ``BEGIN IMMEDIATE`` transaction: it loads the
profile and its unfinished round, checks the request, runs the rules (and the
opponents' decisions), saves chips, round, steps and balance together, stores
the response under the request id, and commits before returning (G8).

>>> import tempfile, os
>>> svc = GameService(os.path.join(tempfile.mkdtemp(), "g.sqlite3"), seed=1)
>>> st = svc.start_round("ann", ante=10, request_id="a1")
>>> st["phase"], st["round"]["to_act"], len(st["round"]["players"][0]["cards"])
('deciding', 0, 5)
>>> st = svc.act("ann", "keep", request_id="a2")
>>> while st["phase"] == "dealer":
...     st = svc.advance("ann")
>>> st["phase"], st["round"]["phase"], svc.audit("ann")["ok"]
('idle', 'settled', True)
>>> svc.act("ann", "keep")
Traceback (most recent call last):
...
showdown.game.rounds.GameError: there is no unfinished round; start one first
>>> svc.close()
"""

from __future__ import annotations

import json
import os
import random
import re
import secrets
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from showdown.game import ANTES, START_CHIPS
from showdown.game.backup import Backups, BackupWorker
from showdown.game.bots import OPPONENTS, SAMPLES, Analysis, analyse, hint_json
from showdown.game.rounds import (
    SEATS,
    YOU,
    Chips,
    GameError,
    Round,
    apply_decision,
    check_decision,
    deal,
    player_view,
    reveal_next,
    shuffled_deck,
)
from showdown.game.store import Store, Tx
from showdown.i18n import check_lang

NAMES: list[tuple[str, str, str | None]] = [
    ("You", "you", None),
    *((OPPONENTS[s].name, "bot", OPPONENTS[s].style) for s in (1, 2)),
]
_PROFILE = re.compile(r"[^\W][\w .\-]{0,38}[^\W]|[^\W]", re.UNICODE)
_REQUEST = re.compile(r"[A-Za-z0-9_.:\-]{1,100}")


def check_profile(name: object) -> str:
    """``name`` if it is a valid profile name, else ``GameError`` 400 ``bad_profile``."""
    if not isinstance(name, str) or not _PROFILE.fullmatch(name):
        raise GameError(
            400,
            "bad_profile",
            "a profile name is 1-40 letters, digits, spaces, '_', '-' or '.', "
            "starting and ending with a letter or digit",
        )
    return name


def _check_request_id(request_id: object) -> str | None:
    if request_id is None:
        return None
    if not isinstance(request_id, str) or not _REQUEST.fullmatch(request_id):
        raise GameError(
            400, "bad_request_id", "a request_id is 1-100 characters of A-Z a-z 0-9 _ - . :"
        )
    return request_id


def _check_ante(ante: object) -> int:
    if isinstance(ante, bool) or not isinstance(ante, int) or ante not in ANTES:
        raise GameError(400, "bad_ante", f"the ante must be one of {', '.join(map(str, ANTES))}")
    return ante


def _lang(lang: object) -> str:
    """``lang`` as a language code; anything else reads in English (the server refuses it)."""
    try:
        return check_lang(lang)
    except ValueError:
        return "en"


def _chips(profile: dict[str, Any]) -> Chips:
    return Chips(
        stacks=[profile["chips"], profile["bot1_chips"], profile["bot2_chips"]],
        house=profile["house"],
        pot=profile["table_pot"],
        injected=profile["refill_chips"] + profile["opponent_refill_chips"],
    )


def _chip_columns(chips: Chips) -> dict[str, int]:
    return {
        "chips": chips.stacks[0],
        "bot1_chips": chips.stacks[1],
        "bot2_chips": chips.stacks[2],
        "house": chips.house,
        "table_pot": chips.pot,
    }


class GameService:
    """Poker vs Dealer for any number of profiles in one SQLite file. Thread-safe."""

    def __init__(
        self,
        db_path: str | os.PathLike[str] | None = None,
        *,
        seed: int | None = None,
        samples: int = SAMPLES,
        decks: Iterable[Sequence[int]] | None = None,
        backup_every: int | None = None,
    ) -> None:
        self.store = Store(db_path)
        self.samples = samples
        self.backups = Backups(self.store.path)
        self.backup_every = backup_every
        self.settled = 0  # rounds settled by this service since it opened the file
        self._backup_lock = threading.Lock()  # one copy at a time
        self._count_lock = threading.Lock()
        self._worker = BackupWorker(self.backup)
        self._rng: random.Random | None = random.Random(seed) if seed is not None else None
        self._decks = iter(decks) if decks is not None else None

    def close(self) -> None:
        """Finish a backup under way, checkpoint the log into the main file and close
        every connection."""
        self._worker.close()
        self.store.close()

    def backup(self) -> Path:
        """Take a backup now (SQLite's online backup API); returns its file."""
        with self._backup_lock:
            return self.backups.take(self.store.connection())

    def final_backup(self) -> Path | None:
        """At shutdown: finish the background copy and take one last backup if any round
        settled since the file was opened (``None`` if none did)."""
        self._worker.close()
        return self.backup() if self.settled else None

    def _after_settle(self) -> None:
        """After a round settles: the main file catches up with the log (so a copy of the
        ``.sqlite3`` file alone is never more than one round behind), and every
        ``backup_every`` rounds a backup is taken in the background."""
        self.store.checkpoint("PASSIVE")
        with self._count_lock:
            self.settled += 1
            due = self.backup_every is not None and self.settled % self.backup_every == 0
        if due:
            self._worker.request()

    # --- helpers -------------------------------------------------------------------------------

    def _random_seed(self) -> int:
        if self._rng is not None:
            return self._rng.getrandbits(62)
        return secrets.randbits(62)

    def _next_deck(self) -> list[int]:
        """The next round's deck: a rigged one given to the constructor (tests), else a
        seeded shuffle (tests), else a ``secrets`` shuffle (G1)."""
        if self._decks is not None:
            rigged = next(self._decks, None)
            if rigged is not None:
                return list(rigged)
        return shuffled_deck(self._random_seed() if self._rng is not None else None)

    def _analyse(self, rnd: Round, seat: int) -> Analysis:
        rivals = sum(1 for s in range(SEATS) if s != seat and rnd.seats[s].status != "folded")
        return analyse(
            rnd.seats[seat].hand,
            rnd.dealer[0],
            rnd.ante,
            rnd.pot,
            rivals,
            samples=self.samples,
            seed=(rnd.seed + seat) % (1 << 63),
        )

    def _run_opponents(self, tx: Tx, round_id: int, rnd: Round, chips: Chips) -> None:
        """Opponents decide in turn until the round waits for you or the decisions end."""
        while rnd.to_act is not None and rnd.to_act != YOU:
            seat = rnd.to_act
            opponent = OPPONENTS[seat]
            action, index = opponent.decide(self._analyse(rnd, seat), rnd.ante)
            apply_decision(rnd, chips, seat, action, index)
            tx.add_step(round_id, rnd.version, "decision", {"seat": seat, "action": action})

    def _round_view(self, row: dict[str, Any], lang: str) -> dict[str, Any]:
        rnd = Round.from_json(json.loads(row["state"]))
        view = {"id": row["id"], **player_view(rnd, NAMES, lang)}
        view["started_at"] = row["started_at"]
        view["finished_at"] = row["finished_at"]
        return view

    def _state(self, tx: Tx, profile: dict[str, Any], lang: str) -> dict[str, Any]:
        row = tx.last_round_row(profile["id"])
        active = profile["active_round"] is not None
        view = self._round_view(row, lang) if row is not None else None
        chips = _chips(profile)
        button = view["button"] if active and view is not None else profile["button"]
        ante = profile["ante"]
        return {
            "profile": profile["name"],
            "phase": view["phase"] if active and view is not None else "idle",
            "chips": profile["chips"],
            "ante": ante,
            "antes": list(ANTES),
            "refill_available": not active and profile["chips"] < 3 * ante,
            "refills": profile["refills"],
            "table_pot": chips.pot,
            "button": button,
            "seats": [
                {
                    "seat": s,
                    "name": NAMES[s][0],
                    "kind": NAMES[s][1],
                    "style": NAMES[s][2],
                    "chips": chips.stacks[s],
                }
                for s in range(SEATS)
            ],
            "round": view,
        }

    def _active(self, tx: Tx, profile: dict[str, Any], version: object) -> tuple[int, Round]:
        round_id = profile["active_round"]
        if round_id is None:
            raise GameError(409, "no_round", "there is no unfinished round; start one first")
        row = tx.round_row(round_id)
        assert row is not None
        rnd = Round.from_json(json.loads(row["state"]))
        if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
            raise GameError(400, "bad_version", "version must be the round's version number")
        if version is not None and version != rnd.version:
            raise GameError(
                409,
                "stale",
                f"the round is at version {rnd.version}, not {version}; reload the state",
            )
        return round_id, rnd

    def _save(
        self, tx: Tx, profile: dict[str, Any], round_id: int, rnd: Round, chips: Chips
    ) -> None:
        """Write the round and the table; on a settlement, finish the round's record."""
        columns: dict[str, Any] = _chip_columns(chips)
        if rnd.phase != "settled":
            tx.update_round(round_id, rnd.to_json())
            tx.update_profile(profile["id"], **columns)
            return
        assert rnd.settlement is not None
        s = rnd.settlement
        pot = s["pot"]
        if pot["carried"]:
            pot_outcome = "carried"
        elif YOU in pot["winners"]:
            pot_outcome = "won" if len(pot["winners"]) == 1 else "split"
        else:
            pot_outcome = "lost"
        english = player_view(rnd, NAMES, "en")["result"]
        explanation = english["pot"]["explanation"] or english["vs_house"][YOU]["explanation"]
        tx.update_round(
            round_id,
            rnd.to_json(),
            outcome=s["vs_house"][YOU]["outcome"],
            net=s["net"][YOU]["net"],
            pot_outcome=pot_outcome,
            explanation=explanation,
        )
        tx.add_step(round_id, rnd.version, "settle", s)
        tx.add_balance(profile["id"], round_id, chips.stacks[YOU], "settle")
        tx.update_profile(profile["id"], active_round=None, **columns)

    def _mutate(
        self,
        profile: object,
        request_id: object,
        call: list[Any],
        lang: object,
        work: Callable[[Tx, dict[str, Any]], None],
    ) -> dict[str, Any]:
        name = check_profile(profile)
        rid = _check_request_id(request_id)
        fingerprint = json.dumps(call)
        with self.store.transaction() as tx:
            prof = tx.profile(name)
            if rid is not None:
                prior = tx.request(prof["id"], rid)
                if prior is not None:
                    if prior[0] != fingerprint:
                        raise GameError(
                            409,
                            "request_id_reused",
                            f"request_id {rid!r} was used for another call",
                        )
                    return prior[1]
            work(tx, prof)
            fresh = tx.find_profile(name)
            assert fresh is not None
            response = self._state(tx, fresh, _lang(lang))
            if rid is not None:
                tx.put_request(prof["id"], rid, fingerprint, response)
        rnd = response["round"]
        if call[0] in ("act", "advance") and response["phase"] == "idle" and rnd is not None:
            self._after_settle()
        return response

    # --- the API -------------------------------------------------------------------------------

    def state(self, profile: str, lang: str = "en") -> dict[str, Any]:
        """The profile's state; an unknown profile is shown as new (1,000 chips) and is
        created by its first change, never by a read."""
        name = check_profile(profile)
        with self.store.read() as tx:
            prof = tx.find_profile(name)
            return self._state(tx, prof or Tx.unsaved_profile(name), _lang(lang))

    def start_round(
        self,
        profile: str,
        ante: int | None = None,
        request_id: str | None = None,
        lang: str = "en",
    ) -> dict[str, Any]:
        """Post the antes, deal, and let the opponents seated before you decide."""

        def work(tx: Tx, prof: dict[str, Any]) -> None:
            if prof["active_round"] is not None:
                raise GameError(409, "round_in_progress", "finish the unfinished round first")
            stake = prof["ante"] if ante is None else _check_ante(ante)
            if prof["chips"] < 3 * stake:
                raise GameError(
                    409,
                    "insufficient_chips",
                    f"{prof['chips']} chips cannot cover the ante and play bet ({3 * stake});"
                    " take the free refill or a smaller ante",
                )
            chips = _chips(prof)
            extra: dict[str, int] = {}
            for seat in (1, 2):
                if chips.stacks[seat] < 3 * stake:
                    gift = START_CHIPS - chips.stacks[seat]
                    chips.stacks[seat] = START_CHIPS
                    chips.injected += gift
                    extra["opponent_refills"] = (
                        extra.get("opponent_refills", prof["opponent_refills"]) + 1
                    )
                    extra["opponent_refill_chips"] = (
                        extra.get("opponent_refill_chips", prof["opponent_refill_chips"]) + gift
                    )
            number = prof["rounds"] + 1
            seed = self._random_seed()
            deck = self._next_deck()
            rnd = deal(chips, number, stake, prof["button"], deck, seed=seed)
            round_id = tx.insert_round(
                prof["id"], number, stake, rnd.button, " ".join(map(str, deck)), rnd.to_json()
            )
            tx.add_step(round_id, rnd.version, "deal", {"ante": stake, "button": rnd.button})
            tx.add_balance(prof["id"], round_id, chips.stacks[YOU], "ante")
            self._run_opponents(tx, round_id, rnd, chips)
            tx.update_profile(
                prof["id"],
                rounds=number,
                ante=stake,
                button=(rnd.button + 1) % SEATS,
                active_round=round_id,
                **extra,
            )
            self._save(tx, prof, round_id, rnd, chips)

        return self._mutate(profile, request_id, ["start_round", ante], lang, work)

    def act(
        self,
        profile: str,
        action: str,
        card_index: int | None = None,
        request_id: str | None = None,
        version: int | None = None,
        lang: str = "en",
    ) -> dict[str, Any]:
        """Your decision (``fold``, ``keep``, ``exchange`` with ``card_index``); then the
        opponents after you decide."""

        def work(tx: Tx, prof: dict[str, Any]) -> None:
            round_id, rnd = self._active(tx, prof, version)
            check_decision(rnd, YOU, action, card_index)
            chips = _chips(prof)
            apply_decision(rnd, chips, YOU, action, card_index)
            tx.add_step(
                round_id,
                rnd.version,
                "decision",
                {"seat": YOU, "action": action, "card_index": card_index},
            )
            if action != "fold":
                tx.add_balance(prof["id"], round_id, chips.stacks[YOU], "play_bet")
            self._run_opponents(tx, round_id, rnd, chips)
            self._save(tx, prof, round_id, rnd, chips)

        return self._mutate(profile, request_id, ["act", action, card_index, version], lang, work)

    def advance(
        self,
        profile: str,
        request_id: str | None = None,
        version: int | None = None,
        lang: str = "en",
    ) -> dict[str, Any]:
        """The dealer turns his next card face up; the fifth card settles the round."""

        def work(tx: Tx, prof: dict[str, Any]) -> None:
            round_id, rnd = self._active(tx, prof, version)
            chips = _chips(prof)
            card = reveal_next(rnd, chips)
            tx.add_step(round_id, rnd.version, "reveal", {"card": card})
            self._save(tx, prof, round_id, rnd, chips)

        return self._mutate(profile, request_id, ["advance", version], lang, work)

    def refill(
        self, profile: str, request_id: str | None = None, lang: str = "en"
    ) -> dict[str, Any]:
        """Chips back to 1,000, when they cannot cover ante + play bet between rounds (G7)."""

        def work(tx: Tx, prof: dict[str, Any]) -> None:
            if prof["active_round"] is not None:
                raise GameError(409, "round_in_progress", "finish the unfinished round first")
            if prof["chips"] >= 3 * prof["ante"]:
                raise GameError(
                    409,
                    "refill_not_needed",
                    "a refill is offered only when chips cannot cover"
                    f" the ante and play bet ({3 * prof['ante']})",
                )
            tx.update_profile(
                prof["id"],
                chips=START_CHIPS,
                refills=prof["refills"] + 1,
                refill_chips=prof["refill_chips"] + START_CHIPS - prof["chips"],
            )
            tx.add_balance(prof["id"], None, START_CHIPS, "refill")

        return self._mutate(profile, request_id, ["refill"], lang, work)

    def set_ante(self, profile: str, ante: int, lang: str = "en") -> dict[str, Any]:
        """Remember ``ante`` as the profile's default ante."""
        stake = _check_ante(ante)

        def work(tx: Tx, prof: dict[str, Any]) -> None:
            tx.update_profile(prof["id"], ante=stake)

        return self._mutate(profile, None, ["set_ante", stake], lang, work)

    def hint(self, profile: str, lang: str = "en") -> dict[str, Any]:
        """The best decision for you now and its estimated chances (G9)."""
        name = check_profile(profile)
        with self.store.read() as tx:
            prof = tx.find_profile(name)
            if prof is None or prof["active_round"] is None:
                raise GameError(409, "no_round", "there is no unfinished round; start one first")
            row = tx.round_row(prof["active_round"])
            assert row is not None
            rnd = Round.from_json(json.loads(row["state"]))
        if rnd.to_act != YOU:
            raise GameError(409, "not_your_turn", "the round is not waiting for your decision")
        return hint_json(self._analyse(rnd, YOU))

    def history(
        self, profile: str, limit: int = 20, before: int | None = None, lang: str = "en"
    ) -> dict[str, Any]:
        """Settled rounds, newest first, as the player may see them."""
        name = check_profile(profile)
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 200:
            raise GameError(400, "bad_limit", "limit must be 1..200")
        if before is not None and (isinstance(before, bool) or not isinstance(before, int)):
            raise GameError(400, "bad_limit", "before must be a round id")
        with self.store.read() as tx:
            prof = tx.find_profile(name)
            if prof is None:
                return {"rounds": [], "has_more": False}
            rows = tx.settled_rounds(prof["id"], limit + 1, before)
        views = [self._round_view(r, _lang(lang)) for r in rows[:limit]]
        return {"rounds": views, "has_more": len(rows) > limit}

    def round_detail(self, profile: str, round_id: int, lang: str = "en") -> dict[str, Any]:
        """One round of this profile as the player may see it (404 if not theirs)."""
        name = check_profile(profile)
        with self.store.read() as tx:
            prof = tx.find_profile(name)
            row = tx.round_row(round_id) if isinstance(round_id, int) else None
            if prof is None or row is None or row["profile_id"] != prof["id"]:
                raise GameError(404, "no_such_round", f"no round {round_id!r} for this profile")
            return self._round_view(row, _lang(lang))

    def stats(self, profile: str) -> dict[str, Any]:
        """Win/push/loss counts against the house, pots, refills and the balance history."""
        name = check_profile(profile)
        with self.store.read() as tx:
            prof = tx.find_profile(name)
            if prof is None:  # a read never creates the profile: show it as new
                prof = Tx.unsaved_profile(name)
                house, pots, (hi, lo) = {}, {}, (0, 0)
                balance = [{"at": prof["created_at"], "chips": START_CHIPS, "reason": "new",
                            "round": None}]  # fmt: skip
            else:
                house = tx.outcome_counts(prof["id"], "player_outcome")
                pots = tx.outcome_counts(prof["id"], "pot_outcome")
                hi, lo = tx.net_extremes(prof["id"])
                balance = tx.balance(prof["id"])
        return {
            "profile": name,
            "chips": prof["chips"],
            "rounds": sum(house.values()),
            "vs_house": {k: house.get(k, 0) for k in ("win", "push", "loss", "fold")},
            "pots": {k: pots.get(k, 0) for k in ("won", "split", "lost", "carried")},
            "refills": prof["refills"],
            "opponent_refills": prof["opponent_refills"],
            "net": prof["chips"] - START_CHIPS - prof["refill_chips"],
            "biggest_win": max(hi, 0),
            "biggest_loss": min(lo, 0),
            "balance": balance,
        }

    def audit(self, profile: str) -> dict[str, Any]:
        """Every chip of the profile's table, and whether they add up (conservation)."""
        name = check_profile(profile)
        with self.store.read() as tx:
            prof = tx.find_profile(name)
            if prof is None:
                raise GameError(404, "no_such_profile", f"no profile {name!r}")
            bets = 0
            if prof["active_round"] is not None:
                row = tx.round_row(prof["active_round"])
                assert row is not None
                bets = Round.from_json(json.loads(row["state"])).bets_on_table()
        chips = _chips(prof)
        expected = SEATS * START_CHIPS + chips.injected
        total = chips.total(bets)
        return {
            "seats": list(chips.stacks),
            "house": chips.house,
            "table_pot": chips.pot,
            "bets": bets,
            "injected": chips.injected,
            "total": total,
            "expected": expected,
            "ok": total == expected,
        }
