/* "Play a hand": the table itself, drawn from the engine's view of the hand (reversis.apps.table's
 * Table.view): the reader at the foot, the others at their places round it, each named by his place
 * in the hand, with his cards left (their backs), his tricks and his chips or his side's marks; the
 * trick in the middle card by card, its leader marked, with the pool (or what was not dealt) and the
 * talon; whose turn it is; the last trick, which can be looked at again. The reader's cards are
 * buttons (the arrow keys go from one to the next); a card the rules refuse is sent all the same and
 * the engine's refusal shown, with its rule and the source's words. Each sentence the engine says
 * goes to the log and, once, to one polite live region that stays in place.
 * Every text is set as text, never parsed as HTML; no inline style (classes of play.css).
 */

import { cardBacks, drawCard, namedCard } from "./play-cards.js";
import { announcement, nextCard, prompt, seatArea } from "./play-words.js";
import { el } from "./play-worked.js";

/**
 * @typedef {import("./play-cards.js").Face} Face
 * @typedef {import("./play-words.js").Offer} Offer
 * @typedef {{place: number, who: string, you: boolean, cards: number, cards_words: string,
 *   tricks_words: string, score_words: string, turn: boolean, dealer: boolean}} Seat
 * @typedef {Face & {who: string, place: number, leads: boolean}} Played
 * @typedef {{rule_name?: string, quote?: string, gloss?: string, paragraph?: string, lang?: string,
 *   href?: string, unstated?: string}} Why
 * @typedef {{kind: string, text: string, rule?: string, rule_name?: string, quote?: string,
 *   gloss?: string, paragraph?: string, lang?: string, href?: string}} Said
 * @typedef {{ruleset: string, hand: number, you: string, done: boolean, can_undo: boolean,
 *   holding: Array<Face & {legal: boolean}>, trick: Played[], seats: Seat[],
 *   centre: Array<{what: string, count: number, words: string}>,
 *   last_trick: {number: number, taker: string, cards: Array<Face & {who: string}>} | null,
 *   offers: Offer[], [key: string]: any}} View
 */

/**
 * The seats round the table and the middle: the trick, the pool, the talon.
 * @param {View} view
 * @returns {HTMLElement}
 */
export function felt(view) {
  const players = view.seats.length;
  const seats = view.seats.map((s) => seat(s, players));
  return el("div", { class: `play-felt play-felt-${players}`, role: "group", "aria-label": "The table" }, seats, middle(view));
}

/**
 * One player at his place: his role (the reader's "you"), whose turn, the dealer, his cards left as
 * backs, his tricks and his score, in words.
 * @param {Seat} s
 * @param {number} players
 * @returns {HTMLElement}
 */
function seat(s, players) {
  const classes = ["play-seat", `play-at-${seatArea(s.place, players)}`, s.turn ? "play-seat-turn" : "", s.you ? "play-seat-you" : ""];
  const name = s.you ? `You, ${s.who}` : s.who.charAt(0).toUpperCase() + s.who.slice(1);
  const marks = [s.dealer ? "deals" : "", s.turn ? "to play" : ""].filter(Boolean);
  return el(
    "section",
    { class: classes.filter(Boolean).join(" "), "aria-label": name },
    el("p", { class: "play-seat-name" }, el("strong", { text: name }), marks.length ? el("span", { class: "play-seat-marks", text: ` (${marks.join(", ")})` }) : ""),
    s.you ? "" : cardBacks(s.cards),
    el("p", { class: "play-seat-count", text: `${s.cards_words}; ${s.tricks_words}` }),
    el("p", { class: "play-seat-score", text: s.score_words }),
  );
}

/**
 * The middle of the table: the trick card by card (its leader marked) and what lies there besides.
 * @param {View} view
 * @returns {HTMLElement}
 */
function middle(view) {
  const trick = view.trick.length
    ? el(
        "ol",
        { class: "play-trick", "aria-label": "The trick on the table" },
        view.trick.map((t) => el("li", { class: t.leads ? "play-trick-lead" : "" }, namedCard(t), el("span", { class: "play-trick-who", text: t.who + (t.leads ? " (leads)" : "") }))),
      )
    : el("p", { class: "play-trick-empty", text: view.done ? "The hand is over." : "No card is on the table." });
  const lying = el("ul", { class: "play-lying" }, view.centre.map((c) => el("li", { class: `play-lying-${c.what}`, text: c.words })));
  return el("div", { class: "play-middle" }, trick, lying);
}

/**
 * The last trick taken, folded, to be looked at again.
 * @param {View} view
 * @returns {HTMLElement|string}
 */
export function lastTrick(view) {
  const last = view.last_trick;
  if (!last) return "";
  return el(
    "details",
    { class: "play-last" },
    el("summary", { text: `The last trick (trick ${last.number}, taken by ${last.taker})` }),
    el("ol", { class: "play-trick" }, last.cards.map((c) => el("li", {}, namedCard(c, { small: true }), el("span", { class: "play-trick-who", text: c.who })))),
  );
}

/**
 * The reader's cards as buttons, those he may play marked; one of them in the tab order, the arrow
 * keys going from one to the next.
 * @param {View} view
 * @param {(action: Record<string, unknown>) => void} act
 * @returns {HTMLElement}
 */
