// The dealer's cards, turned one at a time after the decisions, and the tabs that
// watch them: one tab turns, the others follow.
import { sleep } from "./dom.js";
import { motionOn } from "./prefs.js";
import { api, app, setState, showError } from "./state.js";

// The dealer's cards are turned by one tab: the one where the last decision was
// made (app.drives). Another tab open on the same profile follows by looking at the
// state, and takes over only when nothing has moved for a while (the driving tab was
// closed or put to sleep). A conflict means another tab turned the card first: this
// tab follows it, quietly.
const TAKE_OVER_AFTER = 2000;

export async function dealerLoop() {
  if (app.dealing) return;
  app.dealing = true;
  let seen = app.state.round.version;
  let moved = Date.now();
  try {
    while (app.state && app.state.phase === "dealer") {
      await sleep(motionOn() ? 650 : 120);
      const st = app.state;
      if (!st || st.phase !== "dealer") break;
      try {
        if (!app.drives) {
          const now = await api("GET", "/api/state");
          if (now.round && now.round.version !== seen) {
            seen = now.round.version;
            moved = Date.now();
            app.dealing = now.phase === "dealer";
            setState(now);
            continue;
          }
          if (Date.now() - moved < TAKE_OVER_AFTER) continue;
          app.drives = true;
        }
        const next = await api("POST", "/api/advance", { version: st.round.version });
        seen = next.round ? next.round.version : seen;
        app.dealing = next.phase === "dealer";
        setState(next);
      } catch (err) {
        if (err.status === 409) {
          app.drives = false;
          moved = Date.now();
          const now = await api("GET", "/api/state");
          seen = now.round ? now.round.version : seen;
          app.dealing = now.phase === "dealer";
          setState(now);
        } else {
          showError(err);
          break;
        }
      }
    }
  } finally {
    app.dealing = false;
    if (!app.state || app.state.phase !== "dealer") app.drives = false;
  }
}
