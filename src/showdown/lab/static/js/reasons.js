// An impossible input's reason in the page's language. The server sends the reason as
// data ({code, params}, a param may be a reason itself) beside its English message; the
// page words it from its err_<code> keys, and keeps the message when it has no words.
import { known, t } from "/shared/js/lang.js";

// The sentence of a reason, or undefined when a code in it has no words here.
export function worded(reason) {
  if (!reason || typeof reason.code !== "string" || !known("err_" + reason.code)) return undefined;
  const fields = {};
  for (const [name, value] of Object.entries(reason.params || {})) {
    if (value && typeof value === "object") {
      const inner = worded(value);
      if (inner === undefined) return undefined;
      fields[name] = inner;
    } else {
      fields[name] = String(value);
    }
  }
  return t("err_" + reason.code, fields);
}

// The reason of a 400 answer ({field, message, code?, params?}) as the page shows it.
export const reasonText = (body) => worded(body) ?? body.message;
