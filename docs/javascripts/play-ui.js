/* "Play a hand": the page play/<ruleset>/, loaded by play.js.
 *
 * The engine is the one "Try it" runs, loaded by Try it's own module (try/engine.js: Pyodide in a
 * Web Worker, from the site itself, with its limits and its words for a failure); this file starts
 * loading it as soon as the page has come, while the reader chooses his seat and his readings, and
 * drives the package's reversis.apps.table through it, one request per move: {op: "open" | "act" |
 * "undo" | "next"}, answered with what was said and what the page shows now, which play-table.js
 * draws as a card table. A failure to load is said in one sentence, the focus on it, with "Try
 * again" and the worked examples. Every text is set as text (textContent), never parsed as HTML;
 * no inline style (classes of play.css).
 */

import { entry, felt, hand, lastTrick, liveRegion, moves, prompt, refusal } from "./play-table.js";
import { base64url, failureWords, progressWords } from "./play-words.js";
import { el } from "./play-dom.js";
import { endOfHand, withControls } from "./play-end.js";

const MOVE_LIMIT = 10; // seconds one move may take (the bots' cards with it) before the engine is stopped
const STRONG_MOVE_LIMIT = 90; // the same with the strong player in the other seats (three searched cards)
const WAIT = 15; // seconds the engine's own module (try/engine.js) may take to arrive, as try.js waits for Try it's
let root = "";

/** what the page measures, read by the browser tests and scripts/bench_play.py: the first deal shown, each move, the settlement
 * @type {{interactive: number|null, loaded: number|null, phases?: Record<string, number>, moves: Array<{seconds: number, bots: number, done: boolean}>, settlement: number|null}} */
const timings = { interactive: null, loaded: null, moves: [], settlement: null };

// ---- the engine: Try it's own loader (try/engine.js), its limits and its words ------------------

let attempts = 0;

/**
 * The engine of Try it, in a new worker; a module that does not come within WAIT seconds fails, and
 * the next attempt asks for it afresh (a new address: the browser keeps a failed module's).
 * @param {(progress: {loaded: number, total: number}) => void} onProgress
 * @returns {Promise<any>}
 */
async function loadEngine(onProgress) {
  attempts += 1;
  const address = root + "try/engine.js" + (attempts > 1 ? `?attempt=${attempts}` : "");
  /** @type {ReturnType<typeof setTimeout>|undefined} */
  let late;
  const waited = new Promise((resolve, reject) => {
    late = setTimeout(() => reject(new Error(`it did not come within ${WAIT} seconds`)), WAIT * 1000);
  });
  let module;
  try {
    module = await Promise.race([import(address), waited]);
  } catch (error) {
    const failed = /** @type {Error & {detail?: string}} */ (new Error(String(error)));
    failed.detail = `its code did not download (${(error instanceof Error && error.message) || "a network error"})`;
    throw failed;
  } finally {
    clearTimeout(late);
  }
  const engine = new module.Engine(root, { limit: MOVE_LIMIT, warm: "table" });
  engine.listeners.add(onProgress);
  await engine.ready;
  return engine;
}

// ---- the page -----------------------------------------------------------------------------------

/**
 * The loading of the engine and of the words of the rules, started at once and again after a
 * failure; its progress in a bar (not in the status, which a screen reader reads on each change).
 * @param {HTMLElement} status
 * @param {string} ruleset
 */
function loader(status, ruleset) {
  const bar = /** @type {HTMLProgressElement} */ (el("progress", { class: "play-progress", max: "1", value: "0", "aria-label": "Loading the engine" }));
  bar.hidden = true;
  status.after(bar);
  /** @type {Promise<[any, Record<string, any>]>|null} */
  let loading = null;
  return {
    /** @returns {Promise<[any, Record<string, any>]>} */
    load() {
      if (loading) return loading;
      bar.hidden = false;
      const t0 = performance.now();
      const progress = (/** @type {{loaded: number, total: number}} */ p) => {
        if (p.total) bar.value = p.loaded / p.total;
        bar.setAttribute("aria-valuetext", progressWords(p));
      };
      const words = fetch(root + `play/${ruleset}.json`).then((r) => (r.ok ? r.json() : {}), () => ({}));
      loading = Promise.all([loadEngine(progress), words]);
      loading.then(
        ([engine]) => {
          bar.hidden = true;
          timings.loaded = (performance.now() - t0) / 1000;
          timings.phases = engine.phases; // when the worker started Python, installed and imported the engine
        },
        () => {
          bar.hidden = true;
          loading = null; // the next press loads it anew
        },
      );
      return loading;
    },
    forget() {
      loading = null;
    },
  };
}

