// What the page shows (the view, the filters, the chosen player, the hand and its step)
// and its place in the address: #view=graph&player=Hero&game=NT, so a link reproduces it.
export const VIEWS = ["players", "graph", "hands", "replayer", "live"];

export const state = {
  view: "players",
  player: "", // the player the graph and the hand list are about (and the players' search)
  game: "",
  from: "",
  to: "",
  min: "",
  by: "",
  x: "hands",
  room: "", // the hand in the replayer
  hand: "",
  step: 0,
  sort: { key: "hands", dir: "desc" },
};

const KEYS = { view: "view", player: "player", game: "game", from: "from", to: "to",
  min: "min", by: "by", x: "x", room: "room", hand: "hand", step: "step" };

export function fromURL() {
  const params = new URLSearchParams(location.hash.slice(1));
  for (const [field, key] of Object.entries(KEYS)) {
    if (!params.has(key)) continue;
    const value = params.get(key);
    state[field] = field === "step" ? Math.max(0, Number.parseInt(value, 10) || 0) : value;
  }
  if (!VIEWS.includes(state.view)) state.view = "players";
  const sort = params.get("sort");
  if (sort) {
    const [key, dir] = sort.split(":");
    state.sort = { key, dir: dir === "asc" ? "asc" : "desc" };
  }
}

export function toURL() {
  const params = new URLSearchParams();
  for (const [field, key] of Object.entries(KEYS)) {
    const value = state[field];
    if (value !== "" && value !== null && !(field === "step" && !value)
        && !(field === "x" && value === "hands") && !(field === "view" && value === "players")) {
      params.set(key, String(value));
    }
  }
  if (state.sort.key !== "hands" || state.sort.dir !== "desc") {
    params.set("sort", state.sort.key + ":" + state.sort.dir);
  }
  const lang = new URLSearchParams(location.hash.slice(1)).get("lang");
  if (lang) params.set("lang", lang);
  history.replaceState(null, "", location.pathname + location.search + "#" + params.toString());
}

// The filters every list takes, as the API's parameters.
export function filterParams() {
  return { game: state.game, from: state.from, to: state.to };
}
