// The equity lab's page: wires the boxes, the grid, the board picker and the jobs.
import { UNREACHABLE, cancelJob, getJSON, rangeView, runJob } from "./api.js";
import { buildPicker } from "./board.js";
import { setupFeatures } from "./features.js";
import { pickCard, showPickerFor } from "./picker-use.js";
import { $, $$, el } from "/shared/js/dom.js";
import { LANGS, currentLang, num, pct, pickLang, share, t, tn, useLang } from "./i18n.js";
import { clearEquity, showEquity, showProgress, showStatus } from "./results.js";
import { classEquity, showDetail } from "./detail.js";
import { buildGrid, showHeat, showWeights } from "./grid.js";
import { MAX_PLAYERS, MIN_PLAYERS, fromURL, request, state, urlField } from "./state.js";
import { toURL, watchHistory } from "./history.js";
import { reasonText } from "./reasons.js";
import { onTicked, pickedClasses, setPicked } from "./breakdown.js";

// The classes ticked in the breakdown are part of the spot's address: sel=set|two+pair
// ("|" between them: a class's name may hold a comma).
urlField("sel", () => pickedClasses().join("|"), (text) => setPicked(text ? text.split("|") : []));

let GAMES = ["holdem"]; // the server's list (GET /api/session)
let running = null; // the id of the job now running, if it went on past the first answer
let runningKind = "equity";
let lastResult = null; // the latest equity answer, shown in detail for the painted player
let generation = 0; // bumps with every new job: older answers are ignored
let timer = null;
let gridTimer = null;
let gridSeq = 0; // bumps with every grid request: an older answer never repaints the grid

// ---- errors next to their fields ------------------------------------------------

function clearErrors() {
  for (const node of $$(".error")) node.textContent = "";
  for (const node of $$("[aria-invalid]")) node.removeAttribute("aria-invalid");
}

function showError(field, message) {
  const spot = $("#" + field + "-error") || $("#players-error");
  spot.textContent = message;
  const input = $("#" + field);
  if (input) input.setAttribute("aria-invalid", "true");
}

// ---- players --------------------------------------------------------------------

function renderPlayers() {
  const rows = $("#player-rows");
  rows.replaceChildren();
  state.players.forEach((text, i) => {
    const n = i + 1;
    const input = el("input", {
      id: "player-" + n, value: text, autocomplete: "off", spellcheck: "false",
      "aria-label": t("player_input", { n }), "aria-describedby": "player-" + n + "-error",
    });
    input.value = text;
    input.addEventListener("input", () => {
      state.players[i] = input.value;
      if (i === state.editing) gridSoon();
      changed(false, input.id);
    });
    const edit = el("button", {
      type: "button", class: "edit", "aria-pressed": i === state.editing ? "true" : "false",
      "aria-label": t("edit_range", { n }), text: "▦ " + n,
    });
    edit.addEventListener("click", () => {
      state.editing = i;
      renderPlayers();
      loadGrid();
      toURL();
      if (lastResult && lastResult.players.length === state.players.length) {
        showDetail(lastResult, i);
        spotHeat();
      }
    });
    const remove = el("button", {
      type: "button", class: "remove", "aria-label": t("remove_player", { n }), text: "×",
      disabled: state.players.length <= MIN_PLAYERS,
    });
    remove.addEventListener("click", () => {
      state.players.splice(i, 1);
      state.editing = Math.min(state.editing, state.players.length - 1);
      renderPlayers();
      loadGrid();
      changed();
    });
    rows.append(el("div", { class: "player-row" + (i === state.editing ? " editing" : "") },
      edit, input, remove, el("span", { class: "error", id: "player-" + n + "-error", role: "alert" })));
  });
  $("#add-player").disabled = state.players.length >= MAX_PLAYERS;
  $("#grid-title").textContent = t("grid_title", { n: state.editing + 1 });
}

// ---- the grid -------------------------------------------------------------------

