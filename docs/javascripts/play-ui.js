/* "Play a hand": the table of a page play/<ruleset>/, loaded by play.js.
 *
 * The engine is the one "Try it" runs, loaded by Try it's own module (try/engine.js: Pyodide in a
 * Web Worker, from the site itself, with its limits and its words for a failure); this file drives
 * the package's reversis.apps.table through it, one request per move: {op: "open" | "act" |
 * "next"}, answered with what was said and what the page shows now. Every
 * card of the reader's hand is a button (those he may play marked); a card the rules refuse is
 * sent all the same, and the engine's refusal is shown and announced. Each sentence the engine says
 * (a card played, a trick taken, a payment) goes to a list and to a polite live region. Every text
 * is set as text (textContent), never parsed as HTML; no inline style (classes of play.css).
 */

import { el, workedExample } from "./play-worked.js";

const MOVE_LIMIT = 10; // seconds one move may take (the bots' cards with it) before the engine is stopped
const WAIT = 15; // seconds the engine's own module (try/engine.js) may take to arrive, as try.js waits for Try it's
let root = "";

// what the page measures, read by the browser tests: the first deal shown, each move, the settlement
const timings = { interactive: null, moves: [], settlement: null };

// ---- the engine: Try it's own loader (try/engine.js), its limits and its words ------------------

let attempts = 0;

// The engine of Try it, in a new worker; a module that does not come within WAIT seconds fails, and
// the next attempt asks for it afresh (a new address: the browser keeps a failed module's).
async function loadEngine(onProgress) {
  attempts += 1;
  const address = root + "try/engine.js" + (attempts > 1 ? `?attempt=${attempts}` : "");
  let late;
  const waited = new Promise((resolve, reject) => {
    late = setTimeout(() => reject(new Error(`it did not come within ${WAIT} seconds`)), WAIT * 1000);
  });
  let module;
  try {
    module = await Promise.race([import(address), waited]);
  } catch (error) {
    const failed = new Error(error.message);
    failed.detail = `its code did not download (${error.message || "a network error"})`;
    throw failed;
  } finally {
    clearTimeout(late);
  }
  const engine = new module.Engine(root, { limit: MOVE_LIMIT });
  engine.listeners.add(onProgress);
  await engine.ready;
  return engine;
}

// ---- the table ----------------------------------------------------------------------------------

export function start(place, siteRoot) {
  root = siteRoot;
  const ruleset = place.dataset.ruleset;
  const form = place.querySelector("#play-setup");
  const status = place.querySelector("#play-status");
  const examples = root + "examples/";
  let engine = null;
  let words = null;
  const retry = el("button", { type: "button", class: "md-button play-retry", text: "Try again" });
  retry.hidden = true;
  status.after(retry);
  retry.addEventListener("click", () => {
    retry.hidden = true;
    form.requestSubmit();
  });

  // the failure in one sentence (Try it's detail), the button that tries again, the worked examples
  const failed = (why) => {
    status.replaceChildren(
      `The engine could not be loaded (${why}): press “Try again”, or read `,
      el("a", { href: examples, text: "the worked examples" }),
      ", which show hands of every ruleset played card by card, with every payment and its rule.",
    );
    retry.hidden = false;
    form.querySelector("#play-deal").disabled = false;
  };
  const setting = settableOptions(form, ruleset);
  setting.catch(() => {}); // without them, the readings above and the deal still work
  const ask = async (request) => {
    if (!engine || engine.stopped) throw new Error("it was stopped; press “Deal again” to load it anew");
    return (await engine.request("table", JSON.stringify(request))).answer;
  };
  const table = new Table(place, ruleset, ask);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const deal = form.querySelector("#play-deal");
    deal.disabled = true;
    retry.hidden = true;
    try {
      if (!engine || engine.stopped) {
        status.textContent = "Loading the engine…";
        const [loaded, loadedWords] = await Promise.all([
          loadEngine((p) => {
            if (p.total) status.textContent = `Loading the engine: ${(p.loaded / 1e6).toFixed(1)} of ${(p.total / 1e6).toFixed(1)} MB`;
          }),
          fetch(root + `play/${ruleset}.json`).then((r) => (r.ok ? r.json() : {}), () => ({})),
        ]);
        engine = loaded;
        words = loadedWords;
      }
    } catch (error) {
      engine = null;
      failed(error.detail || error.message);
      return;
    }
    const options = {};
    for (const select of form.querySelectorAll("select[data-option]")) {
      const chosen = select.selectedOptions[0];
      if (chosen && !chosen.defaultSelected) options[select.dataset.option] = JSON.parse(select.value);
    }
    Object.assign(options, await setting.then((s) => s.chosen(), () => ({})));
    form.querySelectorAll(".play-option-error").forEach((p) => p.remove());
    form.querySelectorAll("[aria-invalid]").forEach((c) => c.removeAttribute("aria-invalid"));
    const seed = Number(form.querySelector("#play-seed").value || 1);
    const seat = Number(form.querySelector("#play-place").value);
    status.textContent = "Dealing…";
    await table.open({ op: "open", ruleset, options, seed, place: seat, words });
    if (table.errorOption) refusedOption(form, table.errorOption, table.error);
    status.textContent = table.error ? "" : `Hand dealt (deal number ${seed}). You are ${table.view.you}.`;
    deal.disabled = false;
    deal.textContent = "Deal again";
    if (timings.interactive === null && !table.error) timings.interactive = performance.now() / 1000;
    place.dataset.timings = JSON.stringify(timings);
  });
}

