// How the painted player's range hits the board: each made hand and each draw with
// its combos, as a count and as a share of the range (the other players' known cards
// taken out by the server), and a box per class to select the combos that hit it.
import { $, el } from "/shared/js/dom.js";
import { decimal, num, pct, t } from "./i18n.js";

const picked = { classes: new Set(), onChange: null };

// fn(classes) when the classes ticked change (and after each new breakdown).
export function onPickClasses(fn) {
  picked.onChange = fn;
}

export const pickedClasses = () => [...picked.classes];

export function clearPicked() {
  picked.classes.clear();
  for (const box of document.querySelectorAll("#breakdown input[type=checkbox]")) box.checked = false;
  if (picked.onChange) picked.onChange([]);
}

// A count of combos: whole when it is, else to a tenth (weighted ranges).
export const comboCount = (n) => (Math.abs(n - Math.round(n)) < 1e-9 ? num(Math.round(n)) : decimal(n, 1));

// The breakdown's classes with their combos: [[name, share, combos]], largest first
// within the server's order; classes with no combo left out.
export function classRows(shares, counts, total) {
  return Object.entries(shares || {})
    .map(([name, share]) => [name, share, counts && counts[name] !== undefined ? counts[name] : share * total])
    .filter(([, share]) => share > 0);
}

export function drawBreakdown(doc, player) {
  const box = $("#breakdown");
  if (!doc) {
    box.replaceChildren(el("p", { class: "muted", text: t("no_board_breakdown") }));
    picked.classes.clear();
    if (picked.onChange) picked.onChange([]);
    return;
  }
  const shown = new Set();
  const part = (title, shares, counts) => {
    const body = el("tbody");
    for (const [name, share, combos] of classRows(shares, counts, doc.combos)) {
      shown.add(name);
      const tick = el("input", { type: "checkbox", value: name, "aria-label": t("pick_class", { name: t("bd_" + name) }) });
      tick.checked = picked.classes.has(name);
      tick.addEventListener("change", () => {
        if (tick.checked) picked.classes.add(name);
        else picked.classes.delete(name);
        if (picked.onChange) picked.onChange(pickedClasses());
      });
      const bar = el("span", { class: "share-bar" });
      bar.style.setProperty("--share", String(share));
      body.append(el("tr", { "data-class": name },
        el("td", { class: "pick-class" }, el("label", {}, tick, el("span", { text: t("bd_" + name) }))),
        el("td", { class: "num combos", "data-value": combos, text: comboCount(combos) }),
        el("td", { class: "num share", "data-value": share },
          el("span", { class: "share-cell" }, bar, el("span", { text: pct(share, 1) })))));
    }
    const head = el("tr", {},
      el("th", { scope: "col", text: title }),
      el("th", { scope: "col", class: "num", text: t("bd_combos") }),
      el("th", { scope: "col", class: "num", text: t("bd_share") }));
    return el("table", { class: "breakdown-table" }, el("thead", {}, head), body);
  };
  for (const name of [...picked.classes]) if (!shown.has(name)) picked.classes.delete(name);
  const quick = el("div", { class: "bd-quick", role: "group", "aria-label": t("bd_quick") },
    ...Object.entries(groups(Object.keys(doc.made || {}))).map(([group, names]) => {
      const button = el("button", { type: "button", "data-group": group, text: t("bd_group_" + group) });
      button.addEventListener("click", () => tickGroup(names.filter((n) => shown.has(n))));
      return button;
    }));
  box.replaceChildren(
    el("p", { class: "muted bd-total", text: t("bd_total", { n: player + 1, combos: comboCount(doc.combos) }) }),
    quick,
    part(t("made_hands"), doc.made, doc.made_combos),
    part(t("draws"), doc.draws, doc.draw_combos));
  if (picked.onChange) picked.onChange(pickedClasses());
}

// The groups of classes ticked at once, as `showdown breakdown --select` names them;
// `made` is the made classes from best to worst.
export function groups(made) {
  const upTo = (last) => made.slice(0, made.indexOf(last) + 1);
  return {
    top_pair_or_better: upTo("top pair, weak kicker"),
    pair_or_better: made.slice(0, made.indexOf("ace high")),
    flush_draws: ["flush draw", "nut flush draw"],
    straight_draws: ["open-ended", "gutshot"],
  };
}

// Tick every class of a group (or untick them all when all were ticked already).
function tickGroup(names) {
  if (!names.length) return;
  const all = names.every((n) => picked.classes.has(n));
  for (const n of names) {
    if (all) picked.classes.delete(n);
    else picked.classes.add(n);
  }
  for (const box of document.querySelectorAll("#breakdown input[type=checkbox]")) {
    box.checked = picked.classes.has(box.value);
  }
  if (picked.onChange) picked.onChange(pickedClasses());
}
