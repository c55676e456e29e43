// The screens besides the table: rules, history (one line per round, opened on
// demand) and statistics; and switching between them.
import { $, $$, fill, h, svg } from "./dom.js";
import { botName, num, signed, t, when } from "./i18n.js";
import { app, api, showError } from "./state.js";
import { cardImg, explanations, myNet, outcomeText, potSentence, resultTable } from "./results.js";
import { focusTarget, revealDecision } from "./table.js";

const CATEGORIES = [
  "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
  "three_of_a_kind", "two_pair", "pair", "high_card",
];
// One example hand per category for the rules screen (best first).
const EXAMPLES = {
  straight_flush: "9h 8h 7h 6h 5h",
  four_of_a_kind: "Qs Qh Qd Qc 7s",
  full_house: "3s 3h 3d Ac Ah",
  flush: "Ad Jd 9d 5d 3d",
  straight: "Tc 9d 8h 7s 6c",
  three_of_a_kind: "7c 7d 7h Ks 2d",
  two_pair: "Ks Kd 4c 4h Ah",
  pair: "As Ad Kc 7h 2s",
  high_card: "Ac Jh 9s 5d 3c",
};

export const KEYS = [
  ["N", "key_deal"], ["1–5", "key_cards"], ["← →", "key_arrows"], ["E", "key_exchange"],
  ["K", "key_keep"], ["F", "key_fold"], ["H", "key_hint"], ["G", "key_refill"],
  ["T", "key_table"], ["R", "key_rules"], ["L", "key_history"], ["S", "key_stats"],
  ["Esc", "key_escape"],
];

export function showScreen(name, focus = true) {
  app.screen = name;
  document.body.dataset.screen = name;
  for (const el of $$(".screen")) el.hidden = el.dataset.screenName !== name;
  for (const btn of $$("#nav button")) {
    if (btn.dataset.screen === name) btn.setAttribute("aria-current", "page");
    else btn.removeAttribute("aria-current");
  }
  if (name === "history") loadHistory(true).catch(showError);
  if (name === "stats") loadStats().catch(showError);
  if (!focus) return;
  if (name === "table") {
    // Back at the table the focus goes where the next key acts (your cards, the
    // Deal button), not to the screen's hidden heading.
    const target = focusTarget();
    if (target) target.focus({ preventScroll: true });
    else $("#main").focus({ preventScroll: true });
    if (app.state && app.state.phase === "deciding") revealDecision();
    return;
  }
  const title = $("#screen-" + name + " h1");
  if (title) title.focus({ preventScroll: false });
}

// -------------------------------------------------------------- history

export async function loadHistory(reset) {
  const before = !reset && app.history.length ? app.history[app.history.length - 1].id : null;
  const data = await api("GET", "/api/history?limit=10" + (before ? "&before=" + before : ""));
  app.history = reset ? data.rounds : app.history.concat(data.rounds);
  app.historyMore = data.has_more;
  renderHistory();
}

// One round, one line: number, outcome, result; the cards and the reasons open on demand.
function historyItem(rnd) {
  const mine = rnd.result.vs_house.find((v) => v.seat === 0);
  const net = myNet(rnd);
  return h("li", { class: "history-item" },
    h("details", {},
      h("summary", {},
        h("span", { class: "round-no" }, t("round_n", { n: rnd.number })),
        h("span", { class: "outcome" }, mine ? outcomeText(mine.outcome, mine.paid, 0, rnd) : ""),
        h("span", { class: "net " + (net > 0 ? "pos" : net < 0 ? "neg" : "") }, signed(net))),
      h("p", { class: "when" }, when(rnd.finished_at || rnd.started_at), " · ",
        t("ante_bet", { ante: num(rnd.ante), bet: num(rnd.play_bet) }), " · ", potSentence(rnd)),
      h("div", { class: "table-scroll" }, resultTable(rnd)),
      explanations(rnd)));
}

export function renderHistory() {
  const body = $("#history-body");
  if (!app.history.length) fill(body, h("p", {}, t("history_empty")));
  else fill(body, h("ol", { class: "history-list", reversed: true }, app.history.map(historyItem)));
  $("#history-more").hidden = !app.historyMore;
}

// ---------------------------------------------------------------- stats

export async function loadStats() {
  app.stats = await api("GET", "/api/stats");
  renderStats();
}

