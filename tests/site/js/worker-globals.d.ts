// What a Web Worker of the site finds in its global scope beyond the browser's, for tsc --checkJs
// (tsconfig.worker.json).
interface WorkerGlobalScope {
  /** Lunr.js, which the theme's search worker loads (search-worker.js wraps its builder) */
  lunr?: any;
}

// Pyodide's module, copied beside the engine's worker when the site is built (scripts/reversis_site/try_it.py)
declare module "*/pyodide/pyodide.mjs" {
  export function loadPyodide(options?: Record<string, unknown>): Promise<any>;
}

// Pyodide's own JavaScript, which the worker asks for as it starts (its module is Pyodide's to use)
declare module "*/pyodide/pyodide.asm.mjs" {
  /** Emscripten's factory of Pyodide's module, given Pyodide's settings */
  export default function createPyodideModule(settings: unknown): Promise<any>;
}
