/* The engine in a Web Worker: Pyodide, the project's wheel and PyYAML's pure-Python package, all
 * from the site itself (try/manifest.json names them), then the package's own functions for the
 * page: reversis.web.play_json and reversis.web_doctest.run_doctest_json. The page never waits on
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

// Each file of the manifest is fetched once, its bytes counted as they arrive.
const plainFetch = self.fetch.bind(self);
function counted(response) {
  if (!response.body) {
    return response;
  }
  const reader = response.body.getReader();
  const stream = new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      loaded += value.byteLength;
      self.postMessage({ progress: { loaded, total: manifest.total } });
      controller.enqueue(value);
    },
  });
  return new Response(stream, { status: response.status, statusText: response.statusText, headers: response.headers });
}
self.fetch = async (resource, init) => counted(await plainFetch(resource, init));

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
  manifest = await answer.json();
  if (!manifest.engine) {
    throw new Error("The engine is not part of this copy of the site.");
  }
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href, packages: [] });
  phases.python = seconds();
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  const [wheel, yaml] = await Promise.all([bytes(manifest.wheel), bytes(manifest.yaml)]);
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  pyodide.unpackArchive(yaml, "zip", { extractDir: sitePackages });
  phases.installed = seconds();
  pyodide.runPython("import reversis.web, reversis.web_doctest");
  phases.imported = seconds();
  const play = pyodide.globals.get("reversis").web.play_json;
  const doctest = pyodide.globals.get("reversis").web_doctest.run_doctest_json;
  return { play, doctest };
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
    const out = op === "doctest" ? functions.doctest(text) : functions.play(text, JSON.stringify(options || {}));
    self.postMessage({ id, answer: JSON.parse(out), seconds: (performance.now() - t0) / 1000 });
  } catch (error) {
    // a Python error the package does not turn into a line of its own: its last line
    const lines = String(error.message || error).trim().split("\n");
    self.postMessage({ id, error: lines[lines.length - 1] });
  }
};
