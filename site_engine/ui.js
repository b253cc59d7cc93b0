/* "Try it": the controls that docs/javascripts/try.js mounts when the reader presses its button.
 *
 * - A worked example (data-try="example"): every option of its ruleset as a form control with the
 *   values of its domain, under its English name, with its meaning, citations and the source's
 *   words (with their English) beside it: the options the example is about first (the one it
 *   illustrates marked), the others by topic, folded; the hand replayed under the reader's choice
 *   and compared with the page's own result in words (players by their places, rules by their
 *   names, ids only as small labels); an editor holding the scenario.
 * - "Check your own reading" (data-try="check"): the editor, with an empty scenario per ruleset.
 * - A doctest (pre.doctest): the example in an editor, run, each output beside the expected one.
 *
 * The engine is the package's own (reversis.apps.web, reversis.apps.web_doctest) in Pyodide, in a Web Worker
 * (worker.js, loaded by engine.js); a request that runs past LIMIT seconds is stopped by terminating the worker; a
 * failure to load is said in one sentence with a "Try again" button (see site_engine/README.md). Every
 * text from the engine or the reader is set as text (textContent), never parsed as HTML. No inline
 * style: classes of try.css only.
 */

import { Engine } from "./engine.js";
import { el, optionControl, show, uid } from "./options.js";

const LIMIT = 5; // seconds a play or a doctest may run
const FETCH = 15; // seconds a small file of the site (a scenario, a ruleset's options) may take
let root = "";
let engine = null;

export function start(siteRoot) {
  root = siteRoot;
  const css = document.createElement("link");
  css.rel = "stylesheet";
  css.href = root + "try/try.css";
  document.head.appendChild(css);
  return { mount, mountDoctest, shared };
}

// ---- the engine in its worker (engine.js, shared with "Play a hand") ---------------------------

function theEngine() {
  if (!engine || engine.stopped) {
    engine = new Engine(root, { limit: LIMIT });
  }
  return engine;
}

// ---- small helpers -----------------------------------------------------------------------------

/**
 * What went wrong, in words: an error's message, or what else was thrown, as text.
 * @param {unknown} error
 * @returns {string}
 */
function reason(error) {
  return error instanceof Error ? error.message : String(error);
}

// a file of the site as text; one that does not come within FETCH seconds fails
async function fetchText(path) {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), FETCH * 1000);
  try {
    const response = await fetch(root + path, { signal: stop.signal });
    if (!response.ok) {
      throw new Error(`the file ${path} did not download (HTTP ${response.status})`);
    }
    return await response.text();
  } catch (error) {
    const said = reason(error);
    throw error instanceof Error && error.name === "AbortError" ? new Error(`the file ${path} did not come within ${FETCH} seconds`) : said.startsWith("the file") ? error : new Error(`the file ${path} did not download (${said})`);
  } finally {
    clearTimeout(timer);
  }
}

// ---- the words of a result: players by their place, rules by their names -----------------------

// a ruleset's data (try/rulesets/<id>.json), fetched once
const rulesetCache = new Map();
function rulesetData(id) {
  if (!rulesetCache.has(id)) {
    rulesetCache.set(id, fetchText(`try/rulesets/${id}.json`).then((text) => JSON.parse(text)));
  }
  return rulesetCache.get(id);
}

function playersOf(res) {
  return res.players || Object.keys(res.balances || res.tricks_won || {}).length;
}

// a seat as the rule books name him: the dealer, the eldest hand, the second hand…
function who(party, res, rules) {
  if (party === "pool") {
    return "the pool";
  }
  const n = playersOf(res);
  return `the ${rules.roles[(((Number(party) - res.dealer) % n) + n) % n]}`;
}

