// What the page would otherwise do itself each time it starts the engine, done once when the site
// is built, by the Pyodide that runs it in the page: node compile.mjs WHEEL YAML.zip OUT.zip [SNAPSHOT.gz]
//
// - OUT.zip: the bytecode of the engine, compiled by that Pyodide (its Python, its cache tag): the
//   __pycache__ folders of the wheel's package and of PyYAML's, as pycs that are used without
//   checking their source (unchecked-hash), so that the page imports the engine without compiling it;
// - SNAPSHOT.gz: Pyodide's memory once Python has started and imported the engine (the modules of
//   Play a hand and of Try it, PyYAML, every shipped ruleset read), gzipped. The page restores it
//   (loadPyodide's _loadSnapshot, worker.js) instead of starting Python and importing the engine,
//   which took most of the time to the first deal. Only Pyodide's memory is in it: the engine's
//   files are unpacked again in the page, for what it imports later. A snapshot is valid for the
//   Pyodide that made it only (loadPyodide checks its build id) and is made from the same wheel.
//
// scripts/reversis_site/try_it.py runs it; without Node the site goes without both.
import { loadPyodide } from "./node_modules/pyodide/pyodide.mjs";
import fs from "node:fs";
import zlib from "node:zlib";

const [wheel, yaml, out, snapshot] = process.argv.slice(2);
const quiet = { stdout: () => {}, stderr: (/** @type {string} */ line) => console.error(line) };

/** @param {any} pyodide @param {string[]} archives */
function install(pyodide, archives) {
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  archives.forEach((path, i) => {
    pyodide.unpackArchive(new Uint8Array(fs.readFileSync(path)), i === 0 ? "wheel" : "zip", { extractDir: sitePackages });
  });
}

const compiler = await loadPyodide(quiet);
install(compiler, [wheel, yaml]);
compiler.runPython(`
import compileall, os, py_compile, sysconfig, zipfile
site = sysconfig.get_paths()["purelib"]
with zipfile.ZipFile("/tmp/pycache.zip", "w", zipfile.ZIP_DEFLATED) as archive:
    for package in ("reversis", "yaml"):
        compileall.compile_dir(os.path.join(site, package), quiet=2, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        for folder, _, files in sorted(os.walk(os.path.join(site, package))):
            for name in sorted(files):
                if name.endswith(".pyc"):
                    path = os.path.join(folder, name)
                    archive.write(path, os.path.relpath(path, site))
`);
fs.writeFileSync(out, compiler.FS.readFile("/tmp/pycache.zip"));

if (snapshot) {
  // a Python of its own, which has done nothing but start and import what the page asks
  const pyodide = await loadPyodide({ ...quiet, _makeSnapshot: true });
  install(pyodide, [wheel, yaml, out]);
  pyodide.runPython(`
import yaml, reversis.apps.table, reversis.apps.web, reversis.apps.web_doctest
from reversis.core.ruleset import load_ruleset, ruleset_ids
for ruleset in ruleset_ids():
    load_ruleset(ruleset)
`);
  fs.writeFileSync(snapshot, zlib.gzipSync(pyodide.makeMemorySnapshot(), { level: 6 }));
}
