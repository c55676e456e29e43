// The Flopzilla-style tools of the page, wired once: the sortable combo table, saved
// ranges, suits inside a cell, the sub-range by what it hits, and the flop analysis.
import { setupComboTable } from "./combo-table.js";
import { setupFlops } from "./flops.js";
import { setupSaved } from "./saved.js";
import { setupSelect } from "./select.js";
import { setupSuits } from "./suits.js";

// host: {spot() -> the page's state, setRange(i, text): set player i's range and run}.
export function setupFeatures(host) {
  setupComboTable();
  setupSaved(host);
  setupSuits(host);
  setupSelect(host);
  setupFlops(host);
}
