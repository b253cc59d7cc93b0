/* The search's Web Worker: the theme's own (Material for MkDocs 9 and its Lunr.js index), given its
 * documents once per visit. docs/javascripts/search.js starts it in place of the theme's worker, with
 * the theme's worker's address (?theme=…), and asks it to set up with a first message
 * {type: "reversis:setup", documents, version, options}.
 *
 * Building the index from the 3 MB of documents takes one to several seconds, on every page where
 * the reader searches. So the first build is kept in the browser (IndexedDB, under the documents'
 * version, which scripts/reversis_site/search.py writes into search/search_index.json): the documents,
 * the Lunr.js index as Lunr serialises it, and the theme's table of the positions of the words in
 * each document's fields (what it highlights the results from). On another page the worker reads
 * them back and hands the theme the same index, without fetching the documents again or building
 * anything. A version that differs (the site was rebuilt), or a browser that keeps nothing
 * (IndexedDB refused), and the worker fetches the documents and builds the index as before.
 *
 * How it is done without changing the theme: the theme's worker, imported here, builds its index
 * with lunr(…) and records the positions through lunr.tokenizer.table; this worker wraps
 * lunr.Builder's field, add and build, and that property, for the one setup it does.
 */
(function () {
  "use strict";

  var SETUP = 0; /* the theme's message types (SearchMessageType) */
  var READY = 1;
  var RESULT = 3;
  var STORE = "indexes";
  var KEY = "site";

  var named = new URL(self.location.href).searchParams.get("theme");
  if (!named) {
    throw new Error("search-worker.js: no theme worker to run (search.js starts this worker with ?theme=ADDRESS)");
  }
  var theme = new URL(named, self.location.href).href;

  /* The theme's worker loads Lunr's languages relative to its own address, not this one's. */
  var nativeImport = self.importScripts;
  self.importScripts = function () {
    var urls = /** @type {string[]} */ (Array.prototype.map.call(arguments, function (url) {
      return new URL(url, theme).href;
    }));
    return nativeImport.apply(self, urls);
  };

  function database() {
    return new Promise(function (resolve, reject) {
      var request = indexedDB.open("reversis-search", 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(STORE);
      };
      request.onsuccess = function () {
        resolve(request.result);
      };
      request.onerror = function () {
        reject(request.error);
      };
    });
  }

  function kept(version) {
    return database()
      .then(function (db) {
        return new Promise(function (resolve, reject) {
          var request = db.transaction(STORE, "readonly").objectStore(STORE).get(KEY);
          request.onsuccess = function () {
            var found = request.result;
            resolve(found && found.version === version ? found : null);
          };
          request.onerror = function () {
            reject(request.error);
          };
        });
      })
      .catch(function () {
        return null; /* nothing kept, or nothing can be: build as the theme does */
      });
  }

  function keep(record) {
    database()
      .then(function (db) {
        db.transaction(STORE, "readwrite").objectStore(STORE).put(record, KEY);
      })
      .catch(function () {
        /* not kept: the next page builds the index again */
      });
  }

  function fetched(url) {
    return fetch(url).then(function (response) {
      if (!response.ok) {
        throw new Error("the search documents could not be loaded: HTTP " + response.status);
      }
      return response.text();
    });
  }

  /* (Kept as JSON strings: the browser stores and reads one string much faster than the many small
     arrays of the positions' table.) */

  /* Lunr.js's builder, for one setup: with `saved`, the index, the positions and nothing built;
     without, the index built as the theme builds it, and what it built handed to `built`. */
  function wrapLunr(saved, built) {
    var lunr = self.lunr;
    var Builder = lunr.Builder.prototype;
    var original = { field: Builder.field, add: Builder.add, build: Builder.build };
    var tables = saved ? JSON.parse(saved.tables) : {};
    var current = null;
    var table = lunr.tokenizer.table;
    Object.defineProperty(lunr.tokenizer, "table", {
      configurable: true,
      get: function () {
        return table;
      },
      set: function (value) {
        /* the theme's extractor starts each field of each document with an empty table */
        table = value;
        if (saved) {
          Array.prototype.push.apply(value, tables[current] || []);
        } else {
          tables[current] = value;
        }
      }
    });
    Builder.field = function (name, attributes) {
      var extract = attributes.extractor;
      attributes.extractor = function (doc) {
        current = doc.location + ":" + name;
        return extract(doc);
      };
      return original.field.call(this, name, attributes);
    };
    if (saved) {
      Builder.add = function (doc) {
        for (var name in this._fields) {
          this._fields[name].extractor(doc); /* each field's table, from the saved one */
        }
      };
    }
    Builder.build = function () {
      var index = saved ? lunr.Index.load(JSON.parse(saved.index)) : original.build.call(this);
      Builder.field = original.field;
      Builder.add = original.add;
      Builder.build = original.build;
      delete lunr.tokenizer.table;
      lunr.tokenizer.table = table;
      if (!saved) {
        built(index, tables);
      }
      return index;
    };
  }

  /* The index just built is kept once the theme has given its first answer (serialising it takes a
     moment, which the reader's first search does not wait for). */
  var keeping = null;
  var post = self.postMessage.bind(self);
  self.postMessage = function (message) {
    post(message);
    if (keeping !== null && message && message.type === RESULT) {
      setTimeout(keeping, 0);
      keeping = null;
    }
  };

  function setup(message) {
    kept(message.version).then(function (saved) {
      var documents = saved ? Promise.resolve(saved.documents) : fetched(message.documents);
      documents.then(
        function (text) {
          var index = JSON.parse(text);
          wrapLunr(saved, function (built, tables) {
            keeping = function () {
              keep({ version: message.version, documents: text, index: JSON.stringify(built), tables: JSON.stringify(tables) });
            };
          });
          var data = { config: index.config, docs: index.docs, options: message.options };
          self.dispatchEvent(new MessageEvent("message", { data: { type: SETUP, data: data } }));
        },
        function (error) {
          console.error(error.message);
          self.postMessage({ type: READY, failed: true });
        }
      );
    });
  }

  self.addEventListener("message", function (/** @type {MessageEvent} */ event) {
    if (event.data && event.data.type === "reversis:setup") {
      event.stopImmediatePropagation();
      setup(event.data);
    }
  });

  self.importScripts(theme); /* the theme's worker: Lunr.js, and its own listener of messages */
})();
