/* "Try it": the engine in the page, drawn as a button until the reader asks for it.
 *
 * On a worked example and on "Check your own reading", a placeholder (<div class="try-it"
 * data-try="example|check" ...>) becomes a button; under each doctest of a topic or source page
 * (<pre class="doctest">) a button runs it. Pressing one loads try/ui.js, which loads the engine
 * (Pyodide, in a Web Worker) from the site itself: before that, nothing is fetched. A link whose
 * address ends "#try=..." (a shared scenario) shows that scenario in its editor, unplayed.
 * Read from disk (file://), a browser will not run the engine: the button is disabled and says so.
 * No inline script or style: a strict Content-Security-Policy allows it (see site_engine/README.md).
 */
(function () {
  "use strict";

  var script = /** @type {HTMLScriptElement|null} */ (document.currentScript);
  var root = new URL("../", script ? script.src : window.location.href).href;
  var offline = window.location.protocol === "file:";
  var loading = null;
  var attempts = 0;
  var WAIT = 15; // seconds the code of "Try it" may take to arrive

  // try/ui.js, loaded once; a load that fails or does not end within WAIT seconds is forgotten, so
  // that pressing again loads it afresh (a new address: the browser keeps a failed module's)
  function ui() {
    if (!loading) {
      attempts += 1;
      var address = root + "try/ui.js" + (attempts > 1 ? "?attempt=" + attempts : "");
      var late = new Promise(function (resolve, reject) {
        setTimeout(function () {
          reject(new Error("it did not come within " + WAIT + " seconds"));
        }, WAIT * 1000);
      });
      loading = Promise.race([import(address), late]).then(function (module) {
        return module.start(root);
      });
      loading.catch(function () {
        loading = null;
      });
    }
    return loading;
  }

  // the one sentence of a failure to load the code of "Try it", and the button that tries again
  function failed(place, start, error) {
    var why = place.querySelector(".try-load-failed") || note("");
    why.className = "try-note try-load-failed";
    why.setAttribute("role", "alert");
    why.textContent =
      "Try it could not be loaded: its code did not download (" + (error && error.message ? error.message : "a network error") + "). Check the connection, then press “Try again”.";
    place.appendChild(why);
    start.textContent = "Try again";
    start.disabled = false;
  }

  function button(text, className) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "md-button try-start " + className;
    b.textContent = text;
    return b;
  }

  function note(text) {
    var p = document.createElement("p");
    p.className = "try-note";
    p.textContent = text;
    return p;
  }

  function placeholder(place) {
    var label = place.dataset.try === "check" ? "Write and play a hand in the page" : "Try another reading in the page";
    var start = button(label, "md-button--primary");
    place.textContent = "";
    place.appendChild(start);
    if (offline) {
      start.disabled = true;
      start.setAttribute("aria-describedby", place.id + "-offline");
      var why = note(
        "The engine runs in the page only on the served site (a browser will not load it from a file): open this page there to try it."
      );
      why.id = place.id + "-offline";
      place.appendChild(why);
      return;
    }
    start.addEventListener("click", function () {
      start.disabled = true;
      ui().then(
        function (app) {
          app.mount(place, { load: true });
        },
        function (error) {
          failed(place, start, error);
        },
      );
    });
  }

  function doctest(pre, n) {
    if (offline) {
      return;
    }
    var run = button("Run and edit this example", "try-doctest-start");
    run.setAttribute("aria-label", "Run and edit this example in the page (doctest " + n + ")");
    pre.insertAdjacentElement("afterend", run);
    run.addEventListener("click", function () {
      run.disabled = true;
      ui().then(
        function (app) {
          app.mountDoctest(pre, run);
        },
        function () {
          run.textContent = "Try it could not be loaded: press again to retry";
          run.disabled = false;
        },
      );
    });
  }

  var places = document.querySelectorAll(".try-it[data-try]");
  Array.prototype.forEach.call(places, function (place, i) {
    place.id = place.id || "try-" + (i + 1);
    placeholder(place);
  });
  Array.prototype.forEach.call(document.querySelectorAll("pre.doctest"), function (pre, i) {
    doctest(pre, i + 1);
  });
  // A shared scenario: its editor is shown at once, the engine loads when the reader plays it.
  if (!offline && places.length && /^#try=/.test(window.location.hash)) {
    ui().then(function (app) {
      app.shared(places, window.location.hash.slice("#try=".length));
    });
  }
})();
