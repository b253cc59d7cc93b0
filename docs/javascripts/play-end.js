/* "Play a hand": the end of a hand, drawn from the one description of a finished hand that its game
 * gives (reversis.apps.table_worked.described, over Game.describe): what happened before the first
 * card; then the play one card at a time, with the worked examples' step controls (replay.js: Next,
 * Previous, by trick, the arrow keys), each card with the trick it closed and each payment or mark
 * with its rule and the source's words; and what the hand left each player, in the game's own unit
 * and words. Nothing here knows which game it is.
 */

import { namedCard } from "./play-cards.js";
import { el } from "./play-dom.js";
import { entry } from "./play-table.js";

/**
 * @typedef {import("./play-table.js").Said & {trick?: number|null, anchor?: string}} Told
 * @typedef {{number: number, trick: number, text: string, card: import("./play-cards.js").Face,
 *   leads: boolean, after: Told[]}} Step
 * @typedef {{unit: string, meaning: string, before: Told[], steps: Step[],
 *   results: Array<{who: string, value: number, text: string}>}} Description
 */

/**
 * The play one card at a time, as the worked examples' replay shows it (replay.js's classes).
 * @param {Description} told
 * @param {string} root
 * @returns {HTMLElement}
 */
function cardByCard(told, root) {
  const steps = told.steps.map((s) => {
    const parts = [el("p", { class: "replay-play" }, el("strong", { text: `Trick ${s.trick}. ` }), namedCard(s.card, { small: true }), " ", s.text)];
    if (s.after.length) parts.push(el("ul", { class: "replay-payments" }, s.after.map((e) => entry(e, root))));
    return el("li", { class: "replay-step", id: `play-step-${s.number}`, "data-step": String(s.number), "data-trick": String(s.trick) }, parts);
  });
  return el("div", { class: "replay play-replay", "data-replay": String(steps.length) }, el("ol", { class: "replay-steps" }, steps));
}

/**
 * The end of the hand: before the first card, the play card by card, what the hand left each player.
 * @param {Description} told
 * @param {string} root
 * @returns {HTMLElement[]}
 */
export function endOfHand(told, root) {
  const parts = [];
  if (told.before.length) parts.push(el("h3", { text: "Before the first card" }), el("ul", { class: "play-before" }, told.before.map((e) => entry(e, root))));
  parts.push(el("h3", { text: "The hand, card by card" }), cardByCard(told, root));
  parts.push(
    el("h3", { text: "What the hand left each player" }),
    el("p", { class: "play-meaning", text: `Counted in ${told.unit}: ${told.meaning}.` }),
    el("ul", { class: "play-outcome" }, told.results.map((r) => el("li", { text: r.text }))),
  );
  return parts;
}

/**
 * The step controls of the worked examples (replay.js, on every page of the site) on a replay added
 * after the page was loaded.
 * @param {HTMLElement} within
 */
export function withControls(within) {
  const steps = /** @type {HTMLElement|null} */ (within.querySelector(".play-replay"));
  const replay = /** @type {any} */ (window).reversisReplay;
  if (steps && replay) replay.setUp(steps);
}
