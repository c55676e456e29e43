// The showdown: the results under the table, what the eye must see when a round
// ends, and the sounds of each step.
import { $, bringIntoView, fill, h } from "./dom.js";
import { play } from "./prefs.js";
import { app } from "./state.js";
import { explanations, myNet, potSentence, resultTable, roundSummary } from "./results.js";

// The result and every card that decided it on one screen: the dealer's five, the
// opponents' shown hands, yours, the Next button and the result line. When the
// screen is tall enough, the showdown's headline below comes into view too.
const DECISIVE = [
  "#dealer-cards", "#dealer-hand", "#seat-1 .cards", "#seat-2 .cards", "#seat-0 .cards",
  "#seat-0 .hand-desc", "#actions", "#status",
];
export function revealShowdown() {
  const decisive = DECISIVE.map((sel) => $(sel));
  bringIntoView(decisive);
  const top = $("#dealer-cards").getBoundingClientRect().top;
  const headline = $("#showdown .headline");
  if (headline && headline.getBoundingClientRect().bottom - top + 16 <= window.innerHeight) {
    bringIntoView([...decisive, headline]);
  }
}

// The sounds of a change of state (only when the sound is switched on).
export function playSounds(prev, st, newRound) {
  const rnd = st.round;
  if (!rnd) return;
  if (newRound) return play("deal");
  const before = prev.round ? prev.round.dealer.cards.length : 0;
  const settledNow = rnd.phase === "settled" && rnd.result && prev.round.phase !== "settled";
  if (settledNow) {
    const mine = rnd.result.vs_house.find((v) => v.seat === 0);
    if (mine && mine.outcome !== "fold") return play(mine.outcome === "win" ? "win" : mine.outcome === "push" ? "push" : "loss");
  }
  if (rnd.dealer.cards.length > before) play("flip");
}

export function renderShowdown() {
  const box = $("#showdown");
  const rnd = app.state.round;
  if (!rnd || rnd.phase !== "settled" || !rnd.result) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const net = myNet(rnd);
  fill($("#showdown-body"),
    h("p", { class: "headline " + (net > 0 ? "pos" : net < 0 ? "neg" : "") }, roundSummary(rnd)),
    h("p", { class: "pot-line" }, potSentence(rnd)),
    explanations(rnd),
    h("div", { class: "table-scroll" }, resultTable(rnd)),
  );
}
