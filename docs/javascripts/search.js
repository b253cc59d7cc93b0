/* The site's search, as the theme's: Material for MkDocs and its Lunr.js worker, given the index
 * when a reader first searches, and each query folded as the index is (scripts/reversis_site/search.py).
 *
 * The theme sets its search up on every page: it fetches search/search_index.json (which here holds
 * the configuration only) and hands it to a Web Worker. This script stands between the theme and
 * the worker (window.Worker, as the theme's own iframe-worker shim does for pages read from disk):
 * it tells the theme the search is ready at once, and starts the worker, with the documents
 * (search/documents.json, or search/documents.js read from disk), only when the search box takes
 * the focus or a first query comes. Each query goes to the worker lower-cased, without accents and
 * ligatures ("Quínola" and "quinola", "levée" and "levee", "cœur" and "coeur" are one query), and
 * the period's spellings in the modern one ("jettons" and "jetons"), as the fields fold_title,
 * fold_text and about of every document hold its words. In each result, every word whose folded,
 * modern form begins with a word of the query is marked, as the theme marks what it finds in the
 * words as printed ("ecarte" marks "écarté", "jeton" marks "jettons").
 *
 * On a served page the worker is docs/javascripts/search-worker.js, which runs the theme's worker and
 * keeps the index it built for the other pages of the visit (see there): the documents are fetched,
 * and the index built, once. Read from disk, the theme's worker is started as it is, with the
 * documents.
 *
 * Loaded before the theme's bundle (overrides/main.html). No inline script, no eval: the site's
 * Content-Security-Policy allows scripts from the site only.
 */
