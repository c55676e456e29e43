// The board picker picks the board or the dead cards (the "Pick for" switch); the cards
// in use elsewhere (the other field, the players' known hands) are greyed out.
import { $ } from "/shared/js/dom.js";
import { boardCards, showPicker, toggled } from "./board.js";

// "board" or "dead": the field the picker fills.
export const pickTarget = () => ($("input[name=pick-for]:checked") || { value: "board" }).value;

// The cards of a player's box when it holds one known hand ("AhKh", "Ah Kh Qd Jd"):
// none for a range (a comma, a +, a %, a weight or a class such as AKs).
export function knownCards(text) {
  const bare = (text || "").replace(/\s+/g, "");
  if (!/^([2-9TJQKA][shdc]){2,}$/i.test(bare)) return [];
  return boardCards(bare);
}

// The cards the picker greys out when it fills `target` of `spot`.
export function usedCards(spot, target) {
  const used = new Set(boardCards(target === "board" ? spot.dead : spot.board));
  for (const text of spot.players) for (const card of knownCards(text)) used.add(card);
  return used;
}

export function showPickerFor(spot) {
  const target = pickTarget();
  showPicker(spot[target], usedCards(spot, target), target === "board" ? "card_label" : "dead_label");
}

// The spot's field after a click on `card` (the board holds at most 5 cards).
export function pickCard(spot, card) {
  const target = pickTarget();
  spot[target] = toggled(spot[target], card, target === "board" ? 5 : 52);
  return target;
}
