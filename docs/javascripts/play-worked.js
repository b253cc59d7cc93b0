/* "Play a hand": a finished hand shown as the site's worked examples show a hand ("Open as a worked
 * example"), drawn from the engine's words for it (reversis.apps.table_worked): the deal, the
 * exchange, the play card by card, the tricks, the payments (or marks) with their rules and the
 * source's words, the result. The structure and the classes are those of an example's page
 * (scripts/reversis_site/templates/example.md.j2), so that the site's styles draw it alike. Every
 * text is set as text (textContent), never parsed as HTML.
 */

// an element with its attributes and children, every text set as text (Play a hand's scripts share it)
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// a card as an example's page draws it: its face for the eye, its words for a screen reader
function card(c) {
  return [el("span", { class: `card card-${c.suit}`, "aria-hidden": "true", text: c.face }), el("span", { class: "visually-hidden", text: c.words })];
}

function cards(list) {
  return el("span", { class: "cards" }, list.flatMap((c, i) => (i ? [" ", ...card(c)] : card(c))));
}

// players each before his card: "the eldest hand 9♠, the second hand J♥"
function seated(list, separator) {
  return list.flatMap((t, i) => [i ? separator : "", `${t.who} `, ...card(t.card), t.call ? [" ", el("q", { lang: "fr", text: t.call })] : []]);
}

function table(head, rows, attrs) {
  return el(
    "div",
    { class: "play-table-wrap" },
    el("table", attrs || {}, el("thead", {}, el("tr", {}, head.map((h) => el("th", { scope: "col", text: h })))), el("tbody", {}, rows.map((r) => el("tr", {}, r.map((c) => (c instanceof HTMLElement && c.tagName === "TH" ? c : el("td", {}, c))))))),
  );
}

// the link of an entry's rule to its row on the ruleset's page, and the source's words behind it
function ruleLink(e, root, ruleset, cls) {
  return el("a", { href: `${root}rulesets/${ruleset}/#${e.anchor}` }, el("code", { class: cls, text: e.rule }));
}

function orderedBy(a, root) {
  if (!a) return "";
  return [
    el("span", { class: "quote-hint", title: a.quote, text: `“${a.short_quote}”` }),
    " ",
    el("span", { class: "quote-english", text: `(${a.short_gloss})` }),
    " (",
    el("a", { href: root + a.href }, el("code", { text: a.id })),
    ")",
  ];
}

// an entry of the replay: "The dealer pays 2 to the pool: the stakes to the pool. pool.stake"
function entryWords(e, marks) {
  const anchor = el("a", { class: "rule-id", href: `#play-${marks ? "mark" : "payment"}-${e.number}`, title: e.annotation ? e.annotation.quote : null }, el("code", { text: e.rule }));
  if (marks) {
    const moved = e.marks >= 0 ? `rubs out ${e.marks}` : `has ${-e.marks} chalked back on`;
    return [`${capital(e.side_name)} ${moved}${e.who ? ` (${e.who})` : ""}: ${e.phrase}. `, anchor];
  }
  return [`${capital(e.payer)} pays ${e.amount} to ${e.payee}: ${e.phrase}. `, anchor];
}

function deal(w) {
  const marks = w.unit === "marks";
  const head = marks ? ["Player", "Cards as dealt", "Combinations held"] : ["Player", "Cards as dealt"];
  const rows = w.deal.map((s) => {
    const who = el("th", { scope: "row" }, `${s.label}${s.role ? ` (${s.role})` : ""}${marks ? `, ${s.side_name}` : ""} `, el("code", { class: "seat-code", text: `seat: ${s.seat}` }));
    const row = [who, [cards(s.cards), " ", el("span", { class: "count", text: `(${s.count} cards)` })]];
    if (marks) row.push(s.combinations.length ? s.combinations.flatMap((c, i) => [i ? "; " : "", `${c.name} `, cards(c.cards), ` (worth ${c.worth})`]) : "none");
    return row;
  });
  if (!marks && w.talon.length) rows.push([el("th", { scope: "row", text: "Talon" }), cards(w.talon)]);
  return table(head, rows, { class: "deal" });
}

function exchange(w) {
  return el(
    "ul",
    {},
    w.exchange.map((x) => {
      if (x.pass) return el("li", {}, `${capital(x.who)} keeps his cards`, x.seen ? [" (and looks at ", ...card(x.seen), ")"] : "", ".");
      return el("li", {}, `${capital(x.who)} puts `, ...card(x.discard), " under the talon and takes ", x.took ? card(x.took) : "nothing", ".");
    }),
  );
}

