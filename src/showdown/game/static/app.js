// Poker vs Dealer: the browser side. Plain JavaScript, no build step, no
// network beyond this local server. The server never sends a card before it
// is revealed, so this file only ever draws what it is given.
"use strict";

(() => {
  const LANGS = ["en", "es", "ru"];
  const RANK_KEYS = "23456789TJQKA";
  const SUIT_KEYS = "cdhs";
  const CATEGORIES = [
    "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
    "three_of_a_kind", "two_pair", "pair", "high_card",
  ];
  // One example hand per category for the rules screen (best first).
  const EXAMPLES = {
    straight_flush: "9h 8h 7h 6h 5h",
    four_of_a_kind: "Qs Qh Qd Qc 7s",
    full_house: "3s 3h 3d Ac Ah",
    flush: "Ad Jd 9d 5d 3d",
    straight: "Tc 9d 8h 7s 6c",
    three_of_a_kind: "7c 7d 7h Ks 2d",
    two_pair: "Ks Kd 4c 4h Ah",
    pair: "As Ad Kc 7h 2s",
    high_card: "Ac Jh 9s 5d 3c",
  };
  const STORAGE_KEY = "showdown.lang";

  const app = {
    token: "",
    profile: "",
    lang: "en",
    dict: {},
    fallback: {},
    state: null,
    screen: "table",
    selected: null, // index of the card chosen for an exchange
    hint: null,
    hintVersion: null,
    dealing: false,
    focusLost: false, // the focused control was redrawn away: see keepFocus()
    busy: false,
    shownDealer: { round: null, count: 0 },
    history: [],
    historyMore: false,
    stats: null,
  };

  // ---------------------------------------------------------------- helpers

  const $ = (sel, root = document) => root.querySelector(sel);
  const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") el.className = value;
      else if (key === "text") el.textContent = value;
      else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
      else el.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      el.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return el;
  }

  // replaceChildren that skips null/false entries (optional parts of a view).
  function fill(el, ...children) {
    el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false && c !== ""));
  }

  function svg(tag, attrs, ...children) {
    const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "text") el.textContent = value;
      else el.setAttribute(key, String(value));
    }
    for (const child of children.flat()) if (child) el.append(child);
    return el;
  }

  function t(key, params) {
    let text = app.dict[key] ?? app.fallback[key] ?? key;
    if (params) {
      text = text.replace(/\{(\w+)\}/g, (match, name) =>
        params[name] === undefined ? match : String(params[name]));
    }
    return text;
  }

  const num = (n) => new Intl.NumberFormat(app.lang).format(n);

  // A sentence with a count in it, in the grammatical number the language wants:
  // key + "_one" / "_few" / "_many" when the dictionary has that form ("1 chip";
  // Russian "1 фишка", "3 фишки", "5 фишек"), else the key itself.
  function tn(key, count, params) {
    const form = key + "_" + new Intl.PluralRules(app.lang).select(count);
    return t(app.dict[form] !== undefined ? form : key, { n: num(count), ...params });
  }
  const signed = (n) => (n > 0 ? "+" : n < 0 ? "−" : "±") + num(Math.abs(n));
  const pct = (x) => new Intl.NumberFormat(app.lang, { style: "percent", maximumFractionDigits: 0 }).format(x);
  const when = (iso) => (iso ? new Intl.DateTimeFormat(app.lang, {
    dateStyle: "short", timeStyle: "short",
  }).format(new Date(iso)) : "");

  function cardName(code) {
    const rank = t("rank_" + code[0]);
    const suit = t("suit_" + code[1]);
    return t("card_name", { rank, suit });
  }

  function cardImg(code, extra) {
    return h("img", {
      class: "card" + (extra ? " " + extra : ""),
      src: "/cards/" + code + ".svg",
      alt: cardName(code),
      draggable: "false",
    });
  }

  function backImg(extra) {
    return h("img", {
      class: "card back" + (extra ? " " + extra : ""),
      src: "/cards/back.svg",
      alt: t("card_face_down"),
      draggable: "false",
    });
  }

  // "Pair — Pair of nines" says the category twice: show the description alone
  // when it already starts with the category's name.
  function handText(hand) {
    const cat = t("cat_" + hand.category);
    const desc = hand.description || "";
    const first = cat.split(" ")[0].toLowerCase();
    return desc.toLowerCase().startsWith(first) ? desc : cat + " — " + desc;
  }

  // An opponent's name as this language writes it ("Viktor" is "Виктор" in Russian).
  function botName(name) {
    return app.dict["name_" + name] || name;
  }

  // The name of a seat in a round (or at the table when no round is given).
  function who(seat, rnd) {
    if (seat === 0) return t("you");
    const info = rnd ? rnd.players[seat] : app.state.seats[seat];
    return botName(info.name);
  }

  // A sentence about a seat: "_you" variant for you, "_f" for a woman's name when the
  // language has one (Russian past tense agrees with the subject), else the plain key.
  function seatKey(key, seat, rnd) {
    if (seat === 0 && (app.dict[key + "_you"] || app.fallback[key + "_you"])) return key + "_you";
    const info = rnd ? rnd.players[seat] : app.state && app.state.seats[seat];
    if (seat !== 0 && info && info.style === "cautious" && app.dict[key + "_f"]) return key + "_f";
    return key;
  }

  // ---------------------------------------------------------------- server

  class ApiError extends Error {
    constructor(status, code, message) {
      super(message);
      this.status = status;
      this.code = code;
    }
  }

  async function refreshToken() {
    const res = await fetch("/api/session", { credentials: "same-origin" });
    const data = await res.json();
    app.token = data.token;
  }

  async function api(method, path, body) {
    const url = new URL(path, location.origin);
    url.searchParams.set("lang", app.lang);
    const opts = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.headers["X-Showdown-Token"] = app.token;
      opts.body = JSON.stringify(body);
    }
    let res;
    try {
      res = await fetch(url, opts);
      if (res.status === 403 && body !== undefined) {
        const data = await res.clone().json().catch(() => ({}));
        if (data.error === "bad_token") {
          // The server restarted (new secret): fetch a fresh token, try once more.
          await refreshToken();
          opts.headers["X-Showdown-Token"] = app.token;
          res = await fetch(url, opts);
        }
      }
    } catch (err) {
      throw new ApiError(0, "network", String(err));
    }
    const data = await res.json().catch(() => ({ error: "bad_response" }));
    if (!res.ok) throw new ApiError(res.status, data.error || "error", data.message || "");
    return data;
  }

  function showError(err) {
    const box = $("#alert");
    const key = "err_" + (err.code || "error");
    const text = app.dict[key] || app.fallback[key] || t("err_generic", { message: err.message || err.code });
    box.textContent = text;
    box.hidden = false;
  }

  function clearError() {
    $("#alert").hidden = true;
  }

  async function reloadState() {
    setState(await api("GET", "/api/state"));
  }

  // A state-changing request; on a conflict (another tab, a stale page) the
  // table is reloaded and the reason shown.
  async function post(path, body) {
    if (app.busy) return null;
    app.busy = true;
    renderActions();
    clearError();
    try {
      const st = await api("POST", path, body);
      setState(st);
      return st;
    } catch (err) {
      showError(err);
      if (err.status === 409) await reloadState().catch(() => {});
      return null;
    } finally {
      app.busy = false;
      // Both hold controls disabled while busy: the buttons and the ante.
      renderActions();
      if (app.state) renderCenter();
    }
  }

  // ---------------------------------------------------------------- i18n

  async function loadLang(lang) {
    const res = await fetch("/static/i18n/" + lang + ".json");
    return res.json();
  }

  function pickLang() {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (LANGS.includes(saved)) return saved;
    for (const tag of navigator.languages || [navigator.language || "en"]) {
      const base = String(tag).toLowerCase().split("-")[0];
      if (LANGS.includes(base)) return base;
    }
    return "en";
  }

  async function setLang(lang, remember) {
    app.dict = lang === "en" ? app.fallback : await loadLang(lang);
    app.lang = lang;
    if (remember) localStorage.setItem(STORAGE_KEY, lang);
    document.documentElement.lang = lang;
    $("#lang-select").value = lang;
    document.title = t("app_title");
    for (const el of $$("[data-i18n]")) el.textContent = t(el.dataset.i18n);
    for (const el of $$("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
    renderKeys();
    renderRules();
    if (app.state) {
      renderTable();
      // Descriptions and explanations come from the server in the chosen language.
      await reloadState().catch(showError);
      if (app.hint) await loadHint(false);
    }
    if (app.screen === "history") await loadHistory(true).catch(showError);
    if (app.screen === "stats") await loadStats().catch(showError);
    document.body.dataset.lang = lang;
  }

  // ---------------------------------------------------------------- screens

  function showScreen(name, focus = true) {
    app.screen = name;
    for (const el of $$(".screen")) el.hidden = el.dataset.screenName !== name;
    for (const btn of $$("#nav button")) {
      if (btn.dataset.screen === name) btn.setAttribute("aria-current", "page");
      else btn.removeAttribute("aria-current");
    }
    if (name === "history") loadHistory(true).catch(showError);
    if (name === "stats") loadStats().catch(showError);
    if (focus) {
      const title = $("#screen-" + name + " h1");
      if (title) title.focus({ preventScroll: false });
    }
  }

  // ---------------------------------------------------------------- table

  function setState(st) {
    const prev = app.state;
    app.state = st;
    const rnd = st.round;
    if (!rnd || !prev || !prev.round || prev.round.id !== rnd.id || rnd.phase !== "deciding") {
      app.selected = null;
    }
    if (app.hint && (!rnd || app.hintVersion !== rnd.version || st.phase !== "deciding")) {
      app.hint = null;
    }
    renderTable();
    if (st.phase === "dealer") dealerLoop();
  }

  async function dealerLoop() {
    if (app.dealing) return;
    app.dealing = true;
    try {
      while (app.state && app.state.phase === "dealer") {
        await sleep(reducedMotion() ? 120 : 650);
        const st = app.state;
        if (!st || st.phase !== "dealer") break;
        try {
          setState(await api("POST", "/api/advance", { version: st.round.version }));
        } catch (err) {
          if (err.status === 409) {
            await reloadState();
          } else {
            showError(err);
            break;
          }
        }
      }
    } finally {
      app.dealing = false;
    }
  }

  function renderTable() {
    const st = app.state;
    if (!st) return;
    keepFocus(() => {
      const rnd = st.round;
      $("#my-chips").textContent = num(st.chips);
      renderDealer(rnd);
      for (const seat of [1, 2]) renderBot(seat);
      renderYou();
      renderCenter();
      renderActions();
      renderHint();
      renderShowdown();
    });
  }

  // Redrawing the table replaces its buttons. When the focused one disappears
  // (the Deal button once the cards are out, a card once you have decided), the
  // keyboard focus would fall back to the page and the next Tab start over from
  // the top. Instead it moves to what comes next: your first card when you have
  // to decide, the Deal (or Refill) button when the round is over. While the
  // dealer turns his cards there is nothing to focus; the move waits for the end.
  function focusTarget() {
    const st = app.state;
    if (!st || app.screen !== "table") return null;
    if (st.phase === "deciding") {
      return $("#seat-0 .card-btn.selected") || $("#seat-0 .card-btn");
    }
    if (st.phase === "idle" && !app.busy) return $("#btn-deal") || $("#btn-refill");
    return null;
  }

  function keepFocus(render) {
    const before = document.activeElement;
    const inFelt = before && before !== document.body && $("#screen-table .felt").contains(before);
    render();
    if (inFelt) app.focusLost = true;
    const now = document.activeElement;
    if (!app.focusLost || (now && now !== document.body && now.isConnected)) {
      if (now && now !== document.body && now.isConnected) app.focusLost = false;
      return;
    }
    const target = focusTarget();
    if (target) {
      target.focus({ preventScroll: true });
      app.focusLost = false;
    }
  }

  function statusText(player) {
    if (!player) return t("status_idle");
    const d = player.decision;
    if (player.status === "waiting") return player.seat === 0 ? t("status_your_turn") : t("status_waiting");
    if (player.status === "folded") return t(seatKey("status_folded", player.seat));
    if (d && d.action === "exchange") {
      return t(seatKey("status_exchanged", player.seat), { n: d.card_index + 1 });
    }
    return t(seatKey("status_kept", player.seat));
  }

  function buttonBadge(seat) {
    const st = app.state;
    // A settled round stays on screen with its own button: its odd chips were
    // shared from the left of that seat. The next deal moves the badge on.
    const button = st.round ? st.round.button : st.button;
    return seat === button ? h("span", { class: "badge button", title: t("button_title") }, t("button")) : null;
  }

  function renderDealer(rnd) {
    const box = $("#dealer-cards");
    fill(box);
    const shown = app.shownDealer;
    if (!rnd) {
      for (let i = 0; i < 5; i++) box.append(h("span", { class: "card slot", "aria-hidden": "true" }));
      $("#dealer-hand").textContent = "";
      app.shownDealer = { round: -1, count: 0 }; // seen: no round yet
      return;
    }
    const up = rnd.dealer.cards;
    // Only cards turned while you watch arrive animated: not those already up when
    // the page opens (a reload mid-round), nor a settled round's.
    const firstSight = shown.round === null || rnd.phase === "settled";
    const before = shown.round === rnd.id ? shown.count : (firstSight ? up.length : 0);
    up.forEach((code, i) => box.append(cardImg(code, i >= before ? "arrive" : "")));
    for (let i = 0; i < rnd.dealer.hidden; i++) box.append(backImg());
    app.shownDealer = { round: rnd.id, count: up.length };
    const hand = rnd.dealer.hand;
    // The line is a live region: with a screen reader, each new card is read out.
    const newest = up.length > before ? cardName(up[up.length - 1]) : null;
    fill($("#dealer-hand"),
      hand ? handText(hand) : t("dealer_up", { n: up.length }),
      newest ? h("span", { class: "visually-hidden" }, " " + t("dealer_new_card", { card: newest })) : null);
  }

  function playerOf(seat) {
    const rnd = app.state.round;
    return rnd ? rnd.players[seat] : null;
  }

  function renderBot(seat) {
    const st = app.state;
    const info = st.seats[seat];
    const player = playerOf(seat);
    const box = $("#seat-" + seat);
    const cards = h("div", { class: "cards small" });
    if (player && player.cards) player.cards.forEach((c) => cards.append(cardImg(c)));
    else if (player) for (let i = 0; i < player.card_count; i++) {
      cards.append(backImg(player.status === "folded" ? "mucked" : ""));
    }
    else for (let i = 0; i < 5; i++) cards.append(h("span", { class: "card slot", "aria-hidden": "true" }));
    const isActing = player && player.status === "waiting";
    box.className = "seat bot" + (player && player.status === "folded" ? " folded" : "");
    fill(box,
      h("div", { class: "seat-head" },
        h("h2", {}, botName(info.name)),
        h("span", { class: "badge style-" + info.style, title: t("style_" + info.style + "_desc") },
          t("style_" + info.style)),
        buttonBadge(seat)),
      h("p", { class: "chips" }, tn("chips_n", info.chips)),
      cards,
      h("p", { class: "seat-status" + (isActing ? " waiting" : "") }, statusText(player)),
      player && player.hand
        ? h("p", { class: "hand-desc" }, handText(player.hand))
        : null,
    );
  }

  function renderYou() {
    const st = app.state;
    const player = playerOf(0);
    const box = $("#seat-0");
    const deciding = st.phase === "deciding";
    const cards = h("div", {
      class: "cards mine",
      role: deciding ? "group" : null,
      "aria-label": deciding ? t("pick_card_label") : null,
    });
    if (player && player.cards) {
      player.cards.forEach((code, i) => {
        const d = player.decision;
        const drawn = d && d.action === "exchange" && d.card_index === i;
        if (deciding) {
          const selected = app.selected === i;
          cards.append(h("button", {
            type: "button",
            class: "card-btn" + (selected ? " selected" : ""),
            "aria-pressed": selected ? "true" : "false",
            "aria-keyshortcuts": String(i + 1),
            "data-index": i,
            title: t("pick_card", { card: cardName(code), n: i + 1 }),
            onclick: () => toggleCard(i),
            onkeydown: (ev) => cardArrows(ev, i),
          }, cardImg(code), h("kbd", { class: "card-key" }, String(i + 1))));
        } else {
          cards.append(h("span", { class: "card-wrap" + (drawn ? " drawn" : "") },
            cardImg(code, player.status === "folded" ? "mucked" : ""),
            drawn ? h("span", { class: "tag" }, t("drawn")) : null));
        }
      });
    } else {
      for (let i = 0; i < 5; i++) cards.append(h("span", { class: "card slot", "aria-hidden": "true" }));
    }
    const d = player && player.decision;
    box.className = "seat you" + (player && player.status === "folded" ? " folded" : "");
    fill(box,
      h("div", { class: "seat-head" },
        h("h2", {}, t("you")),
        buttonBadge(0),
        h("span", { class: "chips" }, tn("chips_n", st.chips))),
      cards,
      player ? h("p", { class: "seat-status" },
        d && d.action === "exchange" && d.discarded
          ? t("you_exchanged", { n: d.card_index + 1, old: cardName(d.discarded), new: cardName(d.drawn) })
          : statusText(player)) : null,
      player && player.hand && player.status !== "folded"
        ? h("p", { class: "hand-desc" }, t("your_hand") + ": " + handText(player.hand))
        : null,
    );
  }

  function renderCenter() {
    const st = app.state;
    const rnd = st.round;
    $("#pot-amount").textContent = num(st.table_pot);
    let note = "";
    if (rnd && rnd.phase !== "settled" && rnd.carry_in) note = t("carry_in", { n: num(rnd.carry_in) });
    else if (st.phase === "idle" && st.table_pot) note = t("pot_waiting");
    $("#pot-note").textContent = note;
    $("#round-info").textContent = rnd
      ? t("round_n", { n: rnd.number }) + " · " + t("ante_bet", { ante: num(rnd.ante), bet: num(rnd.play_bet) })
      : t("no_round_yet");
    const select = $("#ante-select");
    if (select.options.length !== st.antes.length) {
      fill(select, ...st.antes.map((a) => h("option", { value: a }, num(a))));
    }
    select.value = String(st.ante);
    select.disabled = st.phase !== "idle" || app.busy;
  }

  function actionButton(key, label, onclick, opts = {}) {
    return h("button", {
      type: "button",
      class: "action " + (opts.cls || ""),
      id: "btn-" + opts.id,
      "aria-keyshortcuts": key,
      disabled: opts.disabled || app.busy,
      onclick,
    }, label, " ", h("kbd", {}, key));
  }

  function renderActions() {
    keepFocus(drawActions);
  }

  function drawActions() {
    const st = app.state;
    const box = $("#actions");
    if (!st) return;
    const children = [];
    let status = "";
    if (st.phase === "idle") {
      if (st.refill_available) {
        status = tn("refill_offer", st.chips, { ante: num(st.ante) });
        children.push(actionButton("G", t("refill"), doRefill, { id: "refill", cls: "primary" }));
      } else {
        children.push(actionButton("N", st.round ? t("next_round") : t("deal"), doStart,
          { id: "deal", cls: "primary" }));
        status = st.round ? "" : t("press_deal");
      }
    } else if (st.phase === "deciding") {
      const sel = app.selected;
      children.push(
        actionButton("F", t("fold"), () => doAct("fold"), { id: "fold", cls: "danger" }),
        actionButton("K", t("keep"), () => doAct("keep"), { id: "keep" }),
        actionButton("E", sel === null ? t("exchange") : t("exchange_card", { card: cardName(playerOf(0).cards[sel]) }),
          () => doAct("exchange"), { id: "exchange", disabled: sel === null }),
        actionButton("H", t("hint"), () => loadHint(true), { id: "hint", cls: "quiet" }),
      );
      status = sel === null ? t("your_turn") : t("exchange_ready", { card: cardName(playerOf(0).cards[sel]) });
    } else if (st.phase === "dealer") {
      status = t("dealer_turning");
    }
    // The round's outcome in one line next to the Next button: the full showdown
    // below may be off screen (a phone, a short window).
    const rnd = st.round;
    if (st.phase === "idle" && rnd && rnd.phase === "settled" && rnd.result) {
      status = roundSummary(rnd) + ". " + potSentence(rnd) + (status ? " " + status : "");
    }
    fill(box, ...children);
    $("#status").textContent = status;
  }

  function toggleCard(i) {
    if (!app.state || app.state.phase !== "deciding") return;
    app.selected = app.selected === i ? null : i;
    renderYou();
    renderActions();
    const btn = $(`#seat-0 .card-btn[data-index="${i}"]`);
    if (btn) btn.focus();
  }

  function cardArrows(ev, i) {
    let next = null;
    if (ev.key === "ArrowRight") next = (i + 1) % 5;
    if (ev.key === "ArrowLeft") next = (i + 4) % 5;
    if (next === null) return;
    ev.preventDefault();
    const btn = $(`#seat-0 .card-btn[data-index="${next}"]`);
    if (btn) btn.focus();
  }

  function lastRoundId() {
    return app.state && app.state.round ? app.state.round.id : null;
  }

  async function doStart() {
    if (!app.state || app.state.phase !== "idle") return;
    const ante = Number($("#ante-select").value);
    await post("/api/start", { ante, after: lastRoundId() });
  }

  async function doRefill() {
    if (!app.state || app.state.phase !== "idle") return;
    await post("/api/refill", { after: lastRoundId() });
  }

  async function doAct(action) {
    const st = app.state;
    if (!st || st.phase !== "deciding") return;
    const body = { action, version: st.round.version };
    if (action === "exchange") {
      if (app.selected === null) {
        $("#status").textContent = t("pick_first");
        return;
      }
      body.card_index = app.selected;
    }
    await post("/api/act", body);
  }

  async function setAnte() {
    const ante = Number($("#ante-select").value);
    if (!app.state || ante === app.state.ante) return;
    await post("/api/ante", { ante });
  }

  async function loadHint(focus) {
    const st = app.state;
    if (!st || st.phase !== "deciding") return;
    const version = st.round.version;
    $("#hint").hidden = false;
    $("#hint").textContent = t("hint_thinking");
    try {
      app.hint = await api("GET", "/api/hint");
      app.hintVersion = version;
    } catch (err) {
      showError(err);
      app.hint = null;
    }
    renderHint();
    if (focus && !$("#hint").hidden) $("#hint").focus();
  }

  // "exchange the five of diamonds" / "keep your five cards" / "fold", lower case for
  // the middle of a sentence; capitalise() it at the start of a table row.
  function optionLabel(opt) {
    if (opt.action === "exchange") {
      const cards = playerOf(0) && playerOf(0).cards;
      return t("hint_exchange", { card: cards ? cardName(cards[opt.card_index]) : opt.card_index + 1 });
    }
    return t("hint_" + opt.action);
  }

  const capitalise = (text) => text.charAt(0).toLocaleUpperCase(app.lang) + text.slice(1);

  // A table row's label: "Exchange 8♦" (short enough for a phone), with the full
  // words ("exchange the eight of diamonds") for screen readers and as a tooltip.
  function optionCell(opt) {
    const full = capitalise(optionLabel(opt));
    const cards = playerOf(0) && playerOf(0).cards;
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

  function renderHint() {
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
        h("td", {}, new Intl.NumberFormat(app.lang, {
          maximumFractionDigits: 1, minimumFractionDigits: 1, signDisplay: "exceptZero",
        }).format(o.ev))));
    fill(box,
      h("h2", {}, t("hint_title")),
      h("p", { class: "hint-best" }, t("hint_best", { action: optionLabel(best) }), " ", chanceText(hint, best)),
      h("details", {},
        h("summary", {}, t("hint_details", { n: num(hint.samples) })),
        h("div", { class: "table-scroll" }, h("table", { class: "hint-table" },
          h("thead", {}, h("tr", {},
            h("th", { scope: "col" }, t("hint_option")),
            h("th", { scope: "col" }, t("hint_win")),
            h("th", { scope: "col", class: "tie" }, t("hint_tie")),
            h("th", { scope: "col" }, t("hint_pot")),
            h("th", { scope: "col" }, t("hint_ev")))),
          h("tbody", {}, rows)))),
    );
  }

  // ------------------------------------------------------------- showdown

  // One seat's result against the house ("you" sentences have their own wording).
  function outcomeText(outcome, paid, seat, rnd) {
    const key = (k) => (seat === undefined ? k : seatKey(k, seat, rnd));
    if (outcome === "win") return t(key("vs_win"), { n: num(paid) });
    if (outcome === "loss") return t(key("vs_loss"), { n: num(-paid) });
    if (outcome === "push") return t(key("vs_push"));
    return t(key("vs_fold"));
  }

  // "Round 7: you beat the dealer, +20 · your result +40" (the showdown headline).
  function roundSummary(rnd) {
    const mine = rnd.result.vs_house.find((v) => v.seat === 0);
    const net = rnd.result.net.find((n) => n.seat === 0).net;
    return t("round_n", { n: rnd.number }) + ": " +
      (mine ? outcomeText(mine.outcome, mine.paid, 0, rnd) : "") +
      " · " + t("your_net", { n: signed(net) });
  }

  function potSentence(rnd) {
    const pot = rnd.result.pot;
    if (pot.carried) return t("pot_carried", { n: num(pot.amount) });
    const names = (seats) => seats.map((s) => who(s, rnd)).join(", ");
    const solo = pot.winners.length === 1 && pot.winners[0] === 0 ? "_you" : "";
    if (pot.uncontested) {
      return t("pot_uncontested" + solo, { who: names(pot.winners), n: num(pot.amount) });
    }
    if (pot.winners.length > 1) {
      const parts = pot.shares.map((s) => names([s.seat]) + " " + num(s.amount)).join(", ");
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

  function resultTable(rnd) {
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

  function explanations(rnd) {
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

  function renderShowdown() {
    const box = $("#showdown");
    const rnd = app.state.round;
    if (!rnd || rnd.phase !== "settled" || !rnd.result) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const net = rnd.result.net.find((n) => n.seat === 0).net;
    fill($("#showdown-body"),
      h("p", { class: "headline " + (net > 0 ? "pos" : net < 0 ? "neg" : "") }, roundSummary(rnd)),
      h("p", { class: "pot-line" }, potSentence(rnd)),
      explanations(rnd),
      h("div", { class: "table-scroll" }, resultTable(rnd)),
    );
  }

  // -------------------------------------------------------------- history

  async function loadHistory(reset) {
    const before = !reset && app.history.length ? app.history[app.history.length - 1].id : null;
    const data = await api("GET", "/api/history?limit=10" + (before ? "&before=" + before : ""));
    app.history = reset ? data.rounds : app.history.concat(data.rounds);
    app.historyMore = data.has_more;
    renderHistory();
  }

  function renderHistory() {
    const body = $("#history-body");
    if (!app.history.length) {
      fill(body, h("p", {}, t("history_empty")));
    } else {
      fill(body, h("ol", { class: "history-list", reversed: true },
        app.history.map((rnd) => {
          const mine = rnd.result.vs_house.find((v) => v.seat === 0);
          const net = rnd.result.net.find((n) => n.seat === 0).net;
          return h("li", { class: "history-item" },
            h("h2", {}, t("round_n", { n: rnd.number }), " ",
              h("span", { class: "when" }, when(rnd.finished_at || rnd.started_at)), " ",
              h("span", { class: net > 0 ? "pos" : net < 0 ? "neg" : "" }, signed(net))),
            h("p", {}, t("ante_bet", { ante: num(rnd.ante), bet: num(rnd.play_bet) }), " · ",
              mine ? outcomeText(mine.outcome, mine.paid, 0, rnd) : "", " · ", potSentence(rnd)),
            h("div", { class: "table-scroll" }, resultTable(rnd)),
            explanations(rnd));
        })));
    }
    $("#history-more").hidden = !app.historyMore;
  }

  // ---------------------------------------------------------------- stats

  async function loadStats() {
    app.stats = await api("GET", "/api/stats");
    renderStats();
  }

  function chart(points) {
    // Drawn at the width it is shown (a phone's 350 px, up to 640), so that
    // the axis labels keep a readable size instead of shrinking with the picture.
    const room = $("#stats-body").clientWidth;
    const W = Math.max(300, Math.min(640, room || 640)), H = W < 500 ? 220 : 260;
    const L = 56, R = 12, T = 16, B = 34;
    const values = points.map((p) => p.chips);
    let lo = Math.min(...values), hi = Math.max(...values);
    if (lo === hi) { lo -= 10; hi += 10; }
    // Round the axis to a "nice" step (1, 2 or 5 times a power of ten).
    const raw = (hi - lo) / 4;
    const mag = 10 ** Math.floor(Math.log10(raw));
    const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw);
    lo = Math.max(0, Math.floor(lo / step) * step);
    hi = Math.ceil(hi / step) * step;
    const ticks = [];
    for (let v = lo; v <= hi + step / 2; v += step) ticks.push(v);
    const x = (i) => L + (points.length === 1 ? 0 : (i * (W - L - R)) / (points.length - 1));
    const y = (v) => T + ((hi - v) * (H - T - B)) / (hi - lo);
    const root = svg("svg", {
      class: "chart", viewBox: `0 0 ${W} ${H}`, role: "img",
      "aria-label": t("chart_label", { n: points.length, first: num(values[0]), last: num(values[values.length - 1]) }),
    });
    root.append(svg("title", { text: t("chart_title") }));
    for (const v of ticks) {
      root.append(
        svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: "grid" }),
        svg("text", { x: L - 6, y: y(v) + 4, class: "axis", "text-anchor": "end", text: num(Math.round(v)) }));
    }
    const start = 1000;
    if (start >= lo && start <= hi) {
      root.append(svg("line", { x1: L, x2: W - R, y1: y(start), y2: y(start), class: "baseline" }));
    }
    root.append(svg("polyline", {
      class: "line", points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.chips).toFixed(1)}`).join(" "),
    }));
    points.forEach((p, i) => {
      if (p.reason === "refill") root.append(svg("circle", { cx: x(i), cy: y(p.chips), r: 5, class: "refill" }));
    });
    const last = points.length - 1;
    root.append(svg("circle", { cx: x(last), cy: y(values[last]), r: 4, class: "end" }));
    root.append(
      svg("text", { x: L, y: H - 10, class: "axis", text: when(points[0].at) }),
      svg("text", { x: W - R, y: H - 10, class: "axis", "text-anchor": "end", text: when(points[last].at) }));
    return root;
  }

  function renderStats() {
    const s = app.stats;
    if (!s) return;
    const stat = (label, value, cls) => h("div", { class: "stat " + (cls || "") }, h("dt", {}, label), h("dd", {}, value));
    const body = $("#stats-body");
    fill(body,
      h("dl", { class: "stat-grid" },
        stat(t("stat_chips"), num(s.chips)),
        stat(t("stat_net"), signed(s.net), s.net > 0 ? "pos" : s.net < 0 ? "neg" : ""),
        stat(t("stat_rounds"), num(s.rounds)),
        stat(t("stat_refills"), num(s.refills)),
        stat(t("stat_biggest_win"), s.rounds ? signed(s.biggest_win) : "—"),
        stat(t("stat_biggest_loss"), s.rounds ? signed(s.biggest_loss) : "—")),
      h("h2", {}, t("vs_house_title")),
      h("dl", { class: "stat-grid outcomes" },
        stat(t("out_win"), num(s.vs_house.win), s.vs_house.win ? "pos" : ""),
        stat(t("out_push"), num(s.vs_house.push)),
        stat(t("out_loss"), num(s.vs_house.loss), s.vs_house.loss ? "neg" : ""),
        stat(t("out_fold"), num(s.vs_house.fold))),
      h("h2", {}, t("pots_title")),
      h("dl", { class: "stat-grid outcomes" },
        stat(t("pot_stat_won"), num(s.pots.won), s.pots.won ? "pos" : ""),
        stat(t("pot_stat_split"), num(s.pots.split)),
        stat(t("pot_stat_lost"), num(s.pots.lost), s.pots.lost ? "neg" : ""),
        stat(t("pot_stat_carried"), num(s.pots.carried))),
      h("h2", {}, t("chart_title")),
      // One point (the starting 1,000) is not a chart yet.
      s.balance.length > 1 ? h("figure", { class: "chart-box" }, chart(s.balance),
        h("figcaption", {}, t("chart_caption"))) : h("p", {}, t("history_empty")),
    );
  }

  // ---------------------------------------------------------------- rules

  function handPicture(text, caption) {
    return h("figure", { class: "example" },
      h("div", { class: "cards example-cards" }, text.split(" ").map((c) => cardImg(c))),
      caption ? h("figcaption", {}, caption) : null);
  }

  function renderRules() {
    const body = $("#rules-body");
    const para = (key) => h("p", {}, t(key));
    const rule = (n) => h("li", {}, h("strong", {}, t("g" + n + "_title") + ". "), t("g" + n + "_text"));
    fill(body,
      para("rules_intro"),
      h("h2", {}, t("rules_game_title")),
      h("ol", { class: "g-rules" }, [1, 2, 3, 4, 5, 6, 7].map(rule)),
      h("h2", {}, t("opponents_title")),
      para("opponents_text"),
      h("ul", {}, ["cautious", "bold"].map((style, i) => h("li", {},
        h("strong", {}, botName(["Marta", "Viktor"][i]) + " (" + t("style_" + style) + "): "),
        t("style_" + style + "_desc")))),
      h("h2", {}, t("rankings_title")),
      para("rankings_intro"),
      h("ol", { class: "rankings" }, CATEGORIES.map((cat) =>
        h("li", {}, h("h3", {}, t("cat_" + cat)), h("p", {}, t("catdesc_" + cat)),
          handPicture(EXAMPLES[cat])))),
      para("rankings_kickers"),
      h("h2", {}, t("wheel_title")),
      para("wheel_text"),
      handPicture("5h 4c 3d 2s Ah", t("wheel_caption")),
      para("nowrap_text"),
      handPicture("3h 2c Ad Ks Qs", t("nowrap_caption")),
      h("h2", {}, t("ties_title")),
      h("ul", { class: "ties" }, ["ties_exact", "ties_house", "ties_pot", "ties_pot_example", "ties_suits", "ties_fold"].map((k) => h("li", {}, t(k)))),
      h("div", { class: "tie-example" },
        handPicture("As Ah Kc Qd Js", t("tie_left")),
        h("span", { class: "equals", "aria-hidden": "true" }, "="),
        handPicture("Ac Ad Kh Qs Jd", t("tie_right"))),
      para("tie_example_text"),
      h("h2", {}, t("keys_title")),
      keyList(),
      para("toy_chips"),
    );
  }

  const KEYS = [
    ["N", "key_deal"], ["1–5", "key_cards"], ["← →", "key_arrows"], ["E", "key_exchange"],
    ["K", "key_keep"], ["F", "key_fold"], ["H", "key_hint"], ["G", "key_refill"],
    ["T", "key_table"], ["R", "key_rules"], ["L", "key_history"], ["S", "key_stats"],
    ["Esc", "key_escape"],
  ];

  function keyList() {
    return h("ul", { class: "keys" }, KEYS.map(([k, key]) => h("li", {}, h("kbd", {}, k), " ", t(key))));
  }

  function renderKeys() {
    fill($("#keys-list"), ...KEYS.map(([k, key]) => h("li", {}, h("kbd", {}, k), " ", t(key))));
  }

  // ------------------------------------------------------------- keyboard

  function onKey(ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const target = ev.target;
    if (target && (target.tagName === "SELECT" || target.tagName === "INPUT" || target.tagName === "TEXTAREA")) return;
    // With a Russian (or any non-Latin) layout the K key types "л": fall back to
    // the physical key, so the shortcuts work whatever the keyboard layout.
    let key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
    if (key.length === 1 && !/[a-z0-9?]/.test(key)) {
      const code = /^(?:Key([A-Z])|Digit([0-9]))$/.exec(ev.code || "");
      if (code) key = (code[1] || code[2]).toLowerCase();
    }
    const st = app.state;
    const onTable = app.screen === "table";
    const deciding = onTable && st && st.phase === "deciding";
    let handled = true;
    if (key === "t") showScreen("table");
    else if (key === "r" || key === "?") showScreen("rules");
    else if (key === "l") showScreen("history");
    else if (key === "s") showScreen("stats");
    else if (key === "Escape" && app.screen !== "table") showScreen("table");
    else if (deciding && "12345".includes(key)) toggleCard(Number(key) - 1);
    else if (deciding && key === "f") doAct("fold");
    else if (deciding && key === "k") doAct("keep");
    else if (deciding && (key === "e" || key === "x")) doAct("exchange");
    else if (deciding && key === "h") loadHint(true);
    else if (onTable && st && st.phase === "idle" && key === "n" && !st.refill_available) doStart();
    else if (onTable && st && st.phase === "idle" && key === "g" && st.refill_available) doRefill();
    else handled = false;
    if (handled) ev.preventDefault();
  }

  // ----------------------------------------------------------------- start

  async function main() {
    app.token = $('meta[name="showdown-token"]').content;
    app.profile = $('meta[name="showdown-profile"]').content;
    app.fallback = await loadLang("en");
    await setLang(pickLang(), false);
    for (const btn of $$("[data-screen]")) btn.addEventListener("click", () => showScreen(btn.dataset.screen));
    $("#lang-select").addEventListener("change", (ev) => setLang(ev.target.value, true).catch(showError));
    $("#ante-select").addEventListener("change", () => setAnte());
    $("#history-more").addEventListener("click", () => loadHistory(false).catch(showError));
    document.addEventListener("keydown", onKey);
    showScreen("table", false);
    try {
      await reloadState();
    } catch (err) {
      showError(err);
    }
    document.body.dataset.ready = "1";
  }

  main();
})();
