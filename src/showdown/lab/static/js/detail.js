// One player in detail: the equity distribution of every player (an SVG curve), how
// the player's range hits the board (bars), and each of its combos (a table).
import { $ } from "/shared/js/dom.js";
import { pct, t } from "./i18n.js";
import { drawBreakdown } from "./breakdown.js";
import { showCombos } from "./combo-table.js";
import { classOf } from "./hand-class.js";

export { classOf };

const SVG = "http://www.w3.org/2000/svg";
const COLORS = ["#166534", "#b42318", "#1d4ed8", "#a16207", "#7c3aed", "#0f766e"];

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  return node;
}

export function showDetail(result, player) {
  const box = $("#detail");
  if (!result || !result.per_combo) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  $("#detail-title").textContent = t("detail_title", { n: player + 1 });
  drawDistribution(result.distribution || [], player);
  drawBreakdown(result.breakdown ? result.breakdown[player] : null, player);
  showCombos(result.per_combo[player] || []);
}

// Equity (up) against the share of the range holding at least that much (across).
function drawDistribution(curves, player) {
  const W = 300, H = 172, PAD = 42, BOTTOM = 46;
  const chart = svg("svg", {
    viewBox: `0 0 ${W} ${H}`, role: "img", class: "curve",
    "aria-label": t("distribution"),
  });
  const plotH = H - BOTTOM - 4;
  chart.append(svg("rect", { x: PAD, y: 4, width: W - PAD - 4, height: plotH, fill: "#fff", stroke: "#cfd8d2" }));
  for (const y of [0, 0.5, 1]) {
    const ty = 4 + (1 - y) * plotH;
    const label = svg("text", { x: PAD - 3, y: ty + 4, "text-anchor": "end", "font-size": 9, class: "tick-y" });
    label.textContent = pct(y, 0);
    chart.append(label);
  }
  for (const x of [0, 0.25, 0.5, 0.75, 1]) {
    const tx = PAD + x * (W - PAD - 4);
    const anchor = x === 1 ? "end" : "middle"; // the last tick ends at the plot's edge
    const label = svg("text", { x: tx, y: 4 + plotH + 12, "text-anchor": anchor, "font-size": 9, class: "tick-x" });
    label.textContent = pct(x, 0);
    chart.append(label);
  }
  const across = svg("text", { x: PAD + (W - PAD - 4) / 2, y: H - 6, "text-anchor": "middle", "font-size": 10, class: "axis-x" });
  across.textContent = t("axis_share");
  const up = svg("text", {
    x: 0, y: 0, "text-anchor": "middle", "font-size": 10, class: "axis-y",
    transform: `translate(10 ${4 + plotH / 2}) rotate(-90)`,
  });
  up.textContent = t("axis_equity");
  chart.append(across, up);
  curves.forEach((points, i) => {
    let previous = 0;
    const path = [];
    for (const [share, equity] of points) {
      const x0 = PAD + previous * (W - PAD - 4), x1 = PAD + share * (W - PAD - 4);
      const y = 4 + (1 - equity) * plotH;
      path.push(`${path.length ? "L" : "M"}${x0.toFixed(1)},${y.toFixed(1)} L${x1.toFixed(1)},${y.toFixed(1)}`);
      previous = share;
    }
    chart.append(svg("path", {
      d: path.join(" "), fill: "none", stroke: COLORS[i % COLORS.length],
      "stroke-width": i === player ? 2.5 : 1.2, "data-player": i + 1,
    }));
    const key = svg("text", { x: W - 8, y: 16 + 11 * i, "text-anchor": "end", "font-size": 9, fill: COLORS[i % COLORS.length] });
    key.textContent = t("player_n", { n: i + 1 });
    chart.append(key);
  });
  $("#distribution").replaceChildren(chart);
}

// Each class of the player's range with its combos' weighted mean equity.
export function classEquity(result, player) {
  const sums = {};
  for (const c of (result && result.per_combo ? result.per_combo[player] : []) || []) {
    if (c.combo.length !== 4) return null; // Omaha hands have no place on the grid
    const cls = classOf(c.combo);
    const s = sums[cls] || (sums[cls] = [0, 0]);
    s[0] += c.weight * c.equity;
    s[1] += c.weight;
  }
  const out = {};
  for (const [cls, [we, w]] of Object.entries(sums)) if (w > 0) out[cls] = we / w;
  return out;
}
