import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { row, type BenchRow } from '../bench-row.js';
import { BenchHttp } from '../bench-http.js';
import { createBenchCustomers, type BenchCustomer } from '../bench-customers.js';
import { openDatabase } from '../../server/db/database.js';
import { checkInvariants, stockTotals } from '../../server/services/invariants.js';
import type { ShopServer } from '../../tests/helpers/shop-server.js';
import { latestSlotWithRoom } from '../../tests/helpers/slots.js';

const CUSTOMERS = 100;
const WARM_UP_S = 3;
const DURATION_S = Number(process.env.BENCH_ORDER_SECONDS ?? 20);
const TARGET_PER_S = 300;
const BASELINE_TRANSACTIONS = 3000;
/** The sandbox's key and test card (server/payments/sandbox). */
const KEY_ID = 'rzp_test_shoalsandbox';
const CARD = '4111 1111 1111 1111';
const STATUS_POLLS = 5;
const STATUS_POLL_MS = 1000;

interface Listed {
  productId: number;
  variantId: number;
  isVariantEnabled: boolean;
  isStockAvailable: boolean;
  active: boolean;
}

/** Bare SQLite at the shop's durability (WAL, synchronous=FULL) on the same disk: one insert per transaction. */
function bareTransactionsPerSecond(dir: string): number {
  const file = path.join(dir, 'bench-baseline.db');
  const db = new SQLite(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('create table if not exists t (id integer primary key, v text not null)');
    const insert = db.prepare('insert into t (v) values (?)');
    const once = db.transaction((v: string) => insert.run(v));
    const started = performance.now();
    for (let i = 0; i < BASELINE_TRANSACTIONS; i += 1) once(`row ${i}`);
    return BASELINE_TRANSACTIONS / ((performance.now() - started) / 1000);
  } finally {
    db.close();
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  }
}

/** One product line and one delivery slot with room for every order the run can place. */
async function prepareShop(dataDir: string, client: BenchHttp): Promise<{ productId: number; variantId: number; deliveryId: number }> {
  const listed = await client.json<Listed[]>('GET', '/api/products?companyId=1&branchId=1&pageNumber=1&pageSize=20');
  const pick = listed.find((p) => p.active && p.isStockAvailable && !p.isVariantEnabled) ?? listed.find((p) => p.active && p.isStockAvailable);
  if (!pick) throw new Error('no product in stock to order');
  const slots = await client.json<{ DeliveryId: number; Available: number }[]>('GET', '/api/DeliverySlot/web/1?branchId=1');
  const slot = latestSlotWithRoom(slots);
  if (!slot) throw new Error('no delivery slot open');
  const handle = openDatabase({ dataDir });
  try {
    // Restocking and a large slot are the shop owner's set-up, not part of what is measured.
    await handle.db
      .updateTable('branch_stock')
      .set({ available: 10_000_000 })
      .where('branch_id', '=', 1)
      .where('product_id', '=', pick.productId)
      .where('variant_id', '=', pick.variantId)
      .execute();
    await handle.db.updateTable('delivery_slots').set({ capacity: 10_000_000 }).where('id', '=', slot.DeliveryId).execute();
  } finally {
    await handle.close();
  }
  return { productId: pick.productId, variantId: pick.variantId, deliveryId: slot.DeliveryId };
}

interface Tally {
  attempted: number;
  placed: number;
  failures: string[];
}

