/* The engine in a Web Worker: Pyodide, the project's wheel and PyYAML's pure-Python package, all
 * from the site itself (try/manifest.json names them; where the site has one, Pyodide's memory with
 * the engine imported is restored from a snapshot instead of Python being started: README.md), then
 * the package's own functions for the page: reversis.apps.web.play_json,
 * reversis.apps.web_doctest.run_doctest_json and reversis.apps.table.table_json. The page never waits on
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
// Pyodide's own JavaScript (1.2 MB), which it imports once it has read the list of files and which
// takes a while to compile: asked for as the worker starts (the same module as Pyodide's own import)
const script = import("./pyodide/pyodide.asm.mjs");
script.catch(() => {}); // (said when Pyodide imports it)
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

// The files of a zip archive (the wheel, PyYAML's, the bytecode), [name, bytes] each, inflated by
// the browser (DecompressionStream) while Python starts; Pyodide's own unpackArchive did it in Python
// once Python had started, 0.2 to 0.5 s an archive on a loaded machine. Only what such an archive
// holds is read: no zip64, no encryption, names within the folder it is unpacked into.
async function unzipped(archive) {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  let end = archive.byteLength - 22; // the end of the central directory, after any comment
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error("not a zip archive");
  const names = new TextDecoder();
  const files = [];
  for (let i = 0, at = view.getUint32(end + 16, true); i < view.getUint16(end + 10, true); i += 1) {
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const [nameLength, extra, comment] = [28, 30, 32].map((offset) => view.getUint16(at + offset, true));
    const local = view.getUint32(at + 42, true);
    const name = names.decode(archive.subarray(at + 46, at + 46 + nameLength));
    if (view.getUint32(at, true) !== 0x02014b50 || ![0, 8].includes(method) || /(^|\/)\.\.(\/|$)|^\//.test(name)) {
      throw new Error(`an archive's entry ${name || i} cannot be read`);
    }
    at += 46 + nameLength + extra + comment;
    if (name.endsWith("/")) continue;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = archive.subarray(start, start + size);
    const inflated = method === 0 ? data : new Response(new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).arrayBuffer();
    files.push(Promise.resolve(inflated).then((bytes) => [name, new Uint8Array(bytes)]));
  }
  return Promise.all(files);
}

// A file gzipped when the site was built (the snapshot, whatever the host's own compression),
// inflated into `into` as it arrives
async function gunzip(name, into) {
  const response = await fetch(new URL(name, base));
  if (!response.ok || !response.body) throw new Error(`the file ${name} did not download`);
  const reader = response.body.pipeThrough(new DecompressionStream("gzip")).getReader();
  for (let at = 0; ; ) {
    const { done, value } = await reader.read();
    if (done) {
      if (at !== into.byteLength) throw new Error(`the file ${name} is not whole`);
      return;
    }
    if (at + value.byteLength > into.byteLength) throw new Error(`the file ${name} is larger than the list says`);
    into.set(value, at);
    at += value.byteLength;
  }
}

// Pyodide's module, made while the snapshot comes (Pyodide would wait for the whole snapshot before
// it compiled its WebAssembly), with room for the snapshot's memory (Pyodide copies the snapshot into
// the memory the WebAssembly starts with, 30 MiB, which a larger one overflowed: "offset is out of
// bounds"). Pyodide restores `snapshot` once the module is made, and the module is made once
// `arrived` says the snapshot is whole.
function restoring(snapshot, arrived) {
  return async (settings) => {
    const [module] = await Promise.all([script.then((s) => s.default(settings)), arrived]);
    if (module.HEAP8.length < snapshot.byteLength) module.growMemory(snapshot.byteLength);
    return module;
  };
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
  // (the engine's bytecode, compiled by this Pyodide when the site was built, beside its package;
  // not with a snapshot, where the engine is imported already: a module imported later is compiled)
  const archives = [manifest.wheel, manifest.yaml, manifest.snapshot ? null : manifest.bytecode].filter(Boolean);
  const files = step("downloading the engine and its YAML library", () => Promise.all(archives.map(async (name) => unzipped(await bytes(name)))));
  // Pyodide's memory once Python had started and imported the engine, made when the site was built
  // (site_engine/compile.mjs): restored, it spares both; a site built without it starts Python here
  const settings = { indexURL: new URL("pyodide/", base).href, packages: [] };
  if (manifest.snapshot) {
    const snapshot = new Uint8Array(manifest.snapshot_size);
    const arrived = gunzip(manifest.snapshot, snapshot);
    arrived.catch(() => {}); // (a file that fails is said by fetch above; Pyodide fails with it)
    Object.assign(settings, { _loadSnapshot: snapshot, createPyodideModule: restoring(snapshot, arrived) });
  }
  const python = step("starting Python in the page", async () => {
    const loaded = await loadPyodide(settings);
    phases.python = seconds();
    return loaded;
  });
  files.catch(() => {}); // (said by Promise.all below, whichever fails first)
  python.catch(() => {});
  const [pyodide, unpacked] = await Promise.all([python, files]);
  await step("installing the engine", async () => {
    const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
    for (const [name, data] of unpacked.flat()) {
      const path = `${sitePackages}/${name}`;
      pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      pyodide.FS.writeFile(path, data);
    }
    // what Python's finders had listed of these folders is read again (importlib.invalidate_caches,
    // which imports importlib.metadata for its own cache, took 0.8 s on a loaded machine)
    pyodide.runPython(`import sys
for path, finder in list(sys.path_importer_cache.items()):
    if path.startswith(${JSON.stringify(sitePackages)}) and hasattr(finder, "invalidate_caches"):
        finder.invalidate_caches()`);
  });
  phases.installed = seconds();
  // the modules of what the page said it will ask (Play a hand: the table alone), the others when
  // first asked (all of them imported already in a snapshot)
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
