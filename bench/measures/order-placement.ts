import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { row, type BenchRow } from '../bench-row.js';
import { BenchHttp } from '../bench-http.js';
import { BENCH_JWT_SECRET, createBenchCustomers, type BenchCustomer } from '../bench-customers.js';
import { openDatabase, type DatabaseOptions } from '../../server/db/database.js';
import { checkInvariants, stockTotals } from '../../server/services/invariants.js';
import { startShopServer, type ShopServer } from '../../tests/helpers/shop-server.js';
import { latestSlotWithRoom } from '../../tests/helpers/slots.js';
import { keepExtensionsShared } from '../../tests/helpers/pg-extensions.js';

const CUSTOMERS = 100;
const WARM_UP_S = 3;
const DURATION_S = Number(process.env.BENCH_ORDER_SECONDS ?? 20);
const TARGET_SQLITE_PER_S = 1000;
const TARGET_POSTGRES_PER_S = 500;
const BASELINE_TRANSACTIONS = 3000;
/** The PostgreSQL baseline stops earlier on a slow disk. */
const BASELINE_MAX_MS = 5000;
/** Where PostgreSQL and Redis are looked for; without PostgreSQL the PostgreSQL row is left out. */
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const INSTANCES = 2;
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

/** Bare PostgreSQL at the shop's durability (its connections' synchronous_commit) from this process: one-row transactions, one after another. */
async function barePostgresTransactionsPerSecond(url: string, schema: string): Promise<{ perSecond: number; synchronousCommit: string }> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    const { rows } = await client.query<{ synchronous_commit: string }>('show synchronous_commit');
    await client.query('create table bench_baseline (id serial primary key, v text not null)');
    const insert = { name: 'bench-baseline-insert', text: 'insert into bench_baseline (v) values ($1)' };
    const started = performance.now();
    let done = 0;
    while (done < BASELINE_TRANSACTIONS && performance.now() - started < BASELINE_MAX_MS) {
      await client.query({ ...insert, values: [`row ${done}`] });
      done += 1;
    }
    return { perSecond: done / ((performance.now() - started) / 1000), synchronousCommit: rows[0]?.synchronous_commit ?? '?' };
  } finally {
    await client.end();
  }
}

