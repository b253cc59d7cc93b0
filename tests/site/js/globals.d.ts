// What the site's classic scripts (loaded by a <script> tag, not as modules) share through the
// page's window, for tsc --checkJs (tsconfig.json).
interface Window {
  /** the worked examples' step controls, for a replay added to the page later (replay.js, play-end.js) */
  reversisReplay?: { setUp(replay: HTMLElement): void };
  /** the search's documents, as search/documents.js sets them in the copy read from disk (search.js) */
  __search_documents?: unknown;
}
