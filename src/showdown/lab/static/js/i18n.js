// The lab's words (see /shared/js/lang.js) and its number formats.
export { LANGS, currentLang, t } from "/shared/js/lang.js";
import { currentLang, pickLang as pick, useLang as use } from "/shared/js/lang.js";

const STORAGE_KEY = "showdown.lab.lang";
export const pickLang = () => pick(STORAGE_KEY);
export const useLang = (code, remember) => use(code, remember ? STORAGE_KEY : null);

export const num = (n) => new Intl.NumberFormat(currentLang()).format(n);
export const pct = (x, digits = 2) => new Intl.NumberFormat(currentLang(), {
  style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits,
}).format(x);
export const decimal = (x, digits) => new Intl.NumberFormat(currentLang(), {
  minimumFractionDigits: digits, maximumFractionDigits: digits,
}).format(x);