// The grid follows the painted player's text as it is typed (a short pause between
// keys asks once).
function gridSoon() {
  clearTimeout(gridTimer);
  gridTimer = setTimeout(loadGrid, 60);
}

async function loadGrid() {
  clearTimeout(gridTimer);
  const mine = ++gridSeq;
  $("#grid-title").textContent = t("grid_title", { n: state.editing + 1 });
  $("#range-error").textContent = "";
  const holdem = state.game === "holdem";
  $("#grid-panel").classList.toggle("off", !holdem);
  $("#grid-help").textContent = t(holdem ? "grid_help" : "grid_not_holdem");
  if (!holdem) return;
  const text = state.players[state.editing] || "";
  const reply = await rangeView(text);
  if (mine !== gridSeq) return; // the text changed since: a newer answer is on its way
  showGridView(text, reply);
}

// The grid, the range's size and the slider for `text`, from the server's view of it.
function showGridView(text, reply) {
  if (reply.status !== 200) {
    showWeights({});
    $("#range-info").textContent = "";
    return; // the job's answer puts the reason next to the player's box
  }
  showWeights(reply.body.classes);
  $("#range-info").textContent = tn("range_info", reply.body.combos, {
    combos: num(reply.body.combos), share: share(reply.body.share, 1),
  });
  showSlider(text, reply.body.share);
}

// "1.5%", "20%" in the page's language, as the range's share is written beside the grid.
const sliderText = (value) => pct(value / 100, Number.isInteger(value) ? 0 : 1);

// The top-hands slider shows the range's share of all hands (a typed "20%" as 20).
function showSlider(text, share) {
  const percent = /^\s*(\d+(?:\.\d+)?)%\s*$/.exec(text);
  const value = percent ? Number(percent[1]) : Math.round(1000 * share) / 10;
  $("#percent").value = String(value);
  $("#percent-out").value = sliderText(value);
}

// A stroke on the grid: the painted classes are appended to the range's text with
// their weights (a later token overrides an earlier one), the server writes the
// result back compactly, and the box and grid show it.
async function painted(cells) {
  const i = state.editing;
  const tokens = Object.entries(cells).map(([cls, w]) => (w === 1 ? cls : cls + ":" + w));
  if (!tokens.length) return;
  const before = state.players[i].trim();
  const reply = await rangeView([before, ...tokens].filter(Boolean).join(", "));
  if (reply.status === UNREACHABLE) return unreachable();
  // the old text was no range: the painted cells alone become the range
  const view = reply.status === 200 ? reply : await rangeView(tokens.join(", "));
  if (view.status !== 200) return;
  setPlayerText(i, view.body.canonical);
  gridSeq++; // this answer is the grid's view of the new text: no need to ask again
  if (i === state.editing) showGridView(view.body.canonical, view);
  changed(true);
}

function setPlayerText(i, text) {
  state.players[i] = text;
  const input = $("#player-" + (i + 1));
  if (input) input.value = text;
}

// ---- jobs -----------------------------------------------------------------------

// Something changed: a new entry in the history (a run of typing in one box, named
// by `source`, is one entry), and a new calculation soon (typing waits for a pause).
function changed(now = false, source = null) {
  toURL(source);
  showPickerFor(state);
  recompute(now);
}

// The answers shown are for an older spot until the job for this one answers.
const TYPING_PAUSE_MS = 200;
const SLIDER_PAUSE_MS = 150;

// The answers (equity and detail) belong to an older spot while `on`: dimmed, and
// marked busy for screen readers.
function showBusy(on) {
  for (const id of ["#results", "#detail"]) {
    if (on) $(id).setAttribute("aria-busy", "true");
    else $(id).removeAttribute("aria-busy");
  }
}

// A board typed to its last card (none, or 3 to 5 distinct cards such as "Qh Jh 3c")
// is asked at once: the pause for more typing is for a text still half a card.
function wholeBoard(text) {
  const cards = text.trim().split(/[\s,]+/).filter(Boolean);
  if (!cards.every((c) => /^[2-9TJQKA][cdhs]$/i.test(c))) return false;
  const distinct = new Set(cards.map((c) => c.toUpperCase())).size === cards.length;
  return distinct && (cards.length === 0 || (cards.length >= 3 && cards.length <= 5));
}

