// The words of a local page in English, Spanish or Russian (served at /shared/js/lang.js).
// Every sentence comes from the page's /static/i18n/<lang>.json; each page's own i18n.js
// names where its choice is kept (storageKey) and adds its number formats.
import { $, $$ } from "./dom.js";

export const LANGS = ["en", "es", "ru"];
const lang = { code: "en", dict: {}, fallback: {} };

export const currentLang = () => lang.code;

async function load(code) {
  const res = await fetch("/static/i18n/" + code + ".json");
  return res.json();
}

// The language: ?lang= or #lang= in the address, else the saved one, else the browser's.
export function pickLang(storageKey) {
  const asked = new URLSearchParams(location.search).get("lang")
    || new URLSearchParams(location.hash.slice(1)).get("lang");
  if (LANGS.includes(asked)) return asked;
  const saved = localStorage.getItem(storageKey);
  if (LANGS.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

// Load the language and word the page; storageKey (when given) keeps the choice.
export async function useLang(code, storageKey) {
  if (!Object.keys(lang.fallback).length) lang.fallback = await load("en");
  lang.dict = code === "en" ? lang.fallback : await load(code);
  lang.code = code;
  if (storageKey) localStorage.setItem(storageKey, code);
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

// The sentence of a key, or undefined when neither the language nor English has it.
export const known = (key) => lang.dict[key] ?? lang.fallback[key];
