// The board picker: the 52 cards as toggle buttons, kept in step with the board's box.
import { $, el } from "/shared/js/dom.js";
import { t } from "./i18n.js";

const RANKS = "AKQJT98765432";
const SUITS = [["s", "♠"], ["h", "♥"], ["d", "♦"], ["c", "♣"]];

// The board text as a list of cards ("Qh Jh 3c" -> ["Qh", "Jh", "3c"]).
export const boardCards = (text) => (text.replace(/[\s,]+/g, "").match(/.{1,2}/g) || [])
  .map((c) => c[0].toUpperCase() + (c[1] || "").toLowerCase());

export function buildPicker(onChange) {
  const root = $("#picker");
  for (const [suit, symbol] of SUITS) {
    const row = el("div", { class: "picker-row suit-" + suit });
    for (const rank of RANKS) {
      const card = rank + suit;
      const button = el("button", {
        type: "button", class: "pick", "data-card": card, "aria-pressed": "false",
      }, rank + symbol);
      button.addEventListener("click", () => onChange(card));
      row.append(button);
    }
    root.append(row);
  }
}

export function showPicker(text) {
  const chosen = new Set(boardCards(text));
  for (const button of document.querySelectorAll("#picker .pick")) {
    button.setAttribute("aria-pressed", chosen.has(button.dataset.card) ? "true" : "false");
    button.setAttribute("aria-label", t("card_label", { card: button.dataset.card }));
  }
}

// The board text after clicking `card`: out if it was in, else in (at most 5 cards).
export function toggled(text, card) {
  const cards = boardCards(text);
  const at = cards.indexOf(card);
  if (at >= 0) cards.splice(at, 1);
  else if (cards.length < 5) cards.push(card);
  return cards.join(" ");
}
