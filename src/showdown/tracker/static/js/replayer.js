// The replayer: a hand step by step (forward, back, to a street), with the cards, the
// stacks, the bets, the pot, each action in words, and every known hand's equity at the
// start of each street.
import { $, el } from "/shared/js/dom.js";
import { cardsEl } from "./cards.js";
import { money, named, num, pct, t, when } from "./i18n.js";

const play = { doc: null, step: 0, onStep: null };
const FIRST_OF_STREET_SKIPS = ["start", "post"];

export function setupReplayer(onStep) {
  play.onStep = onStep;
  $("#step-first").addEventListener("click", () => goTo(0));
  $("#step-back").addEventListener("click", () => goTo(play.step - 1));
  $("#step-next").addEventListener("click", () => goTo(play.step + 1));
  $("#step-last").addEventListener("click", () => goTo(lastStep()));
  document.addEventListener("keydown", (event) => {
    if ($("#view-replayer").hidden || !play.doc) return;
    if (event.target.closest("input, select, textarea, svg")) return;
    const moves = { ArrowLeft: play.step - 1, ArrowRight: play.step + 1, Home: 0, End: lastStep() };
    if (event.key in moves && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      goTo(moves[event.key]);
    }
  });
}

export function showHand(doc, step) {
  play.doc = doc;
  $("#replayer-body").hidden = false;
  const start = doc.steps[0];
  $("#replayer-title").textContent = t("replayer_hand", { hand: doc.hand, room: named("room_", doc.room) });
  $("#replayer-meta").textContent = [named("game_", start.variant), doc.table ? t("table_name", { table: doc.table }) : "",
    when(doc.played_at), doc.currency || ""].filter(Boolean).join(" · ");
  goTo(Math.min(step || 0, lastStep()), false);
}

export function clearHand() {
  play.doc = null;
  $("#replayer-body").hidden = true;
  $("#replayer-title").textContent = t("replayer_title");
  $("#replayer-meta").textContent = "";
}

export const currentStep = () => play.step;
const lastStep = () => (play.doc ? play.doc.steps.length - 1 : 0);

export function goTo(k, tell = true) {
  if (!play.doc) return;
  play.step = Math.max(0, Math.min(lastStep(), k));
  render();
  if (tell) play.onStep(play.step);
}

// Re-render in the current language (the language menu).
export function redrawHand() {
  $("#action-log").dataset.hand = "";
  if (play.doc) showHand(play.doc, play.step);
}

function amount(x) {
  return money(x, play.doc.currency);
}

function nameOf(i) {
  return play.doc.steps[0].players[i].name;
}

// One step in words.
export function sentence(step) {
  const who = step.player === null ? "" : nameOf(step.player);
  const street = t("street_" + step.street);
  switch (step.action) {
    case "start": return t("act_start", { n: num(step.players.length) });
    case "deal":
      return step.dealt ? t("act_deal_hole", { street }) : t("act_deal_board", { street, cards: step.cards.join(" ") });
    case "win": {
      const parts = step.winners.map((w) => t("act_win", { name: nameOf(w.player), amount: amount(w.amount) }));
      for (const r of step.returned) parts.push(t("act_returned", { name: nameOf(r.player), amount: amount(r.amount) }));
      return parts.join("; ");
    }
    case "end": return t("act_end");
    case "draw": return t("act_draw", { name: who, n: num(step.discards) });
    case "show": return t("act_show", { name: who, cards: (step.cards || []).join(" ") });
    case "post":
      if (step.ante && step.blind) {
        return t("act_post_both", { name: who, blind: amount(step.blind), ante: amount(step.ante) });
      }
      return step.ante ? t("act_post_ante", { name: who, amount: amount(step.ante) })
        : t("act_post", { name: who, amount: amount(step.amount) });
    default: {
      const text = t("act_" + step.action, { name: who, amount: amount(step.amount) });
      return step.all_in ? text + " " + t("act_all_in") : text;
    }
  }
}

