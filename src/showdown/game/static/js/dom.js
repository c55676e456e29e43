// Small DOM helpers shared by every module: element builders and queries.

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
// A touch screen without a mouse: no keyboard hints, "tap" instead of "press".
export const isTouch = () => window.matchMedia("(hover: none) and (pointer: coarse)").matches;

// h("button", {class: "x", onclick: f}, "text", child): an element with attributes and children.
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

// replaceChildren that skips null/false entries (optional parts of a view).
export function fill(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false && c !== ""));
}

export function svg(tag, attrs, ...children) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "text") el.textContent = value;
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) if (child) el.append(child);
  return el;
}

// Scroll as little as possible so that every element given is on screen; when they
// cannot all fit, the first one goes to the top. Elements not shown are ignored.
export function bringIntoView(elements, margin = 8) {
  const boxes = elements.filter((el) => el && el.getClientRects().length).map((el) => el.getBoundingClientRect());
  if (!boxes.length) return;
  const top = Math.min(...boxes.map((b) => b.top));
  const bottom = Math.max(...boxes.map((b) => b.bottom));
  const room = window.innerHeight;
  let by = 0;
  if (bottom - top + 2 * margin > room) by = top - margin;
  else if (top < margin) by = top - margin;
  else if (bottom > room - margin) by = bottom - room + margin;
  if (by) window.scrollBy({ top: by, behavior: "instant" });
}