function chart(points) {
  // Drawn at the width it is shown (a phone's 350 px, up to 640), so that
  // the axis labels keep a readable size instead of shrinking with the picture.
  const room = $("#stats-body").clientWidth;
  const W = Math.max(300, Math.min(640, room || 640)), H = W < 500 ? 220 : 260;
  const L = 56, R = 12, T = 16, B = 34;
  const values = points.map((p) => p.chips);
  let lo = Math.min(...values), hi = Math.max(...values);
  if (lo === hi) { lo -= 10; hi += 10; }
  // Round the axis to a "nice" step (1, 2 or 5 times a power of ten).
  const raw = (hi - lo) / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw);
  lo = Math.max(0, Math.floor(lo / step) * step);
  hi = Math.ceil(hi / step) * step;
  const ticks = [];
  for (let v = lo; v <= hi + step / 2; v += step) ticks.push(v);
  const x = (i) => L + (points.length === 1 ? 0 : (i * (W - L - R)) / (points.length - 1));
  const y = (v) => T + ((hi - v) * (H - T - B)) / (hi - lo);
  const root = svg("svg", {
    class: "chart", viewBox: `0 0 ${W} ${H}`, role: "img",
    "aria-label": t("chart_label", { n: points.length, first: num(values[0]), last: num(values[values.length - 1]) }),
  });
  root.append(svg("title", { text: t("chart_title") }));
  for (const v of ticks) {
    root.append(
      svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: "grid" }),
      svg("text", { x: L - 6, y: y(v) + 4, class: "axis", "text-anchor": "end", text: num(Math.round(v)) }));
  }
  const start = 1000;
  if (start >= lo && start <= hi) {
    root.append(svg("line", { x1: L, x2: W - R, y1: y(start), y2: y(start), class: "baseline" }));
  }
  root.append(svg("polyline", {
    class: "line", points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.chips).toFixed(1)}`).join(" "),
  }));
  points.forEach((p, i) => {
    if (p.reason === "refill") root.append(svg("circle", { cx: x(i), cy: y(p.chips), r: 5, class: "refill" }));
  });
  const last = points.length - 1;
  root.append(svg("circle", { cx: x(last), cy: y(values[last]), r: 4, class: "end" }));
  root.append(
    svg("text", { x: L, y: H - 10, class: "axis", text: when(points[0].at) }),
    svg("text", { x: W - R, y: H - 10, class: "axis", "text-anchor": "end", text: when(points[last].at) }));
  return root;
}

export function renderStats() {
  const s = app.stats;
  if (!s) return;
  const stat = (label, value, cls) => h("div", { class: "stat " + (cls || "") }, h("dt", {}, label), h("dd", {}, value));
  fill($("#stats-body"),
    h("dl", { class: "stat-grid" },
      stat(t("stat_chips"), num(s.chips)),
      stat(t("stat_net"), signed(s.net), s.net > 0 ? "pos" : s.net < 0 ? "neg" : ""),
      stat(t("stat_rounds"), num(s.rounds)),
      stat(t("stat_refills"), num(s.refills)),
      stat(t("stat_biggest_win"), s.rounds ? signed(s.biggest_win) : "—"),
      stat(t("stat_biggest_loss"), s.rounds ? signed(s.biggest_loss) : "—")),
    h("h2", {}, t("vs_house_title")),
    h("dl", { class: "stat-grid outcomes" },
      stat(t("out_win"), num(s.vs_house.win), s.vs_house.win ? "pos" : ""),
      stat(t("out_push"), num(s.vs_house.push)),
      stat(t("out_loss"), num(s.vs_house.loss), s.vs_house.loss ? "neg" : ""),
      stat(t("out_fold"), num(s.vs_house.fold))),
    h("h2", {}, t("pots_title")),
    h("dl", { class: "stat-grid outcomes" },
      stat(t("pot_stat_won"), num(s.pots.won), s.pots.won ? "pos" : ""),
      stat(t("pot_stat_split"), num(s.pots.split)),
      stat(t("pot_stat_lost"), num(s.pots.lost), s.pots.lost ? "neg" : ""),
      stat(t("pot_stat_carried"), num(s.pots.carried))),
    h("h2", {}, t("chart_title")),
    // One point (the starting 1,000) is not a chart yet.
    s.balance.length > 1 ? h("figure", { class: "chart-box" }, chart(s.balance),
      h("figcaption", {}, t("chart_caption"))) : h("p", {}, t("history_empty")),
  );
}

// ---------------------------------------------------------------- rules

function handPicture(text, caption) {
  return h("figure", { class: "example" },
    h("div", { class: "cards example-cards" }, text.split(" ").map((c) => cardImg(c))),
    caption ? h("figcaption", {}, caption) : null);
}

export function keyList() {
  return KEYS.map(([k, key]) => h("li", {}, h("kbd", {}, k), " ", t(key)));
}

// The rules; the keyboard shortcuts are the page's footer (shown once, here too).
export function renderRules() {
  const para = (key) => h("p", {}, t(key));
  const rule = (n) => h("li", {}, h("strong", {}, t("g" + n + "_title") + ". "), t("g" + n + "_text"));
  fill($("#rules-body"),
    para("rules_intro"),
    h("h2", {}, t("rules_game_title")),
    h("ol", { class: "g-rules" }, [1, 2, 3, 4, 5, 6, 7].map(rule)),
    h("h2", {}, t("opponents_title")),
    para("opponents_text"),
    h("ul", {}, ["cautious", "bold"].map((style, i) => h("li", {},
      h("strong", {}, botName(["Marta", "Viktor"][i]) + " (" + t("style_" + style) + "): "),
      t("style_" + style + "_desc")))),
    h("h2", {}, t("rankings_title")),
    para("rankings_intro"),
    h("ol", { class: "rankings" }, CATEGORIES.map((cat) =>
      h("li", {}, h("h3", {}, t("cat_" + cat)), h("p", {}, t("catdesc_" + cat)),
        handPicture(EXAMPLES[cat])))),
    para("rankings_kickers"),
    h("h2", {}, t("wheel_title")),
    para("wheel_text"),
    handPicture("5h 4c 3d 2s Ah", t("wheel_caption")),
    para("nowrap_text"),
    handPicture("3h 2c Ad Ks Qs", t("nowrap_caption")),
    h("h2", {}, t("ties_title")),
    h("ul", { class: "ties" }, ["ties_exact", "ties_house", "ties_pot", "ties_pot_example", "ties_suits", "ties_fold"].map((k) => h("li", {}, t(k)))),
    h("div", { class: "tie-example" },
      handPicture("As Ah Kc Qd Js", t("tie_left")),
      h("span", { class: "equals", "aria-hidden": "true" }, "="),
      handPicture("Ac Ad Kh Qs Jd", t("tie_right"))),
    para("tie_example_text"),
  );
}
