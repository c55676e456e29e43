// The words of the page in English, Spanish or Russian, and the number formats.
// Every sentence comes from /static/i18n/<lang>.json; nothing is written here.
import { $, $$ } from "./dom.js";

export const LANGS = ["en", "es", "ru"];
const STORAGE_KEY = "showdown.lab.lang";
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

export const num = (n) => new Intl.NumberFormat(lang.code).format(n);
export const pct = (x, digits = 2) => new Intl.NumberFormat(lang.code, {
  style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits,
}).format(x);
export const decimal = (x, digits) => new Intl.NumberFormat(lang.code, {
  minimumFractionDigits: digits, maximumFractionDigits: digits,
}).format(x);
