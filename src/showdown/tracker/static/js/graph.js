// A player's graph: what they won, all-in EV adjusted, and won with and without showdown,
// against hands played (or dates). Pointing at it names the hand under the pointer;
// clicking (or Enter) opens that hand in the replayer; the arrow keys move hand by hand.
import { $, el, svg } from "/shared/js/dom.js";
import { money, named, num, t, when } from "./i18n.js";

export const LINES = ["net", "ev_net", "showdown", "no_showdown"];
const PAD = { left: 56, right: 12, top: 12, bottom: 28 };
const graph = { data: null, xs: [], index: -1, onOpen: null, currency: "", lastTouch: -1 };

export function setupGraph(onOpen) {
  graph.onOpen = onOpen;
  const box = $("#graph");
  box.addEventListener("pointermove", (e) => { if (e.pointerType === "mouse") pointAt(e); });
  box.addEventListener("pointerdown", (e) => pointAt(e));
  box.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse") hideTip(); });
  box.addEventListener("click", (e) => {
    const before = graph.index;
    pointAt(e);
    // a finger's first tap shows the hand; a tap on the same point (or a click) opens it
    if (e.pointerType === "touch" && graph.lastTouch !== before) {
      graph.lastTouch = graph.index;
      return;
    }
    open();
  });
  box.addEventListener("keydown", keyDown);
  box.addEventListener("blur", hideTip);
  new ResizeObserver(() => { if (graph.data) draw(); }).observe($("#graph-box"));
}

export function showGraph(data, currency) {
  graph.data = data;
  graph.currency = currency || "";
  graph.index = -1;
  draw();
  $("#graph-legend").replaceChildren(...LINES.map((key) => el("li", {},
    el("span", { class: "swatch swatch-" + key }), el("span", { text: t("line_" + key) }))));
}

export function clearGraph() {
  graph.data = null;
  $("#graph").replaceChildren();
  $("#graph-legend").replaceChildren();
  hideTip();
}

function xValue(x) {
  return typeof x === "number" ? x : new Date(x).getTime();
}

// Round steps for the axis: 1, 2 or 5 times a power of ten.
function ticks(low, high, count) {
  const span = high - low || 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => span / s <= count) || raw;
  const out = [];
  for (let v = Math.ceil(low / step) * step; v <= high + step / 1e6; v += step) out.push(v);
  return out;
}

function draw() {
  const root = $("#graph");
  const { series } = graph.data;
  const width = Math.max(280, $("#graph-box").clientWidth);
  const height = width < 600 ? 220 : 320;
  root.setAttribute("viewBox", `0 0 ${width} ${height}`);
  root.setAttribute("aria-label", t("graph_label", { player: graph.data.player, n: num(graph.data.hands) }));
  root.replaceChildren();
  const n = series.net.length;
  if (!n) return;
  const xsRaw = series.x.map(xValue);
  const x0 = xsRaw[0], x1 = xsRaw[n - 1] === x0 ? x0 + 1 : xsRaw[n - 1];
  const values = LINES.flatMap((key) => series[key]).concat([0]);
  const y0 = Math.min(...values), y1 = Math.max(...values) === y0 ? y0 + 1 : Math.max(...values);
  const sx = (x) => PAD.left + (x - x0) / (x1 - x0) * (width - PAD.left - PAD.right);
  const sy = (y) => height - PAD.bottom - (y - y0) / (y1 - y0) * (height - PAD.top - PAD.bottom);
  graph.xs = xsRaw.map(sx);
  graph.sy = sy;
  for (const v of ticks(y0, y1, 5)) {
    root.append(svg("line", { class: "grid", x1: PAD.left, x2: width - PAD.right, y1: sy(v), y2: sy(v) }));
    const label = svg("text", { class: "axis", x: PAD.left - 6, y: sy(v) + 4, "text-anchor": "end" });
    label.textContent = num(Number(v.toPrecision(12)));
    root.append(label);
  }
  root.append(svg("line", { class: "zero", x1: PAD.left, x2: width - PAD.right, y1: sy(0), y2: sy(0) }));
  const byDate = graph.data.x === "date";
  for (const v of byDate ? [x0, (x0 + x1) / 2, x1] : ticks(x0, x1, width < 600 ? 3 : 6)) {
    const label = svg("text", { class: "axis", x: sx(v), y: height - 8, "text-anchor": "middle" });
    label.textContent = byDate ? when(new Date(v).toISOString(), false) : num(Math.round(v));
    root.append(label);
  }
  for (const key of LINES) {
    const points = series[key].map((y, k) => `${graph.xs[k].toFixed(1)},${sy(y).toFixed(1)}`);
    root.append(svg("polyline", { class: "line line-" + key, points: points.join(" "), "data-line": key }));
  }
  if (graph.index >= 0) mark(graph.index);
}