/**
 * The table of the page: the setup form, the engine loading while the reader chooses, the deal.
 * @param {HTMLElement} place
 * @param {string} siteRoot
 */
export function start(place, siteRoot) {
  root = siteRoot;
  const ruleset = place.dataset.ruleset || "";
  const form = /** @type {HTMLFormElement} */ (place.querySelector("#play-setup"));
  const status = /** @type {HTMLElement} */ (place.querySelector("#play-status"));
  const deal = /** @type {HTMLButtonElement} */ (form.querySelector("#play-deal"));
  // "Try again" described by the failure's sentence, which a screen reader reads with it once it has the focus
  const retry = el("button", { type: "button", class: "md-button play-retry", text: "Try again", "aria-describedby": "play-status" });
  retry.hidden = true;
  status.after(retry);
  const engine = loader(status, ruleset);
  const failed = (/** @type {string} */ why) => {
    status.replaceChildren(failureWords(why), el("a", { href: root + "examples/", text: "the worked examples" }), ", which show hands of every ruleset played card by card, with every payment and its rule.");
    retry.hidden = false;
    deal.disabled = false;
    retry.focus(); // the sentence is the status just before it, which a screen reader reads out
  };
  retry.addEventListener("click", () => {
    retry.hidden = true;
    form.requestSubmit();
  });
  /** @type {any} */
  let current = null;
  const ask = async (/** @type {object} */ request) => {
    if (!current || current.stopped) throw new Error("it was stopped; press “Deal again” to load it anew");
    current.limit = table.limit;
    return (await current.request("table", JSON.stringify(request))).answer;
  };
  const table = new Table(place, ask);
  const setting = settableOptions(form, ruleset);
  setting.catch(() => {}); // without them, the readings above and the deal still work
  // loading while the reader chooses, from his first sign of life on the page (a page opened and
  // never touched, as a link checker opens it, loads nothing): a failure then is said then
  const events = ["pointerover", "pointerdown", "focusin", "keydown", "touchstart", "scroll"];
  const early = () => {
    events.forEach((name) => document.removeEventListener(name, early, true));
    if (table.view || deal.disabled) return; // "Deal" was pressed: the deal loads it
    status.textContent = "Loading the engine while you choose…";
    engine.load().then(
      () => {
        if (!table.view && !deal.disabled) status.textContent = "The engine is ready: press “Deal”.";
      },
      (/** @type {any} */ error) => {
        if (!deal.disabled) failed(error.detail || error.message);
      },
    );
  };
  events.forEach((name) => document.addEventListener(name, early, { capture: true, passive: true }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    deal.disabled = true;
    retry.hidden = true;
    let words;
    try {
      if (current && current.stopped) engine.forget();
      status.textContent = "Loading the engine…";
      [current, words] = await engine.load();
    } catch (error) {
      failed(/** @type {any} */ (error).detail || /** @type {Error} */ (error).message);
      return;
    }
    await dealHand(form, table, { ruleset, words, setting, status });
    deal.disabled = false;
    deal.textContent = "Deal again";
  });
}

/**
 * The options of the form and the deal asked of the engine; the answer drawn.
 * @param {HTMLFormElement} form
 * @param {Table} table
 * @param {{ruleset: string, words: Record<string, any>, setting: Promise<{chosen: () => Record<string, unknown>}>, status: HTMLElement}} how
 */
