// The 13 x 13 grid of starting hands: pairs on the diagonal, suited above, offsuit
// below. Painted with the mouse or a finger (pointer events: press, drag, release),
// or from the keyboard (one roving tab stop; arrows move, Space or Enter paints).
import { $, el } from "/shared/js/dom.js";
import { pct, t } from "./i18n.js";

const RANKS = "AKQJT98765432";
export const CLASSES = [];
for (let r = 0; r < 13; r++) {
  for (let c = 0; c < 13; c++) {
    const hi = RANKS[Math.min(r, c)], lo = RANKS[Math.max(r, c)];
    CLASSES.push(r === c ? hi + lo : hi + lo + (r < c ? "s" : "o"));
  }
}

const grid = {
  cells: [], weights: {}, heat: null, spread: null, focus: 0, onPaint: null, paintWeight: () => 1,
  onCellPick: null, // when it answers true for a pressed cell, the press picks instead of painting
};

// Build the grid inside #grid; onPaint({cls: weight, ...}) when a stroke ends.
export function buildGrid(onPaint, paintWeight) {
  grid.onPaint = onPaint;
  grid.paintWeight = paintWeight;
  const root = $("#grid");
  for (let r = 0; r < 13; r++) {
    const row = el("div", { role: "row", class: "grid-row" });
    for (let c = 0; c < 13; c++) {
      const i = r * 13 + c;
      const cell = el("div", {
        role: "gridcell", class: "cell " + (r === c ? "pair" : r < c ? "suited" : "offsuit"),
        "data-cls": CLASSES[i], "data-i": i, tabindex: i === 0 ? 0 : -1,
      }, el("span", { class: "name", text: CLASSES[i] }), el("span", { class: "value" }));
      grid.cells.push(cell);
      row.append(cell);
    }
    root.append(row);
  }
  root.addEventListener("pointerdown", pointerDown);
  root.addEventListener("keydown", keyDown);
}

// Show a range: {cls: weight 0..1}.
export function showWeights(weights) {
  grid.weights = { ...weights };
  render();
}

// Show the heat map: {cls: equity 0..1}, or null to show the range again. The colors
// span the spot's own spread: its lowest equity red, its highest green.
export function showHeat(heat) {
  grid.heat = heat;
  grid.spread = heatSpread(heat);
  render();
  showScale(grid.spread);
}

// The lowest and highest equity of a heat map ({min, max}), or null when it is empty.
export function heatSpread(heat) {
  const values = Object.values(heat || {}).filter((e) => e !== null && e !== undefined);
  if (!values.length) return null;
  return { min: Math.min(...values), max: Math.max(...values) };
}

// Where an equity sits in the spread, 0 (lowest) to 1 (highest); 1 when all are equal.
export const inSpread = (e, spread) => (spread.max > spread.min
  ? (e - spread.min) / (spread.max - spread.min) : 1);

// The color key under the grid: the spread's ends as figures beside a red-to-green bar.
function showScale(spread) {
  const scale = $("#heat-scale");
  if (!scale) return;
  scale.hidden = !spread;
  if (!spread) return;
  scale.replaceChildren(
    el("span", { class: "heat-min", text: pct(spread.min, 1) }),
    el("span", { class: "heat-bar", "aria-hidden": "true" }),
    el("span", { class: "heat-max", text: pct(spread.max, 1) }));
  scale.setAttribute("aria-label", t("heat_scale", { min: pct(spread.min, 1), max: pct(spread.max, 1) }));
}

// Mark a sub-range on the grid ({cls: weight 0..1}, e.g. the combos that hit the
// classes chosen in the breakdown), or null to take the marks away.
export function showSelection(classes) {
  for (const cell of grid.cells) {
    const w = classes ? classes[cell.dataset.cls] || 0 : 0;
    cell.classList.toggle("selected", w > 0);
    if (w > 0) cell.dataset.selected = String(w);
    else delete cell.dataset.selected;
  }
}

// Hand a press on a cell to fn(cls) first (the suit picker); fn answers true to take it.
export function setCellPicker(fn) {
  grid.onCellPick = fn;
}