// a side of Romestecq: the dealer's, or the other
function sideName(side, res) {
  const seats = (res.sides && res.sides[side]) || [];
  return seats.includes(res.dealer) ? "the dealer's side" : "the other side";
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function units(n, rules) {
  const unit = rules.unit || "chips";
  return `${n} ${Math.abs(n) === 1 ? unit.replace(/s$/, "") : unit}`;
}

// an engine rule by its name, its id a small label beside it
function ruleWords(id, rules) {
  const known = rules.rules && rules.rules[id];
  return [known ? known.name : "a rule of the engine", " ", el("code", { class: "try-id", text: id })];
}

function ruleName(id, rules) {
  const known = rules.rules && rules.rules[id];
  return known ? known.name : "a rule of the engine";
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}


// The status line of a control: what the engine is doing, with a progress bar while it loads.
function statusArea() {
  const text = el("p", { class: "try-status", role: "status", "aria-live": "polite" });
  const bar = el("progress", { class: "try-progress", max: 1, value: 0, "aria-label": "Loading the engine" });
  bar.hidden = true;
  const again = el("button", { type: "button", class: "md-button try-retry", text: "Try again" });
  again.hidden = true;
  const box = el("div", { class: "try-status-box" }, bar, text, again);
  return {
    box,
    say(message) {
      text.textContent = message;
      again.hidden = true;
    },
    // a failure in one sentence, and a button that tries again (retry: what it does)
    failed(message, retry) {
      text.textContent = message;
      again.hidden = false;
      again.onclick = () => {
        again.hidden = true;
        retry();
      };
    },
    // a result said aloud with the status line (the live region), as one message
    announce(message) {
      text.textContent = `${text.textContent} ${message}`.trim();
    },
    async loaded() {
      const e = theEngine();
      let settled = false;
      const mb = (n) => (n / 1e6).toFixed(1);
      const update = (p) => {
        if (settled) {
          return;
        }
        bar.hidden = false;
        bar.max = p.total || 1;
        bar.value = Math.min(p.loaded, p.total || 1);
        text.textContent = `Loading the engine: ${mb(p.loaded)} of ${mb(p.total)} MB`;
      };
      e.listeners.add(update);
      if (e.progress.total) {
        update(e.progress);
      } else {
        text.textContent = "Loading the engine…";
      }
      try {
        await e.ready;
      } finally {
        settled = true;
        e.listeners.delete(update);
        bar.hidden = true;
      }
      return e;
    },
  };
}

// ---- a result, as the page shows one -----------------------------------------------------------

function isMarks(res) {
  return res && res.sides && res.marks && typeof res.marks === "object";
}

function table(caption, head, rows) {
  return el(
    "div",
    { class: "try-table-wrap" },
    el(
      "table",
      { class: "try-table" },
      el("caption", { text: caption }),
      el("thead", {}, el("tr", {}, head.map((h) => el("th", { scope: "col", text: h })))),
      el("tbody", {}, rows.map((r) => el("tr", {}, r.map((c, i) => (i === 0 ? el("th", { scope: "row" }, c) : el("td", {}, c)))))),
    ),
  );
}

function renderResult(res, rules) {
  const parts = [];
  if (isMarks(res)) {
    parts.push(
      table(
        "The marks",
        ["#", "side", "marks", "rule", "trick", "player"],
        res.ledger.map((e, i) => [String(i + 1), sideName(e.side, res), String(e.marks), el("span", {}, ruleWords(e.rule, rules)), e.trick ?? "—", e.seat !== null && e.seat !== undefined ? who(e.seat, res, rules) : "—"]),
      ),
    );
    parts.push(
      table(
        "The result",
        ["side", "before", "rubbed out", "still to rub out"],
        Object.keys(res.marks.after).map((s) => [capital(sideName(s, res)), String(res.marks.before[s]), String(res.marks.rubbed[s]), String(res.marks.after[s])]),
      ),
    );
    parts.push(el("p", { text: summary(res, rules) }));
    return parts;
  }
  parts.push(
    table(
      "The payments",
      ["#", "who pays", "to whom", "amount", "rule", "trick"],
      res.ledger.map((e, i) => [String(i + 1), who(e.payer, res, rules), who(e.payee, res, rules), String(e.amount), el("span", {}, ruleWords(e.rule, rules)), e.trick ?? "before the play"]),
    ),
  );
  parts.push(
    table(
      "The result",
      ["player", "tricks", "points", "balance"],
      Object.keys(res.balances).map((s) => [capital(who(s, res, rules)), String(res.tricks_won[s]), String(res.points[s]), signed(res.balances[s])]),
    ),
  );
  parts.push(el("p", { text: summary(res, rules) }));
  return parts;
}

function summary(res, rules) {
  if (isMarks(res)) {
    const left = Object.entries(res.marks.after).map(([s, n]) => `${sideName(s, res)} ${n}`).join(", ");
    return `Marks still to rub out: ${left}.` + (res.game_over ? ` ${capital(sideName(res.game_over.winner, res))} wins the game.` : "");
  }
  const bits = [`The pool: ${res.pool.before} before, ${res.pool.after} after`];
  bits.push(res.pool.won_by !== null && res.pool.won_by !== undefined ? `won by ${who(res.pool.won_by, res, rules)}` : "nobody won it");
  let text = bits.join("; ") + ".";
  if (res.winner !== null && res.winner !== undefined) {
    text += ` The winner: ${who(res.winner, res, rules)}.`;
  }
  if (res.reversis) {
    text += ` The reversis: ${res.reversis.made ? "made" : "attempted"} by ${who(res.reversis.by, res, rules)}${res.reversis.cut_by !== null ? `, cut by ${who(res.reversis.cut_by, res, rules)}` : ""}.`;
  }
  if (res.quinola) {
    text += ` The quinola: ${res.quinola.how}${res.quinola.seat !== null && res.quinola.seat !== undefined ? ` by ${who(res.quinola.seat, res, rules)}` : ""}.`;
  }
  return text;
}

// ---- what changed between two results ----------------------------------------------------------

function entryKey(res, e) {
  return isMarks(res) ? `${e.rule}|side ${e.side}|seat ${e.seat}|trick ${e.trick}` : `${e.rule}|${e.payer}|${e.payee}|${e.trick}`;
}

// an entry of the ledger in words, the rule by its name (its id a small label after the sentence)
function entryWords(res, e, rules, amount) {
  const when = e.trick ? `, in trick ${e.trick}` : ", before the play";
  if (isMarks(res)) {
    const n = amount ?? e.marks;
    return [`${capital(sideName(e.side, res))} rubs out ${n} mark${n === 1 ? "" : "s"} by “${ruleName(e.rule, rules)}”${when} `, el("code", { class: "try-id", text: e.rule })];
  }
  return [`${capital(who(e.payer, res, rules))} pays ${who(e.payee, res, rules)} ${units(amount ?? e.amount, rules)} by “${ruleName(e.rule, rules)}”${when} `, el("code", { class: "try-id", text: e.rule })];
}

export function diff(page, yours) {
  const value = (res, e) => (isMarks(res) ? e.marks : e.amount);
  const group = (res) => {
    const out = new Map();
    res.ledger.forEach((e) => {
      const k = entryKey(res, e);
      out.set(k, [...(out.get(k) || []), e]);
    });
    return out;
  };
  const a = group(page);
  const b = group(yours);
  const added = [];
  const removed = [];
  const changed = [];
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(key) || [];
    const y = b.get(key) || [];
    for (let i = 0; i < Math.max(x.length, y.length); i++) {
      if (i >= x.length) {
        added.push(y[i]);
      } else if (i >= y.length) {
        removed.push(x[i]);
      } else if (value(page, x[i]) !== value(yours, y[i])) {
        changed.push([x[i], y[i]]);
      }
    }
  }
  return { added, removed, changed };
}

