// One player in detail: the equity distribution of every player (an SVG curve), how
// the player's range hits the board (bars), and each of its combos (a table).
import { $, el } from "/shared/js/dom.js";
import { pct, share, t } from "./i18n.js";

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
  drawBreakdown(result.breakdown ? result.breakdown[player] : null);
  const rows = (result.per_combo[player] || []).slice().sort((a, b) => b.equity - a.equity);
  $("#combo-rows").replaceChildren(...rows.map((c) => el("tr", {},
    el("th", { scope: "row", text: c.combo }),
    el("td", { class: "num", text: share(c.weight, 2) }),
    el("td", { class: "num", text: share(c.equity) }),
    el("td", { class: "num", text: share(c.win) }),
    el("td", { class: "num", text: share(c.tie) }))));
}

// Equity (up) against the share of the range holding at least that much (across).
function drawDistribution(curves, player) {
  const W = 300, H = 160, PAD = 34;
  const chart = svg("svg", {
    viewBox: `0 0 ${W} ${H}`, role: "img", class: "curve",
    "aria-label": t("distribution"),
  });
  chart.append(svg("rect", { x: PAD, y: 4, width: W - PAD - 4, height: H - PAD - 4, fill: "#fff", stroke: "#cfd8d2" }));
  for (const y of [0, 0.5, 1]) {
    const ty = 4 + (1 - y) * (H - PAD - 4);
    const label = svg("text", { x: PAD - 3, y: ty + 4, "text-anchor": "end", "font-size": 9 });
    label.textContent = pct(y, 0);
    chart.append(label);
  }
  curves.forEach((points, i) => {
    let previous = 0;
    const path = [];
    for (const [share, equity] of points) {
      const x0 = PAD + previous * (W - PAD - 4), x1 = PAD + share * (W - PAD - 4);
      const y = 4 + (1 - equity) * (H - PAD - 4);
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

function drawBreakdown(doc) {
  const box = $("#breakdown");
  if (!doc) {
    box.replaceChildren(el("p", { class: "muted", text: t("no_board_breakdown") }));
    return;
  }
  const part = (title, shares) => {
    const list = el("dl", { class: "shares" });
    for (const [name, portion] of Object.entries(shares)) {
      if (portion <= 0) continue;
      const bar = el("span", { class: "share-bar" });
      bar.style.setProperty("--share", String(portion));
      list.append(el("dt", { text: t("bd_" + name) }), el("dd", {}, bar, el("span", { text: share(portion, 1) })));
    }
    return el("div", { class: "breakdown-part" }, el("h4", { text: title }), list);
  };
  box.replaceChildren(part(t("made_hands"), doc.made), part(t("draws"), doc.draws));
}

const RANKS = "AKQJT98765432";

// The grid class of a combo ("AdKd" -> "AKs", "KcAd" -> "AKo", "QsQd" -> "QQ").
export function classOf(combo) {
  let [a, b] = [combo.slice(0, 2), combo.slice(2, 4)];
  if (RANKS.indexOf(a[0]) > RANKS.indexOf(b[0])) [a, b] = [b, a];
  if (a[0] === b[0]) return a[0] + b[0];
  return a[0] + b[0] + (a[1] === b[1] ? "s" : "o");
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
