// The table: the dealer, the two opponents, your cards, the pot, the actions and
// the hint; and where the focus and the eye go after each step. The showdown is in
// showdown.js, the dealer's turns in dealer.js.
import { $, bringIntoView, fill, h } from "./dom.js";
import { motionOn, play } from "./prefs.js";
import { playSounds, renderShowdown, revealShowdown } from "./showdown.js";
import { endTour } from "./tour.js";
import { botName, cardName, handText, num, t, tn } from "./i18n.js";
import { loadHint, renderHint } from "./hint.js";
import { app, post } from "./state.js";
import { dealerLoop } from "./dealer.js";

export { loadHint };
import { backImg, cardImg, potSentence, roundSummary, seatKey } from "./results.js";

// ---------------------------------------------------------------- drawing

export function renderTable() {
  const st = app.state;
  if (!st) return;
  keepFocus(() => {
    const rnd = st.round;
    $("#my-chips").textContent = num(st.chips);
    const settled = Boolean(rnd && rnd.phase === "settled" && rnd.result);
    $("#screen-table .felt").classList.toggle("settled", settled);
    renderDealer(rnd);
    for (const seat of [1, 2]) renderBot(seat);
    renderYou();
    renderCenter();
    drawActions();
    renderHint();
    renderShowdown();
  });
}

// Called after every new state: draw it, then put the focus where the next key
// makes sense and bring what the player must look at into view.
export function afterState(prev, st) {
  renderTable();
  const rnd = st.round;
  const newRound = rnd && (!prev || !prev.round || prev.round.id !== rnd.id);
  if (rnd) endTour(); // playing is the best tour
  if (prev) playSounds(prev, st, newRound);
  if (app.screen === "table") {
    if (st.phase === "deciding" && (newRound || !prev || prev.phase !== "deciding")) {
      focusCards();
      revealDecision();
    } else if (st.phase === "idle" && rnd && rnd.phase === "settled" && prev && prev.phase !== "idle") {
      focusNext();
      revealShowdown();
    } else if (!prev && st.phase === "idle") {
      focusNext();
      bringIntoView([$("#actions")]); // the Deal button on the first screen
    }
  }
  if (st.phase === "dealer") dealerLoop();
}

export function focusCards() {
  const btn = $(`#seat-0 .card-btn[data-index="${app.selected ?? app.cursor}"]`) || $("#seat-0 .card-btn");
  if (btn) btn.focus({ preventScroll: true });
}

function focusNext() {
  const btn = $("#btn-deal") || $("#btn-refill");
  if (btn) btn.focus({ preventScroll: true });
}

// The decision in one look: the dealer's up card, your five cards and the actions.
export function revealDecision() {
  bringIntoView([$("#dealer-cards"), $("#seat-0 .cards"), $("#actions")]);
}

// Where the focus goes when there is no better place: your cards while you decide,
// the Deal (or Refill) button between rounds. While the dealer turns his cards
// there is nothing to focus; the keys work anyway.
export function focusTarget() {
  const st = app.state;
  if (!st || app.screen !== "table") return null;
  if (st.phase === "deciding") return $("#seat-0 .card-btn.selected") || $(`#seat-0 .card-btn[data-index="${app.cursor}"]`);
  if (st.phase === "idle" && !app.busy) return $("#btn-deal") || $("#btn-refill");
  return null;
}

// Redrawing replaces the table's buttons. When the focused one is replaced, the
// focus moves to its new copy (same id or card), else to focusTarget().
function keepFocus(render) {
  const before = document.activeElement;
  const inFelt = before && before !== document.body && $("#screen-table .felt").contains(before);
  const id = inFelt ? before.id : "";
  const index = inFelt ? before.dataset.index : undefined;
  render();
  const now = document.activeElement;
  if (!inFelt || (now && now !== document.body && now.isConnected)) return;
  const same = (id && document.getElementById(id)) ||
    (index !== undefined && $(`#seat-0 .card-btn[data-index="${index}"]`));
  const target = same || focusTarget();
  if (target) target.focus({ preventScroll: true });
}

function statusText(player) {
  if (!player) return t("status_idle");
  const d = player.decision;
  if (player.status === "waiting") return player.seat === 0 ? t("status_your_turn") : t("status_waiting");
  if (player.status === "folded") return t(seatKey("status_folded", player.seat));
  if (d && d.action === "exchange") return t(seatKey("status_exchanged", player.seat), { n: d.card_index + 1 });
  return t(seatKey("status_kept", player.seat));
}

