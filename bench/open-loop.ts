import { performance } from 'node:perf_hooks';
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

export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? 0;
}

export const oneDecimal = (ms: number) => Math.round(ms * 10) / 10;

export function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  if (!(options.rate > 0) || !(options.durationS > 0)) throw new Error('openLoop needs a positive rate and duration');
  const client = new RawHttpClient(new URL(options.url).origin, options.maxSockets ?? 256, options.headers);
  const warmup = Math.round(options.rate * (options.warmupS ?? 2));
  const total = warmup + Math.max(1, Math.round(options.rate * options.durationS));
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  const result = { sent: 0, answered: 0, errors: 0, non2xx: 0, cacheHits: 0 };
  const pending: Promise<void>[] = [];

  const send = async (i: number, dueAt: number) => {
    const counted = i >= warmup;
    if (counted) result.sent += 1;
    try {
      const answer = await client.get(options.path(i));
      if (!counted) return;
      latencies.push(performance.now() - dueAt);
      result.answered += 1;
      if (answer.status < 200 || answer.status >= 300) result.non2xx += 1;
      if (answer.cacheHit) result.cacheHits += 1;
    } catch {
      if (counted) result.errors += 1;
    }
  };

  return (
    new Promise<void>((resolve) => {
      const start = performance.now();
      let next = 0;
      const tick = () => {
        const now = performance.now();
        while (next < total && start + next * interval <= now) {
          pending.push(send(next, start + next * interval));
          next += 1;
        }
        if (next < total) setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
        else resolve();
      };
      tick();
    })
      // Answers still missing TIMEOUT_MS after the last request was sent count as errors.
      .then(() => Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS).unref())]))
      .then(async () => {
        client.close();
        await Promise.all(pending);
        latencies.sort((a, b) => a - b);
        return {
          ...result,
          p50: oneDecimal(percentile(latencies, 0.5)),
          p99: oneDecimal(percentile(latencies, 0.99)),
          max: oneDecimal(latencies.at(-1) ?? 0),
        };
      })
  );
}
