// The grid class of a Hold'em combo, for the grid, the heat map and the combo table.
const RANKS = "AKQJT98765432";

// "AdKd" -> "AKs", "KcAd" -> "AKo", "QsQd" -> "QQ".
export function classOf(combo) {
  let [a, b] = [combo.slice(0, 2), combo.slice(2, 4)];
  if (RANKS.indexOf(a[0]) > RANKS.indexOf(b[0])) [a, b] = [b, a];
  if (a[0] === b[0]) return a[0] + b[0];
  return a[0] + b[0] + (a[1] === b[1] ? "s" : "o");
}