function recompute(now, pause = TYPING_PAUSE_MS) {
  document.body.dataset.job = "pending";
  showBusy(true);
  clearTimeout(timer);
  timer = setTimeout(() => run("equity"), now ? 0 : pause);
}

async function run(kind) {
  const mine = ++generation;
  runningKind = kind;
  clearErrors();
  if (running) { cancelJob(running); running = null; }
  showProgress(null);
  document.body.dataset.job = "running";
  const reply = await runJob(request(kind), (id) => { if (mine === generation) running = id; },
    (fraction) => { if (mine === generation) showProgress(fraction); });
  if (mine !== generation) return;
  running = null;
  finish(kind, reply);
}

// Show a job's last answer: its result, its cancel, or its error next to the field.
function finish(kind, reply) {
  showProgress(null);
  const body = reply.body;
  document.body.dataset.job = body.state || "error";
  showBusy(false);
  if (reply.status === UNREACHABLE) {
    unreachable();
  } else if (body.state === "done") {
    const seconds = num(Math.round((body.seconds || 0) * 1000) / 1000);
    if (kind === "equity") {
      lastResult = body.result;
      showEquity(body.result);
      showDetail(lastResult, state.editing);
      spotHeat();
      showStatus("status_done", { s: seconds });
    } else {
      showHeatmap(body.result);
      showStatus("status_heatmap_done", { s: seconds });
    }
  } else if (body.state === "cancelled") {
    showStatus("status_cancelled");
  } else if (reply.status === 400) {
    if (kind === "equity") forgetResults();
    showError(body.field || "players", reasonText(body));
    showStatus("status_error", { message: reasonText(body) });
  } else {
    showStatus("status_failed");
  }
}

// The answers of an older spot are not shown for the new one.
function forgetResults() {
  clearEquity();
  lastResult = null;
  showDetail(null, 0);
  if ($("#heat-spot").checked) spotHeat();
}

// The server does not answer (it was stopped): nothing shown may pass for an answer.
function unreachable() {
  document.body.dataset.job = "unreachable";
  showBusy(false);
  showProgress(null);
  forgetResults();
  showStatus("status_unreachable");
}

// With "Color the range by its equity" on: each painted class by its equity now.
function spotHeat() {
  const on = $("#heat-spot").checked;
  const heat = on && lastResult && lastResult.players.length === state.players.length
    ? classEquity(lastResult, state.editing) : null;
  if (!on) return;
  showHeat(heat);
  const legend = $("#heat-legend");
  legend.hidden = !heat;
  legend.textContent = t("heat_spot_legend", { n: state.editing + 1 });
}

function showHeatmap(result) {
  $("#heat-spot").checked = false;
  const heat = {};
  result.classes.forEach((cls, i) => { heat[cls] = result.equity[i]; });
  showHeat(heat);
  $("#heatmap-hide").hidden = false;
  const legend = $("#heat-legend");
  legend.hidden = false;
  legend.textContent = t("heat_legend", { range: result.vs });
}

// ---- wiring ---------------------------------------------------------------------

function fillGames() {
  const select = $("#game");
  select.replaceChildren(...GAMES.map((g) => el("option", { value: g, text: t("game_" + g) })));
  select.value = state.game;
}

// A link the page cannot show as it is (too many players, too few) says so.
function showNotice(notes) {
  const notice = $("#link-notice");
  const n = notes.players;
  notice.hidden = n === undefined;
  if (n === undefined) return;
  notice.textContent = n > MAX_PLAYERS
    ? t("link_too_many_players", { n, max: MAX_PLAYERS })
    : t("link_too_few_players", { n, min: MIN_PLAYERS });
}

// Show the spot of a link (Back, Forward, a pasted link): every field as the link has it.
function showSpot(notes) {
  clearTimeout(gridTimer);
  showState();
  showNotice(notes);
  loadGrid();
  recompute(true);
}

