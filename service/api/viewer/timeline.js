// The timeline: first / previous / play / next / last, a slider over versions, a speed, the
// keyboard (Left/Right, Home/End, Space) and the URL (?v=N follows the version).

import { h } from "./dom.js";

const SPEEDS = [1, 2, 4, 8, 16];

export class Timeline {
  /** `onChange(version)` is called whenever the shown version changes. */
  constructor(onChange) {
    this.onChange = onChange;
    this.version = 0;
    this.last = 0;
    this.timer = null;
    const button = (label, title, action) =>
      h("button", { type: "button", title, "aria-label": title, "data-action": action, onclick: () => this[action]() }, label);
    this.slider = h("input", {
      type: "range", min: 0, max: 0, value: 0, "aria-label": "Version",
      oninput: () => this.go(Number(this.slider.value)),
    });
    this.speed = h("select", { "aria-label": "Speed", title: "Moves per second" },
      SPEEDS.map((n) => h("option", { value: n, selected: n === 2 }, `${n}/s`)));
    this.speed.addEventListener("change", () => this.playing && this.play());
    this.playButton = button("▶ play", "Play (Space)", "toggle");
    this.label = h("output", { class: "version" });
    this.element = h("div", { class: "timeline" },
      button("⇤ first", "First (Home)", "first"), button("← prev", "Previous (Left)", "prev"), this.playButton,
      button("next →", "Next (Right)", "next"), button("last ⇥", "Last (End)", "end"), this.slider, this.speed, this.label);
    document.addEventListener("keydown", (event) => this.key(event));
  }

  get playing() {
    return this.timer !== null;
  }

  get atEnd() {
    return this.version >= this.last;
  }

  /** The newest version changed (a live game moved on); follows it if we were at the end. */
  setLast(last, follow) {
    const wasAtEnd = this.atEnd;
    this.last = last;
    this.slider.max = last;
    if (follow && wasAtEnd) this.go(last);
    else this.render();
  }

  go(version, force = false) {
    const v = Math.max(0, Math.min(this.last, Math.round(version)));
    const changed = force || v !== this.version;
    this.version = v;
    this.render();
    const url = new URL(location.href);
    url.searchParams.set("v", v);
    history.replaceState(null, "", url);
    if (changed) this.onChange(v);
  }

  render() {
    this.slider.value = this.version;
    this.label.value = `version ${this.version} / ${this.last}`;
  }

  first() { this.go(0); }
  prev() { this.go(this.version - 1); }
  next() { this.go(this.version + 1); }
  end() { this.go(this.last); }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  play() {
    this.pause();
    if (this.atEnd) this.go(0);
    this.playButton.textContent = "❚❚ pause";
    this.playButton.title = "Pause (Space)";
    this.timer = setInterval(() => {
      if (this.atEnd) this.pause();
      else this.next();
    }, 1000 / Number(this.speed.value));
  }

  pause() {
    clearInterval(this.timer);
    this.timer = null;
    this.playButton.textContent = "▶ play";
    this.playButton.title = "Play (Space)";
  }

  key(event) {
    const target = event.target;
    // The slider handles its own arrows; text fields keep theirs.
    if (target === this.slider || target.matches?.("input, textarea, select")) return;
    if (event.key === " " && target.closest?.("button, a, summary")) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const actions = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "end", " ": "toggle" };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    if (action !== "toggle") this.pause();
    this[action]();
  }
}