async function dealHand(form, table, { ruleset, words, setting, status }) {
  /** @type {Record<string, unknown>} */
  const options = {};
  for (const group of form.querySelectorAll("fieldset.play-option[data-option]")) {
    const chosen = /** @type {HTMLInputElement|null} */ (group.querySelector("input:checked"));
    if (chosen && !chosen.defaultChecked) options[/** @type {HTMLElement} */ (group).dataset.option || ""] = JSON.parse(chosen.value);
  }
  Object.assign(options, await setting.then((s) => s.chosen(), () => ({})));
  form.querySelectorAll(".play-option-error").forEach((p) => p.remove());
  form.querySelectorAll("[aria-invalid]").forEach((c) => c.removeAttribute("aria-invalid"));
  const seed = Number(/** @type {HTMLInputElement} */ (form.querySelector("#play-seed")).value || 1);
  const seat = Number(/** @type {HTMLSelectElement} */ (form.querySelector("#play-place")).value);
  const chosen = /** @type {HTMLInputElement|null} */ (form.querySelector("input[name='bot']:checked"));
  const bot = chosen ? chosen.value : "cautious";
  table.slow(bot === "strong"); // the strong player's search: more time for a move
  status.textContent = "Dealing…";
  await table.open({ op: "open", ruleset, options, seed, place: seat, words, bot });
  if (table.errorOption) refusedOption(form, table.errorOption, table.error);
  status.textContent = table.error ? "" : `Hand dealt (deal number ${seed}). You are ${table.view.you}.`;
  if (timings.interactive === null && !table.error) timings.interactive = performance.now() / 1000;
  /** @type {HTMLElement} */ (table.place).dataset.timings = JSON.stringify(timings);
}

// ---- the options a player can set ------------------------------------------------------------

/**
 * Every option of the ruleset that the readings above do not offer (numbers, lists, mappings, cards,
 * accept_illegal…), as Try it shows them (try/options.js, the same controls): under their English
 * names, by topic, folded, each at the ruleset's reading. What the reader changes is sent with the deal.
 * @param {HTMLFormElement} form
 * @param {string} ruleset
 */
