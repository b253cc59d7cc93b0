/* The step-through replay of the worked examples (docs/examples/).
 *
 * The page lists every card played as a step (<li class="replay-step" id="step-N" data-trick="T">),
 * so that the whole hand reads without scripts. With this script, one step shows at a time. Buttons
 * step by card and by trick; on the replay (which takes the focus), the left and right arrow keys
 * step by card, Page Up and Page Down by trick, Home and End go to the first and the last card; the
 * address (#step-N) keeps the step. A live region says the card played and what it set off (the
 * trick taken, the payments or marks), in words: a card's face is hidden from screen readers, its
 * name is not; each payment is a sentence of its own, its rule said by its English name (the rule's
 * id, a small label beside it, is not read out). A button that cannot act is marked aria-disabled rather than disabled, so that the
 * focus stays where it is (a disabled button would drop it to the page's body).
 *
 * Plain JavaScript, no library, no request; no inline handler or style (the site's
 * Content-Security-Policy allows neither). Material for MkDocs loads pages without a reload
 * (instant navigation is off here), so the script runs once per page.
 */
(function () {
  "use strict";

  function button(className, text, label) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "replay-button " + className;
    b.textContent = text;
    b.setAttribute("aria-label", label);
    return b;
  }

  /* The text of an element as the live region says it: without what is hidden from screen readers,
     without the rules' id labels, and each paragraph and list item a sentence of its own. */
  function spoken(element) {
    var copy = element.cloneNode(true);
    Array.prototype.forEach.call(copy.querySelectorAll("[aria-hidden='true'], .rule-id"), function (hidden) {
      hidden.parentNode.removeChild(hidden);
    });
    return Array.prototype.map.call(copy.querySelectorAll("p, li"), function (part) {
      var said = part.textContent.replace(/\s+/g, " ").trim();
      return /[.!?]$/.test(said) || !said ? said : said + ".";
    }).filter(function (said) { return said; }).join(" ");
  }

  /* The controls of a replay (previous and next card and trick, the position, a polite status),
     put in place. */
  function controlsOf(replay) {
    var controls = document.createElement("div");
    controls.className = "replay-controls";
    var previousTrick = button("replay-previous-trick", "Previous trick", "Previous trick");
    var previous = button("replay-previous", "Previous", "Previous card");
    var next = button("replay-next", "Next", "Next card");
    var nextTrick = button("replay-next-trick", "Next trick", "Next trick");
    var position = document.createElement("p");
    position.className = "replay-position";
    position.setAttribute("aria-hidden", "true");
    var status = document.createElement("p");
    status.className = "replay-status visually-hidden";
    status.setAttribute("aria-live", "polite");
    status.setAttribute("aria-atomic", "true");
    [previousTrick, previous, next, nextTrick, position].forEach(function (child) {
      controls.appendChild(child);
    });
    replay.insertBefore(controls, replay.firstChild);
    replay.appendChild(status);
    replay.classList.add("replay-active");
    replay.setAttribute("tabindex", "0");
    replay.setAttribute("role", "region");
    replay.setAttribute("aria-label", "Replay of the hand, one card at a time");

    return { previousTrick: previousTrick, previous: previous, next: next, nextTrick: nextTrick, position: position, status: status };
  }

  /* Moving by trick over steps whose tricks are `tricks`. */
  function trickSteps(tricks) {
    /* The first and the last step of the trick of step i. */
    function firstOfTrick(i) {
      while (i > 0 && tricks[i - 1] === tricks[i]) {
        i -= 1;
      }
      return i;
    }
    function lastOfTrick(i) {
      while (i < tricks.length - 1 && tricks[i + 1] === tricks[i]) {
        i += 1;
      }
      return i;
    }
    /* By trick: on to the card that closes the next trick (or this one, when it is not shown yet);
       back to the card that closed the trick before this one. */
    function trickAfter(i) {
      var end = lastOfTrick(i);
      return end > i ? end : lastOfTrick(Math.min(tricks.length - 1, i + 1));
    }
    function trickBefore(i) {
      var start = firstOfTrick(i);
      return start > 0 ? start - 1 : 0;
    }

    return { after: trickAfter, before: trickBefore };
  }

  /* The step an address's #step-N names (from 0), or null. */
  function stepInHash(count) {
    var match = /^#step-(\d+)$/.exec(window.location.hash);
    if (!match) {
      return null;
    }
    var index = parseInt(match[1], 10) - 1;
    return index >= 0 && index < count ? index : null;
  }

  /* The keys of a replay: the arrows by card, Page Up and Down by trick, Home and End. */
  function listenToKeys(replay, moves) {
    var keys = {
      ArrowLeft: moves.previousCard,
      ArrowRight: moves.nextCard,
      PageUp: moves.previousTrick,
      PageDown: moves.nextTrick,
      Home: moves.first,
      End: moves.last
    };
    replay.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
        return;
      }
      var target = event.target;
      if (target && target !== replay && target.tagName === "A") {
        return; /* a link of a step keeps its own keys */
      }
      var move = keys[event.key];
      if (move) {
        move();
        event.preventDefault();
      }
    });
  }

  function setUp(replay) {
    var steps = Array.prototype.slice.call(replay.querySelectorAll(".replay-step"));
    if (!steps.length || replay.dataset.replayReady) {
      return;
    }
    replay.dataset.replayReady = "true";
    var current = 0;
    var tricks = steps.map(function (step) {
      return step.dataset.trick;
    });

    var made = controlsOf(replay);
    var previousTrick = made.previousTrick, previous = made.previous, next = made.next, nextTrick = made.nextTrick;
    var position = made.position, status = made.status;
    var by = trickSteps(tricks);
    var trickAfter = by.after, trickBefore = by.before;

    function fromHash() {
      return stepInHash(steps.length);
    }

    function able(b, on) {
      b.setAttribute("aria-disabled", on ? "false" : "true");
    }

    function show(index, moved) {
      current = Math.max(0, Math.min(steps.length - 1, index));
      steps.forEach(function (step, i) {
        step.hidden = i !== current;
        step.classList.toggle("replay-current", i === current);
      });
      able(previous, current > 0);
      able(previousTrick, current > 0);
      able(next, current < steps.length - 1);
      able(nextTrick, current < steps.length - 1);
      var where = "Card " + (current + 1) + " of " + steps.length + ", trick " + tricks[current];
      position.textContent = where;
      if (moved) {
        status.textContent = where + ". " + spoken(steps[current]);
        var hash = "#" + steps[current].id;
        if (window.location.hash !== hash) {
          window.history.replaceState(null, "", hash);
        }
      }
    }

    function go(to) {
      return function () {
        var index = Math.max(0, Math.min(steps.length - 1, to(current)));
        if (index !== current) {
          show(index, true);
        }
      };
    }
    var moves = {
      previousCard: go(function (i) { return i - 1; }),
      nextCard: go(function (i) { return i + 1; }),
      previousTrick: go(trickBefore),
      nextTrick: go(trickAfter),
      first: go(function () { return 0; }),
      last: go(function () { return steps.length - 1; })
    };
    previous.addEventListener("click", moves.previousCard);
    next.addEventListener("click", moves.nextCard);
    previousTrick.addEventListener("click", moves.previousTrick);
    nextTrick.addEventListener("click", moves.nextTrick);
    listenToKeys(replay, moves);
    window.addEventListener("hashchange", function () {
      var index = fromHash();
      if (index !== null) {
        show(index, false);
      }
    });
    var start = fromHash();
    show(start === null ? 0 : start, false);
  }

  function init() {
    Array.prototype.forEach.call(document.querySelectorAll(".replay"), setUp);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
