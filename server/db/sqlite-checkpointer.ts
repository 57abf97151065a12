import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the checkpointer copies committed WAL pages into the database file. */
export const CHECKPOINT_INTERVAL_MS = 250;

// Runs in the worker: its own connection, passive checkpoints only (they never block a writer).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: the next turn tries again */ }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  try { db.close(); } finally { parentPort.close(); }
});
`;

/**
 * Checkpoints a WAL database from a worker thread. SQLite otherwise checkpoints inside the
 * commit that crosses wal_autocheckpoint pages: on the event loop, writing and syncing the
 * database file while every request waits. Commits stay durable on their own (the WAL is
 * synced after each commit, sqlite-group-commit.ts); the checkpoint only moves pages into the
 * main file.
 */
export class SqliteCheckpointer {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;

  constructor(file: string) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, intervalMs: CHECKPOINT_INTERVAL_MS } });
    this.worker.unref();
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
  }

  async close(): Promise<void> {
    // Unreferenced, the worker would let a process that has nothing else to do exit before it
    // closes: the rest of the caller's shutdown, and its exit code, would never run.
    this.worker.ref();
    this.worker.postMessage('close');
    await this.exited;
  }
}
