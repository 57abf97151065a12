import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../../server/services/invariants.js';
import { ABANDONED_REASON, sweepIntervalMs } from '../../server/jobs/abandoned-orders.js';
import { BACKENDS } from './helpers/backends.js';
import { startFleet, type Fleet } from './helpers/fleet.js';
import { emptyTally, makeCrowd, runCrowd } from './helpers/shopper.js';
import { LatencyBook, printFigures } from './helpers/figures.js';

/**
 * Checkouts under load while the server is killed with SIGKILL at random moments and
 * restarted on the same data: after the last restart and one payment window, every captured
 * payment belongs to exactly one paid order, stock is conserved, wallets match their ledgers
 * and no order still waits for payment (the abandoned-order sweep cancelled them and released
 * their stock). On PostgreSQL two instances serve and are killed in turn.
 */
export const KILLS = Number(process.env.ROBUST_KILLS ?? 4);
const CROWD = Number(process.env.ROBUST_CRASH_CROWD ?? 40);
/** A payment window of 3 s, so abandoned orders are swept within the test. */
const WINDOW_MINUTES = 0.05;

/** How long past the window and two sweeps an abandoned order may still wait on a loaded machine. */
const SETTLE_MS = 15_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(BACKENDS)('SIGKILL during checkouts on %s', (backend) => {
  let fleet: Fleet;
  const instances = backend === 'postgres' ? 2 : 1;
  beforeAll(async () => {
    fleet = await startFleet(backend, { instances, env: { ABANDONED_ORDER_MINUTES: String(WINDOW_MINUTES) } });
  }, 120_000);
  afterAll(async () => fleet?.close());

  it(`survives ${KILLS} kills with nothing lost`, async () => {
    const db = fleet.handle.db;
    const crowd = await makeCrowd(db, CROWD, `crash-${backend}`);
    const config = (await (await fetch(`${fleet.urls[0]}/api/Payment/config`)).json()) as { Data: { KeyId: string } };
    const book = new LatencyBook();
    const tally = emptyTally();
    let stop = false;
    const running = runCrowd({ crowd, urls: () => fleet.urls.filter((_u, i) => fleet.alive(i)), until: () => stop, book, tally, keyId: config.Data.KeyId });

    let kills = 0;
    for (let k = 0; k < KILLS; k += 1) {
      await sleep(800 + Math.random() * 1700);
      const victim = k % instances;
      await fleet.kill(victim);
      kills += 1;
      await sleep(Math.random() * 300);
      await fleet.restart(victim);
    }
    await sleep(1_000);
    stop = true;
    await running;

    // One payment window after the last order could have been created, plus two sweeps.
    const latest = await db
      .selectFrom('orders')
      .select(sql<string | null>`max(expires_at)`.as('at'))
      .where('status', '=', 'AWAITING_PAYMENT')
      .executeTakeFirst();
    const lastExpiry = latest?.at ? Date.parse(latest.at) : Date.now();
    const sweep = sweepIntervalMs(WINDOW_MINUTES);
    await sleep(Math.max(0, lastExpiry + 2 * sweep - Date.now()));
    // A busy machine may delay a sweep; give the sweeps a bounded while to finish their round.
    const settleBy = Date.now() + SETTLE_MS;
    const stillWaiting = () =>
      db.selectFrom('orders').select('id').where('status', '=', 'AWAITING_PAYMENT').where('expires_at', '<=', new Date(lastExpiry).toISOString()).execute();
    while ((await stillWaiting()).length > 0 && Date.now() < settleBy) await sleep(250);
    const settledAfter = Date.now() - lastExpiry;
    const report = await checkInvariants(db, { stockBaseline: fleet.baseline, sweptAfter: new Date(lastExpiry + 1) });

    const byStatus = await db
      .selectFrom('orders')
      .select(['status', sql<number>`count(*)`.as('n')])
      .groupBy('status')
      .execute();
    const swept = await db
      .selectFrom('orders')
      .select(sql<number>`count(*)`.as('n'))
      .where('cancel_reason', '=', ABANDONED_REASON)
      .executeTakeFirstOrThrow();
    printFigures(`crashes (${backend}, ${instances} instance${instances > 1 ? 's' : ''})`, {
      'requests tried': book.total,
      'crashes survived': kills,
      'requests cut off by a kill': tally.interrupted,
      errors: book.errors.length,
      journeys: tally.journeys,
      'paid online': tally.paid,
      'left unpaid': tally.abandoned,
      'came back to an unpaid order': tally.blocked,
      'cancelled by the abandoned-order sweep': Number(swept.n),
      'last order settled after its expiry (ms)': settledAfter,
      orders: byStatus.map((s) => `${s.status} ${s.n}`).join(', '),
      'payments checked': report.checked.payments,
      'invariant violations': report.violations.length,
    });
    if (book.errors.length > 0) console.log(fleet.urls.map((_u, i) => fleet.output(i).slice(-3000)).join('\n'));
    expect(report.violations).toEqual([]);
    expect(book.errors.slice(0, 20)).toEqual([]);
    expect(kills).toBe(KILLS);
    expect(tally.paid).toBeGreaterThan(0);
    expect(Number(swept.n)).toBeGreaterThan(0);
  }, 240_000);
});
