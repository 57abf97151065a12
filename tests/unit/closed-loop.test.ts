import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closedLoop } from '../../bench/closed-loop.js';

let server: http.Server | undefined;

/** A server that answers each request after `delayMs`, counting how many it holds at once. */
async function slowServer(delayMs: number, status = 200): Promise<{ url: string; served: () => number; mostAtOnce: () => number }> {
  let served = 0;
  let inFlight = 0;
  let mostAtOnce = 0;
  server = http.createServer((_req, res) => {
    inFlight += 1;
    mostAtOnce = Math.max(mostAtOnce, inFlight);
    setTimeout(() => {
      inFlight -= 1;
      served += 1;
      res.statusCode = status;
      res.end('x'.repeat(3000));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/page?n=1`, served: () => served, mostAtOnce: () => mostAtOnce };
}

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

describe('closed-loop load', () => {
  it('keeps one request in flight per connection, asks again at once, and counts the answers over the run', async () => {
    const slow = await slowServer(20);
    const result = await closedLoop({ url: slow.url, connections: 4, durationS: 0.5 });
    expect(slow.mostAtOnce()).toBe(4);
    // Four connections, each answered after 20 ms: about 200 answers a second, never more.
    expect(result.answered).toBe(slow.served());
    expect(result.rps).toBeGreaterThan(100);
    expect(result.rps).toBeLessThanOrEqual(4 * (1000 / 20));
    expect(result.errors).toBe(0);
    expect(result.p99).toBeGreaterThanOrEqual(20);
    expect(result.p99).toBeLessThan(500);
  });

  it('counts answers that are not 2xx as errors', async () => {
    const failing = await slowServer(5, 503);
    const result = await closedLoop({ url: failing.url, connections: 2, durationS: 0.2 });
    expect(result.answered).toBeGreaterThan(0);
    expect(result.errors).toBe(result.answered);
  });
});
