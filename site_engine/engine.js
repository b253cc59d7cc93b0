/* The engine in its Web Worker (worker.js), as every page that runs it loads it: "Try it" (ui.js)
 * and "Play a hand" (docs/javascripts/play-ui.js) share this module, so that both say a failure to
 * load in the same words and within the same limits.
 *
 * A failure to load is said at once when a file does not download, within STALL seconds (worker.js)
 * when a file's bytes stop coming, and within SILENCE seconds when the browser does not start the
 * worker at all: `ready` is then rejected with an error whose `detail` says what went wrong in a few
 * words and whose message is the sentence "Try it" shows. A request that runs past its limit stops
 * the worker (an endless loop cannot be interrupted otherwise); the next engine is a new one.
 */

export const SILENCE = 15; // seconds the engine's worker may take to say it has started

// The sentence a failure to load says, with what went wrong in a few words (the worker's).
export function loadFailure(detail) {
  return `The engine could not be loaded: ${detail}. Check the connection, then press “Try again”.`;
}

export class Engine {
  // root: the site's root address; limit: the seconds a request may run before the worker is stopped
  constructor(root, { limit = 5 } = {}) {
    this.limit = limit;
    this.stopped = false;
    this.listeners = new Set();
    this.pending = new Map();
    this.next = 1;
    this.progress = { loaded: 0, total: 0 };
    this.pressed = performance.now();
    /** @type {Promise<void>} resolved once the engine is loaded, rejected with the failure's sentence */
    this.ready = new Promise((resolve, reject) => {
      this.failLoad = (detail) => {
        clearTimeout(this.silence);
        this.stop();
        const error = /** @type {Error & {detail?: string}} */ (new Error(loadFailure(detail)));
        error.detail = detail;
        reject(error);
      };
      // a worker that the browser will not start, or whose first file never comes, says nothing
      this.silence = setTimeout(() => this.failLoad(`its worker did not start within ${SILENCE} seconds`), SILENCE * 1000);
      try {
        this.worker = new Worker(root + "try/worker.js", { type: "module" });
      } catch (error) {
        this.worker = null;
        this.failLoad(`the browser refused to start its worker (${error instanceof Error ? error.message : error})`);
        return;
      }
      this.worker.onmessage = (event) => {
        const data = event.data;
        clearTimeout(this.silence);
        if (data.started) {
          return;
        } else if (data.progress) {
          this.progress = data.progress;
          this.listeners.forEach((f) => f(data.progress));
        } else if (data.ready) {
          this.loadSeconds = (performance.now() - this.pressed) / 1000;
          this.phases = data.ready.phases;
          resolve();
        } else if (data.failed) {
          this.failLoad(data.failed);
        } else if (this.pending.has(data.id)) {
          const { done, fail, timer } = this.pending.get(data.id);
          clearTimeout(timer);
          this.pending.delete(data.id);
          if (data.error) {
            fail(new Error(data.error));
          } else {
            done(data);
          }
        }
      };
      this.worker.onerror = (event) => {
        event.preventDefault();
        this.failLoad(`the browser could not run its worker (${event.message || "a file of it did not download"})`);
      };
    });
  }

  // a request ({op, text, options}), answered with the worker's message ({answer, seconds})
  async request(op, text, options) {
    await this.ready;
    const id = this.next++;
    return new Promise((done, fail) => {
      const timer = setTimeout(() => {
        this.stop();
        const error = /** @type {Error & {stopped?: boolean}} */ (new Error(`Stopped after ${this.limit} seconds: the engine was still working (an endless loop?). The next run loads it again.`));
        error.stopped = true;
        fail(error);
      }, this.limit * 1000);
      this.pending.set(id, { done, fail, timer });
      this.worker?.postMessage({ id, op, text, options });
    });
  }

  stop() {
    this.stopped = true;
    if (this.worker) {
      this.worker.terminate();
    }
    this.pending.forEach(({ timer }) => clearTimeout(timer));
    this.pending.clear();
  }
}
