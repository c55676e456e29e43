// The answers: the equity table and its bars, the method line, the job's status.
import { $, el } from "/shared/js/dom.js";
import { decimal, num, pct, share, t, tn } from "./i18n.js";

export function showStatus(key, params) {
  $("#job-status").textContent = key ? t(key, params) : "";
}

export function showProgress(fraction) {
  const box = $("#job-progress");
  if (fraction === null) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  $("#progress").value = fraction;
  showStatus("status_running", { pct: pct(fraction, 0) });
}

export function showEquity(result) {
  const rows = $("#equity-rows");
  rows.replaceChildren();
  const bars = $("#bars");
  bars.replaceChildren();
  result.players.forEach((p, i) => {
    rows.append(el("tr", { "data-player": i + 1 },
      el("th", { scope: "row", text: t("player_n", { n: i + 1 }) }),
      el("td", { class: "hand", text: p.hand }),
      el("td", { class: "num equity", "data-value": p.equity, text: share(p.equity) }),
      el("td", { class: "num win", "data-value": p.win, text: share(p.win) }),
      el("td", { class: "num tie", "data-value": p.tie, text: share(p.tie) })));
    const bar = el("div", { class: "bar p" + (i + 1) });
    bar.style.setProperty("--share", String(p.equity));
    bars.append(el("div", { class: "bar-row" }, el("span", { text: String(i + 1) }), bar));
  });
  $("#equity-table").hidden = false;
  // On a phone the table is far below the grid: a strip at the bottom keeps the figures in view.
  const summary = $("#summary");
  summary.textContent = result.players.map((p, i) => (i + 1) + ": " + pct(p.equity, 1)).join("  ·  ");
  summary.hidden = false;
  $("#method").textContent = result.method === "exact"
    ? tn("method_exact", result.boards, { n: num(result.boards) })
    : t("method_mc", {
      n: num(result.trials),
      se: (result.stderr || []).map((s) => decimal(100 * s, 2) + "%").join(", "),
    });
}

export function clearEquity() {
  $("#equity-table").hidden = true;
  $("#summary").hidden = true;
  $("#bars").replaceChildren();
  $("#method").textContent = "";
}
