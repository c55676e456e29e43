// Poker vs Dealer in the browser: native ES modules, no build step, nothing
// fetched from anywhere but this local server. The server never sends a card
// before it is revealed, so the page only ever draws what it is given.
//
//   dom.js      element builders, scrolling into view
//   i18n.js     words and number formats of the three languages
//   state.js    the state, the requests, the error banner, healing, other tabs
//   results.js  cards and the words about a round's result
//   table.js    the table; focus and scrolling after each step
//   showdown.js the results of a round, what comes into view, the sounds of each step
//   dealer.js   the dealer's cards turned one at a time; other tabs follow
//   hint.js     the hint: the best decision and every option
//   screens.js  rules, history, statistics; switching screens
//   keyboard.js the shortcuts
//   prefs.js    the sound and animation switches, the synthesised sounds
//   tour.js     the three-step first-time tour
import { $, $$, fill } from "./dom.js";
import { pickLang, useLang } from "./i18n.js";
import { app, hooks, reloadState, showError, watchOtherTabs } from "./state.js";
import { afterState, focusTarget, loadHint, renderActions, renderTable, setAnte } from "./table.js";
import { keyList, loadHistory, loadStats, renderRules, showScreen } from "./screens.js";
import { onKey } from "./keyboard.js";
import { drawSwitches, setUpSwitches } from "./prefs.js";
import { drawTour, maybeStartTour, setUpTour } from "./tour.js";

async function setLang(code, remember) {
  await useLang(code, remember);
  fill($("#keys-list"), keyList());
  renderRules();
  drawSwitches();
  drawTour();
  if (app.state) {
    renderTable();
    // Descriptions and explanations come from the server in the chosen language.
    await reloadState().catch(showError);
    if (app.hint) await loadHint(false);
  }
  if (app.screen === "history") await loadHistory(true).catch(showError);
  if (app.screen === "stats") await loadStats().catch(showError);
}

async function main() {
  app.token = $('meta[name="showdown-token"]').content;
  app.profile = $('meta[name="showdown-profile"]').content;
  hooks.onState = afterState;
  hooks.onBusy = renderActions;
  hooks.onReconnect = () => {
    if (app.screen === "history") loadHistory(true).catch(() => {});
    if (app.screen === "stats") loadStats().catch(() => {});
  };
  await setLang(pickLang(), false);
  for (const btn of $$("[data-screen]")) btn.addEventListener("click", () => showScreen(btn.dataset.screen));
  $("#lang-select").addEventListener("change", (ev) => setLang(ev.target.value, true).catch(showError));
  $("#ante-select").addEventListener("change", () => setAnte());
  $("#history-more").addEventListener("click", () => loadHistory(false).catch(showError));
  document.addEventListener("keydown", onKey);
  setUpSwitches();
  setUpTour(() => {
    const target = focusTarget();
    if (target) target.focus({ preventScroll: true });
  });
  showScreen("table", false);
  try {
    await reloadState();
  } catch (err) {
    showError(err);
  }
  watchOtherTabs();
  maybeStartTour(app.state);
  document.body.dataset.ready = "1";
}

main();