/** One complete order: cart line, summary, process (provider order), sandbox payment, verified callback. */
async function placeOrder(client: BenchHttp, who: BenchCustomer, line: { productId: number; variantId: number; deliveryId: number }): Promise<void> {
  const token = who.token;
  await client.json('PUT', `/api/Cart/1/${line.productId}/${line.variantId}?qtyChange=1&id=0&pageNumber=1&pageSize=10`, { token });
  const order = await client.json<{ OrderId: number }>('POST', '/api/Order/summary?branchId=1', {
    token,
    body: { deliveryId: line.deliveryId, addressId: who.addressId, paymentMethod: 'ONLINE', isWalletAmount: false, isWalletLoyality: false },
  });
  const processed = await client.json<{ Data: string; Status: string }>('POST', `/api/Order/placeOrder/${order.OrderId}/Proccess`, { token });
  const paid = await client.json<Record<string, string>>('POST', '/sandbox/checkout/pay', {
    body: { key_id: KEY_ID, order_id: processed.Data, card_number: CARD, expiry: '12/39', cvv: '123', email: 'bench@example.com', contact: '9876543210' },
  });
  let status = (await client.json<{ Status: string }>('POST', '/api/Order/payment/verify', { token, body: paid })).Status;
  // A callback the server could not yet confirm with the provider: the checkout polls, as a phone would.
  for (let poll = 0; status === 'PENDING' && poll < STATUS_POLLS; poll += 1) {
    await new Promise((r) => setTimeout(r, STATUS_POLL_MS));
    const answer = await client.json<{ Status: string }[]>('GET', `/api/Order/status/checkPayment/${order.OrderId}?razropayOrderId=${processed.Data}`, {
      token,
    });
    status = answer[0]?.Status ?? 'PENDING';
  }
  if (status !== 'CAPTURED') throw new Error(`order ${order.OrderId} ended ${status}`);
}

async function run(client: BenchHttp, customers: BenchCustomer[], line: Parameters<typeof placeOrder>[2], seconds: number, tally: Tally): Promise<number> {
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    customers.map(async (who) => {
      while (performance.now() < until) {
        tally.attempted += 1;
        try {
          await placeOrder(client, who, line);
          tally.placed += 1;
        } catch (error) {
          if (tally.failures.length < 5) tally.failures.push(error instanceof Error ? error.message : String(error));
        }
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

/**
 * Complete orders per second with many customers at once, against bare SQLite transactions at
 * the same durability on the same disk. Afterwards every attempted order must be placed and the
 * shop's invariants (stock conserved, each captured payment one paid order) must hold.
 */
export async function measureOrderPlacement(shop: ShopServer): Promise<BenchRow> {
  const client = new BenchHttp(shop.url, CUSTOMERS + 10);
  try {
    const line = await prepareShop(shop.dataDir, client);
    const customers = await createBenchCustomers(shop.dataDir, CUSTOMERS);
    await run(client, customers, line, WARM_UP_S, { attempted: 0, placed: 0, failures: [] });
    const handle = openDatabase({ dataDir: shop.dataDir });
    try {
      const stockBaseline = await stockTotals(handle.db);
      const tally: Tally = { attempted: 0, placed: 0, failures: [] };
      const seconds = await run(client, customers, line, DURATION_S, tally);
      const rate = tally.placed / seconds;
      // Webhooks of the last payments may still be arriving; they must change nothing.
      await new Promise((r) => setTimeout(r, 1500));
      const report = await checkInvariants(handle.db, { stockBaseline });
      const ids = customers.map((c) => c.customerId);
      const placedInDb = await handle.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', 'in', ids)
        .where('status', '=', 'PLACED')
        .executeTakeFirstOrThrow();
      const baseline = bareTransactionsPerSecond(shop.dataDir);
      const lost = tally.attempted - tally.placed;
      return row({
        name: 'Order placement',
        value: Math.round(rate),
        unit: 'orders/s',
        baseline: Math.round(baseline),
        baselineLabel: 'bare SQLite FULL transactions/s',
        target: `>= ${TARGET_PER_S}/s on 2 cores, none lost, invariants hold`,
        pass: rate >= TARGET_PER_S && lost === 0 && report.violations.length === 0,
        details: {
          customers: CUSTOMERS,
          attempted: tally.attempted,
          placed: tally.placed,
          placedInDatabaseIncludingWarmUp: Number(placedInDb.n),
          lost,
          invariantViolations: report.violations.length,
          ...(report.violations[0] ? { firstViolation: `${report.violations[0].rule}: ${report.violations[0].detail}` } : {}),
          ...(tally.failures[0] ? { firstFailure: tally.failures[0] } : {}),
        },
      });
    } finally {
      await handle.close();
    }
  } finally {
    client.close();
  }
}
