// The tracker page: wires the filters, the views and their answers together.
import { $, $$, el } from "/shared/js/dom.js";
import { getJSON } from "./api.js";
import { LANGS, currentLang, named, num, pickLang, t, useLang } from "./i18n.js";
import { VIEWS, filterParams, fromURL, state, toURL } from "./state.js";
import { renderPlayers, setupPlayers, showPlayers } from "./players.js";
import { clearGraph, setupGraph, showGraph } from "./graph.js";
import { renderHands, setupHands, showHands, shownHands } from "./hands.js";
import { clearHand, redrawHand, setupReplayer, showHand } from "./replayer.js";
import { renderLive, setupLive, startLive, stopLive } from "./live.js";

let session = { games: [], groups: [], live: false };
const generation = { players: 0, graph: 0, hands: 0, replayer: 0 };
let graphData = null;
let timer = null;

// The state of a view's answer, for whoever waits on it: loading, done, empty or error.
function busy(view, value) {
  document.body.dataset[view] = value;
}

// ---- errors next to the filters --------------------------------------------------

const FIELDS = { from: "#f-from", to: "#f-to", min_hands: "#f-min", game: "#f-game", player: "#f-player" };

function clearFilterError() {
  $("#filters-error").textContent = "";
  for (const node of $$("#filters [aria-invalid]")) node.removeAttribute("aria-invalid");
}

function showFilterError(body) {
  const input = FIELDS[body.field] && $(FIELDS[body.field]);
  if (input) input.setAttribute("aria-invalid", "true");
  $("#filters-error").textContent = body.message ? t("bad_filter", { message: body.message }) : t("server_error");
}

// ---- the views ----------------------------------------------------------------------

function setTitles() {
  $("#graph-title").textContent = state.player ? t("graph_title", { player: state.player }) : t("view_graph");
  $("#hands-title").textContent = state.player ? t("hands_title", { player: state.player }) : t("hands_all");
}

export function showView(view) {
  state.view = VIEWS.includes(view) && (view !== "live" || session.live) ? view : "players";
  for (const name of VIEWS) {
    $("#view-" + name).hidden = name !== state.view;
    const tab = $("#tab-" + name);
    tab.setAttribute("aria-selected", name === state.view ? "true" : "false");
    tab.tabIndex = name === state.view ? 0 : -1;
  }
  $("#filters").hidden = state.view === "replayer" || state.view === "live";
  if (state.view === "live") startLive(); else stopLive();
  toURL();
  load();
}

function load() {
  setTitles();
  if (state.view === "players") loadPlayers();
  else if (state.view === "graph") loadGraph();
  else if (state.view === "hands") loadHands(false);
  else if (state.view === "replayer") loadHand();
}

async function loadPlayers() {
  const mine = ++generation.players;
  busy("players", "loading");
  const reply = await getJSON("/api/players", { ...filterParams(), min_hands: state.min, by: state.by });
  if (mine !== generation.players) return;
  if (reply.status !== 200) {
    showFilterError(reply.body);
    showPlayers([], null);
    busy("players", "error");
    return;
  }
  clearFilterError();
  showPlayers(reply.body.players, reply.body.by);
  const names = [...new Set(reply.body.players.map((p) => p.player))].slice(0, 500);
  $("#player-names").replaceChildren(...names.map((name) => el("option", { value: name })));
  busy("players", "done");
}

async function loadGraph() {
  const mine = ++generation.graph;
  if (!state.player) {
    graphData = null;
    clearGraph();
    $("#graph-status").textContent = t("choose_player");
    busy("graph", "empty");
    return;
  }
  busy("graph", "loading");
  $("#graph-status").textContent = t("loading");
  const reply = await getJSON("/api/graph", { ...filterParams(), player: state.player, x: state.x });
  if (mine !== generation.graph) return;
  if (reply.status !== 200) {
    showFilterError(reply.body);
    clearGraph();
    $("#graph-status").textContent = "";
    busy("graph", "error");
    return;
  }
  clearFilterError();
  graphData = reply.body;
  if (!graphData.hands) {
    clearGraph();
    $("#graph-status").textContent = t("graph_none", { player: state.player });
    busy("graph", "empty");
    return;
  }
  $("#graph-status").textContent = t("graph_count", { n: num(graphData.hands) });
  showGraph(graphData, "");
  busy("graph", "done");
}

async function loadHands(more) {
  const mine = ++generation.hands;
  busy("hands", "loading");
  const offset = more ? shownHands() : 0;
  const reply = await getJSON("/api/hands", { ...filterParams(), player: state.player, offset, limit: 100 });
  if (mine !== generation.hands) return;
  if (reply.status !== 200) {
    showFilterError(reply.body);
    showHands([], false);
    busy("hands", "error");
    return;
  }
  clearFilterError();
  showHands(reply.body.hands, more);
  $("#hands-more").hidden = !reply.body.more;
  $("#hands-status").textContent = shownHands() ? t("hands_count", { n: num(shownHands()) }) : t("hands_none");
  busy("hands", "done");
}

