/* The engine in a Web Worker: Pyodide, the project's wheel and PyYAML's pure-Python package, all
 * from the site itself (try/manifest.json names them), then the package's own functions for the
 * page: reversis.apps.web.play_json and reversis.apps.web_doctest.run_doctest_json. The page never waits on
 * it: each request is a message, each answer a message with the same id; progress while loading
 * is a message too. A request that runs too long is stopped by the page, which terminates this
 * worker (ui.js).
 */
import { loadPyodide } from "./pyodide/pyodide.mjs";

const base = new URL("./", import.meta.url);
let manifest = null;
let loaded = 0;
let started = 0;
// when each phase of loading ended, in seconds from the start (the page reports them)
const phases = {};
const seconds = () => Number(((performance.now() - started) / 1000).toFixed(3));

// Each file is fetched once, its bytes counted as they arrive from a copy of the response: the
// response itself goes to Pyodide untouched, so that the browser may keep the compiled WebAssembly
// with its address for the next visit.
const plainFetch = self.fetch.bind(self);
async function count(body) {
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      return;
    }
    loaded += value.byteLength;
    self.postMessage({ progress: { loaded, total: manifest.total } });
  }
}
self.fetch = async (resource, init) => {
  const response = await plainFetch(resource, init);
  if (response.ok && response.body && manifest) {
    count(response.clone().body).catch(() => {});
  }
  return response;
};

async function bytes(name) {
  const response = await fetch(new URL(name, base));
  if (!response.ok) {
    throw new Error(`${name}: HTTP ${response.status}`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

async function start() {
  started = performance.now();
  const answer = await plainFetch(new URL("manifest.json", base));
  manifest = answer.ok ? await answer.json() : { engine: false };
  if (!manifest.engine) {
    throw new Error("The engine is not part of this copy of the site.");
  }
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href, packages: [] });
  phases.python = seconds();
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  const [wheel, yaml, compiled] = await Promise.all([
    bytes(manifest.wheel),
    bytes(manifest.yaml),
    manifest.bytecode ? bytes(manifest.bytecode) : null,
  ]);
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  pyodide.unpackArchive(yaml, "zip", { extractDir: sitePackages });
  if (compiled) {
    // the engine's bytecode, compiled by this Pyodide when the site was built
    pyodide.unpackArchive(compiled, "zip", { extractDir: sitePackages });
  }
  phases.installed = seconds();
  pyodide.runPython("import reversis.apps.web, reversis.apps.web_doctest");
  phases.imported = seconds();
  const play = pyodide.globals.get("reversis").apps.web.play_json;
  const doctest = pyodide.globals.get("reversis").apps.web_doctest.run_doctest_json;
  // "Play a hand": reversis.apps.table, imported when a page first asks for it
  const table = (request) => {
    pyodide.runPython("import reversis.apps.table");
    return pyodide.globals.get("reversis").apps.table.table_json(request);
  };
  return { play, doctest, table };
}

const engine = start();
engine.then(
  () => self.postMessage({ ready: { seconds: seconds(), phases } }),
  (error) => self.postMessage({ failed: String(error.message || error).split("\n")[0] }),
);

self.onmessage = async (event) => {
  const { id, op, text, options } = event.data;
  let functions;
  try {
    functions = await engine;
  } catch (error) {
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
  } catch (error) {
    // a Python error the package does not turn into a line of its own: its last line
    const lines = String(error.message || error).trim().split("\n");
    self.postMessage({ id, error: lines[lines.length - 1] });
  }
};