function balancesOf(res) {
  return isMarks(res) ? res.marks.after : res.balances;
}

// the readings chosen, in words: a reading of the annotations where one says it, else the option's
// English name and its value
export function readingWords(overrides, rules) {
  const names = Object.keys(overrides);
  if (!names.length) {
    return "the page's own readings";
  }
  return names
    .map((name) => {
      const value = overrides[name];
      const said = ((rules.readings && rules.readings[name]) || []).find((r) => JSON.stringify(r.value) === JSON.stringify(value));
      const option = rules.options[name];
      return said ? `the reading “${said.says.replace(/\.$/, "")}”` : `“${option ? option.name : name}” set to ${show(value)}`;
    })
    .join(" and ");
}

// what a player's balance became, in words (a side's marks still to rub out, for Romestecq)
function movedWords(party, before, after, res, rules) {
  if (isMarks(res)) {
    const d = before - after;
    return `${sideName(party, res)} has ${Math.abs(d)} mark${Math.abs(d) === 1 ? "" : "s"} ${d > 0 ? "fewer" : "more"} to rub out (${after} instead of ${before})`;
  }
  const d = after - before;
  const much = units(Math.abs(d), rules);
  return `${who(party, res, rules)} ${d > 0 ? `receives ${much} more` : `ends ${much} worse off`} (${signed(after)} instead of ${signed(before)})`;
}

