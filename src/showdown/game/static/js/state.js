// The game state and the server: requests, errors shown in the banner, and the
// page healing itself (server restarts, lost connections, other tabs).
import { $, sleep } from "./dom.js";
import { currentLang, t, has } from "./i18n.js";

export const app = {
  token: "",
  profile: "",
  state: null,
  screen: "table",
  selected: null, // index of the card chosen for an exchange
  cursor: 0, // the card the arrow keys are on
  hint: null,
  hintVersion: null,
  dealing: false,
  drives: false, // this tab turns the dealer's cards (see dealer.js)
  busy: false,
  offline: false,
  shownDealer: { round: null, count: 0 },
  shownBots: { watched: null, faceUp: new Set() }, // opponents' cards already shown face up
  history: [],
  historyMore: false,
  stats: null,
};

// Set by main.js: draw the state (and move the focus) after every change.
export const hooks = { onState: (prev, st) => {}, onBusy: () => {}, onReconnect: () => {} };

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function refreshToken() {
  const res = await fetch("/api/session", { credentials: "same-origin" });
  const data = await res.json();
  app.token = data.token;
}

export async function api(method, path, body) {
  const url = new URL(path, location.origin);
  url.searchParams.set("lang", currentLang());
  const opts = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.headers["X-Showdown-Token"] = app.token;
    opts.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(url, opts);
    if (res.status === 403 && body !== undefined) {
      const data = await res.clone().json().catch(() => ({}));
      if (data.error === "bad_token") {
        // The server restarted (new secret): fetch a fresh token, try once more.
        await refreshToken();
        opts.headers["X-Showdown-Token"] = app.token;
        res = await fetch(url, opts);
      }
    }
  } catch (err) {
    goneOffline();
    throw new ApiError(0, "network", String(err));
  }
  const data = await res.json().catch(() => ({ error: "bad_response" }));
  if (!res.ok) throw new ApiError(res.status, data.error || "error", data.message || "");
  if (app.offline) backOnline();
  return data;
}

// ---------------------------------------------------------------- the banner

// Codes whose banner stays until their cause has passed (the connection is back,
// the database restored); the others (a conflict already resolved by reloading the
// table, a refused input) fade after a few seconds or at the next action.
const LASTING = new Set(["network", "damaged_database", "internal"]);
let alertTimer = null;

export function showError(err) {
  const box = $("#alert");
  const key = "err_" + (err.code || "error");
  box.textContent = has(key) ? t(key) : t("err_generic", { message: err.message || err.code });
  box.dataset.cause = err.code || "error";
  box.hidden = false;
  clearTimeout(alertTimer);
  if (!LASTING.has(err.code)) alertTimer = setTimeout(() => clearError(err.code), 8000);
}

// Hide the banner; with a cause, only if it is still that cause's banner.
export function clearError(cause) {
  const box = $("#alert");
  if (cause && box.dataset.cause !== cause) return;
  box.hidden = true;
  box.dataset.cause = "";
}

// ---------------------------------------------------------------- the state

export function setState(st) {
  const prev = app.state;
  app.state = st;
  const rnd = st.round;
  if (!rnd || !prev || !prev.round || prev.round.id !== rnd.id || rnd.phase !== "deciding") {
    app.selected = null;
  }
  if (!prev || !prev.round || !rnd || prev.round.id !== rnd.id) app.cursor = 0;
  if (app.hint && (!rnd || app.hintVersion !== rnd.version || st.phase !== "deciding")) {
    app.hint = null;
  }
  hooks.onState(prev, st);
}

export async function reloadState() {
  setState(await api("GET", "/api/state"));
}

// Fetch the state and draw it only if it changed (another tab played, the server
// came back): an unchanged table is not redrawn, so the focus stays where it is.
export async function refreshState() {
  if (app.busy || app.dealing) return;
  const st = await api("GET", "/api/state");
  if (app.busy || app.dealing) return;
  if (JSON.stringify(st) !== JSON.stringify(app.state)) setState(st);
}

// Conflicts that only mean this page was behind the table.
const MOVED_ON = new Set([
  "stale", "not_your_turn", "round_in_progress", "no_round", "not_dealer_phase", "refill_not_needed",
]);

// When an error only means that this page was behind, show the table as it is now
// (nothing to report) and say so (true); other errors are left to the caller.
export async function followTable(err) {
  if (!MOVED_ON.has(err.code)) return false;
  await reloadState().catch(showError);
  return true;
}

// A state-changing request; on a conflict (another tab, a stale page) the
// table is reloaded quietly.
export async function post(path, body) {
  if (app.busy) return null;
  app.busy = true;
  hooks.onBusy();
  if (!["network", "damaged_database"].includes($("#alert").dataset.cause)) clearError();
  try {
    const st = await api("POST", path, body);
    app.busy = false;
    setState(st);
    return st;
  } catch (err) {
    app.busy = false;
    // The table moved on (another tab acted, this page was behind): showing the
    // table as it is now resolves it, with nothing to report.
    if (!(await followTable(err))) {
      showError(err);
      if (err.status === 409) await reloadState().catch(() => {});
    }
    return null;
  } finally {
    app.busy = false;
    hooks.onBusy();
  }
}

// ---------------------------------------------------------------- healing

// The server stopped answering: say so, and knock every second and a half until
// it answers again; then fetch a new token and the state, and clear the banner.
function goneOffline() {
  if (app.offline) return;
  app.offline = true;
  showError(new ApiError(0, "network", ""));
  heal();
}

async function heal() {
  while (app.offline) {
    await sleep(1500);
    try {
      const res = await fetch("/api/session", { credentials: "same-origin" });
      if (!res.ok) continue;
      app.token = (await res.json()).token;
    } catch (err) {
      continue;
    }
    backOnline();
    await reloadState().catch(() => {});
    hooks.onReconnect();
  }
}

function backOnline() {
  app.offline = false;
  clearError("network");
}

// Other tabs: look again when this tab is shown or focused, and every few seconds
// while it is visible, so that chips and rounds played elsewhere appear here.
export function watchOtherTabs(every = 3000) {
  const look = () => {
    if (document.visibilityState === "visible" && !app.offline) refreshState().catch(() => {});
  };
  document.addEventListener("visibilitychange", look);
  window.addEventListener("focus", look);
  setInterval(look, every);
}
