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

// Press the cards of `text`; the cards of `used` (in use elsewhere: the other field,
// a player's known hand) are greyed out and cannot be clicked.
export function showPicker(text, used = new Set(), label = "card_label") {
  const chosen = new Set(boardCards(text));
  for (const button of document.querySelectorAll("#picker .pick")) {
    const card = button.dataset.card;
    const taken = used.has(card) && !chosen.has(card);
    button.setAttribute("aria-pressed", chosen.has(card) ? "true" : "false");
    button.disabled = taken;
    button.classList.toggle("used", taken);
    button.setAttribute("aria-label", t(taken ? "card_used" : label, { card }));
  }
}

// The text after clicking `card`: out if it was in, else in (at most `most` cards).
export function toggled(text, card, most = 5) {
  const cards = boardCards(text);
  const at = cards.indexOf(card);
  if (at >= 0) cards.splice(at, 1);
  else if (cards.length < most) cards.push(card);
  return cards.join(" ");
}
