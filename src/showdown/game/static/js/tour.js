// The first-time tour: three short steps, shown once to a new player (nothing played
// yet, never finished or skipped in this browser). It does not block the table: the
// keys and the buttons keep working, and dealing a round ends it.
import { $, isTouch } from "./dom.js";
import { t } from "./i18n.js";

const DONE_KEY = "showdown.tour";
const STEPS = [
  { key: "tour_1", spot: "#screen-table .felt" },
  { key: "tour_2", spot: "#seat-0" },
  { key: "tour_3", spot: "#nav" },
];
const tour = { step: -1 };

export const tourOpen = () => tour.step >= 0;

export function maybeStartTour(state) {
  if (localStorage.getItem(DONE_KEY) || !state || state.round || tourOpen()) return;
  tour.step = 0;
  $("#tour").hidden = false;
  drawTour();
  $("#tour-next").focus({ preventScroll: true });
}

export function drawTour() {
  if (!tourOpen()) return;
  const step = STEPS[tour.step];
  const last = tour.step === STEPS.length - 1;
  $("#tour-step").textContent = t("tour_step", { n: tour.step + 1, total: STEPS.length });
  $("#tour-title").textContent = t(step.key + "_title");
  // Keyboard letters only where there is a keyboard.
  $("#tour-text").textContent = t(step.key + "_text" + (!isTouch() && last ? "_keys" : ""));
  $("#tour-next").textContent = t(last ? "tour_done" : "tour_next");
  $("#tour-skip").hidden = last;
  for (const el of document.querySelectorAll(".tour-focus")) el.classList.remove("tour-focus");
  $(step.spot).classList.add("tour-focus");
}

export function endTour(focusAfter) {
  if (!tourOpen()) return;
  tour.step = -1;
  localStorage.setItem(DONE_KEY, "done");
  $("#tour").hidden = true;
  for (const el of document.querySelectorAll(".tour-focus")) el.classList.remove("tour-focus");
  if (focusAfter) focusAfter();
}

export function setUpTour(focusAfter) {
  $("#tour-skip").addEventListener("click", () => endTour(focusAfter));
  $("#tour-next").addEventListener("click", () => {
    if (tour.step === STEPS.length - 1) endTour(focusAfter);
    else {
      tour.step += 1;
      drawTour();
      $("#tour-next").focus({ preventScroll: true });
    }
  });
  $("#tour").addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") {
      ev.stopPropagation();
      endTour(focusAfter);
    }
  });
}
