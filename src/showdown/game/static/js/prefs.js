// The player's two switches, remembered in this browser: the sounds (off until
// turned on) and the card-flip animation (on, unless the system asks for reduced
// motion). The sounds are synthesised with the Web Audio API: no audio file, nothing
// fetched. With reduced motion asked for, neither plays until switched on here.
import { $, reducedMotion, svg } from "./dom.js";
import { t } from "./i18n.js";

const KEYS = { sound: "showdown.sound", motion: "showdown.motion" };

function stored(name) {
  const value = localStorage.getItem(KEYS[name]);
  return value === "on" ? true : value === "off" ? false : null;
}

export const soundOn = () => stored("sound") ?? false;
export const motionOn = () => stored("motion") ?? !reducedMotion();

function toggle(name) {
  const now = name === "sound" ? soundOn() : motionOn();
  localStorage.setItem(KEYS[name], now ? "off" : "on");
  drawSwitches();
  if (name === "sound" && !now) play("select"); // a first sound says it works
}

// Speaker with waves (on) or with a cross (off); a card turning (animation).
function icon(name, on) {
  const root = svg("svg", { viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" });
  const stroke = { fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round" };
  if (name === "sound") {
    root.append(svg("path", { d: "M3 9h4l5-4v14l-5-4H3z", fill: "currentColor" }));
    if (on) root.append(svg("path", { d: "M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13", ...stroke }));
    else root.append(svg("path", { d: "M16 9l6 6M22 9l-6 6", ...stroke }));
  } else {
    root.append(svg("rect", { x: 4, y: 3, width: 11, height: 16, rx: 2, ...stroke }));
    if (on) root.append(svg("path", { d: "M18 7c2 2 2 8 0 10M18 17l-2-.5M18 17l.5-2", ...stroke }));
    else root.append(svg("path", { d: "M3 21L21 3", ...stroke }));
  }
  return root;
}

export function drawSwitches() {
  for (const name of ["sound", "motion"]) {
    const on = name === "sound" ? soundOn() : motionOn();
    const btn = $("#pref-" + name);
    btn.setAttribute("aria-pressed", on ? "true" : "false");
    btn.title = t(name + (on ? "_on" : "_off"));
    btn.replaceChildren(icon(name, on));
  }
  document.body.classList.toggle("motion", motionOn());
}

export function setUpSwitches() {
  $("#pref-sound").addEventListener("click", () => toggle("sound"));
  $("#pref-motion").addEventListener("click", () => toggle("motion"));
  drawSwitches();
}

// ---------------------------------------------------------------- the sounds

let audio = null;

function context() {
  if (!audio) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    audio = new Ctx();
  }
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

// One tone: a frequency gliding to `to`, a quick attack and an exponential fade.
function tone(ac, { freq, to = freq, at = 0, length = 0.15, type = "sine", volume = 0.18 }) {
  const start = ac.currentTime + at;
  const osc = ac.createOscillator();
  const gain = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, start);
  osc.frequency.exponentialRampToValueAtTime(to, start + length);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(volume, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(gain).connect(ac.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

// A card snapped onto the felt: a short burst of filtered noise.
function snap(ac, at = 0) {
  const length = 0.06;
  const buffer = ac.createBuffer(1, Math.ceil(ac.sampleRate * length), ac.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  const source = ac.createBufferSource();
  const filter = ac.createBiquadFilter();
  const gain = ac.createGain();
  source.buffer = buffer;
  filter.type = "bandpass";
  filter.frequency.value = 2400;
  gain.gain.value = 0.5;
  source.connect(filter).connect(gain).connect(ac.destination);
  source.start(ac.currentTime + at);
}

const SOUNDS = {
  deal: (ac) => [0, 0.07, 0.14].forEach((at) => snap(ac, at)),
  flip: (ac) => snap(ac),
  select: (ac) => tone(ac, { freq: 660, length: 0.08, type: "triangle", volume: 0.12 }),
  win: (ac) => [523, 659, 784].forEach((freq, i) => tone(ac, { freq, at: i * 0.09, length: 0.22, type: "triangle" })),
  push: (ac) => tone(ac, { freq: 440, length: 0.2, type: "triangle" }),
  loss: (ac) => tone(ac, { freq: 330, to: 196, length: 0.35, type: "sine" }),
};

// Play a named sound if the sound is on; the page records what it played last
// (data-sound on <body>), which the browser tests read.
export function play(name) {
  if (!soundOn() || !SOUNDS[name]) return;
  const ac = context();
  if (!ac) return;
  SOUNDS[name](ac);
  document.body.dataset.sound = name;
  document.body.dataset.sounds = String(Number(document.body.dataset.sounds || 0) + 1);
}
