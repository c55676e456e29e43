// The words of the page in English, Spanish or Russian, and the number, money and date
// formats. Every sentence comes from /static/i18n/<lang>.json; nothing is written here.
import { $, $$ } from "./dom.js";

export const LANGS = ["en", "es", "ru"];
const STORAGE_KEY = "showdown.tracker.lang";
const lang = { code: "en", dict: {}, fallback: {} };

export const currentLang = () => lang.code;

async function load(code) {
  const res = await fetch("/static/i18n/" + code + ".json");
  return res.json();
}

// The language: ?lang= or #lang= in the address, else the saved one, else the browser's.
export function pickLang() {
  const asked = new URLSearchParams(location.search).get("lang")
    || new URLSearchParams(location.hash.slice(1)).get("lang");
  if (LANGS.includes(asked)) return asked;
  const saved = localStorage.getItem(STORAGE_KEY);
  if (LANGS.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

export async function useLang(code, remember) {
  if (!Object.keys(lang.fallback).length) lang.fallback = await load("en");
  lang.dict = code === "en" ? lang.fallback : await load(code);
  lang.code = code;
  if (remember) localStorage.setItem(STORAGE_KEY, code);
  document.documentElement.lang = code;
  document.title = t("app_title");
  for (const node of $$("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of $$("[data-i18n-aria]")) node.setAttribute("aria-label", t(node.dataset.i18nAria));
  for (const node of $$("[data-i18n-placeholder]")) node.placeholder = t(node.dataset.i18nPlaceholder);
  $("#lang-select").value = code;
  document.body.dataset.lang = code;
}

// t(key, {n: 3}): the sentence with its {placeholders} filled.
export function t(key, params) {
  let text = lang.dict[key] ?? lang.fallback[key] ?? key;
  if (params) {
    text = text.replace(/\{(\w+)\}/g, (match, name) =>
      params[name] === undefined ? match : String(params[name]));
  }
  return text;
}

// The word for a code (room_ggpoker, game_NT...), or the code itself when there is none.
export function named(prefix, code) {
  const key = prefix + code;
  return lang.dict[key] ?? lang.fallback[key] ?? String(code);
}

export const num = (n, digits) => new Intl.NumberFormat(lang.code, digits === undefined ? {}
  : { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
export const pct = (x, digits = 1) => new Intl.NumberFormat(lang.code, {
  style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits,
}).format(x);

// An amount in a currency (ISO code: USD, EUR...), or in chips (no currency).
export function money(amount, currency) {
  if (amount === null || amount === undefined) return "—";
  if (currency && /^[A-Z]{3}$/.test(currency)) {
    try {
      return new Intl.NumberFormat(lang.code, { style: "currency", currency }).format(amount);
    } catch { /* an unknown code: the number and the code */ }
    return num(amount) + " " + currency;
  }
  return new Intl.NumberFormat(lang.code, { maximumFractionDigits: 2 }).format(amount);
}

// A time the server sends as ISO 8601 text ("2024-05-01T20:15:00"), in the page's language.
export function when(iso, withTime = true) {
  if (!iso) return "—";
  const date = new Date(iso.length === 10 ? iso + "T00:00:00" : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang.code, withTime
    ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" }).format(date);
}