function buttonBadge(seat) {
  const st = app.state;
  // A settled round stays on screen with its own button: its odd chips were
  // shared from the left of that seat. The next deal moves the badge on.
  const button = st.round ? st.round.button : st.button;
  return seat === button ? h("span", { class: "badge button", title: t("button_title") }, t("button")) : null;
}

// A card turning face up: its face, with the back behind it, half a turn (CSS).
function flipCard(code, extra) {
  return h("span", { class: "flip" }, h("span", { class: "flip-inner" },
    cardImg(code, extra), h("span", { class: "flip-back", "aria-hidden": "true" })));
}

function renderDealer(rnd) {
  const box = $("#dealer-cards");
  fill(box);
  const shown = app.shownDealer;
  if (!rnd) {
    for (let i = 0; i < 5; i++) box.append(h("span", { class: "card slot", "aria-hidden": "true" }));
    $("#dealer-hand").textContent = "";
    app.shownDealer = { round: -1, count: 0 }; // seen: no round yet
    return;
  }
  const up = rnd.dealer.cards;
  // Only cards turned while you watch arrive animated: not those already up when
  // the page opens (a reload mid-round), nor a settled round's.
  const firstSight = shown.round === null || rnd.phase === "settled";
  const before = shown.round === rnd.id ? shown.count : (firstSight ? up.length : 0);
  up.forEach((code, i) => box.append(i < before ? cardImg(code) : motionOn() ? flipCard(code, "arrive") : cardImg(code, "arrive")));
  for (let i = 0; i < rnd.dealer.hidden; i++) box.append(backImg());
  app.shownDealer = { round: rnd.id, count: up.length };
  // A round seen before it settled: its opponents' cards may flip at the showdown.
  if (rnd.phase !== "settled") app.shownBots.watched = rnd.id;
  const hand = rnd.dealer.hand;
  // The line is a live region: with a screen reader, each new card is read out.
  const newest = up.length > before ? cardName(up[up.length - 1]) : null;
  fill($("#dealer-hand"),
    hand ? handText(hand) : t("dealer_up", { n: up.length }),
    newest ? h("span", { class: "visually-hidden" }, " " + t("dealer_new_card", { card: newest })) : null);
}

function playerOf(seat) {
  const rnd = app.state.round;
  return rnd ? rnd.players[seat] : null;
}

// The seats that took the table pot in a settled round.
function potWinners() {
  const rnd = app.state.round;
  return rnd && rnd.phase === "settled" && rnd.result ? rnd.result.pot.winners : [];
}

function winnerBadge(seat) {
  return potWinners().includes(seat) ? h("span", { class: "badge winner" }, t("pot_winner_badge")) : null;
}

// Opponents' cards turned face up at the showdown flip over, once, as you watch.
function botCards(seat, player, cards) {
  const rnd = app.state.round;
  const seen = app.shownBots;
  const key = rnd.id + ":" + seat;
  const fresh = rnd.phase === "settled" && seen.watched === rnd.id && !seen.faceUp.has(key);
  player.cards.forEach((c) => cards.append(fresh && motionOn() ? flipCard(c) : cardImg(c)));
  seen.faceUp.add(key);
}

function renderBot(seat) {
  const st = app.state;
  const info = st.seats[seat];
  const player = playerOf(seat);
  const box = $("#seat-" + seat);
  const cards = h("div", { class: "cards small" });
  if (player && player.cards) botCards(seat, player, cards);
  else if (player) for (let i = 0; i < player.card_count; i++) {
    cards.append(backImg(player.status === "folded" ? "mucked" : ""));
  }
  else for (let i = 0; i < 5; i++) cards.append(h("span", { class: "card slot", "aria-hidden": "true" }));
  const isActing = player && player.status === "waiting";
  box.className = "seat bot" + (player && player.status === "folded" ? " folded" : "") +
    (potWinners().includes(seat) ? " winner" : "");
  fill(box,
    h("div", { class: "seat-head" },
      h("h2", {}, botName(info.name)),
      h("span", { class: "badge style-" + info.style, title: t("style_" + info.style + "_desc") },
        t("style_" + info.style)),
      buttonBadge(seat),
      winnerBadge(seat)),
    h("p", { class: "chips" }, tn("chips_n", info.chips)),
    cards,
    h("p", { class: "seat-status" + (isActing ? " waiting" : "") }, statusText(player)),
    player && player.hand ? h("p", { class: "hand-desc" }, handText(player.hand)) : null,
  );
}

