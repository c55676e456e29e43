// Named ranges kept in this browser (localStorage): save the painted player's range
// under a name, use it again for any player, delete it, and carry the whole list
// elsewhere as text, one `name = range` a line (Export, Import).
import { $, el } from "/shared/js/dom.js";
import { t } from "./i18n.js";

const KEY = "showdown.lab.ranges";
let host = null;

// The saved ranges, {name: text}; an unreadable store reads as empty.
export function loadSaved() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) || "{}");
    if (!stored || typeof stored !== "object" || Array.isArray(stored)) return {};
    return Object.fromEntries(Object.entries(stored).filter(([, v]) => typeof v === "string"));
  } catch {
    return {};
  }
}

function store(saved) {
  localStorage.setItem(KEY, JSON.stringify(saved));
}

// The list as text: "name = range" a line.
export const exportText = (saved) => Object.entries(saved).map(([n, r]) => n + " = " + r).join("\n");

// The ranges of a text of "name = range" lines ({name: text}) and how many lines
// could not be read (no " = ", or an empty name or range); blank lines are skipped.
export function importText(text) {
  const found = {};
  let bad = 0;
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const at = line.indexOf("=");
    const name = at > 0 ? line.slice(0, at).trim() : "";
    const range = at > 0 ? line.slice(at + 1).trim() : "";
    if (!name || !range) { bad++; continue; }
    found[name] = range;
  }
  return { found, bad };
}

// host: {spot() -> {players, editing}, setRange(i, text)}.
export function setupSaved(h) {
  host = h;
  $("#save-range").addEventListener("click", () => {
    const spot = host.spot();
    const text = (spot.players[spot.editing] || "").trim();
    const name = $("#save-name").value.trim();
    if (!name || !text) {
      $("#saved-status").textContent = t(name ? "saved_empty_range" : "saved_no_name");
      return;
    }
    const saved = loadSaved();
    saved[name] = text;
    store(saved);
    $("#save-name").value = "";
    $("#saved-status").textContent = t("saved_done", { name });
    renderSaved();
  });
  $("#export-ranges").addEventListener("click", async () => {
    const text = exportText(loadSaved());
    $("#saved-io").value = text;
    try {
      await navigator.clipboard.writeText(text);
      $("#saved-status").textContent = t("saved_exported_copied");
    } catch {
      $("#saved-status").textContent = t("saved_exported");
    }
  });
  $("#import-ranges").addEventListener("click", () => {
    const { found, bad } = importText($("#saved-io").value);
    store({ ...loadSaved(), ...found });
    $("#saved-status").textContent = t(bad ? "saved_imported_bad" : "saved_imported", {
      n: Object.keys(found).length, bad,
    });
    renderSaved();
  });
  renderSaved();
}

export function renderSaved() {
  const saved = loadSaved();
  const list = $("#saved-list");
  list.replaceChildren(...Object.entries(saved).map(([name, text]) => {
    const use = el("button", { type: "button", class: "use-saved", text: t("saved_use"),
      "aria-label": t("saved_use_label", { name }) });
    use.addEventListener("click", () => {
      const spot = host.spot();
      host.setRange(spot.editing, text);
      $("#saved-status").textContent = t("saved_used", { name, n: spot.editing + 1 });
    });
    const drop = el("button", { type: "button", class: "drop-saved", text: "×",
      "aria-label": t("saved_delete_label", { name }) });
    drop.addEventListener("click", () => {
      const now = loadSaved();
      delete now[name];
      store(now);
      renderSaved();
    });
    return el("li", { "data-name": name },
      el("span", { class: "saved-name", text: name }),
      el("span", { class: "saved-text muted", text }), use, drop);
  }));
  $("#saved-empty").hidden = Object.keys(saved).length > 0;
}
