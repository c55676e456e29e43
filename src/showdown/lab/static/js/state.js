// The spot on the page (game, players, board, dead cards, whose range the grid paints)
// and its place in the URL, the page's one source of truth:
//   #game=holdem&p=AhKh&p=20%25&board=Qh+Jh+3c&dead=&edit=2
// Every field is written, empty ones too, and a link is read whole: a field a link
// leaves out takes its default (an empty board), never the value the tab showed before.
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;

const DEFAULT_PLAYERS = ["AhKh", "QQ+, AKs"];

export const state = {
  game: "holdem",
  players: [...DEFAULT_PLAYERS],
  board: "",
  dead: "",
  editing: 0, // whose range the grid paints
};

// Fields other modules keep in the URL (a selection, say): key -> {get, set}.
// get() gives the field's text ("" for none); set(text) applies a link's value
// ("" when the link has none).
const extraFields = new Map();

export function urlField(key, get, set) {
  extraFields.set(key, { get, set });
}

// Read a hash ("#game=...&p=...") into the state, every field from the link or its
// default. Returns what the link asked that the page could not show as asked:
// {players: n} when it named more than MAX_PLAYERS or fewer than MIN_PLAYERS.
export function readHash(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const notes = {};
  let players = params.getAll("p");
  if (!params.has("p")) players = [...DEFAULT_PLAYERS];
  if (players.length > MAX_PLAYERS || players.length < MIN_PLAYERS) notes.players = players.length;
  players = players.slice(0, MAX_PLAYERS);
  while (players.length < MIN_PLAYERS) players.push("random");
  state.players = players;
  state.game = params.get("game") || "holdem";
  state.board = params.get("board") || "";
  state.dead = params.get("dead") || "";
  const editing = Number(params.get("edit") || 1) - 1;
  state.editing = Number.isInteger(editing) && editing >= 0 && editing < players.length
    ? editing : 0;
  for (const [key, field] of extraFields) field.set(params.get(key) || "");
  return notes;
}

// The hash of the state: every field, the empty board and dead cards included.
export function hashOf() {
  const params = new URLSearchParams();
  params.set("game", state.game);
  for (const p of state.players) params.append("p", p);
  params.set("board", state.board);
  params.set("dead", state.dead);
  params.set("edit", String(state.editing + 1));
  for (const [key, field] of extraFields) {
    const value = field.get();
    if (value) params.set(key, value);
  }
  return "#" + params.toString();
}

// The state from the address bar (see readHash).
export const fromURL = () => readHash(location.hash);

// The request body of a job on the state.
export function request(kind) {
  return { kind, game: state.game, players: state.players, board: state.board, dead: state.dead };
}
