// The per-combo table of the painted player: sorted by a click on a column's header
// (again to turn the order round), filtered by text (a class such as AK, AKs or QQ,
// a card such as Ah, a suit such as h) and by the kind of hand (pairs, suited, offsuit).
import { $, $$, el } from "/shared/js/dom.js";
import { num, pct, t } from "./i18n.js";
import { classOf } from "./hand-class.js";

const RANKS = "AKQJT98765432";
const table = { rows: [], key: "equity", descending: true, selected: null };

export function setupComboTable() {
  for (const button of $$("#combo-table th .sort")) {
    button.addEventListener("click", () => {
      const key = button.closest("th").dataset.key;
      table.descending = table.key === key ? !table.descending : key !== "combo";
      table.key = key;
      render();
    });
  }
  $("#combo-filter").addEventListener("input", render);
  $("#combo-kind").addEventListener("change", render);
}

// The player's combos: [{combo, weight, equity, win, tie}].
export function showCombos(rows) {
  table.rows = rows || [];
  render();
}

// The combos of the sub-range selected in the breakdown (a Set), or null when none is:
// the "Selected in the breakdown" filter shows them.
export function setSelectedCombos(combos) {
  table.selected = combos;
  const option = $('#combo-kind option[value="selected"]');
  option.disabled = !combos;
  if (!combos && $("#combo-kind").value === "selected") $("#combo-kind").value = "all";
  render();
}

// Where a combo sorts by its hand: the grid's order of its class, then its suits.
function handOrder(combo) {
  if (combo.length !== 4) return [999, combo];
  const cls = classOf(combo);
  const hi = RANKS.indexOf(cls[0]), lo = RANKS.indexOf(cls[1]);
  const kind = cls.length === 2 ? 0 : cls[2] === "s" ? 1 : 2;
  return [hi * 100 + lo * 3 + kind, combo];
}

function compare(a, b) {
  if (table.key === "combo") {
    const [x, y] = [handOrder(a.combo), handOrder(b.combo)];
    return x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0);
  }
  return a[table.key] - b[table.key];
}

// Does a combo pass one word of the filter? A class (AK, AKs, QQ) takes its combos,
// anything else (Ah, h, Kd) the combos whose text holds it.
export function matchesWord(combo, word) {
  const w = word.length >= 2 && /^[akqjt2-9]{2}[so]?$/i.test(word) && !/^[akqjt2-9][shdc]$/i.test(word)
    ? word.toUpperCase().replace(/[SO]$/, (x) => x.toLowerCase()) : null;
  if (w && combo.length === 4) {
    const cls = classOf(combo);
    if (w.length === 2 && w[0] !== w[1]) return cls.slice(0, 2) === w || cls.slice(0, 2) === w[1] + w[0];
    return cls === w;
  }
  return combo.toLowerCase().includes(word.toLowerCase());
}

function passes(row, words, kind) {
  if (kind === "selected") {
    if (!table.selected || !table.selected.has(row.combo)) return false;
  } else if (kind !== "all" && row.combo.length === 4) {
    const cls = classOf(row.combo);
    const mine = cls.length === 2 ? "pairs" : cls[2] === "s" ? "suited" : "offsuit";
    if (mine !== kind) return false;
  }
  return !words.length || words.some((w) => matchesWord(row.combo, w));
}

function render() {
  const words = $("#combo-filter").value.split(/[\s,]+/).filter(Boolean);
  const kind = $("#combo-kind").value;
  const sign = table.descending ? -1 : 1;
  const shown = table.rows.filter((r) => passes(r, words, kind))
    .sort((a, b) => sign * compare(a, b));
  $("#combo-rows").replaceChildren(...shown.map((c) => el("tr", {},
    el("th", { scope: "row", text: c.combo }),
    el("td", { class: "num", text: pct(c.weight, 2) }),
    el("td", { class: "num", text: pct(c.equity) }),
    el("td", { class: "num", text: pct(c.win) }),
    el("td", { class: "num", text: pct(c.tie) }))));
  for (const th of $$("#combo-table th[data-key]")) {
    th.setAttribute("aria-sort", th.dataset.key !== table.key ? "none"
      : table.descending ? "descending" : "ascending");
  }
  $("#combo-count").textContent = t("combo_count", { n: num(shown.length), total: num(table.rows.length) });
}
