// The lab's words (see /shared/js/lang.js) and its number formats.
export { LANGS, currentLang, t } from "/shared/js/lang.js";
import { currentLang, pickLang as pick, t, useLang as use } from "/shared/js/lang.js";

const STORAGE_KEY = "showdown.lab.lang";
export const pickLang = () => pick(STORAGE_KEY);
export const useLang = (code, remember) => use(code, remember ? STORAGE_KEY : null);

export const num = (n) => new Intl.NumberFormat(currentLang()).format(n);
export const pct = (x, digits = 2) => new Intl.NumberFormat(currentLang(), {
  style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits,
}).format(x);
// A share that never rounds a tiny part away: above 0 but below what the digits show is
// "<0.01%", below 1 but above what they show ">99.99%" (as the command line's phrasebooks).
export function share(x, digits = 2) {
  const least = 10 ** -digits / 100;
  if (x > 0 && x < least / 2) return "<" + pct(least, digits);
  if (x < 1 && x > 1 - least / 2) return ">" + pct(1 - least, digits);
  return pct(x, digits);
}

// Which form of a counted phrase follows `n`: "one|other" in English and Spanish,
// "one|few|many" in Russian (the plural rule of the command line's phrasebooks).
function pluralIndex(n) {
  if (currentLang() !== "ru") return n === 1 ? 0 : 1;
  const rule = new Intl.PluralRules("ru").select(n);
  return rule === "one" ? 0 : rule === "few" ? 1 : 2;
}

// t() for a phrase whose forms, separated by "|", follow the count `n`.
export function tn(key, n, params) {
  const forms = t(key, params).split("|");
  return forms[Math.min(pluralIndex(n), forms.length - 1)];
}

export const decimal = (x, digits) => new Intl.NumberFormat(currentLang(), {
  minimumFractionDigits: digits, maximumFractionDigits: digits,
}).format(x);
