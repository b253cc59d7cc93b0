// Node's test runner on the pure functions of "Play a hand" (docs/javascripts/play-words.js):
// node --test tests/site/js/ (tests/site/test_js.py runs it in make test where Node is installed).
import assert from "node:assert/strict";
import { test } from "node:test";
import { announcement, base64url, failureWords, nextCard, progressWords, prompt, seatArea } from "../../../docs/javascripts/play-words.js";

test("the reader is asked what his offers allow, in one sentence", () => {
  const view = (/** @type {string[]} */ kinds, trick = 0, done = false) => ({ done, offers: kinds.map((k) => ({ do: k })), trick: Array(trick).fill({}) });
  assert.equal(prompt(view([], 0, true)), "The hand is over: its account is below.");
  assert.match(prompt(view(["exchange"])), /^Your turn to exchange/);
  assert.match(prompt(view(["declare", "decline"])), /declaration/);
  assert.match(prompt(view(["claim", "claims-done"])), /combinations/);
  assert.equal(prompt(view(["play"], 0)), "Your turn to lead.");
  assert.equal(prompt(view(["play"], 2)), "Your turn to play to the trick.");
  assert.equal(prompt(view([])), "The others are playing.");
});

test("the reader sits at the foot and the others round the table, one place each", () => {
  for (const players of [4, 5, 6]) {
    const areas = Array.from({ length: players }, (_, place) => seatArea(place, players));
    assert.equal(areas[0], "foot");
    assert.equal(new Set(areas).size, players, `two players at one place at a table of ${players}`);
  }
  assert.deepEqual([1, 2, 3].map((p) => seatArea(p, 4)), ["right", "top", "left"]);
});

test("the arrow keys go round the reader's cards, Home and End to the ends", () => {
  assert.equal(nextCard("ArrowRight", 0, 3), 1);
  assert.equal(nextCard("ArrowRight", 2, 3), 0);
  assert.equal(nextCard("ArrowLeft", 0, 3), 2);
  assert.equal(nextCard("ArrowUp", 1, 3), 0);
  assert.equal(nextCard("ArrowDown", 1, 3), 2);
  assert.equal(nextCard("Home", 2, 3), 0);
  assert.equal(nextCard("End", 0, 3), 2);
  assert.equal(nextCard("Enter", 0, 3), null);
  assert.equal(nextCard("ArrowRight", 0, 0), null);
});

test("the loading's progress and its failure in words", () => {
  assert.equal(progressWords({ loaded: 3.6e6, total: 14.5e6 }), "Loading the engine: 3.6 of 14.5 MB");
  assert.equal(progressWords({ loaded: 0, total: 0 }), "Loading the engine");
  assert.match(failureWords("the file x did not download (HTTP 404)"), /^The engine could not be loaded \(the file x did not download \(HTTP 404\)\): press “Try again”/);
});

test("a saved hand goes into an address as base64url, and comes back whole", () => {
  const text = "ruleset: revesino\nplays: [SO, 7C] # quínola ♥\n";
  const coded = base64url(text);
  assert.match(coded, /^[A-Za-z0-9_-]+$/);
  const back = new TextDecoder().decode(Uint8Array.from(atob(coded.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)));
  assert.equal(back, text);
});

test("each answer's sentences are announced once, in order", () => {
  assert.equal(announcement([{ text: "The dealer plays the two of hearts." }, { text: "The dealer takes trick 1." }]), "The dealer plays the two of hearts. The dealer takes trick 1.");
  assert.equal(announcement([]), "");
});
