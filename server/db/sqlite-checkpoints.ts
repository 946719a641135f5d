import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the background connection copies the WAL back into the database file. */
export const checkpointEveryMs = 1_000;

/**
 * How many WAL pages the serving connection lets pile up before it checkpoints itself, should the
 * background one fall behind or stop: about 40 MB, ten times SQLite's default.
 */
export const fallbackCheckpointPages = 10_000;

/** better-sqlite3's own file, for the worker to load the same driver as the shop. */
const driver = createRequire(import.meta.url).resolve('better-sqlite3');

// A script, not a module file: the worker must start the same way from the built server and from the
// tests' TypeScript. A PASSIVE checkpoint never waits for the serving connection's writes, nor they for it.
const checkpointer = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage(String(error));
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Copies a SQLite file's WAL back into the file from a thread of its own, every second. A commit that
 * crosses SQLite's checkpoint threshold (a thousand pages by default) otherwise does that copy itself,
 * and its fsync, on the thread that answers every request: on a checkout, that was a third of the
 * commits' time (ADR 061). The serving connection keeps a far higher threshold as a fallback. A thread
 * that ends unasked (it failed, or was ended) is reported and replaced a second later, so that the
 * fallback stays a fallback.
 */
export function startBackgroundCheckpoints(file: string, onError: (message: string) => void): { stop(): Promise<void>; thread(): Worker } {
  let stopping = false;
  let current: { worker: Worker; ended: Promise<void> };

  function start() {
    const worker = new Worker(checkpointer, { eval: true, workerData: { driver, file, everyMs: checkpointEveryMs } });
    worker.on('message', (message: string) => onError(message));
    worker.on('error', (error) => onError(String(error)));
    // It never keeps the process alive: a process ends when its server does.
    worker.unref();
    const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.once('exit', (code) => {
      if (stopping) return;
      onError(`The checkpoint thread ended (exit code ${code}); another starts in ${checkpointEveryMs} ms.`);
      setTimeout(() => {
        if (!stopping) start();
      }, checkpointEveryMs).unref();
    });
    current = { worker, ended };
  }

  start();
  return {
    async stop() {
      stopping = true;
      current.worker.postMessage('stop');
      await current.ended;
    },
    /** The thread checkpointing now: a test ends it to see another take over. */
    thread: () => current.worker,
  };
}