function renderYou() {
  const st = app.state;
  const player = playerOf(0);
  const box = $("#seat-0");
  const deciding = st.phase === "deciding";
  const cards = h("div", {
    class: "cards mine",
    role: deciding ? "group" : null,
    "aria-label": deciding ? t("pick_card_label") : null,
  });
  if (player && player.cards) {
    player.cards.forEach((code, i) => {
      const d = player.decision;
      const drawn = d && d.action === "exchange" && d.card_index === i;
      if (deciding) {
        const selected = app.selected === i;
        // One Tab stop for the hand (the card the arrows are on); the arrow keys
        // move between the five.
        cards.append(h("button", {
          type: "button",
          class: "card-btn" + (selected ? " selected" : ""),
          tabindex: i === app.cursor ? "0" : "-1",
          "aria-pressed": selected ? "true" : "false",
          "aria-keyshortcuts": String(i + 1),
          "data-index": i,
          title: t("pick_card", { card: cardName(code), n: i + 1 }),
          onclick: () => toggleCard(i),
          onfocus: () => rove(i),
        }, cardImg(code), h("kbd", { class: "card-key" }, String(i + 1))));
      } else {
        cards.append(h("span", { class: "card-wrap" + (drawn ? " drawn" : "") },
          cardImg(code, player.status === "folded" ? "mucked" : ""),
          drawn ? h("span", { class: "tag" }, t("drawn")) : null));
      }
    });
  } else {
    for (let i = 0; i < 5; i++) cards.append(h("span", { class: "card slot", "aria-hidden": "true" }));
  }
  const d = player && player.decision;
  box.className = "seat you" + (player && player.status === "folded" ? " folded" : "") +
    (potWinners().includes(0) ? " winner" : "");
  fill(box,
    h("div", { class: "seat-head" },
      h("h2", {}, t("you")),
      buttonBadge(0),
      winnerBadge(0),
      h("span", { class: "chips" }, tn("chips_n", st.chips))),
    cards,
    player ? h("p", { class: "seat-status" },
      d && d.action === "exchange" && d.discarded
        ? t("you_exchanged", { n: d.card_index + 1, old: cardName(d.discarded), new: cardName(d.drawn) })
        : statusText(player)) : null,
    player && player.hand && player.status !== "folded"
      ? h("p", { class: "hand-desc" }, t("your_hand") + ": " + handText(player.hand))
      : null,
  );
}

export function renderCenter() {
  const st = app.state;
  if (!st) return;
  const rnd = st.round;
  $("#pot-amount").textContent = num(st.table_pot);
  let note = "";
  if (rnd && rnd.phase !== "settled" && rnd.carry_in) note = t("carry_in", { n: num(rnd.carry_in) });
  else if (st.phase === "idle" && st.table_pot) note = t("pot_waiting");
  $("#pot-note").textContent = note;
  $("#round-info").textContent = rnd
    ? t("round_n", { n: rnd.number }) + " · " + t("ante_bet", { ante: num(rnd.ante), bet: num(rnd.play_bet) })
    : t("no_round_yet");
  const select = $("#ante-select");
  if (select.options.length !== st.antes.length) {
    fill(select, ...st.antes.map((a) => h("option", { value: a }, num(a))));
  }
  // While a change of ante is on its way, the picker keeps the new value.
  if (!app.busy) select.value = String(st.ante);
  select.disabled = st.phase !== "idle" || app.busy;
  // During a round the ante is in the round's line: the picker makes room.
  select.closest("label").hidden = st.phase !== "idle";
}

function actionButton(key, label, onclick, opts = {}) {
  return h("button", {
    type: "button",
    class: "action " + (opts.cls || ""),
    id: "btn-" + opts.id,
    "aria-keyshortcuts": key,
    disabled: opts.disabled || app.busy,
    onclick,
  }, label, " ", h("kbd", {}, key));
}