function renderDiff(page, yours, overrides, rules) {
  const d = diff(page, yours);
  const before = balancesOf(page);
  const after = balancesOf(yours);
  const moved = Object.keys(after).filter((s) => before[s] !== after[s]);
  const same = !d.added.length && !d.removed.length && !d.changed.length && !moved.length && summary(page, rules) === summary(yours, rules);
  const chosen = readingWords(overrides, rules);
  const word = isMarks(page) ? "entry" : "payment";
  const plural = isMarks(page) ? "entries" : "payments";
  const counted = `${d.added.length} ${d.added.length === 1 ? word : plural} added, ${d.removed.length} removed, ${d.changed.length} changed`;
  const heading = same
    ? `Under ${chosen}, nothing changes: the hand settles as on the page.`
    : moved.length
      ? `Under ${chosen}, ${moved.map((s) => movedWords(s, before[s], after[s], page, rules)).join("; ")} (${counted}).`
      : `Under ${chosen}, no balance changes (${counted}).`;
  const label = (s) => capital(isMarks(page) ? sideName(s, page) : who(s, page, rules));
  const rows = Object.keys(after).map((s) => [label(s), String(before[s]), String(after[s]), before[s] === after[s] ? "same" : signed(after[s] - before[s])]);
  const list = (title, items, cls) =>
    items.length ? el("div", { class: `try-changes ${cls}` }, el("h4", { text: title }), el("ul", {}, items.map((t) => el("li", {}, t)))) : null;
  return el(
    "div",
    { class: "try-diff" },
    el("p", { class: "try-diff-summary", text: heading }),
    table(isMarks(page) ? "Marks still to rub out, side by side" : "Balances, side by side", [isMarks(page) ? "side" : "player", "on the page", "your reading", "difference"], rows),
    el(
      "div",
      { class: "try-side-by-side" },
      el("div", {}, el("h4", { text: "On the page" }), el("p", { text: summary(page, rules) })),
      el("div", {}, el("h4", { text: "Your reading" }), el("p", { text: summary(yours, rules) })),
    ),
    list(`${capital(plural)} added`, d.added.map((e) => entryWords(yours, e, rules)), "try-added"),
    list(`${capital(plural)} removed`, d.removed.map((e) => entryWords(page, e, rules)), "try-removed"),
    list(
      `${capital(plural)} changed`,
      d.changed.map(([x, y]) => [...entryWords(page, x, rules), ` → ${isMarks(page) ? y.marks : units(y.amount, rules)}`]),
      "try-changed",
    ),
  );
}

// ---- the editor of a scenario ------------------------------------------------------------------