function render() {
  for (const cell of grid.cells) {
    const cls = cell.dataset.cls;
    const w = grid.weights[cls] || 0;
    cell.style.setProperty("--w", String(w));
    cell.setAttribute("aria-selected", w > 0 ? "true" : "false");
    const value = cell.querySelector(".value");
    if (grid.heat && grid.heat[cls] !== undefined && grid.heat[cls] !== null) {
      const e = grid.heat[cls];
      cell.classList.add("heat");
      cell.style.setProperty("--hue", String(Math.round(120 * inSpread(e, grid.spread))));
      value.textContent = pct(e, 0);
      cell.setAttribute("aria-label", t("cell_label", { cls, w: pct(e, 1) }));
    } else {
      cell.classList.remove("heat");
      value.textContent = w > 0 && w < 1 ? pct(w, 0) : "";
      cell.setAttribute("aria-label", t("cell_label", { cls, w: pct(w, 0) }));
    }
  }
}

// A stroke: the first cell decides between painting (weight of the brush) and
// erasing (when that cell already has the brush's weight); every cell the pointer
// crosses takes it; the whole stroke is sent when the pointer is released.
let stroke = null;

function cellAt(x, y) {
  const node = document.elementFromPoint(x, y);
  return node ? node.closest(".cell") : null;
}

function pointerDown(event) {
  const cell = event.target.closest(".cell");
  if (!cell || event.button > 0) return;
  event.preventDefault();
  if (grid.onCellPick && grid.onCellPick(cell.dataset.cls)) return;
  const brush = grid.paintWeight();
  const current = grid.weights[cell.dataset.cls] || 0;
  stroke = { weight: current === brush && brush > 0 ? 0 : brush, cells: {} };
  paintCell(cell);
  moveFocus(Number(cell.dataset.i), false);
  const root = $("#grid");
  root.setPointerCapture(event.pointerId);
  const move = (e) => {
    for (const ev of e.getCoalescedEvents ? e.getCoalescedEvents() : [e]) {
      const under = cellAt(ev.clientX, ev.clientY);
      if (under) paintCell(under);
    }
  };
  const up = () => {
    root.removeEventListener("pointermove", move);
    root.removeEventListener("pointerup", up);
    root.removeEventListener("pointercancel", up);
    const painted = stroke.cells;
    stroke = null;
    grid.onPaint(painted);
  };
  root.addEventListener("pointermove", move);
  root.addEventListener("pointerup", up);
  root.addEventListener("pointercancel", up);
}

function paintCell(cell) {
  const cls = cell.dataset.cls;
  stroke.cells[cls] = stroke.weight;
  grid.weights[cls] = stroke.weight;
  grid.heat = null;
  render();
  showScale(null);
}

function moveFocus(i, focus = true) {
  grid.cells[grid.focus].tabIndex = -1;
  grid.focus = i;
  grid.cells[i].tabIndex = 0;
  if (focus) grid.cells[i].focus();
}

function keyDown(event) {
  const i = grid.focus;
  const r = Math.floor(i / 13), c = i % 13;
  const moves = {
    ArrowUp: [Math.max(r - 1, 0), c], ArrowDown: [Math.min(r + 1, 12), c],
    ArrowLeft: [r, Math.max(c - 1, 0)], ArrowRight: [r, Math.min(c + 1, 12)],
    Home: [r, 0], End: [r, 12],
  };
  if (moves[event.key]) {
    event.preventDefault();
    const [nr, nc] = moves[event.key];
    moveFocus(nr * 13 + nc);
  } else if ((event.key === "s" || event.key === "S") && grid.onCellPick
    && !event.ctrlKey && !event.metaKey && !event.altKey) {
    event.preventDefault();
    grid.onCellPick(CLASSES[i], true);
  } else if (event.key === " " || event.key === "Enter") {
    event.preventDefault();
    const cls = CLASSES[i];
    const brush = grid.paintWeight();
    const weight = (grid.weights[cls] || 0) === brush && brush > 0 ? 0 : brush;
    grid.weights[cls] = weight;
    grid.heat = null;
    render();
    showScale(null);
    grid.onPaint({ [cls]: weight });
  }
}
