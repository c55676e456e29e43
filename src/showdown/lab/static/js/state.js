// The spot on the page (game, players, board, dead cards) and its place in the URL:
// #game=holdem&p=AhKh&p=20%25&board=QhJh3c&dead=, so a link reproduces it.
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;

export const state = {
  game: "holdem",
  players: ["AhKh", "QQ+, AKs"],
  board: "",
  dead: "",
  editing: 0, // whose range the grid paints
};

export function fromURL() {
  const params = new URLSearchParams(location.hash.slice(1));
  const players = params.getAll("p").slice(0, MAX_PLAYERS);
  if (players.length >= MIN_PLAYERS) state.players = players;
  if (params.has("game")) state.game = params.get("game");
  if (params.has("board")) state.board = params.get("board");
  if (params.has("dead")) state.dead = params.get("dead");
  const editing = Number(params.get("edit") || 1) - 1;
  state.editing = Number.isInteger(editing) && editing >= 0 && editing < state.players.length
    ? editing : 0;
}

export function toURL() {
  const params = new URLSearchParams();
  params.set("game", state.game);
  for (const p of state.players) params.append("p", p);
  if (state.board) params.set("board", state.board);
  if (state.dead) params.set("dead", state.dead);
  if (state.editing) params.set("edit", String(state.editing + 1));
  const url = location.pathname + location.search + "#" + params.toString();
  history.replaceState(null, "", url);
  return location.href;
}

export function request(kind) {
  return { kind, game: state.game, players: state.players, board: state.board, dead: state.dead };
}
