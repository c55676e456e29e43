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

const grid = { cells: [], weights: {}, heat: null, focus: 0, onPaint: null, paintWeight: () => 1 };

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

// Show the heat map: {cls: equity 0..1}, or null to show the range again.
export function showHeat(heat) {
  grid.heat = heat;
  render();
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
      cell.style.setProperty("--hue", String(Math.round(120 * e)));
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
  } else if (event.key === " " || event.key === "Enter") {
    event.preventDefault();
    const cls = CLASSES[i];
    const brush = grid.paintWeight();
    const weight = (grid.weights[cls] || 0) === brush && brush > 0 ? 0 : brush;
    grid.weights[cls] = weight;
    grid.heat = null;
    render();
    grid.onPaint({ [cls]: weight });
  }
}