function render() {
  const steps = play.doc.steps;
  const step = steps[play.step];
  const start = steps[0];
  $("#step-count").textContent = t("step_of", { k: num(play.step), n: num(lastStep()) });
  $("#step-first").disabled = $("#step-back").disabled = play.step === 0;
  $("#step-next").disabled = $("#step-last").disabled = play.step === lastStep();
  $("#step-text").textContent = sentence(step);
  $("#board").replaceChildren(...(step.board.length ? [cardsEl(step.board)] : []));
  $("#runs").textContent = (step.runs || []).map((run, k) =>
    t("run_board", { n: k + 1, cards: run.join(" ") })).join(" · ");
  $("#pot").textContent = t("pot", { amount: amount(step.pot) });
  const won = {};
  for (const w of step.winners || []) won[w.player] = w.amount;
  $("#seats").replaceChildren(...start.players.map((p, i) => {
    const classes = ["seat"];
    if (step.folded[i]) classes.push("folded");
    if (step.player === i) classes.push("acting");
    if (i in won) classes.push("winner");
    const li = el("li", { class: classes.join(" "), "data-seat": i },
      el("span", { class: "who", text: p.name }),
      el("span", { class: "where", text: t("seat_n", { n: p.seat }) }),
      cardsEl(step.holes[i]),
      el("span", { class: "stack", text: t("stack", { amount: amount(step.stacks[i]) }) }));
    if (start.button === i) li.insertBefore(el("span", { class: "badge", text: t("button_badge") }), li.children[1]);
    if (step.in_front[i]) li.append(el("span", { class: "bet", text: t("in_front", { amount: amount(step.in_front[i]) }) }));
    if (i in won) li.append(el("span", { class: "bet", text: t("won", { amount: amount(won[i]) }) }));
    if (step.folded[i]) li.append(el("span", { class: "where", text: t("folded") }));
    return li;
  }));
  renderStreets(steps, step);
  renderEquity(steps);
  renderLog(steps);
}

function renderStreets(steps, step) {
  const seen = [];
  for (const s of steps) if (!seen.includes(s.street)) seen.push(s.street);
  $("#street-jumps").replaceChildren(...seen.map((street) => {
    const first = steps.findIndex((s) => s.street === street && !FIRST_OF_STREET_SKIPS.includes(s.action));
    const target = first >= 0 ? first : steps.findIndex((s) => s.street === street);
    const button = el("button", { type: "button", "data-street": street, text: t("street_" + street),
      "aria-current": step.street === street ? "true" : "false" });
    button.addEventListener("click", () => goTo(target));
    return button;
  }));
}

function renderEquity(steps) {
  const priced = steps.map((s, k) => [k, s.equity]).filter(([, e]) => e);
  const columns = priced.filter(([, e]) => !e.note);
  let now = -1;
  for (const [k] of priced) if (k <= play.step) now = k;
  const current = priced.find(([k]) => k === now);
  let note = "";
  if (current && current[1].note) note = t("note_" + current[1].note);
  else if (current && current[1].unknown) note = t("note_unknown", { n: num(current[1].unknown) });
  $("#equity-note").textContent = !priced.length ? t("note_none") : note;
  const players = [];
  for (const [, e] of columns) for (const i of e.players) if (!players.includes(i)) players.push(i);
  players.sort((a, b) => a - b);
  $("#equity-table").hidden = !columns.length;
  const runs = {};
  $("#equity-head").replaceChildren(el("th", { scope: "col", text: t("col_player") }),
    ...columns.map(([k, e]) => {
      runs[e.street] = (runs[e.street] || 0) + 1;
      const label = t("street_" + e.street) + (runs[e.street] > 1 ? " (" + runs[e.street] + ")" : "");
      return el("th", { scope: "col", class: "num" + (k === now ? " now" : ""), "data-street": e.street, text: label });
    }));
  $("#equity-rows").replaceChildren(...players.map((i) => el("tr", { "data-player": i },
    el("th", { scope: "row" }, el("span", { text: nameOf(i) + " " }), cardsEl(steps[0].players.length ? lastHoles(steps, i) : [])),
    ...columns.map(([k, e]) => {
      const at = e.players.indexOf(i);
      return el("td", { class: "num" + (k === now ? " now" : ""), "data-value": at >= 0 ? e.equity[at] : "",
        title: at >= 0 ? t("win_tie", { win: pct(e.win[at], 2), tie: pct(e.tie[at], 2) }) : "",
        text: at >= 0 ? pct(e.equity[at]) : "—" });
    }))));
}

function lastHoles(steps, i) {
  return steps[steps.length - 1].holes[i];
}

function renderLog(steps) {
  const log = $("#action-log");
  if (log.dataset.hand !== play.doc.room + "/" + play.doc.hand || log.children.length !== steps.length - 1) {
    log.dataset.hand = play.doc.room + "/" + play.doc.hand;
    log.replaceChildren(...steps.slice(1).map((s, k) => {
      const text = s.action === "deal" ? sentence(s) : t("street_" + s.street) + ": " + sentence(s);
      const button = el("button", { type: "button", "data-step": k + 1, text });
      button.addEventListener("click", () => goTo(k + 1));
      return el("li", {}, button);
    }));
  }
  for (const button of log.querySelectorAll("button")) {
    if (Number(button.dataset.step) === play.step) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  }
}