function replay(w, entries) {
  const marks = w.unit === "marks";
  const steps = w.steps.map((s) => {
    const verb = s.how === "out-of-turn" ? "plays" : s.leads ? "leads" : "plays";
    const play = el("p", { class: "replay-play" }, el("strong", { text: `Trick ${s.trick}.` }), ` ${capital(s.who)} ${verb} `, ...card(s.card), s.how === "out-of-turn" ? " before his turn; the card goes back to his hand" : "", s.call ? [", saying ", el("q", { lang: "fr", text: s.call })] : "", ".");
    const parts = [play];
    if (s.table.length) parts.push(el("p", { class: "replay-table" }, "On the table: ", ...seated(s.table, ", "), "."));
    if (s.taker) parts.push(el("p", { class: "replay-taken", text: `${capital(s.taker)} takes trick ${s.trick}.${s.settled ? (marks ? " The tricks are over." : " The hand is over and settled.") : ""}` }));
    if (s.entries.length) parts.push(el("ul", { class: "replay-payments" }, s.entries.map((n) => el("li", {}, entryWords(entries[n - 1], marks)))));
    return el("li", { class: "replay-step", id: `play-step-${s.number}`, "data-step": s.number, "data-trick": s.trick }, parts);
  });
  return el("div", { class: "replay", "data-replay": w.steps.length }, el("ol", { class: "replay-steps" }, steps));
}

function tricks(w) {
  const head = ["trick", w.unit === "marks" ? "cards, from the leader (and the calls said)" : "cards, from the leader", "taken by"];
  return table(head, w.tricks.map((t) => [String(t.number), seated(t.cards, " · "), t.winner]), { class: "play-worked-tricks" });
}

function ledger(w, root) {
  const marks = w.unit === "marks";
  const entries = marks ? w.marks : w.payments;
  const rows = entries.map((e) => {
    const number = el("span", { id: `play-${marks ? "mark" : "payment"}-${e.number}`, text: String(e.number) });
    const what = marks
      ? [el("span", { class: "ledger-side", text: capital(e.side_name) }), e.marks >= 0 ? [" rubs out ", el("span", { class: "ledger-count", text: String(e.marks) })] : [" has ", el("span", { class: "ledger-count", text: String(-e.marks) }), " chalked back on"], e.who ? [" (", el("span", { class: "ledger-seat", text: e.who }), ")"] : ""]
      : [el("span", { class: "ledger-payer", text: capital(e.payer) }), " pays ", el("span", { class: "ledger-amount", text: String(e.amount) }), " to ", el("span", { class: "ledger-payee", text: e.payee })];
    const trick = e.trick !== null && e.trick !== undefined ? String(e.trick) : marks ? "—" : "before the hand";
    return [number, what, trick, [`${e.name} `, ruleLink(e, root, w.ruleset, "ledger-rule")], orderedBy(e.annotation, root)];
  });
  return el("div", { class: `ledger ${marks ? "ledger-marks" : "ledger-payments"}` }, table(["#", marks ? "marks" : "payment", "trick", "rule", "ordered by"], rows));
}

function result(w) {
  const attrs = { class: "play-worked-result" };
  if (w.unit === "marks") {
    return table(["side", "players", "marks to rub out before", "rubbed out in the hand", "still to rub out"], w.rows.map((r) => [capital(r.name), r.members.join(", "), String(r.before), String(r.rubbed), String(r.after)]), attrs);
  }
  return table(["player", "tricks", "points", "balance"], w.rows.map((r) => [r.label, String(r.tricks), String(r.points), r.balance > 0 ? `+${r.balance}` : String(r.balance)]), attrs);
}

// The hand as a worked example: a section with the example page's parts, in its order.
export function workedExample(view, root) {
  const w = view.worked;
  const marks = w.unit === "marks";
  const entries = marks ? w.marks : w.payments;
  const parts = [el("h2", { id: "play-worked-title", text: `Hand ${view.hand} as a worked example` }), el("h3", { text: "The deal" }), deal(w)];
  if (w.before.length) parts.push(el("p", { text: marks ? "Before the first card:" : "Before the hand:" }), el("ul", {}, w.before.map((n) => el("li", {}, entryWords(entries[n - 1], marks)))));
  if (w.exchange.length) parts.push(el("h3", { text: "The exchange" }), exchange(w));
  parts.push(el("h3", { text: "The play, card by card" }), replay(w, entries));
  parts.push(el("h3", { text: "The tricks" }), tricks(w));
  parts.push(el("h3", { text: marks ? "The marks" : "The payments" }), ledger(w, root));
  parts.push(el("h3", { text: "The result" }), result(w), el("ul", {}, w.notes.map((n) => el("li", { text: n }))));
  return el("section", { class: "play-worked", "aria-labelledby": "play-worked-title", tabindex: "-1" }, parts);
}
