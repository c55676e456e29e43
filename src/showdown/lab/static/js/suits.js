// Suits inside one grid cell: a small dialog lists the cell's combos (4 suited, 6 pairs,
// 12 offsuit) as toggles, and Apply keeps only the chosen ones in the painted range,
// e.g. only the hearts and spades of AKs: `AhKh, AsKs`. Opened by a press on a cell
// while "Pick suits" is on, or by the S key on the focused cell.
import { $, el } from "/shared/js/dom.js";
import { getJSON, rangeView } from "./api.js";
import { t } from "./i18n.js";
import { setCellPicker } from "./grid.js";

const SYMBOLS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const picker = { host: null, cls: null, weights: {} };

// host: {spot() -> {players, editing, game}, setRange(i, text)}.
export function setupSuits(host) {
  picker.host = host;
  const mode = $("#suit-mode");
  mode.addEventListener("click", () => {
    mode.setAttribute("aria-pressed", mode.getAttribute("aria-pressed") === "true" ? "false" : "true");
  });
  setCellPicker((cls, forced) => {
    if (!forced && mode.getAttribute("aria-pressed") !== "true") return false;
    if (picker.host.spot().game !== "holdem") return false;
    openPicker(cls);
    return true;
  });
  $("#suit-all").addEventListener("click", () => setAll(true));
  $("#suit-none").addEventListener("click", () => setAll(false));
  $("#suit-apply").addEventListener("click", apply);
  $("#suit-close").addEventListener("click", closePicker);
  $("#suit-picker").addEventListener("keydown", (event) => {
    if (event.key === "Escape") { event.preventDefault(); closePicker(); }
  });
}

// A combo as the eye reads it: "AhKh" -> "A♥K♥".
export const pretty = (combo) => combo[0] + SYMBOLS[combo[1]] + combo[2] + SYMBOLS[combo[3]];

async function openPicker(cls) {
  const spot = picker.host.spot();
  const text = spot.players[spot.editing] || "";
  let reply = await getJSON("/api/range?text=" + encodeURIComponent(text) + "&cell=" + encodeURIComponent(cls));
  if (reply.status !== 200) reply = await getJSON("/api/range?text=&cell=" + encodeURIComponent(cls));
  if (reply.status !== 200) return;
  picker.cls = cls;
  picker.weights = reply.body.cell;
  const list = $("#suit-combos");
  list.replaceChildren(...Object.entries(picker.weights).map(([combo, w]) => {
    const button = el("button", {
      type: "button", class: "suit-combo", "data-combo": combo, "aria-pressed": w > 0 ? "true" : "false",
      "aria-label": combo,
    }, ...[0, 2].map((at) => el("span", { class: "suit-" + combo[at + 1], text: pretty(combo).slice(at, at + 2) })));
    button.addEventListener("click", () => {
      button.setAttribute("aria-pressed", button.getAttribute("aria-pressed") === "true" ? "false" : "true");
    });
    return button;
  }));
  $("#suit-title").textContent = t("suit_title", { cls });
  const box = $("#suit-picker");
  box.hidden = false;
  list.querySelector("button").focus();
}

function setAll(on) {
  for (const b of document.querySelectorAll("#suit-combos .suit-combo")) b.setAttribute("aria-pressed", on ? "true" : "false");
}

export function closePicker() {
  $("#suit-picker").hidden = true;
  const cell = document.querySelector(`#grid .cell[data-cls="${picker.cls}"]`);
  if (cell) cell.focus();
}

// The new range: the old one without the cell's class, then the chosen combos (at
// the weight they had, or whole when they were out).
async function apply() {
  const spot = picker.host.spot();
  const i = spot.editing;
  const chosen = [...document.querySelectorAll("#suit-combos .suit-combo[aria-pressed=true]")].map((b) => {
    const w = picker.weights[b.dataset.combo];
    return w > 0 && w < 1 ? b.dataset.combo + ":" + w : b.dataset.combo;
  });
  const before = (spot.players[i] || "").trim();
  let rest = "";
  if (before) {
    const reply = await rangeView(before + ", " + picker.cls + ":0");
    if (reply.status === 200 && reply.body.combos > 0) rest = reply.body.canonical;
  }
  const text = [rest, ...chosen].filter(Boolean).join(", ");
  picker.host.setRange(i, text);
  closePicker();
}