async function settableOptions(form, ruleset) {
  const [module, rules] = await Promise.all([
    import(root + "try/options.js"),
    fetch(root + `try/rulesets/${ruleset}.json`).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`)))),
  ]);
  document.head.append(el("link", { rel: "stylesheet", href: root + "try/try.css" })); // the controls' classes
  const offered = new Set(Array.from(form.querySelectorAll("fieldset.play-option[data-option]"), (s) => /** @type {HTMLElement} */ (s).dataset.option));
  /** @type {Record<string, {row: HTMLElement, read: () => unknown}>} */
  const controls = {};
  const topics = [];
  for (const [topic, heading] of Object.entries(rules.topics)) {
    const names = Object.keys(rules.options).filter((n) => rules.options[n].topic === topic && !offered.has(n));
    if (!names.length) continue;
    const rows = names.map((name) => {
      controls[name] = module.optionControl(name, rules.options[name], rules.options[name].default, rules, false, root);
      return controls[name].row;
    });
    topics.push(el("details", { class: "try-topic" }, el("summary", { text: `${heading} (${names.length})` }), rows));
  }
  const count = Object.keys(controls).length;
  const box = el("details", { class: "play-options" }, el("summary", { text: `Every other option of the ruleset (${count}), by topic` }), topics);
  const line = form.querySelector("#play-deal")?.closest("p");
  if (line) line.before(box);
  return {
    // the options the reader changed from the ruleset's reading, as the engine reads them
    chosen() {
      /** @type {Record<string, unknown>} */
      const out = {};
      for (const [name, { read }] of Object.entries(controls)) {
        const value = read();
        if (JSON.stringify(value) !== JSON.stringify(rules.options[name].default)) out[name] = value;
      }
      return out;
    },
  };
}

/**
 * The engine's refusal of an option's value, in its sentence, beside the option's field.
 * @param {HTMLFormElement} form
 * @param {string} name
 * @param {string} sentence
 */
function refusedOption(form, name, sentence) {
  const row = form.querySelector(`.try-option[data-option="${CSS.escape(name)}"]`) || form.querySelector(`fieldset.play-option[data-option="${CSS.escape(name)}"]`);
  if (!row) return;
  const note = el("p", { class: "play-option-error", role: "alert", id: `play-option-error-${name}`, text: sentence });
  row.append(note);
  for (let open = row.closest("details"); open; open = open.parentElement?.closest("details") || null) open.open = true;
  const field = /** @type {HTMLElement|null} */ (row.querySelector("input:checked, select, input"));
  if (field) {
    field.setAttribute("aria-invalid", "true");
    field.setAttribute("aria-describedby", `${field.getAttribute("aria-describedby") || ""} ${note.id}`.trim());
    field.focus();
  }
}

// ---- the table ----------------------------------------------------------------------------------

class Table {
  /**
   * @param {HTMLElement} place
   * @param {(request: object) => Promise<any>} ask
   */
  constructor(place, ask) {
    this.place = place;
    this.ask = ask;
    /** @type {any} */
    this.view = null;
    this.error = "";
    this.errorOption = "";
    this.limit = MOVE_LIMIT;
    /** @type {any[]} every sentence said, with its data (the browser test compares the payments) */
    this.announced = [];
    /** @type {Record<string, any>} */
    this.words = {};
    this.log = el("ol", { class: "play-log" });
    this.section = el("section", { class: "play-table", "aria-labelledby": "play-table-title" });
    this.alert = el("p", { class: "play-refused", role: "alert" });
    place.after(this.section);
    this.live = liveRegion(place); // one polite region, made once and never moved
    this.section.hidden = true;
  }

  /**
   * Whether the other seats search their moves (the strong player): a move may then take longer.
   * @param {boolean} searching
   */
  slow(searching) {
    this.limit = searching ? STRONG_MOVE_LIMIT : MOVE_LIMIT;
  }

  /** @param {{words?: Record<string, any>} & Record<string, unknown>} request */
  async open(request) {
    this.announced = [];
    this.words = request.words || {};
    await this.send(request, true);
  }

  /**
   * @param {object} request
   * @param {boolean|string} [fresh] true for a new hand, "undo" for a move taken back
   */
  async send(request, fresh = false) {
    const t0 = performance.now();
    let answer;
    try {
      answer = await this.ask(request);
    } catch (error) {
      const e = /** @type {Error & {stopped?: boolean}} */ (error);
      this.refuse(e.stopped ? e.message : `The engine failed: ${e.message}.`, {});
      return;
    }
    const seconds = (performance.now() - t0) / 1000;
    this.errorOption = answer.option || "";
    this.error = answer.error || "";
    if (answer.error && (!answer.view || fresh)) {
      this.refuse(answer.error, answer.why || {});
      return;
    }
    const said = answer.said || [];
    const view = answer.view;
    const bots = said.filter((/** @type {any} */ s) => s.kind === "play" && !/\(you\)/.test(s.text)).length;
    timings.moves.push({ seconds, bots, done: view.done });
    if (view.done && !(this.view && this.view.done)) timings.settlement = seconds;
    this.place.dataset.timings = JSON.stringify(timings);
    this.render(view, said, fresh);
    if (answer.error) this.refuse(answer.error, answer.why || {});
  }

  /**
   * @param {string} text
   * @param {import("./play-table.js").Why} why
   */
  refuse(text, why) {
    refusal(this.alert, text, why, root);
    if (this.section.hidden) {
      this.section.hidden = false;
      this.section.replaceChildren(this.alert);
    }
  }

  /** @param {Record<string, unknown>} action */
  act(action) {
    this.alert.textContent = "";
    return this.send({ op: "act", action });
  }

  /**
   * @param {any} view
   * @param {any[]} said
   * @param {boolean|string} fresh
   */
  render(view, said, fresh) {
    this.view = view;
    this.section.hidden = false;
    if (fresh) {
      this.log = el("ol", { class: "play-log" });
      this.announced = [];
    }
    this.announced.push(...said);
    if (fresh === "undo") this.live.sayText(`Your last move is taken back. ${prompt(view)}`);
    else this.live.say(said);
    for (const s of said) this.log.append(entry(s, root));
    const act = (/** @type {Record<string, unknown>} */ action) => this.act(action);
    /** @type {Array<HTMLElement|string>} */
    const parts = [
      el("h2", { id: "play-table-title", text: `Hand ${view.hand}: you are ${view.you}` }),
      el("p", { class: "play-opponents", text: `The other seats are played by ${view.opponents}.` }),
      el("p", { class: "play-who", text: prompt(view) }),
      this.alert,
      felt(view),
    ];
    if (!view.done) parts.push(hand(view, act), moves(view, act), this.undoButton(view));
    // while the hand is on, what was said; at its end, the hand told from its game's description
    if (view.done) parts.push(...this.end(view));
    else parts.push(lastTrick(view), el("h3", { text: "What happened" }), this.log);
    this.section.replaceChildren(...parts);
    if (view.done) withControls(this.section);
    this.log.scrollTop = this.log.scrollHeight; // the latest first in sight
    const first = /** @type {HTMLElement|null} */ (this.section.querySelector(".play-card[tabindex='0'].play-legal, .play-move, .play-end button"));
    if (first) first.focus();
    this.section.dataset.done = String(view.done);
    this.place.dataset.announced = JSON.stringify(this.announced);
    if (view.done) this.place.dataset.result = JSON.stringify(view.result);
  }

  /**
   * "Take back my last move", while the hand is on: the hand dealt again and the reader's other
   * moves replayed by the engine (reversis.apps.table).
   * @param {any} view
   * @returns {HTMLElement|string}
   */
  undoButton(view) {
    if (!view.can_undo || view.done) return "";
    const undo = el("button", { type: "button", class: "md-button play-undo", text: "Take back my last move" });
    undo.addEventListener("click", () => {
      this.alert.textContent = "";
      this.send({ op: "undo" }, "undo");
    });
    return el("p", { class: "play-undo-line" }, undo);
  }

  /**
   * The end of the hand, from its game's description (play-end.js), the sitting, and what can be
   * done with it.
   * @param {any} view
   * @returns {HTMLElement[]}
   */
  end(view) {
    const parts = endOfHand(view.told, root);
    if (view.standing) parts.push(el("h3", { text: "The sitting so far" }), el("pre", { class: "play-standing" }, el("code", { text: view.standing })));
    parts.push(
      el("p", { class: "play-end" }, this.endButtons(view)),
      el("p", { class: "play-note" }, "The saved file is a scenario: ", el("code", { text: `reversis play ${view.ruleset}-hand-${view.hand}.yaml` }), " replays the hand to the same result."),
    );
    return parts;
  }

  /**
   * @param {any} view
   * @returns {HTMLElement[]}
   */
  endButtons(view) {
    const button = (/** @type {string} */ text, /** @type {() => void} */ click, primary = false) => {
      const b = el("button", { type: "button", class: "md-button" + (primary ? " md-button--primary" : ""), text });
      b.addEventListener("click", click);
      return b;
    };
    const buttons = [button("Save this hand", () => download(`${view.ruleset}-hand-${view.hand}.yaml`, view.saved), true)];
    if (view.sitting) buttons.push(button("Save the sitting", () => download(`${view.ruleset}-sitting.yaml`, view.sitting)));
    if (!view.game_over) {
      buttons.push(
        button("Deal the next hand of the sitting", () => {
          this.alert.textContent = "";
          this.log = el("ol", { class: "play-log" });
          this.announced = [];
          this.send({ op: "next" });
        }),
      );
    }
    // the hand in "Check your own reading", as Try it's shared links carry a scenario (#try=, base64url)
    buttons.push(el("a", { class: "md-button", href: `${root}check/#try=${base64url(view.saved)}`, text: "Open this hand in “Check your own reading”" }));
    return buttons;
  }
}

/**
 * @param {string} name
 * @param {string} text
 */
function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/yaml" }));
  const a = el("a", { href: url, download: name, class: "visually-hidden", text: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