function editor({ text, label, ruleset }) {
  const id = uid("try-editor");
  const area = el("textarea", { id, class: "try-textarea", spellcheck: "false", autocapitalize: "off", autocomplete: "off", rows: 14, wrap: "off", "aria-describedby": `${id}-error` });
  area.value = text;
  const gutter = el("div", { class: "try-gutter", "aria-hidden": "true" });
  const error = el("p", { class: "try-error", id: `${id}-error`, role: "alert" });
  error.hidden = true;
  const numbers = () => {
    const n = area.value.split("\n").length;
    gutter.replaceChildren(...Array.from({ length: n }, (_, i) => el("span", { class: "try-line", text: String(i + 1) })));
    gutter.scrollTop = area.scrollTop;
  };
  area.addEventListener("input", () => {
    numbers();
    mark(null);
  });
  area.addEventListener("scroll", () => {
    gutter.scrollTop = area.scrollTop;
  });
  numbers();
  function mark(line, message) {
    gutter.querySelectorAll(".try-line-error").forEach((s) => s.classList.remove("try-line-error"));
    if (!message) {
      error.hidden = true;
      error.textContent = "";
      area.removeAttribute("aria-invalid");
      return;
    }
    error.hidden = false;
    error.textContent = message;
    if (line) {
      // the line marked in the gutter, selected in the text and scrolled to
      area.setAttribute("aria-invalid", "true");
      const span = gutter.children[line - 1];
      if (span) {
        span.classList.add("try-line-error");
      }
      const lines = area.value.split("\n");
      const startAt = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
      area.focus();
      area.setSelectionRange(startAt, startAt + (lines[line - 1] || "").length);
      if (span) {
        area.scrollTop = Math.max(0, span.offsetTop - gutter.offsetTop - area.clientHeight / 3);
      }
      gutter.scrollTop = area.scrollTop;
    }
  }
  const box = el(
    "div",
    { class: "try-editor-box" },
    el("label", { for: id, class: "try-editor-label", text: label }),
    el("div", { class: "try-editor" }, gutter, area),
    error,
  );
  return { box, area, mark, ruleset };
}

function shareLink(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  bytes.forEach((b) => {
    binary += String.fromCharCode(b);
  });
  const code64 = btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return window.location.href.split("#")[0] + "#try=" + code64;
}