function nearest(px) {
  const xs = graph.xs;
  let lo = 0, hi = xs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] < px) lo = mid + 1; else hi = mid;
  }
  return lo > 0 && px - xs[lo - 1] < xs[lo] - px ? lo - 1 : lo;
}

function pointAt(event) {
  if (!graph.data || !graph.xs.length) return;
  const root = $("#graph");
  const box = root.getBoundingClientRect();
  const scale = root.viewBox.baseVal.width / box.width;
  mark(nearest((event.clientX - box.left) * scale));
}

// Show the hand at index k: a guide, a dot on each line and the tip naming the hand.
function mark(k) {
  const root = $("#graph");
  const { series } = graph.data;
  graph.index = k;
  for (const node of root.querySelectorAll(".guide, .dot")) node.remove();
  const x = graph.xs[k];
  const height = root.viewBox.baseVal.height;
  root.append(svg("line", { class: "guide", x1: x, x2: x, y1: PAD.top, y2: height - PAD.bottom }));
  for (const key of LINES) {
    root.append(svg("circle", { class: "dot dot-" + key, cx: x, cy: graph.sy(series[key][k]), r: 4 }));
  }
  const tip = $("#graph-tip");
  tip.dataset.room = series.room[k];
  tip.dataset.hand = series.hand[k];
  tip.dataset.index = String(k);
  tip.replaceChildren(
    el("p", { class: "tip-hand", text: t("tip_hand", { hand: series.hand[k], room: named("room_", series.room[k]) }) }),
    el("p", { text: when(series.played_at[k]) }),
    ...LINES.map((key) => el("p", { text: t("line_" + key) + ": " + money(series[key][k], graph.currency) })),
    el("p", { class: "tip-open", text: t("tip_open") }));
  tip.hidden = false;
  const scale = root.getBoundingClientRect().width / root.viewBox.baseVal.width;
  const left = x * scale;
  const room = $("#graph-box").clientWidth;
  tip.style.setProperty("left", Math.max(0, Math.min(left + 12, room - tip.offsetWidth)) + "px");
  tip.style.setProperty("top", "8px");
}

function hideTip() {
  $("#graph-tip").hidden = true;
  for (const node of $("#graph").querySelectorAll(".guide, .dot")) node.remove();
}

function open() {
  if (!graph.data || graph.index < 0) return;
  const { series } = graph.data;
  graph.onOpen(series.room[graph.index], series.hand[graph.index]);
}

function keyDown(event) {
  if (!graph.data || !graph.xs.length) return;
  const last = graph.xs.length - 1;
  const moves = { ArrowLeft: -1, ArrowRight: 1, PageDown: 10, PageUp: -10 };
  if (event.key in moves || event.key === "Home" || event.key === "End") {
    event.preventDefault();
    const from = graph.index < 0 ? last : graph.index;
    const k = event.key === "Home" ? 0 : event.key === "End" ? last
      : Math.max(0, Math.min(last, from + moves[event.key]));
    mark(k);
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    if (graph.index < 0) mark(last); else open();
  }
}
