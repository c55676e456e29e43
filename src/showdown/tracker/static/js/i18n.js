// The tracker's words (see /shared/js/lang.js) and its number, money and date formats.
export { LANGS, currentLang, t } from "/shared/js/lang.js";
import { currentLang, known, pickLang as pick, useLang as use } from "/shared/js/lang.js";

const STORAGE_KEY = "showdown.tracker.lang";
export const pickLang = () => pick(STORAGE_KEY);
export const useLang = (code, remember) => use(code, remember ? STORAGE_KEY : null);

// The word for a code (room_ggpoker, game_NT...), or the code itself when there is none.
export function named(prefix, code) {
  const key = prefix + code;
  return known(key) ?? String(code);
}

export const num = (n, digits) => new Intl.NumberFormat(currentLang(), digits === undefined ? {}
  : { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
export const pct = (x, digits = 1) => new Intl.NumberFormat(currentLang(), {
  style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits,
}).format(x);

// An amount in a currency (ISO code: USD, EUR...), or in chips (no currency).
export function money(amount, currency) {
  if (amount === null || amount === undefined) return "—";
  if (currency && /^[A-Z]{3}$/.test(currency)) {
    try {
      return new Intl.NumberFormat(currentLang(), { style: "currency", currency }).format(amount);
    } catch { /* an unknown code: the number and the code */ }
    return num(amount) + " " + currency;
  }
  return new Intl.NumberFormat(currentLang(), { maximumFractionDigits: 2 }).format(amount);
}

// A time the server sends as ISO 8601 text ("2024-05-01T20:15:00"), in the page's language.
export function when(iso, withTime = true) {
  if (!iso) return "—";
  const date = new Date(iso.length === 10 ? iso + "T00:00:00" : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(currentLang(), withTime
    ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" }).format(date);
}