function unshare(code64) {
  const binary = atob(code64.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

// A scenario editor with its buttons and its output: play, share, the result and the account.
function playground(container, { text, label, status, ruleset }) {
  const ed = editor({ text, label, ruleset });
  const play = el("button", { type: "button", class: "md-button md-button--primary try-play", text: "Play this scenario" });
  const share = el("button", { type: "button", class: "md-button try-share", text: "Share this scenario" });
  const link = el("p", { class: "try-share-box" });
  link.hidden = true;
  const out = el("div", { class: "try-output" });
  container.append(ed.box, el("div", { class: "try-buttons" }, play, share), link, out);
  share.addEventListener("click", () => {
    const href = shareLink(ed.area.value);
    history.replaceState(null, "", href);
    link.hidden = false;
    link.replaceChildren("The address of this page now holds the scenario; copy it from the address bar, or this link: ", el("a", { href, class: "try-share-link", text: "the scenario as edited" }), ".");
  });
  play.addEventListener("click", async () => {
    play.disabled = true;
    try {
      const e = await status.loaded();
      status.say("Playing the scenario…");
      const t0 = performance.now();
      const { answer } = await e.request("play", ed.area.value, {});
      const seconds = (performance.now() - t0) / 1000;
      if (answer.error) {
        ed.mark(answer.line, answer.error);
        out.replaceChildren();
        status.say("The engine refused the scenario: " + answer.error);
        return;
      }
      ed.mark(null);
      const res = JSON.parse(answer.json);
      const rules = await rulesetData(res.ruleset);
      out.replaceChildren(
        el("h4", { text: "The hand, played" }),
        ...renderResult(res, rules),
        el("details", { class: "try-account" }, el("summary", { text: "The account, as reversis play prints it" }), el("pre", {}, el("code", { text: answer.account }))),
        el("details", { class: "try-json" }, el("summary", { text: "The result, as reversis play --json prints it" }), el("pre", {}, el("code", { class: "try-json-text", text: answer.json }))),
      );
      out.dataset.seconds = seconds.toFixed(3);
      status.say(`Played in ${seconds.toFixed(2)} s. ${summary(res, rules)}`);
    } catch (error) {
      status.failed(reason(error), () => play.click());
      ed.mark(null, reason(error));
    } finally {
      play.disabled = false;
    }
  });
  return { ed, play };
}

// ---- the controls ------------------------------------------------------------------------------

/**
 * Try it in its place: the example's hand (or the check's scenario) with its controls, the engine
 * loaded now or when the reader asks (``load``), the scenario a shared address gave (``sharedText``).
 * @param {HTMLElement & {_try?: any}} place
 * @param {{load?: boolean, sharedText?: string|null}} [how]
 */
async function mount(place, { load = true, sharedText = null } = {}) {
  if (place.dataset.tryMounted) {
    return place._try;
  }
  place.dataset.tryMounted = "true";
  place.classList.add("try-active");
  const status = statusArea();
  const hadFocus = place.contains(document.activeElement);
  place.replaceChildren(status.box);
  if (hadFocus) {  // the pressed button is gone: the focus goes to what replaces it, not to the page
    status.box.tabIndex = -1;
    status.box.focus();
  }
  let api;
  try {
    api = place.dataset.try === "check" ? await mountCheck(place, status, sharedText) : await mountExample(place, status, sharedText, load);
  } catch (error) {
    status.failed(`Try it could not start: ${reason(error)}. Check the connection, then press “Try again”.`, () => {
      delete place.dataset.tryMounted;
      mount(place, { load, sharedText });
    });
    return null;
  }
  place._try = api;
  return api;
}

// The options of an example as controls: those it is about first, the one it illustrates marked;
// the others by topic, folded.
function optionList(rules, page, shows) {
  const controls = {};
  const shown = (shows.options || []).filter((n) => n in rules.options);
  const make = (name) => {
    const option = rules.options[name];
    const value = name in page.options ? page.options[name] : option.default;
    const c = optionControl(name, option, value, rules, name === shown[0], root);
    controls[name] = c;
    return c.row;
  };
  const list = el("div", { class: "try-option-list" });
  if (shown.length) {
    list.append(el("div", { class: "try-shown" }, el("h4", { text: "What this example shows" }), shown.map(make)));
  }
  for (const [topic, heading] of Object.entries(rules.topics)) {
    const names = Object.keys(rules.options).filter((n) => rules.options[n].topic === topic && !shown.includes(n));
    if (names.length) {
      list.append(el("details", { class: "try-topic" }, el("summary", { text: `${heading} (${names.length})` }), names.map(make)));
    }
  }
  return { list, controls };
}

// The example's hand replayed under the options the reader changed, compared with the page's result.
async function replayUnder({ scenario, controls, page, rules, output, status, retry }) {
  const overrides = {};
  for (const [name, { read, row }] of Object.entries(controls)) {
    const value = read();
    const changed = JSON.stringify(value) !== JSON.stringify(page.options[name] ?? rules.options[name].default);
    if (changed) {
      overrides[name] = value;
    }
    row.classList.toggle("try-option-changed", changed);
    row.querySelector(".try-changed-mark").hidden = !changed;
  }
  status.say("Replaying the hand…");
  const t0 = performance.now();
  try {
    const { answer } = await theEngine().request("play", scenario, overrides);
    const seconds = (performance.now() - t0) / 1000;
    if (answer.error) {
      output.replaceChildren(el("p", { class: "try-error", role: "alert", text: answer.error }));
      status.say(answer.error);
      return;
    }
    const yours = JSON.parse(answer.json);
    output.replaceChildren(
      renderDiff(page.result, yours, overrides, rules),
      el("details", { class: "try-json" }, el("summary", { text: "The result under your reading, as reversis play --json prints it" }), el("pre", {}, el("code", { class: "try-json-text", text: answer.json }))),
    );
    output.dataset.seconds = seconds.toFixed(3);
    status.say(`Replayed in ${seconds.toFixed(2)} s. ${output.querySelector(".try-diff-summary").textContent}`);
  } catch (error) {
    output.replaceChildren(el("p", { class: "try-error", role: "alert", text: reason(error) }));
    status.failed(reason(error), retry);
  }
}

async function mountExample(place, status, sharedText, load) {
  const slug = place.dataset.example;
  const rulesetId = place.dataset.ruleset;
  const [scenario, rules, shows] = await Promise.all([
    fetchText(`try/examples/${slug}.yaml`),
    rulesetData(rulesetId),
    fetchText(`try/examples/${slug}.json`).then(JSON.parse, () => ({ options: [] })),
  ]);
  const form = el("form", { class: "try-options" });
  const output = el("div", { class: "try-output" });
  const editorBox = el("div", { class: "try-edit" }, el("h3", { text: "Edit the scenario and play it" }));
  place.append(form, output, editorBox);
  const { play } = playground(editorBox, { text: sharedText ?? scenario, label: "The scenario (YAML)", status, ruleset: rulesetId });
  if (sharedText !== null) {
    status.say("A scenario shared by its link is in the editor below; press “Play this scenario” to play it.");
  }
  let page = null;
  let controls = null;
  /** @type {{play: HTMLElement, ready: Promise<any>|null}} */
  const api = { play, ready: null };
  // one replay at a time: a change made while one runs is replayed when it ends
  let running = false;
  let again = false;
  const replay = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      await replayOnce();
    } finally {
      running = false;
    }
    if (again) {
      again = false;
      replay();
    }
  };
  const replayOnce = () => replayUnder({ scenario, controls, page, rules, output, status, retry: replay });
  const begin = async () => {
    const e = await status.loaded();
    status.say("Playing the page's hand…");
    const { answer } = await e.request("play", scenario, {});
    if (answer.error) throw new Error(answer.error);
    const result = JSON.parse(answer.json);
    page = { result, options: result.options || {} };
    let list;
    ({ list, controls } = optionList(rules, page, shows));
    const fieldset = el("fieldset", { class: "try-fieldset" }, el("legend", { text: `The readings of this hand: the ${Object.keys(rules.options).length} options of ${rules.title}` }), list);
    const submit = el("button", { type: "submit", class: "md-button md-button--primary try-replay", text: "Replay under these readings" });
    const reset = el("button", { type: "reset", class: "md-button try-reset", text: "Back to the page's reading" });
    form.replaceChildren(el("div", { class: "try-buttons" }, submit, reset), fieldset);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      replay();
    });
    form.addEventListener("change", () => replay());
    form.addEventListener("reset", () => setTimeout(replay, 0));
    output.replaceChildren(el("p", { text: `Loaded in ${e.loadSeconds.toFixed(1)} s. Change an option: the hand is replayed under it and compared with the page's result.` }));
    status.say(`The engine is ready (loaded in ${e.loadSeconds.toFixed(1)} s). ${summary(result, rules)}`);
    place.dataset.loadSeconds = e.loadSeconds.toFixed(3);
    place.dataset.loadPhases = JSON.stringify(e.phases);
    form.querySelector("input, select").focus();
  };
  const attempt = () => {
    api.ready = begin().catch((error) => status.failed(reason(error), attempt));
    return api.ready;
  };
  if (load) {
    attempt();
  } else {
    const go = el("button", { type: "button", class: "md-button try-load", text: "Load the engine and show the options" });
    form.append(go);
    go.addEventListener("click", () => {
      go.remove();
      attempt();
    });
  }
  return api;
}

