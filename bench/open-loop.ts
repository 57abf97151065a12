import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { RawHttpClient } from './raw-http.js';

/**
 * An open-loop load at a steady rate: the k-th request is due at start + k / rate, whatever the
 * answers before it are doing, and its latency runs from that due time to its answer's last
 * byte. A slow answer therefore shows in every request that was due while it lasted, and the
 * load never arrives in bursts.
 *
 * autocannon's `overallRate` does neither: each connection sends back to back at the start of
 * every second until it has spent that second's share, then waits for the next second, so "half
 * load" is full load for half of each second; and its correction for coordinated omission takes
 * the expected interval as ceil(1 / rate) = 1 ms, adding a sample for every millisecond of each
 * slow answer.
 *
 * Requests go through the prepared-buffer client of `raw-http.ts`: node:http's client, and
 * undici's pool after it, cost the bench process so much CPU a request that on a 2-core machine
 * the load itself fell behind its schedule, by tens of milliseconds at a few thousand a second
 * (node:http) and by a second at 40,000 (undici), and that lag counted as the server's.
 */
export interface OpenLoopOptions {
  /** The server's origin, e.g. http://127.0.0.1:3000. */
  url: string;
  /** Requests per second. */
  rate: number;
  durationS: number;
  /**
   * Seconds sent at the same rate before the measured ones, their answers not counted (default
   * 2): the bench process and the server compile their hot code and open their connections
   * then, which otherwise shows as the first second's tail.
   */
  warmupS?: number;
  /** The path (with query) of the i-th request, from 0. */
  path: (i: number) => string;
  headers?: Record<string, string>;
  /** Connections kept open at most; requests due while all are busy wait for one, and the wait counts. */
  maxSockets?: number;
}

export interface OpenLoopResult {
  /** Requests sent in the measured seconds; the counts below are theirs. */
  sent: number;
  answered: number;
  /** Requests that failed to get an answer (socket errors, timeouts). */
  errors: number;
  /** Answers whose status was not 2xx. */
  non2xx: number;
  /** Milliseconds from due time to last byte, one decimal. */
  p50: number;
  p99: number;
  max: number;
  /** Answers that carried `x-cache: hit`. */
  cacheHits: number;
}

const TIMEOUT_MS = 30_000;

export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? 0;
}

export const oneDecimal = (ms: number) => Math.round(ms * 10) / 10;

/** The requests a run sends, its warm-up's first: the i-th asks for `path(i)` for i below `total`. */
export function openLoopRequests(options: Pick<OpenLoopOptions, 'rate' | 'durationS' | 'warmupS'>): { warmup: number; total: number } {
  const warmup = Math.round(options.rate * (options.warmupS ?? 2));
  return { warmup, total: warmup + Math.max(1, Math.round(options.rate * options.durationS)) };
}

export function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  if (!(options.rate > 0) || !(options.durationS > 0)) throw new Error('openLoop needs a positive rate and duration');
  const client = new RawHttpClient(new URL(options.url).origin, options.maxSockets ?? 256, options.headers);
  const { warmup, total } = openLoopRequests(options);
  const interval = 1000 / options.rate;
  // Nothing of a request outlives its answer but its latency, in an array sized for the run: a
  // load that kept every request's promise until the end made each of its own young-generation
  // collections copy all of them, 10–18 ms pauses at 20,000 a second, counted as the server's tail.
  const latencies = new Float64Array(total - warmup);
  const result = { sent: 0, answered: 0, errors: 0, non2xx: 0, cacheHits: 0 };
  let outstanding = 0;
  /** Counted requests with no answer yet: errors if the run ends before they have one. */
  let outstandingCounted = 0;
  let allSent = false;
  let ended = false;
  let settle: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => (settle = resolve));

  const send = (i: number, dueAt: number) => {
    const counted = i >= warmup;
    if (counted) {
      result.sent += 1;
      outstandingCounted += 1;
    }
    outstanding += 1;
    client.request(options.path(i), (error, answer) => {
      if (ended) return;
      outstanding -= 1;
      if (counted) {
        outstandingCounted -= 1;
        if (error || !answer) result.errors += 1;
        else {
          latencies[result.answered] = performance.now() - dueAt;
          result.answered += 1;
          if (answer.status < 200 || answer.status >= 300) result.non2xx += 1;
          if (answer.cacheHit) result.cacheHits += 1;
        }
      }
      if (allSent && outstanding === 0) settle();
    });
  };

  return new Promise<void>((resolve) => {
    const start = performance.now();
    let next = 0;
    const tick = () => {
      const now = performance.now();
      while (next < total && start + next * interval <= now) {
        send(next, start + next * interval);
        next += 1;
      }
      if (next < total) setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
      else resolve();
    };
    tick();
  })
    .then(() => {
      allSent = true;
      if (outstanding === 0) settle();
      // Answers still missing TIMEOUT_MS after the last request was sent count as errors.
      return Promise.race([settled, new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS).unref())]);
    })
    .then(() => {
      ended = true;
      result.errors += outstandingCounted;
      client.close();
      const measured = latencies.subarray(0, result.answered).sort();
      return {
        ...result,
        p50: oneDecimal(percentile(measured, 0.5)),
        p99: oneDecimal(percentile(measured, 0.99)),
        max: oneDecimal(measured.at(-1) ?? 0),
      };
    });
}

/** An open loop's options with its paths listed, as a worker thread takes them: the i-th request asks for `paths[i % paths.length]`. */
export type OpenLoopThreadOptions = Omit<OpenLoopOptions, 'path'> & { paths: string[] };

/**
 * `openLoop` in a worker thread: an isolate and heap of its own, so the pauses of the bench's
 * main heap (grown by autocannon's runs and everything measured before) never hold a request
 * back or an answer unread.
 */
export function openLoopInThread(options: OpenLoopThreadOptions): Promise<OpenLoopResult> {
  if (options.paths.length === 0) throw new Error('openLoopInThread needs at least one path');
  const worker = new Worker(new URL('./open-loop-thread.ts', import.meta.url), {
    workerData: options,
    // The thread loads the TypeScript of the bench as the bench itself does, under Vitest as well.
    execArgv: ['--import', 'tsx'],
  });
  return new Promise<OpenLoopResult>((resolve, reject) => {
    worker.once('message', (result: OpenLoopResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the open-loop thread exited (${code}) without a result`)));
  });
}