/** One product line and one delivery slot with room for every order the run can place. */
async function prepareShop(database: DatabaseOptions, client: BenchHttp): Promise<{ productId: number; variantId: number; deliveryId: number }> {
  const listed = await client.json<Listed[]>('GET', '/api/products?companyId=1&branchId=1&pageNumber=1&pageSize=20');
  const pick = listed.find((p) => p.active && p.isStockAvailable && !p.isVariantEnabled) ?? listed.find((p) => p.active && p.isStockAvailable);
  if (!pick) throw new Error('no product in stock to order');
  const slots = await client.json<{ DeliveryId: number; Available: number }[]>('GET', '/api/DeliverySlot/web/1?branchId=1');
  const slot = latestSlotWithRoom(slots);
  if (!slot) throw new Error('no delivery slot open');
  const handle = openDatabase(database);
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

/** Every customer loops on one server; customers are dealt to the servers in turn. */
async function run(clients: BenchHttp[], customers: BenchCustomer[], line: Parameters<typeof placeOrder>[2], seconds: number, tally: Tally): Promise<number> {
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    customers.map(async (who, i) => {
      const client = clients[i % clients.length] as BenchHttp;
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

/** Something observed during the measured run only (not the warm-up or the checks). */
interface RunWatch {
  start(): void;
  stop(): Promise<void>;
}

/** The rows every order of the bench updates: its one product's stock row and its slot's row. */
const SHARED_ROW_TABLES = ['branch_stock', 'delivery_slots'];

/**
 * Every 100 ms of the measured run, how many PostgreSQL backends wait for a lock held on one of
 * the rows every order shares (their statement updates `branch_stock` or `delivery_slots`): the
 * orders queueing behind each other on one product rather than working. The mean per sample.
 */
function sharedRowLockWaits(url: string): RunWatch & { perSample(): number } {
  const client = new pg.Client({ connectionString: url });
  const counts: number[] = [];
  let running: Promise<void> | null = null;
  let stopped = false;
  let failure: unknown = null;
  const sample = async () => {
    await client.connect();
    const matches = SHARED_ROW_TABLES.map((table) => `query like '%"${table}"%'`).join(' or ');
    while (!stopped) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and (${matches})`,
      );
      counts.push(rows[0]?.n ?? 0);
      await new Promise((r) => setTimeout(r, 100));
    }
    await client.end();
  };
  return {
    start() {
      running = sample().catch((error: unknown) => {
        failure = error;
      });
    },
    async stop() {
      stopped = true;
      await running;
      if (failure) throw new Error(`sampling pg_stat_activity failed: ${String(failure)}`);
    },
    perSample: () => (counts.length === 0 ? 0 : counts.reduce((a, b) => a + b, 0) / counts.length),
  };
}

interface Placement {
  rate: number;
  tally: Tally;
  violations: Awaited<ReturnType<typeof checkInvariants>>['violations'];
  placedInDatabase: number;
}

/**
 * The measured loop against one shop (one or more servers on one database): set-up, warm-up,
 * the measured run, then the checks that nothing was lost and the shop's invariants hold.
 */
async function placeOrders(clients: BenchHttp[], database: DatabaseOptions, watch?: RunWatch): Promise<Placement> {
  const line = await prepareShop(database, clients[0] as BenchHttp);
  const customers = await createBenchCustomers(database, CUSTOMERS);
  await run(clients, customers, line, WARM_UP_S, { attempted: 0, placed: 0, failures: [] });
  const handle = openDatabase({ ...database, poolSize: 2 });
  try {
    const stockBaseline = await stockTotals(handle.db);
    const tally: Tally = { attempted: 0, placed: 0, failures: [] };
    watch?.start();
    let seconds: number;
    try {
      seconds = await run(clients, customers, line, DURATION_S, tally);
    } finally {
      await watch?.stop();
    }
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
    return { rate: tally.placed / seconds, tally, violations: report.violations, placedInDatabase: Number(placedInDb.n) };
  } finally {
    await handle.close();
  }
}

function placementRow(
  name: string,
  targetPerS: number,
  placed: Placement,
  baseline: { value: number; label: string },
  extra: Record<string, number | string>,
): BenchRow {
  const { tally, violations } = placed;
  const lost = tally.attempted - tally.placed;
  return row({
    name,
    value: Math.round(placed.rate),
    unit: 'orders/s',
    baseline: Math.round(baseline.value),
    baselineLabel: baseline.label,
    target: `>= ${targetPerS.toLocaleString('en-IN')}/s on 2 cores, none lost, invariants hold`,
    pass: placed.rate >= targetPerS && lost === 0 && violations.length === 0,
    details: {
      customers: CUSTOMERS,
      ...extra,
      attempted: tally.attempted,
      placed: tally.placed,
      placedInDatabaseIncludingWarmUp: placed.placedInDatabase,
      lost,
      invariantViolations: violations.length,
      ...(violations[0] ? { firstViolation: `${violations[0].rule}: ${violations[0].detail}` } : {}),
      ...(tally.failures[0] ? { firstFailure: tally.failures[0] } : {}),
    },
  });
}

/**
 * Complete orders per second with many customers at once, against bare SQLite transactions at
 * the same durability on the same disk. Afterwards every attempted order must be placed and the
 * shop's invariants (stock conserved, each captured payment one paid order) must hold.
 */
export async function measureOrderPlacement(shop: ShopServer): Promise<BenchRow> {
  const client = new BenchHttp(shop.url, CUSTOMERS + 10);
  try {
    const placed = await placeOrders([client], { dataDir: shop.dataDir });
    const baseline = bareTransactionsPerSecond(shop.dataDir);
    return placementRow('Order placement', TARGET_SQLITE_PER_S, placed, { value: baseline, label: 'bare SQLite FULL transactions/s' }, {});
  } finally {
    client.close();
  }
}

async function answers(probe: () => Promise<void>): Promise<boolean> {
  try {
    await probe();
    return true;
  } catch {
    return false;
  }
}

async function postgresAnswers(url: string): Promise<boolean> {
  return answers(async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    await client.connect();
    await client.end();
  });
}

/** A Redis PING over a plain socket: the bench needs no client library for it. */
async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return answers(
    () =>
      new Promise<void>((resolve, reject) => {
        const socket = net.connect({ host: hostname, port: Number(port || 6379) });
        socket.setTimeout(1000, () => socket.destroy(new Error('Redis did not answer')));
        socket.once('error', reject);
        socket.once('connect', () => socket.write('PING\r\n'));
        socket.once('data', (data) => {
          socket.end();
          if (data.toString().startsWith('+PONG')) resolve();
          else reject(new Error(data.toString()));
        });
      }),
  );
}

/**
 * The same loop on PostgreSQL as a shop grows out of one server: two compiled server instances
 * on one database (a schema of its own) and one Redis, the customers dealt to them in turn.
 * Measured against bare one-row PostgreSQL transactions from this process. Left out when
 * PostgreSQL does not answer (BENCH_DATABASE_URL, else the local test database).
 */
export async function measureOrderPlacementPostgres(serverBuild: string): Promise<BenchRow[]> {
  const name = 'Order placement (PostgreSQL, two instances + Redis)';
  if (!(await postgresAnswers(POSTGRES_URL))) {
    console.log(`  PostgreSQL does not answer at ${POSTGRES_URL}: its order placement row is left out.`);
    return [];
  }
  if (!(await redisAnswers(REDIS_URL))) throw new Error(`Redis does not answer at ${REDIS_URL} (BENCH_REDIS_URL)`);
  const schema = `bench_orders_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await keepExtensionsShared(admin);
  await admin.query(`create schema "${schema}"`);
  const servers: ShopServer[] = [];
  const clients: BenchHttp[] = [];
  try {
    const env = {
      LOG_LEVEL: 'warn',
      JWT_SECRET: BENCH_JWT_SECRET,
      DATABASE_URL: POSTGRES_URL,
      DATABASE_SCHEMA: schema,
      REDIS_URL,
      // Live pushes of this run stay among its own instances.
      HUB_CHANNEL_PREFIX: `shoal:${schema}:`,
    };
    // One after the other: the first creates the tables and the demo shop, the next finds them.
    for (let i = 0; i < INSTANCES; i += 1) servers.push(await startShopServer({ serverBuild, env }));
    for (const server of servers) clients.push(new BenchHttp(server.url, Math.ceil(CUSTOMERS / INSTANCES) + 10));
    const lockWaits = sharedRowLockWaits(POSTGRES_URL);
    const placed = await placeOrders(clients, { dataDir: servers[0]?.dataDir ?? '', databaseUrl: POSTGRES_URL, pgSchema: schema }, lockWaits);
    const baseline = await barePostgresTransactionsPerSecond(POSTGRES_URL, schema);
    return [
      placementRow(
        name,
        TARGET_POSTGRES_PER_S,
        placed,
        { value: baseline.perSecond, label: `bare PostgreSQL transactions/s (synchronous_commit ${baseline.synchronousCommit})` },
        { instances: INSTANCES, sharedRowLockWaitsPerSample: Math.round(lockWaits.perSample() * 1000) / 1000 },
      ),
    ];
  } finally {
    for (const client of clients) client.close();
    for (const server of servers) {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    await admin.query(`drop schema "${schema}" cascade`).catch(() => undefined);
    await admin.end();
  }
}
