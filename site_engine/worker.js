/* The engine in a Web Worker: Pyodide, the project's wheel and PyYAML's pure-Python package, all
 * from the site itself (try/manifest.json names them), then the package's own functions for the
 * page: reversis.apps.web.play_json and reversis.apps.web_doctest.run_doctest_json. The page never waits on
 * it: each request is a message, each answer a message with the same id; progress while loading
 * is a message too. A request that runs too long is stopped by the page, which terminates this
 * worker (ui.js).
 *
 * A file that does not download is said at once, one that stalls (no byte for STALL seconds) then:
 * a message {failed: what went wrong, in a few words}, after which the page ends this worker and
 * offers to start another.
 */
import { loadPyodide } from "./pyodide/pyodide.mjs";

const STALL = 10; // seconds without a byte of a file before its download is given up
const base = new URL("./", import.meta.url);
let manifest = null;
let loaded = 0;
let started = 0;
let failed = false;
// when each phase of loading ended, in seconds from the start (the page reports them)
const phases = {};
const seconds = () => Number(((performance.now() - started) / 1000).toFixed(3));

function fail(message) {
  if (!failed) {
    failed = true;
    self.postMessage({ failed: message });
  }
}

// Each file is fetched once, its bytes counted as they arrive from a copy of the response: the
// response itself goes to Pyodide untouched, so that the browser may keep the compiled WebAssembly
// with its address for the next visit. A file whose bytes stop coming for STALL seconds fails.
const plainFetch = self.fetch.bind(self);
// A file refused while loading is said at once: Pyodide does not always pass the error on (a refused
// pyodide.asm.wasm was only logged, "wasm instantiation failed!", and the loading never ended).
let ready = false;
function refused(message) {
  if (!ready) fail(message);
  return new Error(message);
}
async function count(body, alive) {
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      return;
    }
    alive();
    loaded += value.byteLength;
    self.postMessage({ progress: { loaded, total: manifest.total } });
  }
}
self.fetch = async (/** @type {any} */ resource, /** @type {RequestInit|undefined} */ init) => {
  const name = String(resource && resource.url ? resource.url : resource).replace(base.href, "");
  /** @type {any} (clearTimeout takes null) */
  let timer = null;
  const alive = () => {
    clearTimeout(timer);
    timer = setTimeout(() => fail(`the file ${name} stopped arriving (nothing for ${STALL} seconds)`), STALL * 1000);
  };
  alive();
  let response;
  try {
    response = await plainFetch(resource, init);
  } catch (/** @type {any} */ error) {
    clearTimeout(timer);
    throw refused(`the file ${name} did not download (${error.message || error})`);
  }
  if (!response.ok) {
    clearTimeout(timer);
    throw refused(`the file ${name} did not download (HTTP ${response.status})`);
  }
  if (response.body && manifest) {
    count(response.clone().body, alive)
      .catch(() => {})
      .finally(() => clearTimeout(timer));
  } else {
    clearTimeout(timer);
  }
  return response;
};

async function bytes(name) {
  const response = await fetch(new URL(name, base));
  return new Uint8Array(await response.arrayBuffer());
}

// one step of the loading: its failure says which step, in words
async function step(what, work) {
  try {
    return await work();
  } catch (/** @type {any} */ error) {
    const lines = String(error.message || error).trim().split("\n");
    throw new Error(`${what} failed: ${lines[lines.length - 1]}`);
  }
}

// What the page will ask first, if it says so before the engine is imported ({warm: "table"}).
let warm = "";

async function start() {
  started = performance.now();
  // Pyodide asks for its WebAssembly only once its 1.2 MB of JavaScript is read: asked now, it is
  // on its way meanwhile (Pyodide's own request then waits for it in the browser's cache)
  plainFetch(new URL("pyodide/pyodide.asm.wasm", base)).then((r) => r.arrayBuffer(), () => null).catch(() => null);
  manifest = await step("reading the list of the engine's files", async () => {
    const answer = await fetch(new URL("manifest.json", base));
    return answer.json();
  });
  if (!manifest.engine) {
    throw new Error("the engine is not part of this copy of the site");
  }
  // the engine's files download while Python starts: a file that fails is said at once
  const files = step("downloading the engine and its YAML library", () =>
    Promise.all([bytes(manifest.wheel), bytes(manifest.yaml), manifest.bytecode ? bytes(manifest.bytecode) : null]),
  );
  const python = step("starting Python in the page", async () => {
    const loaded = await loadPyodide({ indexURL: new URL("pyodide/", base).href, packages: [] });
    phases.python = seconds();
    return loaded;
  });
  files.catch(() => {}); // (said by Promise.all below, whichever fails first)
  python.catch(() => {});
  const [pyodide, [wheel, yaml, compiled]] = await Promise.all([python, files]);
  await step("installing the engine", async () => {
    const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
    pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
    pyodide.unpackArchive(yaml, "zip", { extractDir: sitePackages });
    if (compiled) {
      // the engine's bytecode, compiled by this Pyodide when the site was built
      pyodide.unpackArchive(compiled, "zip", { extractDir: sitePackages });
    }
  });
  phases.installed = seconds();
  // the modules of what the page said it will ask (Play a hand: the table alone), the others when first asked
  const wanted = warm === "table" ? "reversis.apps.table" : "reversis.apps.web, reversis.apps.web_doctest";
  await step("importing the engine", async () => pyodide.runPython(`import yaml, ${wanted}`));
  phases.imported = seconds();
  const module = (/** @type {string} */ name) => {
    pyodide.runPython(`import reversis.apps.${name}`);
    return pyodide.globals.get("reversis").apps[name];
  };
  const play = (text, options) => module("web").play_json(text, options);
  const doctest = (text) => module("web_doctest").run_doctest_json(text);
  const table = (request) => module("table").table_json(request);
  return { play, doctest, table };
}

// whatever else goes wrong while loading, where Pyodide leaves it unhandled, is said too
self.addEventListener("unhandledrejection", (event) => {
  if (!ready) fail(`starting Python in the page failed: ${String(event.reason && event.reason.message ? event.reason.message : event.reason).split("\n")[0]}`);
});

self.postMessage({ started: true });
const engine = start();
engine.then(
  () => {
    ready = true;
    if (!failed) {
      self.postMessage({ ready: { seconds: seconds(), phases } });
    }
  },
  (error) => fail(String(error.message || error).split("\n")[0]),
);

self.onmessage = async (event) => {
  if (event.data && event.data.warm) {
    warm = String(event.data.warm);
    return;
  }
  const { id, op, text, options } = event.data;
  let functions;
  try {
    functions = await engine;
  } catch (/** @type {any} */ error) {
    self.postMessage({ id, error: String(error.message || error).split("\n")[0] });
    return;
  }
  const t0 = performance.now();
  try {
    const out =
      op === "table"
        ? functions.table(text)
        : op === "doctest"
          ? functions.doctest(text)
          : functions.play(text, JSON.stringify(options || {}));
    self.postMessage({ id, answer: JSON.parse(out), seconds: (performance.now() - t0) / 1000 });
  } catch (/** @type {any} */ error) {
    // a Python error the package does not turn into a line of its own: its last line
    const lines = String(error.message || error).trim().split("\n");
    self.postMessage({ id, error: lines[lines.length - 1] });
  }
};
