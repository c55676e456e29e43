// The hint: the best decision now, its chances, and every option in a table.
import { $, bringIntoView, fill, h } from "./dom.js";
import { cardName, currentLang, num, pct, signedDecimal, t } from "./i18n.js";
import { app, api, followTable, showError } from "./state.js";

const myCards = () => (app.state && app.state.round ? app.state.round.players[0].cards : null);


export async function loadHint(focus) {
  const st = app.state;
  if (!st || st.phase !== "deciding") return;
  const version = st.round.version;
  const box = $("#hint");
  box.hidden = false;
  box.textContent = t("hint_thinking");
  try {
    app.hint = await api("GET", "/api/hint");
    app.hintVersion = version;
  } catch (err) {
    app.hint = null;
    if (!(await followTable(err))) showError(err);
  }
  renderHint();
  if (!box.hidden) {
    bringIntoView([box]);
    if (focus) box.focus({ preventScroll: true });
  }
}

// "exchange the five of diamonds" / "keep your five cards" / "fold", lower case for
// the middle of a sentence; capitalise() it at the start of a table row.
function optionLabel(opt) {
  if (opt.action === "exchange") {
    const cards = myCards();
    return t("hint_exchange", { card: cards ? cardName(cards[opt.card_index]) : opt.card_index + 1 });
  }
  return t("hint_" + opt.action);
}

const capitalise = (text) => text.charAt(0).toLocaleUpperCase(currentLang()) + text.slice(1);

// A table row's label: "Exchange 8♦" (short enough for a phone), with the full
// words ("exchange the eight of diamonds") for screen readers and as a tooltip.
function optionCell(opt) {
  const full = capitalise(optionLabel(opt));
  const cards = myCards();
  if (opt.action !== "exchange" || !cards) return h("th", { scope: "row" }, full);
  const code = cards[opt.card_index];
  const suit = { c: "♣", d: "♦", h: "♥", s: "♠" }[code[1]];
  const rank = code[0] === "T" ? "10" : code[0];
  const red = code[1] === "d" || code[1] === "h";
  return h("th", { scope: "row", title: full, "aria-label": full },
    t("hint_exchange_short"), " ", h("span", { class: "pip" + (red ? " red" : "") }, rank + suit));
}

function chanceText(hint, best) {
  if (best.action !== "fold") {
    // "(tie 0%)" is noise: mention a tie only when it is a real chance.
    const key = hint.tie_chance >= 0.005 ? "hint_chance" : "hint_chance_no_tie";
    return t(key, { win: pct(hint.win_chance), tie: pct(hint.tie_chance) });
  }
  const stay = hint.options.filter((o) => o.action !== "fold").sort((a, b) => b.ev - a.ev)[0];
  return stay ? t("hint_fold_chance", { win: pct(stay.win_chance), action: optionLabel(stay) }) : "";
}

export function renderHint() {
  const box = $("#hint");
  const hint = app.hint;
  if (!hint || !app.state || app.state.phase !== "deciding") {
    box.hidden = true;
    fill(box);
    return;
  }
  box.hidden = false;
  box.setAttribute("tabindex", "-1");
  const best = hint.options.find((o) => o.action === hint.action && o.card_index === hint.card_index) || hint;
  const rows = hint.options.slice().sort((a, b) => b.ev - a.ev).map((o) =>
    h("tr", { class: o === best ? "best" : "" },
      optionCell(o),
      h("td", {}, o.action === "fold" ? "—" : pct(o.win_chance)),
      h("td", { class: "tie" }, o.action === "fold" ? "—" : pct(o.tie_chance)),
      h("td", {}, o.action === "fold" ? "—" : pct(o.pot_chance)),
      h("td", { class: "num" }, signedDecimal(o.ev))));
  // The options are the point of a hint: the table is open; a click folds it away.
  const details = h("details", { open: app.hintFolded ? null : true },
    h("summary", {}, t("hint_details", { n: num(hint.samples) })),
    h("div", { class: "table-scroll" }, h("table", { class: "hint-table" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, t("hint_option")),
        h("th", { scope: "col" }, t("hint_win")),
        h("th", { scope: "col", class: "tie" }, t("hint_tie")),
        h("th", { scope: "col" }, t("hint_pot")),
        h("th", { scope: "col" }, t("hint_ev")))),
      h("tbody", {}, rows))));
  details.addEventListener("toggle", () => { app.hintFolded = !details.open; });
  fill(box,
    h("h2", {}, t("hint_title")),
    h("p", { class: "hint-best" }, t("hint_best", { action: optionLabel(best) }), " ", chanceText(hint, best)),
    details,
  );
}
