// The sub-range that hits the classes ticked in the breakdown ("top pair or better +
// flush draws"): asked of POST /api/select with the other players' hands taken out,
// marked on the grid, and usable as a player's range or copied as text.
import { $, el } from "/shared/js/dom.js";
import { num, t } from "./i18n.js";
import { clearPicked, comboCount, onPickClasses } from "./breakdown.js";
import { showSelection } from "./grid.js";
import { setSelectedCombos } from "./combo-table.js";
import { getJSON, postJSON } from "./api.js";

const chosen = { host: null, latest: null, classes: [], generation: 0 };

// host: {spot() -> {game, players, board, dead, editing}, setRange(i, text)}.
export function setupSelect(host) {
  chosen.host = host;
  onPickClasses(update);
  $("#select-use").addEventListener("click", () => {
    if (!chosen.latest) return;
    const target = Number($("#select-target").value);
    const text = chosen.latest.text;
    clearPicked();
    chosen.host.setRange(target, text);
  });
  $("#select-copy").addEventListener("click", async () => {
    if (!chosen.latest) return;
    try {
      await navigator.clipboard.writeText(chosen.latest.text);
      $("#select-status").textContent = t("select_copied");
    } catch {
      $("#select-text").select();
      $("#select-status").textContent = t("select_copy_by_hand");
    }
  });
  $("#select-clear").addEventListener("click", clearPicked);
}

// The request for the ticked classes of the painted player's range.
export function selectRequest(spot, classes) {
  const i = spot.editing;
  return {
    range: spot.players[i], board: spot.board, dead: spot.dead, game: spot.game,
    against: spot.players.filter((_, j) => j !== i), classes,
  };
}

// The selection's sentences again (in a new language).
export function redrawSelect() {
  if (chosen.latest) show(chosen.latest, chosen.classes);
}

async function update(classes) {
  const mine = ++chosen.generation;
  const box = $("#select-box");
  if (!classes.length) {
    chosen.latest = null;
    box.hidden = true;
    showSelection(null);
    setSelectedCombos(null);
    return;
  }
  const spot = chosen.host.spot();
  let reply;
  try {
    reply = await postJSON("/api/select", selectRequest(spot, classes));
  } catch {
    reply = { status: 0, body: { message: t("status_failed") } };
  }
  if (mine !== chosen.generation) return;
  box.hidden = false;
  $("#select-status").textContent = "";
  if (reply.status !== 200) {
    chosen.latest = null;
    showSelection(null);
    setSelectedCombos(null);
    $("#select-info").textContent = t("select_failed", { message: reply.body.message || "" });
    $("#select-text").value = "";
    return;
  }
  chosen.latest = reply.body;
  chosen.classes = classes;
  showSelection(spot.game === "holdem" ? reply.body.classes : null);
  show(reply.body, classes);
  $("#select-target").value = String(spot.editing);
  const each = spot.game === "holdem" && reply.body.text
    ? await getJSON("/api/range?per_combo=1&text=" + encodeURIComponent(reply.body.text)) : null;
  if (mine !== chosen.generation) return;
  const combos = each && each.status === 200 ? each.body.per_combo : null;
  setSelectedCombos(combos ? new Set(Object.keys(combos)) : null);
  // A few combos read better listed one by one than as classes less their exceptions.
  const listed = combos ? comboList(combos) : "";
  if (listed && listed.length < chosen.latest.text.length) {
    chosen.latest = { ...chosen.latest, text: listed };
    show(chosen.latest, classes);
  }
}

// {combo: weight} as range text: "AhKh, QsQd:0.5".
export const comboList = (combos) => Object.entries(combos)
  .map(([combo, w]) => (w === 1 ? combo : combo + ":" + w)).join(", ");

function show(answer, classes) {
  const spot = chosen.host.spot();
  const target = $("#select-target").value;
  $("#select-info").textContent = t("select_info", {
    combos: comboCount(answer.combos), classes: classes.map((c) => t("bd_" + c)).join(", "),
  });
  $("#select-text").value = answer.text;
  $("#select-target").replaceChildren(...spot.players.map((_, j) => el("option", {
    value: j, text: t("player_n", { n: num(j + 1) }),
  })));
  if (target) $("#select-target").value = target;
}