function showState() {
  fillGames();
  $("#board").value = state.board;
  $("#dead").value = state.dead;
  showPickerFor(state);
  renderPlayers();
}

async function main() {
  await useLang(pickLang(), false);
  const session = await getJSON("/api/session");
  if (session.status === 200) GAMES = session.body.games;
  const notes = fromURL();
  watchHistory(showSpot);
  buildGrid(painted, () => Number($("#weight").value));
  buildPicker((card) => {
    const field = pickCard(state, card);
    $("#" + field).value = state[field];
    changed(true);
  });
  setupFeatures({
    spot: () => state,
    // one entry with the unticking of the classes that made the range
    setRange(i, text) { setPlayerText(i, text); loadGrid(); changed(true, "select"); },
  });
  onTicked(() => toURL("select"));
  for (const radio of $$("input[name=pick-for]")) radio.addEventListener("change", () => showPickerFor(state));
  showState();
  showNotice(notes);
  $("#game").addEventListener("change", () => { state.game = $("#game").value; loadGrid(); changed(true); });
  $("#board").addEventListener("input", () => {
    state.board = $("#board").value;
    changed(wholeBoard(state.board), "board");
  });
  $("#dead").addEventListener("input", () => { state.dead = $("#dead").value; changed(false, "dead"); });
  $("#add-player").addEventListener("click", () => {
    if (state.players.length >= MAX_PLAYERS) return;
    state.players.push("random");
    renderPlayers();
    changed(true);
  });
  $("#percent").addEventListener("input", () => {
    $("#percent-out").value = sliderText(Number($("#percent").value));
    setPlayerText(state.editing, $("#percent").value + "%");
    gridSoon();
    toURL("percent"); // one drag, one entry
    recompute(false, SLIDER_PAUSE_MS);
  });
  // Clear: an empty range (no combo, so the job says the player needs one), nothing
  // left of the old range on the grid nor of its answers.
  $("#clear-range").addEventListener("click", () => {
    setPlayerText(state.editing, "");
    gridSeq++; // a grid answer for the old text must not repaint it
    clearTimeout(gridTimer);
    showHeat(null);
    showWeights({});
    $("#heat-legend").hidden = true;
    $("#heatmap-hide").hidden = true;
    $("#range-info").textContent = "";
    showSlider("", 0);
    forgetResults();
    showStatus(null);
    changed(true);
  });
  $("#cancel").addEventListener("click", async () => {
    if (!running) return;
    const id = running;
    running = null;
    generation++;
    showProgress(null);
    const reply = await cancelJob(id);
    finish(runningKind, reply);
  });
  $("#heatmap").addEventListener("click", () => run("heatmap"));
  $("#heat-spot").addEventListener("change", () => {
    if ($("#heat-spot").checked) spotHeat();
    else {
      showHeat(null);
      $("#heat-legend").hidden = true;
    }
  });
  $("#heatmap-hide").addEventListener("click", () => {
    showHeat(null);
    $("#heatmap-hide").hidden = true;
    $("#heat-legend").hidden = true;
  });
  $("#share").addEventListener("click", async () => {
    const url = toURL();
    try {
      await navigator.clipboard.writeText(url);
      $("#share-status").textContent = t("share_copied");
    } catch {
      $("#share-status").textContent = t("share_ready");
    }
  });
  $("#lang-select").addEventListener("change", async () => {
    const code = $("#lang-select").value;
    if (!LANGS.includes(code)) return;
    try {
      await useLang(code, true);
    } catch {
      unreachable(); // the words could not be loaded: the server is gone
      return;
    }
    showState();
    loadGrid();
    showStatus(null);
    if (lastResult) {
      showEquity(lastResult);
      showDetail(lastResult, state.editing);
    }
  });
  await loadGrid();
  document.body.dataset.ready = "1";
  document.body.dataset.lang = currentLang();
  run("equity");
}

main();
