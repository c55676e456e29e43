// Flop analysis: how often a range makes each class on a random flop, exactly over
// all 22,100 flops (POST /api/flops): each class's share of range and flops, and its
// combos on an average flop.
import { $, el } from "/shared/js/dom.js";
import { postJSON } from "./api.js";
import { num, pct, t } from "./i18n.js";
import { classRows, comboCount } from "./breakdown.js";

let host = null;
let generation = 0;
let shown = null; // the last answer, its player and its time, drawn again in a new language

// host: {spot() -> {game, players, dead, editing}}.
export function setupFlops(h) {
  host = h;
  $("#flops-run").addEventListener("click", runFlops);
}

export async function runFlops() {
  const mine = ++generation;
  const spot = host.spot();
  const i = spot.editing;
  const box = $("#flops-result");
  box.replaceChildren();
  shown = null;
  $("#flops-status").textContent = t("flops_running", { n: i + 1 });
  document.body.dataset.flops = "running";
  const started = performance.now();
  let reply;
  try {
    reply = await postJSON("/api/flops", { range: spot.players[i], dead: spot.dead, game: spot.game });
  } catch {
    reply = { status: 0, body: { message: t("status_failed") } };
  }
  if (mine !== generation) return;
  document.body.dataset.flops = reply.status === 200 ? "done" : "error";
  if (reply.status !== 200) {
    $("#flops-status").textContent = t("status_error", { message: reply.body.message || "" });
    return;
  }
  shown = { doc: reply.body, player: i, ms: performance.now() - started };
  redrawFlops();
}

export function redrawFlops() {
  if (!shown) return;
  const { doc, player, ms } = shown;
  const box = $("#flops-result");
  $("#flops-status").textContent = t("flops_done", {
    n: player + 1, flops: num(doc.flops), combos: comboCount(doc.combos),
    s: num(Math.round(ms) / 1000),
  });
  const part = (title, shares, counts) => {
    const body = el("tbody");
    for (const [name, share, combos] of classRows(shares, counts, doc.combos)) {
      const bar = el("span", { class: "share-bar" });
      bar.style.setProperty("--share", String(share));
      body.append(el("tr", { "data-class": name },
        el("td", { text: t("bd_" + name) }),
        el("td", { class: "num combos", "data-value": combos, text: comboCount(combos) }),
        el("td", { class: "num share", "data-value": share },
          el("span", { class: "share-cell" }, bar, el("span", { text: pct(share, 1) })))));
    }
    return el("table", { class: "breakdown-table" }, el("thead", {}, el("tr", {},
      el("th", { scope: "col", text: title }),
      el("th", { scope: "col", class: "num", text: t("flops_combos") }),
      el("th", { scope: "col", class: "num", text: t("bd_share") }))), body);
  };
  box.replaceChildren(part(t("made_hands"), doc.made, doc.made_combos),
    part(t("draws"), doc.draws, doc.draw_combos));
}
