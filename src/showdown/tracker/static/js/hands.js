// The hand list: one line per hand (room, number, date, stakes, position, cards, net,
// all-in EV), the newest first; a line opens its hand in the replayer.
import { $, el } from "/shared/js/dom.js";
import { cardsEl } from "./cards.js";
import { money, named, t, when } from "./i18n.js";

const list = { rows: [], onOpen: null };

export function setupHands(onOpen) {
  list.onOpen = onOpen;
}

export function showHands(rows, append) {
  list.rows = append ? list.rows.concat(rows) : rows;
  renderHands();
}

export const shownHands = () => list.rows.length;

function amountCell(value, currency) {
  const cls = value > 0 ? "num plus" : value < 0 ? "num minus" : "num";
  return el("td", { class: cls, "data-value": value, text: money(value, currency) });
}

export function renderHands() {
  $("#hands-rows").replaceChildren(...list.rows.map((row) => {
    const open = el("button", { type: "button", class: "name-button", text: row.hand,
      "aria-label": t("open_hand", { hand: row.hand }) });
    const tr = el("tr", { "data-room": row.room, "data-hand": row.hand },
      el("td", { text: when(row.played_at) }),
      el("td", { text: named("room_", row.room) }),
      el("td", {}, open),
      el("td", { text: row.player }),
      el("td", { text: named("game_", row.game) + " " + row.stakes + (row.currency ? " " + row.currency : "") }),
      el("td", { text: row.position || "—" }),
      el("td", {}, row.cards ? cardsEl(row.cards) : "—"),
      amountCell(row.net, row.currency),
      amountCell(row.ev_net, row.currency));
    tr.addEventListener("click", () => list.onOpen(row.room, row.hand));
    return tr;
  }));
}