async function mountCheck(place, status, sharedText) {
  const rulesets = (place.dataset.rulesets || "").split(" ").filter(Boolean);
  const texts = await Promise.all(rulesets.map((r) => fetchText(`try/templates/${r}.yaml`)));
  const id = uid("try-ruleset");
  const select = el("select", { id }, rulesets.map((r) => el("option", { value: r, text: r })));
  const holder = el("div", { class: "try-edit" });
  place.append(el("p", { class: "try-pick" }, el("label", { for: id, text: "Start from an empty scenario of the ruleset " }), select), holder);
  const made = playground(holder, { text: sharedText ?? texts[0], label: "The scenario (YAML)", status, ruleset: null });
  const named = sharedText !== null ? /^\s*ruleset:\s*([\w-]+)/m.exec(sharedText) : null;
  if (named && rulesets.includes(named[1])) {
    select.value = named[1];
  }
  select.addEventListener("change", () => {
    made.ed.area.value = texts[rulesets.indexOf(select.value)];
    made.ed.area.dispatchEvent(new Event("input"));
  });
  status.say(sharedText !== null ? "A scenario shared by its link is in the editor; press “Play this scenario” to play it." : "Write the hand, then play it; the engine loads when you first play.");
  if (sharedText === null) {
    made.ed.area.focus();
  }
  return { play: made.play };
}

