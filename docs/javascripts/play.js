/* "Play a hand": on the pages that have the table (<div class="play-hand">, play/<ruleset>/), load
 * play-ui.js, which deals when the reader presses "Deal"; on every other page, nothing. No inline
 * script or style (see site_engine/README.md).
 */
(function () {
  "use strict";
  var place = document.querySelector(".play-hand[data-ruleset]");
  var script = document.currentScript;
  if (!place || !script) {
    return;
  }
  var here = new URL("./", script.src);
  import(new URL("play-ui.js", here).href).then(
    function (module) {
      module.start(place, new URL("../", here).href);
    },
    function () {
      var status = document.getElementById("play-status");
      if (status) {
        status.textContent = "The table could not be loaded in this browser; the worked examples show hands played card by card.";
      }
    },
  );
})();
