// Cards and the words about a round's result: used by the table's showdown and
// by the history screen alike.
import { h } from "./dom.js";
import { botName, cardName, handText, num, seatVariant, signed, t } from "./i18n.js";
import { app } from "./state.js";

export function cardImg(code, extra) {
  return h("img", {
    class: "card" + (extra ? " " + extra : ""),
    src: "/cards/" + code + ".svg",
    alt: cardName(code),
    draggable: "false",
  });
}

export function backImg(extra) {
  return h("img", {
    class: "card back" + (extra ? " " + extra : ""),
    src: "/cards/back.svg",
    alt: t("card_face_down"),
    draggable: "false",
  });
}

// The name of a seat in a round (or at the table when no round is given).
export function who(seat, rnd) {
  if (seat === 0) return t("you");
  const info = rnd ? rnd.players[seat] : app.state.seats[seat];
  return botName(info.name);
}

export function seatKey(key, seat, rnd) {
  const info = rnd ? rnd.players[seat] : app.state && app.state.seats[seat];
  return seatVariant(key, seat, info && info.style);
}

// One seat's result against the house ("you" sentences have their own wording).
export function outcomeText(outcome, paid, seat, rnd) {
  const key = (k) => (seat === undefined ? k : seatKey(k, seat, rnd));
  if (outcome === "win") return t(key("vs_win"), { n: num(paid) });
  if (outcome === "loss") return t(key("vs_loss"), { n: num(-paid) });
  if (outcome === "push") return t(key("vs_push"));
  // A hand never shown is settled in silence: no word of how it fared against the dealer.
  if (outcome === "not_shown") return t("vs_not_shown");
  return t(key("vs_fold"));
}

export const myNet = (rnd) => rnd.result.net.find((n) => n.seat === 0).net;

// "Round 7: you beat the dealer, +20 · your result +40" (the showdown headline).
export function roundSummary(rnd) {
  const mine = rnd.result.vs_house.find((v) => v.seat === 0);
  return t("round_n", { n: rnd.number }) + ": " +
    (mine ? outcomeText(mine.outcome, mine.paid, 0, rnd) : "") +
    " · " + t("your_net", { n: signed(myNet(rnd)) });
}

export function potSentence(rnd) {
  const pot = rnd.result.pot;
  if (pot.carried) return t("pot_carried", { n: num(pot.amount) });
  const names = (seats) => seats.map((s) => who(s, rnd)).join(", ");
  const solo = pot.winners.length === 1 && pot.winners[0] === 0 ? "_you" : "";
  if (pot.uncontested) {
    return t("pot_uncontested" + solo, { who: names(pot.winners), n: num(pot.amount) });
  }
  if (pot.winners.length > 1) {
    const parts = pot.shares.map((s) => names([s.seat]) + "\u00a0" + num(s.amount)).join(", ");
    return t("pot_split", { n: num(pot.amount), parts });
  }
  return t("pot_won" + solo, { who: names(pot.winners), n: num(pot.amount) });
}

// What a player still in decided, under their hand in the results: "Kept the five
// cards", or which card was exchanged (for you, which card went and which came).
function decisionNote(p, rnd) {
  const d = p.decision;
  if (!d || p.status === "folded") return null;
  let text;
  if (d.action === "exchange" && d.discarded && d.drawn) {
    text = t("decision_swap", { old: cardName(d.discarded), new: cardName(d.drawn) });
  } else if (d.action === "exchange") {
    text = t(seatKey("status_exchanged", p.seat, rnd), { n: d.card_index + 1 });
  } else {
    text = t(seatKey("status_kept", p.seat, rnd));
  }
  return h("small", { class: "decision" }, text);
}

export function resultTable(rnd) {
  const res = rnd.result;
  const shares = Object.fromEntries(res.pot.shares.map((s) => [s.seat, s.amount]));
  const nets = Object.fromEntries(res.net.map((n) => [n.seat, n.net]));
  const vs = Object.fromEntries(res.vs_house.map((v) => [v.seat, v]));
  const row = (label, cards, hand, vsText, share, net, cls) => h("tr", { class: cls || "" },
    h("th", { scope: "row", title: cls && cls.includes("winner") ? t("pot_winner_note") : null }, label),
    h("td", { class: "cards tiny", "data-label": t("col_cards") }, cards),
    h("td", { "data-label": t("col_hand") }, hand),
    h("td", { "data-label": t("col_vs_house") }, vsText),
    h("td", { "data-label": t("col_pot") }, share),
    h("td", { class: net > 0 ? "pos" : net < 0 ? "neg" : "", "data-label": t("col_net") },
      net === null ? "" : signed(net)));
  const dealer = rnd.dealer;
  const rows = [row(t("dealer"), dealer.cards.map((c) => cardImg(c)),
    dealer.hand ? handText(dealer.hand) : t("dealer_not_played"),
    "", "", null, "dealer-row")];
  for (const seat of rnd.order) {
    const p = rnd.players[seat];
    const v = vs[seat];
    const cards = p.cards
      ? p.cards.map((c) => cardImg(c, p.status === "folded" ? "mucked" : ""))
      : [h("span", { class: "muted" }, p.status === "folded" ? t(seatKey("not_shown_folded", seat, rnd)) : t("not_shown_alone"))];
    const hand = p.status === "folded"
      ? "—"
      : [p.hand ? handText(p.hand) : "—", decisionNote(p, rnd)];
    const isWinner = res.pot.winners.includes(seat);
    // The star after a pot winner's name is drawn by CSS; say it in words too.
    const label = isWinner
      ? [who(seat, rnd), h("span", { class: "visually-hidden" }, " " + t("pot_winner_note"))]
      : who(seat, rnd);
    rows.push(row(label, cards, hand,
      v ? outcomeText(v.outcome, v.paid, seat, rnd) : "",
      shares[seat] ? num(shares[seat]) : "—",
      nets[seat] ?? 0,
      (seat === 0 ? "you-row" : "") + (isWinner ? " winner" : "")));
  }
  return h("table", { class: "results" },
    h("caption", { class: "visually-hidden" }, t("showdown")),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, t("col_seat")),
      h("th", { scope: "col" }, t("col_cards")),
      h("th", { scope: "col" }, t("col_hand")),
      h("th", { scope: "col" }, t("col_vs_house")),
      h("th", { scope: "col" }, t("col_pot")),
      h("th", { scope: "col" }, t("col_net")))),
    h("tbody", {}, rows));
}

export function explanations(rnd) {
  const res = rnd.result;
  const items = [];
  if (res.pot.explanation) {
    items.push(h("li", { class: "pot-why" }, h("strong", {}, t("why_pot") + ": "), res.pot.explanation));
  }
  for (const v of res.vs_house) {
    if (v.explanation) {
      items.push(h("li", {}, h("strong", {}, t("why_vs", { who: who(v.seat, rnd) }) + ": "), v.explanation));
    }
  }
  return items.length ? h("ul", { class: "why" }, items) : null;
}