function shared(places, code64) {
  let text;
  try {
    text = unshare(code64);
  } catch {
    return;
  }
  const match = /^\s*ruleset:\s*([\w-]+)/m.exec(text);
  const list = Array.from(places);
  const place = list.find((p) => p.dataset.ruleset && match && p.dataset.ruleset === match[1]) || list[0];
  mount(place, { load: false, sharedText: text });
}

// ---- a doctest ---------------------------------------------------------------------------------

function mountDoctest(pre, startButton) {
  const id = uid("try-doctest");
  const original = pre.textContent.replace(/\n$/, "");
  const area = el("textarea", { id, class: "try-textarea", spellcheck: "false", autocapitalize: "off", rows: Math.min(original.split("\n").length + 1, 16), wrap: "off" });
  area.value = original;
  const run = el("button", { type: "button", class: "md-button md-button--primary try-run", text: "Run" });
  const reset = el("button", { type: "button", class: "md-button try-reset", text: "Back to the example as printed" });
  const status = statusArea();
  const out = el("div", { class: "try-output try-doctest-output" });
  const box = el(
    "div",
    { class: "try-doctest" },
    el("label", { for: id, class: "try-editor-label", text: "The example, as a doctest: edit it and run it" }),
    area,
    el("div", { class: "try-buttons" }, run, reset),
    status.box,
    out,
  );
  startButton.replaceWith(box);
  reset.addEventListener("click", () => {
    area.value = original;
  });
  const go = async () => {
    run.disabled = true;
    try {
      const e = await status.loaded();
      status.say("Running the example…");
      const t0 = performance.now();
      const { answer } = await e.request("doctest", area.value);
      const seconds = (performance.now() - t0) / 1000;
      if (answer.error) {
        out.replaceChildren(el("p", { class: "try-error", role: "alert", text: answer.error }));
        status.say(answer.error);
        return;
      }
      const rows = answer.examples.map((x) => [
        el("pre", {}, el("code", { text: ">>> " + x.source.replace(/\n$/, "").replace(/\n/g, "\n... ") })),
        el("pre", {}, el("code", { text: x.want.replace(/\n$/, "") || "(nothing)" })),
        el("pre", {}, el("code", { text: x.got.replace(/\n$/, "") || "(nothing)" })),
        el("span", { class: x.ok ? "try-ok" : "try-bad", text: x.ok ? "agrees" : "differs" }),
      ]);
      const verdict = answer.failures ? `${answer.failures} of ${answer.tried} lines differ from what the example expects.` : `All ${answer.tried} lines give what the example expects.`;
      out.replaceChildren(el("p", { class: "try-verdict", text: verdict }), table("Each line, its expected output and what the engine printed", ["line", "expected", "printed", ""], rows));
      status.say(`Ran in ${seconds.toFixed(2)} s.`);
      status.announce(verdict);
    } catch (error) {
      out.replaceChildren(el("p", { class: "try-error", role: "alert", text: reason(error) }));
      status.failed(reason(error), go);
    } finally {
      run.disabled = false;
    }
  };
  run.addEventListener("click", go);
  area.setSelectionRange(0, 0);
  area.focus();
  area.scrollLeft = 0;
  go();
}