export function renderActions() {
  if (!app.state) return;
  keepFocus(() => {
    drawActions();
    renderCenter();
  });
}

function drawActions() {
  const st = app.state;
  const box = $("#actions");
  const children = [];
  let status = "";
  if (st.phase === "idle") {
    if (st.refill_available) {
      status = tn("refill_offer", st.chips, { ante: num(st.ante) });
      children.push(actionButton("G", t("refill"), doRefill, { id: "refill", cls: "primary" }));
    } else {
      children.push(actionButton("N", st.round ? t("next_round") : t("deal"), doStart,
        { id: "deal", cls: "primary" }));
      status = st.round ? "" : t("press_deal");
    }
  } else if (st.phase === "deciding") {
    const sel = app.selected;
    children.push(
      actionButton("F", t("fold"), () => doAct("fold"), { id: "fold", cls: "danger" }),
      actionButton("K", t("keep"), () => doAct("keep"), { id: "keep" }),
      // "Exchange the king of spades" on a wide screen; on a phone the raised card
      // says which, and the button keeps its short word (four buttons in one row).
      actionButton("E", sel === null ? t("exchange") : [
        h("span", { class: "long" }, t("exchange_card", { card: cardName(playerOf(0).cards[sel]) })),
        h("span", { class: "short" }, t("exchange")),
      ], () => doAct("exchange"), { id: "exchange", disabled: sel === null }),
      actionButton("H", t("hint"), () => loadHint(true), { id: "hint", cls: "quiet" }),
    );
    status = sel === null ? t("your_turn") : t("exchange_ready", { card: cardName(playerOf(0).cards[sel]) });
  } else if (st.phase === "dealer") {
    status = t("dealer_turning");
  }
  // The round's outcome in one line next to the Next button.
  const rnd = st.round;
  if (st.phase === "idle" && rnd && rnd.phase === "settled" && rnd.result) {
    status = roundSummary(rnd) + ". " + potSentence(rnd) + (status ? " " + status : "");
  }
  fill(box, ...children);
  $("#status").textContent = status;
}

// ---------------------------------------------------------------- actions

export function toggleCard(i) {
  if (!app.state || app.state.phase !== "deciding") return;
  app.selected = app.selected === i ? null : i;
  play("select");
  app.cursor = i;
  renderYou();
  renderActions();
  const btn = $(`#seat-0 .card-btn[data-index="${i}"]`);
  if (btn) btn.focus({ preventScroll: true });
}

// The card the arrows are on is the hand's one Tab stop.
function rove(i) {
  app.cursor = i;
  document.querySelectorAll("#seat-0 .card-btn").forEach((btn) => {
    btn.tabIndex = Number(btn.dataset.index) === i ? 0 : -1;
  });
}

// The arrow keys move between your cards (from anywhere on the page); Home and End
// go to the first and the last.
export function moveCursor(step, to) {
  const inCards = document.activeElement && document.activeElement.classList.contains("card-btn");
  if (to !== undefined) app.cursor = to;
  else if (inCards) app.cursor = (app.cursor + step + 5) % 5;
  const btn = $(`#seat-0 .card-btn[data-index="${app.cursor}"]`);
  if (btn) {
    rove(app.cursor);
    btn.focus({ preventScroll: true });
  }
}

const lastRoundId = () => (app.state && app.state.round ? app.state.round.id : null);

export async function doStart() {
  if (!app.state || app.state.phase !== "idle") return;
  const ante = Number($("#ante-select").value);
  await post("/api/start", { ante, after: lastRoundId() });
}

export async function doRefill() {
  if (!app.state || app.state.phase !== "idle") return;
  await post("/api/refill", { after: lastRoundId() });
}

export async function doAct(action) {
  const st = app.state;
  if (!st || st.phase !== "deciding") return;
  const body = { action, version: st.round.version };
  if (action === "exchange") {
    if (app.selected === null) {
      $("#status").textContent = t("pick_first");
      return;
    }
    body.card_index = app.selected;
  }
  // This tab makes the decision: it turns the dealer's cards (other tabs follow).
  app.drives = true;
  const after = await post("/api/act", body);
  if (!after || after.phase !== "dealer") app.drives = false;
}

export async function setAnte() {
  const ante = Number($("#ante-select").value);
  if (!app.state || ante === app.state.ante) return;
  await post("/api/ante", { ante });
}
