import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { openLoop, openLoopInThread, openLoopRequests, percentile } from '../../bench/open-loop.js';

interface Arrival {
  at: number;
  path: string;
}

let server: http.Server | undefined;

/** A server that notes when each request arrives and answers after `delay(arrivedAt)` ms. */
async function recordingServer(delay: (sinceStart: number) => number): Promise<{ url: string; arrivals: Arrival[]; started: number }> {
  const arrivals: Arrival[] = [];
  const started = performance.now();
  server = http.createServer((req, res) => {
    const at = performance.now() - started;
    arrivals.push({ at, path: req.url ?? '' });
    setTimeout(
      () => {
        res.setHeader('x-cache', req.url?.endsWith('hit') ? 'hit' : 'miss');
        res.statusCode = req.url?.endsWith('missing') ? 404 : 200;
        res.end('{}');
      },
      Math.max(0, delay(at)),
    );
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, arrivals, started };
}

/** How many requests arrived in each fifth of `spanMs` from the first arrival. */
function arrivalsPerFifth(arrivals: Arrival[], spanMs: number): number[] {
  const first = arrivals[0]?.at ?? 0;
  const fifth = spanMs / 5;
  return [0, 1, 2, 3, 4].map((w) => arrivals.filter((a) => a.at - first >= w * fifth && a.at - first < (w + 1) * fifth).length);
}

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

describe('open-loop load', () => {
  it('spreads its requests evenly over the run instead of sending each second’s share at its start', async () => {
    const { url, arrivals } = await recordingServer(() => 2);
    const result = await openLoop({ url, rate: 100, durationS: 1, warmupS: 0, path: (i) => `/item/${i}` });

    expect(result).toMatchObject({ sent: 100, answered: 100, errors: 0, non2xx: 0 });
    expect(arrivals.map((a) => a.path)).toEqual(Array.from({ length: 100 }, (_, i) => `/item/${i}`));
    const perFifth = arrivalsPerFifth(arrivals, 1000);
    // 20 a fifth of a second when even; a generator that bursts sends all 100 in the first fifth.
    for (const count of perFifth) expect(count).toBeGreaterThanOrEqual(8);
    for (const count of perFifth) expect(count).toBeLessThanOrEqual(35);
    expect(result.p50).toBeGreaterThanOrEqual(2);
    expect(result.p50).toBeLessThan(100);
  });

  it('counts a stall against every request that was due while it lasted', async () => {
    // Requests arriving between 300 and 600 ms are all answered at 600 ms.
    const { url } = await recordingServer((at) => (at >= 300 && at < 600 ? 600 - at : 1));
    const result = await openLoop({ url, rate: 100, durationS: 1, warmupS: 0, path: () => '/' });

    expect(result.answered).toBe(100);
    // About 30 requests were held, the earliest for ~300 ms: the tail shows the stall.
    expect(result.p99).toBeGreaterThanOrEqual(200);
    expect(result.max).toBeGreaterThanOrEqual(250);
    expect(result.p50).toBeLessThan(100);
  });

  it('sends its warm-up at the same rate first and leaves those answers out of the figures', async () => {
    // Whatever arrives in the first 300 ms is held 400 ms: only the warm-up's answers are slow.
    const { url, arrivals } = await recordingServer((at) => (at < 300 ? 400 : 1));
    const result = await openLoop({ url, rate: 100, durationS: 0.5, warmupS: 0.5, path: (i) => `/item/${i}` });

    expect(arrivals).toHaveLength(100);
    expect(arrivals[0]?.path).toBe('/item/0');
    expect(result).toMatchObject({ sent: 50, answered: 50, errors: 0 });
    expect(result.max).toBeLessThan(200);
  });

  it('counts answers that are not 2xx, cache hits and refused connections', async () => {
    const { url } = await recordingServer(() => 0);
    const result = await openLoop({ url, rate: 200, durationS: 0.1, warmupS: 0, path: (i) => (i % 2 === 0 ? '/hit' : '/missing') });
    expect(result).toMatchObject({ sent: 20, answered: 20, non2xx: 10, cacheHits: 10, errors: 0 });

    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
    const refused = await openLoop({ url, rate: 100, durationS: 0.05, warmupS: 0, path: () => '/' });
    expect(refused).toMatchObject({ sent: 5, answered: 0, errors: 5 });
  });

  it('runs the same schedule in a thread of its own, asking for its paths in turn', async () => {
    // The thread takes a moment to start, so the stall is timed from the first arrival: whatever
    // arrives 300 to 600 ms after it is answered at 600 ms.
    let first: number | null = null;
    const { url, arrivals } = await recordingServer((at) => {
      first ??= at;
      const since = at - first;
      return since >= 300 && since < 600 ? 600 - since : 1;
    });
    const result = await openLoopInThread({ url, rate: 100, durationS: 1, warmupS: 0.2, paths: ['/a', '/b', '/c'] });

    // The warm-up's 20 and the measured 100, in order; only the measured ones counted.
    expect(arrivals.map((a) => a.path)).toEqual(Array.from({ length: 120 }, (_, i) => ['/a', '/b', '/c'][i % 3]));
    expect(result).toMatchObject({ sent: 100, answered: 100, errors: 0, non2xx: 0 });
    const perFifth = arrivalsPerFifth(arrivals, 1200);
    for (const count of perFifth) expect(count).toBeGreaterThanOrEqual(10);
    for (const count of perFifth) expect(count).toBeLessThanOrEqual(40);
    // The stall shows in the tail as it does on the main thread.
    expect(result.p99).toBeGreaterThanOrEqual(150);
    expect(result.p50).toBeLessThan(100);
  });

  it('refuses a thread run with no path to ask for', () => {
    expect(() => openLoopInThread({ url: 'http://127.0.0.1:1', rate: 10, durationS: 1, paths: [] })).toThrow('at least one path');
  });

  it('counts the warm-up before the measured requests', () => {
    expect(openLoopRequests({ rate: 100, durationS: 1, warmupS: 0.2 })).toEqual({ warmup: 20, total: 120 });
    expect(openLoopRequests({ rate: 1000, durationS: 6 })).toEqual({ warmup: 2000, total: 8000 });
    expect(openLoopRequests({ rate: 0.1, durationS: 1, warmupS: 0 })).toEqual({ warmup: 0, total: 1 });
  });

  it('takes the nearest-rank percentile', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBe(0);
  });
});
