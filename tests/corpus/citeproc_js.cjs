// Render citations and a bibliography with citeproc-js (npm "citeproc", installed in tests/site/js).
// Reads a JSON list of jobs on standard input, each {style, locale, items, citations}, where style and
// locale are CSL XML texts, items CSL-JSON items and citations a list of lists of citation items;
// writes for each job {citations: [text, ...], bibliography: [text, ...]}, as a JSON list, in plain text.
"use strict";
const path = require("path");
const CSL = require(path.join(__dirname, "..", "site", "js", "node_modules", "citeproc"));

let input = "";
process.stdin.on("data", (chunk) => { input += chunk; });
function render(job) {
  const items = Object.fromEntries(job.items.map((item) => [item.id, item]));
  const sys = { retrieveLocale: () => job.locale, retrieveItem: (id) => items[id] };
  const engine = new CSL.Engine(sys, job.style, "en-US");
  engine.setOutputFormat("text");
  engine.updateItems(Object.keys(items));
  // each citation after the ones before it in the same document (so that every item cited stays in
  // the bibliography); a later citation may change an earlier one ("ibid."), so the texts are kept
  // by their index in the document as citeproc-js last gave them
  const citations = [];
  const before = [];
  job.citations.forEach((cited, i) => {
    const citation = { citationID: `c${i}`, citationItems: cited, properties: { noteIndex: i + 1 } };
    const [, updates] = engine.processCitationCluster(citation, before, []);
    updates.forEach(([index, text]) => { citations[index] = text; });
    before.push([citation.citationID, i + 1]);
  });
  const [, bibliography] = engine.makeBibliography();
  return { citations, bibliography: bibliography.map((e) => e.trim()) };
}

process.stdin.on("end", () => {
  process.stdout.write(JSON.stringify(JSON.parse(input).map(render)));
});
