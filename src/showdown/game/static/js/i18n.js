// The words of the page in English, Spanish or Russian, and the number formats.
// Every sentence comes from /static/i18n/<lang>.json; nothing is written here.
import { $, $$, isTouch } from "./dom.js";

export const LANGS = ["en", "es", "ru"];
const STORAGE_KEY = "showdown.lang";
const lang = { code: "en", dict: {}, fallback: {} };

export const currentLang = () => lang.code;
export const has = (key) => lang.dict[key] !== undefined || lang.fallback[key] !== undefined;

export async function loadLang(code) {
  const res = await fetch("/static/i18n/" + code + ".json");
  return res.json();
}

export function pickLang() {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (LANGS.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

// Switch the dictionary and the static texts of the page (data-i18n attributes).
export async function useLang(code, remember) {
  if (!Object.keys(lang.fallback).length) lang.fallback = await loadLang("en");
  lang.dict = code === "en" ? lang.fallback : await loadLang(code);
  lang.code = code;
  if (remember) localStorage.setItem(STORAGE_KEY, code);
  document.documentElement.lang = code;
  document.title = t("app_title");
  for (const el of $$("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of $$("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  $("#lang-select").value = code;
  document.body.dataset.lang = code;
}

// t(key, {n: 3}): the sentence with its {placeholders} filled. On a touch screen a
// "<key>_touch" variant ("Tap a card") is used when the dictionary has one.
export function t(key, params) {
  const touchKey = key + "_touch";
  const pick = isTouch() && has(touchKey) ? touchKey : key;
  let text = lang.dict[pick] ?? lang.fallback[pick] ?? key;
  if (params) {
    text = text.replace(/\{(\w+)\}/g, (match, name) =>
      params[name] === undefined ? match : String(params[name]));
  }
  return text;
}

export const num = (n) => new Intl.NumberFormat(lang.code).format(n);
const MINUS = "\u2212";
// A number with its sign, written with a true minus sign (not a hyphen).
export const signed = (n) => (n > 0 ? "+" : n < 0 ? MINUS : "±") + num(Math.abs(n));
export const signedDecimal = (x) => new Intl.NumberFormat(lang.code, {
  maximumFractionDigits: 1, minimumFractionDigits: 1, signDisplay: "exceptZero",
}).format(x).replace(/[-\u2010-\u2012]/g, MINUS);
export const pct = (x) => new Intl.NumberFormat(lang.code, { style: "percent", maximumFractionDigits: 0 }).format(x);
export const when = (iso) => (iso ? new Intl.DateTimeFormat(lang.code, {
  dateStyle: "short", timeStyle: "short",
}).format(new Date(iso)) : "");

// A sentence with a count in it, in the grammatical number the language wants:
// key + "_one" / "_few" / "_many" when the dictionary has that form ("1 chip";
// Russian "1 фишка", "3 фишки", "5 фишек"), else the key itself.
export function tn(key, count, params) {
  const form = key + "_" + new Intl.PluralRules(lang.code).select(count);
  return t(lang.dict[form] !== undefined ? form : key, { n: num(count), ...params });
}

export function cardName(code) {
  return t("card_name", { rank: t("rank_" + code[0]), suit: t("suit_" + code[1]) });
}

// "Pair — Pair of nines" or "Сет (тройка) — Тройка вальтов" says the category twice:
// show the description alone when its first word is a word of the category's name.
export function handText(hand) {
  const cat = t("cat_" + hand.category);
  const desc = hand.description || "";
  const words = (text) => text.toLocaleLowerCase(lang.code).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const first = words(desc)[0];
  return first && words(cat).includes(first) ? desc : cat + " — " + desc;
}

// An opponent's name as this language writes it ("Viktor" is "Виктор" in Russian).
export function botName(name) {
  return lang.dict["name_" + name] || name;
}

// A grammatical variant of a sentence about a seat, when the language has it:
// "_you" for you, "_f" for a woman's name (Russian past tense agrees with Marta).
export function seatVariant(key, seat, style) {
  if (seat === 0 && has(key + "_you")) return key + "_you";
  if (seat !== 0 && style === "cautious" && lang.dict[key + "_f"]) return key + "_f";
  return key;
}
