/* "Play a hand": the pure functions of the table (no page, no engine), which Node's test runner
 * checks (tests/site/js/play.test.mjs): what the reader is asked to do, where each player sits,
 * which card the arrow keys go to, the loading's progress, a saved hand in an address.
 */

/**
 * @typedef {object} Offer
 * @property {string} do play, exchange, declare, decline, claim, claims-done
 * @property {string} [card]
 * @property {string|null} [discard]
 * @property {string} [call]
 * @property {string} [label]
 */

/**
 * What the reader is asked to do now, in one sentence.
 * @param {{done: boolean, offers: Offer[], trick: unknown[]}} view
 * @returns {string}
 */
export function prompt(view) {
  if (view.done) return "The hand is over: its account is below.";
  const kinds = new Set(view.offers.map((o) => o.do));
  if (kinds.has("exchange")) return "Your turn to exchange: discard a card and take one from the talon, or keep your cards.";
  if (kinds.has("declare")) return "You may make a declaration now, before the next card is played.";
  if (kinds.has("claim") || kinds.has("claims-done")) return "Your turn to count the combinations you hold.";
  if (!view.offers.length) return "The others are playing.";
  return view.trick.length ? "Your turn to play to the trick." : "Your turn to lead.";
}

/**
 * The area of the table where each place sits (0 the reader, at the foot; then the others in
 * playing order, round the table to his right), for 4, 5 or 6 players.
 * @param {number} place
 * @param {number} players
 * @returns {string}
 */
export function seatArea(place, players) {
  const areas = {
    4: ["foot", "right", "top", "left"],
    5: ["foot", "right", "top-right", "top-left", "left"],
    6: ["foot", "right", "top-right", "top", "top-left", "left"],
  };
  const row = areas[/** @type {4|5|6} */ (Math.min(Math.max(players, 4), 6))];
  return row[place] || "top";
}

/**
 * The card the focus goes to when a key is pressed in a row of `count` cards at `at`: the arrow
 * keys to the next or the one before (round the row), Home and End to the first and the last;
 * null for any other key.
 * @param {string} key
 * @param {number} at
 * @param {number} count
 * @returns {number|null}
 */
export function nextCard(key, at, count) {
  if (!count) return null;
  if (key === "ArrowRight" || key === "ArrowDown") return (at + 1) % count;
  if (key === "ArrowLeft" || key === "ArrowUp") return (at - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/**
 * The loading's progress in words, for the progress bar's label (never a live region: it changes
 * many times a second).
 * @param {{loaded: number, total: number}} progress
 * @returns {string}
 */
export function progressWords(progress) {
  if (!progress.total) return "Loading the engine";
  return `Loading the engine: ${(progress.loaded / 1e6).toFixed(1)} of ${(progress.total / 1e6).toFixed(1)} MB`;
}

/**
 * The sentence of a failure to load: what went wrong, and what the reader can do.
 * @param {string} why
 * @returns {string}
 */
export function failureWords(why) {
  return `The engine could not be loaded (${why}): press “Try again”, or read `;
}

/**
 * A text as base64url (Try it's shared links carry a scenario so: #try=…).
 * @param {string} text
 * @returns {string}
 */
export function base64url(text) {
  let binary = "";
  new TextEncoder().encode(text).forEach((b) => {
    binary += String.fromCharCode(b);
  });
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The sentences to announce once: those said by the engine since the last answer, in order.
 * @param {Array<{text: string}>} said
 * @returns {string}
 */
export function announcement(said) {
  return said.map((s) => s.text).join(" ");
}
