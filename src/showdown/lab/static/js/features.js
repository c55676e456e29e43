// The Flopzilla-style tools of the page, wired once: the sortable combo table, saved
// ranges, suits inside a cell, the sub-range by what it hits, and the flop analysis.
import { setupComboTable } from "./combo-table.js";
import { redrawFlops, setupFlops } from "./flops.js";
import { renderSaved, setupSaved } from "./saved.js";
import { redrawSelect, setupSelect } from "./select.js";
import { setupSuits } from "./suits.js";

// host: {spot() -> the page's state, setRange(i, text): set player i's range and run}.
export function setupFeatures(host) {
  setupComboTable();
  setupSaved(host);
  setupSuits(host);
  setupSelect(host);
  setupFlops(host);
  // The page's language loader marks the body once the new words are in: the tools'
  // own sentences follow it.
  new MutationObserver(() => {
    renderSaved();
    redrawSelect();
    redrawFlops();
  }).observe(document.body, { attributes: true, attributeFilter: ["data-lang"] });
}