// ---- the options a player can set ------------------------------------------------------------

// Every option of the ruleset that the readings above do not offer (numbers, lists, mappings, cards,
// accept_illegal…), as Try it shows them (try/options.js, the same controls): under their English
// names, by topic, folded, each at the ruleset's reading. What the reader changes is sent with the deal.
async function settableOptions(form, ruleset) {
  const [module, rules] = await Promise.all([
    import(root + "try/options.js"),
    fetch(root + `try/rulesets/${ruleset}.json`).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`)))),
  ]);
  const css = el("link", { rel: "stylesheet", href: root + "try/try.css" }); // the controls' classes
  document.head.append(css);
  const offered = new Set(Array.from(form.querySelectorAll("select[data-option]"), (s) => s.dataset.option));
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
  form.querySelector("#play-deal").closest("p").before(box);
  return {
    // the options the reader changed from the ruleset's reading, as the engine reads them
    chosen() {
      const out = {};
      for (const [name, { read }] of Object.entries(controls)) {
        const value = read();
        if (JSON.stringify(value) !== JSON.stringify(rules.options[name].default)) out[name] = value;
      }
      return out;
    },
  };
}

// the engine's refusal of an option's value, in its sentence, beside the option's field
function refusedOption(form, name, sentence) {
  const row = form.querySelector(`.try-option[data-option="${CSS.escape(name)}"]`) || form.querySelector(`select[data-option="${CSS.escape(name)}"]`)?.closest("p");
  if (!row) return;
  const note = el("p", { class: "play-option-error", role: "alert", id: `play-option-error-${name}`, text: sentence });
  row.append(note);
  for (let open = row.closest("details"); open; open = open.parentElement.closest("details")) open.open = true;
  const field = row.querySelector("select, input");
  if (field) {
    field.setAttribute("aria-invalid", "true");
    field.setAttribute("aria-describedby", `${field.getAttribute("aria-describedby") || ""} ${note.id}`.trim());
    field.focus();
  }
}

class Table {
  constructor(place, ruleset, ask) {
    this.place = place;
    this.ruleset = ruleset;
    this.ask = ask;
    this.view = null;
    this.error = "";
    this.announced = []; // every sentence said, with its data (the browser test compares the payments)
    this.section = el("section", { class: "play-table", "aria-labelledby": "play-table-title" });
    this.live = el("div", { class: "play-live visually-hidden", "aria-live": "polite", "aria-atomic": "false" });
    this.alert = el("p", { class: "play-refused", role: "alert" });
    place.after(this.section);
    this.section.hidden = true;
  }

  async open(request) {
    this.announced = [];
    this.words = request.words || {};
    await this.send(request, true);
  }

  async send(request, fresh = false) {
    const t0 = performance.now();
    let answer;
    try {
      answer = await this.ask(request);
    } catch (error) {
      this.refuse(error.stopped ? error.message : `The engine failed: ${error.message}.`);
      return;
    }
    const seconds = (performance.now() - t0) / 1000;
    this.errorOption = answer.option || "";
    if (answer.error) {
      this.error = answer.error;
      if (!answer.view || fresh) {
        this.refuse(answer.error);
        return;
      }
    } else {
      this.error = "";
    }
    const said = answer.said || [];
    const view = answer.view;
    const bots = said.filter((s) => s.kind === "play" && !/\(you\)/.test(s.text)).length;
    timings.moves.push({ seconds, bots, done: view.done });
    if (view.done && !(this.view && this.view.done)) timings.settlement = seconds;
    this.place.dataset.timings = JSON.stringify(timings);
    this.render(view, said, fresh);
    if (answer.error) this.refuse(answer.error, answer.rule);
  }

  refuse(text, rule) {
    const source = rule && this.words && this.words[rule];
    this.alert.replaceChildren(text);
    if (source) this.alert.append(" ", el("a", { href: root + source.href, text: `Read ${source.paragraph} in the source` }), ".");
    if (this.section.hidden) {
      this.section.hidden = false;
      this.section.replaceChildren(this.alert);
    }
  }

  act(action) {
    this.alert.textContent = "";
    return this.send({ op: "act", action });
  }

  render(view, said, fresh) {
    this.view = view;
    this.section.hidden = false;
    if (this.worked && !view.done) {
      this.worked.remove();
      this.worked = null;
    }
    if (fresh) {
      this.log = el("ol", { class: "play-log" });
      this.announced = [];
    }
    this.announced.push(...said);
    this.live.textContent = fresh === "undo" ? `Your last move is taken back. ${prompt(view)}` : said.map((s) => s.text).join(" ");
    for (const s of said) this.log.append(this.entry(s));
    const parts = [
      el("h2", { id: "play-table-title", text: `Hand ${view.hand}: you are ${view.you}` }),
      el("p", { class: "play-who", text: prompt(view) }),
      this.alert,
      this.trick(view),
    ];
    if (!view.done) parts.push(this.hand(view), this.moves(view));
    if (view.can_undo) {
      // the hand dealt again and the reader's other moves replayed by the engine (reversis.apps.table)
      const undo = el("button", { type: "button", class: "md-button play-undo", text: "Take back my last move" });
      undo.addEventListener("click", () => {
        this.alert.textContent = "";
        this.send({ op: "undo" }, "undo");
      });
      parts.push(el("p", { class: "play-undo-line" }, undo));
    }
    parts.push(el("h3", { text: "What happened" }), this.log);
    if (view.done) parts.push(...this.end(view));
    parts.push(this.live);
    this.section.replaceChildren(...parts);
    this.log.scrollTop = this.log.scrollHeight; // the latest first in sight
    const first = this.section.querySelector(".play-card.play-legal, .play-move, .play-end button");
    if (first) first.focus();
    this.section.dataset.done = String(view.done);
    this.place.dataset.announced = JSON.stringify(this.announced);
    if (view.done) this.place.dataset.result = JSON.stringify(view.result);
  }

  card(c) {
    return el("span", { class: `card card-${c.suit}`, "aria-hidden": "true", text: c.face });
  }

  trick(view) {
    if (!view.trick.length) return el("p", { class: "play-trick-empty", text: view.done ? "" : "No card is on the table." });
    return el(
      "ol",
      { class: "play-trick", "aria-label": "The trick on the table" },
      view.trick.map((t) => el("li", {}, `${t.who}: `, this.card(t), el("span", { class: "visually-hidden", text: t.words }))),
    );
  }

  hand(view) {
    const exchanging = view.offers.some((o) => o.do === "exchange");
    const verb = exchanging ? "Discard" : "Play";
    const buttons = view.holding.map((c) => {
      const label = `${verb} ${c.words.replace(/^the /, "")}` + (c.legal ? "" : " (not allowed now)");
      // the face for the eye, the words for a screen reader (as the worked examples draw a card)
      const b = el("button", { type: "button", class: "play-card" + (c.legal ? " play-legal" : "") }, this.card(c), el("span", { class: "visually-hidden", text: label }));
      b.addEventListener("click", () => this.act(exchanging ? { do: "exchange", discard: c.card } : { do: "play", card: c.card }));
      return b;
    });
    const waiting = view.offers.length > 0;
    const caption = waiting
      ? exchanging
        ? "Your cards: choose one to discard (the marked cards are allowed), or keep them all."
        : view.offers.some((o) => o.do === "play")
          ? "Your cards: the marked ones may be played."
          : "Your cards."
      : "Your cards.";
    return el("div", { class: "play-hand-cards" }, el("p", { id: "play-cards-caption", text: caption }), el("div", { class: "play-cards", role: "group", "aria-labelledby": "play-cards-caption" }, buttons));
  }

  moves(view) {
    // the moves that are not a plain card: keeping one's cards, declarations, calls, claims
    const others = view.offers.filter((o) => !((o.do === "play" && !o.call) || (o.do === "exchange" && o.discard)));
    if (!others.length) return el("div", { class: "play-moves" });
    return el(
      "div",
      { class: "play-moves", role: "group", "aria-label": "Other moves" },
      others.map((o) => {
        const b = el("button", { type: "button", class: "md-button play-move", text: o.label });
        const { label, ...action } = o;
        b.addEventListener("click", () => this.act(action));
        return b;
      }),
    );
  }

  entry(s) {
    const li = el("li", { class: `play-said play-said-${s.kind}` }, s.text);
    if (s.rule_name && (s.kind === "payment" || s.kind === "marks" || s.kind === "declare" || s.kind === "bete" || s.kind === "claim")) {
      const label = el("code", { class: "play-rule", text: s.rule });
      li.append(" ", label);
      if (s.quote) {
        const q = el("q", { lang: s.paragraph.startsWith("revesino") ? "es" : "fr", text: s.quote });
        li.append(el("span", { class: "play-source" }, " ", el("a", { href: root + s.href, text: s.paragraph }), ": ", q, s.gloss ? ` (${s.gloss})` : ""));
      }
    }
    return li;
  }

  end(view) {
    const parts = [
      el("h3", { text: "What the hand left each player" }),
      el("ul", { class: "play-outcome" }, view.outcome.map((line) => el("li", { text: line }))),
      el("h3", { text: "The account of the hand" }), el("pre", { class: "play-account" }, el("code", { text: view.account }))];
    if (view.standing) parts.push(el("h3", { text: "The sitting so far" }), el("pre", { class: "play-standing" }, el("code", { text: view.standing })));
    const save = el("button", { type: "button", class: "md-button md-button--primary", text: "Save this hand" });
    save.addEventListener("click", () => download(`${view.ruleset}-hand-${view.hand}.yaml`, view.saved));
    const buttons = [save];
    if (view.sitting) {
      const all = el("button", { type: "button", class: "md-button", text: "Save the sitting" });
      all.addEventListener("click", () => download(`${view.ruleset}-sitting.yaml`, view.sitting));
      buttons.push(all);
    }
    if (!view.game_over) {
      const next = el("button", { type: "button", class: "md-button", text: "Deal the next hand of the sitting" });
      next.addEventListener("click", () => {
        this.alert.textContent = "";
        this.log = el("ol", { class: "play-log" });
        this.announced = [];
        this.send({ op: "next" });
      });
      buttons.push(next);
    }
    // the hand as the site's worked examples show a hand, below the table
    const worked = el("button", { type: "button", class: "md-button", text: "Open as a worked example" });
    worked.addEventListener("click", () => {
      const shown = workedExample(view, root);
      if (this.worked) this.worked.replaceWith(shown);
      else this.section.after(shown);
      this.worked = shown;
      shown.focus();
    });
    buttons.push(worked);
    // the hand in "Check your own reading", as Try it's shared links carry a scenario (#try=, base64url)
    const check = el("a", { class: "md-button", href: `${root}check/#try=${base64url(view.saved)}`, text: "Open this hand in “Check your own reading”" });
    buttons.push(check);
    parts.push(
      el("p", { class: "play-end" }, buttons),
      el("p", { class: "play-note" }, "The saved file is a scenario: ", el("code", { text: `reversis play ${view.ruleset}-hand-${view.hand}.yaml` }), " replays the hand to the same result."),
    );
    return parts;
  }
}

// what the reader is asked to do now, in one sentence
function prompt(view) {
  if (view.done) return "The hand is over: its account is below.";
  const kinds = new Set(view.offers.map((o) => o.do));
  if (kinds.has("exchange")) return "Your turn to exchange: discard a card and take one from the talon, or keep your cards.";
  if (kinds.has("declare")) return "You may make a declaration now, before the next card is played.";
  if (kinds.has("claim") || kinds.has("claims-done")) return "Your turn to count the combinations you hold.";
  return view.trick.length ? "Your turn to play to the trick." : "Your turn to lead.";
}

function base64url(text) {
  let binary = "";
  new TextEncoder().encode(text).forEach((b) => {
    binary += String.fromCharCode(b);
  });
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/yaml" }));
  const a = el("a", { href: url, download: name, class: "visually-hidden", text: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
