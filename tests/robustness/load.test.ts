import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../../server/services/invariants.js';
import { BACKENDS } from './helpers/backends.js';
import { startFleet, type Fleet } from './helpers/fleet.js';
import { emptyTally, makeCrowd, runCrowd } from './helpers/shopper.js';
import { LatencyBook, printFigures } from './helpers/figures.js';

/**
 * Hundreds of simulated customers on loopback browsing, carting and paying at once against
 * real server processes: SQLite with one instance, PostgreSQL with two behind a round robin.
 * Prints throughput and latency; errors must be zero and the shop's invariants must hold.
 */
export const LOAD_SECONDS = Number(process.env.ROBUST_LOAD_SECONDS ?? 15);
export const CROWD = Number(process.env.ROBUST_CROWD ?? 200);

describe.each(BACKENDS)('a crowd of customers on %s', (backend) => {
  let fleet: Fleet;
  const instances = backend === 'postgres' ? 2 : 1;
  beforeAll(async () => {
    fleet = await startFleet(backend, { instances });
  }, 120_000);
  afterAll(async () => fleet?.close());

  it(`serves ${CROWD} customers for ${LOAD_SECONDS} s without an error and keeps every invariant`, async () => {
    const crowd = await makeCrowd(fleet.handle.db, CROWD, backend);
    const config = (await (await fetch(`${fleet.urls[0]}/api/Payment/config`)).json()) as { Data: { KeyId: string } };
    const book = new LatencyBook();
    const tally = emptyTally();
    const started = performance.now();
    const deadline = Date.now() + LOAD_SECONDS * 1000;
    await runCrowd({ crowd, urls: () => fleet.urls, until: () => Date.now() > deadline, book, tally, keyId: config.Data.KeyId });
    const seconds = (performance.now() - started) / 1000;
    const report = await checkInvariants(fleet.handle.db, { stockBaseline: fleet.baseline });

    printFigures(`load (${backend}, ${instances} instance${instances > 1 ? 's' : ''}, ${CROWD} customers, ${seconds.toFixed(1)} s)`, {
      'requests tried': book.total,
      'throughput (requests/s)': (book.total / seconds).toFixed(1),
      'p50 latency (ms)': book.percentile(50).toFixed(1),
      'p99 latency (ms)': book.percentile(99).toFixed(1),
      errors: book.errors.length,
      journeys: tally.journeys,
      'paid online': tally.paid,
      'declined then cancelled': tally.declined,
      'came back to an unpaid order': tally.blocked,
      'left unpaid': tally.abandoned,
      'cash on delivery': tally.cod,
      'client retries and polls': tally.retries,
      ...book.byKind(),
      'payments checked': report.checked.payments,
      'orders checked': report.checked.orders,
      'invariant violations': report.violations.length,
    });
    if (book.errors.length > 0) console.log(fleet.urls.map((_u, i) => fleet.output(i).slice(-4000)).join('\n'));
    expect(book.errors.slice(0, 20)).toEqual([]);
    expect(tally.interrupted).toBe(0);
    expect(report.violations).toEqual([]);
    expect(tally.paid).toBeGreaterThan(CROWD / 2);
  }, 240_000);
});
