// ESLint for the site's JavaScript (make test runs it where npm is installed: tests/site/test_js.py):
// every script of docs/javascripts/ and site_engine/, as ES modules of a browser (the worker's and
// Node's own where they run there), with no function over 80 lines, as the project's Python.
import js from "@eslint/js";
import globals from "globals";

export default [
  // (iframe-worker-shim.js is a package's file, copied unchanged)
  { ignores: ["**/node_modules/**", "site/**", "build/**", "site-offline/**", "docs/javascripts/iframe-worker-shim.js"] },
  { ...js.configs.recommended },
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true }],
      "no-unused-vars": ["error", { args: "none", ignoreRestSiblings: true, caughtErrors: "none" }],
    },
  },
  { files: ["**/worker.js", "**/search-worker.js"], languageOptions: { globals: { ...globals.worker } } },
  { files: ["**/*.mjs"], languageOptions: { globals: { ...globals.node } } },
  // the classic scripts, loaded by a <script> tag (mkdocs.yml's extra_javascript), not as modules
  {
    files: ["**/play.js", "**/try.js", "**/replay.js", "**/reading.js", "**/search.js", "**/iframe-worker-shim.js"],
    languageOptions: { sourceType: "script" },
  },
];
