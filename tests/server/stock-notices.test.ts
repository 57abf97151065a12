import fs from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransportType } from '@microsoft/signalr';
import { buildApp, type App } from '../../server/app.js';
import { loadConfig } from '../../server/config/env.js';
import { sendRestockNotices } from '../../server/services/stock-notice-service.js';
import { LiveUpdates, type CustomerChange } from '../../server/hub/live-updates.js';
import { createTestDatabase, MemorySms, type TestDatabase } from '../helpers/server-app.js';
import { cliEnv, cliRunner } from '../helpers/shop-cli.js';
import { createCustomer } from '../helpers/customers.js';
import { hubClient } from './hub-test-kit.js';
import { STOCK_NOTICE_LIMIT } from '../../contract/stock-notice.schemas.js';

let database: TestDatabase;
let app: App;
let baseUrl: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({}, { dataDir: database.dataDir, serveClient: false, logLevel: 'silent', redisUrl: undefined });
  app = await buildApp({ config, database: database.handle, logger: false });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  env = await cliEnv(database.handle.db, database.dataDir, baseUrl, { PUBLIC_URL: 'http://localhost:8080' });
});

afterAll(async () => {
  await app.close();
  await database.dispose();
});

const shop = cliRunner(() => env);

let nextVariant = 0;
/** A variant of an active variant product in branch 1, not used by an earlier test, put out of stock. */
async function soldOutVariant(): Promise<{ productId: number; variantId: number; name: string }> {
  const rows = await app.db
    .selectFrom('branch_stock as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .innerJoin('variants as v', 'v.id', 's.variant_id')
    .select(['s.id', 's.product_id', 's.variant_id', 'p.name', 'v.name as variant_name'])
    .where('p.company_id', '=', 1)
    .where('p.active', '=', 1)
    .where('v.active', '=', 1)
    .where('s.active', '=', 1)
    .where('s.branch_id', '=', 1)
    .orderBy('s.id')
    .execute();
  const row = rows[nextVariant++];
  if (!row) throw new Error('no variant left');
  await app.db.updateTable('branch_stock').set({ available: 0 }).where('id', '=', row.id).execute();
  return { productId: row.product_id, variantId: row.variant_id, name: `${row.name} ${row.variant_name}` };
}

const notice = (token: string | null, line: { productId: number; variantId: number }, branchId = 1) =>
  app.inject({
    method: 'POST',
    url: '/api/StockNotice',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { BranchId: branchId, ProductId: line.productId, VariantId: line.variantId },
  });

async function outbox(): Promise<{ to: string; text: string }[]> {
  const text = await fs.readFile(path.join(database.dataDir, 'outbox', 'sms.jsonl'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string });
}

describe('Notify me', () => {
  it('stores one waiting notice per customer and line, lists it only to its customer, and cancels it', async () => {
    const alice = await createCustomer(app);
    const bob = await createCustomer(app);
    const line = await soldOutVariant();
    const first = await notice(alice.token, line);
    expect(first.statusCode).toBe(200);
    const saved = first.json<{ Data: { NoticeId: number; Status: string } }>().Data;
    expect(saved).toMatchObject({ BranchId: 1, ProductId: line.productId, VariantId: line.variantId, Status: 'WAITING' });
    expect((await notice(alice.token, line)).json()).toMatchObject({ Data: { NoticeId: saved.NoticeId } });
    const rows = await app.db.selectFrom('stock_notices').selectAll().where('customer_id', '=', alice.id).execute();
    expect(rows).toHaveLength(1);

    const list = (token: string) => app.inject({ method: 'GET', url: '/api/StockNotice', headers: { authorization: `Bearer ${token}` } });
    expect((await list(alice.token)).json<{ Data: unknown[] }>().Data).toEqual([expect.objectContaining({ NoticeId: saved.NoticeId })]);
    expect((await list(bob.token)).json<{ Data: unknown[] }>().Data).toEqual([]);

    const cancel = (token: string) =>
      app.inject({ method: 'DELETE', url: `/api/StockNotice/${saved.NoticeId}`, headers: { authorization: `Bearer ${token}` } });
    expect((await cancel(bob.token)).statusCode).toBe(404);
    expect(await app.db.selectFrom('stock_notices').select('id').where('id', '=', saved.NoticeId).execute()).toHaveLength(1);
    expect((await cancel(alice.token)).statusCode).toBe(200);
    expect((await list(alice.token)).json<{ Data: unknown[] }>().Data).toEqual([]);
    expect((await cancel(alice.token)).statusCode).toBe(404);
  });

  it.each([
    ['a guest', null, {}, 401],
    ['a line in stock', 'token', { inStock: true }, 409],
    ['a variant product without a variant', 'token', { variantId: 0 }, 400],
    ['an unknown product', 'token', { productId: 999_999 }, 404],
    ['an unknown branch', 'token', { branchId: 99 }, 404],
  ] as const)('refuses %s', async (_name, who, change, status) => {
    const customer = await createCustomer(app);
    const line = await soldOutVariant();
    const c = change as { inStock?: boolean; variantId?: number; productId?: number; branchId?: number };
    if (c.inStock)
      await app.db
        .updateTable('branch_stock')
        .set({ available: 3 })
        .where('product_id', '=', line.productId)
        .where('variant_id', '=', line.variantId)
        .execute();
    const response = await notice(
      who ? customer.token : null,
      { productId: c.productId ?? line.productId, variantId: c.variantId ?? line.variantId },
      c.branchId ?? 1,
    );
    expect(response.statusCode).toBe(status);
    expect(response.json<{ Message: string }>().Message).not.toBe('');
  });

  it('restocking through the shop command line texts and pushes each waiting customer once, even when repeated', async () => {
    const alice = await createCustomer(app);
    const bob = await createCustomer(app);
    const line = await soldOutVariant();
    expect((await notice(alice.token, line)).statusCode).toBe(200);
    const aliceHub = hubClient(baseUrl, HttpTransportType.WebSockets, { token: alice.token });
    const bobHub = hubClient(baseUrl, HttpTransportType.WebSockets, { token: bob.token });
    await Promise.all([aliceHub.connection.start(), bobHub.connection.start()]);
    const before = (await outbox()).length;

    const restock = await shop('stock', '--product', String(line.productId), '--variant', String(line.variantId), '--qty', '4');
    expect(restock).toMatchObject({ code: 0, err: [] });
    expect(restock.out).toContain('Told 1 customer who asked to be notified.');
    const [, pushed] = await aliceHub.next(([type]) => type === 'BackInStock');
    expect(pushed).toMatchObject({
      ProductId: line.productId,
      VariantId: line.variantId,
      Message: `${line.name} is back in stock`,
      Path: `/product/product_detail?productId=${line.productId}&variantId=${line.variantId}`,
    });
    const sent = (await outbox()).slice(before);
    expect(sent).toEqual([
      expect.objectContaining({
        to: alice.mobile,
        text: `${line.name} is back in stock. Order it in the shop: http://localhost:8080/product/product_detail?productId=${line.productId}&variantId=${line.variantId}`,
      }),
    ]);
    expect(await app.db.selectFrom('stock_notices').select(['status']).where('customer_id', '=', alice.id).execute()).toEqual([{ status: 'SENT' }]);

    // Sold out and restocked again, nobody asked again: no second message.
    expect((await shop('stock', '--product', String(line.productId), '--variant', String(line.variantId), '--qty', '0')).code).toBe(0);
    expect((await shop('stock', '--product', String(line.productId), '--variant', String(line.variantId), '--qty', '9')).out).not.toContain(
      'Told 1 customer who asked to be notified.',
    );
    expect((await outbox()).slice(before)).toHaveLength(1);
    expect(bobHub.pushes.some(([type]) => type === 'BackInStock')).toBe(false);
    await Promise.all([aliceHub.connection.stop(), bobHub.connection.stop()]);
  });

  it('two instances restocking at once tell each customer once', async () => {
    const customers = await Promise.all([createCustomer(app), createCustomer(app), createCustomer(app)]);
    const line = await soldOutVariant();
    for (const c of customers) expect((await notice(c.token, line)).statusCode).toBe(200);
    await app.db.updateTable('branch_stock').set({ available: 5 }).where('product_id', '=', line.productId).where('variant_id', '=', line.variantId).execute();
    const sms = new MemorySms();
    const pushes: CustomerChange[] = [];
    const deps = () => {
      const live = new LiveUpdates();
      live.onCustomer((change) => pushes.push(change));
      return { db: app.db, live, sms, log: { error: () => undefined }, shopUrl: '' };
    };
    const key = { branchId: 1, ...line };
    const told = await Promise.all([sendRestockNotices(deps(), key), sendRestockNotices(deps(), key), sendRestockNotices(deps(), key)]);
    expect(told.reduce((a, b) => a + b, 0)).toBe(3);
    expect(sms.sent.map((m) => m.to).sort()).toEqual(customers.map((c) => c.mobile).sort());
    expect(pushes.map((p) => p.customerId).sort()).toEqual(customers.map((c) => c.id).sort());
  });

  it(`keeps at most ${STOCK_NOTICE_LIMIT} notices waiting per customer`, async () => {
    const customer = await createCustomer(app);
    for (let i = 0; i < STOCK_NOTICE_LIMIT; i++) expect((await notice(customer.token, await soldOutVariant())).statusCode).toBe(200);
    const over = await notice(customer.token, await soldOutVariant());
    expect(over.statusCode).toBe(400);
    expect(over.json<{ Message: string }>().Message).toBe(`You can wait for at most ${STOCK_NOTICE_LIMIT} items at once. Cancel one you no longer need first.`);
    expect(await app.db.selectFrom('stock_notices').select('id').where('customer_id', '=', customer.id).execute()).toHaveLength(STOCK_NOTICE_LIMIT);
  });
});

type Step = { kind: 'ask' | 'cancel'; customer: number; line: number } | { kind: 'restock' | 'sellOut'; line: number };

describe('Notify me over random sequences', () => {
  it('tells a customer once per wait, only while they wait, and only when the line comes back', async () => {
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ kind: fc.constantFrom('ask' as const, 'cancel' as const), customer: fc.nat({ max: 1 }), line: fc.nat({ max: 1 }) }),
      fc.record({ kind: fc.constantFrom('restock' as const, 'sellOut' as const), line: fc.nat({ max: 1 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const customers = [await createCustomer(app), await createCustomer(app)];
        const lines = [await soldOutVariant(), await soldOutVariant()];
        const inStock = [false, false];
        const waiting = new Set<string>();
        const sms = new MemorySms();
        const live = new LiveUpdates();
        const deps = { db: app.db, live, sms, log: { error: () => undefined }, shopUrl: '' };
        const setStock = (i: number, available: number) =>
          app.db
            .updateTable('branch_stock')
            .set({ available })
            .where('branch_id', '=', 1)
            .where('product_id', '=', lines[i]!.productId)
            .where('variant_id', '=', lines[i]!.variantId)
            .execute();
        for (const s of steps) {
          const line = lines[s.line]!;
          if (s.kind === 'ask') {
            const customer = customers[s.customer]!;
            const res = await notice(customer.token, line);
            expect(res.statusCode).toBe(inStock[s.line] ? 409 : 200);
            if (!inStock[s.line]) waiting.add(`${s.customer}:${s.line}`);
          } else if (s.kind === 'cancel') {
            const customer = customers[s.customer]!;
            const mine = (await app.inject({ method: 'GET', url: '/api/StockNotice', headers: customer.auth })).json<{
              Data: { NoticeId: number; ProductId: number; VariantId: number }[];
            }>().Data;
            const found = mine.find((n) => n.ProductId === line.productId && n.VariantId === line.variantId);
            expect(Boolean(found)).toBe(waiting.has(`${s.customer}:${s.line}`));
            if (found) {
              expect((await app.inject({ method: 'DELETE', url: `/api/StockNotice/${found.NoticeId}`, headers: customer.auth })).statusCode).toBe(200);
              waiting.delete(`${s.customer}:${s.line}`);
            }
          } else if (s.kind === 'sellOut') {
            await setStock(s.line, 0);
            inStock[s.line] = false;
          } else {
            await setStock(s.line, 5);
            inStock[s.line] = true;
            const before = sms.sent.length;
            await sendRestockNotices(deps, { branchId: 1, ...line });
            const told = sms.sent
              .slice(before)
              .map((m) => m.to)
              .sort();
            const expected = [0, 1]
              .filter((c) => waiting.has(`${c}:${s.line}`))
              .map((c) => customers[c]!.mobile)
              .sort();
            expect(told).toEqual(expected);
            for (const c of [0, 1]) waiting.delete(`${c}:${s.line}`);
          }
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
