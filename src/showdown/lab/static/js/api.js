// The lab's JSON API: the session token, ranges for the grid, jobs and their progress.
const token = () => document.querySelector('meta[name="showdown-token"]').content;

// This page's name for its jobs: a new job of the page replaces its previous one.
export const TAB = Array.from(crypto.getRandomValues(new Uint8Array(8)),
  (b) => b.toString(16).padStart(2, "0")).join("");

// When the server does not answer at all (stopped, say): status 0, and the page
// says so in its own words instead of an uncaught "Failed to fetch".
export const UNREACHABLE = 0;

async function call(path, options) {
  let res;
  try {
    res = await fetch(path, options);
  } catch {
    return { status: UNREACHABLE, body: { error: "unreachable", state: "unreachable" } };
  }
  return answer(res);
}

async function answer(res) {
  let body = {};
  try { body = await res.json(); } catch { body = { error: "bad_answer", message: res.statusText }; }
  return { status: res.status, body };
}

export async function getJSON(path) {
  return call(path, { headers: { Accept: "application/json" } });
}

export async function postJSON(path, body) {
  return call(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Showdown-Token": token() },
    body: JSON.stringify(body),
  });
}

export const rangeView = (text) => getJSON("/api/range?text=" + encodeURIComponent(text));

// Run a job to its end: onProgress(fraction) while it runs; resolves with the last
// answer ({status, body}); body.state is done, error, failed, cancelled or unreachable.
export async function runJob(request, onStart, onProgress) {
  let reply = await postJSON("/api/jobs", { ...request, tab: TAB });
  if (reply.status !== 202) return reply;
  const id = reply.body.id;
  onStart(id);
  let wait = 100;
  while (reply.status === 202) {
    onProgress(reply.body.progress || 0);
    await new Promise((done) => setTimeout(done, wait));
    wait = Math.min(wait * 1.5, 400);
    reply = await getJSON("/api/jobs/" + id);
  }
  return reply;
}

export const cancelJob = (id) => postJSON("/api/jobs/" + id + "/cancel", {});
