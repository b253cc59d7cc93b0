/* "Play a hand": on the pages that have the table (<div class="play-hand">, play/<ruleset>/), load
 * play-ui.js, which deals when the reader presses "Deal"; on every other page, nothing. Read from
 * disk (file://), where a browser runs no Web Worker of the site, the page says so and offers the
 * worked examples. No inline script or style (see site_engine/README.md).
 */
(function () {
  "use strict";
  var place = document.querySelector(".play-hand[data-ruleset]");
  var script = /** @type {HTMLScriptElement|null} */ (document.currentScript);
  const status = document.getElementById("play-status");
  const deal = /** @type {HTMLButtonElement|null} */ (document.getElementById("play-deal"));
  const form = /** @type {HTMLFormElement|null} */ (document.getElementById("play-setup"));
  if (!place || !script || !status || !deal || !form) {
    return;
  }
  var here = new URL("./", script.src);

  const unavailable = function (/** @type {string} */ why, /** @type {string} */ examples) {
    var link = document.createElement("a");
    link.href = examples;
    link.textContent = "the worked examples";
    status.textContent = why + "; ";
    status.appendChild(link);
    status.appendChild(document.createTextNode(" show hands of every ruleset played card by card."));
    deal.disabled = true;
  };

  if (window.location.protocol === "file:") {
    unavailable("The engine runs only on the served site, not in a copy read from disk", new URL("../examples/index.html", here).href);
    return;
  }
  // "Deal" pressed before the table's code has come: the press is kept (the form is not sent as a
  // page request) and answered once it has come
  var pressed = false;
  const early = function (/** @type {Event} */ event) {
    event.preventDefault();
    pressed = true;
    status.textContent = "Loading the table…";
  };
  form.addEventListener("submit", early);
  import(new URL("play-ui.js", here).href).then(
    function (module) {
      module.start(place, new URL("../", here).href);
      form.removeEventListener("submit", early);
      if (pressed) {
        form.requestSubmit();
      }
    },
    function () {
      unavailable("The table could not be loaded in this browser", new URL("../examples/", here).href);
    },
  );
})();
