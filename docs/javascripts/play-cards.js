/* "Play a hand": the cards, drawn by the project as SVG, for both packs: the French suits (spades,
 * hearts, diamonds, clubs) with their symbols and colours, the Spanish suits (oros, copas, espadas,
 * bastos) drawn as their own suits, never as letters, the figures named as the pack names them
 * (sota, caballo, rey). Each card is a picture for the eye; its name in words (the engine's, e.g.
 * "the caballo of copas") is what a screen reader reads. No inline style: the colours are classes of
 * play.css, the shapes use currentColor.
 */

const SVG = "http://www.w3.org/2000/svg";

/**
 * @typedef {object} Face
 * @property {string} card the card in the scenario's notation (a label, never read aloud)
 * @property {string} words the card in words: "the seven of hearts"
 * @property {string} suit the suit's name: "hearts", "oros"…
 * @property {string} index the index in the card's corner as the pack prints it: "10", "K", "12"
 * @property {string} figure the name a figure carries under its picture ("sota"), or ""
 */

/**
 * The shapes of each suit, in a box of 100 by 100: each [element, attributes].
 * @type {Record<string, Array<[string, Record<string, string>]>>}
 */
export const SUIT_SHAPES = {
  hearts: [["path", { d: "M50 90C22 66 6 49 6 30 6 15 17 6 29 6c9 0 17 5 21 14 4-9 12-14 21-14 12 0 23 9 23 24 0 19-16 36-44 60z" }]],
  diamonds: [["path", { d: "M50 4 86 50 50 96 14 50z" }]],
  spades: [
    ["path", { d: "M50 6c18 22 42 36 42 56 0 13-10 22-21 22-8 0-14-4-18-10 1 10 5 17 13 22H34c8-5 12-12 13-22-4 6-10 10-18 10C18 84 8 75 8 62 8 42 32 28 50 6z" }],
  ],
  clubs: [
    ["circle", { cx: "50", cy: "28", r: "19" }],
    ["circle", { cx: "27", cy: "58", r: "19" }],
    ["circle", { cx: "73", cy: "58", r: "19" }],
    ["path", { d: "M45 52c0 20-4 32-12 42h34c-8-10-12-22-12-42z" }],
  ],
  // a gold coin, its rim and its centre
  oros: [
    ["circle", { cx: "50", cy: "50", r: "42" }],
    ["circle", { cx: "50", cy: "50", r: "28", class: "pc-inner" }],
    ["circle", { cx: "50", cy: "50", r: "9" }],
  ],
  // a cup on its foot
  copas: [["path", { d: "M20 8h60c0 30-12 46-26 50v18c10 2 18 7 20 16H26c2-9 10-14 20-16V58C32 54 20 38 20 8z" }]],
  // a sword, point up: the blade, the guard, the grip and the pommel
  espadas: [
    ["path", { d: "M50 2l6 10-2 54h-8l-2-54z" }],
    ["path", { d: "M28 64h44v8H28z" }],
    ["path", { d: "M46 72h8v16h-8z" }],
    ["circle", { cx: "50", cy: "93", r: "6" }],
  ],
  // a knotted cudgel
  bastos: [
    ["path", { d: "M38 96c2-26 0-56-8-82 6-10 30-12 38-4-2 30-6 60-8 86z" }],
    ["circle", { cx: "36", cy: "34", r: "6" }],
    ["circle", { cx: "64", cy: "48", r: "6" }],
    ["circle", { cx: "40", cy: "64", r: "5" }],
  ],
};

/**
 * A suit's symbol as SVG, hidden from screen readers (the card's words say it).
 * @param {string} suit
 * @param {string} cls
 * @returns {SVGSVGElement}
 */
export function suitSymbol(suit, cls) {
  const svg = /** @type {SVGSVGElement} */ (document.createElementNS(SVG, "svg"));
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("class", cls);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  for (const [tag, attrs] of SUIT_SHAPES[suit] || []) {
    const shape = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) shape.setAttribute(key, value);
    svg.append(shape);
  }
  return svg;
}

/**
 * The classes of a drawn card: its suit's colour and, for a small card, its size.
 * @param {Face} face
 * @param {{small?: boolean}} [how]
 * @returns {string}
 */
export function cardClasses(face, how = {}) {
  return ["pc", `pc-${face.suit}`, face.figure ? "pc-figure" : "", how.small ? "pc-small" : ""].filter(Boolean).join(" ");
}

/**
 * A card drawn: the index and a small symbol in its corner, the suit's symbol in its middle, a
 * figure's name under it; hidden from screen readers (the caller gives the words).
 * @param {Face} face
 * @param {{small?: boolean}} [how]
 * @returns {HTMLSpanElement}
 */
export function drawCard(face, how = {}) {
  const card = document.createElement("span");
  card.className = cardClasses(face, how);
  card.setAttribute("aria-hidden", "true");
  const corner = document.createElement("span");
  corner.className = "pc-corner";
  const index = document.createElement("span");
  index.className = "pc-index";
  index.textContent = face.index;
  corner.append(index, suitSymbol(face.suit, "pc-pip"));
  card.append(corner, suitSymbol(face.suit, "pc-symbol"));
  if (face.figure && !how.small) {
    const figure = document.createElement("span");
    figure.className = "pc-name";
    figure.textContent = face.figure;
    card.append(figure);
  }
  return card;
}

/**
 * A card as a picture with its words: for the trick and the last trick, outside a button.
 * @param {Face} face
 * @param {{small?: boolean}} [how]
 * @returns {HTMLSpanElement}
 */
export function namedCard(face, how = {}) {
  const wrap = document.createElement("span");
  wrap.className = "pc-named";
  const words = document.createElement("span");
  words.className = "visually-hidden";
  words.textContent = face.words;
  wrap.append(drawCard(face, how), words);
  return wrap;
}

/**
 * The backs of a player's cards left, fanned (at most `most` drawn), hidden from screen readers:
 * the seat says how many in words.
 * @param {number} count
 * @param {number} [most]
 * @returns {HTMLSpanElement}
 */
export function cardBacks(count, most = 13) {
  const fan = document.createElement("span");
  fan.className = "pc-backs";
  fan.setAttribute("aria-hidden", "true");
  for (let i = 0; i < Math.min(count, most); i += 1) {
    const back = document.createElement("span");
    back.className = "pc pc-back";
    fan.append(back);
  }
  return fan;
}
