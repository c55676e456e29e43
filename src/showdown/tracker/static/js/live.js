// The live view: while a folder is watched, the players at the current tables (each
// table's newest hand) with their figures, asked again every few seconds.
import { $, el } from "/shared/js/dom.js";
import { getJSON } from "./api.js";
import { money, named, num, pct, t, when } from "./i18n.js";

export const POLL_MS = 2000;
const live = { timer: null, version: -1, doc: null, onPick: null };
const FIGURES = ["hands", "vpip", "pfr", "three_bet", "af", "wtsd", "bb100", "net"];

export function setupLive(onPick) {
  live.onPick = onPick;
}

export function startLive() {
  stopLive();
  poll();
}

export function stopLive() {
  clearTimeout(live.timer);
  live.timer = null;
}

async function poll() {
  const reply = await getJSON("/api/live");
  if (reply.status === 200) {
    const changed = reply.body.version !== live.version;
    live.version = reply.body.version;
    live.doc = reply.body;
    if (changed) renderLive();
    $("#live-status").textContent = reply.body.error
      ? t("live_error", { message: reply.body.error })
      : t("live_updated", { time: new Date().toLocaleTimeString(document.documentElement.lang) });
    document.body.dataset.liveVersion = String(live.version);
  } else {
    $("#live-status").textContent = t("live_unreachable");
  }
  live.timer = setTimeout(poll, POLL_MS);
}

function figure(key, value, currency) {
  if (value === null || value === undefined) return "—";
  if (key === "hands") return num(value);
  if (key === "af" || key === "bb100") return num(value, 2);
  if (key === "net") {
    const parts = Object.entries(value).map(([cur, amount]) => money(Number(amount), cur || currency));
    return parts.join(" · ") || "—";
  }
  return value.percent === null ? "—" : pct(value.percent / 100);
}

export function renderLive() {
  if (!live.doc) return;
  const tables = live.doc.tables;
  const box = $("#live-tables");
  if (!tables.length) {
    box.replaceChildren(el("p", { class: "muted", text: t("live_none") }));
    return;
  }
  box.replaceChildren(...tables.map((table) => {
    const rows = table.players.map((p) => {
      const pick = el("button", { type: "button", class: "name-button", text: p.player,
        "aria-label": t("pick_player", { name: p.player }) });
      pick.addEventListener("click", () => live.onPick(p.player));
      return el("tr", { "data-player": p.player },
        el("td", { class: "num", text: num(p.seat) }),
        el("th", { scope: "row" }, pick),
        el("td", { text: p.position || "—" }),
        el("td", { class: "num", text: money(p.stack, table.currency) }),
        ...FIGURES.map((key) => el("td", { class: "num", text: figure(key, p.figures[key], "") })));
    });
    return el("section", { class: "panel live-table", "data-table": table.table || "", "data-hand": table.hand },
      el("h3", { text: t("live_table", { table: table.table || "—", room: named("room_", table.room) }) }),
      el("p", { class: "muted", text: t("live_last_hand", { hand: table.hand, time: when(table.played_at) }) }),
      el("div", { class: "scroll", tabindex: "0" },
        el("table", {},
          el("thead", {}, el("tr", {},
            el("th", { scope: "col", class: "num", text: t("col_seat") }),
            el("th", { scope: "col", text: t("col_player") }),
            el("th", { scope: "col", text: t("col_position") }),
            el("th", { scope: "col", class: "num", text: t("col_stack") }),
            ...FIGURES.map((key) => el("th", { scope: "col", class: "num", text: t("col_" + key) })))),
          el("tbody", {}, ...rows))));
  }));
}