async function loadHand() {
  const mine = ++generation.replayer;
  if (!state.room || !state.hand) {
    clearHand();
    $("#replayer-status").textContent = t("choose_hand");
    busy("replayer", "empty");
    return;
  }
  busy("replayer", "loading");
  $("#replayer-status").textContent = t("loading");
  const reply = await getJSON("/api/hand", { room: state.room, hand: state.hand });
  if (mine !== generation.replayer) return;
  if (reply.status !== 200) {
    clearHand();
    $("#replayer-status").textContent = reply.body.error === "no_such_hand"
      ? t("no_such_hand", { hand: state.hand }) : reply.body.message || t("server_error");
    busy("replayer", "error");
    return;
  }
  $("#replayer-status").textContent = "";
  showHand(reply.body, state.step);
  busy("replayer", "done");
}

function openHand(room, hand) {
  state.room = room;
  state.hand = hand;
  state.step = 0;
  showView("replayer");
}

function pickPlayer(name) {
  state.player = name;
  $("#f-player").value = name;
  showView("graph");
}

// ---- the filters ---------------------------------------------------------------------

function fillSelects() {
  const game = $("#f-game");
  game.replaceChildren(el("option", { value: "", text: t("all_games") }),
    ...session.games.map((code) => el("option", { value: code, text: named("game_", code) })));
  game.value = session.games.includes(state.game) ? state.game : "";
  const by = $("#f-by");
  by.replaceChildren(el("option", { value: "", text: t("group_none") }),
    ...session.groups.map((g) => el("option", { value: g, text: t("group_" + g) })));
  by.value = session.groups.includes(state.by) ? state.by : "";
}

function syncInputs() {
  fillSelects();
  $("#f-player").value = state.player;
  $("#f-from").value = state.from;
  $("#f-to").value = state.to;
  $("#f-min").value = state.min;
  $("#graph-x").value = state.x;
}

function filtersChanged(now) {
  state.game = $("#f-game").value;
  state.from = $("#f-from").value;
  state.to = $("#f-to").value;
  state.min = $("#f-min").value;
  state.by = $("#f-by").value;
  toURL();
  clearTimeout(timer);
  timer = setTimeout(load, now ? 0 : 300);
}

function wire() {
  for (const input of ["#f-game", "#f-by", "#f-from", "#f-to"]) {
    $(input).addEventListener("change", () => filtersChanged(true));
  }
  $("#f-min").addEventListener("input", () => filtersChanged(false));
  $("#f-player").addEventListener("input", () => {
    state.player = $("#f-player").value.trim();
    toURL();
    setTitles();
    if (state.view === "players") renderPlayers();
    else {
      clearTimeout(timer);
      timer = setTimeout(load, 300);
    }
  });
  $("#filters").addEventListener("submit", (event) => event.preventDefault());
  for (const tab of $$(".tabs [role=tab]")) {
    tab.addEventListener("click", () => showView(tab.dataset.view));
    tab.addEventListener("keydown", (event) => {
      const shown = $$(".tabs [role=tab]").filter((b) => !b.hidden);
      const at = shown.indexOf(tab);
      const next = { ArrowRight: at + 1, ArrowLeft: at - 1 }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      const target = shown[(next + shown.length) % shown.length];
      target.focus();
      showView(target.dataset.view);
    });
  }
  $("#graph-x").addEventListener("change", () => { state.x = $("#graph-x").value; toURL(); loadGraph(); });
  $("#graph-hands").addEventListener("click", () => showView("hands"));
  $("#hands-more").addEventListener("click", () => loadHands(true));
  $("#lang-select").addEventListener("change", async () => {
    const code = $("#lang-select").value;
    if (!LANGS.includes(code)) return;
    await useLang(code, true);
    fillSelects();
    setTitles();
    renderPlayers();
    if (graphData && graphData.hands) showGraph(graphData, "");
    renderHands();
    redrawHand();
    renderLive();
  });
  window.addEventListener("hashchange", () => { fromURL(); syncInputs(); showView(state.view); });
}

async function main() {
  await useLang(pickLang(), false);
  const reply = await getJSON("/api/session");
  if (reply.status === 200) session = reply.body;
  $("#tab-live").hidden = !session.live;
  fromURL();
  syncInputs();
  setupPlayers(pickPlayer, toURL);
  setupGraph(openHand);
  setupHands(openHand);
  setupReplayer((step) => { state.step = step; toURL(); });
  setupLive(pickPlayer);
  wire();
  showView(state.view);
  document.body.dataset.ready = "1";
  document.body.dataset.lang = currentLang();
}

main();
