// The bytecode of the engine, compiled by the Pyodide that runs it in the page (its Python, its
// cache tag): node compile.mjs WHEEL YAML.zip OUT.zip writes the __pycache__ folders of the wheel's
// package and of PyYAML's, as pycs that are used without checking their source (unchecked-hash),
// so that the page imports the engine without compiling it. scripts/reversis_site/try_it.py runs it.
import { loadPyodide } from "./node_modules/pyodide/pyodide.mjs";
import fs from "node:fs";

const [wheel, yaml, out] = process.argv.slice(2);
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (line) => console.error(line) });
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: sitePackages });
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(yaml)), "zip", { extractDir: sitePackages });
pyodide.runPython(`
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
fs.writeFileSync(out, pyodide.FS.readFile("/tmp/pycache.zip"));