export function hand(view, act) {
  const exchanging = view.offers.some((o) => o.do === "exchange");
  const verb = exchanging ? "Discard" : "Play";
  const buttons = view.holding.map((c) => {
    const label = `${verb} ${c.words.replace(/^the /, "")}` + (c.legal ? "" : " (not allowed now)");
    const b = el("button", { type: "button", class: "play-card" + (c.legal ? " play-legal" : ""), tabindex: "-1" }, drawCard(c), el("span", { class: "visually-hidden", text: label }));
    b.addEventListener("click", () => act(exchanging ? { do: "exchange", discard: c.card } : { do: "play", card: c.card }));
    return b;
  });
  const first = buttons[Math.max(0, view.holding.findIndex((c) => c.legal))];
  if (first) first.setAttribute("tabindex", "0");
  const group = el("div", { class: "play-cards", role: "group", "aria-labelledby": "play-cards-caption" }, buttons);
  group.addEventListener("keydown", (event) => {
    const at = buttons.indexOf(/** @type {HTMLButtonElement} */ (event.target));
    const to = nextCard(event.key, at, buttons.length);
    if (at < 0 || to === null) return;
    event.preventDefault();
    buttons[at].setAttribute("tabindex", "-1");
    buttons[to].setAttribute("tabindex", "0");
    buttons[to].focus();
  });
  return el("div", { class: "play-hand-cards" }, el("p", { id: "play-cards-caption", text: caption(view, exchanging) }), group);
}

/**
 * @param {View} view
 * @param {boolean} exchanging
 * @returns {string}
 */
function caption(view, exchanging) {
  if (!view.offers.length) return "Your cards.";
  if (exchanging) return "Your cards: choose one to discard (the marked cards are allowed), or keep them all. The arrow keys go from card to card.";
  if (view.offers.some((o) => o.do === "play")) return "Your cards: the marked ones may be played. The arrow keys go from card to card.";
  return "Your cards.";
}

/**
 * The moves that are not a plain card: keeping one's cards, declarations, calls, claims.
 * @param {View} view
 * @param {(action: Record<string, unknown>) => void} act
 * @returns {HTMLElement}
 */
export function moves(view, act) {
  const others = view.offers.filter((o) => !((o.do === "play" && !o.call) || (o.do === "exchange" && o.discard)));
  if (!others.length) return el("div", { class: "play-moves" });
  const buttons = others.map((o) => {
    const b = el("button", { type: "button", class: "md-button play-move", text: o.label });
    const { label, ...action } = o;
    b.addEventListener("click", () => act(action));
    return b;
  });
  return el("div", { class: "play-moves", role: "group", "aria-label": "Other moves" }, buttons);
}

/**
 * A refusal: the engine's sentence in the reader's words, then the rule's English name, and the
 * source's words with their English and the paragraph as a small label (or that no sentence of the
 * sources states it).
 * @param {HTMLElement} alert
 * @param {string} text
 * @param {Why} why
 * @param {string} root
 */
export function refusal(alert, text, why, root) {
  alert.replaceChildren(text);
  if (why.rule_name) alert.append(" ", el("span", { class: "play-why-rule", text: `The rule: “${why.rule_name}”.` }));
  if (why.quote) {
    const label = why.href ? el("a", { href: root + why.href, class: "play-label" }, el("code", { text: why.paragraph })) : "";
    alert.append(el("span", { class: "play-source" }, "The source says ", el("q", { lang: why.lang || null, text: why.quote }), ` (in English: ${why.gloss})`, " ", label));
  } else if (why.unstated) {
    alert.append(" ", el("span", { class: "play-why-unstated", text: why.unstated }));
  }
}

/**
 * One line of the log: the sentence, and for a payment, a mark, a declaration or a claim its rule
 * as a small label and the source's words with their English.
 * @param {Said} s
 * @param {string} root
 * @returns {HTMLElement}
 */
export function entry(s, root) {
  const li = el("li", { class: `play-said play-said-${s.kind}` }, s.text);
  if (!s.rule_name || !["payment", "marks", "declare", "bete", "claim"].includes(s.kind)) return li;
  li.append(" ", el("code", { class: "play-rule", text: s.rule }));
  if (s.quote) {
    const link = el("a", { href: root + s.href, class: "play-label" }, el("code", { text: s.paragraph }));
    li.append(el("span", { class: "play-source" }, el("q", { lang: s.lang || null, text: s.quote }), s.gloss ? ` (in English: ${s.gloss}) ` : " ", link));
  }
  return li;
}

/**
 * The live region, made once and kept in place: each answer's sentences are said once, politely.
 * @param {HTMLElement} place
 * @returns {{say: (said: Said[]) => void, sayText: (text: string) => void}}
 */
export function liveRegion(place) {
  const live = el("div", { class: "play-live visually-hidden", "aria-live": "polite", "aria-atomic": "false" });
  place.append(live);
  return {
    say: (said) => {
      live.textContent = announcement(said);
    },
    sayText: (text) => {
      live.textContent = text;
    },
  };
}

export { prompt };
