// Keyboard shortcuts: they work from anywhere on the page, no Tab needed first.
import { app } from "./state.js";
import { showScreen } from "./screens.js";
import { doAct, doRefill, doStart, loadHint, moveCursor, toggleCard } from "./table.js";

// The key as a lower-case letter or digit whatever the keyboard layout: with a
// Russian layout the K key types "л", so the physical key is used instead.
function keyOf(ev) {
  let key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
  if (key.length === 1 && !/[a-z0-9? ]/.test(key)) {
    const code = /^(?:Key([A-Z])|Digit([0-9]))$/.exec(ev.code || "");
    if (code) key = (code[1] || code[2]).toLowerCase();
  }
  return key;
}

// Space and Enter belong to the focused control (a card, a button, a summary);
// on the page itself they pick the card the arrows are on.
const ownsSpace = (el) => el && ["BUTTON", "SUMMARY", "A", "SELECT", "INPUT", "TEXTAREA"].includes(el.tagName);

const inHand = (el) => Boolean(el && el.classList && el.classList.contains("card-btn"));

export function onKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const target = ev.target;
  if (target && ["SELECT", "INPUT", "TEXTAREA"].includes(target.tagName)) return;
  const key = keyOf(ev);
  const st = app.state;
  const onTable = app.screen === "table";
  const deciding = onTable && st && st.phase === "deciding";
  const idle = onTable && st && st.phase === "idle";
  let handled = true;
  if (key === "t") showScreen("table");
  else if (key === "r" || key === "?") showScreen("rules");
  else if (key === "l") showScreen("history");
  else if (key === "s") showScreen("stats");
  else if (key === "Escape" && app.screen !== "table") showScreen("table");
  else if (deciding && "12345".includes(key) && key.length === 1) toggleCard(Number(key) - 1);
  else if (deciding && key === "ArrowRight") moveCursor(1);
  else if (deciding && key === "ArrowLeft") moveCursor(-1);
  // Home and End stay the page's own keys except inside the hand.
  else if (deciding && key === "Home" && inHand(target)) moveCursor(0, 0);
  else if (deciding && key === "End" && inHand(target)) moveCursor(0, 4);
  else if (deciding && (key === " " || key === "Enter") && !ownsSpace(target)) toggleCard(app.cursor);
  else if (deciding && key === "f") doAct("fold");
  else if (deciding && key === "k") doAct("keep");
  else if (deciding && (key === "e" || key === "x")) doAct("exchange");
  else if (deciding && key === "h") loadHint(true);
  else if (idle && key === "n" && !st.refill_available) doStart();
  else if (idle && key === "g" && st.refill_available) doRefill();
  else handled = false;
  if (handled) ev.preventDefault();
}
