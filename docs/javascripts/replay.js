/* The step-through replay of the worked examples (docs/examples/).
 *
 * The page lists every card played as a step (<li class="replay-step" id="step-N">), so that the
 * whole hand reads without scripts. With this script, one step shows at a time: "Previous" and
 * "Next" buttons, the left and right arrow keys, and the address (#step-N) move through them.
 * Plain JavaScript, no library, no request; no inline handler (a strict Content-Security-Policy
 * allows it). Material for MkDocs loads pages without a reload (instant navigation is off
 * here), so the script runs once per page.
 */
(function () {
  "use strict";

  function setUp(replay) {
    var steps = Array.prototype.slice.call(replay.querySelectorAll(".replay-step"));
    if (!steps.length || replay.dataset.replayReady) {
      return;
    }
    replay.dataset.replayReady = "true";
    var current = 0;

    var controls = document.createElement("div");
    controls.className = "replay-controls";
    var previous = document.createElement("button");
    previous.type = "button";
    previous.className = "replay-button replay-previous";
    previous.textContent = "Previous";
    previous.setAttribute("aria-label", "Previous card");
    var next = document.createElement("button");
    next.type = "button";
    next.className = "replay-button replay-next";
    next.textContent = "Next";
    next.setAttribute("aria-label", "Next card");
    var status = document.createElement("p");
    status.className = "replay-status";
    status.setAttribute("aria-live", "polite");
    controls.appendChild(previous);
    controls.appendChild(next);
    controls.appendChild(status);
    replay.insertBefore(controls, replay.firstChild);
    replay.classList.add("replay-active");
    replay.setAttribute("tabindex", "0");
    replay.setAttribute("role", "region");
    replay.setAttribute("aria-label", "Replay of the hand, one card at a time");

    function fromHash() {
      var match = /^#step-(\d+)$/.exec(window.location.hash);
      if (!match) {
        return null;
      }
      var index = parseInt(match[1], 10) - 1;
      return index >= 0 && index < steps.length ? index : null;
    }

    function show(index, updateAddress) {
      current = Math.max(0, Math.min(steps.length - 1, index));
      steps.forEach(function (step, i) {
        step.hidden = i !== current;
        step.classList.toggle("replay-current", i === current);
      });
      previous.disabled = current === 0;
      next.disabled = current === steps.length - 1;
      status.textContent = "Card " + (current + 1) + " of " + steps.length;
      if (updateAddress) {
        var hash = "#" + steps[current].id;
        if (window.location.hash !== hash) {
          window.history.replaceState(null, "", hash);
        }
      }
    }

    previous.addEventListener("click", function () {
      show(current - 1, true);
    });
    next.addEventListener("click", function () {
      show(current + 1, true);
    });
    document.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
        return;
      }
      var target = event.target;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) {
        return;
      }
      if (event.key === "ArrowRight") {
        show(current + 1, true);
        event.preventDefault();
      } else if (event.key === "ArrowLeft") {
        show(current - 1, true);
        event.preventDefault();
      }
    });
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
