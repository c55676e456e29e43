// Back, Forward and the keys that undo and redo: every change of the spot is an entry
// of the browser's history (toURL), so undo is Back and redo is
// Forward, kept inside the lab's own entries. Ctrl-Z (Cmd-Z) undoes, Ctrl-Y and
// Ctrl-Shift-Z redo, except in a text box, where they undo the typing as usual.
import { fromURL, hashOf } from "./state.js";

// A state the address does not hold yet goes into the browser's history as a new
// entry (Back returns to the spot before). A run of edits to one field (`source`,
// e.g. "player-2" while typing) within COALESCE_MS of each other is one entry.
// Returns the page's address.
const COALESCE_MS = 1000;
const recorded = { source: null, at: 0, index: 0, top: 0, hash: "" };

export function toURL(source = null) {
  const hash = hashOf();
  if (hash === location.hash) {
    recorded.source = source;
    return location.href;
  }
  const url = location.pathname + location.search + hash;
  const now = performance.now();
  if (source && source === recorded.source && now - recorded.at < COALESCE_MS) {
    history.replaceState(entry(), "", url);
  } else {
    recorded.index += 1;
    recorded.top = recorded.index;
    history.pushState(entry(), "", url);
  }
  recorded.source = source;
  recorded.at = now;
  recorded.hash = location.hash;
  return location.href;
}

const entry = () => ({ lab: recorded.index, top: recorded.top });

// The entry shown now, with its place, holds the state read from it in full (a link
// that left fields out shows them once read).
function settle() {
  history.replaceState(entry(), "", location.pathname + location.search + hashOf());
  recorded.hash = location.hash;
}

// The place of the page's entry among the lab's entries of this tab: `index` counts
// from the first spot the tab showed, `top` is the newest spot Forward can reach.
// `hash` is the address the page last showed or wrote.
const place = () => ({ index: recorded.index, top: recorded.top, hash: recorded.hash });

// The tab opened (or reloaded) on the lab, its state read from the address: a
// reload keeps its entry's place.
function begin(entryState) {
  if (entryState && Number.isInteger(entryState.lab)) {
    recorded.index = entryState.lab;
    recorded.top = Math.max(entryState.top ?? 0, recorded.index);
  }
  settle();
}

// The browser moved to an entry (Back, Forward, a pasted link) and the state was
// read from it: learn its place.
// An entry the page did not make (a link pasted in the address bar) comes after the
// one shown before it and is the newest.
function arrived(entryState) {
  if (entryState && Number.isInteger(entryState.lab)) {
    recorded.index = entryState.lab;
    recorded.top = Math.max(recorded.top, entryState.top ?? 0, recorded.index);
  } else {
    recorded.index += 1;
    recorded.top = recorded.index;
  }
  recorded.source = null;
  settle();
}

// Call once, after the page has read its first spot from the address; show(notes) shows
// the spot after Back, Forward or a link pasted in the address bar (notes as fromURL's).
export function watchHistory(show) {
  begin(history.state);
  const moved = (event) => {
    if (location.hash === place().hash) return; // popstate and hashchange both report a move
    const notes = fromURL();
    arrived(event.type === "popstate" ? event.state : history.state);
    show(notes);
  };
  window.addEventListener("popstate", moved);
  window.addEventListener("hashchange", moved);
  document.addEventListener("keydown", (event) => {
    const step = undoStep(event);
    if (!step) return;
    event.preventDefault();
    if (step < 0) undo();
    else redo();
  });
}

export function undo() {
  if (place().index > 0) history.back();
}

export function redo() {
  const { index, top } = place();
  if (index < top) history.forward();
}

// -1 for an undo key, 1 for a redo key, 0 for any other key or while typing in a box.
function undoStep(event) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || typing(event.target)) return 0;
  const key = event.key.toLowerCase();
  if (key === "z") return event.shiftKey ? 1 : -1;
  if (key === "y" && !event.shiftKey) return 1;
  return 0;
}

const TEXT_TYPES = new Set(["text", "search", "url", "email", "number", "password", "tel", ""]);

function typing(node) {
  if (!node || !node.tagName) return false;
  if (node.isContentEditable || node.tagName === "TEXTAREA") return true;
  return node.tagName === "INPUT" && TEXT_TYPES.has((node.getAttribute("type") || "").toLowerCase());
}
