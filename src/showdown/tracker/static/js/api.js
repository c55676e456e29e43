// The tracker's JSON API (GET only): each answer as {status, body}.
export async function getJSON(path, params = {}) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== "") query.set(key, value);
  }
  const url = query.toString() ? path + "?" + query.toString() : path;
  let res;
  try {
    res = await fetch(url, { headers: { Accept: "application/json" } });
  } catch {
    return { status: 0, body: { error: "offline", message: "" } };
  }
  let body = {};
  try { body = await res.json(); } catch { body = { error: "bad_answer", message: res.statusText }; }
  return { status: res.status, body };
}
