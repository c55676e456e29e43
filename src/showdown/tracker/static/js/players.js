// The players table: every figure of the JSON, sorted by any column (the column's
// button; again for the other direction), narrowed by the player search as you type.
import { $, el } from "/shared/js/dom.js";
import { money, named, num, pct, t } from "./i18n.js";
import { state } from "./state.js";

const RATIOS = ["vpip", "pfr", "three_bet", "fold_to_three_bet", "steal", "cbet",
  "fold_to_cbet", "wtsd", "wsd", "wwsf"];
export const COLUMNS = [
  { key: "player", kind: "name" },
  { key: "hands", kind: "int" },
  ...RATIOS.map((key) => ({ key, kind: "ratio" })),
  { key: "af", kind: "number" },
  { key: "afq", kind: "percent" },
  { key: "net", kind: "money" },
  { key: "ev_net", kind: "money" },
  { key: "bb100", kind: "number" },
  { key: "ev_bb100", kind: "number" },
  { key: "rake", kind: "money" },
];

const table = { rows: [], by: null, onPick: null, onSort: null };

export function setupPlayers(onPick, onSort) {
  table.onPick = onPick;
  table.onSort = onSort;
}

export function showPlayers(rows, by) {
  table.rows = rows;
  table.by = by;
  renderPlayers();
}

function columns() {
  if (!table.by) return COLUMNS;
  return [COLUMNS[0], { key: table.by, kind: "group" }, ...COLUMNS.slice(1)];
}

// The number a column sorts by (null: no figure, always last).
function sortValue(row, col) {
  const value = row[col.key];
  if (value === null || value === undefined) return null;
  if (col.kind === "ratio") return value.percent;
  if (col.kind === "money") {
    const amounts = Object.values(value).map(Number).filter((x) => !Number.isNaN(x));
    return amounts.length ? amounts.reduce((a, b) => a + b, 0) : null;
  }
  if (col.kind === "name" || (col.kind === "group" && typeof value === "string")) {
    return String(value).toLocaleLowerCase();
  }
  return value;
}

function compare(a, b, col, dir) {
  const x = sortValue(a, col), y = sortValue(b, col);
  if (x === null || y === null) {
    if (x === y) return 0;
    return x === null ? 1 : -1;
  }
  const order = x < y ? -1 : x > y ? 1 : 0;
  return dir === "asc" ? order : -order;
}

function moneyText(value) {
  const parts = Object.entries(value || {}).map(([currency, amount]) =>
    money(Number(amount), currency === "chips" ? "" : currency));
  return parts.length ? parts.join(" · ") : "—";
}

function cell(row, col) {
  const value = row[col.key];
  const attrs = { class: col.kind === "name" || col.kind === "group" ? "" : "num" };
  if (col.kind === "name") {
    const pick = el("button", { type: "button", class: "name-button", text: value,
      "aria-label": t("pick_player", { name: value }) });
    pick.addEventListener("click", () => table.onPick(value));
    return el("th", { scope: "row" }, pick);
  }
  let text = "—";
  if (value !== null && value !== undefined) {
    if (col.kind === "ratio") {
      text = value.percent === null ? "—" : pct(value.percent / 100);
      attrs.title = t("made_of", { made: num(value.made), opportunities: num(value.opportunities) });
      attrs["data-value"] = value.percent ?? "";
    } else if (col.kind === "money") {
      text = moneyText(value);
      const sum = sortValue(row, col);
      attrs.class += sum > 0 ? " plus" : sum < 0 ? " minus" : "";
    } else if (col.kind === "percent") {
      text = pct(value / 100);
    } else if (col.kind === "group") {
      text = table.by === "month" || table.by === "position" || table.by === "stakes"
        ? String(value) : table.by === "game" ? named("game_", value) : num(value);
    } else {
      text = num(value, col.kind === "number" ? 2 : undefined);
      attrs["data-value"] = value;
    }
  }
  return el("td", { ...attrs, text });
}

export function renderPlayers() {
  const cols = columns();
  const head = $("#players-head");
  head.replaceChildren(...cols.map((col) => {
    const sorted = state.sort.key === col.key;
    const th = el("th", {
      scope: "col", class: col.kind === "name" || col.kind === "group" ? "" : "num",
      "data-key": col.key,
      "aria-sort": sorted ? (state.sort.dir === "asc" ? "ascending" : "descending") : "none",
    });
    const button = el("button", { type: "button", class: "sort", text: t("col_" + col.key),
      title: t("help_" + col.key) });
    button.addEventListener("click", () => {
      const dir = sorted && state.sort.dir === "desc" ? "asc" : sorted ? "desc"
        : col.kind === "name" || col.kind === "group" ? "asc" : "desc";
      state.sort = { key: col.key, dir };
      renderPlayers();
      table.onSort();
      $(`#players-head th[data-key="${col.key}"] button`).focus();
    });
    th.append(button);
    return th;
  }));
  const sortCol = cols.find((c) => c.key === state.sort.key) || cols[1];
  const search = state.player.trim().toLocaleLowerCase();
  const shown = table.rows
    .filter((row) => !search || String(row.player).toLocaleLowerCase().includes(search))
    .sort((a, b) => compare(a, b, sortCol, state.sort.dir)
      || String(a.player).localeCompare(String(b.player)));
  $("#players-rows").replaceChildren(...shown.map((row) => el("tr", {
    "data-player": row.player, class: row.player === state.player ? "picked" : "",
  }, ...cols.map((col) => cell(row, col)))));
  $("#players-status").textContent = !table.rows.length ? t("players_none")
    : shown.length ? t("players_count", { n: num(shown.length) }) : t("players_no_match");
}