(function () {
  "use strict";

  var Native = window.Worker;
  if (typeof Native !== "function" || typeof EventTarget !== "function") {
    return;
  }
  /* The theme's messages (SearchMessageType of Material for MkDocs 9). */
  var SETUP = 0;
  var READY = 1;
  var QUERY = 2;
  var RESULT = 3;
  var LIGATURES = { "œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE" };

  /* As site_search.fold: ligatures spelt out, Unicode's compatibility decomposition without its
     combining diacritical marks, lower case. */
  function fold(text) {
    return text
      .replace(/[œŒæÆ]/g, function (c) {
        return LIGATURES[c];
      })
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase();
  }

  /* A folded word in its modern spelling: `spellings` (the index's configuration, from
     search.OLD_SPELLINGS) maps an old beginning to the modern one ("jett" to "jet"). */
  function modern(word, spellings) {
    for (var old in spellings) {
      if (word.indexOf(old) === 0) {
        return spellings[old] + word.slice(old.length);
      }
    }
    return word;
  }

  var WORD = /[\p{L}\p{M}\p{N}]+/gu;

  function modernQuery(query, spellings) {
    return query.replace(WORD, function (word) {
      return modern(word, spellings);
    });
  }

  /* The words of a result's HTML (title or text) whose folded, modern form begins with one of the
     query's words, marked as the theme marks what it found (<mark>); words the theme marked already,
     tags and character references are left as they are. */
  function marked(html, words, spellings) {
    var inside = 0;
    return html
      .split(/(<[^>]*>|&#?\w+;)/)
      .map(function (part) {
        if (part.charAt(0) === "<") {
          if (/^<mark\b/i.test(part)) {
            inside += 1;
          } else if (/^<\/mark>/i.test(part)) {
            inside = Math.max(0, inside - 1);
          }
          return part;
        }
        if (inside > 0 || part.charAt(0) === "&") {
          return part;
        }
        return part.replace(WORD, function (word) {
          var form = modern(fold(word), spellings);
          var found = words.some(function (w) {
            return form.indexOf(w) === 0;
          });
          return found ? "<mark>" + word + "</mark>" : word;
        });
      })
      .join("");
  }

  /* The theme's result (groups of documents) with the query's words marked in every form. */
  function markResult(result, query, spellings) {
    var words = query.match(WORD) || [];
    if (!words.length || !result || !result.items) {
      return result;
    }
    result.items.forEach(function (group) {
      group.forEach(function (doc) {
        if (typeof doc.title === "string") {
          doc.title = marked(doc.title, words, spellings);
        }
        if (typeof doc.text === "string") {
          doc.text = marked(doc.text, words, spellings);
        }
      });
    });
    return result;
  }

  function siteRoot() {
    var config = JSON.parse(/** @type {HTMLElement} */ (document.getElementById("__config")).textContent || "{}");
    return new URL(config.base, window.location.href);
  }

  /* The documents read from disk (the copy of `make offline`): a script, as file:// allows no fetch. */
  function readDocuments() {
    return new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = new URL("search/documents.js", siteRoot()).href;
      script.addEventListener("load", function () {
        resolve(window.__search_documents);
      });
      script.addEventListener("error", function () {
        reject(new Error("the search documents could not be read: " + script.src));
      });
      document.head.appendChild(script);
    });
  }

  /* The worker, and how it is given its documents: on a served page, search-worker.js, which fetches
     them (or reads the index it kept); from disk, the theme's worker, given the documents. */
  function startWorker(url, options, setup, failed) {
    var root = siteRoot();
    if (window.location.protocol === "file:") {
      var theme = new Native(url, options);
      readDocuments().then(function (index) {
        theme.postMessage({ type: SETUP, data: { config: index.config, docs: index.docs, options: setup.options } });
      }, failed);
      return theme;
    }
    var address = new URL("javascripts/search-worker.js", root);
    address.searchParams.set("theme", new URL(url, window.location.href).href);
    var worker = new Native(address.href, options);
    worker.postMessage({
      type: "reversis:setup",
      documents: new URL("search/documents.json", root).href,
      version: setup.config.version || "",
      options: setup.options
    });
    return worker;
  }

  /* The search's own worker, started once the theme has set the search up: its answers delivered,
     the query that waited for the index sent once it is built. */
  /**
   * @typedef {{worker: Worker|null, setup: any, ready: boolean, waiting: any, asked: string}} SearchState
   * @param {string|URL} url
   * @param {WorkerOptions|undefined} options
   * @param {SearchState} state
   * @param {(data: any) => void} deliver
   */
  function startSearch(url, options, state, deliver) {
    if (state.worker !== null || state.setup === null) {
      return;
    }
    function failed(error) {
      console.error(error.message);
      deliver({ type: RESULT, data: { items: [] } });
    }
    var worker = startWorker(url, options, state.setup, failed);
    state.worker = worker;
    worker.addEventListener("message", function (event) {
      if (event.data && event.data.type === READY) {
        if (event.data.failed) {
          deliver({ type: RESULT, data: { items: [] } }); /* the worker said why, in the console */
          return;
        }
        state.ready = true; /* the theme was told so when it set the search up */
        if (state.waiting !== null) {
          worker.postMessage(state.waiting);
          state.waiting = null;
        }
        return;
      }
      if (event.data && event.data.type === RESULT) {
        markResult(event.data.data, state.asked, (state.setup && state.setup.config && state.setup.config.spellings) || {});
      }
      deliver(event.data);
    });
  }

  /**
   * A stand-in for the browser's Worker: the theme's search worker, or the browser's own for any other.
   * @param {string|URL} url
   * @param {WorkerOptions} [options]
   */
  function SearchWorker(url, options) {
    if (String(url).indexOf("workers/search") === -1) {
      return new Native(url, options); /* any other worker (the engine of "Try it") is the browser's own */
    }
    /** @type {EventTarget & {postMessage?: (message: any) => void, terminate?: () => void}} */
    var self = new EventTarget();
    /* the worker once started, the theme's setup, whether the index is built, the query waiting for it,
       and the last query, folded and modernised (its words are marked in the results) */
    /** @type {SearchState} */
    var state = { worker: null, setup: null, ready: false, waiting: null, asked: "" };

    function deliver(data) {
      self.dispatchEvent(new MessageEvent("message", { data: data }));
    }

    function start() {
      startSearch(url, options, state, deliver);
    }

    function spellings() {
      return (state.setup && state.setup.config && state.setup.config.spellings) || {};
    }

    function started(event) {
      var target = event.target;
      if (target && target.matches && target.matches("input.md-search__input")) {
        start();
      }
    }
    document.addEventListener("focusin", started);

    self.postMessage = function (message) {
      if (message && message.type === SETUP) {
        state.setup = message.data;
        window.setTimeout(function () {
          deliver({ type: READY });
        }, 0);
        var active = document.activeElement;
        if (active && active.matches && active.matches("input.md-search__input")) {
          start();
        }
        return;
      }
      if (message && message.type === QUERY) {
        var query = modernQuery(fold(String(message.data)), spellings());
        if (state.worker === null && !query.trim()) {
          deliver({ type: RESULT, data: { items: [] } }); /* nothing asked yet: nothing loaded */
          return;
        }
        start();
        state.asked = query;
        message = { type: QUERY, data: query };
        if (state.ready && state.worker !== null) {
          state.worker.postMessage(message);
        } else {
          state.waiting = message; /* only the last query is answered once the index is built */
        }
        return;
      }
      if (state.worker !== null) {
        state.worker.postMessage(message);
      }
    };
    self.terminate = function () {
      document.removeEventListener("focusin", started);
      if (state.worker !== null) {
        state.worker.terminate();
      }
    };
    return self;
  }

  window.Worker = /** @type {typeof Worker} */ (/** @type {unknown} */ (SearchWorker)); /* called with new, as the theme calls Worker */
})();
