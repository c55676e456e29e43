// Cards as the page shows them: the rank and the suit's sign, red or black; "??" face down.
import { el } from "/shared/js/dom.js";
import { t } from "./i18n.js";

const SIGNS = { c: "♣", d: "♦", h: "♥", s: "♠" };

// "AcKd" or ["Ac", "Kd"] -> ["Ac", "Kd"].
export function cardList(cards) {
  if (Array.isArray(cards)) return cards;
  const out = [];
  for (let k = 0; k + 1 < (cards || "").length; k += 2) out.push(cards.slice(k, k + 2));
  return out;
}

export function cardEl(text) {
  if (!/^[2-9TJQKA][cdhs]$/.test(text)) {
    return el("span", { class: "card back", title: t("card_unknown"), "aria-label": t("card_unknown"), text: "?" });
  }
  const rank = text[0] === "T" ? "10" : text[0];
  const label = rank + SIGNS[text[1]];
  return el("span", { class: "card suit-" + text[1], title: label, "data-card": text, text: label });
}

export function cardsEl(cards, extraClass = "") {
  const box = el("span", { class: ("cards " + extraClass).trim() });
  for (const card of cardList(cards)) box.append(cardEl(card));
  return box;
}
